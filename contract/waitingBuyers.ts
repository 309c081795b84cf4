/**
 * The bands an owner's count of waiting buyers is shown in (docs/matching.md#what-an-owner-may-be-shown):
 * the backend answers a band's lower bound, and the widget shows no finer figure whatever a
 * backend sent. One list for both.
 */

/** The bands' lower bounds, ascending: the first is the threshold below which no number is shown. */
export const WAITING_BANDS = [3, 10, 25, 50] as const;

/** The fewest people an owner is told a number of (decision 153). */
export const SHOWN_FROM = WAITING_BANDS[0];

/** The most people ever counted: the top band's bound (a count stops there). */
export const COUNTED_UP_TO = WAITING_BANDS[WAITING_BANDS.length - 1];

/** The band `people` fall in, as its lower bound; null below the threshold or for no number. */
export function waitingBand(people: number): number | null {
  let band: number | null = null;
  for (const bound of WAITING_BANDS) if (people >= bound) band = bound;
  return band;
}
