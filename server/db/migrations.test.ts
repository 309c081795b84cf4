/**
 * @jest-environment node
 *
 * The schema's one history on both databases: a database at an old step migrates forward
 * without losing a row, and both databases end with one schema, column by column.
 */
import fs from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import pg from 'pg';
import { createTestDatabase, testPostgresUrl } from '../../test/server/postgres';
import {
  postgresCatalog,
  postgresSchema,
  sqliteSchema,
  type SchemaShape,
} from '../../test/server/schema';
import { MIGRATIONS, POSTGRES_FIRST_STEP_UNTIL } from './migrations';
import { migratePostgres, openPostgres } from './postgres';
import { migrate, openDatabase } from './sqlite';

const clusterUrl = testPostgresUrl();
const onPostgres = clusterUrl ? describe : describe.skip;

const UUIDV7 = /^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
/** The creation time a UUIDv7 carries, in milliseconds. */
const timeOf = (uuid: string) => parseInt(uuid.replace(/-/g, '').slice(0, 12), 16);

/** A database at an old step of the history, as a test fills and migrates it. */
interface OldDatabase {
  exec(text: string): Promise<void>;
  all<T = Record<string, unknown>>(text: string): Promise<T[]>;
  /** Takes the steps up to `target` (every step by default). */
  migrate(target?: number): Promise<void>;
  close(): Promise<void>;
}

const sqliteAt = async (step: number): Promise<OldDatabase> => {
  const db = new Database(':memory:');
  migrate(db, step);
  return {
    exec: async (text) => void db.exec(text),
    all: async <T>(text: string) => db.prepare(text).all() as T[],
    migrate: async (target) => migrate(db, target),
    close: async () => void db.close(),
  };
};

const postgresAt = async (step: number): Promise<OldDatabase> => {
  const client = new pg.Client({ connectionString: await createTestDatabase(clusterUrl!) });
  await client.connect();
  await migratePostgres(client, step);
  return {
    exec: async (text) => void (await client.query(text)),
    all: async <T>(text: string) => (await client.query(text)).rows as T[],
    migrate: (target) => migratePostgres(client, target),
    close: () => client.end(),
  };
};

const databases: [string, (step: number) => Promise<OldDatabase>][] = [
  ['SQLite', sqliteAt],
  ...(clusterUrl ? [['PostgreSQL', postgresAt] as [string, typeof postgresAt]] : []),
];

