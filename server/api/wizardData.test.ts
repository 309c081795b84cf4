/**
 * @jest-environment node
 *
 * What the wizards read (product §7): field definitions in the widget's language, the regions
 * as a tree and as their shapes, and whether a listing can be asked about.
 */
import { call, conforms, type Server } from '../../test/server/requests';
import { PREFIX, startTestServer } from '../../test/server/testServer';
import { containsPoint } from '../geo/regions';

describe('wizard data', () => {
  let server: Server;
  beforeEach(async () => {
    server = await startTestServer();
  });
  afterEach(async () => {
    await server.close();
  });

  it('answers field definitions for the requested ids only', async () => {
    const client = server.client();
    const response = await call(client, 'post', '/v1/wizard/fields', {
      'price.price': {},
      'property[denkmalschutz]': {},
      'area.livingSpace': {},
      unknown: {},
    });
    expect(Object.keys(response.body as object).sort()).toEqual([
      'area.livingSpace',
      'price.price',
      'property[denkmalschutz]',
    ]);
    expect(response.body).toMatchObject({
      'price.price': {
        type: 'currency',
        marketingTypeLabel: { buy: 'Kaufpreis', rent: 'Kaltmiete' },
      },
      'area.livingSpace': { unit: 'm²' },
      'property[denkmalschutz]': { type: 'boolean' },
    });
  });

  it('labels field definitions in the language the widget asks in', async () => {
    const ask = (language: string) =>
      call(
        server.client(),
        'post',
        '/v1/wizard/fields',
        { 'price.price': {}, 'area.livingSpace': {}, 'property[zustand]': {} },
        { 'Accept-Language': language },
      );
    expect((await ask('en-US')).body).toMatchObject({
      'price.price': {
        label: 'Price',
        marketingTypeLabel: { buy: 'Purchase price', rent: 'Net rent' },
      },
      'area.livingSpace': { label: 'Living space', unit: 'm²' },
      'property[zustand]': {
        label: 'Condition',
        values: expect.arrayContaining([{ value: 'gepflegt', title: 'Well kept' }]),
      },
    });
    expect((await ask('de')).body).toMatchObject({
      'area.livingSpace': { label: 'Wohnfläche' },
      'property[zustand]': {
        values: expect.arrayContaining([{ value: 'gepflegt', title: 'Gepflegt' }]),
      },
    });
  });

  it('lists regions as a tree: twelve districts with their localities', async () => {
    const { body } = await call(server.client(), 'get', '/v1/wizard/locations');
    const locations = (
      body as { locations: { locationId: number; name: string; parentId?: number }[] }
    ).locations;
    const districts = locations.filter((l) => l.parentId === undefined);
    expect(districts).toHaveLength(12);
    expect(locations.filter((l) => l.parentId === 3).map((l) => l.name)).toContain(
      'Prenzlauer Berg',
    );
    for (const l of locations)
      if (l.parentId) expect(districts.some((d) => d.locationId === l.parentId)).toBe(true);
  });

  it("serves Berlin's 96 localities and 12 districts as their official shapes", async () => {
    const response = await call(server.client(), 'get', '/v1/wizard/locations/geojson');
    conforms('get', '/v1/wizard/locations/geojson', response);
    const { geojson } = response.body as {
      geojson: {
        attribution: string;
        features: {
          properties: { locationId: number; name: string; parentId?: number };
          geometry: GeoJSON.Polygon | GeoJSON.MultiPolygon;
        }[];
      };
    };
    const localities = geojson.features.filter((f) => f.properties.parentId !== undefined);
    const districts = geojson.features.filter((f) => f.properties.parentId === undefined);
    expect(localities).toHaveLength(96);
    expect(districts).toHaveLength(12);
    expect(geojson.attribution).toBe('Amt für Statistik Berlin-Brandenburg, daten.berlin.de');
    for (const f of geojson.features) {
      expect(['Polygon', 'MultiPolygon']).toContain(f.geometry.type);
      const polygons =
        f.geometry.type === 'Polygon' ? [f.geometry.coordinates] : f.geometry.coordinates;
      for (const ring of polygons.flat()) {
        expect(ring.length).toBeGreaterThanOrEqual(4);
        expect(ring[0]).toEqual(ring[ring.length - 1]);
        for (const [lng, lat] of ring) {
          expect(lng).toBeGreaterThan(13.05);
          expect(lng).toBeLessThan(13.8);
          expect(lat).toBeGreaterThan(52.3);
          expect(lat).toBeLessThan(52.7);
        }
      }
    }
    // Alexanderplatz lies in the locality Mitte and the district Mitte, not in Kreuzberg.
    const named = (list: typeof localities, name: string) =>
      list.find((f) => f.properties.name === name)!.geometry;
    const alexanderplatz = [13.4132, 52.5219] as const;
    expect(containsPoint(named(localities, 'Mitte'), ...alexanderplatz)).toBe(true);
    expect(containsPoint(named(districts, 'Mitte'), ...alexanderplatz)).toBe(true);
    expect(containsPoint(named(localities, 'Kreuzberg'), ...alexanderplatz)).toBe(false);
    expect(containsPoint(named(districts, 'Friedrichshain-Kreuzberg'), ...alexanderplatz)).toBe(
      false,
    );
    // A point in Berlin lies in exactly one locality (no gaps or overlaps at the borders).
    const kastanienallee = [13.4091, 52.5381] as const;
    expect(
      localities
        .filter((f) => containsPoint(f.geometry, ...kastanienallee))
        .map((f) => f.properties.name),
    ).toEqual(['Prenzlauer Berg']);
  });

  it('sends the shapes compressed to a client that accepts it', async () => {
    const compressed = await fetch(`${server.base}${PREFIX}/v1/wizard/locations/geojson`, {
      headers: { 'Accept-Encoding': 'gzip' },
    });
    expect(compressed.headers.get('content-encoding')).toBe('gzip');
    expect(compressed.headers.get('vary')).toMatch(/Accept-Encoding/);
    const plain = await fetch(`${server.base}${PREFIX}/v1/wizard/locations/geojson`, {
      headers: { 'Accept-Encoding': 'identity' },
    });
    expect(plain.headers.get('content-encoding')).toBeNull();
    expect(await compressed.json()).toEqual(await plain.json());
  });

  it.each([
    ['gzip, deflate, br', 'br'],
    ['br;q=0, gzip', 'gzip'],
    ['br;q=0.5, gzip;q=0.9', 'gzip'],
    ['gzip;q=0, br;q=0', null],
  ])('weighs Accept-Encoding "%s": %s', async (accepted, encoding) => {
    // fetch decodes the body; undici sends a header of its own when none is given.
    const answer = await fetch(`${server.base}${PREFIX}/v1/wizard/locations/geojson`, {
      headers: { 'Accept-Encoding': accepted },
    });
    expect(answer.headers.get('content-encoding')).toBe(encoding);
    const body = (await answer.json()) as { geojson: { features: unknown[] } };
    expect(body.geojson.features.length).toBeGreaterThan(100);
  });

  it('tells the listing-inquiry page whether a listing can be asked about', async () => {
    const client = server.client();
    const known = await call(client, 'get', '/v1/wizard/listing/1');
    expect(known.status).toBe(200);
    expect(known.body).toEqual({
      objectId: 1,
      customObjectId: 'W-1001',
      title: 'Helle 3-Zimmer-Altbauwohnung mit Balkon',
    });
    const gone = await call(client, 'get', '/v1/wizard/listing/999');
    expect(gone.status).toBe(404);
    expect(gone.body).toMatchObject({ code: 'unknown_object' });
    expect((await call(client, 'get', '/v1/wizard/listing/abc')).status).toBe(400);
  });
});
