/**
 * The backend's regions, read as untrusted input: entries that do not have the
 * shape of product 7.2 are left out (and counted), never passed on.
 */
import type { Region } from './tree';

/** More than any agency's region list; a longer answer is cut here. */
export const MAX_REGIONS = 5000;
export const MAX_NAME = 200;

export const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
export const isId = (value: unknown): value is number =>
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
