/**
 * The search regions' shapes: Berlin's localities (Ortsteile) as the official geometries draw
 * them, and its districts as their unions, simplified for the map by scripts/berlin-regions.ts
 * (server/data/berlin-regions.json names its source and licence).
 */
import { createRequire } from 'node:module';
import { BERLIN_DISTRICTS } from '../data/berlin';
import type { Queryable } from '../db/sql';

const require = createRequire(__filename);

type Shape = GeoJSON.Polygon | GeoJSON.MultiPolygon;

export interface RegionShapesFile {
  source: string;
  licence: string;
  localities: { name: string; geometry: Shape }[];
  districts: { name: string; geometry: Shape }[];
}

/** The shapes' source by name, for the map's attribution (the widget labels it 'Ortsteile:'). */
export const REGIONS_ATTRIBUTION = 'Amt für Statistik Berlin-Brandenburg, daten.berlin.de';

let cached: RegionShapesFile | null = null;

export function loadRegionShapes(): RegionShapesFile {
  cached ??= require('../data/berlin-regions.json') as RegionShapesFile;
  return cached;
}

/** Whether a point lies inside a polygon (even-odd rule over all its rings: holes excluded). */
export function containsPoint(shape: Shape, lng: number, lat: number): boolean {
  const polygons = shape.type === 'Polygon' ? [shape.coordinates] : shape.coordinates;
  let inside = false;
  for (const polygon of polygons)
    for (const ring of polygon)
      for (let a = 0, b = ring.length - 1; a < ring.length; b = a++) {
        const [xa, ya] = ring[a]! as [number, number];
        const [xb, yb] = ring[b]! as [number, number];
        if (ya > lat !== yb > lat && lng < ((xb - xa) * (lat - ya)) / (yb - ya) + xa)
          inside = !inside;
      }
  return inside;
}

/** A shape's bounding box: [west, south, east, north]. */
function boundsOf(shape: Shape): [number, number, number, number] {
  const polygons = shape.type === 'Polygon' ? [shape.coordinates] : shape.coordinates;
  const box: [number, number, number, number] = [Infinity, Infinity, -Infinity, -Infinity];
  for (const polygon of polygons)
    for (const [lng, lat] of polygon[0]! as [number, number][]) {
      box[0] = Math.min(box[0], lng);
      box[1] = Math.min(box[1], lat);
      box[2] = Math.max(box[2], lng);
      box[3] = Math.max(box[3], lat);
    }
  return box;
}

let boxes: [number, number, number, number][] | null = null;

/** The locality a point lies in, or null outside Berlin. */
export function localityAt(lat: number, lng: number): string | null {
  const { localities } = loadRegionShapes();
  boxes ??= localities.map((l) => boundsOf(l.geometry));
  const index = localities.findIndex((l, i) => {
    const [west, south, east, north] = boxes![i]!;
    return (
      lng >= west &&
      lng <= east &&
      lat >= south &&
      lat <= north &&
      containsPoint(l.geometry, lng, lat)
    );
  });
  return index < 0 ? null : localities[index]!.name;
}

/** The region rows of Berlin's tree: districts numbered 1-12, localities district * 100 + n. */
export function berlinRegionRows(): [number, string, number | null, string | null, number][] {
  const { localities, districts } = loadRegionShapes();
  const shapeOf = (list: { name: string; geometry: Shape }[], name: string) => {
    const found = list.find((s) => s.name === name);
    return found ? JSON.stringify(found.geometry) : null;
  };
  const rows: [number, string, number | null, string | null, number][] = [];
  let position = 0;
  Object.entries(BERLIN_DISTRICTS).forEach(([district, names], d) => {
    rows.push([d + 1, district, null, shapeOf(districts, district), position++]);
    names.forEach((name, l) =>
      rows.push([(d + 1) * 100 + l + 1, name, d + 1, shapeOf(localities, name), position++]),
    );
  });
  return rows;
}

/**
 * Gives a database seeded with other shapes (an earlier version's) today's: each Berlin
 * region row still under its seeded id and name gets its shape; other rows are left alone.
 */
export async function syncRegionShapes(tx: Queryable): Promise<number> {
  const stored = new Map(
    (
      await tx.all<{ location_id: number; name: string; geometry: string | null }>(
        'SELECT location_id, name, geometry FROM regions',
      )
    ).map((r) => [Number(r.location_id), r]),
  );
  let updated = 0;
  for (const [id, name, , geometry] of berlinRegionRows()) {
    const row = stored.get(id);
    if (!row || row.name !== name || row.geometry === geometry) continue;
    await tx.run('UPDATE regions SET geometry = ? WHERE location_id = ?', geometry, id);
    updated += 1;
  }
  return updated;
}
