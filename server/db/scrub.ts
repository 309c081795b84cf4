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
 *   indexes anew and truncates the old files. It holds each table's exclusive lock while it
 *   copies it, so it runs after the answer, one at a time: erasures that come while one runs
 *   are served by one more run after it (decision 201).
 */
import type pg from 'pg';
import type { Sql } from './sql';

export interface Scrubber {
  /** Called after an erasure's commit: removes the erased bytes of `tables`. */
  afterErasure(tables: readonly string[]): Promise<void>;
  /** Resolves once no run is under way or waiting (tests, and the server's stop). */
  idle(): Promise<void>;
}

export function createScrubber(
  sql: Sql,
  log: (message: string, detail?: unknown) => void,
): Scrubber {
  const db = (sql as Sql & { db?: import('better-sqlite3').Database }).db;
  if (sql.dialect === 'sqlite' && db) {
    return {
      async afterErasure() {
        if (db.memory) return;
        const [result] = db.pragma('wal_checkpoint(TRUNCATE)') as { busy: number }[];
        // Another connection held the log: the next erasure's checkpoint, or the stop, ends it.
        if (result?.busy) log('the WAL could not be truncated after an erasure');
      },
      idle: async () => {},
    };
  }
  const pool = (sql as Sql & { pool?: pg.Pool }).pool;
  let running: Promise<void> | null = null;
  let waiting = new Set<string>();
  let next: Promise<void> | null = null;

  async function vacuum(tables: string[]) {
    if (!pool) return;
    const client = await pool.connect();
    try {
      // A table's copy may take longer than a request's statement may.
      await client.query('SET statement_timeout = 0');
      await client.query(`VACUUM (FULL) ${tables.join(', ')}`);
    } finally {
      await client.query('RESET statement_timeout').catch(() => {});
      client.release();
    }
  }

  function run(tables: string[]): Promise<void> {
    running = vacuum(tables)
      .catch((error: unknown) =>
        log('VACUUM FULL after an erasure failed', { error: String(error) }),
      )
      .finally(() => {
        running = null;
      });
    return running;
  }

  return {
    afterErasure(tables) {
      if (!running) {
        void run([...tables]);
        return Promise.resolve();
      }
      tables.forEach((table) => waiting.add(table));
      next ??= running.then(() => {
        const batch = [...waiting];
        waiting = new Set();
        next = null;
        return run(batch);
      });
      return Promise.resolve();
    },
    async idle() {
      while (running || next) await (next ?? running);
    },
  };
}
