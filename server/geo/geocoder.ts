/**
 * An offline geocoder answering the Photon API (DECISIONS 6) from bundled place data. There
 * is no street data: a street and house number typed before a place are echoed back with the
 * place's coordinates, so the visitor can place the marker exactly on the map.
 */
import { distanceKm, loadPlaces, normalize, type Place } from './places';

export interface PhotonFeature {
  type: 'Feature';
  geometry: { type: 'Point'; coordinates: [number, number] };
  properties: Record<string, string | undefined>;
}

export interface PhotonResponse {
  type: 'FeatureCollection';
  features: PhotonFeature[];
}

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
      country: lang === 'en' ? 'Germany' : 'Deutschland',
      countrycode: 'DE',
      ...extra,
    },
  };
}

const POSTCODE = /\b(\d{5})\b/;
const STREET_AND_NUMBER = /^(.*?[A-Za-zÄÖÜäöüß.])\s+(\d+\s?[a-zA-Z]?(?:[-/]\d+[a-zA-Z]?)?)$/;

interface Query {
  postcode: string | null;
  postcodePrefix: string | null;
  placeTerm: string;
  street: string | null;
  housenumber: string | null;
}

export function parseQuery(q: string): Query {
  let text = q.trim().replace(/\s+/g, ' ');
  const postcode = POSTCODE.exec(text)?.[1] ?? null;
  if (postcode) text = text.replace(postcode, ' ').replace(/\s+/g, ' ').trim();
  const postcodePrefix = !postcode && /^\d{2,4}$/.test(text) ? text : null;
  if (postcodePrefix) text = '';
  const parts = text
    .split(',')
    .map((p) => p.trim())
    .filter(Boolean);
  let street: string | null = null;
  let housenumber: string | null = null;
  const first = parts[0] ?? '';
  const match = STREET_AND_NUMBER.exec(first);
  if (match && (parts.length > 1 || postcode)) {
    street = match[1]!.trim();
    housenumber = match[2]!.replace(/\s/g, '');
    parts.shift();
  } else if (parts.length > 1 && /[a-z]/i.test(first)) {
    street = first;
    parts.shift();
  }
  return { postcode, postcodePrefix, placeTerm: normalize(parts.join(' ')), street, housenumber };
}

function score(place: Place, term: string): number {
  if (!term) return 0;
  if (place.normalized === term) return 3;
  if (place.normalized.startsWith(term)) return 2;
  if (place.normalized.includes(` ${term}`)) return 1;
  return -1;
}

export function search(q: string, lang: string, limit: number): PhotonResponse {
  const { places, byPostcode } = loadPlaces();
  const query = parseQuery(q);
  const wantedNames = query.postcode ? new Set(byPostcode.get(query.postcode) ?? []) : null;
  let candidates: { place: Place; score: number; postcode?: string }[] = [];

  if (query.postcodePrefix) {
    const names = new Map<string, string>();
    for (const [code, placeNames] of byPostcode) {
      if (!code.startsWith(query.postcodePrefix)) continue;
      for (const name of placeNames) if (!names.has(name)) names.set(name, code);
    }
    candidates = places
      .filter((p) => p.featureCode !== 'PPLX' && names.has(p.name))
      .map((p) => ({ place: p, score: 0, postcode: names.get(p.name) }));
  } else {
    for (const place of places) {
      const s = score(place, query.placeTerm);
      if (query.placeTerm && s < 0) continue;
      if (wantedNames) {
        const inPostcode =
          wantedNames.has(place.name) || (place.city !== null && wantedNames.has(place.city));
        if (!inPostcode) continue;
      } else if (!query.placeTerm) {
        continue;
      }
      candidates.push({ place, score: s, postcode: query.postcode ?? undefined });
    }
  }
  candidates.sort((a, b) => b.score - a.score || b.place.population - a.place.population);
  // An address names one place: keep only the best matches, not every place that starts alike.
  if (query.street && candidates.length > 0) {
    const best = candidates[0]!.score;
    candidates = candidates.filter((c) => c.score === best);
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
      Object.assign(extra, {
        osm_value: 'house',
        type: 'house',
        street: query.street,
        housenumber: query.housenumber ?? undefined,
      });
      if (c.place.featureCode !== 'PPLX') extra.name = undefined;
    }
    features.push(feature(c.place, lang, extra));
    if (features.length >= limit) break;
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
