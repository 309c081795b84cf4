import fc from 'fast-check';
import { formatCurrency, formatDecimal, formatInt } from '../../i18n/format';
import { parseNumber } from './parse';
import { normalizeDefinition } from './definitions';

describe('numeric input (product 5.7, decision 18)', () => {
  it.each([
    ['350000', 'currency', 350000],
    ['350.000', 'currency', 350000],
    ['1.250.000', 'currency', 1250000],
    ['350.000,50', 'currency', 350000.5],
    ['350.000 €', 'currency', 350000],
    ['€1,250,000', 'currency', 1250000],
    ['1,250,000.50', 'currency', 1250000.5],
    ['1,25', 'currency', 1.25],
    ['1,250', 'number', 1250],
    ['1.200', 'number', 1200],
    ['1.200 m²', 'number', 1200],
    ['82,5', 'number', 82.5],
    ['1,5 Mio', 'currency', 1_500_000],
    ['1,5 Mio.', 'currency', 1_500_000],
    ['1.5 Mio €', 'currency', 1_500_000],
    ['2 Millionen', 'currency', 2_000_000],
    ['350 Tsd', 'currency', 350_000],
    ['350 Tsd.', 'currency', 350_000],
    ['350 T€', 'currency', 350_000],
    ['350.000,50', 'currency', 350000.5],
    ['-5', 'currency', -5],
    ['3.5', 'decimal', 3.5],
    ['3,5', 'decimal', 3.5],
    ['82.5', 'number', 82.5],
    ['1.998', 'int', 1998],
    ['1998', 'int', 1998],
    ['3,7', 'int', 4],
    ['-5', 'number', -5],
    ['120 m²', 'number', 120],
  ] as const)('%s (%s) → %s', (text, kind, value) => {
    expect(parseNumber(text, kind)).toBe(value);
  });

  it.each(['', '   ', 'abc', '-', ',', '1,2,3', '1-2', '--5'])(
    '"%s" is no number → null',
    (text) => {
      expect(parseNumber(text, 'number')).toBeNull();
      expect(parseNumber(text, 'currency')).toBeNull();
    },
  );

  it('reads back what the German display shows, for any whole amount', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 2_000_000_000 }), (n) => {
        for (const language of ['de', 'en'] as const) {
          expect(parseNumber(formatCurrency(n, language), 'currency')).toBe(n);
          expect(parseNumber(formatInt(n, language), 'int')).toBe(n);
        }
      }),
    );
  });

  it('reads back decimals in both languages', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 99_999 }),
        fc.integer({ min: 0, max: 99 }),
        (whole, cents) => {
          const value = whole + cents / 100;
          expect(parseNumber(formatDecimal(value, 'de'), 'decimal')).toBeCloseTo(value, 2);
          expect(parseNumber(formatDecimal(value, 'en'), 'decimal')).toBeCloseTo(value, 2);
        },
      ),
    );
  });

  it('never throws and gives null or a finite number, whatever is typed', () => {
    fc.assert(
      fc.property(
        fc.string(),
        fc.constantFrom('currency', 'int', 'number', 'decimal'),
        (text, kind) => {
          const value = parseNumber(text, kind as 'number');
          expect(value === null || Number.isFinite(value)).toBe(true);
        },
      ),
      { numRuns: 1000 },
    );
  });
});

describe('field definitions', () => {
  it('turns a boolean into a yes/no select with 1 and 0', () => {
    expect(
      normalizeDefinition('property[denkmalschutz]', { label: 'Denkmalschutz', type: 'boolean' }),
    ).toMatchObject({
      type: 'select',
      values: [
        { value: '1', titleKey: 'fields.yes' },
        { value: '0', titleKey: 'fields.no' },
      ],
    });
  });

  it('treats a unit field as a number', () => {
    expect(
      normalizeDefinition('area.livingSpace', { label: 'Wohnfläche', unit: 'm²', type: 'int' }),
    ).toMatchObject({
      type: 'number',
      unit: 'm²',
    });
  });

  it('keeps select values and refuses what it cannot use', () => {
    expect(
      normalizeDefinition('x', {
        label: 'Zustand',
        type: 'select',
        values: [{ value: 'a', title: 'A' }, { title: 'no value' }, 7],
      })?.values,
    ).toEqual([{ value: 'a', title: 'A' }]);
    expect(normalizeDefinition('x', { label: 'X', type: 'rocket' })).toBeNull();
    expect(normalizeDefinition('x', null)).toBeNull();
    fc.assert(fc.property(fc.anything(), (raw) => void normalizeDefinition('x', raw)));
  });
});
