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

/**
 * The days the inbox and the funnel take ('YYYY-MM-DD'): real calendar days from FIRST_DAY to
 * LAST_DAY. A day outside them (31.12.9999 typed into a date field) is refused with a message
 * rather than read as a time no clock of ours can compute with.
 */
export const FIRST_DAY = '2000-01-01';
export const LAST_DAY = '2099-12-31';
export const DAY_PATTERN = '^20\\d\\d-(0[1-9]|1[0-2])-(0[1-9]|[12]\\d|3[01])$';

/** Whether `text` is a day the inbox takes: the pattern, and a day its month has. */
export function isDay(text: string): boolean {
  if (!new RegExp(DAY_PATTERN).test(text)) return false;
  const date = new Date(`${text}T12:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === text;
}
