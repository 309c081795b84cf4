// Writes server/data/berlin-streets.json: Berlin's street directory for the offline geocoder,
// every street with its localities (Ortsteile), postcodes, house-number ranges and a place.
//
// Sources (in server/data/sources/, see its SOURCE.md; the server reads only the index):
// - "Adressen Berlin" (Geoportal Berlin, Amt für Statistik Berlin-Brandenburg; Datenlizenz
//   Deutschland – Namensnennung – Version 2.0): every official address with street, house
//   number, postcode, locality and planning area (LOR Planungsraum): berlin-adressen.csv.gz.
// - "LOR Planungsräume 2021" (Senatsverwaltung für Stadtentwicklung, Bauen und Wohnen Berlin /
//   Amt für Statistik Berlin-Brandenburg, daten.berlin.de): each planning area's centre,
//   lor-planungsraeume-2021-centres.json, computed by `--plr-shapes=` from the areas' polygons
//   (a shapefile in ETRS89/UTM 33N).
// - The stops of Berlin's public transport (VBB Verkehrsverbund Berlin-Brandenburg GmbH, CC BY
//   4.0, via the npm package vbb-stations): a stop named after a street stands on it.
//
// A street's place in a locality and postcode is the mean of its addresses' planning-area
// centres (about 1.7 km² each), moved onto the street where a stop named after it stands in
// that locality nearby. The visitor puts the pin on the house; the place only has to be near.
//
// Run: npm run data:streets [-- --addresses=file.csv.gz]
//      npm run data:streets -- --plr-shapes=lor_planungsraeume_2021 (rewrites the centres file)
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { distanceKm } from '../contract/distance';
import { localityAt } from '../server/geo/regions';
import { looksLikeStreet, streetLabel, type StreetIndexFile } from '../server/geo/streets';

export const STREET_SOURCES = path.join(__dirname, '..', 'server', 'data', 'sources');
const PLR_CENTRES_FILE = path.join(STREET_SOURCES, 'lor-planungsraeume-2021-centres.json');
export const STREET_INDEX_FILE = path.join(
  __dirname,
  '..',
  'server',
  'data',
  'berlin-streets.json',
);

/** One official address: street, house number (digits), postcode, locality, planning area. */
export interface AddressRow {
  street: string;
  number: number | null;
  postcode: string;
  locality: string;
  plr: string;
}

/** adressen.csv: hnr,hnr_zusatz,str_name,plz,ort_name,PLR_NAME,PLR_ID (no quoted fields). */
export function parseAddresses(csv: string): AddressRow[] {
  const [header, ...lines] = csv.trim().split(/\r?\n/);
  const columns = header!.split(',');
  const at = (name: string) => {
    const index = columns.indexOf(name);
    if (index < 0) throw new Error(`the address file has no column ${name}`);
    return index;
  };
  const [hnr, street, plz, ort, plr] = ['hnr', 'str_name', 'plz', 'ort_name', 'PLR_ID'].map(at);
  return lines
    .map((line) => line.split(','))
    .filter((cells) => cells[street!] && /^\d{5}$/.test(cells[plz!] ?? '') && cells[ort!])
    .map((cells) => ({
      street: cells[street!]!.trim(),
      number: /^\d+$/.test(cells[hnr!] ?? '') ? Number(cells[hnr!]) : null,
      postcode: cells[plz!]!,
      locality: cells[ort!]!.trim(),
      plr: cells[plr!]!.trim(),
    }));
}

/** ETRS89 / UTM zone 33N (EPSG:25833) to latitude and longitude (GRS 80; Snyder's series). */
export function utm33ToLatLng(easting: number, northing: number): { lat: number; lng: number } {
  const a = 6378137;
  const f = 1 / 298.257222101;
  const k0 = 0.9996;
  const e2 = f * (2 - f);
  const ep2 = e2 / (1 - e2);
  const x = easting - 500000;
  const mu = northing / k0 / (a * (1 - e2 / 4 - (3 * e2 ** 2) / 64 - (5 * e2 ** 3) / 256));
  const e1 = (1 - Math.sqrt(1 - e2)) / (1 + Math.sqrt(1 - e2));
  const phi1 =
    mu +
    ((3 * e1) / 2 - (27 * e1 ** 3) / 32) * Math.sin(2 * mu) +
    ((21 * e1 ** 2) / 16 - (55 * e1 ** 4) / 32) * Math.sin(4 * mu) +
    ((151 * e1 ** 3) / 96) * Math.sin(6 * mu) +
    ((1097 * e1 ** 4) / 512) * Math.sin(8 * mu);
  const sin = Math.sin(phi1);
  const cos = Math.cos(phi1);
  const c1 = ep2 * cos ** 2;
  const t1 = Math.tan(phi1) ** 2;
  const n1 = a / Math.sqrt(1 - e2 * sin ** 2);
  const r1 = (a * (1 - e2)) / (1 - e2 * sin ** 2) ** 1.5;
  const d = x / (n1 * k0);
  const lat =
    phi1 -
    ((n1 * Math.tan(phi1)) / r1) *
      (d ** 2 / 2 -
        ((5 + 3 * t1 + 10 * c1 - 4 * c1 ** 2 - 9 * ep2) * d ** 4) / 24 +
        ((61 + 90 * t1 + 298 * c1 + 45 * t1 ** 2 - 252 * ep2 - 3 * c1 ** 2) * d ** 6) / 720);
  const lng =
    15 * (Math.PI / 180) +
    (d -
      ((1 + 2 * t1 + c1) * d ** 3) / 6 +
      ((5 - 2 * c1 + 28 * t1 - 3 * c1 ** 2 + 8 * ep2 + 24 * t1 ** 2) * d ** 5) / 120) /
      cos;
  return { lat: (lat * 180) / Math.PI, lng: (lng * 180) / Math.PI };
}

