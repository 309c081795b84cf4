/**
 * The schema's one history, for both databases: numbered steps from 1, each with its SQL for
 * SQLite and for PostgreSQL (the same text where both speak alike, an empty one where a step
 * has nothing to do on a database). A database records the last step it took (SQLite in
 * `PRAGMA user_version`, PostgreSQL in `schema_version`) and takes the steps after it at
 * start-up, each in a transaction: sqlite.ts and postgres.ts run them.
 *
 * The dialects differ in their words, not in the schema they make (migrations.test.ts compares
 * both, column by column):
 * - ids the server makes are SQLite's INTEGER PRIMARY KEY and PostgreSQL's identity columns;
 *   ids and references are BIGINT on PostgreSQL (SQLite's integers are 64 bits);
 * - JSON is kept as text on both, read with json_extract and json_each on SQLite and with
 *   `::jsonb` on PostgreSQL;
 * - SQLite keeps tables found by a text key in that key's tree (WITHOUT ROWID), and compares
 *   e-mail addresses without case (NOCASE); PostgreSQL has neither, and the server stores
 *   addresses lower case;
 * - SQLite rebuilds a table to change its key; PostgreSQL alters it in place.
 *
 * A step once released is never changed: a change of the schema is a new step.
 */

/** A step of the schema: its SQL on each database. */
export interface Migration {
  sqlite: string;
  postgres: string;
}

export type Dialect = keyof Migration;

/** A step both databases take in the same words. */
const both = (text: string): Migration => ({ sqlite: text, postgres: text });

