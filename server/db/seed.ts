/** Seeds a fresh database: categories, field definitions, Berlin's regions, a few listings. */
import { CATEGORIES } from '../../contract/catalog';
import { BERLIN_DISTRICTS } from '../data/berlin';
import { FIELD_DEFINITIONS } from '../data/fieldDefinitions';
import { LISTINGS } from '../data/listings';
import { loadPlaces } from '../geo/places';
import { voronoiCells } from '../geo/regions';
import type { Db } from './database';

export function seed(db: Db) {
  const seeded = db.prepare('SELECT COUNT(*) AS n FROM categories').get() as { n: number };
  if (seeded.n > 0) return;
  db.transaction(() => {
    const category = db.prepare(
      'INSERT INTO categories (id, name, short, object_type, lead_only, marketing_type) VALUES (?, ?, ?, ?, ?, ?)',
    );
    for (const c of CATEGORIES)
      category.run(c.id, c.name, c.short, c.objectType, c.leadOnly ? 1 : 0, c.marketingType);

    const field = db.prepare('INSERT INTO field_definitions (id, definition) VALUES (?, ?)');
    for (const [id, definition] of Object.entries(FIELD_DEFINITIONS))
      field.run(id, JSON.stringify(definition));

    seedRegions(db);

    const listing = db.prepare(
      `INSERT INTO listings (id, custom_id, title, zip, city, category_id, price_title, price_text, image, link)
       VALUES (@id, @customId, @title, @zip, @city, @categoryId, @priceTitle, @priceText, @image, @link)`,
    );
    for (const l of LISTINGS) listing.run(l);
  })();
}

function seedRegions(db: Db) {
  const { places } = loadPlaces();
  const berlin = places.filter((p) => p.state === 'Berlin');
  const insert = db.prepare(
    'INSERT INTO regions (location_id, name, parent_id, geometry, position) VALUES (?, ?, ?, ?, ?)',
  );
  const localities: { id: number; parent: number; name: string; point: [number, number] | null }[] =
    [];
  Object.entries(BERLIN_DISTRICTS).forEach(([, names], d) => {
    names.forEach((name, l) => {
      const place = berlin.find((p) => p.name === name || p.name === `Berlin ${name}`);
      localities.push({
        id: (d + 1) * 100 + l + 1,
        parent: d + 1,
        name,
        point: place ? [place.lng, place.lat] : null,
      });
    });
  });
  const located = localities.filter((l) => l.point);
  const cells = voronoiCells(located.map((l) => l.point!));
  const cellOf = new Map(located.map((l, i) => [l.id, cells[i]!]));
  let position = 0;
  Object.entries(BERLIN_DISTRICTS).forEach(([district], d) => {
    const children = localities.filter((l) => l.parent === d + 1);
    const rings = children
      .map((c) => cellOf.get(c.id))
      .filter((r): r is [number, number][] => !!r && r.length > 0);
    const geometry = rings.length
      ? { type: 'MultiPolygon', coordinates: rings.map((r) => [r]) }
      : null;
    insert.run(d + 1, district, null, geometry && JSON.stringify(geometry), position++);
    for (const child of children) {
      const ring = cellOf.get(child.id);
      const childGeometry = ring && ring.length ? { type: 'Polygon', coordinates: [ring] } : null;
      insert.run(
        child.id,
        child.name,
        d + 1,
        childGeometry && JSON.stringify(childGeometry),
        position++,
      );
    }
  });
}
