/**
 * @jest-environment node
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { createOutbox } from '../delivery/outbox';
import { openDatabase, type Db } from './database';
import { sqliteSql } from './sql';

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

  const rows = () =>
    (db.prepare('SELECT v FROM t ORDER BY v').all() as { v: string }[]).map((r) => r.v);

  it('commits the jobs of one turn in one transaction, each settling after the commit', async () => {
    const sql = sqliteSql(db);
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

  it('rolls back a failing job alone and hands its caller the error', async () => {
    const sql = sqliteSql(db);
    const insert = 'INSERT INTO t (v) VALUES (?)';
    const results = await Promise.allSettled([
      sql.batch((tx) => tx.run(insert, 'a')),
      sql.batch(async (tx) => {
        await tx.run(insert, 'half-done');
        await tx.run(insert, 'a'); // violates UNIQUE: this job's rows go, the others stay
      }),
      sql.batch((tx) => tx.run(insert, 'c')),
    ]);
    expect(results.map((r) => r.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
    expect(String((results[1] as PromiseRejectedResult).reason)).toMatch(/UNIQUE/);
    expect(rows()).toEqual(['a', 'c']);
  });

  it('keeps an outbox mail only when its job commits', async () => {
    const sql = sqliteSql(db);
    const outbox = createOutbox(sql, {
      smtpUrl: null,
      mailFrom: 'agency@example.de',
      webhookUrl: null,
      webhookSecret: null,
    });
    const mail = (to: string) => ({ to, subject: 'Bitte bestätigen', text: 'Link', links: [] });
    await Promise.allSettled([
      sql.batch((tx) => outbox.mail(tx, mail('kept@example.de'), { kind: 'confirm' })),
      sql.batch(async (tx) => {
        await outbox.mail(tx, mail('dropped@example.de'), { kind: 'notice' });
        throw new Error('storing the submission failed');
      }),
    ]);
    expect((await outbox.mailbox()).map((m) => m.to)).toEqual(['kept@example.de']);
    expect(db.prepare('SELECT COUNT(*) AS n FROM deliveries').get()).toEqual({ n: 0 });
  });
});
