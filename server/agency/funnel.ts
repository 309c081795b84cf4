/**
 * The wizards' drop-off funnel (docs/agency.md#the-funnel): daily counts per wizard and stage, never a
 * row per visitor. Pages count 'started' and each step through the beacon; the server counts
 * 'sent' and 'confirmed' in the transaction of the submission and of its confirmation.
 */
import {
  FUNNEL_EITHER_ORDER,
  FUNNEL_WIZARDS,
  FUNNEL_WIZARD_IDS,
  type FunnelReport,
  type FunnelStage,
  type FunnelWizard,
} from '../../contract/funnel';
import { berlinDay } from '../../contract/days';
import { insertRow, type Row } from '../db/rows';
import type { Queryable, Sql } from '../db/sql';
import type { SubmissionKind } from './records';

/** The wizard a submission of each kind comes from. */
export const WIZARD_OF_KIND: Record<SubmissionKind, FunnelWizard> = {
  lead: 'lead-wizard',
  savedSearch: 'saved-search-wizard',
  exposeInquiry: 'expose-inquiry-wizard',
  contact: 'contact-form-wizard',
  newsletter: 'newsletter-wizard',
};

/**
 * Rows a day's count of one wizard's stage is spread over. A count holds its row until its
 * transaction commits (on PostgreSQL, after the disk has it): each submission counts in a row
 * picked at random, so submissions at once rarely wait for each other. The report sums them.
 */
export const FUNNEL_SHARDS = 8;

/** A counted step: one of its day's rows, added or counted up. */
export const funnelRow = (wizard: FunnelWizard, stage: FunnelStage, at = new Date()): Row => ({
  table: 'funnel_counts',
  values: {
    day: berlinDay(at),
    wizard,
    stage,
    shard: Math.floor(Math.random() * FUNNEL_SHARDS),
    count: 1,
  },
  conflict: 'ON CONFLICT (day, wizard, stage, shard) DO UPDATE SET count = funnel_counts.count + 1',
});

export function funnelCounts(sql: Sql) {
  // SUM over integers: PostgreSQL's is a bigint, read as a number (server/db/sql.ts).
  const sums = `SELECT wizard, stage, SUM(count) AS count FROM funnel_counts
     WHERE day >= ? AND day <= ? GROUP BY wizard, stage`;

  return {
    /** Counts a step, inside the caller's transaction (`tx`) or on its own (`sql`). */
    async count(tx: Queryable, wizard: FunnelWizard, stage: FunnelStage, at = new Date()) {
      await insertRow(tx, funnelRow(wizard, stage, at));
    },

    /**
     * Every wizard's stages over the days `from` to `to` (inclusive): started first, then its
     * steps in the wizard's own order, then sent and confirmed. Counts never reorder them (a
     * script that inflates one step shows as a step above the one before it), except the two
     * steps a page may show in either order (FUNNEL_EITHER_ORDER: the lead wizard's category
     * and address), of which the one more visitors reached comes first.
     */
    async report(from: string, to: string): Promise<FunnelReport> {
      const counts = new Map<string, number>();
      for (const row of await sql.all<{ wizard: string; stage: string; count: number }>(
        sums,
        from,
        to,
      ))
        counts.set(`${row.wizard} ${row.stage}`, Number(row.count));
      const countOf = (wizard: FunnelWizard, stage: FunnelStage) =>
        counts.get(`${wizard} ${stage}`) ?? 0;
      return {
        from,
        to,
        wizards: FUNNEL_WIZARD_IDS.map((wizard) => {
          const at = (stage: FunnelStage) => ({ stage, count: countOf(wizard, stage) });
          const steps = (FUNNEL_WIZARDS[wizard] as readonly FunnelStage[]).map(at);
          const either = FUNNEL_EITHER_ORDER[wizard];
          if (either) {
            const [first, second] = either.map((stage) =>
              steps.findIndex((s) => s.stage === stage),
            );
            if (steps[second!]!.count > steps[first!]!.count)
              [steps[first!], steps[second!]] = [steps[second!]!, steps[first!]!];
          }
          return { wizard, stages: [at('started'), ...steps, at('sent'), at('confirmed')] };
        }),
      };
    },
  };
}

export type FunnelCounts = ReturnType<typeof funnelCounts>;
