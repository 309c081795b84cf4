/**
 * @jest-environment node
 */
import { parseQuery, reverse, search, type PhotonFeature } from './geocoder';
import fc from 'fast-check';
import { distanceKm } from '../../contract/distance';
import { loadPlaces, normalize } from './places';
import { startTestServer } from '../../test/server/testServer';
import { displayLine, featureToAddress } from '../../src/parts/location/address';

describe('offline geocoder (Photon format)', () => {
  it('finds a city by name, in any spelling of its umlauts', () => {
    for (const q of ['Köln', 'koeln', 'KOLN']) {
      const [first] = search(q, 'de', 10).features;
      expect(first?.properties).toMatchObject({
        name: 'Köln',
        city: 'Köln',
        osm_key: 'place',
        osm_value: 'city',
        state: 'Nordrhein-Westfalen',
        country: 'Deutschland',
      });
    }
    expect(search('München', 'en', 1).features[0]?.properties).toMatchObject({
      name: 'München',
      country: 'Germany',
    });
  });

  it('answers a Berlin locality as a suburb of Berlin with [lng, lat] coordinates', () => {
    const [first] = search('Prenzlauer Berg', 'de', 10).features;
    expect(first?.properties).toMatchObject({
      name: 'Prenzlauer Berg',
      city: 'Berlin',
      osm_key: 'place',
      osm_value: 'suburb',
    });
    const [lng, lat] = first!.geometry.coordinates;
    expect(lng).toBeCloseTo(13.42, 1);
    expect(lat).toBeCloseTo(52.54, 1);
  });

  it('resolves postcodes, whole and partial', () => {
    const [munich] = search('80331', 'de', 10).features;
    expect(munich?.properties).toMatchObject({ name: 'München', postcode: '80331' });
    const partial = search('803', 'de', 10).features;
    expect(partial.map((f) => f.properties.name)).toContain('München');
  });

  it('echoes street and house number with the place of a full address', () => {
    const features = search('Kastanienallee 12, 10435 Berlin', 'de', 10).features;
    expect(features).toHaveLength(1);
    expect(features[0]!.properties).toMatchObject({
      street: 'Kastanienallee',
      housenumber: '12',
      postcode: '10435',
      city: 'Berlin',
    });
    expect(parseQuery('Unter den Linden 77, Berlin')).toMatchObject({
      street: 'Unter den Linden',
      housenumber: '77',
      placeTerm: 'berlin',
    });
  });

  it.each([
    ['Friedrichstraße 10, Berlin', 'Friedrichstraße', '10', undefined, 'Berlin'],
    ['Kastanienallee 12, 10435 Berlin', 'Kastanienallee', '12', '10435', 'Berlin'],
    ['Kastanienallee 12 10435 Berlin', 'Kastanienallee', '12', '10435', 'Berlin'],
    ['Königstraße 12a, 70173 Stuttgart', 'Königstraße', '12a', '70173', 'Stuttgart'],
    // Berlin's index knows the street: its name in full.
    ['Hauptstr 5 Berlin', 'Hauptstraße', '5', undefined, 'Berlin'],
    ['Hauptstr. 5 Berlin', 'Hauptstraße', '5', undefined, 'Berlin'],
    ['Köln Domkloster 4', 'Domkloster', '4', undefined, 'Köln'],
    ['Lindenweg 7 a Hamburg', 'Lindenweg', '7a', undefined, 'Hamburg'],
    ['Unter den Linden 77, Berlin', 'Unter den Linden', '77', undefined, 'Berlin'],
    ['Domkloster 4, 50667', 'Domkloster', '4', '50667', 'Köln'],
  ])('understands the address "%s"', (q, street, housenumber, postcode, city) => {
    const features = search(q, 'de', 10).features;
    for (const f of features) expect(f.properties).toMatchObject({ street, housenumber });
    expect(features[0]!.properties).toMatchObject({
      street,
      housenumber,
      city,
      osm_value: 'house',
      approximate: 'true',
      ...(postcode ? { postcode } : {}),
    });
  });

  it('finds a Berlin street typed alone, with or without its number, where it is', () => {
    const [alex] = search('Alexanderplatz', 'de', 10).features;
    expect(alex?.properties).toMatchObject({
      osm_key: 'highway',
      name: 'Alexanderplatz',
      city: 'Berlin',
      district: 'Mitte',
    });
    // Its place, not Berlin's centre: the square is 300 m from the city's point.
    const [lng, lat] = alex!.geometry.coordinates;
    expect(lng).toBeCloseTo(13.411, 2);
    expect(lat).toBeCloseTo(52.5215, 2);
    expect(search('unter den linden', 'de', 10).features[0]?.properties).toMatchObject({
      osm_key: 'highway',
      name: 'Unter den Linden',
      city: 'Berlin',
    });
    const [house] = search('Unter den Linden 5', 'de', 10).features;
    expect(house?.properties).toMatchObject({
      osm_value: 'house',
      street: 'Unter den Linden',
      housenumber: '5',
      city: 'Berlin',
      approximate: 'true',
    });
    expect(house?.geometry.coordinates).toEqual(
      search('Unter den Linden', 'de', 1).features[0]?.geometry.coordinates,
    );
    // 'Str.' as typed or written out alike.
    expect(search('Amrumer Str.', 'de', 1).features[0]?.properties.name).toBe('Amrumer Straße');
  });

  it('echoes a street the index lacks, typed without a town, in the demo city', () => {
    const features = search('Zauberwaldstraße 1', 'de', 10).features;
    expect(features).toHaveLength(1);
    expect(features[0]!.properties).toMatchObject({
      street: 'Zauberwaldstraße',
      housenumber: '1',
      city: 'Berlin',
      osm_value: 'house',
      approximate: 'true',
    });
    // A word with a number that is not a street stays a search for places.
    expect(search('Xqzvw 3', 'de', 10).features).toEqual([]);
  });

  it('answers a lone term with the places it names before the streets that start so', () => {
    const names = search('Pankow', 'de', 10).features.map((f) => [
      f.properties.osm_key,
      f.properties.name,
    ]);
    expect(names[0]).toEqual(['place', 'Pankow']);
    expect(names).toContainEqual(['highway', 'Pankower Allee']);
  });

  it("keeps Berlin's streets out of an answer for a place elsewhere; a postcode narrows them", () => {
    expect(search('Hauptstraße 5, Hamburg', 'de', 10).features[0]?.properties).toMatchObject({
      city: 'Hamburg',
      approximate: 'true',
    });
    expect(
      search('Kastanienallee 40, 10119', 'de', 10).features.map((f) => [
        f.properties.street,
        f.properties.postcode,
        f.properties.district,
      ]),
    ).toEqual([['Kastanienallee', '10119', 'Mitte']]);
  });

  it('offers a street in each of its localities, named with its postcode and locality', () => {
    const features = search('Kastanienallee', 'de', 10).features;
    expect(features.map((f) => f.properties.district)).toEqual([
      'Prenzlauer Berg',
      'Mitte',
      'Rosenthal',
      'Blankenburg',
      'Westend',
      'Hellersdorf',
      'Mahlsdorf',
      'Friedrichshagen',
    ]);
    expect(features[0]!.properties).toMatchObject({
      osm_key: 'highway',
      name: 'Kastanienallee',
      postcode: '10435',
      city: 'Berlin',
      district: 'Prenzlauer Berg',
    });
    // The locality typed after the street, with or without a comma, finds that one alone.
    for (const q of ['Kastanienallee Prenzlauer Berg', 'Kastanienallee, Prenzlauer Berg'])
      expect(search(q, 'de', 10).features.map((f) => f.properties.district)).toEqual([
        'Prenzlauer Berg',
      ]);
    expect(parseQuery('Kastanienallee Prenzlauer Berg')).toMatchObject({
      street: 'Kastanienallee',
      housenumber: null,
      placeTerm: normalize('Prenzlauer Berg'),
    });
    // A house number picks the part of the street that has it: its locality and postcode.
    const at = (q: string) =>
      search(q, 'de', 10).features.map((f) => [f.properties.postcode, f.properties.district]);
    expect(at('Karl-Marx-Allee 90')).toEqual([['10243', 'Friedrichshain']]);
    expect(at('Karl-Marx-Allee 10')).toEqual([['10178', 'Mitte']]);
    expect(at('Kastanienallee 12 Prenzlauer Berg')).toEqual([['10435', 'Prenzlauer Berg']]);
  });

  it('narrows a street by the first letters of its locality or postcode, as they are typed', () => {
    const at = (q: string) =>
      search(q, 'de', 10).features.map((f) => [
        f.properties.street ?? f.properties.name,
        f.properties.postcode,
        f.properties.district,
        f.geometry.coordinates.join(','),
      ]);
    const prenzlauerBerg = at('Kastanienallee 12 Prenzlauer Berg');
    expect(prenzlauerBerg).toEqual([
      ['Kastanienallee', '10435', 'Prenzlauer Berg', expect.any(String)],
    ]);
    for (const q of [
      'Kastanienallee 12 Prenz',
      'Kastanienallee 12, prenzl',
      'Kastanienallee 12 104',
      'Kastanienallee 12, 1043',
    ])
      expect([q, at(q)]).toEqual([q, prenzlauerBerg]);
    // Without a number, too: the street in that locality alone.
    expect(
      at('Kastanienallee Prenz').map(([, postcode, district]) => [postcode, district]),
    ).toEqual([['10435', 'Prenzlauer Berg']]);
    // Kastanienallee 12 lies in Prenzlauer Berg, across the border of Mitte: the street's Mitte
    // part as typed, then the part that has the number (not Mitte's centre, not every part).
    const mitte = at('Kastanienallee 12 Mitte');
    expect(mitte.map(([, postcode, district]) => [postcode, district])).toEqual([
      ['10119', 'Mitte'],
      ['10435', 'Prenzlauer Berg'],
    ]);
    expect(at('Kastanienallee 12 Mitt')).toEqual(mitte);
  });

  it("reads 'Strasse', 'Straße', 'Str.' and 'Str' alike, and echoes a street with a number it lacks", () => {
    const found = (q: string) =>
      search(q, 'de', 10).features.map((f) => [
        f.properties.street,
        f.properties.housenumber,
        f.properties.postcode,
        f.properties.district,
      ]);
    for (const q of [
      'Boxhagener Strasse 5',
      'Boxhagener STRASSE 5',
      'boxhagener straße 5',
      'Boxhagener Str. 5',
      'Boxhagener Str 5',
      'Boxhagener Strasse 5, Berlin',
    ])
      expect([q, found(q)]).toEqual([q, [['Boxhagener Straße', '5', '10245', 'Friedrichshain']]]);
    expect(found('Torstr 5')[0]).toEqual(['Torstraße', '5', '10119', expect.any(String)]);
    // A street with a number that the index lacks is offered as typed, in the demo city.
    expect(search('Zauberwaldstrasse 7', 'de', 10).features[0]?.properties).toMatchObject({
      street: 'Zauberwaldstrasse',
      housenumber: '7',
      city: 'Berlin',
      approximate: 'true',
    });
  });

  it('answers a postcode with the places that have it, not with every district of the city', () => {
    const features = search('10435', 'de', 10).features;
    expect(features.map((f) => [f.properties.name, f.properties.postcode])).toEqual([
      ['Berlin', '10435'],
    ]);
  });

  it('finds by its index exactly what a scan of every place finds', () => {
    const { places } = loadPlaces();
    const scan = (term: string) =>
      places
        .filter(
          (p) =>
            p.normalized === term ||
            p.normalized.startsWith(term) ||
            p.normalized.includes(` ${term}`),
        )
        .map((p) => p.id)
        .sort();
    fc.assert(
      fc.property(
        fc.constantFrom(...places.slice(0, 2000)),
        fc.integer({ min: 2, max: 8 }),
        (place, length) => {
          const term = place.normalized.slice(0, length).trim();
          if (term.length < 2) return;
          const indexed = search(term, 'de', 100_000).features.filter(
            (f) => f.properties.osm_key === 'place',
          ).length;
          const names = new Set(
            scan(term).map((id) => {
              const p = places.find((x) => x.id === id)!;
              return `${p.name}|${p.city ?? ''}`;
            }),
          );
          expect(indexed).toBe(names.size);
        },
      ),
      { numRuns: 50 },
    );
  });

  it('respects the limit and answers an empty list for nonsense', () => {
    expect(search('Ber', 'de', 3).features).toHaveLength(3);
    expect(search('xqzvw', 'de', 10).features).toEqual([]);
  });

  it('reverse-geocodes to the nearest locality, and to nothing outside Germany', () => {
    const [feature] = reverse(52.5387, 13.4241, 'de').features;
    expect(feature?.properties).toMatchObject({ name: 'Prenzlauer Berg', city: 'Berlin' });
    expect(feature?.geometry.coordinates).toEqual([13.4241, 52.5387]);
    expect(reverse(40.0, -3.7, 'de').features).toEqual([]);
  });

  it('normalises for matching', () => {
    expect(normalize('Straße Düsseldorf')).toBe('strasse dusseldorf');
    expect(normalize('Duesseldorf')).toBe(normalize('Düsseldorf'));
  });
});

