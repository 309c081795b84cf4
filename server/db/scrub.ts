/**
 * After an erasure has committed, the erased bytes leave the database's files
 * (docs/security.md#erasure):
 *
 * - SQLite writes with `secure_delete` on (sqlite.ts), so a deleted row's cells and freed pages
 *   are overwritten with zeros; what is left is the write-ahead log, which still holds the
 *   pages as they were. A TRUNCATE checkpoint copies it into the file and cuts it to 0 bytes,
 *   in the erasure's request (its cost is the log's size, which the checkpointer keeps small).
 * - PostgreSQL keeps a deleted row's bytes in its page until the space is reused; a plain
 *   VACUUM marks it free without overwriting it. `VACUUM FULL` writes each table and its
 *   indexes anew and truncates the old files; it holds the table's exclusive lock while it
 *   copies it, for a time that grows with the table. So an erasure only marks the tables it
 *   touched as due (`erasure_scrubs`, in its transaction), and they are written anew in the
 *   agency's quiet hour (ERASURE_SCRUB_AT, Berlin time, 03:00 by default; decision 217), one
 *   table at a time, by one process at a time (an advisory lock); a table whose lock is not
 *   had within LOCK_WAIT_MS is left for the next look, so no request queues behind it.
 *   ERASURE_SCRUB_AT=erasure writes them anew right after each erasure's answer instead.
 */
import type pg from 'pg';
import { now } from './clock';
import type { Sql } from './sql';

/** When PostgreSQL's erased tables are written anew: after each erasure, or daily at a time. */
export type ScrubSchedule = 'erasure' | { hour: number; minute: number };

/** How long the daily run may start after its time (a process that was busy or down). */
export const SCRUB_WINDOW_MINUTES = 60;
/** How often a server looks whether tables are due. */
export const SCRUB_CHECK_MS = 60_000;
/** How long a table's rewrite waits for its lock before it is left for the next look. */
export const LOCK_WAIT_MS = 1_000;
/** The longest one table's copy may take before its connection gives up on it. */
const COPY_TIMEOUT_MS = 6 * 60 * 60 * 1000;
/** How often an erasure's TRUNCATE checkpoint on SQLite is tried, and the pause between. */
export const TRUNCATE_TRIES = 100;
export const TRUNCATE_PAUSE_MS = 20;
/** The advisory lock one process holds while it writes tables anew. */
const SCRUB_LOCK = 7_302_201;

export interface Scrubber {
  /** Called after an erasure's commit: removes the erased bytes of `tables` (or their time does). */
  afterErasure(tables: readonly string[]): Promise<void>;
  /** Looks whether tables are due and their time has come, and writes them anew if so. */
  tick(): Promise<void>;
  /** Starts looking every SCRUB_CHECK_MS (PostgreSQL); `stop` ends it. */
  start(): void;
  stop(): void;
  /** Resolves once no run is under way or waiting (tests, and the server's stop). */
  idle(): Promise<void>;
}

let berlinClock: Intl.DateTimeFormat | undefined;
/** Minutes since midnight in Berlin at `at` (ISO text). */
function berlinMinutes(at: string): number {
  berlinClock ??= new Intl.DateTimeFormat('en-GB', {
    timeZone: 'Europe/Berlin',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  });
  const parts = berlinClock.formatToParts(new Date(at));
  const part = (type: string) => Number(parts.find((p) => p.type === type)!.value);
  return part('hour') * 60 + part('minute');
}

/** Whether `at` lies in the daily window that starts at `schedule`'s time. */
export function inScrubWindow(schedule: { hour: number; minute: number }, at: string): boolean {
  const since = (berlinMinutes(at) - (schedule.hour * 60 + schedule.minute) + 1440) % 1440;
  return since < SCRUB_WINDOW_MINUTES;
}

/** The due marks an erasure writes in its transaction (PostgreSQL; SQLite needs none). */
export const MARK_DUE = `INSERT INTO erasure_scrubs (table_name, due_since) VALUES (?, ?)
  ON CONFLICT (table_name) DO UPDATE SET due_since = excluded.due_since`;

const idleScrubber = (afterErasure: Scrubber['afterErasure']): Scrubber => ({
  afterErasure,
  tick: async () => {},
  start() {},
  stop() {},
  idle: async () => {},
});

