/** Number formats of product 9.13 through Intl (no formatting library needed). */
import type { Language } from './language';
import { localeOf } from './index';

const cache = new Map<string, Intl.NumberFormat>();

function formatter(language: Language, kind: string, options: Intl.NumberFormatOptions) {
  const key = `${language}:${kind}`;
  let format = cache.get(key);
  if (!format) {
    format = new Intl.NumberFormat(localeOf(language), options);
    cache.set(key, format);
  }
  return format;
}

/**
 * EUR, whole amounts without decimals: 350000 → "350.000 €" (de), "€350,000" (en); an amount
 * with cents shows them (350000.5 → "350.000,50 €"), never rounded to another figure.
 */
export function formatCurrency(value: number, language: Language): string {
  const cents = Math.round(value * 100) % 100 !== 0;
  return formatter(language, cents ? 'currency-cents' : 'currency', {
    style: 'currency',
    currency: 'EUR',
    minimumFractionDigits: cents ? 2 : 0,
    maximumFractionDigits: cents ? 2 : 0,
  }).format(value);
}

/** Integers without grouping (years, counts): 1998 → "1998". */
export function formatInt(value: number, language: Language): string {
  return formatter(language, 'int', { maximumFractionDigits: 0, useGrouping: false }).format(value);
}

/**
 * Decimals with up to two places and no grouping: 3.5 → "3,5", 1250 → "1250" (de). Grouping
 * would show "1.250", which the input rule (decision 18) reads as 1,25 in these fields.
 */
export function formatDecimal(value: number, language: Language): string {
  return formatter(language, 'decimal', { maximumFractionDigits: 2, useGrouping: false }).format(
    value,
  );
}
