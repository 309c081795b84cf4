/**
 * @jest-environment node
 */
import { openDatabase } from '../db/sqlite';
import { seed } from '../db/seed';
import { sqliteSql } from '../db/sql';
import { berlinRegionRows, containsPoint, loadRegionShapes, localityAt } from './regions';

describe('region shapes', () => {
  it('tells the inside of a polygon from its hole and the outside', () => {
    const square = (x: number, size: number) => [
      [x, x],
      [x + size, x],
      [x + size, x + size],
      [x, x + size],
      [x, x],
    ];
    const ring: GeoJSON.Polygon = { type: 'Polygon', coordinates: [square(0, 4), square(1, 2)] };
    expect(containsPoint(ring, 0.5, 0.5)).toBe(true);
    expect(containsPoint(ring, 2, 2)).toBe(false);
    expect(containsPoint(ring, 5, 5)).toBe(false);
    const two: GeoJSON.MultiPolygon = {
      type: 'MultiPolygon',
      coordinates: [[square(0, 1)], [square(10, 1)]],
    };
    expect(containsPoint(two, 10.5, 10.5)).toBe(true);
  });

  it('finds the locality of a point, and none outside Berlin', () => {
    expect(localityAt(52.5219, 13.4132)).toBe('Mitte');
    expect(localityAt(52.4983, 13.4034)).toBe('Kreuzberg');
    expect(localityAt(52.4, 13.05)).toBeNull();
  });

  it('gives every locality and district of the tree a shape', () => {
    const rows = berlinRegionRows();
    expect(rows).toHaveLength(108);
    expect(rows.filter(([, , , geometry]) => geometry === null)).toEqual([]);
    expect(loadRegionShapes().source).toMatch(/Amt für Statistik Berlin-Brandenburg/);
  });

  it("brings an earlier version's database up to today's shapes, leaving other rows alone", async () => {
    const sql = sqliteSql(openDatabase(':memory:'));
    await seed(sql);
    // An earlier version's shapes (cells) and a region of the agency's own.
    const cell = JSON.stringify({
      type: 'Polygon',
      coordinates: [
        [
          [13.3, 52.5],
          [13.5, 52.5],
          [13.5, 52.6],
          [13.3, 52.5],
        ],
      ],
    });
    await sql.run('UPDATE regions SET geometry = ?', cell);
    await sql.run(
      'INSERT INTO regions (location_id, name, parent_id, geometry, position) VALUES (9999, ?, NULL, ?, 999)',
      'Potsdam',
      cell,
    );
    await seed(sql);
    const rows = await sql.all<{ location_id: number; geometry: string }>(
      'SELECT location_id, geometry FROM regions',
    );
    const byId = new Map(rows.map((r) => [r.location_id, r.geometry]));
    for (const [id, , , geometry] of berlinRegionRows()) expect(byId.get(id)).toBe(geometry);
    expect(byId.get(9999)).toBe(cell);
    await sql.close();
  });
});
