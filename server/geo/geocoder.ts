/**
 * An offline geocoder answering the Photon API (decision 6) from bundled data: German places
 * everywhere, and in Berlin (the demo region) its streets. A street found in Berlin's index is
 * answered at its place; a street elsewhere, or one the index lacks, is echoed back as typed with
 * its town's coordinates. A house number is placed where a source names its position (decision
 * 183); elsewhere it is estimated and marked approximate, so the visitor puts the marker on the
 * house.
 */
import { distanceKm } from '../../contract/distance';
import { loadPlaces, normalize, prefixKey, stateNamed, type Place } from './places';
import {
  findStreets,
  holdsNumber,
  isStreetName,
  loadStreets,
  looksLikeStreet,
  normalizeStreet,
  placeHouse,
  streetsPlace,
  type Street,
} from './streets';

export interface PhotonFeature {
  type: 'Feature';
  geometry: { type: 'Point'; coordinates: [number, number] };
  properties: Record<string, string | undefined>;
}

export interface PhotonResponse {
  type: 'FeatureCollection';
  features: PhotonFeature[];
}

const countryName = (lang: string) => (lang === 'en' ? 'Germany' : 'Deutschland');

function osmValue(place: Place): string {
  if (place.featureCode === 'PPLX') return 'suburb';
  if (place.population >= 100000 || place.featureCode === 'PPLC') return 'city';
  if (place.population >= 10000) return 'town';
  return 'village';
}

function feature(
  place: Place,
  lang: string,
  extra: Record<string, string | undefined> = {},
): PhotonFeature {
  const suburb = place.featureCode === 'PPLX';
  return {
    type: 'Feature',
    geometry: { type: 'Point', coordinates: [place.lng, place.lat] },
    properties: {
      osm_key: 'place',
      osm_value: osmValue(place),
      type: suburb ? 'district' : 'city',
      name: place.name,
      city: suburb ? (place.city ?? undefined) : place.name,
      postcode: place.postcodes.length === 1 ? place.postcodes[0] : undefined,
      state: place.state ?? undefined,
      country: countryName(lang),
      countrycode: 'DE',
      ...extra,
    },
  };
}

const POSTCODE = /\b(\d{5})\b/;
/** A house number: 12, 12a, 12 a, 12-14, 12/1. */
const HOUSENUMBER = /^\d{1,4}\s?[a-zA-Z]?(?:[-/]\d{1,4}[a-zA-Z]?)?$/;

export interface Query {
  postcode: string | null;
  postcodePrefix: string | null;
  placeTerm: string;
  street: string | null;
  housenumber: string | null;
  /** The city a locality was named in ('Berlin–Prenzlauer Berg'), normalised; else null. */
  city: string | null;
  /** The state a place was named in ('Hansaviertel, Berlin, Deutschland'); else null. */
  state: string | null;
}

/** Whether a normalised term names a place exactly (a town, or a locality of the demo city). */
function isPlaceName(term: string): boolean {
  return (
    term !== '' &&
    ((loadPlaces().byName.get(term)?.length ?? 0) > 0 || loadStreets().placeTerms.has(term))
  );
}

/**
 * Whether a text names a street of the index, whole or as its first letters ('Schönhauser
 * Alle' for Schönhauser Allee).
 */
const knownStreet = (text: string) => isStreetName(text) || findStreets(text).length > 0;

/**
 * A place term that names a city and then one of its localities, as the widget's display line
 * joins them (product 3.6: 'Berlin–Prenzlauer Berg'; normalised, an en dash, a hyphen and a
 * space read alike): the locality, and the city it was named in. With a street, the locality
 * of the demo city may be its first letters, as streetsPlace reads them. A term that names a
 * place whole stays as it is ('Berlin Köpenick', 'Charlottenburg-Nord'), and a locality's name
 * keeps its own hyphens ('Berlin–Neu-Hohenschönhausen' is Neu-Hohenschönhausen).
 */
