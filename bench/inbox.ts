/**
 * The agency inbox's list at 100,000 submissions (docs/benchmarks.md#the-agency-inbox): the
 * real server on SQLite and on PostgreSQL, each filled with 100,000 submissions of every kind
 * (rows written as the API writes them, list columns included, in one transaction, so the fill
 * takes seconds), a staff member signed in, and each query asked `REQUESTS` times in a row
 * over HTTP on loopback: the first page (with the count of all rows, as every first page
 * answers), a deep page (keyset: the rows before the 90,000th), the first page of one kind, a
 * search by name and one by a message's words, the list sorted by name (its first page and a
 * deep one), and the staff member's unread ones assigned to them. Half the submissions are read
 * by the staff member, every third is assigned to them, 20,000 have a note: each page carries
 * read marks, assignees and note counts, and each first page the unread count. Every saved
 * search is a live search, and a third of the leads are matched to 1 to 50 of them (about
 * 170,000 pairs; every fourth search also to a listing): each row carries its count of matches
 * and of those new since the staff member read it, and the filter 'matching' (with its count, a
 * deep page, sorted by name, with other filters) is measured too. Figures: median and p99 per
 * query, in ms; the target is a p99 under 50 ms each.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { cursorOf, listColumnsOf, sortNameOf } from '../server/agency/inbox';
import { openDatabase } from '../server/db/sqlite';
import { seed } from '../server/db/seed';
import { COUNT_ALL_PAIRS } from '../server/matching/pairs';
import { sqliteSql } from '../server/db/sql';
import { createTestDatabase, startTestCluster } from '../test/server/postgres';
import { contact, lead, staffSignIn, startTestServer } from '../test/server/testServer';
import { timed } from './visitor';

export const ROWS = 100_000;
const REQUESTS = 200;
const KINDS = ['lead', 'savedSearch', 'exposeInquiry', 'contact', 'newsletter'] as const;
const CITIES = ['Berlin', 'Potsdam', 'Hamburg', 'München', 'Leipzig', 'Köln'];
/** The staff member signed in: has read every other submission, is assigned every third. */
const STAFF = 'bench@makler.example';
/** Submissions with a note (every fifth). */
export const NOTES = 20_000;
/** The saved searches (every fifth submission) and the leads matched to some of them. */
const SEARCHES = ROWS / KINDS.length;
/** Lead `k` (the k-th lead) is matched to this many searches: a third of them, 1 to 50 each. */
export const matchesOfLead = (k: number) => (k % 3 === 0 ? 1 + ((k * 7) % 50) : 0);
/** The `m`-th search lead `k` is matched to, by its place among `searches` searches. */
const searchOfLead = (k: number, m: number, searches = SEARCHES) => (k + m * 37) % searches;
/** A contact message's words: one of them ('Vorgang 4242') is in one message only. */
const messageOf = (i: number) => `Bitte um Rückruf wegen Vorgang ${i}`;

const hourAfter = (at: string) => new Date(Date.parse(at) + 3_600_000).toISOString();

