/**
 * One asynchronous interface over SQLite (the embedded default, better-sqlite3) and PostgreSQL
 * (DATABASE_URL, node-postgres): every API module reads and writes through it, and the server
 * opens one or the other (app.ts). Statements are written once with `?` (or `@name` and one
 * object) for their parameters; where the dialects differ, a caller picks its statement by
 * `dialect`.
 *
 * SQLite runs in this process on one connection: transactions take turns (a statement outside
 * one waits for the open one to end), and `batch()` commits the writes queued in one turn of
 * the event loop together (group commit), gathering for up to GATHER_MS after a commit.
 * PostgreSQL runs every transaction on a pooled connection of its own, and `batch()` is a
 * transaction.
 */
import crypto from 'node:crypto';
import type Database from 'better-sqlite3';
import pg from 'pg';
import { monotonic } from './clock';

export type Dialect = 'sqlite' | 'postgres';
export type Param = string | number | bigint | null;
export type Params = Param[] | [Record<string, Param>];

export interface Queryable {
  readonly dialect: Dialect;
  /** The first row, or undefined. */
  one<T = Record<string, unknown>>(text: string, ...params: Params): Promise<T | undefined>;
  all<T = Record<string, unknown>>(text: string, ...params: Params): Promise<T[]>;
  /** Runs a statement; resolves to the number of rows it changed. */
  run(text: string, ...params: Params): Promise<number>;
  /**
   * Runs an INSERT of one row; resolves to the id of the row it added, null when it added
   * none (a conflict clause left it out). SQLite reads its last inserted rowid; a PostgreSQL
   * text ends in RETURNING id.
   */
  insert(text: string, ...params: Params): Promise<number | null>;
}

export interface Sql extends Queryable {
  /** Runs `work` in one transaction: committed when it resolves, rolled back when it throws. */
  transaction<T>(work: (tx: Queryable) => Promise<T>): Promise<T>;
  /**
   * A transaction whose commit may be shared with others queued in the same turn of the event
   * loop (SQLite). `work` may run twice (after another job of its batch failed): it must only
   * write through `tx` and return its results.
   */
  batch<T>(work: (tx: Queryable) => Promise<T>): Promise<T>;
  close(): Promise<void>;
}

/** The database cannot be reached (PostgreSQL down, connection lost): the API answers 503. */
export class DatabaseUnavailable extends Error {
  constructor(override readonly cause: unknown) {
    super(`the database cannot be reached: ${(cause as Error)?.message ?? cause}`);
  }
}

/**
 * Whether `error` is a unique index's or a primary key's refusal: on `column` of `table`
 * (SQLite names them), or of the index `index` (PostgreSQL names it; a primary key's is
 * `<table>_pkey`).
 */
export function isUniqueViolation(
  error: unknown,
  at: { table: string; column: string; index: string },
): boolean {
  const { code, constraint, message } = (error ?? {}) as {
    code?: string;
    constraint?: string;
    message?: string;
  };
  if (code === '23505') return constraint === at.index;
  return (
    (code === 'SQLITE_CONSTRAINT_UNIQUE' || code === 'SQLITE_CONSTRAINT_PRIMARYKEY') &&
    (message ?? '').includes(`${at.table}.${at.column}`)
  );
}

// ---------------------------------------------------------------------------------- SQLite

/**
 * How long after a batch's commit the next batch gathers on SQLite: one queued sooner waits for
 * the rest of it (at least the timer's millisecond), taking what arrives meanwhile (decision 195).
 */
export const GATHER_MS = 1;

/**
 * `db` as Sql. `clock`: milliseconds of a monotonic clock, which times the gathering of
 * batches (a test's own).
 */
