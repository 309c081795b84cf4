/**
 * What the lead's answer tells its owner of the saved searches waiting for a property like
 * theirs (docs/matching.md#what-an-owner-may-be-shown), read as the widget reads every answer:
 * nothing it cannot vouch for.
 */

import { waitingBand } from '../../../contract/waitingBuyers';

/**
 * The count as its band's lower bound (3 or more; null: no number) and the place it is for
 * (null: the owner's area).
 */
export interface WaitingBuyers {
  count: number | null;
  place: string | null;
}

/**
 * The answer's `waitingBuyers`, or null where it has none (an older backend) or it is
 * malformed. A count is shown as its band (contract/waitingBuyers.ts), below 3 as no number,
 * whatever sent it.
 */
export function waitingBuyersOf(answer: unknown): WaitingBuyers | null {
  const w = (answer as { waitingBuyers?: { count?: unknown; place?: unknown } } | null)
    ?.waitingBuyers;
  if (typeof w !== 'object' || !w) return null;
  const { count, place } = w;
  if ((count !== null && !Number.isInteger(count)) || (place != null && typeof place !== 'string'))
    return null;
  return {
    count: count === null ? null : waitingBand(count as number),
    place: (place as string | null | undefined)?.trim() || null,
  };
}