describe("the widget's own display line (product 3.6, decision 86)", () => {
  /** The line the widget shows in its search box for a feature, by the widget's own code. */
  const lineOf = (f: PhotonFeature) => displayLine(featureToAddress(f)!);
  /** The line as shown, and with a hyphen or a space for the en dash before the locality. */
  const written = (line: string) => [line, line.replace('–', '-'), line.replace('–', ' ')];

  it.each([
    // A house, and a house in a locality whose name has a hyphen.
    ['Torstraße 1', 'de', ['Torstraße 1, 10119 Berlin–Prenzlauer Berg']],
    [
      'Zingster Straße 1',
      'de',
      [
        'Zingster Straße 1, 13357 Berlin–Gesundbrunnen',
        'Zingster Straße 1, 13051 Berlin–Neu-Hohenschönhausen',
      ],
    ],
    ['Alt-Treptow 1', 'de', ['Alt-Treptow 1, 12435 Berlin–Alt-Treptow']],
    // A street whose name holds a number (decision 182).
    ['Straße 100', 'de', ['Straße 100, 13125 Berlin–Karow']],
    // A street in several localities, some of whose names start alike (Malchow).
    [
      'Kastanienallee',
      'de',
      [
        'Kastanienallee, 10435 Berlin–Prenzlauer Berg',
        'Kastanienallee, 10119 Berlin–Mitte',
        'Kastanienallee, 13158 Berlin–Rosenthal',
        'Kastanienallee, 13129 Berlin–Blankenburg',
        'Kastanienallee, 14050 Berlin–Westend',
        'Kastanienallee, 12627 Berlin–Hellersdorf',
        'Kastanienallee, 12623 Berlin–Mahlsdorf',
        'Kastanienallee, 12587 Berlin–Friedrichshagen',
      ],
    ],
    [
      'Blankenburger Pflasterweg',
      'de',
      [
        'Blankenburger Pflasterweg, 13051 Berlin–Blankenburg',
        'Blankenburger Pflasterweg, 13051 Berlin–Stadtrandsiedlung Malchow',
        'Blankenburger Pflasterweg, 13051 Berlin–Malchow',
      ],
    ],
    // In Köpenick, which GeoNames also knows as the place 'Berlin Köpenick'.
    ['Böttcherstraße', 'de', ['Böttcherstraße, 12555 Berlin–Köpenick']],
    // Localities (a place's line ends in its state and country), hyphenated or not; a street
    // that shares a locality's name.
    ['Hansaviertel', 'de', ['Berlin–Hansaviertel, Berlin, Deutschland']],
    ['Hansaviertel', 'en', ['Berlin–Hansaviertel, Berlin, Germany']],
    ['Neu-Hohenschönhausen', 'de', ['Berlin–Neu-Hohenschönhausen, Berlin, Deutschland']],
    ['Charlottenburg-Nord', 'en', ['Berlin–Charlottenburg-Nord, Berlin, Germany']],
    ['Berlin Köpenick', 'de', ['Berlin–Berlin Köpenick, Berlin, Deutschland']],
    [
      'Alt-Treptow',
      'de',
      ['Berlin–Alt-Treptow, Berlin, Deutschland', 'Alt-Treptow, 12435 Berlin–Alt-Treptow'],
    ],
    // A locality with the postcode of its name, and the town of that name elsewhere.
    [
      'Weißensee',
      'de',
      [
        'Berlin–Weißensee, Berlin, Deutschland',
        '99631 Weißensee, Thüringen, Deutschland',
        'Weißenseer Weg, 10369 Berlin–Fennpfuhl',
        'Weißenseer Weg, 13055 Berlin–Alt-Hohenschönhausen',
      ],
    ],
    // A town, and the streets named after it.
    [
      'Köln',
      'en',
      [
        'Köln, Nordrhein-Westfalen, Germany',
        'Kölner Damm, 12353 Berlin–Buckow',
        'Kölner Damm, 12353 Berlin–Gropiusstadt',
      ],
    ],
  ])('finds each answer to "%s" (%s) first by its line', (q, lang, lines) => {
    const features = search(q, lang, 10).features;
    expect(features.map(lineOf)).toEqual(lines);
    for (const f of features)
      for (const line of written(lineOf(f)))
        expect([line, search(line, lang, 10).features[0]]).toEqual([line, f]);
  });

  it("reads 'Berlin–Ortsteil' as the locality, and keeps hyphenated names whole", () => {
    for (const line of written('Torstraße 1, 10119 Berlin–Prenzlauer Berg'))
      expect(parseQuery(line)).toMatchObject({
        street: 'Torstraße',
        housenumber: '1',
        postcode: '10119',
        placeTerm: 'prenzlaur berg',
        city: 'berlin',
      });
    expect(parseQuery('Zingster Straße 1, Berlin-Neu-Hohenschönhausen')).toMatchObject({
      placeTerm: 'neu hohenschonhausen',
      city: 'berlin',
    });
    expect(parseQuery('Neu-Hohenschönhausen')).toMatchObject({
      placeTerm: 'neu hohenschonhausen',
      city: null,
    });
    expect(parseQuery('Charlottenburg-Wilmersdorf')).toMatchObject({
      placeTerm: 'charlottenburg wilmersdorf',
      city: null,
    });
    expect(parseQuery('Hansaviertel, Berlin, Deutschland')).toMatchObject({
      street: null,
      placeTerm: 'hansaviertel',
      state: 'Berlin',
    });
    // A postcode typed with a name is the town that has it, not a locality of that name.
    expect(search('99631 Weißensee', 'de', 10).features.map((f) => f.properties.state)).toEqual([
      'Thüringen',
    ]);
    // A street typed with its town, state and country is still a street.
    expect(parseQuery('Königstraße 12a, Stuttgart, Baden-Württemberg, Deutschland')).toMatchObject({
      street: 'Königstraße',
      housenumber: '12a',
    });
  });
});

