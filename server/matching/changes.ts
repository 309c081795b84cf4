/**
 * What matching's job (server/matching/job.ts) has to do, recorded in the transaction of the
 * request that causes it, so a change acknowledged to its sender is never lost (decision 170).
 */
import { now } from '../db/clock';
import type { Queryable } from '../db/sql';

/**
 * A saved search changed (made, confirmed, edited, deactivated): its pairs are to be written
 * again as it stands. A change while the job is at it starts its walk over from the beginning;
 * the new pairs found so far stay counted for the one event of it.
 */
export async function recordSearchChange(tx: Queryable, searchId: number) {
  await tx.run(
    `INSERT INTO search_changes (saved_search_id, changed_at) VALUES (?, ?)
     ON CONFLICT (saved_search_id) DO UPDATE SET version = search_changes.version + 1,
       phase = 'listings', cursor = 0, changed_at = excluded.changed_at`,
    searchId,
    now(),
  );
}
