/**
 * Days as the agency counts them: 'YYYY-MM-DD' in Berlin, its time zone (the inbox's date
 * filters, the funnel's counts and its period). Imports nothing.
 */
let berlinDate: Intl.DateTimeFormat | undefined;

/** The day an instant falls on in Berlin. */
export function berlinDay(at: Date): string {
  berlinDate ??= new Intl.DateTimeFormat('en-CA', {
    timeZone: 'Europe/Berlin',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  });
  return berlinDate.format(at);
}

/** The day `days` after `day` (before it, when negative). */
export function shiftDay(day: string, days: number): string {
  const date = new Date(`${day}T12:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}
