/**
 * Berlin's streets for the offline geocoder: the compact index that scripts/berlin-streets.ts
 * builds (server/data/berlin-streets.json; its source and licence are named in the file).
 */
import { createRequire } from 'node:module';
import { loadPlaces, normalize, prefixKey, WORD_PREFIX, type Place } from './places';

const require = createRequire(__filename);

/** The file: each street as [name, lat, lng, index of its locality in `districts`]. */
export interface StreetIndexFile {
  source: string;
  licence: string;
  city: string;
  districts: string[];
  streets: [string, number, number, number][];
}

export interface Street {
  name: string;
  normalized: string;
  lat: number;
  lng: number;
  city: string;
  district: string;
}

/** Undoes the abbreviation of a street name: 'Torstr.' is Torstraße, 'Amrumer Str.' Amrumer Straße. */
export function streetLabel(text: string): string {
  return text
    .replace(/\bStr\.(?=\s|$)/g, 'Straße')
    .replace(/(\p{L})str\.(?=\s|$)/gu, '$1straße')
    .replace(/\s+/g, ' ')
    .trim();
}

/** A word or ending that makes a name a street (Torstraße, Alexanderplatz, Am Kupfergraben). */
const STREET_ENDING =
  /(straße|str\.?|weg|allee|damm|platz|ufer|ring|chaussee|gasse|markt|steig|pfad|brücke|promenade|zeile|graben|steg|twete|anger|kehre)$/i;
const STREET_START = /^(Unter den|Am|An der|An den|Auf dem|Im|In den|Zum|Zur|Hinter der|Alt-)\s?/;

/** Whether a name reads as a street's (by its ending or its opening words). */
export const looksLikeStreet = (name: string) =>
  STREET_ENDING.test(name.trim()) || STREET_START.test(name.trim());

/** A typed street name as the index keeps it: abbreviations undone, then normalised. */
export const normalizeStreet = (text: string) => normalize(streetLabel(text));

/** Berlin's localities (GeoNames), to name the part of town each street lies in. */
export function berlinLocalities(): Place[] {
  return loadPlaces().places.filter((p) => p.state === 'Berlin' && p.featureCode === 'PPLX');
}

interface StreetIndex {
  city: string;
  streets: Street[];
  byWordPrefix: Map<string, Street[]>;
  /** The normalised names of the city and its localities: a place term that means Berlin. */
  placeTerms: Set<string>;
}

let cached: StreetIndex | null = null;

export function loadStreets(): StreetIndex {
  if (cached) return cached;
  const file = require('../data/berlin-streets.json') as StreetIndexFile;
  const streets = file.streets.map(([name, lat, lng, district]) => ({
    name,
    normalized: normalize(name),
    lat,
    lng,
    city: file.city,
    district: file.districts[district] ?? '',
  }));
  const byWordPrefix = new Map<string, Street[]>();
  for (const street of streets)
    for (const prefix of new Set(
      street.normalized.split(' ').map((w) => w.slice(0, WORD_PREFIX)),
    )) {
      const list = byWordPrefix.get(prefix);
      if (list) list.push(street);
      else byWordPrefix.set(prefix, [street]);
    }
  const placeTerms = new Set([normalize(file.city), ...file.districts.map(normalize)]);
  cached = { city: file.city, streets, byWordPrefix, placeTerms };
  return cached;
}

/** 3 the whole name, 2 its start, 1 the start of a later word; -1 no match. */
export function streetScore(street: Street, term: string): number {
  if (street.normalized === term) return 3;
  if (street.normalized.startsWith(term)) return 2;
  if (street.normalized.includes(` ${term}`)) return 1;
  return -1;
}

/** The streets a typed name may be, best first; `place` (normalised) narrows to a locality. */
export function findStreets(typed: string, place = ''): { street: Street; score: number }[] {
  const term = normalizeStreet(typed);
  if (term.length < 3) return [];
  const { byWordPrefix } = loadStreets();
  const found: { street: Street; score: number }[] = [];
  for (const street of byWordPrefix.get(prefixKey(term)) ?? []) {
    const score = streetScore(street, term);
    if (score < 0) continue;
    if (place && place !== normalize(street.city) && place !== normalize(street.district)) continue;
    found.push({ street, score });
  }
  return found.sort(
    (a, b) => b.score - a.score || a.street.name.localeCompare(b.street.name, 'de'),
  );
}
