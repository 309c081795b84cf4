/**
 * The numeric input rule of product 5.7 with the refinement of decision 18: in currency and int
 * fields a dot followed by exactly three digits groups thousands ("350.000" is 350000);
 * otherwise dots become commas, only digits, comma and minus are kept, and the comma is the
 * decimal separator. Anything that is not a number then is null.
 *
 * Our own refinements (decision 36), so that visitors are understood as they write:
 * - the decision 18 rule holds for area fields (number) too: "1.200" m² is 1200, not 1,2;
 * - in those fields a comma followed by exactly three digits groups thousands as well
 *   ("1,250,000" and "1,250,000.50"); nobody writes euros or square metres to three decimals;
 * - amounts may say their scale: "1,5 Mio" (Mio., Millionen) is 1,500,000 and "350 Tsd"
 *   (Tsd., Tausend, T€) 350,000.
 */
export type NumericKind = 'currency' | 'int' | 'number' | 'decimal';

const THOUSANDS_SEPARATOR = /[.,](?=\d{3}(?!\d))/g;
const SCALES: [RegExp, number][] = [
  [/(mio|millionen|million|mill)\.?\s*(€|eur|euro)?\s*$/i, 1_000_000],
  [/(tsd|tausend|t€|k)\.?\s*(€|eur|euro)?\s*$/i, 1_000],
];

export function parseNumber(text: string, kind: NumericKind): number | null {
  let value = text.trim();
  if (kind === 'currency') {
    for (const [suffix, factor] of SCALES) {
      if (!suffix.test(value)) continue;
      // The figure before the scale is read as a decimal: "1,5 Mio", "1.5 Mio".
      const figure = parseNumber(value.replace(suffix, ''), 'decimal');
      return figure === null ? null : Math.round(figure * factor * 100) / 100;
    }
  }
  if (kind !== 'decimal') value = value.replace(THOUSANDS_SEPARATOR, '');
  value = value.replace(/\./g, ',').replace(/[^\d,-]/g, '');
  if (!/\d/.test(value)) return null;
  if ((value.match(/,/g) ?? []).length > 1) return null;
  if (value.lastIndexOf('-') > 0) return null;
  const parsed = Number(value.replace(',', '.'));
  if (!Number.isFinite(parsed)) return null;
  // An int field keeps what its display shows: whole numbers.
  return kind === 'int' ? Math.round(parsed) : parsed;
}
