/**
 * @jest-environment node
 */
import { FIELD_IDS } from '../../contract/catalog';
import {
  berlinPlaces,
  matchSearch,
  propertyOfLead,
  propertyOfListing,
  type MatchProperty,
  type MatchResult,
  type MatchSearch,
} from './match';

// Region ids of Berlin's tree: districts 1–12, localities district × 100 + n.
const MITTE_DISTRICT = 1;
const PANKOW_DISTRICT = 3;
const MITTE = 101;
const KREUZBERG = 202;
const PRENZLAUER_BERG = 301;
const FROHNAU = 1205;
const HERMSDORF = 1206;

// Points inside the official shapes.
const KOLLWITZPLATZ = { lat: 52.5367, lng: 13.4178 }; // Prenzlauer Berg
const ALEXANDERPLATZ = { lat: 52.5219, lng: 13.4132 }; // Mitte
const POTSDAM = { lat: 52.39, lng: 13.06 }; // outside Berlin

const { price, livingSpace, numberRooms, yearBuilt, condition } = FIELD_IDS;

const flat: MatchProperty = {
  marketingType: 'buy',
  objectType: 'LIVING',
  categoryId: 30225,
  location: { ...KOLLWITZPLATZ, approximate: false, zip: '10435' },
  figures: { [price]: 400000, [livingSpace]: 80, [numberRooms]: 3, [yearBuilt]: 1905 },
  choices: { [condition]: 'gepflegt' },
};

const search: MatchSearch = {
  marketing_type: 'buy',
  object_type: 'LIVING',
  category_id: 30225,
  locations: JSON.stringify([PRENZLAUER_BERG]),
  fields: '[]',
};

const range = (name: string, minValue: number | null, maxValue: number | null) => ({
  name,
  valueType: 'RANGE',
  minValue,
  maxValue,
});
const minimum = (name: string, minValue: number) => ({ name, valueType: 'NUMBER', minValue });
const fieldsOf = (...fields: unknown[]) => JSON.stringify(fields);
const at = (location: MatchProperty['location']) => ({ ...flat, location });
const withFigures = (figures: Record<string, number>) => ({ ...flat, figures });

const MATCH: MatchResult = { match: true };
const failed = (criterion: string, extra: Record<string, string> = {}) => ({
  match: false,
  criterion,
  ...extra,
});

