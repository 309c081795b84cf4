/**
 * The numeric input rule of spec 5 with the refinement of DECISIONS 18: in currency and int
 * fields a dot followed by exactly three digits groups thousands ("350.000" is 350000);
 * otherwise dots become commas, only digits, comma and minus are kept, and the comma is the
 * decimal separator. Anything that is not a number then is null.
 *
 * Our own refinement, so that English visitors are understood too: in currency and int fields
 * a comma followed by exactly three digits groups thousands as well ("1,250,000" and
 * "1,250,000.50"); nobody writes an amount of euros with three decimals.
 */
export type NumericKind = 'currency' | 'int' | 'number' | 'decimal';

const THOUSANDS_SEPARATOR = /[.,](?=\d{3}(?!\d))/g;

export function parseNumber(text: string, kind: NumericKind): number | null {
  let value = text.trim();
  if (kind === 'currency' || kind === 'int') value = value.replace(THOUSANDS_SEPARATOR, '');
  value = value.replace(/\./g, ',').replace(/[^\d,-]/g, '');
  if (!/\d/.test(value)) return null;
  if ((value.match(/,/g) ?? []).length > 1) return null;
  if (value.lastIndexOf('-') > 0) return null;
  const parsed = Number(value.replace(',', '.'));
  if (!Number.isFinite(parsed)) return null;
  // An int field keeps what its display shows: whole numbers.
  return kind === 'int' ? Math.round(parsed) : parsed;
}