export function createScrubber(
  sql: Sql,
  log: (message: string, detail?: unknown) => void,
  schedule: ScrubSchedule = { hour: 3, minute: 0 },
): Scrubber {
  const db = (sql as Sql & { db?: import('better-sqlite3').Database }).db;
  if (sql.dialect === 'sqlite' && db) {
    return idleScrubber(async () => {
      if (db.memory) return;
      // The checkpointer's worker (checkpointer.ts) may be in a checkpoint of its own, which
      // makes this one answer busy at once: tried again after a moment, for up to
      // TRUNCATE_TRIES x TRUNCATE_PAUSE_MS.
      for (let tries = 1; ; tries += 1) {
        // A server stopping meanwhile has closed the database; its stop checkpoints the log.
        if (!db.open) return;
        const [result] = db.pragma('wal_checkpoint(TRUNCATE)') as { busy: number }[];
        if (!result?.busy) return;
        if (tries >= TRUNCATE_TRIES) break;
        await new Promise((resolve) => setTimeout(resolve, TRUNCATE_PAUSE_MS));
      }
      // Another connection held the log all along: the next erasure's checkpoint, or the
      // stop, ends it.
      log('the WAL could not be truncated after an erasure');
    });
  }
  const pool = (sql as Sql & { pool?: pg.Pool }).pool;
  if (!pool) return idleScrubber(async () => {});
  let running: Promise<void> | null = null;
  let again = false;
  let timer: NodeJS.Timeout | null = null;

  /** Writes every due table anew, one at a time, unless another process is at it. */
  async function runDue() {
    const client = await pool!.connect();
    try {
      const locked = await client.query('SELECT pg_try_advisory_lock($1) AS locked', [SCRUB_LOCK]);
      if (!locked.rows[0].locked) return;
      try {
        const due = await client.query<{ table_name: string }>(
          'SELECT table_name FROM erasure_scrubs ORDER BY table_name',
        );
        // A table's copy may take longer than a request's statement may; its lock may not.
        await client.query('SET statement_timeout = 0');
        await client.query(`SET lock_timeout = ${LOCK_WAIT_MS}`);
        for (const { table_name: table } of due.rows) {
          const started = now();
          try {
            // The pool's client-side read timeout (a request's) does not hold for the copy.
            const copy = {
              text: `VACUUM (FULL) ${client.escapeIdentifier(table)}`,
              // pg reads it from the query's config; its types leave it out.
              query_timeout: COPY_TIMEOUT_MS,
            };
            await client.query(copy as pg.QueryConfig);
          } catch (error) {
            log('VACUUM FULL after an erasure failed; it is tried again', {
              table,
              error: String(error),
            });
            continue;
          }
          // An erasure that marked the table meanwhile keeps its mark for the next run.
          await client.query(
            'DELETE FROM erasure_scrubs WHERE table_name = $1 AND due_since <= $2',
            [table, started],
          );
        }
      } finally {
        await client.query('RESET statement_timeout');
        await client.query('RESET lock_timeout');
        await client.query('SELECT pg_advisory_unlock($1)', [SCRUB_LOCK]);
      }
    } finally {
      client.release();
    }
  }

  /** Runs the due tables now, or once more after the run under way. */
  function request(): Promise<void> {
    if (running) {
      again = true;
      return running;
    }
    running = (async () => {
      do {
        again = false;
        await runDue().catch((error: unknown) =>
          log('writing erased tables anew failed', { error: String(error) }),
        );
      } while (again);
    })().finally(() => {
      running = null;
    });
    return running;
  }

  const timeHasCome = () => schedule === 'erasure' || inScrubWindow(schedule, now());

  return {
    async afterErasure() {
      // After the answer: the request does not wait for it.
      if (schedule === 'erasure') void request();
    },
    async tick() {
      if (!timeHasCome()) return;
      const due = await sql.one<{ n: number | string }>('SELECT count(*) AS n FROM erasure_scrubs');
      if (Number(due?.n ?? 0) > 0) await request();
    },
    start() {
      timer ??= setInterval(() => {
        this.tick().catch((error: unknown) =>
          log('looking for erased tables failed', { error: String(error) }),
        );
      }, SCRUB_CHECK_MS);
      timer.unref();
    },
    stop() {
      if (timer) clearInterval(timer);
      timer = null;
    },
    async idle() {
      while (running) await running;
    },
  };
}