export function sqliteSql(
  db: Database.Database,
  { clock = monotonic }: { clock?: () => number } = {},
): Sql & { readonly db: Database.Database } {
  const statements = new Map<string, Database.Statement>();
  const prepare = (text: string) => {
    let statement = statements.get(text);
    if (!statement) {
      statement = db.prepare(text);
      statements.set(text, statement);
    }
    return statement;
  };
  const direct: Queryable = {
    dialect: 'sqlite',
    one: async <T>(text: string, ...params: Params) => prepare(text).get(...params) as T,
    all: async <T>(text: string, ...params: Params) => prepare(text).all(...params) as T[],
    run: async (text: string, ...params: Params) => {
      const statement = prepare(text);
      if (statement.reader) {
        statement.all(...params);
        return 0;
      }
      return statement.run(...params).changes;
    },
    insert: async (text: string, ...params: Params) => {
      const { changes, lastInsertRowid } = prepare(text).run(...params);
      return changes ? Number(lastInsertRowid) : null;
    },
  };

  /** The end of the open transaction (resolved when none is open). */
  let turn: Promise<void> = Promise.resolve();
  let open = 0;

  async function exclusive<T>(work: () => Promise<T>): Promise<T> {
    const previous = turn;
    let done!: () => void;
    turn = new Promise((resolve) => (done = resolve));
    open += 1;
    await previous;
    try {
      return await work();
    } finally {
      open -= 1;
      done();
    }
  }

  // Prepared once, as better-sqlite3's own transactions do (exec would parse them each time).
  const begin = db.prepare('BEGIN');
  const commit = db.prepare('COMMIT');
  const rollback = db.prepare('ROLLBACK');

  async function inTransaction<T>(work: (tx: Queryable) => Promise<T>): Promise<T> {
    begin.run();
    try {
      const value = await work(direct);
      commit.run();
      return value;
    } catch (error) {
      if (db.inTransaction) rollback.run();
      throw error;
    }
  }

  /**
   * `call` for a statement outside a transaction: it waits while one is open (it would run
   * inside it), and runs at once otherwise.
   */
  const outside = <F extends (text: string, ...params: Params) => Promise<unknown>>(call: F): F =>
    ((text: string, ...params: Params) =>
      open ? exclusive(() => call(text, ...params)) : call(text, ...params)) as F;

  interface Job {
    work: (tx: Queryable) => Promise<unknown>;
    resolve: (value: unknown) => void;
    reject: (error: unknown) => void;
  }
  let queue: Job[] = [];
  /** When the last batch's commit ended (by `clock`); -Infinity before the first. */
  let lastFlush = -Infinity;
  /** The timer of a batch waiting to gather, if one is. */
  let gathering: NodeJS.Timeout | null = null;

  async function flush() {
    if (gathering) clearTimeout(gathering);
    gathering = null;
    const jobs = queue;
    queue = [];
    if (!jobs.length) return;
    await exclusive(async () => {
      let values: unknown[];
      try {
        values = await inTransaction(async (tx) => {
          const results: unknown[] = [];
          for (const job of jobs) results.push(await job.work(tx));
          return results;
        });
      } catch {
        // One job failed: each runs again alone, so only the failing one's caller sees it.
        for (const job of jobs) {
          try {
            const value = await inTransaction(job.work);
            lastFlush = clock();
            job.resolve(value);
          } catch (error) {
            job.reject(error);
          }
        }
        return;
      }
      // Taken before any caller hears of it: a batch its callers queue next gathers.
      lastFlush = clock();
      jobs.forEach((job, i) => job.resolve(values[i]));
    });
  }

  /**
   * A batch's commit: at the next turn of the event loop, or, queued within GATHER_MS of the
   * last commit, once the rest of that time has passed, so that under a stream of writes a
   * commit takes what arrived meanwhile and writes its pages once for all of it (decision 195).
   */
  function schedule() {
    const wait = Math.min(GATHER_MS, lastFlush + GATHER_MS - clock());
    if (wait <= 0) setImmediate(() => void flush());
    else gathering = setTimeout(() => void flush(), wait);
  }

  return {
    db,
    dialect: 'sqlite',
    one: outside(direct.one),
    all: outside(direct.all),
    run: outside(direct.run),
    insert: outside(direct.insert),
    transaction: (work) => exclusive(() => inTransaction(work)),
    batch<T>(work: (tx: Queryable) => Promise<T>) {
      return new Promise<T>((resolve, reject) => {
        queue.push({ work, resolve: resolve as (value: unknown) => void, reject });
        if (queue.length === 1) schedule();
      });
    },
    close: async () => {
      // A batch still gathering is committed first.
      if (queue.length) await flush();
      await turn;
      db.close();
    },
  };
}

// ------------------------------------------------------------------------------ PostgreSQL

// BIGINT (ids, counts) as numbers: no id or count of ours nears 2^53.
pg.types.setTypeParser(pg.types.builtins.INT8, (value) => Number(value));

/** `?` and `@name` parameters as PostgreSQL's `$1`, `$2`, … (cached per statement). */
interface Translated {
  text: string;
  names: string[] | null;
  name: string;
}
const translations = new Map<string, Translated>();

export function translate(text: string): Translated {
  let translated = translations.get(text);
  if (translated) return translated;
  let position = 0;
  const names: string[] = [];
  let named = false;
  // Parameters only outside quoted text ('…', "…"); PostgreSQL's own `?` operators are not used.
  const out = text.replace(/'(?:[^']|'')*'|"[^"]*"|\?|@(\w+)/g, (match, name?: string) => {
    if (match === '?') return `$${(position += 1)}`;
    if (name) {
      named = true;
      let index = names.indexOf(name);
      if (index < 0) index = names.push(name) - 1;
      return `$${index + 1}`;
    }
    return match;
  });
  translated = {
    text: out,
    names: named ? names : null,
    // A prepared statement per text on each connection, named by the text's hash.
    name: `s${crypto.createHash('sha1').update(out).digest('hex').slice(0, 16)}`,
  };
  translations.set(text, translated);
  return translated;
}

function values(translated: Translated, params: Params): Param[] {
  // Named parameters come as one object (which may name none the text uses: an empty filter).
  const named = params.length === 1 && typeof params[0] === 'object' && params[0] !== null;
  if (!named) return params as Param[];
  const record = params[0] as Record<string, Param>;
  return (translated.names ?? []).map((name) => {
    if (!(name in record)) throw new Error(`missing parameter @${name}`);
    return record[name]!;
  });
}