/** A database in `dataDir` with `rows` submissions of every kind (a note on every fifth). */
export async function fill(dataDir: string, rows = ROWS) {
  const db = openDatabase(path.join(dataDir, 'immosuite.sqlite'));
  await seed(sqliteSql(db));
  const insertContact = db.prepare(
    `INSERT INTO contacts (email, firstname, lastname, city, created_at, updated_at)
     VALUES (?, ?, ?, ?, ?, ?)`,
  );
  const insertSubmission = db.prepare(
    `INSERT INTO submissions (uuid, kind, contact_id, contact_data, status, language, created_at,
      consents, consent_text_version, sort_name, place)
     VALUES (?, ?, ?, ?, ?, 'de', ?, ?, '2026-11-01', ?, ?)`,
  );
  const insertText = db.prepare('INSERT INTO submission_texts (submission_id, text) VALUES (?, ?)');
  const insertLead = db.prepare(
    `INSERT INTO leads (submission_id, object_type, category_id, marketing_type, location, fields)
     VALUES (?, 'LIVING', 30225, 'buy', ?, ?)`,
  );
  const insertMessage = db.prepare(
    `INSERT INTO contact_messages (submission_id, contact_id, type, message, created_at)
     VALUES (?, ?, ?, ?, ?)`,
  );
  const insertRead = db.prepare(
    'INSERT INTO submission_reads (staff, submission_id, read_at) VALUES (?, ?, ?)',
  );
  const insertNote = db.prepare(
    `INSERT INTO submission_notes (submission_id, staff, body, created_at)
     VALUES (?, ?, 'Rückruf vereinbart', ?)`,
  );
  const assign = db.prepare(
    'INSERT INTO submission_assignees (submission_id, staff, assigned_at) VALUES (?, ?, ?)',
  );
  // Live searches with their terms written: the server pairs nothing again at start-up.
  const insertSearch = db.prepare(
    `INSERT INTO saved_searches (id, uuid, contact_id, submission_id, active, object_type,
      category_id, marketing_type, locations, fields, created_at, updated_at, terms_written)
     VALUES (?, ?, ?, ?, 1, 'LIVING', 30225, 'rent', '[301]', '[]', ?, ?, 1)`,
  );
  const insertLeadPair = db.prepare(
    'INSERT INTO search_matches (saved_search_id, submission_id, found_at) VALUES (?, ?, ?)',
  );
  const insertListingPair = db.prepare(
    'INSERT INTO search_matches (saved_search_id, listing_id, found_at) VALUES (?, ?, ?)',
  );
  const listingId = (db.prepare('SELECT min(id) AS id FROM listings').get() as { id: number }).id;
  const searches: { id: number; at: string }[] = [];
  const leads: { id: number; at: string }[] = [];
  const start = Date.now() - rows * 60_000;
  const sample = lead();
  db.transaction(() => {
    for (let i = 0; i < rows; i += 1) {
      const at = new Date(start + i * 60_000).toISOString();
      const city = CITIES[i % CITIES.length]!;
      const data = contact({
        email: `kunde${i}@example.de`,
        firstname: `Vorname${i}`,
        lastname: `Nachname${i}`,
        city,
      });
      const contactId = Number(
        insertContact.run(data.email, data.firstname, data.lastname, city, at, at).lastInsertRowid,
      );
      const kind = KINDS[i % KINDS.length]!;
      const message = messageOf(i);
      const columns = listColumnsOf(
        data,
        kind === 'lead'
          ? { place: sample.location }
          : kind === 'contact' || kind === 'newsletter'
            ? { message }
            : {},
      );
      const id = Number(
        insertSubmission.run(
          crypto.randomUUID(),
          kind,
          contactId,
          JSON.stringify(data),
          i % 3 ? 'confirmed' : 'pending',
          at,
          '{"dataPrivacy":1,"acceptContact":1}',
          columns.sort_name,
          columns.place,
        ).lastInsertRowid,
      );
      insertText.run(id, columns.search_text);
      if (kind === 'lead') {
        insertLead.run(id, JSON.stringify(sample.location), JSON.stringify(sample.fields));
        leads.push({ id, at });
      } else if (kind === 'savedSearch') {
        insertSearch.run(id, crypto.randomUUID(), contactId, id, at, at);
        searches.push({ id, at });
      } else if (kind === 'contact' || kind === 'newsletter')
        insertMessage.run(id, contactId, kind, message, at);
      if (i % 2) insertRead.run(STAFF, id, at);
      if (i % (ROWS / NOTES) === 0) insertNote.run(id, STAFF, at);
      if (i % 3 === 0) assign.run(id, STAFF, at);
    }
    // Found an hour after the lead came: new to the staff member who read it then.
    for (const [k, { id, at }] of leads.entries())
      for (let m = 0; m < matchesOfLead(k); m += 1)
        insertLeadPair.run(searches[searchOfLead(k, m, searches.length)]!.id, id, hourAfter(at));
    for (const [s, { id, at }] of searches.entries())
      if (s % 4 === 0) insertListingPair.run(id, listingId, at);
    db.exec(COUNT_ALL_PAIRS);
  })();
  db.close();
}

/**
 * A PostgreSQL database (migrated and seeded by a server) with `rows` submissions of every kind,
 * the same rows as `fill` writes on SQLite, made by the database from a series.
 */