/** The area centre of a shape's rings (outer rings count, holes subtract). */
export function areaCentre(rings: [number, number][][]): [number, number] {
  let area = 0;
  let cx = 0;
  let cy = 0;
  for (const ring of rings)
    for (let i = 0, j = ring.length - 1; i < ring.length; j = i++) {
      const [x1, y1] = ring[j]!;
      const [x2, y2] = ring[i]!;
      const cross = x1 * y2 - x2 * y1;
      area += cross;
      cx += (x1 + x2) * cross;
      cy += (y1 + y2) * cross;
    }
  return [cx / (3 * area), cy / (3 * area)];
}

/** A shapefile's polygons (type 5) with its dBASE table's text column `key`. */
export function readPolygonShapefile(
  shp: Buffer,
  dbf: Buffer,
  key: string,
): Map<string, [number, number][][]> {
  // dBASE: record count, header and record length, then 32-byte field descriptors.
  const count = dbf.readUInt32LE(4);
  const headerLength = dbf.readUInt16LE(8);
  const recordLength = dbf.readUInt16LE(10);
  let offset = 1;
  let field: { offset: number; length: number } | null = null;
  for (let at = 32; dbf[at] !== 0x0d; at += 32) {
    const name = dbf.toString('latin1', at, at + 11).replace(/\0.*$/, '');
    const length = dbf[at + 16]!;
    if (name === key) field = { offset, length };
    offset += length;
  }
  if (!field) throw new Error(`the shapefile's table has no column ${key}`);
  const keys: string[] = [];
  for (let r = 0; r < count; r += 1) {
    const start = headerLength + r * recordLength + field.offset;
    keys.push(dbf.toString('utf8', start, start + field.length).trim());
  }
  const shapes = new Map<string, [number, number][][]>();
  let at = 100;
  for (let r = 0; at < shp.length; r += 1) {
    const contentLength = shp.readInt32BE(at + 4) * 2;
    const content = at + 8;
    if (shp.readInt32LE(content) === 5) {
      const parts = shp.readInt32LE(content + 36);
      const points = shp.readInt32LE(content + 40);
      const starts = Array.from({ length: parts }, (_, p) => shp.readInt32LE(content + 44 + 4 * p));
      const base = content + 44 + 4 * parts;
      const rings = starts.map((first, p) => {
        const end = p + 1 < parts ? starts[p + 1]! : points;
        return Array.from(
          { length: end - first },
          (_, i) =>
            [
              shp.readDoubleLE(base + 16 * (first + i)),
              shp.readDoubleLE(base + 16 * (first + i) + 8),
            ] as [number, number],
        );
      });
      shapes.set(keys[r]!, rings);
    }
    at = content + contentLength;
  }
  return shapes;
}

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

/** Berlin's stops by the streets they are named after. */
export function stopsByStreet(rows: StopRow[]): Map<string, { lat: number; lng: number }[]> {
  const byStreet = new Map<string, { lat: number; lng: number }[]>();
  for (const [id, stopName, , lat, lng] of rows) {
    // Berlin's stops: the official municipality key 11000 in the stop id.
    if (!id.startsWith('de:11000:')) continue;
    for (const street of streetsOfStopName(stopName))
      byStreet.set(street, [...(byStreet.get(street) ?? []), { lat, lng }]);
  }
  return byStreet;
}

/** A stop this near a street's estimated place, in its locality, stands on that street. */
const STOP_SNAP_KM = 1.5;

const round5 = (n: number) => Math.round(n * 1e5) / 1e5;

