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
// - Houses with a known position: the addresses and points of six official point layers of the
//   Geoportal Berlin (day-care centres, schools, pharmacies, care homes, youth centres, charging
//   stations), berlin-house-points.csv.gz, reduced by `--house-points=` from their GeoJSON.
//
// A street's place in a locality and postcode is the mean of its addresses' planning-area
// centres (about 1.7 km² each), moved onto the street where a stop named after it stands in
// that locality nearby. The visitor puts the pin on the house; the place only has to be near.
// A known house point that matches an official address (street, number, letter, postcode),
// lies in that address's locality and within 3.5 km of its planning area's centre becomes an
// anchor of the address's entry: the geocoder answers that house there, and places other
// numbers between anchors (server/geo/streets.ts, placeHouse).
//
// Run: npm run data:streets [-- --addresses=file.csv.gz]
//      npm run data:streets -- --measure (what the anchors place, and how well; writes nothing)
//      npm run data:streets -- --plr-shapes=lor_planungsraeume_2021 (rewrites the centres file)
//      npm run data:streets -- --house-points=folder (rewrites the house points file from the
//      layers' GeoJSON files, as named in HOUSE_LAYERS)
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { distanceKm } from '../contract/distance';
import { localityAt } from '../server/geo/regions';
import {
  houseNumberParts,
  looksLikeStreet,
  normalizeStreet,
  placeHouse,
  streetLabel,
  type Anchor,
  type StreetEntry,
  type StreetIndexFile,
} from '../server/geo/streets';

export const STREET_SOURCES = path.join(__dirname, '..', 'server', 'data', 'sources');
const PLR_CENTRES_FILE = path.join(STREET_SOURCES, 'lor-planungsraeume-2021-centres.json');
const HOUSE_POINTS_FILE = path.join(STREET_SOURCES, 'berlin-house-points.csv.gz');
export const STREET_INDEX_FILE = path.join(
  __dirname,
  '..',
  'server',
  'data',
  'berlin-streets.json',
);