const rows: [
  string,
  Partial<MatchSearch>,
  MatchProperty,
  MatchResult | ReturnType<typeof failed>,
][] = [
  // Regions: exact coordinates and the official borders.
  ['its locality contains the exact point', {}, flat, MATCH],
  ['a district contains its localities', { locations: `[${PANKOW_DISTRICT}]` }, flat, MATCH],
  ['another district does not', { locations: `[${MITTE_DISTRICT}]` }, flat, failed('region')],
  [
    'exact coordinates decide over a postcode that also covers the searched locality',
    { locations: `[${MITTE}]` },
    flat,
    failed('region'),
  ],
  [
    'an exact pin in a locality its postcode never reaches: the postcode decides (10997 is Kreuzberg)',
    { locations: `[${KREUZBERG}]` },
    at({ ...ALEXANDERPLATZ, approximate: false, zip: '10997' }),
    MATCH,
  ],
  [
    'such a pin does not match the locality it lies in',
    { locations: `[${MITTE}]` },
    at({ ...ALEXANDERPLATZ, approximate: false, zip: '10997' }),
    failed('region'),
  ],
  [
    'one of several regions is enough',
    { locations: `[${KREUZBERG}, ${PRENZLAUER_BERG}]` },
    flat,
    MATCH,
  ],
  // Approximate coordinates: the postcode decides, any of its localities matches.
  [
    'approximate coordinates in Mitte: postcode 10435 puts it in Prenzlauer Berg too',
    {},
    at({ ...ALEXANDERPLATZ, approximate: true, zip: '10435' }),
    MATCH,
  ],
  [
    'approximate: a postcode spanning two localities matches a search of the other one',
    { locations: `[${MITTE}]` },
    at({ ...KOLLWITZPLATZ, approximate: true, zip: '10435' }),
    MATCH,
  ],
  [
    'approximate: the postcode decides, not the point (10997 is Kreuzberg only)',
    { locations: `[${MITTE}]` },
    at({ ...ALEXANDERPLATZ, approximate: true, zip: '10997' }),
    failed('region'),
  ],
  [
    'approximate without a known postcode: the point decides',
    {},
    at({ ...KOLLWITZPLATZ, approximate: true, zip: '99999' }),
    MATCH,
  ],
  [
    'no coordinates: the postcode decides (13465 is Frohnau and Hermsdorf)',
    { locations: `[${HERMSDORF}]` },
    at({ lat: null, lng: null, zip: '13465' }),
    MATCH,
  ],
  [
    'no coordinates: 13465 matches a search of Frohnau as well',
    { locations: `[${FROHNAU}]` },
    at({ zip: '13465' }),
    MATCH,
  ],
  [
    'exact coordinates outside every locality: the postcode decides',
    { locations: `[${KREUZBERG}]` },
    at({ ...POTSDAM, approximate: false, zip: '10997' }),
    MATCH,
  ],
  [
    'no locality from point or postcode: no match',
    {},
    at({ ...POTSDAM, approximate: false, zip: '14467' }),
    failed('location'),
  ],
  ['no location at all: no match', {}, at({}), failed('location')],
  // Category.
  ['rent does not match buy', { marketing_type: 'rent' }, flat, failed('marketingType')],
  ['another category does not match', { category_id: 22332 }, flat, failed('category')],
  [
    'the same category under another object type does not match',
    { object_type: 'COMMERCIAL' },
    flat,
    failed('category'),
  ],
  [
    'a plot matches under either object type',
    { category_id: 19795, object_type: 'COMMERCIAL' },
    { ...flat, categoryId: 19795, objectType: 'LIVING' },
    MATCH,
  ],
  // Ranges: inclusive, open on either side.
  ['price at the lower bound', { fields: fieldsOf(range(price, 400000, 500000)) }, flat, MATCH],
  ['price at the upper bound', { fields: fieldsOf(range(price, 300000, 400000)) }, flat, MATCH],
  [
    'price one euro above the maximum',
    { fields: fieldsOf(range(price, null, 399999)) },
    flat,
    failed('range', { field: price }),
  ],
  [
    'price one euro below the minimum',
    { fields: fieldsOf(range(price, 400001, null)) },
    flat,
    failed('range', { field: price }),
  ],
  ['a range open above', { fields: fieldsOf(range(price, 100000, null)) }, flat, MATCH],
  ['a range open below', { fields: fieldsOf(range(price, null, 900000)) }, flat, MATCH],
  [
    'a minimum above the maximum, as typed, fits nothing',
    { fields: fieldsOf(range(price, 500000, 300000)) },
    flat,
    failed('range', { field: price }),
  ],
  ['living space at its minimum', { fields: fieldsOf(minimum(livingSpace, 80)) }, flat, MATCH],
  [
    'living space below its minimum',
    { fields: fieldsOf(minimum(livingSpace, 80.5)) },
    flat,
    failed('range', { field: livingSpace }),
  ],
  [
    'rooms below a decimal minimum',
    { fields: fieldsOf(minimum(numberRooms, 3.5)) },
    flat,
    failed('range', { field: numberRooms }),
  ],
  [
    'a minimum sent as value (NUMBER without minValue)',
    { fields: fieldsOf({ name: numberRooms, valueType: 'NUMBER', value: 4 }) },
    flat,
    failed('range', { field: numberRooms }),
  ],
  [
    'year built outside its range',
    { fields: fieldsOf(range(yearBuilt, 1950, 2000)) },
    flat,
    failed('range', { field: yearBuilt }),
  ],
  [
    'the first failing of several ranges is named',
    { fields: fieldsOf(range(price, null, 500000), minimum(livingSpace, 100)) },
    flat,
    failed('range', { field: livingSpace }),
  ],
  [
    'a property without the figure is not excluded by its range',
    { fields: fieldsOf(range(price, 1, 2), minimum(livingSpace, 500)) },
    withFigures({ [numberRooms]: 3 }),
    MATCH,
  ],
  [
    'an empty range (both ends null) asks nothing',
    { fields: fieldsOf(range(price, null, null)) },
    flat,
    MATCH,
  ],
  // Chosen values.
  [
    'a chosen condition the property has',
    { fields: fieldsOf({ name: condition, valueType: 'RAW', value: 'gepflegt' }) },
    flat,
    MATCH,
  ],
  [
    'a chosen condition the property does not have',
    { fields: fieldsOf({ name: condition, valueType: 'RAW', value: 'erstbezug' }) },
    flat,
    failed('range', { field: condition }),
  ],
  [
    'a chosen condition, the property names none',
    { fields: fieldsOf({ name: condition, valueType: 'RAW', value: 'erstbezug' }) },
    { ...flat, choices: {} },
    MATCH,
  ],
  // Bad data from the database: never throws.
  ['only unknown region ids', { locations: '[9999]' }, flat, failed('unknownRegion')],
  ['no region ids', { locations: '[]' }, flat, failed('unknownRegion')],
  [
    'an unknown region id beside a known one is passed over',
    { locations: `[9999, ${PRENZLAUER_BERG}]` },
    flat,
    MATCH,
  ],
  [
    'regions that are not JSON',
    { locations: '[301' },
    flat,
    failed('malformed', { detail: 'locations' }),
  ],
  [
    'a region id that is not a number',
    { locations: '["Prenzlauer Berg"]' },
    flat,
    failed('malformed', { detail: 'locations' }),
  ],
  ['fields that are not JSON', { fields: '{' }, flat, failed('malformed', { detail: 'fields' })],
  [
    'fields that are not a list',
    { fields: '{"price":1}' },
    flat,
    failed('malformed', { detail: 'fields' }),
  ],
  [
    'a bound that is not a number',
    { fields: fieldsOf(range(price, '100' as unknown as number, null)) },
    flat,
    failed('malformed', { detail: 'fields' }),
  ],
  [
    'an unknown value type',
    { fields: fieldsOf({ name: price, valueType: 'BETWEEN', minValue: 1 }) },
    flat,
    failed('malformed', { detail: 'fields' }),
  ],
  ['an unknown category id', { category_id: 1 }, { ...flat, categoryId: 1 }, failed('category')],
];

