/**
 * PostgreSQL behind the data layer (DATABASE_URL): the pool, the start-up checks and the
 * migrations, which run once however many processes start together (an advisory lock).
 */
import { StartupError } from '../startupError';
import { MIGRATIONS, migrationFor } from './database';
import { postgresSql, type Sql } from './sql';

/**
 * Connections per server process (DATABASE_POOL): twice a 2-core database machine's cores plus
 * one; with several processes, their pools together should stay near that figure (README,
 * "Running on PostgreSQL").
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
  statementTimeoutMs?: number;
  log?: (message: string) => void;
}

/** Connects, checks the database is ours and migrates it; refuses with one line if it cannot. */
export async function openPostgres(options: OpenPostgresOptions): Promise<Sql> {
  const sql = postgresSql({
    url: options.url,
    pool: options.pool ?? DEFAULT_POOL,
    statementTimeoutMs: options.statementTimeoutMs ?? STATEMENT_TIMEOUT_MS,
    log: options.log,
  });
  try {
    await migratePostgres(sql, options.url);
  } catch (error) {
    await sql.close().catch(() => {});
    if (error instanceof StartupError) throw error;
    const code = (error as { code?: string }).code ?? (error as Error).message;
    throw new StartupError(
      `the database ${redactUrl(options.url)} cannot be used (${code}): start PostgreSQL, or correct DATABASE_URL`,
    );
  }
  return sql;
}

/**
 * Runs the migrations the database has not had, under an advisory lock: a process that starts
 * while another migrates waits for it and then finds nothing left to do.
 */
async function migratePostgres(sql: Sql & { readonly pool: import('pg').Pool }, url: string) {
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
        await client.query(
          'CREATE TABLE schema_version (version INTEGER PRIMARY KEY, applied_at TEXT NOT NULL)',
        );
      }
      const current = Number(
        (await client.query('SELECT COALESCE(MAX(version), 0) AS version FROM schema_version'))
          .rows[0].version,
      );
      if (current > MIGRATIONS.length)
        throw new StartupError(
          `the database ${redactUrl(url)} has schema version ${current}, newer than this server's ${MIGRATIONS.length}: run the server version that wrote it, or restore a backup made for this one`,
        );
      for (let version = current; version < MIGRATIONS.length; version += 1) {
        await client.query('BEGIN');
        try {
          const text = migrationFor(MIGRATIONS[version]!, 'postgres');
          if (text.trim()) await client.query(text);
          await client.query('INSERT INTO schema_version (version, applied_at) VALUES ($1, $2)', [
            version + 1,
            new Date().toISOString(),
          ]);
          await client.query('COMMIT');
        } catch (error) {
          await client.query('ROLLBACK');
          throw error;
        }
      }
    } finally {
      // A lost connection has released the lock with its session.
      await client.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK]).catch(() => {});
    }
  } finally {
    client.release();
  }
}
