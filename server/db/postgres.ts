/**
 * PostgreSQL behind the data layer (DATABASE_URL): the pool, the start-up checks and the
 * migrations, which run once however many processes start together (an advisory lock).
 */
import type pg from 'pg';
import { StartupError } from '../startupError';
import { MIGRATIONS, POSTGRES_FIRST_STEP_UNTIL } from './migrations';
import { postgresSql, type Sql } from './sql';

/**
 * Connections per server process (DATABASE_POOL): twice a 2-core database machine's cores plus
 * one; with several processes, their pools together should stay near that figure
 * (docs/postgresql.md#settings).
 */
export const DEFAULT_POOL = 5;
/** The longest a statement may run; below the request timeout, so a stuck one answers 503. */
export const STATEMENT_TIMEOUT_MS = 15_000;
/** The advisory lock the migrations run under (any 64-bit number of our own). */
export const MIGRATION_LOCK = 0x1_5e55_17e;

/** The URL with its password left out, for messages and logs. */
export function redactUrl(url: string): string {
  try {
    const parsed = new URL(url);
    if (parsed.password) parsed.password = '***';
    return parsed.toString();
  } catch {
    return 'the DATABASE_URL given';
  }
}

export interface OpenPostgresOptions {
  url: string;
  pool?: number;
  /** The longest a request's statement may run (DATABASE_TIMEOUT_MS). */
  statementTimeoutMs?: number;
  log?: (message: string) => void;
  /** Start-up work after the migrations (the seed), under the start-up timeout. */
  prepare?: (sql: Sql) => Promise<void>;
}

/**
 * The longest a statement of the start-up may run: migrations and the seed are no request.
 * A step that builds an index on a large table, or a wait while another process starting
 * together migrates or seeds, may take minutes; a database that does not answer fails the
 * start-up after this.
 */
export const STARTUP_TIMEOUT_MS = 10 * 60_000;

/**
 * Connects, checks the database is ours, migrates it and runs `prepare`, on a connection of
 * its own under STARTUP_TIMEOUT_MS; refuses with one line if it cannot. The pool it answers
 * with serves requests under `statementTimeoutMs`.
 */
export async function openPostgres(options: OpenPostgresOptions): Promise<Sql> {
  const statementTimeoutMs = options.statementTimeoutMs ?? STATEMENT_TIMEOUT_MS;
  const setup = postgresSql({
    url: options.url,
    pool: 1,
    statementTimeoutMs: Math.max(STARTUP_TIMEOUT_MS, statementTimeoutMs),
    log: options.log,
  });
  try {
    await migrateOnce(setup, options.url);
    await options.prepare?.(setup);
  } catch (error) {
    if (error instanceof StartupError) throw error;
    const code = (error as { code?: string }).code ?? (error as Error).message;
    throw new StartupError(
      `the database ${redactUrl(options.url)} cannot be used (${code}): start PostgreSQL, or correct DATABASE_URL`,
    );
  } finally {
    await setup.close().catch(() => {});
  }
  return postgresSql({
    url: options.url,
    pool: options.pool ?? DEFAULT_POOL,
    statementTimeoutMs,
    log: options.log,
  });
}

/**
 * Refuses another program's database, then takes the steps the database has not had, under an
 * advisory lock: a process that starts while another migrates waits for it and then finds
 * nothing left to do.
 */
async function migrateOnce(sql: Sql & { readonly pool: pg.Pool }, url: string) {
  const client = await sql.pool.connect();
  try {
    await client.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK]);
    try {
      const known = await client.query(`SELECT to_regclass('schema_version') AS name`);
      if (!known.rows[0].name) {
        const tables = await client.query(
          `SELECT table_name FROM information_schema.tables
           WHERE table_schema = current_schema() ORDER BY table_name LIMIT 3`,
        );
        if (tables.rowCount)
          throw new StartupError(
            `the database ${redactUrl(url)} is not Immosuite's (it holds tables of another program: ${tables.rows.map((row) => row.table_name).join(', ')}): give the server a database of its own`,
          );
      }
      const current = await versionOf(client);
      if (current > MIGRATIONS.length)
        throw new StartupError(
          `the database ${redactUrl(url)} has schema version ${current}, newer than this server's ${MIGRATIONS.length}: run the server version that wrote it, or restore a backup made for this one`,
        );
      await migratePostgres(client);
    } finally {
      // A lost connection has released the lock with its session.
      await client.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK]).catch(() => {});
    }
  } finally {
    client.release();
  }
}

/** The last step the database took (0 for a new one). */
async function versionOf(client: pg.ClientBase): Promise<number> {
  const known = await client.query(`SELECT to_regclass('schema_version') AS name`);
  if (!known.rows[0].name) return 0;
  return Number(
    (await client.query('SELECT COALESCE(MAX(version), 0) AS version FROM schema_version')).rows[0]
      .version,
  );
}

/**
 * Takes the steps after the database's last one up to `target` (every step by default), each
 * in a transaction with its record in `schema_version`. The caller holds the migration lock.
 */
export async function migratePostgres(client: pg.ClientBase, target = MIGRATIONS.length) {
  await client.query(
    'CREATE TABLE IF NOT EXISTS schema_version (version INTEGER PRIMARY KEY, applied_at TEXT NOT NULL)',
  );
  let current = await versionOf(client);
  const record = (version: number) =>
    client.query('INSERT INTO schema_version (version, applied_at) VALUES ($1, $2)', [
      version,
      new Date().toISOString(),
    ]);
  if (current > 0 && current < POSTGRES_FIRST_STEP_UNTIL && (await tookStepsAtOnce(client))) {
    for (let version = current + 1; version <= POSTGRES_FIRST_STEP_UNTIL; version += 1)
      await record(version);
    current = POSTGRES_FIRST_STEP_UNTIL;
  }
  for (let version = current; version < target; version += 1) {
    await client.query('BEGIN');
    try {
      const text = MIGRATIONS[version]!.postgres;
      if (text.trim()) await client.query(text);
      await record(version + 1);
      await client.query('COMMIT');
    } catch (error) {
      await client.query('ROLLBACK');
      throw error;
    }
  }
}

/** Whether the database has the schema of step POSTGRES_FIRST_STEP_UNTIL (its last column). */
async function tookStepsAtOnce(client: pg.ClientBase): Promise<boolean> {
  const found = await client.query(
    `SELECT 1 FROM information_schema.columns WHERE table_schema = current_schema()
       AND table_name = 'auth_keys' AND column_name = 'requested_by'`,
  );
  return (found.rowCount ?? 0) > 0;
}
