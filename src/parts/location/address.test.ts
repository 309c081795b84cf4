import fc from 'fast-check';
import { displayLine, EMPTY_ADDRESS, featureToAddress } from './address';

const feature = (properties: Record<string, unknown>, coordinates: unknown = [13.4, 52.5]) => ({
  type: 'Feature',
  geometry: { type: 'Point', coordinates },
  properties,
});

describe('display line (product 3.6)', () => {
  it.each([
    [
      {
        street: 'Kastanienallee',
        number: '12',
        zip: '10435',
        city: 'Berlin',
        district: 'Prenzlauer Berg',
        state: 'Berlin',
        country: 'Deutschland',
      },
      'Kastanienallee 12, 10435 Berlin–Prenzlauer Berg',
    ],
    [
      { zip: '10435', city: 'Berlin', state: 'Berlin', country: 'Deutschland' },
      '10435 Berlin, Berlin, Deutschland',
    ],
    [{ city: 'Berlin', district: 'Mitte' }, 'Berlin–Mitte'],
    [{ zip: '10115' }, '10115'],
    [{ street: 'Hauptstraße', city: 'Köln', country: 'Deutschland' }, 'Hauptstraße, Köln'],
    [{ number: '5', city: 'Köln' }, 'Köln'],
    [{}, ''],
  ])('%j → "%s"', (address, line) => {
    expect(displayLine(address)).toBe(line);
  });

  it('keeps the city of a street result that names no place (no postcode, no name)', () => {
    const address = featureToAddress({
      type: 'Feature',
      geometry: { type: 'Point', coordinates: [13.39, 52.52] },
      properties: {
        osm_key: 'place',
        osm_value: 'house',
        street: 'Friedrichstraße',
        housenumber: '10',
        city: 'Berlin',
        approximate: 'true',
      },
    });
    expect(address).toMatchObject({
      street: 'Friedrichstraße',
      number: '10',
      zip: '',
      city: 'Berlin',
    });
  });

  it('never shows empty parts: no leading, trailing or doubled commas', () => {
    const part = fc.oneof(
      fc.constant(''),
      fc.constant('  '),
      fc
        .string({ minLength: 1, maxLength: 12 })
        .filter((s) => s.trim() === s && !s.includes(',') && s !== ''),
    );
    fc.assert(
      fc.property(
        fc.record({
          street: part,
          number: part,
          zip: part,
          city: part,
          district: part,
          state: part,
          country: part,
        }),
        (a) => {
          const line = displayLine(a);
          expect(line.startsWith(',')).toBe(false);
          expect(line.endsWith(', ')).toBe(false);
          expect(line.includes(', ,')).toBe(false);
          if (a.street.trim()) expect(line.startsWith(a.street)).toBe(true);
          // With a street, state and country are left out: the line is the one without them.
          // (Looking for the country among the parts misfired when the city had its name.)
          if (a.street.trim()) expect(displayLine({ ...a, state: '', country: '' })).toBe(line);
        },
      ),
    );
  });
});