describe('matchSearch', () => {
  const places = berlinPlaces();

  it.each(rows)('%s', (_name, change, property, expected) => {
    expect(matchSearch({ ...search, ...change }, property, places)).toEqual(expected);
  });

  it('reads a stored lead row, and a malformed one as a property without place or figures', () => {
    const lead = propertyOfLead({
      object_type: 'LIVING',
      category_id: 30225,
      marketing_type: 'buy',
      location: JSON.stringify({
        ...ALEXANDERPLATZ,
        approximate: true,
        zip: '10435',
        city: 'Berlin',
      }),
      fields: JSON.stringify([
        { name: price, valueType: 'NUMBER', value: 400000 },
        { name: condition, valueType: 'RAW', value: 'gepflegt' },
        { name: livingSpace, valueType: 'NUMBER', value: 'viel' },
      ]),
    });
    expect(lead).toEqual({
      ...flat,
      location: { ...ALEXANDERPLATZ, approximate: true, zip: '10435' },
      figures: { [price]: 400000 },
    });
    expect(matchSearch(search, lead, places)).toEqual(MATCH);
    const broken = propertyOfLead({
      object_type: 'LIVING',
      category_id: 30225,
      marketing_type: 'buy',
      location: '{',
      fields: 'null',
    });
    expect(matchSearch(search, broken, places)).toEqual(failed('location'));
  });

  it.each([
    [
      'a flat for sale in 10435 (Mitte and Prenzlauer Berg)',
      { zip: '10435', category_id: 30225, price_title: 'Kaufpreis', price_text: '465.000 €' },
      { marketingType: 'buy', objectType: 'LIVING', zip: '10435', price: 465000 },
    ],
    [
      'a shop to let in 10997 (Kreuzberg)',
      { zip: '10997', category_id: 82397, price_title: 'Kaltmiete', price_text: '3.200 € / Monat' },
      { marketingType: 'rent', objectType: 'COMMERCIAL', zip: '10997', price: 3200 },
    ],
    [
      'a price on request',
      { zip: '10245', category_id: 30225, price_title: 'Kaufpreis', price_text: 'auf Anfrage' },
      { marketingType: 'buy', objectType: 'LIVING', zip: '10245', price: undefined },
    ],
  ])('reads a listing: %s', (_name, row, expected) => {
    const property = propertyOfListing(row);
    expect({
      marketingType: property.marketingType,
      objectType: property.objectType,
      zip: property.location.zip,
      price: property.figures[price],
    }).toEqual(expected);
    // Its postcode decides its locality; a price range it is outside of excludes it.
    const asked = {
      ...search,
      marketing_type: property.marketingType,
      object_type: property.objectType,
      category_id: row.category_id,
      locations: `[${KREUZBERG}, ${PRENZLAUER_BERG}, 201]`,
    };
    expect(matchSearch(asked, property, places)).toEqual(MATCH);
    expect(
      matchSearch({ ...asked, fields: fieldsOf(range(price, null, 1000)) }, property, places),
    ).toEqual(property.figures[price] === undefined ? MATCH : failed('range', { field: price }));
  });
});
