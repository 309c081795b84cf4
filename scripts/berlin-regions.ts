// Writes server/data/berlin-regions.json: the shapes of Berlin's 96 localities (Ortsteile) and
// of its 12 districts (Bezirke, the unions of their localities), simplified for the saved-search
// map. Source: the official locality geometries ("Ortsteil-Geometrien Berlin", Amt für Statistik
// Berlin-Brandenburg, daten.berlin.de) as TopoJSON in server/data/sources/ (see its
// SOURCE.md). The borders are simplified arc by arc (Douglas-Peucker): two localities share
// each border's arc, so they stay gapless after simplification.
// Run: npm run data:regions [-- --source=path/to/berlin-ortsteile.topojson]
import fs from 'node:fs';
import path from 'node:path';
import { feature, merge } from 'topojson-client';
import type { GeometryCollection, Polygon, MultiPolygon, Topology } from 'topojson-specification';
import { BERLIN_DISTRICTS } from '../server/data/berlin';

type Point = [number, number];

export const REGIONS_SOURCE = path.join(
  __dirname,
  '..',
  'server',
  'data',
  'sources',
  'berlin-ortsteile.topojson',
);
export const REGIONS_FILE = path.join(__dirname, '..', 'server', 'data', 'berlin-regions.json');

/** Simplification tolerance in metres: invisible at the map's zoom levels for a city. */
const TOLERANCE_M = 20;
/** Decimals kept (4: about ten metres, within the tolerance). */
const DECIMALS = 4;

/** Douglas-Peucker on one arc (absolute coordinates), its end points kept. */
export function simplifyLine(points: Point[], tolerance: number): Point[] {
  if (points.length <= 2) return points;
  const keep = new Uint8Array(points.length);
  keep[0] = 1;
  keep[points.length - 1] = 1;
  const stack: [number, number][] = [[0, points.length - 1]];
  while (stack.length) {
    const [first, last] = stack.pop()!;
    const [ax, ay] = points[first]!;
    const [bx, by] = points[last]!;
    const dx = bx - ax;
    const dy = by - ay;
    const length = Math.hypot(dx, dy);
    let farthest = -1;
    let farthestDistance = tolerance;
    for (let i = first + 1; i < last; i += 1) {
      const [px, py] = points[i]!;
      const distance =
        length === 0
          ? Math.hypot(px - ax, py - ay)
          : Math.abs(dy * px - dx * py + bx * ay - by * ax) / length;
      if (distance > farthestDistance) {
        farthest = i;
        farthestDistance = distance;
      }
    }
    if (farthest >= 0) {
      keep[farthest] = 1;
      stack.push([first, farthest], [farthest, last]);
    }
  }
  const kept = points.filter((_, i) => keep[i]);
  // A closed arc (a ring of its own: an island, an enclave) keeps at least a triangle.
  const closed = points[0]![0] === points.at(-1)![0] && points[0]![1] === points.at(-1)![1];
  if (closed && kept.length < 4) {
    const step = Math.floor((points.length - 1) / 3);
    return [points[0]!, points[step]!, points[2 * step]!, points.at(-1)!];
  }
  return kept;
}

/** The topology with every arc simplified, in plain (unquantised) coordinates. */
export function simplifyTopology(topology: Topology, toleranceM: number): Topology {
  const [sx, sy] = topology.transform?.scale ?? [1, 1];
  const [tx, ty] = topology.transform?.translate ?? [0, 0];
  const arcs = topology.arcs.map((arc) => {
    let x = 0;
    let y = 0;
    const points = arc.map(([dx, dy]) => {
      x += dx!;
      y += dy!;
      return [x * sx + tx, y * sy + ty] as Point;
    });
    // Metres to degrees at the arc's latitude: the tolerance holds in both directions.
    const lat = points[0]![1];
    const metresPerDegree = 111_320;
    const scaled = points.map(
      ([lng, lat2]) =>
        [lng * metresPerDegree * Math.cos((lat * Math.PI) / 180), lat2 * metresPerDegree] as Point,
    );
    const keptScaled = new Set(simplifyLine(scaled, toleranceM));
    return points.filter((_, i) => keptScaled.has(scaled[i]!));
  });
  const { transform: _transform, ...rest } = topology;
  return { ...rest, arcs } as Topology;
}