function cityAndLocality(
  term: string,
  withStreet: boolean,
): { placeTerm: string; city: string | null } {
  const whole = { placeTerm: term, city: null };
  const { city: demoCity, placeTerms } = loadStreets();
  const { byName } = loadPlaces();
  const words = term.split(' ');
  // With a street, a part of the demo city comes first: 'Böttcherstraße, 12555 Berlin–Köpenick'
  // is in the locality Köpenick, not at GeoNames' place 'Berlin Köpenick'.
  if (withStreet && words.length > 1 && words[0] === normalize(demoCity)) {
    const locality = words.slice(1).join(' ');
    if (streetsPlace(locality) !== null) return { placeTerm: locality, city: words[0]! };
  }
  if (!term || isPlaceName(term)) return whole;
  for (let n = 1; n < words.length; n += 1) {
    const city = words.slice(0, n).join(' ');
    const locality = words.slice(n).join(' ');
    const inDemoCity = city === normalize(demoCity) && placeTerms.has(locality);
    const localityOfCity = (byName.get(locality) ?? []).some(
      (place) => place.featureCode === 'PPLX' && !!place.city && normalize(place.city) === city,
    );
    if (inDemoCity || localityOfCity) return { placeTerm: locality, city };
  }
  return whole;
}

/** Country names a place's display line ends in (the API's `lang` de and en). */
const COUNTRIES = new Set(['deutschland', 'germany']);

/**
 * Reads the usual ways of writing a German address: 'Straße Nr, PLZ Ort', 'Straße Nr, Ort',
 * 'Straße Nr PLZ Ort', 'Straße Nr Ort', 'Ort Straße Nr', 'PLZ Ort', 'Ort' and 'PLZ' (or its
 * first digits); and every line the widget displays for an answer (product 3.6): 'Ort' may be
 * 'Stadt–Ortsteil' (cityAndLocality), and a place's line ends in its state and country
 * ('Hansaviertel, Berlin, Deutschland').
 */
export function parseQuery(q: string): Query {
  const query = parseAddress(q);
  const located = cityAndLocality(query.placeTerm, query.street !== null);
  return { ...query, ...located };
}

