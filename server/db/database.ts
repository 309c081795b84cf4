/** The embedded database: SQLite in a file, WAL mode, numbered migrations. */
import fs from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import { StartupError } from '../startupError';

export type Db = Database.Database;

/** Files up to this size are checked at start-up (PRAGMA quick_check: about 1.5 ms per MB here). */
export const QUICK_CHECK_MAX_BYTES = 1024 * 1024 * 1024;

/** SQLite's migrations up to 11, written before the server spoke PostgreSQL. */
const SQLITE_HISTORY: string[] = [
  // 1: the schema
  `
  CREATE TABLE categories (
    id INTEGER PRIMARY KEY, name TEXT NOT NULL, short TEXT, object_type TEXT,
    lead_only INTEGER NOT NULL, marketing_type TEXT
  );
  CREATE TABLE field_definitions (id TEXT PRIMARY KEY, definition TEXT NOT NULL);
  CREATE TABLE regions (
    location_id INTEGER PRIMARY KEY, name TEXT NOT NULL,
    parent_id INTEGER REFERENCES regions(location_id), geometry TEXT, position INTEGER NOT NULL
  );
  CREATE TABLE listings (
    id INTEGER PRIMARY KEY, custom_id TEXT NOT NULL UNIQUE, title TEXT NOT NULL, zip TEXT NOT NULL,
    city TEXT NOT NULL, category_id INTEGER NOT NULL REFERENCES categories(id),
    price_title TEXT NOT NULL, price_text TEXT NOT NULL, image TEXT NOT NULL, link TEXT NOT NULL
  );
  CREATE TABLE contacts (
    id INTEGER PRIMARY KEY, email TEXT NOT NULL UNIQUE COLLATE NOCASE,
    salutation TEXT NOT NULL DEFAULT '', firstname TEXT NOT NULL DEFAULT '',
    lastname TEXT NOT NULL DEFAULT '', phone TEXT NOT NULL DEFAULT '',
    street TEXT NOT NULL DEFAULT '', number TEXT NOT NULL DEFAULT '', zip TEXT NOT NULL DEFAULT '',
    city TEXT NOT NULL DEFAULT '', company TEXT NOT NULL DEFAULT '',
    data_privacy INTEGER NOT NULL DEFAULT 0, accept_contact INTEGER NOT NULL DEFAULT 0,
    newsletter INTEGER NOT NULL DEFAULT 0, language TEXT NOT NULL DEFAULT 'de',
    confirmed_at TEXT, created_at TEXT NOT NULL, updated_at TEXT NOT NULL
  );
  -- One row per consent box given or withdrawn: which box, when, on which text version.
  CREATE TABLE consents (
    id INTEGER PRIMARY KEY, contact_id INTEGER NOT NULL REFERENCES contacts(id),
    submission_id INTEGER REFERENCES submissions(id), kind TEXT NOT NULL, given INTEGER NOT NULL,
    text_version TEXT NOT NULL, at TEXT NOT NULL
  );
  -- Every submission of a wizard, pending until confirmed by mail (double opt-in).
  CREATE TABLE submissions (
    id INTEGER PRIMARY KEY, uuid TEXT NOT NULL UNIQUE, kind TEXT NOT NULL,
    contact_id INTEGER NOT NULL REFERENCES contacts(id), contact_data TEXT NOT NULL,
    status TEXT NOT NULL DEFAULT 'pending', language TEXT NOT NULL,
    created_at TEXT NOT NULL, confirmed_at TEXT
  );
  CREATE TABLE leads (
    id INTEGER PRIMARY KEY, submission_id INTEGER NOT NULL UNIQUE REFERENCES submissions(id),
    object_type TEXT NOT NULL, category_id INTEGER NOT NULL, marketing_type TEXT NOT NULL,
    location TEXT NOT NULL, fields TEXT NOT NULL
  );
  CREATE TABLE saved_searches (
    id INTEGER PRIMARY KEY, uuid TEXT NOT NULL UNIQUE, contact_id INTEGER NOT NULL REFERENCES contacts(id),
    submission_id INTEGER REFERENCES submissions(id), active INTEGER NOT NULL,
    object_type TEXT NOT NULL, category_id INTEGER NOT NULL, marketing_type TEXT NOT NULL,
    locations TEXT NOT NULL, fields TEXT NOT NULL, created_at TEXT NOT NULL, updated_at TEXT NOT NULL
  );
  CREATE TABLE expose_inquiries (
    id INTEGER PRIMARY KEY, uuid TEXT NOT NULL UNIQUE, submission_id INTEGER NOT NULL REFERENCES submissions(id),
    contact_id INTEGER NOT NULL REFERENCES contacts(id), listing_id INTEGER NOT NULL REFERENCES listings(id),
    message TEXT NOT NULL, created_at TEXT NOT NULL
  );
  CREATE TABLE contact_messages (
    id INTEGER PRIMARY KEY, submission_id INTEGER NOT NULL REFERENCES submissions(id),
    contact_id INTEGER NOT NULL REFERENCES contacts(id), type TEXT NOT NULL, message TEXT NOT NULL,
    created_at TEXT NOT NULL
  );
  -- Login and confirmation keys, stored hashed.
  CREATE TABLE auth_keys (
    key_hash TEXT PRIMARY KEY, purpose TEXT NOT NULL, contact_id INTEGER REFERENCES contacts(id),
    submission_id INTEGER REFERENCES submissions(id), created_at TEXT NOT NULL,
    expires_at TEXT NOT NULL, first_used_at TEXT
  );
  CREATE TABLE sessions (
    token_hash TEXT PRIMARY KEY, contact_id INTEGER NOT NULL REFERENCES contacts(id),
    login_key_hash TEXT, created_at TEXT NOT NULL, expires_at TEXT NOT NULL
  );
  CREATE TABLE mails (
    id INTEGER PRIMARY KEY, recipient TEXT NOT NULL, subject TEXT NOT NULL, body TEXT NOT NULL,
    links TEXT NOT NULL, created_at TEXT NOT NULL
  );
  CREATE TABLE idempotency (
    key TEXT NOT NULL, route TEXT NOT NULL, status INTEGER NOT NULL, body TEXT NOT NULL,
    created_at TEXT NOT NULL, PRIMARY KEY (key, route)
  );
  CREATE INDEX saved_searches_contact ON saved_searches(contact_id);
  CREATE INDEX inquiries_contact ON expose_inquiries(contact_id);
  CREATE INDEX sessions_contact ON sessions(contact_id);
  `,
  // 2: an Idempotency-Key answers only the same client with the same body; expiry by index
  `
  ALTER TABLE idempotency ADD COLUMN fingerprint TEXT NOT NULL DEFAULT '';
  CREATE INDEX idempotency_created ON idempotency(created_at);
  `,
  // 3: a contact's consents, looked up when a stored submission is asked for again
  `CREATE INDEX consents_contact ON consents(contact_id, at);`,
  // 4: tables found by a text key keep their rows in that key's tree alone (no rowid table
  // beside it): one page fewer to write per submission
  `
  CREATE TABLE idempotency_new (
    key TEXT NOT NULL, route TEXT NOT NULL, status INTEGER NOT NULL, body TEXT NOT NULL,
    created_at TEXT NOT NULL, fingerprint TEXT NOT NULL DEFAULT '', PRIMARY KEY (key, route)
  ) WITHOUT ROWID;
  INSERT INTO idempotency_new SELECT key, route, status, body, created_at, fingerprint FROM idempotency;
  DROP TABLE idempotency;
  ALTER TABLE idempotency_new RENAME TO idempotency;
  CREATE INDEX idempotency_created ON idempotency(created_at);
  CREATE TABLE auth_keys_new (
    key_hash TEXT PRIMARY KEY, purpose TEXT NOT NULL, contact_id INTEGER REFERENCES contacts(id),
    submission_id INTEGER REFERENCES submissions(id), created_at TEXT NOT NULL,
    expires_at TEXT NOT NULL, first_used_at TEXT
  ) WITHOUT ROWID;
  INSERT INTO auth_keys_new SELECT key_hash, purpose, contact_id, submission_id, created_at,
    expires_at, first_used_at FROM auth_keys;
  DROP TABLE auth_keys;
  ALTER TABLE auth_keys_new RENAME TO auth_keys;
  `,
  // 5: the message a visitor writes with a lead
  `ALTER TABLE leads ADD COLUMN message TEXT NOT NULL DEFAULT '';`,
  // 6: fewer trees to write per submission. The submission row keeps its Idempotency-Key (a
  // unique index instead of a table with two indexes), the consent boxes sent with it (the
  // consents table keeps the changes made in the portal; consent_log reads both), and a lead is
  // found by its submission's id (no second index beside it).
  `
  ALTER TABLE submissions ADD COLUMN idempotency_key TEXT;
  ALTER TABLE submissions ADD COLUMN fingerprint TEXT;
  ALTER TABLE submissions ADD COLUMN consents TEXT;
  ALTER TABLE submissions ADD COLUMN consent_text_version TEXT;
  UPDATE submissions SET (idempotency_key, fingerprint) = (
      SELECT i.route || ' ' || i.key, i.fingerprint FROM idempotency i
      WHERE json_extract(i.body, '$.uuid') = submissions.uuid)
    WHERE uuid IN (SELECT json_extract(body, '$.uuid') FROM idempotency);
  DROP TABLE idempotency;
  CREATE UNIQUE INDEX submissions_idempotency ON submissions(idempotency_key)
    WHERE idempotency_key IS NOT NULL;
  CREATE TABLE leads_new (
    submission_id INTEGER PRIMARY KEY REFERENCES submissions(id), object_type TEXT NOT NULL,
    category_id INTEGER NOT NULL, marketing_type TEXT NOT NULL, location TEXT NOT NULL,
    fields TEXT NOT NULL, message TEXT NOT NULL DEFAULT ''
  );
  INSERT INTO leads_new SELECT submission_id, object_type, category_id, marketing_type, location,
    fields, message FROM leads;
  DROP TABLE leads;
  ALTER TABLE leads_new RENAME TO leads;
  CREATE VIEW consent_log (contact_id, submission_id, kind, given, text_version, at) AS
    SELECT contact_id, submission_id, kind, given, text_version, at FROM consents
    UNION ALL
    SELECT s.contact_id, s.id, box.key, box.value, s.consent_text_version, s.created_at
    FROM submissions s, json_each(s.consents) box WHERE s.consents IS NOT NULL;
  `,
  // 7: the agency's side. Every notice and webhook call is a delivery, written with the event
  // that causes it and sent by the outbox's worker; due ones are found by a partial index.
  // Staff keep a status per submission; a submission's parts are found by its id.
  `
  CREATE TABLE deliveries (
    id INTEGER PRIMARY KEY, channel TEXT NOT NULL, kind TEXT NOT NULL,
    submission_id INTEGER REFERENCES submissions(id), recipient TEXT NOT NULL,
    payload TEXT NOT NULL, status TEXT NOT NULL DEFAULT 'pending',
    attempts INTEGER NOT NULL DEFAULT 0, next_attempt_at TEXT NOT NULL, last_error TEXT,
    created_at TEXT NOT NULL, sent_at TEXT
  );
  CREATE INDEX deliveries_due ON deliveries(next_attempt_at) WHERE status = 'pending';
  CREATE INDEX deliveries_submission ON deliveries(submission_id) WHERE submission_id IS NOT NULL;
  ALTER TABLE submissions ADD COLUMN handling TEXT NOT NULL DEFAULT 'new';
  ALTER TABLE submissions ADD COLUMN noticed_at TEXT;
  CREATE INDEX saved_searches_submission ON saved_searches(submission_id);
  CREATE INDEX inquiries_submission ON expose_inquiries(submission_id);
  CREATE INDEX contact_messages_submission ON contact_messages(submission_id);
  `,
  // 8: the agency's staff sign in by mail like contacts, with keys and sessions of their own:
  // a contact's session never opens the inbox, and a staff session never a contact's account.
  `
  CREATE TABLE staff_keys (
    key_hash TEXT PRIMARY KEY, email TEXT NOT NULL, created_at TEXT NOT NULL,
    expires_at TEXT NOT NULL, used_at TEXT
  ) WITHOUT ROWID;
  CREATE TABLE staff_sessions (
    token_hash TEXT PRIMARY KEY, email TEXT NOT NULL, created_at TEXT NOT NULL,
    expires_at TEXT NOT NULL
  ) WITHOUT ROWID;
  `,
  // 9: what the inbox's search looks in (name, e-mail, places), lower case, written with the
  // submission: a search reads one column instead of parsing every row's JSON.
  `
  ALTER TABLE submissions ADD COLUMN search_text TEXT NOT NULL DEFAULT '';
  UPDATE submissions SET search_text = lower(
    coalesce(json_extract(contact_data, '$.firstname'), '') || ' ' ||
    coalesce(json_extract(contact_data, '$.lastname'), '') || ' ' ||
    coalesce(json_extract(contact_data, '$.email'), '') || ' ' ||
    coalesce(json_extract(contact_data, '$.zip'), '') || ' ' ||
    coalesce(json_extract(contact_data, '$.city'), '') || ' ' ||
    coalesce((SELECT json_extract(l.location, '$.zip') || ' ' || json_extract(l.location, '$.city')
      FROM leads l WHERE l.submission_id = submissions.id), ''));
  `,
  // 10: the wizards' drop-off funnel: a count per day (in Berlin), wizard and stage, never a
  // row per visitor.
  `
  CREATE TABLE funnel_counts (
    day TEXT NOT NULL, wizard TEXT NOT NULL, stage TEXT NOT NULL, count INTEGER NOT NULL,
    PRIMARY KEY (day, wizard, stage)
  ) WITHOUT ROWID;
  `,
  // 11: the browser that asked for a login link (a hash of its XSRF cookie): after a first use
  // (a mail scanner's), that browser alone may still log in with the link.
  `ALTER TABLE auth_keys ADD COLUMN requested_by TEXT;`,
];