describe.each(databases)('a database at an old step, on %s', (_name, at) => {
  let old: OldDatabase;
  afterEach(() => old.close());

  it('moves Idempotency-Keys onto their submissions and keys leads by submission, losing no row', async () => {
    old = await at(5);
    await old.exec(`
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
    await old.migrate();
    expect(
      await old.all('SELECT id, idempotency_key, fingerprint FROM submissions ORDER BY id'),
    ).toEqual([
      { id: 7, idempotency_key: 'POST /v1/wizard/lead key-7', fingerprint: 'fp-7' },
      { id: 8, idempotency_key: null, fingerprint: null },
    ]);
    expect(await old.all('SELECT submission_id, message FROM leads')).toEqual([
      { submission_id: 7, message: 'Hallo' },
    ]);
    // The consent log reads the consents table and the boxes a submission kept.
    await old.exec(
      `INSERT INTO submissions (id, uuid, kind, contact_id, contact_data, language, created_at,
        consents, consent_text_version) VALUES (9, 'uuid-9', 'lead', 1, '{}', 'de', '2026-01-03',
        '{"dataPrivacy":1,"acceptContact":1,"newsletter":0}', 'v2')`,
    );
    const entry = (submission_id: number, kind: string, given: number, text_version: string) => ({
      contact_id: 1,
      submission_id,
      kind,
      given,
      text_version,
      at: submission_id === 7 ? '2026-01-01' : '2026-01-03',
    });
    expect(await old.all('SELECT * FROM consent_log ORDER BY at, kind')).toEqual([
      entry(7, 'dataPrivacy', 1, 'v1'),
      entry(9, 'acceptContact', 1, 'v2'),
      entry(9, 'dataPrivacy', 1, 'v2'),
      entry(9, 'newsletter', 0, 'v2'),
    ]);
  });

  it("writes the inbox's search text of the submissions there are, a lead's place with it", async () => {
    old = await at(8);
    await old.exec(`
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
    await old.migrate();
    expect(await old.all('SELECT id, search_text FROM submissions ORDER BY id')).toEqual([
      { id: 7, search_text: 'erika muster erika@example.de  köln 10435 berlin' },
      { id: 8, search_text: 'bert     ' },
    ]);
  });

  it('spreads the funnel counts over shards, keeping every count', async () => {
    old = await at(13);
    await old.exec(
      `INSERT INTO funnel_counts (day, wizard, stage, count)
       VALUES ('2026-11-24', 'lead-wizard', 'started', 7)`,
    );
    await old.migrate(14);
    expect(await old.all('SELECT * FROM funnel_counts')).toEqual([
      { day: '2026-11-24', wizard: 'lead-wizard', stage: 'started', count: 7, shard: 0 },
    ]);
    // Another shard of the same day, wizard and stage is a row of its own.
    await old.exec(
      `INSERT INTO funnel_counts (day, wizard, stage, shard, count)
       VALUES ('2026-11-24', 'lead-wizard', 'started', 3, 1)`,
    );
    expect(await old.all('SELECT SUM(count) AS n FROM funnel_counts')).toEqual([{ n: 8 }]);
  });

  it('gives every delivery there is a UUIDv7 of its creation time, each its own', async () => {
    old = await at(14);
    await old.exec(`INSERT INTO deliveries (channel, kind, recipient, payload, status,
        attempts, next_attempt_at, created_at)
      VALUES ('webhook', 'submission.created', 'https://crm.example/hooks', '{}', 'pending', 0,
        '2026-11-24T10:00:00.123Z', '2026-11-24T10:00:00.123Z'),
      ('mail', 'notice', 'makler@example.de', '{}', 'sent', 1, '2026-11-24T10:00:01.000Z',
        '2026-11-24T10:00:01.000Z'),
      ('webhook', 'submission.confirmed', 'https://crm.example/hooks', '{}', 'pending', 0,
        '2026-11-24T10:00:01.000Z', '2026-11-24T10:00:01.000Z')`);
    await old.migrate(15);
    const rows = await old.all<{ uuid: string; created_at: string }>(
      'SELECT uuid, created_at FROM deliveries ORDER BY id',
    );
    expect(rows).toHaveLength(3);
    for (const row of rows) {
      expect(row.uuid).toMatch(UUIDV7);
      expect(timeOf(row.uuid)).toBe(Date.parse(row.created_at));
    }
    expect(new Set(rows.map((row) => row.uuid)).size).toBe(3);
  });

  it('links the deliveries without a submission stored before to the contacts they name', async () => {
    old = await at(27);
    await old.exec(`INSERT INTO contacts (id, email, created_at, updated_at) VALUES
      (41, 'suchend@example.de', '2026-11-24', '2026-11-24'),
      (42, 'widerruf@example.de', '2026-11-24', '2026-11-24')`);
    const call = (kind: string, payload: unknown) =>
      `('webhook', '${kind}', 'https://crm.example/hooks', '${JSON.stringify(payload)}', 'sent',
        1, '2026-11-24T10:00:00.000Z', '2026-11-24T10:00:00.000Z', '${kind}')`;
    await old.exec(`INSERT INTO deliveries (channel, kind, recipient, payload, status, attempts,
        next_attempt_at, created_at, uuid) VALUES
      ${call('match.found', { data: { match: { savedSearch: { contact: { email: 'suchend@example.de' } } } } })},
      ${call('consent.withdrawn', { data: { contact: { email: 'widerruf@example.de' } } })},
      ('mail', 'notice', 'makler@example.de', '{"replyTo":{"name":"W","address":"widerruf@example.de"}}',
        'sent', 1, '2026-11-24T10:00:00.000Z', '2026-11-24T10:00:00.000Z', 'notice'),
      ('webhook', 'contact.erased', 'https://crm.example/hooks', '', 'sent', 1,
        '2026-11-24T10:00:00.000Z', '2026-11-24T10:00:00.000Z', 'cleared')`);
    await old.migrate(28);
    expect(
      await old.all(`SELECT l.contact_id, d.uuid FROM delivery_contacts l
        JOIN deliveries d ON d.id = l.delivery_id ORDER BY d.uuid`),
    ).toEqual([
      { contact_id: 42, uuid: 'consent.withdrawn' },
      { contact_id: 41, uuid: 'match.found' },
      { contact_id: 42, uuid: 'notice' },
    ]);
  });
});

describe('a SQLite database at an old step', () => {
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

  it("keys leads by their submission's id, with no index beside the table", () => {
    const db = new Database(':memory:');
    migrate(db, 5);
    db.exec(`
      INSERT INTO contacts (id, email, created_at, updated_at)
        VALUES (1, 'erika@example.de', '2026-01-01', '2026-01-01');
      INSERT INTO submissions (id, uuid, kind, contact_id, contact_data, language, created_at)
        VALUES (7, 'uuid-7', 'lead', 1, '{}', 'de', '2026-01-01');
      INSERT INTO leads (id, submission_id, object_type, category_id, marketing_type, location,
        fields, message) VALUES (3, 7, 'house', 2, 'sale', '{}', '[]', 'Hallo');
    `);
    migrate(db);
    expect(db.prepare('SELECT submission_id, message FROM leads').all()).toEqual([
      { submission_id: 7, message: 'Hallo' },
    ]);
    expect(db.prepare("SELECT name FROM pragma_table_info('leads') WHERE pk = 1").all()).toEqual([
      { name: 'submission_id' },
    ]);
    expect(db.prepare("SELECT name FROM pragma_index_list('leads')").all()).toEqual([]);
    expect(
      db.prepare("SELECT 1 FROM sqlite_schema WHERE name = 'idempotency'").get(),
    ).toBeUndefined();
    db.close();
  });
});

onPostgres('one schema on both databases', () => {
  let sqlite: SchemaShape;
  let client: pg.Client;
  beforeAll(async () => {
    const db = openDatabase(':memory:');
    sqlite = sqliteSchema(db);
    db.close();
    const url = await createTestDatabase(clusterUrl!);
    await (await openPostgres({ url, pool: 1 })).close();
    client = new pg.Client({ connectionString: url });
    await client.connect();
  });
  afterAll(() => client.end());

  it('has the same tables and views: columns in order with their types, NOT NULL and defaults, keys, references and indexes', async () => {
    const postgres = await postgresSchema(client);
    expect(Object.keys(postgres.tables).sort()).toEqual(Object.keys(sqlite.tables).sort());
    for (const table of Object.keys(sqlite.tables))
      expect([table, postgres.tables[table]]).toEqual([table, sqlite.tables[table]]);
    expect(postgres.views).toEqual(sqlite.views);
  });

  it('makes the same ids, but those the seed data and a submission give', async () => {
    const postgres = await postgresSchema(client);
    expect(sqlite.generatedIds).toEqual(expect.arrayContaining(postgres.generatedIds));
    expect(sqlite.generatedIds.filter((id) => !postgres.generatedIds.includes(id))).toEqual([
      'categories.id',
      'lead_changes.submission_id',
      'leads.submission_id',
      'leads_to_match.submission_id',
      'listings.id',
      'regions.location_id',
      'search_changes.saved_search_id',
      'submission_match_counts.submission_id',
      'submission_texts.submission_id',
    ]);
  });

  it('keeps ids (one-column keys) and references as BIGINT, and only the rate-limit windows out of its log', async () => {
    const keys = await client.query<{ column: string; type: string }>(
      `SELECT DISTINCT rel.relname || '.' || a.attname AS column, format_type(a.atttypid, NULL) AS type
       FROM pg_constraint con JOIN pg_class rel ON rel.oid = con.conrelid
       JOIN pg_attribute a ON a.attrelid = con.conrelid AND a.attnum = ANY(con.conkey)
       WHERE con.connamespace = current_schema()::regnamespace
         AND (con.contype = 'f' OR (con.contype = 'p' AND cardinality(con.conkey) = 1))
         AND format_type(a.atttypid, NULL) IN ('integer', 'bigint') AND rel.relname <> 'schema_version'`,
    );
    expect(keys.rows.length).toBeGreaterThan(20);
    expect(keys.rows.filter((key) => key.type !== 'bigint')).toEqual([]);
    expect((await postgresCatalog(client)).unlogged).toEqual([{ relname: 'rate_limits' }]);
  });
});

onPostgres('a PostgreSQL database whose first step made the schema of steps 1 to 11', () => {
  const fixture = fs.readFileSync(
    path.join(__dirname, '../../test/server/fixtures/postgres-steps-1-to-11-at-once.sql'),
    'utf8',
  );

  it.each([1, 5, POSTGRES_FIRST_STEP_UNTIL, 14])(
    'migrates forward from step %i to the schema a new database has, losing no row',
    async (step) => {
      const url = await createTestDatabase(clusterUrl!);
      const old = new pg.Client({ connectionString: url });
      await old.connect();
      await old.query(fixture);
      await old.query(
        'CREATE TABLE schema_version (version INTEGER PRIMARY KEY, applied_at TEXT NOT NULL)',
      );
      for (let version = 1; version <= step; version += 1) {
        if (version > POSTGRES_FIRST_STEP_UNTIL) await old.query(MIGRATIONS[version - 1]!.postgres);
        await old.query('INSERT INTO schema_version VALUES ($1, $2)', [version, 'then']);
      }
      await old.query(`
        INSERT INTO contacts (id, email, created_at, updated_at)
          VALUES (1, 'erika@example.de', '2026-01-01', '2026-01-01');
        INSERT INTO submissions (id, uuid, kind, contact_id, contact_data, language, created_at)
          VALUES (7, 'uuid-7', 'lead', 1, '{}', 'de', '2026-01-01');
        INSERT INTO leads (submission_id, object_type, category_id, marketing_type, location,
          fields) VALUES (7, 'LIVING', 30225, 'buy', '{}', '[]');
        INSERT INTO funnel_counts (day, wizard, stage, count)
          VALUES ('2026-11-24', 'lead-wizard', 'started', 7)`);
      const sql = await openPostgres({ url, pool: 1 });
      expect(await sql.all('SELECT version FROM schema_version ORDER BY version')).toEqual(
        MIGRATIONS.map((_, i) => ({ version: i + 1 })),
      );
      expect(await sql.all('SELECT id, uuid FROM submissions')).toEqual([
        { id: 7, uuid: 'uuid-7' },
      ]);
      expect(await sql.all('SELECT submission_id FROM leads')).toEqual([{ submission_id: 7 }]);
      expect(await sql.all('SELECT SUM(count) AS n FROM funnel_counts')).toEqual([{ n: 7 }]);
      await sql.close();

      const fresh = new pg.Client({ connectionString: await createTestDatabase(clusterUrl!) });
      await fresh.connect();
      await migratePostgres(fresh);
      expect(await postgresCatalog(old)).toEqual(await postgresCatalog(fresh));
      await fresh.end();
      await old.end();
    },
  );
});