function parseAddress(q: string): Omit<Query, 'city'> {
  let text = q.trim().replace(/\s+/g, ' ');
  const postcode = POSTCODE.exec(text)?.[1] ?? null;
  if (postcode)
    text = text
      .replace(postcode, ' ')
      .replace(/\s*,\s*,/g, ',')
      .replace(/\s+/g, ' ')
      .trim();
  text = text.replace(/^,|,$/g, '').trim();
  const postcodePrefix = !postcode && /^\d{2,4}$/.test(text) ? text : null;
  if (postcodePrefix) text = '';
  const none = { postcode, postcodePrefix, street: null, housenumber: null, state: null };

  // A place's display line: '[PLZ] Ort, Land, Deutschland' (no street, no house number).
  const line = text.split(',').map((p) => p.trim());
  if (line.length >= 3 && COUNTRIES.has(normalize(line.at(-1)!))) {
    const state = stateNamed(normalize(line.at(-2)!));
    const place = line.slice(0, -2).join(' ');
    if (state && !parseAddress(place).housenumber)
      return { ...none, state, placeTerm: normalize(place) };
  }

  // With a comma: the street comes first, the place after it.
  const parts = text
    .split(',')
    .map((p) => p.trim())
    .filter(Boolean);
  if (parts.length > 1) {
    // 'Straße 100, 13125 Berlin–Karow': a whole street name with a number is that street.
    const { street, housenumber } =
      /\d/.test(parts[0]!) && loadStreets().names.has(normalizeStreet(parts[0]!))
        ? { street: parts[0]!, housenumber: null }
        : streetAndNumber(parts[0]!);
    return { ...none, street, housenumber, placeTerm: normalize(parts.slice(1).join(' ')) };
  }
  // A street whose name holds a number ('Straße 100') is the street, not a house of 'Straße'.
  if (/\d/.test(text) && loadStreets().names.has(normalizeStreet(text)))
    return { ...none, street: text, placeTerm: '' };
  const words = text.split(' ').filter(Boolean);
  // The house number: the last number after which the words before it name a street of the
  // index ('Straße des 17. Juni 135', 'Straße 100 5'), else the first number after a word.
  const numbers = words.flatMap((w, i) => (i > 0 && HOUSENUMBER.test(w) ? [i] : []));
  const numberAt =
    [...numbers].reverse().find((i) => knownStreet(words.slice(0, i).join(' '))) ??
    numbers[0] ??
    -1;
  if (numberAt > 0) {
    // A number may be followed by its letter as a word of its own: '12 a'.
    const letter = /^[a-zA-Z]$/.test(words[numberAt + 1] ?? '') ? 1 : 0;
    const housenumber = words.slice(numberAt, numberAt + 1 + letter).join('');
    const after = words.slice(numberAt + 1 + letter);
    if (after.length) {
      // 'Straße Nr Ort' (or 'Straße Nr PLZ Ort').
      return {
        ...none,
        street: words.slice(0, numberAt).join(' '),
        housenumber,
        placeTerm: normalize(after.join(' ')),
      };
    }
    // 'Ort Straße Nr': the longest run of leading words that names a place.
    const before = words.slice(0, numberAt);
    for (let n = before.length - 1; n >= 1; n -= 1) {
      const place = normalize(before.slice(0, n).join(' '));
      if (isPlaceName(place))
        return { ...none, street: before.slice(n).join(' '), housenumber, placeTerm: place };
    }
    // 'Straße Nr' alone, after a postcode or not: the postcode (or the demo region) is the place.
    if (postcode || looksLikeStreet(before.join(' ')) || knownStreet(before.join(' ')))
      return { ...none, street: before.join(' '), housenumber, placeTerm: '' };
  }
  // 'Straße Ort' without a comma ('Kastanienallee Prenzlauer Berg'): the shortest run of
  // leading words that is a whole street name, followed by a place's name, or by the start of
  // the name of a part of the demo city as a visitor types it ('Kastanienallee Prenz').
  for (let n = 1; n < words.length; n += 1) {
    const street = words.slice(0, n).join(' ');
    const place = normalize(words.slice(n).join(' '));
    if (
      isStreetName(street) &&
      (isPlaceName(place) || (place.length >= 2 && streetsPlace(place) !== null))
    )
      return { ...none, street, housenumber: null, placeTerm: place };
  }
  return { ...none, placeTerm: normalize(text) };
}

function streetAndNumber(text: string): { street: string | null; housenumber: string | null } {
  const words = text.split(' ');
  const last = words.length > 1 ? words.at(-1)! : '';
  if (HOUSENUMBER.test(last)) return { street: words.slice(0, -1).join(' '), housenumber: last };
  const twoLast = words.length > 2 ? words.slice(-2).join('') : '';
  if (/^\d{1,4}[a-zA-Z]$/.test(twoLast))
    return { street: words.slice(0, -2).join(' '), housenumber: twoLast };
  return { street: /[a-zäöüß]/i.test(text) ? text : null, housenumber: null };
}

function score(place: Place, term: string): number {
  if (!term) return 0;
  if (place.normalized === term) return 3;
  if (place.normalized.startsWith(term)) return 2;
  if (place.normalized.includes(` ${term}`)) return 1;
  return -1;
}

/** The places a term may name, from the index of word prefixes (no scan of every place). */
function placesFor(term: string): Place[] {
  const { byWordPrefix } = loadPlaces();
  return byWordPrefix.get(prefixKey(term)) ?? [];
}

/**
 * A street of the index (Photon: a highway) at its place, or with a house number, a house where
 * placeHouse puts it: `approximate` unless its position is known.
 */
