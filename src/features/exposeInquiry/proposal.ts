/**
 * The proposal in a listing inquiry's answer, checked and put in words. Loaded with the offer's
 * view (its own chunk), so the page's first load carries neither the catalogue nor the words.
 */
import {
  categoriesFor,
  categoryById,
  FIELD_IDS,
  MARKETING_TYPES,
  OBJECT_TYPES,
  type MarketingType,
  type ObjectType,
} from '../../../contract/catalog';
import { dataKey, localeOf, type MessageKey } from '../../i18n';
import { formatCurrency, formatDecimal } from '../../i18n/format';
import type { Language } from '../../i18n/language';
import type { SearchProposal } from './offer';

const isBound = (v: unknown) => v === null || (typeof v === 'number' && Number.isFinite(v));

/** A criterion the offer can put in words: the price band and the minimum living space. */
function describable(field: unknown): boolean {
  const f = (field ?? {}) as Record<string, unknown>;
  if (f.name === FIELD_IDS.price && f.valueType === 'RANGE')
    return (
      isBound(f.minValue ?? null) &&
      isBound(f.maxValue ?? null) &&
      (f.minValue ?? null) !== null &&
      (f.maxValue ?? null) !== null &&
      (f.minValue as number) <= (f.maxValue as number)
    );
  return (
    f.name === FIELD_IDS.livingSpace &&
    f.valueType === 'NUMBER' &&
    typeof f.minValue === 'number' &&
    Number.isFinite(f.minValue) &&
    f.minValue > 0
  );
}

/**
 * The proposal in the inquiry's answer, or null when it has none or one the widget cannot
 * read or put in words (an unknown category, no place, a criterion it cannot describe).
 */
export function proposalOf(answer: unknown): SearchProposal | null {
  const p = (answer as { searchProposal?: unknown } | null)?.searchProposal;
  if (typeof p !== 'object' || p === null) return null;
  const { objectType, categoryId, marketingType, locations, fields } = p as Record<string, unknown>;
  if (
    !OBJECT_TYPES.includes(objectType as ObjectType) ||
    !MARKETING_TYPES.includes(marketingType as MarketingType)
  )
    return null;
  const category = categoryById(categoryId as number);
  if (
    !category ||
    !categoriesFor('search', marketingType as MarketingType, objectType as ObjectType).includes(
      category,
    )
  )
    return null;
  if (!Array.isArray(locations) || locations.length === 0 || !Array.isArray(fields)) return null;
  const places = locations.map((l: unknown) => (l ?? {}) as Record<string, unknown>);
  if (
    !places.every(
      (l) => Number.isInteger(l.locationId) && typeof l.name === 'string' && l.name.trim(),
    ) ||
    !fields.every(describable)
  )
    return null;
  return {
    objectType: objectType as SearchProposal['objectType'],
    categoryId: category.id as SearchProposal['categoryId'],
    marketingType: marketingType as SearchProposal['marketingType'],
    locations: places.map((l) => ({ locationId: l.locationId as number, name: l.name as string })),
    fields: fields as SearchProposal['fields'],
  };
}

/** `t` as the summary calls it: a key and its values, a string. */
export type Say = (key: MessageKey, values?: Record<string, string>) => string;

/** The search in words: 'Wohnung kaufen', its places, its price band and living space. */
export function summaryOf(proposal: SearchProposal, language: Language, t: Say): string[] {
  const category = categoryById(proposal.categoryId);
  const places = new Intl.ListFormat(localeOf(language), { type: 'disjunction' }).format(
    proposal.locations.map((l) => l.name),
  );
  const lines = [
    t(`inquiryOffer.title.${proposal.marketingType}`, {
      category: category ? t(dataKey(`categories.${category.name}`)).replace(/\u00ad/g, '') : '',
    }),
    t('inquiryOffer.places', { places }),
  ];
  for (const field of proposal.fields) {
    if (field.name === FIELD_IDS.price)
      lines.push(
        t(`inquiryOffer.price.${proposal.marketingType}`, {
          min: formatCurrency(field.minValue!, language),
          max: formatCurrency(field.maxValue!, language),
        }),
      );
    else if (field.name === FIELD_IDS.livingSpace)
      lines.push(t('inquiryOffer.area', { area: formatDecimal(field.minValue!, language) }));
  }
  return lines;
}
