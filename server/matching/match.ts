/**
 * Whether a saved search matches a property (a lead or one of the agency's listings): the one
 * definition of a match (docs/matching.md). Pure: the places it needs (a point's locality, a
 * postcode's localities, a region's localities) come in as `MatchPlaces`; the database's index
 * of searches (server/matching/terms.ts) only narrows what this function then decides.
 */
import { categoryById, FIELD_IDS } from '../../contract/catalog';
import { BERLIN_DISTRICTS } from '../data/berlin';
import { createRequire } from 'node:module';
import { localityAt } from '../geo/regions';

const require = createRequire(__filename);

/** A property as matching reads it. */
export interface MatchProperty {
  marketingType: string;
  objectType: string;
  categoryId: number;
  location: {
    lat?: number | null;
    lng?: number | null;
    /** The coordinates are the geocoder's guess (a street placed at its town's centre). */
    approximate?: boolean;
    zip?: string | null;
  };
  /** Its figures by field id (price, living space, rooms …); a figure it lacks is left out. */
  figures: Record<string, number>;
  /** Its chosen values by field id (condition, listed building). */
  choices: Record<string, string>;
}

/** A saved search as stored: its columns, `locations` and `fields` as JSON text or parsed. */
export interface MatchSearch {
  marketing_type: unknown;
  object_type: unknown;
  category_id: unknown;
  locations: unknown;
  fields: unknown;
}

export type MatchFailure =
  | { criterion: 'marketingType' }
  | { criterion: 'category' }
  /** No locality of the property lies in the search's regions. */
  | { criterion: 'region' }
  /** The property's locality is unknown (no usable coordinates, no known postcode). */
  | { criterion: 'location' }
  /** None of the search's region ids is a known region (or it names none). */
  | { criterion: 'unknownRegion' }
  /** The stored search cannot be read (its JSON, a bound that is not a number …). */
  | { criterion: 'malformed'; detail: string }
  | { criterion: 'range'; field: string };

export type MatchResult = { match: true } | ({ match: false } & MatchFailure);

/** The places matching reads; `berlinPlaces()` gives Berlin's. */
export interface MatchPlaces {
  /** The locality id a point lies in, or null. */
  localityAt(lat: number, lng: number): number | null;
  /** The locality ids a postcode's addresses lie in (none for an unknown postcode). */
  localitiesOfPostcode(zip: string): readonly number[];
  /** The locality ids a region covers (a locality: itself; a district: its localities). */
  localitiesOfRegion(id: number): readonly number[] | undefined;
}

const ok: MatchResult = { match: true };
const fail = (failure: MatchFailure): MatchResult => ({ match: false, ...failure });

function parsed(value: unknown): unknown {
  if (typeof value !== 'string') return value;
  try {
    return JSON.parse(value) as unknown;
  } catch {
    return undefined;
  }
}

const isNumber = (v: unknown): v is number => typeof v === 'number' && Number.isFinite(v);
const isBound = (v: unknown): v is number | null | undefined =>
  v === null || v === undefined || isNumber(v);

/** One criterion of a search's fields: a range (either end open) or a chosen value. */
export type Criterion =
  | { field: string; kind: 'range'; min: number | null; max: number | null }
  | { field: string; kind: 'choice'; value: string };

/**
 * A search's stored fields as criteria: RANGE gives both ends, NUMBER a minimum (the wizard's
 * 'ab'), RAW a chosen value. A string for a field's array or a bound that is not a number is
 * malformed (null).
 */
export function criteriaOf(fields: unknown): Criterion[] | null {
  const list = parsed(fields);
  if (!Array.isArray(list)) return null;
  const criteria: Criterion[] = [];
  for (const item of list) {
    if (typeof item !== 'object' || item === null) return null;
    const f = item as Record<string, unknown>;
    if (typeof f.name !== 'string') return null;
    if (f.valueType === 'RANGE' || f.valueType === 'NUMBER') {
      const min = f.valueType === 'NUMBER' ? (f.minValue ?? f.value) : f.minValue;
      const max = f.valueType === 'RANGE' ? f.maxValue : null;
      if (!isBound(min) || !isBound(max)) return null;
      if (min == null && max == null) continue;
      criteria.push({ field: f.name, kind: 'range', min: min ?? null, max: max ?? null });
    } else if (f.valueType === 'RAW') {
      if (typeof f.value === 'string' && f.value.trim())
        criteria.push({ field: f.name, kind: 'choice', value: f.value.trim() });
      else if (f.value != null && typeof f.value !== 'string') return null;
    } else return null;
  }
  return criteria;
}