/** One official address: street, house number (digits), letter, postcode, locality, planning area. */
export interface AddressRow {
  street: string;
  number: number | null;
  letter: string;
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
  const [hnr, zusatz, street, plz, ort, plr] = [
    'hnr',
    'hnr_zusatz',
    'str_name',
    'plz',
    'ort_name',
    'PLR_ID',
  ].map(at);
  return lines
    .map((line) => line.split(','))
    .filter((cells) => cells[street!] && /^\d{5}$/.test(cells[plz!] ?? '') && cells[ort!])
    .map((cells) => ({
      street: cells[street!]!.trim(),
      number: /^\d+$/.test(cells[hnr!] ?? '') ? Number(cells[hnr!]) : null,
      letter: (cells[zusatz!] ?? '').trim().toUpperCase(),
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

/**
 * The official point layers whose features name a house (street, number, postcode), in the order
 * in which they count where two name the same house. The first five stand on the house (two of
 * them placed by the Geoportal's house coordinates, their `gc_` fields); a charging station
 * (`near`) stands on the pavement or a car park near the house it names: 27 to 60 m from the
 * house as another layer places it (median), up to 256 m (90th percentile).
 */
export const HOUSE_LAYERS: {
  layer: string;
  file: string;
  street: string;
  number?: string;
  letter?: string;
  postcode: string;
  near?: true;
}[] = [
  {
    layer: 'pflege',
    file: 'pflegeeinrichtungen.geojson',
    street: 'gc_strasse',
    number: 'gc_haus',
    postcode: 'gc_plz',
  },
  {
    layer: 'apotheke',
    file: 'apothekenstandorte.geojson',
    street: 'gc_strasse',
    number: 'gc_haus',
    postcode: 'gc_plz',
  },
  {
    layer: 'kita',
    file: 'kindertagesstaetten.geojson',
    street: 'e_strasse',
    number: 'e_hnr',
    letter: 'e_zusatz',
    postcode: 'e_plz',
  },
  {
    layer: 'schule',
    file: 'schulen.geojson',
    street: 'strasse',
    number: 'hausnr',
    postcode: 'plz',
  },
  {
    layer: 'jfe',
    file: 'jugendfreizeiteinrichtungen.geojson',
    street: 'e_strasse',
    number: 'e_hnr',
    letter: 'e_zus',
    postcode: 'e_plz',
  },
  // 'Holzstraße 6': street and number in one field.
  {
    layer: 'ladesaeule',
    file: 'ladesaeulen_standorte.geojson',
    street: 'adresse',
    postcode: 'plz',
    near: true,
  },
];

/** A house a point layer names, at its point (ETRS89 / UTM 33N). */
export interface HousePoint {
  layer: string;
  street: string;
  /** As the layer writes it: '20', '2-4', '69 D'. */
  number: string;
  letter: string;
  postcode: string;
  easting: number;
  northing: number;
}

interface GeoJsonPoints {
  features: {
    properties: Record<string, string | number | null>;
    geometry: { type: 'Point' | 'MultiPoint'; coordinates: number[] | number[][] } | null;
  }[];
}

/** The houses a layer's GeoJSON features name; features without street, number or point are left out. */
export function housePointsOfLayer(
  layer: (typeof HOUSE_LAYERS)[number],
  geojson: GeoJsonPoints,
): HousePoint[] {
  const points: HousePoint[] = [];
  for (const { properties, geometry } of geojson.features) {
    if (!geometry) continue;
    const [easting, northing] = (
      geometry.type === 'MultiPoint'
        ? (geometry.coordinates as number[][])[0]!
        : geometry.coordinates
    ) as number[];
    const text = (key: string | undefined) => (key ? String(properties[key] ?? '').trim() : '');
    let street = text(layer.street);
    let number = text(layer.number);
    if (!layer.number) {
      const split = /^(.*\D)\s+(\d+\s?[a-zA-Z]?)$/.exec(street);
      if (!split) continue;
      street = split[1]!.trim();
      number = split[2]!;
    }
    const postcode = text(layer.postcode);
    if (!street || !/^\d/.test(number) || !/^\d{5}$/.test(postcode)) continue;
    if (!Number.isFinite(easting) || !Number.isFinite(northing)) continue;
    points.push({
      layer: layer.layer,
      street,
      number,
      letter: text(layer.letter),
      postcode,
      easting: easting!,
      northing: northing!,
    });
  }
  return points;
}

const HOUSE_POINTS_HEADER = 'layer,street,number,letter,postcode,easting,northing';

/** berlin-house-points.csv: HOUSE_POINTS_HEADER's columns (no field holds a comma). */
export function parseHousePoints(csv: string): HousePoint[] {
  const [header, ...lines] = csv.trim().split(/\r?\n/);
  if (header !== HOUSE_POINTS_HEADER) throw new Error('the house points file has other columns');
  return lines.map((line) => {
    const [layer, street, number, letter, postcode, easting, northing] = line.split(',');
    return {
      layer: layer!,
      street: street!,
      number: number!,
      letter: letter!,
      postcode: postcode!,
      easting: Number(easting),
      northing: Number(northing),
    };
  });
}

/**
 * A point farther than this from its address's planning-area centre is not at that address (the
 * farthest of the matched points inside their locality lie 3.2 km from it, in the wide areas of
 * forest and lakeside in the south-west and south-east).
 */
const ANCHOR_PLR_KM = 3.5;

/** Where a house is, as its point layers place it; `near`: only near it (a charging station). */
export interface HousePosition {
  lat: number;
  lng: number;
  near: boolean;
}

/**
 * Each point that names an official address (its street as the directory writes it, number,
 * letter and postcode; a letter the directory lacks read as the number alone), lies inside
 * that address's locality and within 3.5 km of its planning area's centre, by address: of the
 * layer listed first in HOUSE_LAYERS that has one, the mean of its points for that address.
 */
export function matchHousePoints(
  addresses: AddressRow[],
  points: HousePoint[],
  plrCentres: Map<string, { lat: number; lng: number }>,
): Map<AddressRow, HousePosition> {
  const key = (street: string, postcode: string, number: number, letter: string) =>
    `${normalizeStreet(street)}|${postcode}|${number}|${letter}`;
  const byKey = new Map<string, AddressRow>();
  for (const a of addresses)
    if (a.number !== null) byKey.set(key(a.street, a.postcode, a.number, a.letter), a);
  const rank = (layer: string) => HOUSE_LAYERS.findIndex((l) => l.layer === layer);
  const matched = new Map<AddressRow, { rank: number; at: { lat: number; lng: number }[] }>();
  for (const p of points) {
    const parts = houseNumberParts(p.number);
    if (!parts) continue;
    const letter = (p.letter || parts.letter).toUpperCase();
    const address =
      byKey.get(key(p.street, p.postcode, parts.number, letter)) ??
      byKey.get(key(p.street, p.postcode, parts.number, ''));
    if (!address) continue;
    const at = utm33ToLatLng(p.easting, p.northing);
    if (localityAt(at.lat, at.lng) !== address.locality) continue;
    const centre = plrCentres.get(address.plr);
    if (!centre || distanceKm(at, centre) > ANCHOR_PLR_KM) continue;
    const kept = matched.get(address);
    if (kept && kept.rank === rank(p.layer)) kept.at.push(at);
    else if (!kept || rank(p.layer) < kept.rank)
      matched.set(address, { rank: rank(p.layer), at: [at] });
  }
  return new Map(
    [...matched].map(([address, { rank: r, at }]) => [
      address,
      {
        lat: at.reduce((sum, p) => sum + p.lat, 0) / at.length,
        lng: at.reduce((sum, p) => sum + p.lng, 0) / at.length,
        near: HOUSE_LAYERS[r]!.near === true,
      },
    ]),
  );
}

/** A stop this near a street's estimated place, in its locality, stands on that street. */
const STOP_SNAP_KM = 1.5;

const round5 = (n: number) => Math.round(n * 1e5) / 1e5;

export function buildStreetIndex(
  addresses: AddressRow[],
  plrCentres: Map<string, { lat: number; lng: number }>,
  stops: Map<string, { lat: number; lng: number }[]>,
  houses: Map<AddressRow, HousePosition> = new Map(),
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
    anchors: Anchor[];
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
        anchors: [],
      };
      groups.set(key, group);
    }
    const house = houses.get(a);
    if (house && a.number !== null) {
      const point: [number, number, number] = [a.number, round5(house.lat), round5(house.lng)];
      if (house.near) group.anchors.push([...point, a.letter, 1]);
      else group.anchors.push(a.letter ? [...point, a.letter] : point);
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
  const byName = new Map<string, StreetEntry[]>();
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
    const entry: StreetEntry = [
      round5(place.lat),
      round5(place.lng),
      localities.indexOf(group.locality),
      group.postcode,
      Number.isFinite(group.from) ? group.from : 0,
      group.to,
      group.count,
    ];
    const anchors = group.anchors.sort(
      (a, b) => a[0] - b[0] || (a[3] ?? '').localeCompare(b[3] ?? ''),
    );
    entries.push(anchors.length > 0 ? [...entry, anchors] : entry);
    byName.set(group.street, entries);
  }
  return {
    source:
      'Adressen Berlin (Geoportal Berlin, Amt für Statistik Berlin-Brandenburg, June 2023), placed by the centres of the LOR Planungsräume 2021 (daten.berlin.de) and the stops of VBB Verkehrsverbund Berlin-Brandenburg GmbH (via the npm package vbb-stations); houses placed by the points of the Geoportal Berlin layers Kindertagesstätten, Schulen, Apothekenstandorte, Pflegeeinrichtungen, Jugendfreizeiteinrichtungen and Elektro-Ladesäulen (daten.berlin.de, 2022–2023)',
    licence:
      'Adressen Berlin: Datenlizenz Deutschland – Namensnennung – Version 2.0 (https://www.govdata.de/dl-de/by-2-0), "Geoportal Berlin / Adressen Berlin"; LOR Planungsräume: Amt für Statistik Berlin-Brandenburg, daten.berlin.de; stops: CC BY 4.0 (https://creativecommons.org/licenses/by/4.0/), © VBB Verkehrsverbund Berlin-Brandenburg GmbH; house points: Datenlizenz Deutschland 2.0 (https://www.govdata.de/dl-de/by-2-0), "Geoportal Berlin / Kindertagesstätten, Schulen, Apothekenstandorte, Pflegeeinrichtungen, Jugendfreizeiteinrichtungen, Elektro-Ladesäulen"',
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

/** The house points file from the layers' GeoJSON files in `folder` (HOUSE_LAYERS' names). */
function writeHousePoints(folder: string) {
  const points = HOUSE_LAYERS.flatMap((layer) =>
    housePointsOfLayer(
      layer,
      JSON.parse(fs.readFileSync(path.join(folder, layer.file), 'utf8')) as GeoJsonPoints,
    ),
  ).filter((p) => ![p.street, p.number, p.letter].some((field) => field.includes(',')));
  const lines = points.map((p) =>
    [p.layer, p.street, p.number, p.letter, p.postcode, p.easting, p.northing].join(','),
  );
  fs.writeFileSync(
    HOUSE_POINTS_FILE,
    zlib.gzipSync(`${[HOUSE_POINTS_HEADER, ...lines].join('\n')}\n`, { level: 9 }),
  );
  console.log(`wrote ${HOUSE_POINTS_FILE}: ${points.length} house points`);
}

const quantile = (sorted: number[], q: number) =>
  sorted.length === 0 ? NaN : sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!;

/**
 * What the anchors place: the addresses (and entries) answered exactly, at a charging station
 * near the house, or otherwise estimated from anchors (another letter of the number, or between
 * two anchors); and, leaving out each anchor that stands on its house in turn, how far the
 * estimate from the other anchors of its entry, where there is one, and the entry's place lie
 * from it (metres).
 */
export function measureAnchors(addresses: AddressRow[], index: StreetIndexFile) {
  const entries = new Map<string, { lat: number; lng: number; anchors: Anchor[] }>();
  for (const [name, list] of index.streets)
    for (const [lat, lng, locality, postcode, , , , anchors = []] of list)
      entries.set(`${name}|${index.localities[locality]}|${postcode}`, { lat, lng, anchors });
  const addressCount = { exact: 0, nearAnchor: 0, estimated: 0 };
  const entrySets = {
    exact: new Set<string>(),
    nearAnchor: new Set<string>(),
    estimated: new Set<string>(),
  };
  for (const a of addresses) {
    const key = `${a.street}|${a.locality}|${a.postcode}`;
    const entry = entries.get(key);
    if (!entry || a.number === null) continue;
    const house = placeHouse(entry, `${a.number}${a.letter}`);
    const own = entry.anchors.find((x) => x[0] === a.number && (x[3] ?? '') === a.letter);
    const kind = house.exact
      ? 'exact'
      : own
        ? 'nearAnchor'
        : house.lat !== entry.lat || house.lng !== entry.lng
          ? 'estimated'
          : null;
    if (!kind) continue;
    addressCount[kind] += 1;
    entrySets[kind].add(key);
  }
  const interpolated: number[] = [];
  const streetPlace: number[] = [];
  const streetPlaceAll: number[] = [];
  for (const entry of entries.values())
    for (const [i, anchor] of entry.anchors.entries()) {
      if (anchor[4] === 1) continue;
      const truth = { lat: anchor[1], lng: anchor[2] };
      const street = distanceKm(entry, truth) * 1000;
      streetPlaceAll.push(street);
      const others = entry.anchors.filter((_, j) => j !== i);
      const guess = placeHouse({ ...entry, anchors: others }, `${anchor[0]}${anchor[3] ?? ''}`);
      if (guess.lat === entry.lat && guess.lng === entry.lng) continue;
      interpolated.push(distanceKm(guess, truth) * 1000);
      streetPlace.push(street);
    }
  const summary = (metres: number[]) => {
    const sorted = [...metres].sort((x, y) => x - y);
    return {
      count: sorted.length,
      median: Math.round(quantile(sorted, 0.5)),
      p90: Math.round(quantile(sorted, 0.9)),
    };
  };
  const allAnchors = [...entries.values()].flatMap((e) => e.anchors);
  return {
    addresses: addresses.length,
    entries: entries.size,
    anchors: allAnchors.length,
    nearAnchors: allAnchors.filter((x) => x[4] === 1).length,
    entriesWithAnchors: [...entries.values()].filter((e) => e.anchors.length > 0).length,
    addressesPlaced: addressCount,
    entriesPlaced: Object.fromEntries(Object.entries(entrySets).map(([k, v]) => [k, v.size])),
    heldOutHouseAnchors: {
      estimate: summary(interpolated),
      streetPlace: summary(streetPlace),
      streetPlaceOfEveryHouseAnchor: summary(streetPlaceAll),
    },
  };
}

function main() {
  const plrShapes = arg('plr-shapes');
  if (plrShapes) return writePlrCentres(plrShapes);
  const housePointsFolder = arg('house-points');
  if (housePointsFolder) return writeHousePoints(housePointsFolder);
  const addressFile = arg('addresses') ?? path.join(STREET_SOURCES, 'berlin-adressen.csv.gz');
  const raw = fs.readFileSync(addressFile);
  const csv = (addressFile.endsWith('.gz') ? zlib.gunzipSync(raw) : raw).toString('utf8');
  const { centres: plr } = JSON.parse(fs.readFileSync(PLR_CENTRES_FILE, 'utf8')) as {
    centres: Record<string, [number, number]>;
  };
  const centres = new Map(Object.entries(plr).map(([id, [lat, lng]]) => [id, { lat, lng }]));
  const addresses = parseAddresses(csv);
  const points = parseHousePoints(
    zlib.gunzipSync(fs.readFileSync(HOUSE_POINTS_FILE)).toString('utf8'),
  );
  const houses = matchHousePoints(addresses, points, centres);
  const stops = stopsByStreet(
    Object.values(
      JSON.parse(fs.readFileSync(require.resolve('vbb-stations/data.json'), 'utf8')) as Record<
        string,
        StopRow
      >,
    ),
  );
  const index = buildStreetIndex(addresses, centres, stops, houses);
  if (process.argv.includes('--measure')) {
    const byLayer = Object.fromEntries(
      HOUSE_LAYERS.map(({ layer }) => [layer, points.filter((p) => p.layer === layer).length]),
    );
    console.log(
      JSON.stringify(
        {
          points: points.length,
          byLayer,
          matched: houses.size,
          ...measureAnchors(addresses, index),
        },
        null,
        2,
      ),
    );
    return;
  }
  fs.writeFileSync(STREET_INDEX_FILE, `${JSON.stringify(index)}\n`);
  const entries = index.streets.reduce((sum, [, list]) => sum + list.length, 0);
  console.log(
    `wrote ${STREET_INDEX_FILE}: ${index.streets.length} street names, ${entries} entries, ${fs.statSync(STREET_INDEX_FILE).size} bytes`,
  );
}

if (require.main === module) main();
