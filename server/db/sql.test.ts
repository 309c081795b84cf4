/**
 * @jest-environment node
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import pg from 'pg';
import { StartupError } from '../startupError';
import { MIGRATIONS } from './migrations';
import { MIGRATION_LOCK, openPostgres, STARTUP_TIMEOUT_MS } from './postgres';
import {
  DatabaseUnavailable,
  isUniqueViolation,
  GATHER_MS,
  postgresSql,
  sqliteSql,
  translate,
  type Sql,
} from './sql';
import { openDatabase, type Db } from './sqlite';
import { testDialects } from '../../test/server/dialects';
import {
  createTestDatabase,
  testPostgresUrl,
  untilWaitingForLocks,
} from '../../test/server/postgres';

const clusterUrl = testPostgresUrl();

const at = '2026-11-25T10:00:00.000Z';
const insertMail = `INSERT INTO mails (recipient, subject, body, links, created_at)
  VALUES (@recipient, @subject, 'body', '[]', @at) RETURNING id`;

describe.each(testDialects())('the data layer on %s', (_name, open) => {
  let sql: Sql;
  beforeEach(async () => {
    sql = await open();
  });
  afterEach(() => sql.close());

  const subjects = async () =>
    (await sql.all<{ subject: string }>('SELECT subject FROM mails ORDER BY id')).map(
      (row) => row.subject,
    );

  it('runs one statement text on both dialects, with `?` or `@name` parameters', async () => {
    const first = await sql.one<{ id: number }>(insertMail, {
      recipient: 'a@example.de',
      subject: 'Eins',
      at,
    });
    const second = await sql.one<{ id: number }>(insertMail, {
      recipient: 'b@example.de',
      subject: 'Zwei',
      at,
    });
    expect(typeof first!.id).toBe('number');
    expect(second!.id).toBe(first!.id + 1);
    expect(await sql.one('SELECT recipient FROM mails WHERE id = ?', second!.id)).toEqual({
      recipient: 'b@example.de',
    });
    // A value quoted in the text is not a parameter.
    expect(await sql.all(`SELECT subject FROM mails WHERE subject <> '?@x' ORDER BY id`)).toEqual([
      { subject: 'Eins' },
      { subject: 'Zwei' },
    ]);
    expect(await sql.run('UPDATE mails SET subject = ? WHERE id >= ?', 'Neu', first!.id)).toBe(2);
    expect(await sql.run('DELETE FROM mails WHERE id = ?', -1)).toBe(0);
    expect(await sql.one('SELECT * FROM mails WHERE id = ?', -1)).toBeUndefined();
    // Named parameters as one object, also when the text uses none of them (an empty filter).
    expect(await sql.all('SELECT COUNT(*) AS n FROM mails', {})).toEqual([{ n: 2 }]);
  });

  it('commits a transaction that ends well and rolls back one that throws', async () => {
    await sql.transaction(async (tx) => {
      await tx.one(insertMail, { recipient: 'a@example.de', subject: 'behalten', at });
    });
    await expect(
      sql.transaction(async (tx) => {
        await tx.one(insertMail, { recipient: 'a@example.de', subject: 'verworfen', at });
        throw new Error('the work failed');
      }),
    ).rejects.toThrow('the work failed');
    expect(await subjects()).toEqual(['behalten']);
  });

  it('keeps a statement outside a transaction out of it, while the transaction awaits', async () => {
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    const failing = sql.transaction(async (tx) => {
      await tx.one(insertMail, { recipient: 'a@example.de', subject: 'verworfen', at });
      await held;
      throw new Error('rolled back');
    });
    const outside = sql.one(insertMail, { recipient: 'b@example.de', subject: 'draußen', at });
    release();
    await expect(failing).rejects.toThrow('rolled back');
    await outside;
    expect(await subjects()).toEqual(['draußen']);
  });

  it('commits a batch together, and only the failing job of a batch fails, with all it wrote', async () => {
    const jobs = ['eins', 'zwei', 'drei'].map((subject) =>
      sql.batch(async (tx) => {
        if (subject === 'zwei') {
          // Half done: one row written, then a NOT NULL column left empty.
          await tx.one(insertMail, { recipient: 'a@example.de', subject: 'halb', at });
          await tx.run(
            'INSERT INTO mails (recipient, subject, body, links, created_at) VALUES (?, NULL, ?, ?, ?)',
            'x',
            'b',
            '[]',
            at,
          );
        }
        return (await tx.one<{ id: number }>(insertMail, {
          recipient: 'a@example.de',
          subject,
          at,
        }))!.id;
      }),
    );
    const results = await Promise.allSettled(jobs);
    expect(results.map((result) => result.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
    // Its caller gets the statement's error.
    expect(String((results[1] as PromiseRejectedResult).reason)).toMatch(
      /NOT NULL constraint failed|null value in column "subject"/,
    );
    // On PostgreSQL each job is a transaction of its own: their rows may come in any order.
    expect((await subjects()).sort()).toEqual(['drei', 'eins']);
  });

  it('lets the unique index decide between two writers of the same key', async () => {
    const write = () =>
      sql.transaction(async (tx) => {
        await tx.run(
          `INSERT INTO staff_keys (key_hash, email, created_at, expires_at) VALUES (?, ?, ?, ?)`,
          'same-key',
          'agentur@example.de',
          at,
          at,
        );
      });
    const results = await Promise.allSettled([write(), write()]);
    expect(results.map((result) => result.status).sort()).toEqual(['fulfilled', 'rejected']);
    expect(await sql.all('SELECT key_hash FROM staff_keys')).toEqual([{ key_hash: 'same-key' }]);
  });

  it("tells a primary key's refusal of a taken key (isUniqueViolation) from other failures", async () => {
    const keep = (key: string, fingerprint: string | null) =>
      sql.run(
        `INSERT INTO idempotency_keys (request_key, fingerprint, status, answer, created_at)
         VALUES (?, ?, 201, '{}', ?)`,
        key,
        fingerprint,
        at,
      );
    const refusal = (work: Promise<unknown>) =>
      work.then(
        () => null,
        (error: unknown) => error,
      );
    const keyOfTable = {
      table: 'idempotency_keys',
      column: 'request_key',
      index: 'idempotency_keys_pkey',
    };
    await keep('POST /v1/saved-search key-1', 'fp');
    const taken = await refusal(keep('POST /v1/saved-search key-1', 'fp'));
    expect(isUniqueViolation(taken, keyOfTable)).toBe(true);
    expect(
      isUniqueViolation(taken, {
        table: 'staff_keys',
        column: 'key_hash',
        index: 'staff_keys_pkey',
      }),
    ).toBe(false);
    const missing = await refusal(keep('POST /v1/saved-search key-2', null));
    expect((missing as Error).message).toMatch(
      /NOT NULL constraint failed|null value in column "fingerprint"/,
    );
    expect(isUniqueViolation(missing, keyOfTable)).toBe(false);
  });
});

describe('group commit on SQLite (sql.batch)', () => {
  let dir: string;
  let db: Db;
  beforeEach(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'immosuite-gc-'));
    db = openDatabase(path.join(dir, 'test.sqlite'));
    db.exec('CREATE TABLE t (v TEXT NOT NULL UNIQUE)');
  });
  afterEach(() => {
    db.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('commits the jobs of one turn in one transaction, each settling after the commit', async () => {
    const sql = sqliteSql(db);
    const rows = () =>
      (db.prepare('SELECT v FROM t ORDER BY v').all() as { v: string }[]).map((r) => r.v);
    // A second connection sees only what has committed.
    const reader = new Database(path.join(dir, 'test.sqlite'), { readonly: true });
    const committed = () =>
      (reader.prepare('SELECT COUNT(*) AS n FROM t').get() as { n: number }).n;
    const seenByOthers: number[] = [];
    const done = Promise.all(
      ['a', 'b', 'c'].map((v) =>
        sql.batch(async (tx) => {
          await tx.run('INSERT INTO t (v) VALUES (?)', v);
          seenByOthers.push(committed());
          return v.toUpperCase();
        }),
      ),
    );
    expect(rows()).toEqual([]);
    await expect(done).resolves.toEqual(['A', 'B', 'C']);
    // While the third job ran, none of the three had committed; then all three at once.
    expect(seenByOthers).toEqual([0, 0, 0]);
    expect(committed()).toBe(3);
    reader.close();
  });

  it('gathers a batch queued within a millisecond of a commit with what follows, and commits it on close', async () => {
    // Only the gathering's timer is fake; the clock that times it is the test's.
    jest.useFakeTimers({
      doNotFake: ['setImmediate', 'nextTick', 'queueMicrotask', 'hrtime', 'performance', 'Date'],
    });
    let now = 0;
    const sql = sqliteSql(db, { clock: () => now });
    const reader = new Database(path.join(dir, 'test.sqlite'), { readonly: true });
    const committed = () =>
      (reader.prepare('SELECT COUNT(*) AS n FROM t').get() as { n: number }).n;
    /** Adds `v`; resolves to how many rows others saw committed while it was being added. */
    const add = (v: string) =>
      sql.batch(async (tx) => {
        await tx.run('INSERT INTO t (v) VALUES (?)', v);
        return committed();
      });
    const turn = () => new Promise((resolve) => setImmediate(resolve));
    try {
      // The first commits at the next turn of the event loop, no timer involved.
      await expect(add('first')).resolves.toBe(0);
      expect(committed()).toBe(1);
      // Half a millisecond later: it waits for the rest of the millisecond, and one queued a
      // turn later joins it, in one transaction.
      now += 0.5;
      const second = add('second');
      await turn();
      await turn();
      expect(committed()).toBe(1);
      const third = add('third');
      jest.advanceTimersByTime(GATHER_MS);
      await expect(Promise.all([second, third])).resolves.toEqual([1, 1]);
      expect(committed()).toBe(3);
      // Later than GATHER_MS after the last commit: at the next turn again.
      now += 5;
      await expect(add('fourth')).resolves.toBe(3);
      // Gathering when the database closes: committed, not dropped.
      now += 0.1;
      const last = add('last');
      await sql.close();
      await expect(last).resolves.toBe(4);
      expect(committed()).toBe(5);
    } finally {
      reader.close();
      jest.useRealTimers();
      db = openDatabase(path.join(dir, 'test.sqlite'));
    }
  });
});

