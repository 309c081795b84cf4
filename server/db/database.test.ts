/**
 * @jest-environment node
 */
import Database from 'better-sqlite3';
import pg from 'pg';
import { migrate, MIGRATIONS, migrationFor } from './database';
import { openPostgres } from './postgres';
import { createTestDatabase, testPostgresUrl } from '../../test/server/postgres';

const UUIDV7 = /^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
/** The creation time a UUIDv7 carries, in milliseconds. */
const timeOf = (uuid: string) => parseInt(uuid.replace(/-/g, '').slice(0, 12), 16);

const DELIVERIES_BEFORE_UUIDS = `INSERT INTO deliveries (channel, kind, recipient, payload, status,
    attempts, next_attempt_at, created_at)
  VALUES ('webhook', 'submission.created', 'https://crm.example/hooks', '{}', 'pending', 0,
    '2026-11-24T10:00:00.123Z', '2026-11-24T10:00:00.123Z'),
  ('mail', 'notice', 'makler@example.de', '{}', 'sent', 1, '2026-11-24T10:00:01.000Z',
    '2026-11-24T10:00:01.000Z'),
  ('webhook', 'submission.confirmed', 'https://crm.example/hooks', '{}', 'pending', 0,
    '2026-11-24T10:00:01.000Z', '2026-11-24T10:00:01.000Z')`;

/** Deliveries written before migration 15 each have a UUIDv7 of their creation time now. */
function expectUuidsOfTheirTimes(rows: { uuid: string; created_at: string }[]) {
  expect(rows).toHaveLength(3);
  for (const row of rows) {
    expect(row.uuid).toMatch(UUIDV7);
    expect(timeOf(row.uuid)).toBe(Date.parse(row.created_at));
  }
  expect(new Set(rows.map((row) => row.uuid)).size).toBe(3);
}

