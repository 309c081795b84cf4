/**
 * The backend's regions and shapes, read as untrusted input: entries that do not have the
 * shape of spec 7 are left out (and counted), never passed on.
 */
import type { RegionShape } from './slice';
import type { Region } from './tree';

/** More than any agency's region list; a longer answer is cut here. */
export const MAX_REGIONS = 5000;
const MAX_NAME = 200;
/** A source line, not a text: longer ones are cut. */
const MAX_ATTRIBUTION = 300;

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
const isId = (value: unknown): value is number =>
  typeof value === 'number' && Number.isSafeInteger(value) && value > 0;

/** `GET /v1/wizard/locations`: {locations: [{locationId, name, parentId?}]}. */
export function parseRegions(body: unknown): { regions: Region[]; dropped: number } | null {
  if (!isRecord(body) || !Array.isArray(body.locations)) return null;
  const regions: Region[] = [];
  let dropped = 0;
  for (const entry of body.locations.slice(0, MAX_REGIONS)) {
    const name = isRecord(entry) && typeof entry.name === 'string' ? entry.name.trim() : '';
    if (
      !isRecord(entry) ||
      !isId(entry.locationId) ||
      !name ||
      name.length > MAX_NAME ||
      (entry.parentId !== undefined && entry.parentId !== null && !isId(entry.parentId))
    ) {
      dropped += 1;
      continue;
    }
    regions.push({
      locationId: entry.locationId,
      name,
      parentId: isId(entry.parentId) ? entry.parentId : null,
    });
  }
  return { regions, dropped: dropped + Math.max(0, body.locations.length - MAX_REGIONS) };
}

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
