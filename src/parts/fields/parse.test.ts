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

  // Decision 190: every common way of writing an amount, in either language.
  it.each([
    ['1.5m', 1_500_000],
    ['1.5M', 1_500_000],
    ['1,5m', 1_500_000],
    ['1,5 Mio.', 1_500_000],
    ['1,5 Mio', 1_500_000],
    ['1,5 Mio. €', 1_500_000],
    ['1.5 million', 1_500_000],
    ['€1.5m', 1_500_000],
    ['2 Mrd', 2_000_000_000],
    ['450T', 450_000],
    ['450 T€', 450_000],
    ['450 TEUR', 450_000],
    ['450k', 450_000],
    ['450K', 450_000],
    ['450 Tausend Euro', 450_000],
    ['450.000', 450_000],
    ['450,000', 450_000],
    ['1.234,56', 1234.56],
    ['1,234.56', 1234.56],
    ['€ 450.000', 450_000],
    ['450.000 €', 450_000],
    ['450.000 EUR', 450_000],
    ['450000EUR', 450_000],
    ['450.000,- €', 450_000],
    ['450.000,-', 450_000],
    ['450 000', 450_000],
    ['450\u00a0000 €', 450_000],
    ["1'250'000", 1_250_000],
    ['1 250 000,50', 1_250_000.5],
  ])('the amount "%s" → %s', (text, value) => {
    expect(parseNumber(text, 'currency')).toBe(value);
  });

  it.each([
    ['120 qm', 'number', 120],
    ['120m2', 'number', 120],
    ['3,5 Zimmer', 'decimal', 3.5],
    ['3.5 rooms', 'decimal', 3.5],
  ] as const)('%s (%s) → %s', (text, kind, value) => {
    expect(parseNumber(text, kind)).toBe(value);
  });

  // Decision 190: what cannot be read as meant is refused, never read with its letters dropped.
  it.each([
    ['450X', 'currency'],
    ['450 Tsd Mio', 'currency'],
    ['ca. 450.000', 'currency'],
    ['1.5m²', 'currency'],
    ['1.23.456', 'currency'],
    ['1,23,456', 'currency'],
    ['12 34', 'currency'],
    ['1.234,5.6', 'currency'],
    ['1,234.5,6', 'currency'],
    ['1e6', 'currency'],
    ['5-', 'currency'],
    ['Bj. 1998', 'int'],
    ['1.5m', 'int'],
    ['450T', 'number'],
    ['drei', 'decimal'],
  ] as const)('"%s" (%s) is refused → null', (text, kind) => {
    expect(parseNumber(text, kind)).toBeNull();
  });

  const SEED = { seed: 20261128, numRuns: 500 };
  const group = (n: number, separator: string) =>
    String(n).replace(/\B(?=(\d{3})+(?!\d))/g, separator);

  it('reads a whole amount grouped in any of the common ways, with or without the currency', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1_000, max: 2_000_000_000 }),
        fc.constantFrom('.', ',', ' ', '\u00a0', "'", ''),
        fc.constantFrom('', ' €', '€', ' EUR', ',- €', ',-'),
        fc.boolean(),
        (n, separator, suffix, euroFirst) => {
          const written = `${euroFirst ? '€ ' : ''}${group(n, separator)}${euroFirst ? '' : suffix}`;
          expect(parseNumber(written, 'currency')).toBe(n);
        },
      ),
      SEED,
    );
  });

  it('reads amounts with cents in German and English writing', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1_000, max: 99_999_999 }),
        fc.integer({ min: 1, max: 99 }),
        (whole, cents) => {
          const fraction = String(cents).padStart(2, '0');
          const value = whole + cents / 100;
          expect(parseNumber(`${group(whole, '.')},${fraction}`, 'currency')).toBeCloseTo(value, 2);
          expect(parseNumber(`${group(whole, ',')}.${fraction}`, 'currency')).toBeCloseTo(value, 2);
        },
      ),
      SEED,
    );
  });

  it('reads a scale after any figure, with either decimal separator', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 999 }),
        fc.integer({ min: 0, max: 9 }),
        fc.constantFrom(
          ['k', 1_000],
          ['T', 1_000],
          [' T€', 1_000],
          [' Tsd.', 1_000],
          ['m', 1_000_000],
          ['M', 1_000_000],
          [' Mio.', 1_000_000],
          [' Mio', 1_000_000],
          [' Millionen', 1_000_000],
        ),
        fc.constantFrom('.', ','),
        (whole, tenth, [scale, factor], separator) => {
          const written = `${whole}${separator}${tenth}${scale}`;
          expect(parseNumber(written, 'currency')).toBe((whole * 10 + tenth) * (factor / 10));
        },
      ),
      SEED,
    );
  });

  it('refuses a readable amount once a stray letter is added anywhere in it', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1_000, max: 2_000_000_000 }),
        fc.constantFrom('.', ',', ' '),
        fc.constantFrom(...'bcdfghjpqsvwxyzBCDFGHJPQSVWXYZ'),
        fc.nat(),
        fc.constantFrom('currency', 'int', 'number', 'decimal'),
        (n, separator, letter, at, kind) => {
          const written = group(n, separator);
          const i = at % (written.length + 1);
          const spoilt = written.slice(0, i) + letter + written.slice(i);
          expect(parseNumber(spoilt, kind as 'number')).toBeNull();
        },
      ),
      SEED,
    );
  });

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