describe('statement parameters for PostgreSQL', () => {
  it('numbers `?` in order and gives each `@name` one number, leaving quoted text alone', () => {
    expect(translate(`SELECT ? , '?', "a?b", ?`).text).toBe(`SELECT $1 , '?', "a?b", $2`);
    const named = translate('UPDATE t SET a = @a, b = @b WHERE a = @a');
    expect(named.text).toBe('UPDATE t SET a = $1, b = $2 WHERE a = $1');
    expect(named.names).toEqual(['a', 'b']);
  });
});

const onPostgres = clusterUrl ? describe : describe.skip;

onPostgres('PostgreSQL behind the server', () => {
  it('migrates once when ten processes start together', async () => {
    const url = await createTestDatabase(clusterUrl!);
    const opened = await Promise.all(
      Array.from({ length: 10 }, () => openPostgres({ url, pool: 1 })),
    );
    const sql = opened[0]!;
    expect(await sql.all('SELECT version FROM schema_version ORDER BY version')).toEqual(
      MIGRATIONS.map((_, i) => ({ version: i + 1 })),
    );
    await Promise.all(opened.map((each) => each.close()));
  });

  it('refuses, in one line, a database that is not its own, a newer schema and no server', async () => {
    const foreign = await createTestDatabase(clusterUrl!);
    const other = new pg.Client({ connectionString: foreign });
    await other.connect();
    await other.query('CREATE TABLE orders (id INTEGER)');
    await expect(openPostgres({ url: foreign })).rejects.toThrow(
      new StartupError(
        `the database ${foreign} is not Immosuite's (it holds tables of another program: orders): give the server a database of its own`,
      ),
    );
    const newer = await createTestDatabase(clusterUrl!);
    await (await openPostgres({ url: newer })).close();
    await other.end();
    const client = new pg.Client({ connectionString: newer });
    await client.connect();
    await client.query('INSERT INTO schema_version VALUES ($1, $2)', [MIGRATIONS.length + 1, at]);
    await client.end();
    await expect(openPostgres({ url: newer })).rejects.toThrow(
      /has schema version \d+, newer than this server's/,
    );

    // Nothing listens on port 1; the password is not repeated in the message.
    await expect(
      openPostgres({ url: 'postgres://immosuite:geheim@127.0.0.1:1/immosuite' }),
    ).rejects.toThrow(
      new StartupError(
        'the database postgres://immosuite:***@127.0.0.1:1/immosuite cannot be used (ECONNREFUSED): start PostgreSQL, or correct DATABASE_URL',
      ),
    );
  });

  it('runs the start-up under the start-up timeout and requests under DATABASE_TIMEOUT_MS', async () => {
    const url = await createTestDatabase(clusterUrl!);
    let atStartUp: unknown;
    const sql = await openPostgres({
      url,
      pool: 1,
      statementTimeoutMs: 250,
      prepare: async (setup) => {
        atStartUp = await setup.one('SHOW statement_timeout');
      },
    });
    // Migrations and the seed may take minutes; a request's statement 250 ms.
    expect(atStartUp).toEqual({ statement_timeout: `${STARTUP_TIMEOUT_MS / 60_000}min` });
    expect(await sql.one('SHOW statement_timeout')).toEqual({ statement_timeout: '250ms' });
    await sql.close();
  });

  it('waits for a migration another process holds the lock for', async () => {
    const url = await createTestDatabase(clusterUrl!);
    const holder = new pg.Client({ connectionString: url });
    await holder.connect();
    await holder.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK]);
    let opened = false;
    const opening = openPostgres({ url, pool: 1 }).then((sql) => {
      opened = true;
      return sql;
    });
    // The opening process is waiting on the lock: the holder sees it among the waiters.
    await untilWaitingForLocks(holder, 1);
    expect(opened).toBe(false);
    await holder.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK]);
    await holder.end();
    const sql = await opening;
    expect(await sql.one('SELECT count(*) AS n FROM schema_version')).toEqual({
      n: MIGRATIONS.length,
    });
    await sql.close();
  });

  it('answers a lost connection with DatabaseUnavailable, then works again with new ones', async () => {
    const url = await createTestDatabase(clusterUrl!);
    const sql = postgresSql({ url, pool: 2, statementTimeoutMs: 5_000 });
    expect(await sql.one('SELECT 1 AS one')).toEqual({ one: 1 });
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    // Every connection of the pool is ended by the server while one waits in a statement (for
    // a lock the test holds).
    await admin.query('SELECT pg_advisory_lock(1)');
    const running = sql.one('SELECT pg_advisory_lock(1)');
    await untilWaitingForLocks(admin, 1);
    await admin.query(
      `SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid()`,
    );
    await expect(running).rejects.toBeInstanceOf(DatabaseUnavailable);
    expect(await sql.one('SELECT 2 AS two')).toEqual({ two: 2 });
    await admin.end();
    await sql.close();

    const nowhere = postgresSql({
      url: 'postgres://immosuite@127.0.0.1:1/immosuite',
      pool: 1,
      statementTimeoutMs: 5_000,
    });
    await expect(nowhere.one('SELECT 1')).rejects.toBeInstanceOf(DatabaseUnavailable);
    await expect(nowhere.transaction(async () => 1)).rejects.toBeInstanceOf(DatabaseUnavailable);
    await nowhere.close();
  });

  it('runs a transaction PostgreSQL ended to break a deadlock again, and both commit', async () => {
    const url = await createTestDatabase(clusterUrl!);
    const sql = postgresSql({ url, pool: 2, statementTimeoutMs: 5_000 });
    await sql.run('CREATE TABLE pair (id INTEGER PRIMARY KEY, n INTEGER NOT NULL)');
    await sql.run('INSERT INTO pair (id, n) VALUES (1, 0), (2, 0)');
    let runs = 0;
    let held = 0;
    let bothHeld!: () => void;
    const both = new Promise<void>((resolve) => (bothHeld = resolve));
    // Each takes one row and, once the other holds its own, asks for the other's.
    const crosswise = (first: number, second: number) =>
      sql.transaction(async (tx) => {
        runs += 1;
        await tx.run('UPDATE pair SET n = n + 1 WHERE id = ?', first);
        if (runs <= 2) {
          held += 1;
          if (held === 2) bothHeld();
          await both;
        }
        await tx.run('UPDATE pair SET n = n + 1 WHERE id = ?', second);
      });
    await Promise.all([crosswise(1, 2), crosswise(2, 1)]);
    expect(runs).toBe(3);
    expect(await sql.all('SELECT id, n FROM pair ORDER BY id')).toEqual([
      { id: 1, n: 2 },
      { id: 2, n: 2 },
    ]);
    await sql.close();
  });

  it('ends a statement that runs past statement_timeout', async () => {
    const url = await createTestDatabase(clusterUrl!);
    const sql = postgresSql({ url, pool: 1, statementTimeoutMs: 50 });
    // The statement waits for a lock the test never gives up: only the timeout ends it.
    const holder = new pg.Client({ connectionString: url });
    await holder.connect();
    await holder.query('SELECT pg_advisory_lock(2)');
    await expect(sql.one('SELECT pg_advisory_lock(2)')).rejects.toThrow(/statement timeout/);
    expect(await sql.one('SELECT 3 AS three')).toEqual({ three: 3 });
    await holder.end();
    await sql.close();
  });
});
