/**
 * @jest-environment node
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { startCheckpointer } from './checkpointer';
import { openDatabase } from './sqlite';

describe('checkpointer', () => {
  it('copies committed writes from the log into the database file from its own thread', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'immosuite-cp-'));
    const file = path.join(dir, 'test.sqlite');
    const db = openDatabase(file);
    const errors: string[] = [];
    const checkpointer = startCheckpointer(db, (message) => errors.push(message));
    expect(db.pragma('wal_autocheckpoint', { simple: true })).toBe(10_000);
    db.exec('CREATE TABLE t (v INTEGER)');
    const insert = db.prepare('INSERT INTO t (v) VALUES (?)');
    db.transaction(() => {
      for (let i = 0; i < 500; i += 1) insert.run(i);
    })();
    await checkpointer.stop();
    // The database file alone, without its write-ahead log, holds the rows.
    const copy = path.join(dir, 'copy.sqlite');
    fs.copyFileSync(file, copy);
    const alone = new Database(copy, { readonly: true });
    expect(alone.prepare('SELECT COUNT(*) AS n FROM t').get()).toEqual({ n: 500 });
    alone.close();
    db.close();
    expect(errors).toEqual([]);
    fs.rmSync(dir, { recursive: true, force: true });
  });
});