export async function fillPostgres(url: string, rows = ROWS) {
  const searchCount = rows / KINDS.length;
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const sample = lead();
    const at = `to_char(now() - (${rows} - i) * interval '1 minute', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;
    const city = `(ARRAY['${CITIES.join("','")}'])[i % ${CITIES.length} + 1]`;
    const kind = `(ARRAY['${KINDS.join("','")}'])[i % ${KINDS.length} + 1]`;
    const data = `json_build_object('salutation', 'Frau', 'firstname', 'Vorname' || i,
      'lastname', 'Nachname' || i, 'email', 'kunde' || i || '@example.de', 'phone', '030 1234567',
      'street', 'Hauptstraße', 'number', '5', 'zip', '10115', 'city', ${city}, 'company', '')::text`;
    const message = `'Bitte um Rückruf wegen Vorgang ' || i`;
    await client.query('BEGIN');
    await client.query(`INSERT INTO contacts (id, email, firstname, lastname, city, created_at, updated_at)
      SELECT 1000 + i, 'kunde' || i || '@example.de', 'Vorname' || i, 'Nachname' || i, ${city},
        ${at}, ${at}
      FROM generate_series(0, ${rows - 1}) i`);
    await client.query(`INSERT INTO submissions (id, uuid, kind, contact_id, contact_data, status,
        language, created_at, consents, consent_text_version, sort_name, place)
      SELECT 1000 + i, gen_random_uuid()::text, ${kind}, 1000 + i, ${data},
        CASE WHEN i % 3 = 0 THEN 'pending' ELSE 'confirmed' END, 'de', ${at},
        '{"dataPrivacy":1,"acceptContact":1}', '2026-11-01',
        lower('Vorname' || i || ' Nachname' || i),
        CASE WHEN ${kind} = 'lead' THEN '${sample.location.zip} ${sample.location.city}'
          ELSE '10115 ' || ${city} END
      FROM generate_series(0, ${rows - 1}) i`);
    // The search text as listColumnsOf writes it (lower case; the names have no accents).
    await client.query(`INSERT INTO submission_texts (submission_id, text)
      SELECT 1000 + i,
        lower('Vorname' || i || ' Nachname' || i || ' kunde' || i || '@example.de 10115 ' || ${city}
          || CASE WHEN ${kind} = 'lead' THEN ' ${sample.location.zip} ${sample.location.city}'
            WHEN ${kind} IN ('contact', 'newsletter') THEN ' ' || ${message} ELSE '' END)
      FROM generate_series(0, ${rows - 1}) i`);
    await client.query(
      `INSERT INTO leads (submission_id, object_type, category_id,
        marketing_type, location, fields)
      SELECT 1000 + i, 'LIVING', 30225, 'buy', $1, $2
      FROM generate_series(0, ${rows - 1}) i WHERE ${kind} = 'lead'`,
      [JSON.stringify(sample.location), JSON.stringify(sample.fields)],
    );
    await client.query(`INSERT INTO contact_messages (submission_id, contact_id, type, message,
        created_at)
      SELECT 1000 + i, 1000 + i, ${kind}, ${message}, ${at}
      FROM generate_series(0, ${rows - 1}) i WHERE ${kind} IN ('contact', 'newsletter')`);
    await client.query(
      `INSERT INTO submission_reads (staff, submission_id, read_at)
      SELECT $1, 1000 + i, ${at} FROM generate_series(0, ${rows - 1}) i WHERE i % 2 = 1`,
      [STAFF],
    );
    await client.query(
      `INSERT INTO submission_notes (submission_id, staff, body, created_at)
      SELECT 1000 + i, $1, 'Rückruf vereinbart', ${at}
      FROM generate_series(0, ${rows - 1}) i WHERE i % ${ROWS / NOTES} = 0`,
      [STAFF],
    );
    await client.query(
      `INSERT INTO submission_assignees (submission_id, staff, assigned_at)
      SELECT 1000 + i, $1, ${at} FROM generate_series(0, ${rows - 1}) i WHERE i % 3 = 0`,
      [STAFF],
    );
    // The same searches and pairs as `fill` writes: search s is submission 5s + 1, lead k
    // submission 5k (KINDS' order).
    await client.query(`INSERT INTO saved_searches (id, uuid, contact_id, submission_id, active,
        object_type, category_id, marketing_type, locations, fields, created_at, updated_at,
        terms_written)
      SELECT 1000 + i, gen_random_uuid()::text, 1000 + i, 1000 + i, 1, 'LIVING', 30225, 'rent',
        '[301]', '[]', ${at}, ${at}, 1
      FROM generate_series(0, ${rows - 1}) i WHERE ${kind} = 'savedSearch'`);
    const leadAt = `to_char(now() - (${rows} - 5 * k) * interval '1 minute' + interval '1 hour',
      'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;
    await client.query(`INSERT INTO search_matches (saved_search_id, submission_id, found_at)
      SELECT 1000 + 5 * ((k + m * 37) % ${searchCount}) + 1, 1000 + 5 * k, ${leadAt}
      FROM generate_series(0, ${searchCount - 1}) k, generate_series(0, 49) m
      WHERE k % 3 = 0 AND m < 1 + (k * 7) % 50`);
    await client.query(`INSERT INTO search_matches (saved_search_id, listing_id, found_at)
      SELECT 1000 + 5 * s + 1, (SELECT min(id) FROM listings),
        to_char(now() - (${rows} - 5 * s - 1) * interval '1 minute', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')
      FROM generate_series(0, ${searchCount - 1}) s WHERE s % 4 = 0`);
    // Every count written again from the pairs (the server counted the seeded search's).
    await client.query('DELETE FROM submission_match_counts');
    await client.query(COUNT_ALL_PAIRS);
    for (const table of ['contacts', 'submissions', 'saved_searches'])
      await client.query(
        `SELECT setval(pg_get_serial_sequence('${table}', 'id'), (SELECT MAX(id) FROM ${table}))`,
      );
    await client.query('COMMIT');
    await client.query('ANALYZE');
  } finally {
    await client.end();
  }
}

