import { normalizeDefinition } from './definitions';
import { criteriaRecords, rangeKey, valueRecords } from './records';

const definitions = [
  normalizeDefinition('price.price', { label: 'Preis', type: 'currency' }),
  normalizeDefinition('area.livingSpace', { label: 'Wohnfläche', type: 'number', unit: 'm²' }),
  normalizeDefinition('property[baujahr]', { label: 'Baujahr', type: 'int' }),
  normalizeDefinition('feature.cellar', { label: 'Keller', type: 'boolean' }),
].filter((d) => d !== null);

describe('field value records', () => {
  it('one value per field for a lead: NUMBER for figures, RAW for the rest', () => {
    expect(
      valueRecords(definitions, {
        'price.price': '350.000',
        'area.livingSpace': '82,5',
        'property[baujahr]': 'unbekannt',
        'feature.cellar': '1',
      }),
    ).toEqual([
      { name: 'price.price', valueType: 'NUMBER', value: 350000 },
      { name: 'area.livingSpace', valueType: 'NUMBER', value: 82.5 },
      { name: 'feature.cellar', valueType: 'RAW', value: '1' },
    ]);
  });

  it('search criteria: RANGE for the range fields, a minimum for other figures', () => {
    expect(
      criteriaRecords(
        definitions,
        {
          [rangeKey('price.price', 'max')]: '500.000',
          [rangeKey('property[baujahr]', 'min')]: '1990',
          [rangeKey('property[baujahr]', 'max')]: '2010',
          'area.livingSpace': '60',
          'feature.cellar': '1',
        },
        ['price.price', 'property[baujahr]'],
      ),
    ).toEqual([
      { name: 'price.price', valueType: 'RANGE', minValue: null, maxValue: 500000 },
      { name: 'area.livingSpace', valueType: 'NUMBER', minValue: 60 },
      { name: 'property[baujahr]', valueType: 'RANGE', minValue: 1990, maxValue: 2010 },
      { name: 'feature.cellar', valueType: 'RAW', value: '1' },
    ]);
    expect(criteriaRecords(definitions, {}, ['price.price'])).toEqual([]);
  });
});