function streetFeature(street: Street, lang: string, housenumber: string | null): PhotonFeature {
  const house = housenumber ? placeHouse(street, housenumber) : null;
  const at = house ?? street;
  const where = {
    postcode: street.postcode || undefined,
    city: street.city,
    district: street.district || undefined,
    state: street.city,
    country: countryName(lang),
    countrycode: 'DE',
  };
  return {
    type: 'Feature',
    geometry: { type: 'Point', coordinates: [at.lng, at.lat] },
    properties: housenumber
      ? {
          osm_key: 'place',
          osm_value: 'house',
          type: 'house',
          street: street.name,
          housenumber,
          ...where,
          ...(house?.exact ? {} : { approximate: 'true' }),
        }
      : { osm_key: 'highway', osm_value: 'street', type: 'street', name: street.name, ...where },
  };
}

/** How far apart two parts of one street may lie to count as one street across a border. */
const BORDER_KM = 1.5;

/**
 * The streets of the index a query may mean: a street with no place, or with a part of the
 * demo city (the city, a locality, a postcode, whole or their first letters as typed); a lone
 * term may be a street as well as a place. One answer per street and locality (a street of
 * one name in several localities answers each): the part whose house numbers hold the typed
 * one, else the one with the most addresses. A part of town typed whose street lacks the
 * number comes first, then the parts of the street across its border that have it (a street
 * on the border of two localities: 'Kastanienallee 12 Mitte' is in Prenzlauer Berg).
 */
function streetsFor(query: Query): { street: Street; score: number }[] {
  if (query.postcodePrefix) return [];
  // A place named in another state ('Köln, Nordrhein-Westfalen, Deutschland') has no streets here.
  if (query.state && query.state !== loadStreets().city) return [];
  const typed = query.street ?? query.placeTerm;
  const where = streetsPlace(query.street ? query.placeTerm : '');
  if (!where) return [];
  let found = findStreets(typed, where);
  if (query.postcode) found = found.filter((f) => f.street.postcode === query.postcode);
  // An address names one street: only the best matches, not every street that starts alike.
  if (query.street && found.length > 0) found = found.filter((f) => f.score === found[0]!.score);
  const number = query.housenumber;
  if (number && found.length > 0) {
    const holding = found.filter((f) => holdsNumber(f.street, number));
    if (holding.length > 0) found = holding;
    else if (query.placeTerm || query.postcode) {
      const typedParts = found.map((f) => f.street);
      const across = findStreets(typed).filter(
        (f) =>
          holdsNumber(f.street, number) &&
          typedParts.some(
            (part) => part.name === f.street.name && distanceKm(part, f.street) <= BORDER_KM,
          ),
      );
      found = [...found, ...across];
    }
  }
  const best = new Map<string, { street: Street; score: number }>();
  for (const f of found) {
    const key = `${f.street.name}|${f.street.district}`;
    const kept = best.get(key);
    if (!kept || f.street.count > kept.street.count) best.set(key, f);
  }
  // In the order found (best match, nearest the centre), each street and locality once.
  return found.filter((f) => best.get(`${f.street.name}|${f.street.district}`) === f);
}

