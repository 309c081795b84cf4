/**
 * @jest-environment node
 */
import Database from 'better-sqlite3';
import { migrate } from './database';

describe('migrations', () => {
  it('moves idempotency answers and keys into key-ordered tables without losing a row', () => {
    const db = new Database(':memory:');
    migrate(db, 3);
    db.prepare(
      `INSERT INTO idempotency (key, route, status, body, created_at, fingerprint)
       VALUES ('key-1', 'POST /lead', 201, '{"uuid":"u"}', '2026-01-01', 'fp')`,
    ).run();
    db.prepare(
      `INSERT INTO auth_keys (key_hash, purpose, created_at, expires_at)
       VALUES ('hash-1', 'login', '2026-01-01', '2026-02-01')`,
    ).run();
    migrate(db, 4);
    expect(db.pragma('user_version', { simple: true })).toBe(4);
    expect(db.prepare('SELECT key, status, body, fingerprint FROM idempotency').all()).toEqual([
      { key: 'key-1', status: 201, body: '{"uuid":"u"}', fingerprint: 'fp' },
    ]);
    expect(db.prepare('SELECT key_hash, purpose FROM auth_keys').all()).toEqual([
      { key_hash: 'hash-1', purpose: 'login' },
    ]);
    // No rowid table beside the key any more.
    expect(() => db.prepare('SELECT rowid FROM idempotency').all()).toThrow(/rowid/);
    expect(() => db.prepare('SELECT rowid FROM auth_keys').all()).toThrow(/rowid/);
    // The expiry sweep still goes by its index.
    const plan = db
      .prepare('EXPLAIN QUERY PLAN DELETE FROM idempotency WHERE created_at < ?')
      .all('2026-01-02') as { detail: string }[];
    expect(plan.map((row) => row.detail).join(' ')).toMatch(/idempotency_created/);
    db.close();
  });
});
