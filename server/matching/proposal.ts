/**
 * The saved search a listing inquiry proposes (docs/matching.md, 'A search from an inquiry'):
 * the listing's localities, its category and marketing type, a band around its price and a
 * minimum near its living space, as a saved search's input the widget sends unchanged. Pure:
 * the places come in as `MatchPlaces`, the region names as a map.
 */
import { categoryById, fieldIdsFor, FIELD_IDS } from '../../contract/catalog';
import type { components } from '../../contract/types';
import { propertyLocalities, type MatchPlaces, type MatchProperty } from './match';

export type SearchProposal = components['schemas']['SearchProposal'];

/** The band around a listing's price: ±15 % (decision 148). */
export const PRICE_BAND = 0.15;

/**
 * The step a price bound is rounded to: 5 in its third digit (465,000 € → 5,000 €, 1,480 € →
 * 50 €), so a bound reads like a figure a person would type.
 */
function priceStep(price: number): number {
  const digits = Math.floor(Math.log10(price)) + 1;
  return Math.max(1, 5 * 10 ** (digits - 3));
}

/** The price band: ±15 %, each bound rounded outwards to its step (never narrower). */
export function priceBand(price: number): { minValue: number; maxValue: number } {
  const step = priceStep(price);
  return {
    minValue: Math.floor((price * (1 - PRICE_BAND)) / step) * step,
    maxValue: Math.ceil((price * (1 + PRICE_BAND)) / step) * step,
  };
}

/** The minimum living space: 15 % below the property's, rounded down to 5 m². */
export function areaMinimum(area: number): number {
  return Math.floor((area * (1 - PRICE_BAND)) / 5) * 5;
}

const positive = (v: number | undefined): v is number =>
  typeof v === 'number' && Number.isFinite(v) && v > 0;

/**
 * The search proposed for a property, or null when none can be made: its localities unknown
 * (no known postcode), or its category one a search cannot choose.
 */
export function searchProposal(
  property: MatchProperty,
  places: MatchPlaces,
  regionNames: ReadonlyMap<number, string>,
): SearchProposal | null {
  const category = categoryById(property.categoryId);
  if (!category || category.leadOnly) return null;
  const marketingType = property.marketingType === 'rent' ? 'rent' : 'buy';
  if (category.marketingType !== null && category.marketingType !== marketingType) return null;
  const objectType =
    category.objectType ?? (property.objectType === 'COMMERCIAL' ? 'COMMERCIAL' : 'LIVING');
  const locations = propertyLocalities(property.location, places)
    .filter((id) => regionNames.has(id))
    .map((locationId) => ({ locationId, name: regionNames.get(locationId)! }));
  if (!locations.length) return null;
  const allowed = fieldIdsFor(category.id);
  const fields: SearchProposal['fields'] = [];
  const price = property.figures[FIELD_IDS.price];
  if (positive(price) && allowed.includes(FIELD_IDS.price))
    fields.push({ name: FIELD_IDS.price, valueType: 'RANGE', ...priceBand(price) });
  const area = property.figures[FIELD_IDS.livingSpace];
  if (positive(area) && allowed.includes(FIELD_IDS.livingSpace) && areaMinimum(area) > 0)
    fields.push({ name: FIELD_IDS.livingSpace, valueType: 'NUMBER', minValue: areaMinimum(area) });
  return {
    objectType,
    categoryId: category.id as SearchProposal['categoryId'],
    marketingType,
    locations,
    fields,
  };
}