/** Errors that mean the database is not there (not a fault of the statement). */
const UNAVAILABLE_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ENOTFOUND',
  'EPIPE',
  'ETIMEDOUT',
  '57P01', // admin_shutdown
  '57P02', // crash_shutdown
  '57P03', // cannot_connect_now
  '08000',
  '08003',
  '08006',
  '08001',
  '08004',
  '57014', // query_canceled: statement_timeout ended it
]);

/** How often a transaction ended by a deadlock is run again. */
export const RETRIES = 3;

export function isUnavailable(error: unknown): boolean {
  const code = (error as { code?: string })?.code;
  const message = (error as Error)?.message ?? '';
  return (
    (code !== undefined && UNAVAILABLE_CODES.has(code)) ||
    /Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error|Query read timeout/i.test(
      message,
    )
  );
}

const unavailable = (error: unknown) =>
  isUnavailable(error) ? new DatabaseUnavailable(error) : error;

export interface PostgresOptions {
  url: string;
  /** Connections in the pool (DATABASE_POOL). */
  pool: number;
  /**
   * Longest a statement may run (ms): the server ends it then (statement_timeout), and this
   * process gives up on an answer a second later (a database that says nothing at all, as in a
   * network partition). A connection is given up on after this long (at least 1 s) or 5 s,
   * the shorter.
   */
  statementTimeoutMs: number;
  log?: (message: string) => void;
}

/** How much longer than the server's statement_timeout this process waits for an answer. */
export const ANSWER_MARGIN_MS = 1_000;
const CONNECT_TIMEOUT_MS = 5_000;
/** A new connection on a busy machine may take a moment, however short the statements are. */
const CONNECT_TIMEOUT_FLOOR_MS = 1_000;

export function postgresSql(options: PostgresOptions): Sql & { readonly pool: pg.Pool } {
  const pool = new pg.Pool({
    connectionString: options.url,
    max: options.pool,
    statement_timeout: options.statementTimeoutMs,
    // A database that does not answer (frozen, or a partition that drops packets) ends each
    // statement here, and the connection with it: the request answers 503 + Retry-After.
    query_timeout: options.statementTimeoutMs + ANSWER_MARGIN_MS,
    connectionTimeoutMillis: Math.min(
      CONNECT_TIMEOUT_MS,
      Math.max(CONNECT_TIMEOUT_FLOOR_MS, options.statementTimeoutMs),
    ),
    keepAlive: true,
    idleTimeoutMillis: 30_000,
  });
  // A pooled connection the server drops while idle: logged, the pool makes a new one.
  pool.on('error', (error) =>
    options.log?.(`a pooled database connection failed: ${error.message}`),
  );

  const on = (client: pg.Pool | pg.PoolClient): Queryable => {
    async function query(text: string, params: Params) {
      const translated = translate(text);
      try {
        return await client.query({
          name: translated.name,
          text: translated.text,
          values: values(translated, params),
        });
      } catch (error) {
        throw unavailable(error);
      }
    }
    return {
      dialect: 'postgres',
      one: async <T>(text: string, ...params: Params) =>
        (await query(text, params)).rows[0] as T | undefined,
      all: async <T>(text: string, ...params: Params) => (await query(text, params)).rows as T[],
      run: async (text: string, ...params: Params) => (await query(text, params)).rowCount ?? 0,
      insert: async (text: string, ...params: Params) => {
        const row = (await query(text, params)).rows[0] as { id: number } | undefined;
        return row ? row.id : null;
      },
    };
  };

  /**
   * A transaction PostgreSQL ended to break a deadlock (or a serialization failure) is run
   * again, up to RETRIES times: its work only read and wrote the database, and was rolled back.
   */
  async function transaction<T>(work: (tx: Queryable) => Promise<T>): Promise<T> {
    for (let tries = 1; ; tries += 1) {
      try {
        return await transactionOnce(work);
      } catch (error) {
        const code = (error as { code?: string }).code;
        if (tries > RETRIES || (code !== '40P01' && code !== '40001')) throw error;
      }
    }
  }

  async function transactionOnce<T>(work: (tx: Queryable) => Promise<T>): Promise<T> {
    let client: pg.PoolClient;
    try {
      client = await pool.connect();
    } catch (error) {
      throw unavailable(error);
    }
    let broken: unknown = null;
    try {
      await client.query('BEGIN');
      const value = await work(on(client));
      await client.query('COMMIT');
      return value;
    } catch (error) {
      if (isUnavailable(error) && (error as { code?: string }).code !== '57014') {
        // The connection is lost or silent: no ROLLBACK could reach the server (which rolls
        // back an open transaction when its connection ends), and the connection is dropped.
        broken = error;
      } else {
        try {
          await client.query('ROLLBACK');
        } catch (rollbackError) {
          broken = rollbackError;
        }
      }
      throw unavailable(error);
    } finally {
      // A connection that failed mid-transaction is not given back to the pool.
      client.release(broken instanceof Error ? broken : undefined);
    }
  }

  return {
    pool,
    ...on(pool),
    dialect: 'postgres',
    transaction,
    batch: transaction,
    close: () => pool.end(),
  };
}
