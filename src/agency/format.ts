/** Times as the agency reads them: Berlin's clock, in the page's language. */
export function formatTime(iso: string, language: string): string {
  return new Intl.DateTimeFormat(language === 'en' ? 'en-GB' : 'de-DE', {
    dateStyle: 'medium',
    timeStyle: 'short',
    timeZone: 'Europe/Berlin',
  }).format(new Date(iso));
}

/** An instant in few characters, for the list's narrow column ('29.11.26, 09:30', '29/11/26, 09:30'). */
export function formatShortTime(iso: string, language: string): string {
  return new Intl.DateTimeFormat(language === 'en' ? 'en-GB' : 'de-DE', {
    day: '2-digit',
    month: '2-digit',
    year: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    timeZone: 'Europe/Berlin',
  }).format(new Date(iso));
}

/** The day of an instant, in Berlin and the page's language ('26.11.2026', '26 Nov 2026'). */
export function formatDate(iso: string, language: string): string {
  return new Intl.DateTimeFormat(language === 'en' ? 'en-GB' : 'de-DE', {
    dateStyle: 'medium',
    timeZone: 'Europe/Berlin',
  }).format(new Date(iso));
}

/** A share as a percentage, in the page's language ('42 %' in German). */
export function formatPercent(part: number, whole: number, language: string): string {
  return new Intl.NumberFormat(language === 'en' ? 'en-GB' : 'de-DE', {
    style: 'percent',
    maximumFractionDigits: 0,
  }).format(whole > 0 ? part / whole : 0);
}

/** A day ('YYYY-MM-DD') as the agency reads it, in the page's language. */
export function formatDay(day: string, language: string): string {
  return new Intl.DateTimeFormat(language === 'en' ? 'en-GB' : 'de-DE', {
    dateStyle: 'medium',
    timeZone: 'UTC',
  }).format(new Date(`${day}T12:00:00Z`));
}

/** A count in the page's language ('1.234', '1,234'). */
export function formatCount(count: number, language: string): string {
  return new Intl.NumberFormat(language === 'en' ? 'en-GB' : 'de-DE').format(count);
}

/**
 * A change in a count with its share of the count before, signed, in the page's language:
 * '-12 (-30 %)' in German, '-12 (-30%)' in English; no change is '0 (0 %)'.
 */
export function formatChange(
  change: number,
  before: number,
  language: string,
): { count: string; percent: string } {
  const locale = language === 'en' ? 'en-GB' : 'de-DE';
  return {
    count: new Intl.NumberFormat(locale, { signDisplay: 'exceptZero' }).format(change),
    percent: new Intl.NumberFormat(locale, {
      style: 'percent',
      maximumFractionDigits: 0,
      signDisplay: 'exceptZero',
    }).format(before > 0 ? change / before : 0),
  };
}