/**
 * PostgreSQL's schema as SQLite's stood after migration 11: the same tables, columns and
 * indexes. Ids are identity columns; JSON is kept as text, as in SQLite; e-mail addresses are
 * stored lower case, so they compare as SQLite's NOCASE column does.
 */
const POSTGRES_SCHEMA = `
  CREATE TABLE categories (
    id BIGINT PRIMARY KEY, name TEXT NOT NULL, short TEXT, object_type TEXT,
    lead_only INTEGER NOT NULL, marketing_type TEXT
  );
  CREATE TABLE field_definitions (id TEXT PRIMARY KEY, definition TEXT NOT NULL);
  CREATE TABLE regions (
    location_id BIGINT PRIMARY KEY, name TEXT NOT NULL,
    parent_id BIGINT REFERENCES regions(location_id), geometry TEXT, position INTEGER NOT NULL
  );
  CREATE TABLE listings (
    id BIGINT PRIMARY KEY, custom_id TEXT NOT NULL UNIQUE, title TEXT NOT NULL, zip TEXT NOT NULL,
    city TEXT NOT NULL, category_id BIGINT NOT NULL REFERENCES categories(id),
    price_title TEXT NOT NULL, price_text TEXT NOT NULL, image TEXT NOT NULL, link TEXT NOT NULL
  );
  CREATE TABLE contacts (
    id BIGINT GENERATED BY DEFAULT AS IDENTITY PRIMARY KEY, email TEXT NOT NULL UNIQUE,
    salutation TEXT NOT NULL DEFAULT '', firstname TEXT NOT NULL DEFAULT '',
    lastname TEXT NOT NULL DEFAULT '', phone TEXT NOT NULL DEFAULT '',
    street TEXT NOT NULL DEFAULT '', number TEXT NOT NULL DEFAULT '', zip TEXT NOT NULL DEFAULT '',
    city TEXT NOT NULL DEFAULT '', company TEXT NOT NULL DEFAULT '',
    data_privacy INTEGER NOT NULL DEFAULT 0, accept_contact INTEGER NOT NULL DEFAULT 0,
    newsletter INTEGER NOT NULL DEFAULT 0, language TEXT NOT NULL DEFAULT 'de',
    confirmed_at TEXT, created_at TEXT NOT NULL, updated_at TEXT NOT NULL
  );
  CREATE TABLE submissions (
    id BIGINT GENERATED BY DEFAULT AS IDENTITY PRIMARY KEY, uuid TEXT NOT NULL UNIQUE,
    kind TEXT NOT NULL, contact_id BIGINT NOT NULL REFERENCES contacts(id),
    contact_data TEXT NOT NULL, status TEXT NOT NULL DEFAULT 'pending', language TEXT NOT NULL,
    created_at TEXT NOT NULL, confirmed_at TEXT, idempotency_key TEXT, fingerprint TEXT,
    consents TEXT, consent_text_version TEXT, handling TEXT NOT NULL DEFAULT 'new',
    noticed_at TEXT, search_text TEXT NOT NULL DEFAULT ''
  );
  CREATE UNIQUE INDEX submissions_idempotency ON submissions(idempotency_key)
    WHERE idempotency_key IS NOT NULL;
  CREATE TABLE consents (
    id BIGINT GENERATED BY DEFAULT AS IDENTITY PRIMARY KEY,
    contact_id BIGINT NOT NULL REFERENCES contacts(id),
    submission_id BIGINT REFERENCES submissions(id), kind TEXT NOT NULL, given INTEGER NOT NULL,
    text_version TEXT NOT NULL, at TEXT NOT NULL
  );
  CREATE INDEX consents_contact ON consents(contact_id, at);
  CREATE TABLE leads (
    submission_id BIGINT PRIMARY KEY REFERENCES submissions(id), object_type TEXT NOT NULL,
    category_id BIGINT NOT NULL, marketing_type TEXT NOT NULL, location TEXT NOT NULL,
    fields TEXT NOT NULL, message TEXT NOT NULL DEFAULT ''
  );
  CREATE TABLE saved_searches (
    id BIGINT GENERATED BY DEFAULT AS IDENTITY PRIMARY KEY, uuid TEXT NOT NULL UNIQUE,
    contact_id BIGINT NOT NULL REFERENCES contacts(id),
    submission_id BIGINT REFERENCES submissions(id), active INTEGER NOT NULL,
    object_type TEXT NOT NULL, category_id BIGINT NOT NULL, marketing_type TEXT NOT NULL,
    locations TEXT NOT NULL, fields TEXT NOT NULL, created_at TEXT NOT NULL, updated_at TEXT NOT NULL
  );
  CREATE INDEX saved_searches_contact ON saved_searches(contact_id);
  CREATE INDEX saved_searches_submission ON saved_searches(submission_id);
  CREATE TABLE expose_inquiries (
    id BIGINT GENERATED BY DEFAULT AS IDENTITY PRIMARY KEY, uuid TEXT NOT NULL UNIQUE,
    submission_id BIGINT NOT NULL REFERENCES submissions(id),
    contact_id BIGINT NOT NULL REFERENCES contacts(id),
    listing_id BIGINT NOT NULL REFERENCES listings(id), message TEXT NOT NULL,
    created_at TEXT NOT NULL
  );
  CREATE INDEX inquiries_contact ON expose_inquiries(contact_id);
  CREATE INDEX inquiries_submission ON expose_inquiries(submission_id);
  CREATE TABLE contact_messages (
    id BIGINT GENERATED BY DEFAULT AS IDENTITY PRIMARY KEY,
    submission_id BIGINT NOT NULL REFERENCES submissions(id),
    contact_id BIGINT NOT NULL REFERENCES contacts(id), type TEXT NOT NULL, message TEXT NOT NULL,
    created_at TEXT NOT NULL
  );
  CREATE INDEX contact_messages_submission ON contact_messages(submission_id);
  CREATE TABLE auth_keys (
    key_hash TEXT PRIMARY KEY, purpose TEXT NOT NULL, contact_id BIGINT REFERENCES contacts(id),
    submission_id BIGINT REFERENCES submissions(id), created_at TEXT NOT NULL,
    expires_at TEXT NOT NULL, first_used_at TEXT, requested_by TEXT
  );
  CREATE TABLE sessions (
    token_hash TEXT PRIMARY KEY, contact_id BIGINT NOT NULL REFERENCES contacts(id),
    login_key_hash TEXT, created_at TEXT NOT NULL, expires_at TEXT NOT NULL
  );
  CREATE INDEX sessions_contact ON sessions(contact_id);
  CREATE TABLE mails (
    id BIGINT GENERATED BY DEFAULT AS IDENTITY PRIMARY KEY, recipient TEXT NOT NULL,
    subject TEXT NOT NULL, body TEXT NOT NULL, links TEXT NOT NULL, created_at TEXT NOT NULL
  );
  CREATE VIEW consent_log (contact_id, submission_id, kind, given, text_version, at) AS
    SELECT contact_id, submission_id, kind, given, text_version, at FROM consents
    UNION ALL
    SELECT s.contact_id, s.id, box.key, box.value::integer, s.consent_text_version, s.created_at
    FROM submissions s, jsonb_each_text(s.consents::jsonb) box WHERE s.consents IS NOT NULL;
  CREATE TABLE deliveries (
    id BIGINT GENERATED BY DEFAULT AS IDENTITY PRIMARY KEY, channel TEXT NOT NULL,
    kind TEXT NOT NULL, submission_id BIGINT REFERENCES submissions(id), recipient TEXT NOT NULL,
    payload TEXT NOT NULL, status TEXT NOT NULL DEFAULT 'pending',
    attempts INTEGER NOT NULL DEFAULT 0, next_attempt_at TEXT NOT NULL, last_error TEXT,
    created_at TEXT NOT NULL, sent_at TEXT
  );
  CREATE INDEX deliveries_due ON deliveries(next_attempt_at) WHERE status = 'pending';
  CREATE INDEX deliveries_submission ON deliveries(submission_id) WHERE submission_id IS NOT NULL;
  CREATE TABLE staff_keys (
    key_hash TEXT PRIMARY KEY, email TEXT NOT NULL, created_at TEXT NOT NULL,
    expires_at TEXT NOT NULL, used_at TEXT
  );
  CREATE TABLE staff_sessions (
    token_hash TEXT PRIMARY KEY, email TEXT NOT NULL, created_at TEXT NOT NULL,
    expires_at TEXT NOT NULL
  );
  CREATE TABLE funnel_counts (
    day TEXT NOT NULL, wizard TEXT NOT NULL, stage TEXT NOT NULL, count INTEGER NOT NULL,
    PRIMARY KEY (day, wizard, stage)
  );
`;