/**
 * The locality ids of a property: from its coordinates where they are exact and inside a
 * locality that its postcode reaches (or it has no known postcode); else from its postcode
 * (every locality the postcode's addresses lie in): a pin in a locality the postcode never
 * reaches was set apart from the address (decision 162); else, for approximate coordinates
 * without a known postcode, from those coordinates.
 */
export function propertyLocalities(
  location: MatchProperty['location'],
  places: MatchPlaces,
): number[] {
  const { lat, lng } = location;
  const at = isNumber(lat) && isNumber(lng) ? places.localityAt(lat, lng) : null;
  const zip = typeof location.zip === 'string' ? location.zip.trim() : '';
  const byPostcode = zip ? places.localitiesOfPostcode(zip) : [];
  if (
    at !== null &&
    location.approximate !== true &&
    (!byPostcode.length || byPostcode.includes(at))
  )
    return [at];
  if (byPostcode.length) return [...byPostcode];
  return at !== null ? [at] : [];
}

/** The locality ids a search's stored regions cover, or null when it cannot be read. */
export function searchLocalities(locations: unknown, places: MatchPlaces): number[] | null {
  const ids = parsed(locations);
  if (!Array.isArray(ids)) return null;
  const localities = new Set<number>();
  for (const raw of ids) {
    const id =
      typeof raw === 'object' && raw !== null ? (raw as { locationId?: unknown }).locationId : raw;
    if (!isNumber(id)) return null;
    for (const l of places.localitiesOfRegion(id) ?? []) localities.add(l);
  }
  return [...localities];
}

/**
 * The search's category fits the property's: the same marketing type, the same category, and
 * the same object type unless the category is one for either (the plot).
 */
function categoryFits(search: MatchSearch, property: MatchProperty): boolean {
  if (search.category_id !== property.categoryId) return false;
  const category = categoryById(property.categoryId);
  if (!category) return false;
  return category.objectType === null || search.object_type === property.objectType;
}

/** Whether `search` matches `property`, and if not, the first criterion that failed. */
export function matchSearch(
  search: MatchSearch,
  property: MatchProperty,
  places: MatchPlaces,
): MatchResult {
  return matchSearchIn(
    search,
    property,
    () => propertyLocalities(property.location, places),
    places,
  );
}

/**
 * matchSearch with the property's localities given (as `propertyLocalities` finds them, once
 * for many searches).
 */
export function matchSearchIn(
  search: MatchSearch,
  property: MatchProperty,
  localitiesOf: () => readonly number[],
  places: MatchPlaces,
): MatchResult {
  if (search.marketing_type !== property.marketingType) return fail({ criterion: 'marketingType' });
  if (!categoryFits(search, property)) return fail({ criterion: 'category' });
  const criteria = criteriaOf(search.fields);
  if (!criteria) return fail({ criterion: 'malformed', detail: 'fields' });
  const regions = searchLocalities(search.locations, places);
  if (!regions) return fail({ criterion: 'malformed', detail: 'locations' });
  if (!regions.length) return fail({ criterion: 'unknownRegion' });
  const localities = localitiesOf();
  if (!localities.length) return fail({ criterion: 'location' });
  if (!localities.some((l) => regions.includes(l))) return fail({ criterion: 'region' });
  for (const c of criteria) {
    if (c.kind === 'range') {
      const figure = property.figures[c.field];
      if (!isNumber(figure)) continue;
      if ((c.min !== null && figure < c.min) || (c.max !== null && figure > c.max))
        return fail({ criterion: 'range', field: c.field });
    } else {
      const chosen = property.choices[c.field];
      if (chosen !== undefined && chosen.trim().toLowerCase() !== c.value.toLowerCase())
        return fail({ criterion: 'range', field: c.field });
    }
  }
  return ok;
}