describe('geocoder routes', () => {
  let server: Awaited<ReturnType<typeof startTestServer>>;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(async () => {
    await server.close();
  });

  it('answers /api/geocoder with q, lang and limit', async () => {
    const response = await fetch(`${server.base}/api/geocoder?q=Hamburg&lang=de&limit=2`);
    const body = (await response.json()) as { type: string; features: unknown[] };
    expect(body.type).toBe('FeatureCollection');
    expect(body.features.length).toBeLessThanOrEqual(2);
  });

  it.each([
    ['/api/geocoder', 400],
    ['/api/geocoder?q=', 400],
    ['/api/geocoder?q=Berlin&limit=500', 400],
    ['/api/geocoder/reverse?lat=abc&lon=13', 400],
    ['/api/geocoder/reverse?lat=95&lon=13', 400],
  ])('refuses %s with %i', async (path, status) => {
    const response = await fetch(server.base + path);
    expect(response.status).toBe(status);
    expect(await response.json()).toMatchObject({ code: 'rest_invalid_param' });
  });

  it.each([
    ['Straße des 17. Juni 135', 'Straße des 17. Juni', '135', '10623'],
    ['Strasse des 17 Juni 135', 'Straße des 17. Juni', '135', '10623'],
    ['Straße 100 5', 'Straße 100', '5', '13125'],
    ['Schönhauser Alle 36', 'Schönhauser Allee', '36', '10435'],
  ])(
    'finds %s: a street with digits in its name, or misspelt, with its number',
    async (q, street, housenumber, postcode) => {
      const response = await fetch(
        `${server.base}/api/geocoder?q=${encodeURIComponent(q)}&lang=de&limit=5`,
      );
      const body = (await response.json()) as {
        features: { properties: Record<string, string> }[];
      };
      expect(body.features[0]?.properties).toMatchObject({
        osm_value: 'house',
        street,
        housenumber,
        postcode,
        city: 'Berlin',
      });
    },
  );

  it('answers a house whose official point is known there, and one between two such houses between them', async () => {
    const first = async (q: string) => {
      const response = await fetch(
        `${server.base}/api/geocoder?q=${encodeURIComponent(q)}&lang=de&limit=5`,
      );
      const body = (await response.json()) as {
        features: {
          geometry: { coordinates: [number, number] };
          properties: Record<string, string>;
        }[];
      };
      const [feature] = body.features;
      const [lng, lat] = feature!.geometry.coordinates;
      return { lat, lng, properties: feature!.properties };
    };
    // Binger Straße (Wilmersdorf): the official points of numbers 65 and 73, 300 m apart.
    const street = await first('Binger Straße');
    const at65 = await first('Binger Straße 65');
    const at73 = await first('Binger Straße 73');
    for (const [house, number] of [
      [at65, '65'],
      [at73, '73'],
    ] as const) {
      expect(house.properties).toMatchObject({
        osm_value: 'house',
        street: 'Binger Straße',
        housenumber: number,
        postcode: '14197',
        district: 'Wilmersdorf',
      });
      expect(house.properties.approximate).toBeUndefined();
    }
    expect(distanceKm(at65, at73)).toBeGreaterThan(0.25);
    expect(distanceKm(at65, street)).toBeGreaterThan(0);
    // 69 lies halfway from 65 to 73 by number: halfway between their points, approximate.
    const at69 = await first('Binger Straße 69');
    expect(at69.properties).toMatchObject({ housenumber: '69', approximate: 'true' });
    expect(distanceKm(at69, at65)).toBeCloseTo(distanceKm(at65, at73) / 2, 2);
    expect(distanceKm(at69, at73)).toBeCloseTo(distanceKm(at65, at73) / 2, 2);
    // 70 lies between them by number too, but on the even side, which has no known point: the
    // street's place, approximate; so does 3, with no known point below it.
    for (const q of ['Binger Straße 70', 'Binger Straße 3']) {
      const house = await first(q);
      expect(house.properties.approximate).toBe('true');
      expect([house.lat, house.lng]).toEqual([street.lat, street.lng]);
    }
  });

  it('answers a house whose only point is a charging station near it at that point, approximate', async () => {
    const response = await fetch(
      `${server.base}/api/geocoder?q=${encodeURIComponent('Unter den Linden 77')}&lang=de&limit=5`,
    );
    const body = (await response.json()) as {
      features: {
        geometry: { coordinates: [number, number] };
        properties: Record<string, string>;
      }[];
    };
    const [house] = body.features;
    expect(house?.properties).toMatchObject({
      street: 'Unter den Linden',
      housenumber: '77',
      postcode: '10117',
      approximate: 'true',
    });
    // The Hotel Adlon, Unter den Linden 77: within 100 m (its street's place is 0.7 km away).
    const [lng, lat] = house!.geometry.coordinates;
    expect(distanceKm({ lat, lng }, { lat: 52.516, lng: 13.38 })).toBeLessThan(0.1);
  });

  it('offers a street whose name ends in a number as the street, not as a house of another', async () => {
    const response = await fetch(
      `${server.base}/api/geocoder?q=${encodeURIComponent('Straße 100')}&lang=de&limit=5`,
    );
    const body = (await response.json()) as { features: { properties: Record<string, string> }[] };
    expect(body.features[0]?.properties).toMatchObject({ osm_key: 'highway', name: 'Straße 100' });
    expect(body.features[0]?.properties.housenumber).toBeUndefined();
  });

  it.each(['–', '-', ' '])(
    "finds the widget's line 'Torstraße 1, 10119 Berlin%sPrenzlauer Berg' again",
    async (dash) => {
      const q = `Torstraße 1, 10119 Berlin${dash}Prenzlauer Berg`;
      const response = await fetch(
        `${server.base}/api/geocoder?q=${encodeURIComponent(q)}&lang=de&limit=10`,
      );
      const body = (await response.json()) as {
        features: { properties: Record<string, string> }[];
      };
      expect(body.features[0]?.properties).toMatchObject({
        street: 'Torstraße',
        housenumber: '1',
        postcode: '10119',
        city: 'Berlin',
        district: 'Prenzlauer Berg',
      });
    },
  );

  it('answers /api/geocoder/reverse', async () => {
    const response = await fetch(
      `${server.base}/api/geocoder/reverse?lat=48.137&lon=11.575&lang=de`,
    );
    const body = (await response.json()) as { features: { properties: { city: string } }[] };
    expect(body.features[0]?.properties.city).toBe('München');
  });
});
