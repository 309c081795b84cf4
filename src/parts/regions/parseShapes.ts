/**
 * The backend's region shapes, read as untrusted input: features that do not have the shape
 * of product 7.2 are left out (and counted), never passed on. Loaded with the first map that shows
 * regions, not with the screen.
 */
import { isId, isRecord, MAX_NAME, MAX_REGIONS } from './parse';
import type { RegionShape } from './slice';

/** A source line, not a text: longer ones are cut. */
const MAX_ATTRIBUTION = 300;

const isPosition = (value: unknown) =>
  Array.isArray(value) &&
  value.length >= 2 &&
  value.every((n) => typeof n === 'number' && Number.isFinite(n));
const isRing = (value: unknown) =>
  Array.isArray(value) && value.length >= 4 && value.every(isPosition);
const isPolygon = (value: unknown) =>
  Array.isArray(value) && value.length >= 1 && value.every(isRing);

/**
 * `GET /v1/wizard/locations/geojson`: {geojson: FeatureCollection with properties.locationId
 * (and parentId), and the shapes' source as `attribution`}.
 */
export function parseShapes(
  body: unknown,
): { shapes: RegionShape[]; dropped: number; attribution: string } | null {
  const collection = isRecord(body) && isRecord(body.geojson) ? body.geojson : null;
  if (!collection || !Array.isArray(collection.features)) return null;
  const shapes: RegionShape[] = [];
  let dropped = 0;
  for (const feature of collection.features.slice(0, MAX_REGIONS)) {
    const geometry = isRecord(feature) && isRecord(feature.geometry) ? feature.geometry : null;
    const properties =
      isRecord(feature) && isRecord(feature.properties) ? feature.properties : null;
    const valid =
      geometry &&
      properties &&
      isId(properties.locationId) &&
      ((geometry.type === 'Polygon' && isPolygon(geometry.coordinates)) ||
        (geometry.type === 'MultiPolygon' &&
          Array.isArray(geometry.coordinates) &&
          geometry.coordinates.every(isPolygon)));
    if (!valid) {
      dropped += 1;
      continue;
    }
    shapes.push({
      locationId: properties.locationId as number,
      name: typeof properties.name === 'string' ? properties.name.slice(0, MAX_NAME) : '',
      parentId: isId(properties.parentId) ? (properties.parentId as number) : null,
      geometry: {
        type: geometry.type as RegionShape['geometry']['type'],
        coordinates: geometry.coordinates,
      },
    });
  }
  const attribution =
    typeof collection.attribution === 'string'
      ? collection.attribution.trim().slice(0, MAX_ATTRIBUTION)
      : '';
  return { shapes, dropped, attribution };
}
