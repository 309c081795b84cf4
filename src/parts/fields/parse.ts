/**
 * How a typed figure is read (product 5.7, decisions 18, 36 and 190). The same rules hold in
 * both languages; a figure is read as meant or refused (null), never read with letters dropped.
 *
 * - Spaces, the euro sign, `EUR`/`Euro` and a trailing `,-` are ignored in currency fields;
 *   area units (`m²`, `m2`, `qm`, `sqm`, `m`) in area fields, `Zimmer`/`rooms` in room fields.
 * - Currency fields may name a scale after the figure: `k`, `T`, `Tsd`, `Tausend`, `T€`, `TEUR`
 *   (thousand, `TEUR` and `T€` being `T` with the currency); `m`, `M`, `Mio`, `Mill`, `Million(en)`, `mn` (million); `Mrd`, `bn`
 *   (thousand million). The figure before it is read as a decimal with either separator
 *   (`1.5m`, `1,5 Mio.`).
 * - Otherwise, with both `.` and `,` in a figure the last one is the decimal separator and the
 *   other groups thousands (`1.234,56`, `1,234.56`); a separator that occurs more than once
 *   groups thousands; a single one before exactly three digits groups thousands in currency,
 *   int and area fields (`450.000`, `450,000`), else it is the decimal separator. Rooms
 *   (`decimal`) always read a single separator as decimal (`3.5`, `3,5`).
 * - Groups of thousands hold exactly three digits (`1.23.456` is refused); digits may also be
 *   grouped by a space (`450 000`) or an apostrophe (`1'250'000`).
 * - A minus only at the start. Any other letter or sign is refused.
 */
export type NumericKind = 'currency' | 'int' | 'number' | 'decimal';

const SCALES: [RegExp, number][] = [
  [/^(k|t|tsd\.?|tausend)$/i, 1_000],
  [/^(m|mio\.?|mill\.?|millionen|million|millions|mn)$/i, 1_000_000],
  [/^(mrd\.?|milliarden?|bn|billion)$/i, 1_000_000_000],
];
const CURRENCY = /€|euros?|eur/gi;
const AREA_UNIT = /(m²|m\^2|m2|qm|sqm|quadratmeter|m)\.?$/i;
const ROOMS = /(zimmer|zi\.|rooms?)$/i;
/** Spaces a figure may contain: ordinary, no-break and thin ones. */
const SPACES = /[\s\u00a0\u202f\u2009]+/g;

export function parseNumber(text: string, kind: NumericKind): number | null {
  let value = text.trim().replace(SPACES, ' ');
  if (kind === 'currency') {
    value = value
      .replace(CURRENCY, ' ')
      .replace(/,[-–]\s*$/, '')
      .trim();
    const scaled = /^(-?[\d.,' ]*\d)\s*([a-z€.]+)$/i.exec(value);
    if (scaled) {
      const [, written = '', scale = ''] = scaled;
      const factor = SCALES.find(([word]) => word.test(scale))?.[1];
      if (factor === undefined) return null;
      const figure = readFigure(written, 'decimal');
      return figure === null ? null : Math.round(figure * factor * 100) / 100;
    }
  } else if (kind === 'number') {
    value = value.replace(AREA_UNIT, '').trim();
  } else if (kind === 'decimal') {
    value = value.replace(ROOMS, '').trim();
  }
  const figure = readFigure(value, kind);
  if (figure === null) return null;
  // An int field keeps what its display shows: whole numbers.
  return kind === 'int' ? Math.round(figure) : figure;
}

/** A figure made of digits, separators, grouping spaces and a leading minus only. */
function readFigure(text: string, kind: NumericKind): number | null {
  let value = text.trim();
  const negative = value.startsWith('-');
  if (negative) value = value.slice(1).trim();
  if (!/^\d[\d.,' ]*$/.test(value) || !/\d$/.test(value)) return null;
  // Digits grouped by spaces or apostrophes: each group after the first holds three digits.
  if (/[ ']/.test(value)) {
    if (!/^\d{1,3}([ ']\d{3})+([.,]\d+)?$/.test(value)) return null;
    value = value.replace(/[ ']/g, '');
  }
  const dots = value.split('.').length - 1;
  const commas = value.split(',').length - 1;
  let decimal: '.' | ',' | null = null;
  if (dots && commas) decimal = value.lastIndexOf('.') > value.lastIndexOf(',') ? '.' : ',';
  else if (dots === 1 || commas === 1) {
    const separator = dots ? '.' : ',';
    const groups = kind !== 'decimal' && /^\d{1,3}[.,]\d{3}$/.test(value);
    decimal = groups ? null : separator;
  }
  const [whole = '', fraction = '', rest] = decimal ? value.split(decimal) : [value];
  if (rest !== undefined) return null;
  if (/[.,]/.test(fraction)) return null;
  if (/[.,]/.test(whole) && !/^\d{1,3}([.,]\d{3})+$/.test(whole)) return null;
  const parsed = Number(`${whole.replace(/[.,]/g, '')}.${fraction || '0'}`);
  if (!Number.isFinite(parsed)) return null;
  return negative ? -parsed : parsed;
}
