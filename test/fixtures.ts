/** Backend answers for widget tests, taken from the reference backend's own seed data. */
import { fieldIdsFor } from '../contract/catalog';
import { FIELD_DEFINITIONS } from '../server/data/fieldDefinitions';

/** What POST /v1/wizard/fields answers for a category's field ids. */
export function fieldsAnswer(categoryId: number): Record<string, unknown> {
  return Object.fromEntries(fieldIdsFor(categoryId).map((id) => [id, FIELD_DEFINITIONS[id]]));
}

/** What GET /v1/wizard/locations answers: two districts with their localities, one alone. */
export const REGIONS_ANSWER = {
  locations: [
    { locationId: 1, name: 'Mitte' },
    { locationId: 11, name: 'Moabit', parentId: 1 },
    { locationId: 12, name: 'Wedding', parentId: 1 },
    { locationId: 2, name: 'Pankow' },
    { locationId: 21, name: 'Prenzlauer Berg', parentId: 2 },
    { locationId: 22, name: 'Buch', parentId: 2 },
    { locationId: 3, name: 'Spandau' },
  ],
};

const square = (lng: number, lat: number) => [
  [
    [lng, lat],
    [lng + 0.05, lat],
    [lng + 0.05, lat + 0.03],
    [lng, lat + 0.03],
    [lng, lat],
  ],
];

/**
 * What GET /v1/wizard/locations/geojson answers for REGIONS_ANSWER: its localities, and the
 * districts Mitte and Pankow as the unions of theirs (Spandau stands alone), with their source.
 */
export const SHAPES_ANSWER = {
  geojson: {
    type: 'FeatureCollection',
    attribution: 'Amt für Statistik Berlin-Brandenburg, daten.berlin.de',
    features: [
      ...[
        [11, 'Moabit', 1, 13.32, 52.52],
        [12, 'Wedding', 1, 13.34, 52.55],
        [21, 'Prenzlauer Berg', 2, 13.41, 52.54],
        [22, 'Buch', 2, 13.48, 52.63],
        [3, 'Spandau', null, 13.18, 52.53],
      ].map(([locationId, name, parentId, lng, lat]) => ({
        type: 'Feature',
        properties: { locationId, name, ...(parentId ? { parentId } : {}) },
        geometry: { type: 'Polygon', coordinates: square(lng as number, lat as number) },
      })),
      ...[
        [1, 'Mitte', [square(13.32, 52.52), square(13.34, 52.55)]],
        [2, 'Pankow', [square(13.41, 52.54), square(13.48, 52.63)]],
      ].map(([locationId, name, coordinates]) => ({
        type: 'Feature',
        properties: { locationId, name },
        geometry: { type: 'MultiPolygon', coordinates },
      })),
    ],
  },
};