/** A migration written once, or in each dialect's own words where they differ. */
export type Migration = string | { sqlite: string; postgres: string };

/**
 * Every migration, numbered from 1. PostgreSQL's first is the whole schema of SQLite's 11;
 * from 12 on, both dialects count the same steps (one may be a dialect's own, and empty in
 * the other).
 */
export const MIGRATIONS: Migration[] = [
  ...SQLITE_HISTORY.map((sqlite, i) => ({ sqlite, postgres: i === 0 ? POSTGRES_SCHEMA : '' })),
  // 12: rate-limit windows shared by the server processes (used on PostgreSQL; one SQLite
  // process counts in memory)
  `CREATE TABLE rate_limits (key TEXT PRIMARY KEY, count INTEGER NOT NULL, reset_at BIGINT NOT NULL);
   CREATE INDEX rate_limits_reset ON rate_limits(reset_at);`,
  // 13: PostgreSQL keeps rate-limit windows out of its write-ahead log: a hit commits without
  // waiting for the disk, and a database crash only forgets the windows under way.
  { sqlite: '', postgres: 'ALTER TABLE rate_limits SET UNLOGGED' },
  // 14: a day's count of a wizard's stage spread over rows (shards), so that submissions at
  // once do not wait for one row (agency/funnel.ts)
  {
    sqlite: `
    CREATE TABLE funnel_counts_sharded (
      day TEXT NOT NULL, wizard TEXT NOT NULL, stage TEXT NOT NULL, count INTEGER NOT NULL,
      shard INTEGER NOT NULL DEFAULT 0,
      PRIMARY KEY (day, wizard, stage, shard)
    ) WITHOUT ROWID;
    INSERT INTO funnel_counts_sharded (day, wizard, stage, count)
      SELECT day, wizard, stage, count FROM funnel_counts;
    DROP TABLE funnel_counts;
    ALTER TABLE funnel_counts_sharded RENAME TO funnel_counts;`,
    postgres: `
    ALTER TABLE funnel_counts ADD COLUMN shard INTEGER NOT NULL DEFAULT 0;
    ALTER TABLE funnel_counts DROP CONSTRAINT funnel_counts_pkey;
    ALTER TABLE funnel_counts ADD PRIMARY KEY (day, wizard, stage, shard);`,
  },
  // 15: every delivery has an id of its own outside this database (a UUIDv7: webhook-id,
  // Message-ID); one there is gets one made of its creation time and random bits. Due
  // deliveries are found per channel (each channel has a lane of its own).
  {
    sqlite: `
    CREATE TABLE deliveries_new (
      id INTEGER PRIMARY KEY, channel TEXT NOT NULL, kind TEXT NOT NULL,
      submission_id INTEGER REFERENCES submissions(id), recipient TEXT NOT NULL,
      payload TEXT NOT NULL, status TEXT NOT NULL DEFAULT 'pending',
      attempts INTEGER NOT NULL DEFAULT 0, next_attempt_at TEXT NOT NULL, last_error TEXT,
      created_at TEXT NOT NULL, sent_at TEXT, uuid TEXT NOT NULL
    );
    INSERT INTO deliveries_new SELECT id, channel, kind, submission_id, recipient, payload,
      status, attempts, next_attempt_at, last_error, created_at, sent_at,
      lower(hex(randomblob(16))) FROM deliveries;
    UPDATE deliveries_new SET uuid = (
      SELECT substr(t, 1, 8) || '-' || substr(t, 9, 4) || '-7' || substr(uuid, 1, 3) || '-' ||
        substr('89ab', unicode(substr(uuid, 4, 1)) % 4 + 1, 1) || substr(uuid, 5, 3) || '-' ||
        substr(uuid, 8, 12)
      FROM (SELECT printf('%012x',
        CAST(round((julianday(created_at) - 2440587.5) * 86400000) AS INTEGER)) AS t));
    DROP TABLE deliveries;
    ALTER TABLE deliveries_new RENAME TO deliveries;
    CREATE INDEX deliveries_due ON deliveries(channel, next_attempt_at) WHERE status = 'pending';
    CREATE INDEX deliveries_submission ON deliveries(submission_id)
      WHERE submission_id IS NOT NULL;`,
    postgres: `
    ALTER TABLE deliveries ADD COLUMN uuid TEXT;
    UPDATE deliveries SET uuid = replace(gen_random_uuid()::text, '-', '');
    UPDATE deliveries SET uuid = substr(t, 1, 8) || '-' || substr(t, 9, 4) || '-7' ||
        substr(uuid, 1, 3) || '-' || substr('89ab', ascii(substr(uuid, 4, 1)) % 4 + 1, 1) ||
        substr(uuid, 5, 3) || '-' || substr(uuid, 8, 12)
      FROM (SELECT id AS of, lpad(to_hex(floor(extract(epoch FROM created_at::timestamptz)
        * 1000)::bigint), 12, '0') AS t FROM deliveries) times
      WHERE times.of = deliveries.id;
    ALTER TABLE deliveries ALTER COLUMN uuid SET NOT NULL;
    DROP INDEX deliveries_due;
    CREATE INDEX deliveries_due ON deliveries(channel, next_attempt_at) WHERE status = 'pending';`,
  },
];