export const MIGRATIONS: readonly Migration[] = [
  // 1: the schema
  {
    sqlite: `
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
    // A table is made after the tables it references.
    postgres: `
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
    created_at TEXT NOT NULL, confirmed_at TEXT
  );
  CREATE TABLE consents (
    id BIGINT GENERATED BY DEFAULT AS IDENTITY PRIMARY KEY,
    contact_id BIGINT NOT NULL REFERENCES contacts(id),
    submission_id BIGINT REFERENCES submissions(id), kind TEXT NOT NULL, given INTEGER NOT NULL,
    text_version TEXT NOT NULL, at TEXT NOT NULL
  );
  CREATE TABLE leads (
    id BIGINT GENERATED BY DEFAULT AS IDENTITY PRIMARY KEY,
    submission_id BIGINT NOT NULL UNIQUE REFERENCES submissions(id),
    object_type TEXT NOT NULL, category_id BIGINT NOT NULL, marketing_type TEXT NOT NULL,
    location TEXT NOT NULL, fields TEXT NOT NULL
  );
  CREATE TABLE saved_searches (
    id BIGINT GENERATED BY DEFAULT AS IDENTITY PRIMARY KEY, uuid TEXT NOT NULL UNIQUE,
    contact_id BIGINT NOT NULL REFERENCES contacts(id),
    submission_id BIGINT REFERENCES submissions(id), active INTEGER NOT NULL,
    object_type TEXT NOT NULL, category_id BIGINT NOT NULL, marketing_type TEXT NOT NULL,
    locations TEXT NOT NULL, fields TEXT NOT NULL, created_at TEXT NOT NULL, updated_at TEXT NOT NULL
  );
  CREATE TABLE expose_inquiries (
    id BIGINT GENERATED BY DEFAULT AS IDENTITY PRIMARY KEY, uuid TEXT NOT NULL UNIQUE,
    submission_id BIGINT NOT NULL REFERENCES submissions(id),
    contact_id BIGINT NOT NULL REFERENCES contacts(id),
    listing_id BIGINT NOT NULL REFERENCES listings(id), message TEXT NOT NULL,
    created_at TEXT NOT NULL
  );
  CREATE TABLE contact_messages (
    id BIGINT GENERATED BY DEFAULT AS IDENTITY PRIMARY KEY,
    submission_id BIGINT NOT NULL REFERENCES submissions(id),
    contact_id BIGINT NOT NULL REFERENCES contacts(id), type TEXT NOT NULL, message TEXT NOT NULL,
    created_at TEXT NOT NULL
  );
  CREATE TABLE auth_keys (
    key_hash TEXT PRIMARY KEY, purpose TEXT NOT NULL, contact_id BIGINT REFERENCES contacts(id),
    submission_id BIGINT REFERENCES submissions(id), created_at TEXT NOT NULL,
    expires_at TEXT NOT NULL, first_used_at TEXT
  );
  CREATE TABLE sessions (
    token_hash TEXT PRIMARY KEY, contact_id BIGINT NOT NULL REFERENCES contacts(id),
    login_key_hash TEXT, created_at TEXT NOT NULL, expires_at TEXT NOT NULL
  );
  CREATE TABLE mails (
    id BIGINT GENERATED BY DEFAULT AS IDENTITY PRIMARY KEY, recipient TEXT NOT NULL,
    subject TEXT NOT NULL, body TEXT NOT NULL, links TEXT NOT NULL, created_at TEXT NOT NULL
  );
  CREATE TABLE idempotency (
    key TEXT NOT NULL, route TEXT NOT NULL, status INTEGER NOT NULL, body TEXT NOT NULL,
    created_at TEXT NOT NULL, PRIMARY KEY (key, route)
  );
  CREATE INDEX saved_searches_contact ON saved_searches(contact_id);
  CREATE INDEX inquiries_contact ON expose_inquiries(contact_id);
  CREATE INDEX sessions_contact ON sessions(contact_id);
  `,
  },
  // 2: an Idempotency-Key answers only the same client with the same body; expiry by index
  both(`
  ALTER TABLE idempotency ADD COLUMN fingerprint TEXT NOT NULL DEFAULT '';
  CREATE INDEX idempotency_created ON idempotency(created_at);
  `),
  // 3: a contact's consents, looked up when a stored submission is asked for again
  both(`CREATE INDEX consents_contact ON consents(contact_id, at);`),
  // 4: tables found by a text key keep their rows in that key's tree alone (no rowid table
  // beside it): one page fewer to write per submission. PostgreSQL keeps every table apart
  // from its indexes.
  {
    sqlite: `
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
    postgres: '',
  },
  // 5: the message a visitor writes with a lead
  both(`ALTER TABLE leads ADD COLUMN message TEXT NOT NULL DEFAULT '';`),
  // 6: fewer trees to write per submission. The submission row keeps its Idempotency-Key (a
  // unique index instead of a table with two indexes), the consent boxes sent with it (the
  // consents table keeps the changes made in the portal; consent_log reads both), and a lead is
  // found by its submission's id (no second index beside it).
  {
    sqlite: `
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
    postgres: `
  ALTER TABLE submissions ADD COLUMN idempotency_key TEXT;
  ALTER TABLE submissions ADD COLUMN fingerprint TEXT;
  ALTER TABLE submissions ADD COLUMN consents TEXT;
  ALTER TABLE submissions ADD COLUMN consent_text_version TEXT;
  UPDATE submissions SET idempotency_key = i.route || ' ' || i.key, fingerprint = i.fingerprint
    FROM idempotency i WHERE i.body::jsonb ->> 'uuid' = submissions.uuid;
  DROP TABLE idempotency;
  CREATE UNIQUE INDEX submissions_idempotency ON submissions(idempotency_key)
    WHERE idempotency_key IS NOT NULL;
  ALTER TABLE leads DROP COLUMN id;
  ALTER TABLE leads DROP CONSTRAINT leads_submission_id_key;
  ALTER TABLE leads ADD PRIMARY KEY (submission_id);
  CREATE VIEW consent_log (contact_id, submission_id, kind, given, text_version, at) AS
    SELECT contact_id, submission_id, kind, given, text_version, at FROM consents
    UNION ALL
    SELECT s.contact_id, s.id, box.key, box.value::integer, s.consent_text_version, s.created_at
    FROM submissions s, jsonb_each_text(s.consents::jsonb) box WHERE s.consents IS NOT NULL;
  `,
  },
  // 7: the agency's side. Every notice and webhook call is a delivery, written with the event
  // that causes it and sent by the outbox's worker; due ones are found by a partial index.
  // Staff keep a status per submission; a submission's parts are found by its id.
  {
    sqlite: `
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
    postgres: `
  CREATE TABLE deliveries (
    id BIGINT GENERATED BY DEFAULT AS IDENTITY PRIMARY KEY, channel TEXT NOT NULL,
    kind TEXT NOT NULL, submission_id BIGINT REFERENCES submissions(id), recipient TEXT NOT NULL,
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
  },
  // 8: the agency's staff sign in by mail like contacts, with keys and sessions of their own:
  // a contact's session never opens the inbox, and a staff session never a contact's account.
  {
    sqlite: `
  CREATE TABLE staff_keys (
    key_hash TEXT PRIMARY KEY, email TEXT NOT NULL, created_at TEXT NOT NULL,
    expires_at TEXT NOT NULL, used_at TEXT
  ) WITHOUT ROWID;
  CREATE TABLE staff_sessions (
    token_hash TEXT PRIMARY KEY, email TEXT NOT NULL, created_at TEXT NOT NULL,
    expires_at TEXT NOT NULL
  ) WITHOUT ROWID;
  `,
    postgres: `
  CREATE TABLE staff_keys (
    key_hash TEXT PRIMARY KEY, email TEXT NOT NULL, created_at TEXT NOT NULL,
    expires_at TEXT NOT NULL, used_at TEXT
  );
  CREATE TABLE staff_sessions (
    token_hash TEXT PRIMARY KEY, email TEXT NOT NULL, created_at TEXT NOT NULL,
    expires_at TEXT NOT NULL
  );
  `,
  },
  // 9: what the inbox's search looks in (name, e-mail, places), lower case, written with the
  // submission: a search reads one column instead of parsing every row's JSON.
  {
    sqlite: `
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
    postgres: `
  ALTER TABLE submissions ADD COLUMN search_text TEXT NOT NULL DEFAULT '';
  UPDATE submissions SET search_text = lower(
    coalesce(contact_data::jsonb ->> 'firstname', '') || ' ' ||
    coalesce(contact_data::jsonb ->> 'lastname', '') || ' ' ||
    coalesce(contact_data::jsonb ->> 'email', '') || ' ' ||
    coalesce(contact_data::jsonb ->> 'zip', '') || ' ' ||
    coalesce(contact_data::jsonb ->> 'city', '') || ' ' ||
    coalesce((SELECT (l.location::jsonb ->> 'zip') || ' ' || (l.location::jsonb ->> 'city')
      FROM leads l WHERE l.submission_id = submissions.id), ''));
  `,
  },
  // 10: the wizards' drop-off funnel: a count per day (in Berlin), wizard and stage, never a
  // row per visitor.
  {
    sqlite: `
  CREATE TABLE funnel_counts (
    day TEXT NOT NULL, wizard TEXT NOT NULL, stage TEXT NOT NULL, count INTEGER NOT NULL,
    PRIMARY KEY (day, wizard, stage)
  ) WITHOUT ROWID;
  `,
    postgres: `
  CREATE TABLE funnel_counts (
    day TEXT NOT NULL, wizard TEXT NOT NULL, stage TEXT NOT NULL, count INTEGER NOT NULL,
    PRIMARY KEY (day, wizard, stage)
  );
  `,
  },
  // 11: the browser that asked for a login link (a hash of its XSRF cookie): after a first use
  // (a mail scanner's), that browser alone may still log in with the link.
  both(`ALTER TABLE auth_keys ADD COLUMN requested_by TEXT;`),
  // 12: rate-limit windows shared by the server processes (used on PostgreSQL; one SQLite
  // process counts in memory)
  both(`CREATE TABLE rate_limits (key TEXT PRIMARY KEY, count INTEGER NOT NULL, reset_at BIGINT NOT NULL);
   CREATE INDEX rate_limits_reset ON rate_limits(reset_at);`),
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
  // 16: the answers of a contact's own requests by their Idempotency-Key (a saved search made
  // in the portal, the contact's record, a login mail), each kept for a day; found by its key
  // (on SQLite in the key's tree), cleared by its time
  {
    sqlite: `
    CREATE TABLE idempotency_keys (
      request_key TEXT PRIMARY KEY, fingerprint TEXT NOT NULL, status INTEGER NOT NULL,
      answer TEXT NOT NULL, created_at TEXT NOT NULL
    ) WITHOUT ROWID;
    CREATE INDEX idempotency_keys_created ON idempotency_keys(created_at);`,
    postgres: `
    CREATE TABLE idempotency_keys (
      request_key TEXT PRIMARY KEY, fingerprint TEXT NOT NULL, status INTEGER NOT NULL,
      answer TEXT NOT NULL, created_at TEXT NOT NULL
    );
    CREATE INDEX idempotency_keys_created ON idempotency_keys(created_at);`,
  },
  // 17: a contact's erasure (docs/security.md#erasure) leaves a record without the contact's
  // personal data: when, who asked (a staff member by address, or the contact), how many rows
  // of each kind went. The answers a contact's own requests keep name their contact, so an
  // erasure finds them. The seeded sample customer is marked as demo, to be removed at once.
  {
    sqlite: `
    CREATE TABLE erasures (
      id INTEGER PRIMARY KEY, at TEXT NOT NULL, requested_by TEXT NOT NULL, staff TEXT,
      removed TEXT NOT NULL
    );
    ALTER TABLE idempotency_keys ADD COLUMN contact_id INTEGER;
    CREATE INDEX idempotency_keys_contact ON idempotency_keys(contact_id)
      WHERE contact_id IS NOT NULL;
    ALTER TABLE contacts ADD COLUMN demo INTEGER NOT NULL DEFAULT 0;
    UPDATE contacts SET demo = 1 WHERE email = 'kunde@example.de' AND lastname = 'Musterkundin';`,
    postgres: `
    CREATE TABLE erasures (
      id BIGINT GENERATED BY DEFAULT AS IDENTITY PRIMARY KEY, at TEXT NOT NULL,
      requested_by TEXT NOT NULL, staff TEXT, removed TEXT NOT NULL
    );
    ALTER TABLE idempotency_keys ADD COLUMN contact_id BIGINT;
    CREATE INDEX idempotency_keys_contact ON idempotency_keys(contact_id)
      WHERE contact_id IS NOT NULL;
    ALTER TABLE contacts ADD COLUMN demo INTEGER NOT NULL DEFAULT 0;
    UPDATE contacts SET demo = 1 WHERE email = 'kunde@example.de' AND lastname = 'Musterkundin';`,
  },
  // 18: the inbox's working day (docs/agency.md#working-the-inbox): each staff member's read
  // marks (found by staff address and submission), notes on a submission (who, when, the
  // text), and the staff member a submission is assigned to, each in a table of its own (the
  // submissions' rows, which a search reads whole, do not grow). They name their submission by
  // key: an erasure removes them before it (agency/erasure.ts).
  {
    sqlite: `
    CREATE TABLE submission_reads (
      staff TEXT NOT NULL,
      submission_id INTEGER NOT NULL REFERENCES submissions(id),
      read_at TEXT NOT NULL,
      PRIMARY KEY (staff, submission_id)
    ) WITHOUT ROWID;
    CREATE INDEX submission_reads_submission ON submission_reads(submission_id);
    CREATE TABLE submission_notes (
      id INTEGER PRIMARY KEY,
      submission_id INTEGER NOT NULL REFERENCES submissions(id),
      staff TEXT NOT NULL, body TEXT NOT NULL, created_at TEXT NOT NULL
    );
    CREATE INDEX submission_notes_submission ON submission_notes(submission_id);
    CREATE TABLE submission_assignees (
      submission_id INTEGER NOT NULL PRIMARY KEY REFERENCES submissions(id),
      staff TEXT NOT NULL, assigned_at TEXT NOT NULL
    ) WITHOUT ROWID;
    CREATE INDEX submission_assignees_staff ON submission_assignees(staff, submission_id);`,
    postgres: `
    CREATE TABLE submission_reads (
      staff TEXT NOT NULL,
      submission_id BIGINT NOT NULL REFERENCES submissions(id),
      read_at TEXT NOT NULL,
      PRIMARY KEY (staff, submission_id)
    );
    CREATE INDEX submission_reads_submission ON submission_reads(submission_id);
    CREATE TABLE submission_notes (
      id BIGINT GENERATED BY DEFAULT AS IDENTITY PRIMARY KEY,
      submission_id BIGINT NOT NULL REFERENCES submissions(id),
      staff TEXT NOT NULL, body TEXT NOT NULL, created_at TEXT NOT NULL
    );
    CREATE INDEX submission_notes_submission ON submission_notes(submission_id);
    CREATE TABLE submission_assignees (
      submission_id BIGINT NOT NULL PRIMARY KEY REFERENCES submissions(id),
      staff TEXT NOT NULL, assigned_at TEXT NOT NULL
    );
    CREATE INDEX submission_assignees_staff ON submission_assignees(staff, submission_id);`,
  },
  // 19: the inbox's list sorted by name and by status, read from an index each, one kind's
  // rows and their count read from an index, and its 'Ort' for every kind, written with each
  // submission. The search text moves to a table of its own (submission_texts), a narrow one
  // that a search reads at a third of the cost of the submissions' rows; the old column is
  // emptied as the server fills the new one (listed.ts). Rows written before have neither (NULL):
  // the server fills them, and their search text, once at start-up (fillListColumns,
  // decision 134). The partial index finds those rows without reading the table.
  {
    sqlite: `
    ALTER TABLE submissions ADD COLUMN sort_name TEXT;
    ALTER TABLE submissions ADD COLUMN place TEXT;
    CREATE INDEX submissions_by_name ON submissions(sort_name, id);
    CREATE INDEX submissions_by_handling ON submissions((CASE handling WHEN 'new' THEN 0 WHEN 'inProgress' THEN 1 WHEN 'done' THEN 2 ELSE 3 END), id);
    CREATE INDEX submissions_unlisted ON submissions(id) WHERE sort_name IS NULL;
    CREATE INDEX submissions_by_kind ON submissions(kind, id);
    CREATE TABLE submission_texts (
      submission_id INTEGER PRIMARY KEY REFERENCES submissions(id), text TEXT NOT NULL
    );`,
    postgres: `
    ALTER TABLE submissions ADD COLUMN sort_name TEXT;
    ALTER TABLE submissions ADD COLUMN place TEXT;
    CREATE INDEX submissions_by_name ON submissions(sort_name, id);
    CREATE INDEX submissions_by_handling ON submissions((CASE handling WHEN 'new' THEN 0 WHEN 'inProgress' THEN 1 WHEN 'done' THEN 2 ELSE 3 END), id);
    CREATE INDEX submissions_unlisted ON submissions(id) WHERE sort_name IS NULL;
    CREATE INDEX submissions_by_kind ON submissions(kind, id);
    CREATE TABLE submission_texts (
      submission_id BIGINT PRIMARY KEY REFERENCES submissions(id), text TEXT NOT NULL
    );`,
  },
  // 20: a delivery's last error as a code with its parameters (JSON, the contract's
  // DeliveryError) beside its text; an error stored before is read from its text. A mail in the
  // dev outbox keeps all it was written with (sender, Reply-To, HTML part, attachments; JSON).
  {
    sqlite: `
    ALTER TABLE deliveries ADD COLUMN last_error_code TEXT;
    ALTER TABLE mails ADD COLUMN message TEXT;`,
    postgres: `
    ALTER TABLE deliveries ADD COLUMN last_error_code TEXT;
    ALTER TABLE mails ADD COLUMN message TEXT;`,
  },
  // 21: the index of saved searches that matching reads (server/matching/terms.ts): one row per
  // locality a live (active, confirmed) search covers, its marketing type, category, object type
  // and the ranges it narrows by (NULL: open), and whether these are all it asks (exact), found
  // by locality, marketing type and category. Written with every change of a search; rows
  // written before (terms_written 0) are written once at start-up (fillSearchTerms), found by
  // the partial index.
  {
    sqlite: `
    ALTER TABLE saved_searches ADD COLUMN terms_written INTEGER NOT NULL DEFAULT 0;
    CREATE INDEX saved_searches_unwritten_terms ON saved_searches(id) WHERE terms_written = 0;
    CREATE TABLE saved_search_terms (
      saved_search_id INTEGER NOT NULL REFERENCES saved_searches(id),
      locality_id INTEGER NOT NULL, marketing_type TEXT NOT NULL, category_id INTEGER NOT NULL,
      object_type TEXT NOT NULL, price_min REAL, price_max REAL, living_space_min REAL,
      rooms_min REAL, exact INTEGER NOT NULL,
      PRIMARY KEY (saved_search_id, locality_id)
    );
    CREATE INDEX saved_search_terms_match
      ON saved_search_terms(locality_id, marketing_type, category_id);`,
    postgres: `
    ALTER TABLE saved_searches ADD COLUMN terms_written INTEGER NOT NULL DEFAULT 0;
    CREATE INDEX saved_searches_unwritten_terms ON saved_searches(id) WHERE terms_written = 0;
    CREATE TABLE saved_search_terms (
      saved_search_id BIGINT NOT NULL REFERENCES saved_searches(id),
      locality_id INTEGER NOT NULL, marketing_type TEXT NOT NULL, category_id INTEGER NOT NULL,
      object_type TEXT NOT NULL, price_min DOUBLE PRECISION, price_max DOUBLE PRECISION,
      living_space_min DOUBLE PRECISION, rooms_min DOUBLE PRECISION, exact INTEGER NOT NULL,
      PRIMARY KEY (saved_search_id, locality_id)
    );
    CREATE INDEX saved_search_terms_match
      ON saved_search_terms(locality_id, marketing_type, category_id);`,
  },
  // 22: the matched pairs (server/matching/pairs.ts): a live saved search and a lead's submission
  // or a listing that it matches, since when. Each pair once (partial unique indexes: one of
  // submission_id and listing_id is set); found by the search, the lead and the listing. The leads
  // stored before (leads_to_match) are matched once at start-up, and every search's terms and
  // pairs are written again then (terms_written 0), so its listings are matched too. Leads keep
  // no index beside their key (a lead's insert stays one row). A pair goes with either side
  // (ON DELETE CASCADE), also when it was written while that side was being deleted.
  {
    sqlite: `
    CREATE TABLE search_matches (
      id INTEGER PRIMARY KEY,
      saved_search_id INTEGER NOT NULL REFERENCES saved_searches(id) ON DELETE CASCADE,
      submission_id INTEGER REFERENCES submissions(id) ON DELETE CASCADE,
      listing_id INTEGER REFERENCES listings(id) ON DELETE CASCADE,
      found_at TEXT NOT NULL
    );
    CREATE UNIQUE INDEX search_matches_lead ON search_matches(submission_id, saved_search_id)
      WHERE submission_id IS NOT NULL;
    CREATE UNIQUE INDEX search_matches_listing ON search_matches(listing_id, saved_search_id)
      WHERE listing_id IS NOT NULL;
    CREATE INDEX search_matches_search ON search_matches(saved_search_id);
    CREATE TABLE leads_to_match (submission_id INTEGER PRIMARY KEY REFERENCES submissions(id));
    INSERT INTO leads_to_match SELECT submission_id FROM leads;
    UPDATE saved_searches SET terms_written = 0;`,
    postgres: `
    CREATE TABLE search_matches (
      id BIGINT GENERATED BY DEFAULT AS IDENTITY PRIMARY KEY,
      saved_search_id BIGINT NOT NULL REFERENCES saved_searches(id) ON DELETE CASCADE,
      submission_id BIGINT REFERENCES submissions(id) ON DELETE CASCADE,
      listing_id BIGINT REFERENCES listings(id) ON DELETE CASCADE,
      found_at TEXT NOT NULL
    );
    CREATE UNIQUE INDEX search_matches_lead ON search_matches(submission_id, saved_search_id)
      WHERE submission_id IS NOT NULL;
    CREATE UNIQUE INDEX search_matches_listing ON search_matches(listing_id, saved_search_id)
      WHERE listing_id IS NOT NULL;
    CREATE INDEX search_matches_search ON search_matches(saved_search_id);
    CREATE TABLE leads_to_match (submission_id BIGINT PRIMARY KEY REFERENCES submissions(id));
    INSERT INTO leads_to_match SELECT submission_id FROM leads;
    UPDATE saved_searches SET terms_written = 0;`,
  },
  // 23: what a submission's answer said besides its uuid (JSON; a lead's waiting buyers), so
  // that a retry of its request is answered the same (server/submissions/idempotency.ts).
  {
    sqlite: `ALTER TABLE submissions ADD COLUMN answer TEXT;`,
    postgres: `ALTER TABLE submissions ADD COLUMN answer TEXT;`,
  },
  // 24: each submission's count of matched pairs and when the newest was found, for the
  // inbox's list (server/matching/pairs.ts, refreshMatchCounts): a lead's pairs, a saved search's
  // by the submission that made it; a row only where there is a pair, with the submission's kind
  // (a count of one kind's rows with matches reads this table, not the submissions). Written
  // with every change of the pairs; the pairs stored before are counted here.
  {
    sqlite: `
    CREATE TABLE submission_match_counts (
      submission_id INTEGER PRIMARY KEY REFERENCES submissions(id),
      kind TEXT NOT NULL, matches INTEGER NOT NULL, last_found_at TEXT NOT NULL
    );
    INSERT INTO submission_match_counts (submission_id, kind, matches, last_found_at)
      SELECT sid, s.kind, count(*), max(found_at) FROM (
        SELECT submission_id AS sid, found_at FROM search_matches WHERE submission_id IS NOT NULL
        UNION ALL
        SELECT ss.submission_id, m.found_at FROM search_matches m
          JOIN saved_searches ss ON ss.id = m.saved_search_id WHERE ss.submission_id IS NOT NULL
      ) pairs JOIN submissions s ON s.id = pairs.sid GROUP BY sid, s.kind;`,
    postgres: `
    CREATE TABLE submission_match_counts (
      submission_id BIGINT PRIMARY KEY REFERENCES submissions(id),
      kind TEXT NOT NULL, matches INTEGER NOT NULL, last_found_at TEXT NOT NULL
    );
    INSERT INTO submission_match_counts (submission_id, kind, matches, last_found_at)
      SELECT sid, s.kind, count(*), max(found_at) FROM (
        SELECT submission_id AS sid, found_at FROM search_matches WHERE submission_id IS NOT NULL
        UNION ALL
        SELECT ss.submission_id, m.found_at FROM search_matches m
          JOIN saved_searches ss ON ss.id = m.saved_search_id WHERE ss.submission_id IS NOT NULL
      ) pairs JOIN submissions s ON s.id = pairs.sid GROUP BY sid, s.kind;`,
  },
  // 25: since when each term of a saved search has asked for its place and kind of property
  // (server/matching/terms.ts): an owner's count of waiting buyers counts a term only once it
  // is old enough (docs/matching.md#the-threat-model). The terms stored before take the later of
  // their search's last change and its confirmation.
  {
    sqlite: `
    ALTER TABLE saved_search_terms ADD COLUMN live_since TEXT NOT NULL DEFAULT '';
    UPDATE saved_search_terms SET live_since = (
      SELECT max(ss.updated_at, coalesce(s.confirmed_at, ''))
      FROM saved_searches ss LEFT JOIN submissions s ON s.id = ss.submission_id
      WHERE ss.id = saved_search_terms.saved_search_id);`,
    postgres: `
    ALTER TABLE saved_search_terms ADD COLUMN live_since TEXT NOT NULL DEFAULT '';
    UPDATE saved_search_terms t SET live_since = GREATEST(ss.updated_at, coalesce(s.confirmed_at, ''))
      FROM saved_searches ss LEFT JOIN submissions s ON s.id = ss.submission_id
      WHERE ss.id = t.saved_search_id;`,
  },
  // 26: whether a delivery's claim is a send under way (server/delivery/worker.ts): an erasure
  // stops the sends under way that carry its contact and waits for them (decision 214).
  {
    sqlite: `ALTER TABLE deliveries ADD COLUMN sending INTEGER NOT NULL DEFAULT 0;`,
    postgres: `ALTER TABLE deliveries ADD COLUMN sending INTEGER NOT NULL DEFAULT 0;`,
  },
  // 27: the inbox's search text holds the contact's phone number (decision 215): every row's
  // list columns are written again at start-up (agency/listed.ts fills those without a sort name).
  {
    sqlite: `UPDATE submissions SET sort_name = NULL;`,
    postgres: `UPDATE submissions SET sort_name = NULL;`,
  },
  // 28: an erasure finds what names its contact by key, at a cost that follows what it erases,
  // not what is stored (decision 216): the contacts a delivery without a submission names
  // (a `match.found` or `consent.withdrawn` call, a notice of a withdrawal), the deliveries
  // mailed to an address, and the notes that name an address, a word or a phone number's
  // digits (server/agency/mentions.ts writes the terms of each note; those written before get
  // theirs at start-up). The deliveries stored before are linked by the address they carry.
  // On PostgreSQL an erasure marks the tables it touched, written anew in the quiet hour
  // (server/db/scrub.ts, decision 217).
  {
    sqlite: `
    CREATE TABLE delivery_contacts (
      contact_id INTEGER NOT NULL REFERENCES contacts(id) ON DELETE CASCADE,
      delivery_id INTEGER NOT NULL REFERENCES deliveries(id) ON DELETE CASCADE,
      PRIMARY KEY (contact_id, delivery_id)
    ) WITHOUT ROWID;
    CREATE INDEX delivery_contacts_delivery ON delivery_contacts(delivery_id);
    INSERT OR IGNORE INTO delivery_contacts (contact_id, delivery_id)
      SELECT c.id, d.id FROM deliveries d JOIN contacts c ON c.email = coalesce(
        json_extract(d.payload, '$.data.contact.email'),
        json_extract(d.payload, '$.data.match.savedSearch.contact.email'),
        json_extract(d.payload, '$.replyTo.address'))
      WHERE d.submission_id IS NULL AND json_valid(d.payload);
    CREATE INDEX deliveries_recipient ON deliveries(lower(recipient));
    CREATE INDEX submissions_contact ON submissions(contact_id);
    CREATE INDEX contact_messages_contact ON contact_messages(contact_id);
    CREATE INDEX consents_submission ON consents(submission_id);
    CREATE INDEX auth_keys_contact ON auth_keys(contact_id);
    CREATE INDEX auth_keys_submission ON auth_keys(submission_id);
    ALTER TABLE submission_notes ADD COLUMN terms_written INTEGER NOT NULL DEFAULT 0;
    CREATE INDEX submission_notes_unwritten ON submission_notes(id) WHERE terms_written = 0;
    CREATE TABLE note_terms (
      term TEXT NOT NULL,
      note_id INTEGER NOT NULL REFERENCES submission_notes(id) ON DELETE CASCADE,
      PRIMARY KEY (term, note_id)
    ) WITHOUT ROWID;
    CREATE INDEX note_terms_note ON note_terms(note_id);
    CREATE TABLE erasure_scrubs (table_name TEXT PRIMARY KEY, due_since TEXT NOT NULL);`,
    postgres: `
    CREATE TABLE delivery_contacts (
      contact_id BIGINT NOT NULL REFERENCES contacts(id) ON DELETE CASCADE,
      delivery_id BIGINT NOT NULL REFERENCES deliveries(id) ON DELETE CASCADE,
      PRIMARY KEY (contact_id, delivery_id)
    );
    CREATE INDEX delivery_contacts_delivery ON delivery_contacts(delivery_id);
    INSERT INTO delivery_contacts (contact_id, delivery_id)
      SELECT DISTINCT c.id, d.id FROM deliveries d JOIN contacts c ON lower(c.email) = lower(coalesce(
        d.payload::jsonb #>> '{data,contact,email}',
        d.payload::jsonb #>> '{data,match,savedSearch,contact,email}',
        d.payload::jsonb #>> '{replyTo,address}'))
      WHERE d.submission_id IS NULL AND d.payload LIKE '{%';
    CREATE INDEX deliveries_recipient ON deliveries(lower(recipient));
    CREATE INDEX submissions_contact ON submissions(contact_id);
    CREATE INDEX contact_messages_contact ON contact_messages(contact_id);
    CREATE INDEX consents_submission ON consents(submission_id);
    CREATE INDEX auth_keys_contact ON auth_keys(contact_id);
    CREATE INDEX auth_keys_submission ON auth_keys(submission_id);
    ALTER TABLE submission_notes ADD COLUMN terms_written INTEGER NOT NULL DEFAULT 0;
    CREATE INDEX submission_notes_unwritten ON submission_notes(id) WHERE terms_written = 0;
    CREATE TABLE note_terms (
      term TEXT COLLATE "C" NOT NULL,
      note_id BIGINT NOT NULL REFERENCES submission_notes(id) ON DELETE CASCADE,
      PRIMARY KEY (term, note_id)
    );
    CREATE INDEX note_terms_note ON note_terms(note_id);
    CREATE TABLE erasure_scrubs (table_name TEXT PRIMARY KEY, due_since TEXT NOT NULL);`,
  },
  // 29: matching's job (server/matching/job.ts, decision 170): a saved search's change
  // (search_changes) and a stored lead (lead_changes) recorded in the request's transaction, the
  // job's claim (lease_until) and its progress through the search's pairs (phase, cursor) and
  // its new pairs so far (found_total, found_sample); the leads by locality (lead_localities,
  // the lead-side index, stored with each lead; every lead stored before is queued for the
  // job, which places it); pairs
  // gone in the last day (search_matches_gone), so one that comes back is not new.
  {
    sqlite: `
    CREATE TABLE search_changes (
      saved_search_id INTEGER PRIMARY KEY REFERENCES saved_searches(id) ON DELETE CASCADE,
      version INTEGER NOT NULL DEFAULT 1, phase TEXT NOT NULL DEFAULT 'listings',
      cursor INTEGER NOT NULL DEFAULT 0, lease_until TEXT NOT NULL DEFAULT '',
      found_total INTEGER NOT NULL DEFAULT 0, found_sample TEXT NOT NULL DEFAULT '[]',
      changed_at TEXT NOT NULL
    );
    CREATE INDEX search_changes_due ON search_changes(lease_until);
    CREATE TABLE lead_changes (
      submission_id INTEGER PRIMARY KEY REFERENCES submissions(id) ON DELETE CASCADE,
      lease_until TEXT NOT NULL DEFAULT '', changed_at TEXT NOT NULL
    );
    CREATE INDEX lead_changes_due ON lead_changes(lease_until);
    INSERT INTO lead_changes (submission_id, changed_at) SELECT submission_id, '' FROM leads;
    CREATE TABLE lead_localities (
      submission_id INTEGER NOT NULL REFERENCES submissions(id) ON DELETE CASCADE,
      locality_id INTEGER NOT NULL, marketing_type TEXT NOT NULL, category_id INTEGER NOT NULL,
      PRIMARY KEY (submission_id, locality_id)
    );
    CREATE INDEX lead_localities_match
      ON lead_localities(locality_id, marketing_type, category_id, submission_id);
    CREATE TABLE search_matches_gone (
      id INTEGER PRIMARY KEY,
      saved_search_id INTEGER NOT NULL REFERENCES saved_searches(id) ON DELETE CASCADE,
      submission_id INTEGER REFERENCES submissions(id) ON DELETE CASCADE,
      listing_id INTEGER REFERENCES listings(id) ON DELETE CASCADE,
      gone_at TEXT NOT NULL
    );
    CREATE UNIQUE INDEX search_matches_gone_lead
      ON search_matches_gone(submission_id, saved_search_id) WHERE submission_id IS NOT NULL;
    CREATE UNIQUE INDEX search_matches_gone_listing
      ON search_matches_gone(listing_id, saved_search_id) WHERE listing_id IS NOT NULL;
    CREATE INDEX search_matches_gone_at ON search_matches_gone(gone_at);
    CREATE INDEX search_matches_gone_search ON search_matches_gone(saved_search_id);
    CREATE INDEX search_matches_search_lead ON search_matches(saved_search_id, submission_id);`,
    postgres: `
    CREATE TABLE search_changes (
      saved_search_id BIGINT PRIMARY KEY REFERENCES saved_searches(id) ON DELETE CASCADE,
      version INTEGER NOT NULL DEFAULT 1, phase TEXT NOT NULL DEFAULT 'listings',
      cursor BIGINT NOT NULL DEFAULT 0, lease_until TEXT NOT NULL DEFAULT '',
      found_total INTEGER NOT NULL DEFAULT 0, found_sample TEXT NOT NULL DEFAULT '[]',
      changed_at TEXT NOT NULL
    );
    CREATE INDEX search_changes_due ON search_changes(lease_until);
    CREATE TABLE lead_changes (
      submission_id BIGINT PRIMARY KEY REFERENCES submissions(id) ON DELETE CASCADE,
      lease_until TEXT NOT NULL DEFAULT '', changed_at TEXT NOT NULL
    );
    CREATE INDEX lead_changes_due ON lead_changes(lease_until);
    INSERT INTO lead_changes (submission_id, changed_at) SELECT submission_id, '' FROM leads;
    CREATE TABLE lead_localities (
      submission_id BIGINT NOT NULL REFERENCES submissions(id) ON DELETE CASCADE,
      locality_id INTEGER NOT NULL, marketing_type TEXT NOT NULL, category_id INTEGER NOT NULL,
      PRIMARY KEY (submission_id, locality_id)
    );
    CREATE INDEX lead_localities_match
      ON lead_localities(locality_id, marketing_type, category_id, submission_id);
    CREATE TABLE search_matches_gone (
      id BIGINT GENERATED BY DEFAULT AS IDENTITY PRIMARY KEY,
      saved_search_id BIGINT NOT NULL REFERENCES saved_searches(id) ON DELETE CASCADE,
      submission_id BIGINT REFERENCES submissions(id) ON DELETE CASCADE,
      listing_id BIGINT REFERENCES listings(id) ON DELETE CASCADE,
      gone_at TEXT NOT NULL
    );
    CREATE UNIQUE INDEX search_matches_gone_lead
      ON search_matches_gone(submission_id, saved_search_id) WHERE submission_id IS NOT NULL;
    CREATE UNIQUE INDEX search_matches_gone_listing
      ON search_matches_gone(listing_id, saved_search_id) WHERE listing_id IS NOT NULL;
    CREATE INDEX search_matches_gone_at ON search_matches_gone(gone_at);
    CREATE INDEX search_matches_gone_search ON search_matches_gone(saved_search_id);
    CREATE INDEX search_matches_search_lead ON search_matches(saved_search_id, submission_id);`,
  },
  // 30: a lead's agency is told by matching's job, in the transaction that writes its pairs,
  // when it is told at submission (decision 176): lead_changes.tell says it is still due.
  {
    sqlite: `ALTER TABLE lead_changes ADD COLUMN tell INTEGER NOT NULL DEFAULT 0;`,
    postgres: `ALTER TABLE lead_changes ADD COLUMN tell INTEGER NOT NULL DEFAULT 0;`,
  },
  // 31: a lead's pairs are written over several of the job's steps where they are many
  // (decision 179): lead_changes keeps its new pairs so far, their total and the first ones for
  // its one match.found, and whether a step of it has written (its count is written at its
  // last). The index of the pairs by search alone goes: the one by search and lead (migration
  // 29) serves every read it served, and each pair wrote both.
  {
    sqlite: `ALTER TABLE lead_changes ADD COLUMN found_total INTEGER NOT NULL DEFAULT 0;
    ALTER TABLE lead_changes ADD COLUMN found_sample TEXT NOT NULL DEFAULT '[]';
    ALTER TABLE lead_changes ADD COLUMN stepped INTEGER NOT NULL DEFAULT 0;
    DROP INDEX search_matches_search;`,
    postgres: `ALTER TABLE lead_changes ADD COLUMN found_total INTEGER NOT NULL DEFAULT 0;
    ALTER TABLE lead_changes ADD COLUMN found_sample TEXT NOT NULL DEFAULT '[]';
    ALTER TABLE lead_changes ADD COLUMN stepped INTEGER NOT NULL DEFAULT 0;
    DROP INDEX search_matches_search;`,
  },
];

/**
 * A PostgreSQL database may have made the schema of steps 1 to 11 in its first step (its
 * schema_version then counts 2 to 11 as steps with nothing to do). Left between them, it has
 * every step up to this one: its auth_keys already have step 11's column (postgres.ts).
 */
export const POSTGRES_FIRST_STEP_UNTIL = 11;