type Figures = Record<string, { medianMs: number; p99Ms: number; rows: number }>;

/** Each query of the list, REQUESTS times after ten to warm up, against a filled server. */
async function measure(server: Awaited<ReturnType<typeof startTestServer>>): Promise<Figures> {
  const client = await staffSignIn(server, STAFF);
  const cookie = [...client.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  // The 90,000th row of the list sorted by name, as a page's key names it.
  const byName = (i: number) => sortNameOf({ firstname: `Vorname${i}`, lastname: `Nachname${i}` });
  const names = Array.from({ length: ROWS }, (_, i) => ({ name: byName(i), i })).sort((a, b) =>
    a.name < b.name ? -1 : a.name > b.name ? 1 : 0,
  );
  const deepName = names[90_000]!;
  // The fill's first row (the seeded demo rows have ids of their own).
  const firstId = (
    (await (
      await fetch(`${server.base}/agency/api/submissions?q=kunde0%40example.de`, {
        headers: { cookie },
      })
    ).json()) as { items: { id: number }[] }
  ).items[0]!.id;
  // The fill's ids run on from its first row.
  const deepId = firstId + (ROWS - 90_000);
  const nameKey = cursorOf({ by: 'name', order: 'asc' }, deepName.name, firstId + deepName.i);
  const queries: Record<string, string> = {
    'first page, with the count': '',
    'deep page (rows before the 90,000th)': `after=${cursorOf({ by: 'date', order: 'desc' }, null, deepId)}`,
    'first page of one kind, with the count': 'kind=savedSearch',
    'search (name), with the count': 'q=nachname4242',
    "search (a message's words), with the count": 'q=vorgang%204242',
    'sorted by name, first page, with the count': 'sort=name',
    'sorted by name, deep page (after the 90,000th)': `sort=name&after=${nameKey}`,
    'first page, unread and assigned to me, with the count': 'unread=true&assignee=me',
    'with matches, first page, with the count': 'matching=true',
    'with matches, deep page (rows before the 90,000th)': `matching=true&after=${cursorOf({ by: 'date', order: 'desc' }, null, deepId)}`,
    'with matches, sorted by name, first page, with the count': 'matching=true&sort=name',
    'leads with matches, unread, with the count': 'matching=true&kind=lead&unread=true',
  };
  const figures: Figures = {};
  for (const [name, query] of Object.entries(queries)) {
    const {
      medianMs,
      p99Ms,
      last: rows,
    } = await timed(REQUESTS, 10, async () => {
      const response = await fetch(`${server.base}/agency/api/submissions?${query}`, {
        headers: { cookie },
      });
      const body = (await response.json()) as { items: unknown[] };
      if (response.status !== 200) throw new Error(`${name}: ${response.status}`);
      return body.items.length;
    });
    if (rows === 0) throw new Error(`${name}: no rows`);
    figures[name] = { medianMs, p99Ms, rows };
    console.log(
      `  ${name}: median ${medianMs} ms, p99 ${p99Ms} ms (${rows} rows, ${REQUESTS} requests)`,
    );
  }
  return figures;
}

export async function inboxList(db?: 'sqlite' | 'postgres') {
  const results: { sqlite?: Figures; postgres?: Figures | null } = {};
  if (db !== 'postgres') {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'immosuite-inbox-'));
    const filled = Date.now();
    await fill(dataDir);
    console.log(`agency inbox on SQLite: ${ROWS} submissions written in ${Date.now() - filled} ms`);
    const server = await startTestServer({ AGENCY_USERS: STAFF }, dataDir);
    try {
      results.sqlite = await measure(server);
    } finally {
      await server.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  }
  if (db !== 'sqlite') {
    const cluster = await startTestCluster({ durable: true });
    if (!cluster) {
      console.log('agency inbox on PostgreSQL: skipped (PostgreSQL is not installed)');
      results.postgres = null;
      return results;
    }
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'immosuite-inbox-'));
    try {
      const url = await createTestDatabase(cluster.url);
      const server = await startTestServer({ AGENCY_USERS: STAFF, DATABASE_URL: url }, dataDir);
      try {
        const filled = Date.now();
        await fillPostgres(url);
        console.log(
          `agency inbox on PostgreSQL: ${ROWS} submissions written in ${Date.now() - filled} ms`,
        );
        results.postgres = await measure(server);
      } finally {
        await server.close();
      }
    } finally {
      cluster.stop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  }
  return results;
}
