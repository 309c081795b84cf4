import fc from 'fast-check';
import { formatValue } from './FieldInput';
import { boundsOf, outOfBounds } from './bounds';
import { parseNumber, type NumericKind } from './parse';

const NOW = new Date('2026-11-23T12:00:00Z');
const refused = (text: string, type: NumericKind, limits: { min?: number; max?: number } = {}) => {
  const value = parseNumber(text, type);
  return value === null ? 'unreadable' : outOfBounds(value, boundsOf({ type, ...limits }, NOW));
};

describe('bounds per field type', () => {
  it.each([
    ['-5', 'currency', 'fields.mustBePositive'],
    ['0', 'currency', 'fields.mustBePositive'],
    ['12345678901234567890123', 'currency', 'fields.outOfRange'],
    ['0', 'number', 'fields.mustBePositive'],
    ['0,25', 'decimal', 'fields.outOfRange'],
    ['101', 'decimal', 'fields.outOfRange'],
    ['85', 'int', 'fields.outOfRange'],
    ['2028', 'int', 'fields.outOfRange'],
  ] as const)('"%s" (%s) is refused: %s', (text, type, key) => {
    expect(refused(text, type)).toMatchObject({ key });
  });

  it.each([
    ['1', 'currency'],
    ['1,5 Mio', 'currency'],
    ['0,5', 'decimal'],
    ['100', 'decimal'],
    ['1500', 'int'],
    ['2027', 'int'],
    ['1.200', 'number'],
  ] as const)('"%s" (%s) is fine', (text, type) => {
    expect(refused(text, type)).toBeNull();
  });

  it("takes the backend's own limits where the definition gives them", () => {
    expect(refused('3', 'decimal', { min: 1, max: 2 })).toMatchObject({
      key: 'fields.outOfRange',
      min: 1,
      max: 2,
    });
    expect(refused('0', 'currency', { min: 0 })).toBeNull();
  });

  it('reads back every figure its field displays, in every field type and both languages', () => {
    const cents = fc.integer({ min: 1, max: 10_000_000_000 }).map((n) => n / 100);
    const figures: Record<NumericKind, fc.Arbitrary<number>> = {
      currency: fc.oneof(fc.integer({ min: 1, max: 2_000_000_000 }), cents),
      int: fc.integer({ min: 1500, max: 2027 }),
      number: fc.integer({ min: 1, max: 100_000_000 }).map((n) => n / 100),
      decimal: fc.integer({ min: 50, max: 10_000 }).map((n) => n / 100),
    };
    for (const type of Object.keys(figures) as NumericKind[]) {
      fc.assert(
        fc.property(figures[type], fc.constantFrom('de' as const, 'en' as const), (value, lang) => {
          const shown = formatValue(value, type, lang);
          expect(parseNumber(shown, type)).toBeCloseTo(value, 2);
        }),
      );
    }
  });
});