export const migrationFor = (migration: Migration, dialect: 'sqlite' | 'postgres') =>
  typeof migration === 'string' ? migration : migration[dialect];

/**
 * Opens the database, refusing what is not ours to use, each with one line that says what to
 * do: a file this process cannot write, a file that is not SQLite, another program's database,
 * a schema newer than this server's, and a damaged file (PRAGMA quick_check).
 */
export function openDatabase(file: string, log: (message: string) => void = () => {}): Db {
  if (file !== ':memory:') {
    const folder = path.dirname(file);
    try {
      // Contacts' data: the folder is the server's alone (0700), the file too (0600; SQLite
      // gives its journal files the file's mode).
      fs.mkdirSync(folder, { recursive: true, mode: 0o700 });
      fs.closeSync(fs.openSync(file, 'a', 0o600));
      fs.accessSync(folder, fs.constants.W_OK);
    } catch (error) {
      throw new StartupError(
        `this process (uid ${process.getuid?.() ?? '?'}) cannot write the database ${file} or its folder (${(error as NodeJS.ErrnoException).code}): give it write access to both, or set DATA_DIR to a folder it owns`,
      );
    }
  }
  const db = new Database(file);
  try {
    checkDatabase(db, file, log);
  } catch (error) {
    db.close();
    if (error instanceof StartupError) throw error;
    const code = (error as { code?: string }).code ?? 'unknown';
    throw new StartupError(
      `the database ${file} cannot be read (${code}): it is not a SQLite database or it is damaged; restore it from a backup, or set DATA_DIR to another folder`,
    );
  }
  db.pragma('journal_mode = WAL');
  db.pragma('foreign_keys = ON');
  db.pragma('busy_timeout = 5000');
  db.pragma('synchronous = NORMAL');
  // Submissions land on random pages of several indexes (uuids, hashed keys, e-mail
  // addresses): a 64 MB page cache keeps them in memory as the tables grow.
  db.pragma('cache_size = -65536');
  migrate(db);
  return db;
}