const roundCoordinates = (value: unknown): unknown =>
  Array.isArray(value)
    ? value.map(roundCoordinates)
    : typeof value === 'number'
      ? Math.round(value * 10 ** DECIMALS) / 10 ** DECIMALS
      : value;
const round = <G extends GeoJSON.Polygon | GeoJSON.MultiPolygon>(geometry: G): G =>
  ({ ...geometry, coordinates: roundCoordinates(geometry.coordinates) }) as G;

/** Drops a ring's repeated points (rounding can make neighbours equal). */
function dedupe(geometry: GeoJSON.Polygon | GeoJSON.MultiPolygon) {
  const ring = (points: Point[]) =>
    points.filter((p, i) => i === 0 || p[0] !== points[i - 1]![0] || p[1] !== points[i - 1]![1]);
  const polygons =
    geometry.type === 'Polygon'
      ? [geometry.coordinates as Point[][]]
      : (geometry.coordinates as Point[][][]);
  const cleaned = polygons
    .map((polygon) => polygon.map(ring).filter((r) => r.length >= 4))
    .filter((polygon) => polygon.length > 0);
  return cleaned.length === 1
    ? { type: 'Polygon' as const, coordinates: cleaned[0]! }
    : { type: 'MultiPolygon' as const, coordinates: cleaned };
}

export interface RegionShapesFile {
  source: string;
  licence: string;
  localities: { name: string; geometry: GeoJSON.Polygon | GeoJSON.MultiPolygon }[];
  districts: { name: string; geometry: GeoJSON.Polygon | GeoJSON.MultiPolygon }[];
}

export function buildRegionShapes(topology: Topology): RegionShapesFile {
  const simplified = simplifyTopology(topology, TOLERANCE_M);
  const collection = simplified.objects['shapes-with-attr'] as GeometryCollection<{
    Name: string;
  }>;
  const byName = new Map<string, (Polygon | MultiPolygon)[]>();
  for (const geometry of collection.geometries as (Polygon | MultiPolygon)[]) {
    const name = (geometry.properties as { Name: string }).Name;
    byName.set(name, [...(byName.get(name) ?? []), geometry]);
  }
  const shapeOf = (geometries: (Polygon | MultiPolygon)[]) =>
    dedupe(
      round(
        geometries.length === 1
          ? (feature(simplified, geometries[0]!).geometry as GeoJSON.Polygon | GeoJSON.MultiPolygon)
          : (merge(simplified, geometries) as GeoJSON.MultiPolygon),
      ),
    );
  const localities: RegionShapesFile['localities'] = [];
  const districts: RegionShapesFile['districts'] = [];
  for (const [district, names] of Object.entries(BERLIN_DISTRICTS)) {
    const parts: (Polygon | MultiPolygon)[] = [];
    for (const name of names) {
      const geometries = byName.get(name);
      if (!geometries) throw new Error(`no shape for the locality ${name}`);
      parts.push(...geometries);
      localities.push({ name, geometry: shapeOf(geometries) });
    }
    districts.push({ name: district, geometry: shapeOf(parts) });
  }
  return {
    source:
      'Ortsteile: Amt für Statistik Berlin-Brandenburg, daten.berlin.de ("Ortsteil-Geometrien Berlin"); districts are the unions of their localities; simplified to about 20 m',
    licence:
      'Open data of the Berlin open data portal (daten.berlin.de), to be used with the attribution "Ortsteile: Amt für Statistik Berlin-Brandenburg, daten.berlin.de"',
    localities,
    districts,
  };
}

function main() {
  const source =
    process.argv.find((a) => a.startsWith('--source='))?.slice('--source='.length) ??
    REGIONS_SOURCE;
  const topology = JSON.parse(fs.readFileSync(source, 'utf8')) as Topology;
  const shapes = buildRegionShapes(topology);
  fs.writeFileSync(REGIONS_FILE, `${JSON.stringify(shapes)}\n`);
  console.log(
    `wrote ${REGIONS_FILE}: ${shapes.localities.length} localities, ${shapes.districts.length} districts, ${fs.statSync(REGIONS_FILE).size} bytes`,
  );
}

if (require.main === module) main();
