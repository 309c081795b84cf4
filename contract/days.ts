/**
 * Days as the agency counts them: 'YYYY-MM-DD' in Berlin, its time zone (the inbox's date
 * filters, the funnel's counts and its period). Imports nothing.
 */
let berlinDate: Intl.DateTimeFormat | undefined;
/** The last minute asked for and its day: Berlin's offsets are whole hours, so a minute
 * falls on one day (the server counts every submission of a minute on it). */
let lastMinute = NaN;
let lastDay = '';

/** The day an instant falls on in Berlin. */
export function berlinDay(at: Date): string {
  const minute = Math.floor(at.getTime() / 60_000);
  if (minute === lastMinute) return lastDay;
  berlinDate ??= new Intl.DateTimeFormat('en-CA', {
    timeZone: 'Europe/Berlin',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  });
  lastDay = berlinDate.format(at);
  lastMinute = minute;
  return lastDay;
}

/** The day `days` after `day` (before it, when negative). */
export function shiftDay(day: string, days: number): string {
  const date = new Date(`${day}T12:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}