function checkDatabase(db: Db, file: string, log: (message: string) => void) {
  const version = db.pragma('user_version', { simple: true }) as number;
  if (version > MIGRATIONS.length)
    throw new StartupError(
      `the database ${file} has schema version ${version}, newer than this server's ${MIGRATIONS.length}: run the server version that wrote it, or restore a backup made for this one`,
    );
  if (version === 0) {
    const tables = db
      .prepare(`SELECT name FROM sqlite_master WHERE type = 'table' LIMIT 3`)
      .pluck()
      .all() as string[];
    if (tables.length)
      throw new StartupError(
        `the database ${file} is not Immosuite's (it holds tables of another program: ${tables.join(', ')}): set DATA_DIR to a folder of its own`,
      );
  }
  if (file === ':memory:') return;
  const size = fs.statSync(file).size;
  if (size > QUICK_CHECK_MAX_BYTES) {
    log(
      `the database ${file} (${Math.round(size / 1e6)} MB) was not checked at start-up (PRAGMA quick_check takes about 1.5 s per GB); run it while the server is stopped`,
    );
    return;
  }
  const problems = db.pragma('quick_check(3)', { simple: false }) as { quick_check: string }[];
  if (problems[0]?.quick_check !== 'ok')
    throw new StartupError(
      `the database ${file} is damaged (PRAGMA quick_check: ${problems.map((p) => p.quick_check).join('; ')}): restore it from a backup`,
    );
}

/** Runs the migrations the database has not had, up to `target` (all by default). */
export function migrate(db: Db, target = MIGRATIONS.length) {
  const current = db.pragma('user_version', { simple: true }) as number;
  for (let version = current; version < target; version += 1) {
    db.transaction(() => {
      db.exec(migrationFor(MIGRATIONS[version]!, 'sqlite'));
      db.pragma(`user_version = ${version + 1}`);
    })();
  }
}

export const now = () => new Date().toISOString();