export function search(q: string, lang: string, limit: number): PhotonResponse {
  const { byPostcode } = loadPlaces();
  const query = parseQuery(q);
  const streets = streetsFor(query);
  if (query.street && streets.length > 0)
    return {
      type: 'FeatureCollection',
      features: streets
        .slice(0, limit)
        .map(({ street }) => streetFeature(street, lang, query.housenumber)),
    };
  // A street the index lacks, typed without a place: echoed in the demo city.
  if (query.street && !query.placeTerm && !query.postcode)
    query.placeTerm = normalize(loadStreets().city);
  let candidates: { place: Place; score: number; postcode?: string }[] = [];

  if (query.postcodePrefix) {
    // The places of every postcode that starts so, each with its first such postcode.
    const seen = new Map<Place, string>();
    for (const [code, places] of byPostcode) {
      if (!code.startsWith(query.postcodePrefix)) continue;
      for (const place of places) if (!seen.has(place)) seen.set(place, code);
    }
    candidates = [...seen].map(([place, code]) => ({ place, score: 0, postcode: code }));
  } else if (query.postcode) {
    // The places that have this postcode; a place term narrows them down.
    const postcode = query.postcode;
    for (const place of byPostcode.get(postcode) ?? []) {
      const s = score(place, query.placeTerm);
      if (query.placeTerm && s < 0) continue;
      candidates.push({ place, score: s, postcode });
    }
  } else if (query.placeTerm.length >= 2) {
    for (const place of placesFor(query.placeTerm)) {
      const s = score(place, query.placeTerm);
      if (s >= 0) candidates.push({ place, score: s });
    }
  }
  candidates.sort((a, b) => b.score - a.score || b.place.population - a.place.population);
  // A city or state named with the place ('Berlin–Weißensee', 'Weißensee, Berlin, Deutschland')
  // picks the place of that name there, if there is one.
  const within = (keep: (place: Place) => boolean) => {
    const kept = candidates.filter((c) => keep(c.place));
    if (kept.length > 0) candidates = kept;
  };
  const { city, state } = query;
  if (city) within((place) => !!place.city && normalize(place.city) === city);
  if (state) within((place) => place.state === state);
  // An address names one place: keep only the best matches, not every place that starts alike.
  if (query.street && candidates.length > 0) {
    const best = candidates[0]!.score;
    candidates = candidates.filter((c) => c.score === best).slice(0, 1);
  }
  // One entry per name and city: GeoNames lists some places twice.
  const seen = new Set<string>();
  const features: PhotonFeature[] = [];
  for (const c of candidates) {
    const key = `${c.place.name}|${c.place.city ?? ''}`;
    if (seen.has(key)) continue;
    seen.add(key);
    const extra: Record<string, string | undefined> = {};
    if (c.postcode) extra.postcode = c.postcode;
    if (query.street) {
      // No street data: the street as typed, at the place's coordinates, marked approximate
      // so that the visitor puts the pin on the house.
      Object.assign(extra, {
        osm_value: 'house',
        type: 'house',
        street: query.street,
        housenumber: query.housenumber ?? undefined,
        approximate: 'true',
      });
      if (c.place.featureCode !== 'PPLX') extra.name = undefined;
      else extra.district = c.place.name;
    }
    features.push(feature(c.place, lang, extra));
    if (features.length >= limit) break;
  }
  // A lone term: the places it names first, then the streets (a place and a street may share a
  // name's start: 'Pankow', 'Pankower Allee'); a street named exactly comes before a place that
  // only starts so.
  if (!query.street && streets.length > 0) {
    const placeScore = candidates[0]?.score ?? -1;
    const streetFeatures = streets.map(({ street }) => streetFeature(street, lang, null));
    const exactStreet = streets[0]!.score === 3 && placeScore < 3;
    const merged = exactStreet
      ? [...streetFeatures, ...features]
      : [...features, ...streetFeatures];
    return { type: 'FeatureCollection', features: merged.slice(0, limit) };
  }
  return { type: 'FeatureCollection', features };
}

/** The nearest place; a locality wins within 3 km. None beyond 30 km (outside Germany). */
export function reverse(lat: number, lng: number, lang: string): PhotonResponse {
  const { places } = loadPlaces();
  const point = { lat, lng };
  let nearest: Place | null = null;
  let nearestKm = Infinity;
  let nearestSuburb: Place | null = null;
  let suburbKm = Infinity;
  for (const place of places) {
    if (Math.abs(place.lat - lat) > 0.5 || Math.abs(place.lng - lng) > 0.8) continue;
    const km = distanceKm(point, place);
    if (km < nearestKm) {
      nearest = place;
      nearestKm = km;
    }
    if (place.featureCode === 'PPLX' && km < suburbKm) {
      nearestSuburb = place;
      suburbKm = km;
    }
  }
  const best = nearestSuburb && suburbKm <= 3 ? nearestSuburb : nearestKm <= 30 ? nearest : null;
  if (!best) return { type: 'FeatureCollection', features: [] };
  const f = feature(best, lang);
  f.geometry.coordinates = [lng, lat];
  return { type: 'FeatureCollection', features: [f] };
}
