/**
 * Berlin's streets for the offline geocoder: the compact index that scripts/berlin-streets.ts
 * builds (server/data/berlin-streets.json; its source and licence are named in the file).
 */
import { createRequire } from 'node:module';
import { distanceKm } from '../../contract/distance';
import { normalize, prefixKey, WORD_PREFIX } from './places';

const require = createRequire(__filename);

/**
 * A house whose position a source names: [number, lat, lng], with its letter ('A') where the
 * address has one, and 1 after the letter ('' for none) where the source places it only near
 * the house.
 */
export type Anchor =
  [number, number, number] | [number, number, number, string] | [number, number, number, string, 1];

/**
 * One entry of the file: [lat, lng, index of the locality in `localities`, postcode, lowest and
 * highest house number, number of addresses], and, where known, its anchors sorted by number.
 */
export type StreetEntry =
  | [number, number, number, string, number, number, number]
  | [number, number, number, string, number, number, number, Anchor[]];

/** The file: each street name with its entries, one per locality and postcode it has houses in. */
export interface StreetIndexFile {
  source: string;
  licence: string;
  city: string;
  localities: string[];
  streets: [string, StreetEntry[]][];
}

export interface Street {
  name: string;
  normalized: string;
  lat: number;
  lng: number;
  city: string;
  /** The locality (Ortsteil). */
  district: string;
  postcode: string;
  /** The house numbers it has here, lowest and highest (0 and 0: none known). */
  from: number;
  to: number;
  /** Its addresses here. */
  count: number;
  /** The houses here whose position is known, sorted by number. */
  anchors: Anchor[];
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
  /(straße|strasse|str\.?|weg|allee|damm|platz|ufer|ring|chaussee|gasse|markt|steig|pfad|brücke|promenade|zeile|graben|steg|twete|anger|kehre)$/i;
const STREET_START = /^(Unter den|Am|An der|An den|Auf dem|Im|In den|Zum|Zur|Hinter der|Alt-)\s?/;

/** Whether a name reads as a street's (by its ending or its opening words). */
export const looksLikeStreet = (name: string) =>
  STREET_ENDING.test(name.trim()) || STREET_START.test(name.trim());

/**
 * Whether a text is a whole street name: one of the index's, or one that ends like a street
 * ('Unter den' only opens one).
 */
export const isStreetName = (text: string) =>
  STREET_ENDING.test(text.trim()) || loadStreets().names.has(normalizeStreet(text));

/** 'str' as a word ('Boxhagener Str') or an ending ('Torstr'), in a normalised name. */
const STR = /([a-z]|\b)str\b/g;

/**
 * A typed street name as the index keeps it: abbreviations undone, then normalised. 'Straße',
 * 'Strasse', 'Str.' and 'Str' read alike, as a word ('Boxhagener Str') or an ending ('Torstr').
 */
export const normalizeStreet = (text: string) =>
  normalize(streetLabel(text)).replace(STR, '$1strasse');

interface StreetIndex {
  city: string;
  streets: Street[];
  byWordPrefix: Map<string, Street[]>;
  /** The normalised names of the city and its localities: a place term that means Berlin. */
  placeTerms: Set<string>;
  /** The localities: each name as the streets carry it, and normalised. */
  localities: { name: string; normalized: string }[];
  /** Every street's normalised name. */
  names: Set<string>;
}

let cached: StreetIndex | null = null;

export function loadStreets(): StreetIndex {
  if (cached) return cached;
  const file = require('../data/berlin-streets.json') as StreetIndexFile;
  const streets: Street[] = [];
  for (const [name, entries] of file.streets) {
    const normalized = normalize(name);
    for (const [lat, lng, locality, postcode, from, to, count, anchors = []] of entries)
      streets.push({
        name,
        normalized,
        lat,
        lng,
        city: file.city,
        district: file.localities[locality] ?? '',
        postcode,
        from,
        to,
        count,
        anchors,
      });
  }
  const byWordPrefix = new Map<string, Street[]>();
  for (const street of streets)
    for (const prefix of new Set(
      street.normalized.split(' ').map((w) => w.slice(0, WORD_PREFIX)),
    )) {
      const list = byWordPrefix.get(prefix);
      if (list) list.push(street);
      else byWordPrefix.set(prefix, [street]);
    }
  const localities = file.localities.map((name) => ({ name, normalized: normalize(name) }));
  const placeTerms = new Set([normalize(file.city), ...localities.map((l) => l.normalized)]);
  const names = new Set(streets.map((s) => s.normalized));
  cached = { city: file.city, streets, byWordPrefix, placeTerms, localities, names };
  return cached;
}

/** 3 the whole name, 2 its start, 1 the start of a later word; -1 no match. */
export function streetScore(street: Street, term: string): number {
  if (street.normalized === term) return 3;
  if (street.normalized.startsWith(term)) return 2;
  if (street.normalized.includes(` ${term}`)) return 1;
  return -1;
}

/** The city's centre (Berlin's, by GeoNames): of two places of one name, the nearer comes first. */
export const CITY_CENTRE = { lat: 52.52437, lng: 13.41053 };

/** Whether a normalised name, or a word of it, starts with a normalised term. */
const startsSo = (name: string, term: string) => name.startsWith(term) || name.includes(` ${term}`);

/**
 * The part of the city a place term typed with a street means (normalised, whole or its first
 * letters, as a visitor types it): the whole city (its name or the start of it, or nothing),
 * the locality named whole, else the localities whose name or one of its words starts so
 * ('prenz': Prenzlauer Berg), or, for one to four digits, the postcodes that start so. Null: no
 * part of the city.
 */
export function streetsPlace(term: string): ((street: Street) => boolean) | null {
  if (!term) return () => true;
  if (/^\d{1,4}$/.test(term)) return (street) => street.postcode.startsWith(term);
  const { city, localities } = loadStreets();
  if (normalize(city).startsWith(term)) return () => true;
  // A locality named whole is that one ('Malchow', not Stadtrandsiedlung Malchow).
  const exact = localities.find((l) => l.normalized === term);
  if (exact) return (street) => street.district === exact.name;
  const named = new Set(localities.filter((l) => startsSo(l.normalized, term)).map((l) => l.name));
  if (named.size === 0) return null;
  return (street) => named.has(street.district);
}

/**
 * The streets a typed name may be (every locality and postcode of each), best first: the
 * better match, then nearer the city's centre, then by name. `where` narrows them to a part of
 * the city (streetsPlace).
 */
export function findStreets(
  typed: string,
  where: (street: Street) => boolean = () => true,
): { street: Street; score: number }[] {
  // 'Boxhagener Str' may be the abbreviation or the first letters of a name ('Stralauer'):
  // either reading finds, the better match counts.
  const term = normalize(streetLabel(typed));
  if (term.length < 3) return [];
  const written = term.replace(STR, '$1strasse');
  const { byWordPrefix } = loadStreets();
  const found: { street: Street; score: number; km: number }[] = [];
  for (const street of byWordPrefix.get(prefixKey(term)) ?? []) {
    const score = Math.max(streetScore(street, term), streetScore(street, written));
    if (score < 0 || !where(street)) continue;
    found.push({ street, score, km: distanceKm(street, CITY_CENTRE) });
  }
  return found
    .sort(
      (a, b) =>
        b.score - a.score || a.km - b.km || a.street.name.localeCompare(b.street.name, 'de'),
    )
    .map(({ street, score }) => ({ street, score }));
}

/** Whether a typed house number (its digits) lies in the range a street has in a locality. */
export function holdsNumber(street: Street, housenumber: string): boolean {
  const n = Number.parseInt(housenumber, 10);
  return Number.isFinite(n) && street.to > 0 && n >= street.from && n <= street.to;
}

/** A typed house number as its number and letter: '12' (12, ''), '12a' and '12 A' (12, 'A'). */
export function houseNumberParts(housenumber: string): { number: number; letter: string } | null {
  const match = /^\s*(\d+)\s*([a-zA-Z](?![a-zA-Z]))?/.exec(housenumber);
  if (!match) return null;
  return { number: Number(match[1]), letter: (match[2] ?? '').toUpperCase() };
}

/** Two anchors farther apart than this are not joined: they may not be one stretch of street. */
export const INTERPOLATE_MAX_KM = 0.6;

/**
 * Where a house of a street lies. An anchor of that number and letter: there, exact unless its
 * source places it only near the house. Otherwise an estimate (`exact` false): an anchor of that
 * number with another letter; else between the
 * nearest anchors below and above it of the same parity (where the numbers alternate, the same
 * side of the street), if they lie at most 600 m apart, by its number's share of the way from
 * one to the other; else the street's place.
 */
export function placeHouse(
  street: { lat: number; lng: number; anchors: Anchor[] },
  housenumber: string,
): { lat: number; lng: number; exact: boolean } {
  const atStreet = { lat: street.lat, lng: street.lng, exact: false };
  const parts = houseNumberParts(housenumber);
  if (!parts || street.anchors.length === 0) return atStreet;
  const { number, letter } = parts;
  const point = (a: Anchor) => ({ lat: a[1], lng: a[2] });
  const same = street.anchors.filter((a) => a[0] === number);
  const exact = same.find((a) => (a[3] ?? '') === letter);
  if (exact) return { ...point(exact), exact: exact[4] !== 1 };
  if (same.length > 0) return { ...point(same[0]!), exact: false };
  let below: Anchor | undefined;
  let above: Anchor | undefined;
  for (const a of street.anchors) {
    if (a[0] % 2 !== number % 2) continue;
    if (a[0] < number) below = a;
    else if (!above) above = a;
  }
  if (!below || !above || distanceKm(point(below), point(above)) > INTERPOLATE_MAX_KM)
    return atStreet;
  const share = (number - below[0]) / (above[0] - below[0]);
  return {
    lat: below[1] + share * (above[1] - below[1]),
    lng: below[2] + share * (above[2] - below[2]),
    exact: false,
  };
}