describe('migrations', () => {
  it('spreads the funnel counts over shards, keeping every count', () => {
    const db = new Database(':memory:');
    migrate(db, 13);
    db.prepare(
      `INSERT INTO funnel_counts (day, wizard, stage, count)
       VALUES ('2026-11-24', 'lead-wizard', 'started', 7)`,
    ).run();
    migrate(db, 14);
    expect(db.prepare('SELECT * FROM funnel_counts').all()).toEqual([
      { day: '2026-11-24', wizard: 'lead-wizard', stage: 'started', count: 7, shard: 0 },
    ]);
    // Another shard of the same day, wizard and stage is a row of its own.
    db.prepare(
      `INSERT INTO funnel_counts (day, wizard, stage, shard, count)
       VALUES ('2026-11-24', 'lead-wizard', 'started', 3, 1)`,
    ).run();
    expect(db.prepare('SELECT SUM(count) AS n FROM funnel_counts').get()).toEqual({ n: 8 });
    db.close();
  });

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

  it('moves Idempotency-Keys onto their submissions and keys leads by submission, losing no row', () => {
    const db = new Database(':memory:');
    migrate(db, 5);
    db.exec(`
      INSERT INTO contacts (id, email, created_at, updated_at)
        VALUES (1, 'erika@example.de', '2026-01-01', '2026-01-01');
      INSERT INTO submissions (id, uuid, kind, contact_id, contact_data, language, created_at)
        VALUES (7, 'uuid-7', 'lead', 1, '{}', 'de', '2026-01-01'),
               (8, 'uuid-8', 'contact', 1, '{}', 'de', '2026-01-02');
      INSERT INTO idempotency (key, route, status, body, created_at, fingerprint)
        VALUES ('key-7', 'POST /v1/wizard/lead', 201, '{"success":true,"uuid":"uuid-7"}',
          '2026-01-01', 'fp-7');
      INSERT INTO consents (contact_id, submission_id, kind, given, text_version, at)
        VALUES (1, 7, 'dataPrivacy', 1, 'v1', '2026-01-01');
      INSERT INTO leads (id, submission_id, object_type, category_id, marketing_type, location,
        fields, message) VALUES (3, 7, 'house', 2, 'sale', '{}', '[]', 'Hallo');
    `);
    migrate(db);
    expect(
      db.prepare('SELECT id, idempotency_key, fingerprint FROM submissions ORDER BY id').all(),
    ).toEqual([
      { id: 7, idempotency_key: 'POST /v1/wizard/lead key-7', fingerprint: 'fp-7' },
      { id: 8, idempotency_key: null, fingerprint: null },
    ]);
    expect(
      db.prepare("SELECT 1 FROM sqlite_schema WHERE name = 'idempotency'").get(),
    ).toBeUndefined();
    expect(db.prepare('SELECT submission_id, message FROM leads').all()).toEqual([
      { submission_id: 7, message: 'Hallo' },
    ]);
    // The submission's id is the lead's row id: no index beside the table.
    expect(db.prepare("SELECT name FROM pragma_table_info('leads') WHERE pk = 1").all()).toEqual([
      { name: 'submission_id' },
    ]);
    expect(db.prepare("SELECT name FROM pragma_index_list('leads')").all()).toEqual([]);
    // The consent log reads the consents table and the boxes a submission kept.
    db.prepare(
      `INSERT INTO submissions (id, uuid, kind, contact_id, contact_data, language, created_at,
        consents, consent_text_version) VALUES (9, 'uuid-9', 'lead', 1, '{}', 'de', '2026-01-03',
        '{"dataPrivacy":1,"acceptContact":1,"newsletter":0}', 'v2')`,
    ).run();
    expect(db.prepare('SELECT * FROM consent_log ORDER BY at, kind').all()).toEqual([
      {
        contact_id: 1,
        submission_id: 7,
        kind: 'dataPrivacy',
        given: 1,
        text_version: 'v1',
        at: '2026-01-01',
      },
      {
        contact_id: 1,
        submission_id: 9,
        kind: 'acceptContact',
        given: 1,
        text_version: 'v2',
        at: '2026-01-03',
      },
      {
        contact_id: 1,
        submission_id: 9,
        kind: 'dataPrivacy',
        given: 1,
        text_version: 'v2',
        at: '2026-01-03',
      },
      {
        contact_id: 1,
        submission_id: 9,
        kind: 'newsletter',
        given: 0,
        text_version: 'v2',
        at: '2026-01-03',
      },
    ]);
    db.close();
  });

  it("writes the inbox's search text of the submissions there are, a lead's place with it", () => {
    const db = new Database(':memory:');
    migrate(db, 8);
    db.exec(`
      INSERT INTO contacts (id, email, created_at, updated_at)
        VALUES (1, 'erika@example.de', '2026-01-01', '2026-01-01');
      INSERT INTO submissions (id, uuid, kind, contact_id, contact_data, language, created_at)
        VALUES (7, 'uuid-7', 'lead', 1,
          '{"firstname":"Erika","lastname":"Muster","email":"erika@example.de","city":"Köln"}',
          'de', '2026-01-01'),
          (8, 'uuid-8', 'contact', 1, '{"firstname":"Bert"}', 'de', '2026-01-02');
      INSERT INTO leads (submission_id, object_type, category_id, marketing_type, location, fields)
        VALUES (7, 'LIVING', 30225, 'buy', '{"zip":"10435","city":"Berlin"}', '[]');
    `);
    migrate(db);
    expect(db.prepare('SELECT id, search_text FROM submissions ORDER BY id').all()).toEqual([
      { id: 7, search_text: 'erika muster erika@example.de  köln 10435 berlin' },
      { id: 8, search_text: 'bert     ' },
    ]);
    db.close();
  });

  it('gives every delivery there is a UUIDv7 of its creation time, each its own', () => {
    const db = new Database(':memory:');
    migrate(db, 14);
    db.exec(DELIVERIES_BEFORE_UUIDS);
    migrate(db, 15);
    expectUuidsOfTheirTimes(
      db.prepare('SELECT uuid, created_at FROM deliveries ORDER BY id').all() as {
        uuid: string;
        created_at: string;
      }[],
    );
    expect(db.prepare('SELECT count(*) AS n FROM deliveries WHERE uuid IS NULL').get()).toEqual({
      n: 0,
    });
    db.close();
  });
});

const clusterUrl = testPostgresUrl();
(clusterUrl ? describe : describe.skip)('migrations on PostgreSQL', () => {
  it('gives every delivery there is a UUIDv7 of its creation time, each its own', async () => {
    const url = await createTestDatabase(clusterUrl!);
    // The database as a server of migration 14 left it, with deliveries in it.
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    await client.query(
      'CREATE TABLE schema_version (version INTEGER PRIMARY KEY, applied_at TEXT NOT NULL)',
    );
    for (let version = 1; version <= 14; version += 1) {
      const text = migrationFor(MIGRATIONS[version - 1]!, 'postgres');
      if (text.trim()) await client.query(text);
      await client.query('INSERT INTO schema_version VALUES ($1, $2)', [version, 'then']);
    }
    await client.query(DELIVERIES_BEFORE_UUIDS);
    const sql = await openPostgres({ url, pool: 1 });
    expectUuidsOfTheirTimes(await sql.all('SELECT uuid, created_at FROM deliveries ORDER BY id'));
    await sql.close();
    await client.end();
  });
});
