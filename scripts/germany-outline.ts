// Writes src/ui/map/germany.json: Germany's outline (Natural Earth via world-atlas, public
// domain) drawn under the map so it stays legible when no tiles load (offline).
import fs from 'node:fs';
import path from 'node:path';
import { feature } from 'topojson-client';
import type { Topology } from 'topojson-specification';

const topology = JSON.parse(
  fs.readFileSync(require.resolve('world-atlas/countries-50m.json'), 'utf8'),
) as Topology;
const countries = feature(
  topology,
  topology.objects.countries!,
) as unknown as GeoJSON.FeatureCollection;
const germany = countries.features.find((f) => f.properties?.name === 'Germany');
if (!germany) throw new Error('Germany not found in world-atlas');
const round = (value: unknown): unknown =>
  Array.isArray(value)
    ? value.map(round)
    : typeof value === 'number'
      ? Math.round(value * 1000) / 1000
      : value;
const out = {
  type: 'Feature',
  properties: { name: 'Deutschland' },
  geometry: {
    ...germany.geometry,
    coordinates: round((germany.geometry as GeoJSON.MultiPolygon).coordinates),
  },
};
const file = path.join(__dirname, '..', 'src', 'ui', 'map', 'germany.json');
fs.writeFileSync(file, JSON.stringify(out));
console.log(`wrote ${file} (${fs.statSync(file).size} bytes)`);