export function buildStreetIndex(
  addresses: AddressRow[],
  plrCentres: Map<string, { lat: number; lng: number }>,
  stops: Map<string, { lat: number; lng: number }[]>,
): StreetIndexFile {
  interface Group {
    street: string;
    locality: string;
    postcode: string;
    lat: number;
    lng: number;
    placed: number;
    count: number;
    from: number;
    to: number;
  }
  const groups = new Map<string, Group>();
  for (const a of addresses) {
    const key = `${a.street}|${a.locality}|${a.postcode}`;
    let group = groups.get(key);
    if (!group) {
      group = {
        street: a.street,
        locality: a.locality,
        postcode: a.postcode,
        lat: 0,
        lng: 0,
        placed: 0,
        count: 0,
        from: Infinity,
        to: 0,
      };
      groups.set(key, group);
    }
    group.count += 1;
    if (a.number !== null) {
      group.from = Math.min(group.from, a.number);
      group.to = Math.max(group.to, a.number);
    }
    const centre = plrCentres.get(a.plr);
    if (centre) {
      group.lat += centre.lat;
      group.lng += centre.lng;
      group.placed += 1;
    }
  }
  const localities = [...new Set([...groups.values()].map((g) => g.locality))].sort((a, b) =>
    a.localeCompare(b, 'de'),
  );
  const byName = new Map<string, StreetIndexFile['streets'][number][1]>();
  for (const group of [...groups.values()].sort(
    (a, b) => a.street.localeCompare(b.street, 'de') || b.count - a.count,
  )) {
    if (group.placed === 0) continue;
    let place = { lat: group.lat / group.placed, lng: group.lng / group.placed };
    const snapped = (stops.get(group.street) ?? [])
      .filter((stop) => distanceKm(stop, place) <= STOP_SNAP_KM)
      .filter((stop) => {
        const at = localityAt(stop.lat, stop.lng);
        return at === group.locality || at === null;
      })
      .sort((s, t) => distanceKm(s, place) - distanceKm(t, place))[0];
    if (snapped) place = snapped;
    const entries = byName.get(group.street) ?? [];
    entries.push([
      round5(place.lat),
      round5(place.lng),
      localities.indexOf(group.locality),
      group.postcode,
      Number.isFinite(group.from) ? group.from : 0,
      group.to,
      group.count,
    ]);
    byName.set(group.street, entries);
  }
  return {
    source:
      'Adressen Berlin (Geoportal Berlin, Amt für Statistik Berlin-Brandenburg, June 2023), placed by the centres of the LOR Planungsräume 2021 (daten.berlin.de) and the stops of VBB Verkehrsverbund Berlin-Brandenburg GmbH (via the npm package vbb-stations)',
    licence:
      'Adressen Berlin: Datenlizenz Deutschland – Namensnennung – Version 2.0 (https://www.govdata.de/dl-de/by-2-0), "Geoportal Berlin / Adressen Berlin"; LOR Planungsräume: Amt für Statistik Berlin-Brandenburg, daten.berlin.de; stops: CC BY 4.0 (https://creativecommons.org/licenses/by/4.0/), © VBB Verkehrsverbund Berlin-Brandenburg GmbH',
    city: 'Berlin',
    localities,
    streets: [...byName],
  };
}

function arg(name: string): string | undefined {
  return process.argv.find((a) => a.startsWith(`--${name}=`))?.slice(name.length + 3);
}

/** The planning areas' centres from their shapefile (`base`.shp and `base`.dbf). */
function writePlrCentres(base: string) {
  const shapes = readPolygonShapefile(
    fs.readFileSync(`${base}.shp`),
    fs.readFileSync(`${base}.dbf`),
    'PLR_ID',
  );
  const centres = Object.fromEntries(
    [...shapes].map(([id, rings]) => {
      const [e, n] = areaCentre(rings);
      const { lat, lng } = utm33ToLatLng(e, n);
      return [id, [lat, lng]];
    }),
  );
  const file = {
    source:
      'LOR Planungsräume 2021, Senatsverwaltung für Stadtentwicklung, Bauen und Wohnen Berlin / Amt für Statistik Berlin-Brandenburg, daten.berlin.de: the centre of each planning area (PLR_ID: [lat, lng])',
    centres,
  };
  fs.writeFileSync(PLR_CENTRES_FILE, `${JSON.stringify(file)}\n`);
  console.log(`wrote ${PLR_CENTRES_FILE}: ${shapes.size} planning areas`);
}

function main() {
  const plrShapes = arg('plr-shapes');
  if (plrShapes) return writePlrCentres(plrShapes);
  const addressFile = arg('addresses') ?? path.join(STREET_SOURCES, 'berlin-adressen.csv.gz');
  const raw = fs.readFileSync(addressFile);
  const csv = (addressFile.endsWith('.gz') ? zlib.gunzipSync(raw) : raw).toString('utf8');
  const { centres: plr } = JSON.parse(fs.readFileSync(PLR_CENTRES_FILE, 'utf8')) as {
    centres: Record<string, [number, number]>;
  };
  const centres = new Map(Object.entries(plr).map(([id, [lat, lng]]) => [id, { lat, lng }]));
  const stops = stopsByStreet(
    Object.values(
      JSON.parse(fs.readFileSync(require.resolve('vbb-stations/data.json'), 'utf8')) as Record<
        string,
        StopRow
      >,
    ),
  );
  const index = buildStreetIndex(parseAddresses(csv), centres, stops);
  fs.writeFileSync(STREET_INDEX_FILE, `${JSON.stringify(index)}\n`);
  const entries = index.streets.reduce((sum, [, list]) => sum + list.length, 0);
  console.log(
    `wrote ${STREET_INDEX_FILE}: ${index.streets.length} street names, ${entries} entries, ${fs.statSync(STREET_INDEX_FILE).size} bytes`,
  );
}

if (require.main === module) main();