/** A lead's row (leads: object_type, category_id, marketing_type, location and fields as JSON). */
export function propertyOfLead(row: {
  object_type: unknown;
  category_id: unknown;
  marketing_type: unknown;
  location: unknown;
  fields: unknown;
}): MatchProperty {
  const location = parsed(row.location);
  const loc = (typeof location === 'object' && location !== null ? location : {}) as Record<
    string,
    unknown
  >;
  const figures: Record<string, number> = {};
  const choices: Record<string, string> = {};
  const fields = parsed(row.fields);
  for (const item of Array.isArray(fields) ? fields : []) {
    if (typeof item !== 'object' || item === null) continue;
    const f = item as Record<string, unknown>;
    if (typeof f.name !== 'string') continue;
    if (isNumber(f.value)) figures[f.name] = f.value;
    else if (f.valueType === 'RAW' && typeof f.value === 'string' && f.value.trim())
      choices[f.name] = f.value;
  }
  return {
    marketingType: String(row.marketing_type),
    objectType: String(row.object_type),
    categoryId: Number(row.category_id),
    location: {
      lat: isNumber(loc.lat) ? loc.lat : null,
      lng: isNumber(loc.lng) ? loc.lng : null,
      approximate: loc.approximate === true,
      zip: typeof loc.zip === 'string' ? loc.zip : null,
    },
    figures,
    choices,
  };
}

/**
 * A listing's row (listings: zip, category_id, price_title, price_text). A listing carries no
 * coordinates, area or rooms: its postcode decides its locality, its price is read from its
 * price text ('465.000 €', '3.200 € / Monat'), and it is let where its price is a rent
 * ('Kaltmiete', 'Warmmiete', 'Miete'), else for sale.
 */
export function propertyOfListing(row: {
  zip: unknown;
  category_id: unknown;
  price_title: unknown;
  price_text: unknown;
}): MatchProperty {
  const category = categoryById(Number(row.category_id));
  const title = typeof row.price_title === 'string' ? row.price_title : '';
  const digits = /^\s*(\d{1,3}(?:\.\d{3})*|\d+)(?:,(\d+))?\s*€/.exec(
    typeof row.price_text === 'string' ? row.price_text : '',
  );
  const figures: Record<string, number> = {};
  if (digits)
    figures[FIELD_IDS.price] = Number(`${digits[1]!.replace(/\./g, '')}.${digits[2] ?? '0'}`);
  return {
    marketingType: /miete/i.test(title) ? 'rent' : 'buy',
    objectType: category?.objectType ?? 'LIVING',
    categoryId: Number(row.category_id),
    location: { zip: typeof row.zip === 'string' ? row.zip : null },
    figures,
    choices: {},
  };
}

/** The field ids the index of searches narrows by (server/matching/terms.ts). */
export const INDEXED_FIELDS = {
  price: FIELD_IDS.price,
  livingSpace: FIELD_IDS.livingSpace,
  rooms: FIELD_IDS.numberRooms,
} as const;

interface PostcodeFile {
  postcodes: Record<string, string[]>;
}

let berlin: MatchPlaces | null = null;

/**
 * Berlin's places: region ids as the region tree numbers them (districts 1–12, localities
 * district × 100 + n), the official locality shapes, and each postcode's localities from the
 * official addresses (server/data/berlin-postcodes.json).
 */
export function berlinPlaces(): MatchPlaces {
  if (berlin) return berlin;
  const idOfLocality = new Map<string, number>();
  const ofRegion = new Map<number, number[]>();
  Object.entries(BERLIN_DISTRICTS).forEach(([, names], d) => {
    const ids = names.map((name, l) => {
      const id = (d + 1) * 100 + l + 1;
      idOfLocality.set(name, id);
      ofRegion.set(id, [id]);
      return id;
    });
    ofRegion.set(d + 1, ids);
  });
  const file = require('../data/berlin-postcodes.json') as PostcodeFile;
  const ofPostcode = new Map(
    Object.entries(file.postcodes).map(([zip, names]) => [
      zip,
      names.map((n) => idOfLocality.get(n)).filter((id): id is number => id !== undefined),
    ]),
  );
  berlin = {
    localityAt: (lat, lng) => {
      const name = localityAt(lat, lng);
      return name === null ? null : (idOfLocality.get(name) ?? null);
    },
    localitiesOfPostcode: (zip) => ofPostcode.get(zip) ?? [],
    localitiesOfRegion: (id) => ofRegion.get(id),
  };
  return berlin;
}