describe('geocoder mapping (product 3.7)', () => {
  it('a highway names the street', () => {
    expect(
      featureToAddress(
        feature({ osm_key: 'highway', name: 'Kastanienallee', postcode: '10435', city: 'Berlin' }),
      ),
    ).toMatchObject({
      street: 'Kastanienallee',
      zip: '10435',
      city: 'Berlin',
      district: '',
    });
  });

  it('street and housenumber fill street and number; coordinates are [lng, lat]', () => {
    expect(
      featureToAddress(
        feature(
          { street: 'Unter den Linden', housenumber: '77', postcode: '10117', city: 'Berlin' },
          [13.38, 52.517],
        ),
      ),
    ).toEqual({
      ...EMPTY_ADDRESS,
      street: 'Unter den Linden',
      number: '77',
      zip: '10117',
      city: 'Berlin',
      lat: 52.517,
      lng: 13.38,
    });
  });

  it("a street's or a house's locality (Photon's district) is its district", () => {
    const street = featureToAddress(
      feature({
        osm_key: 'highway',
        osm_value: 'street',
        name: 'Kastanienallee',
        postcode: '10435',
        city: 'Berlin',
        district: 'Prenzlauer Berg',
      }),
    )!;
    expect(displayLine(street)).toBe('Kastanienallee, 10435 Berlin–Prenzlauer Berg');
    const house = featureToAddress(
      feature({
        osm_key: 'place',
        osm_value: 'house',
        street: 'Kastanienallee',
        housenumber: '12',
        postcode: '12627',
        city: 'Berlin',
        district: 'Hellersdorf',
        approximate: 'true',
      }),
    )!;
    expect(displayLine(house)).toBe('Kastanienallee 12, 12627 Berlin–Hellersdorf');
    // A place's district follows product 3.7 alone: a town's own district field is not its name.
    expect(
      featureToAddress(
        feature({
          osm_key: 'place',
          osm_value: 'city',
          name: 'Köln',
          postcode: '50667',
          city: 'Köln',
          district: 'Innenstadt',
        }),
      )?.district,
    ).toBe('');
  });

  it('a suburb, or a boundary named otherwise than its city, is the district', () => {
    expect(
      featureToAddress(
        feature({
          osm_key: 'place',
          osm_value: 'suburb',
          name: 'Prenzlauer Berg',
          postcode: '10435',
          city: 'Berlin',
        }),
      )?.district,
    ).toBe('Prenzlauer Berg');
    expect(
      featureToAddress(
        feature({ osm_key: 'boundary', name: 'Pankow', postcode: '13187', city: 'Berlin' }),
      )?.district,
    ).toBe('Pankow');
    expect(
      featureToAddress(
        feature({ osm_key: 'boundary', name: 'Berlin', postcode: '10115', city: 'Berlin' }),
      )?.district,
    ).toBe('');
    expect(
      featureToAddress(
        feature({
          osm_key: 'place',
          osm_value: 'city',
          name: 'Köln',
          postcode: '50667',
          city: 'Köln',
        }),
      )?.district,
    ).toBe('');
  });

  it('a suburb without a postcode (a locality has several) stays in its city, as its district', () => {
    expect(
      featureToAddress(
        feature({ osm_key: 'place', osm_value: 'suburb', name: 'Hansaviertel', city: 'Berlin' }),
      ),
    ).toMatchObject({ zip: '', city: 'Berlin', district: 'Hansaviertel' });
    expect(
      featureToAddress(feature({ osm_key: 'boundary', name: 'Pankow', city: 'Berlin' })),
    ).toMatchObject({ city: 'Berlin', district: 'Pankow' });
    // A town's own feature without a postcode is the town.
    expect(
      featureToAddress(feature({ osm_key: 'boundary', name: 'Potsdam', city: 'Potsdam' })),
    ).toMatchObject({ city: 'Potsdam', district: '' });
  });

  it('postcode and city alone; postcode and name (the name is the city); else the name is the city', () => {
    expect(featureToAddress(feature({ postcode: '80331', city: 'München' }))).toMatchObject({
      zip: '80331',
      city: 'München',
    });
    expect(featureToAddress(feature({ postcode: '80331', name: 'München' }))).toMatchObject({
      zip: '80331',
      city: 'München',
    });
    expect(
      featureToAddress(feature({ name: 'Prenzlauer Berg', city: 'Berlin', state: 'Berlin' })),
    ).toMatchObject({ zip: '', city: 'Prenzlauer Berg', state: 'Berlin' });
  });

  it('drops features without usable coordinates', () => {
    expect(featureToAddress(feature({ name: 'X' }, null))).toBeNull();
    expect(featureToAddress(feature({ name: 'X' }, ['13', 52]))).toBeNull();
    expect(featureToAddress(feature({ name: 'X' }, [200, 52]))).toBeNull();
    expect(featureToAddress('feature')).toBeNull();
  });

  it('never throws on whatever a geocoder answers', () => {
    fc.assert(
      fc.property(
        fc.anything(),
        fc.dictionary(
          fc.constantFrom(
            'osm_key',
            'osm_value',
            'name',
            'city',
            'postcode',
            'street',
            'housenumber',
            'state',
            'country',
          ),
          fc.anything(),
        ),
        (geometry, properties) => {
          const a = featureToAddress({ geometry, properties });
          const b = featureToAddress(feature(properties));
          for (const address of [a, b]) {
            if (address) {
              expect(typeof address.city).toBe('string');
              expect(typeof displayLine(address)).toBe('string');
            }
          }
        },
      ),
      { numRuns: 500 },
    );
  });
});
