/**
 * The agency inbox's list at 100,000 submissions (docs/benchmarks.md#the-agency-inbox): the real server on a database
 * filled with 100,000 submissions of every kind (rows written as the API writes them, in one
 * transaction, so the fill takes seconds), a staff member signed in, and each query asked
 * `REQUESTS` times in a row over HTTP on loopback: the first page, a deep page (keyset: the
 * rows before the 90,000th), the first page of one kind, a search, and the staff member's
 * unread ones assigned to them (half the submissions are read by them, every third assigned
 * to them, 20,000 have a note: each page carries read marks, assignees and note counts, and
 * the unread count). Figures: median and
 * p99 per query, in ms; the target is a p99 under 50 ms for the first and the deep page.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { searchTextOf } from '../server/agency/inbox';
import { openDatabase } from '../server/db/sqlite';
import { seed } from '../server/db/seed';
import { sqliteSql } from '../server/db/sql';
import { contact, lead, staffSignIn, startTestServer } from '../test/server/testServer';

export const ROWS = 100_000;
const REQUESTS = 200;
const KINDS = ['lead', 'savedSearch', 'exposeInquiry', 'contact', 'newsletter'] as const;
const CITIES = ['Berlin', 'Potsdam', 'Hamburg', 'München', 'Leipzig', 'Köln'];
/** The staff member signed in: has read every other submission, is assigned every third. */
const STAFF = 'bench@makler.example';
/** Submissions with a note (every fifth). */
export const NOTES = 20_000;

/** A database in `dataDir` with ROWS submissions of every kind. */
export async function fill(dataDir: string) {
  const db = openDatabase(path.join(dataDir, 'immosuite.sqlite'));
  await seed(sqliteSql(db));
  const insertContact = db.prepare(
    `INSERT INTO contacts (email, firstname, lastname, city, created_at, updated_at)
     VALUES (?, ?, ?, ?, ?, ?)`,
  );
  const insertSubmission = db.prepare(
    `INSERT INTO submissions (uuid, kind, contact_id, contact_data, status, language, created_at,
      consents, consent_text_version, search_text)
     VALUES (?, ?, ?, ?, ?, 'de', ?, ?, '2026-11-01', ?)`,
  );
  const insertLead = db.prepare(
    `INSERT INTO leads (submission_id, object_type, category_id, marketing_type, location, fields)
     VALUES (?, 'LIVING', 30225, 'buy', ?, ?)`,
  );
  const insertMessage = db.prepare(
    `INSERT INTO contact_messages (submission_id, contact_id, type, message, created_at)
     VALUES (?, ?, ?, 'Bitte um Rückruf', ?)`,
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
  const start = Date.now() - ROWS * 60_000;
  const sample = lead();
  db.transaction(() => {
    for (let i = 0; i < ROWS; i += 1) {
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
      const id = Number(
        insertSubmission.run(
          crypto.randomUUID(),
          kind,
          contactId,
          JSON.stringify(data),
          i % 3 ? 'confirmed' : 'pending',
          at,
          '{"dataPrivacy":1,"acceptContact":1}',
          searchTextOf(data, kind === 'lead' ? sample.location : undefined),
        ).lastInsertRowid,
      );
      if (i % 2) insertRead.run(STAFF, id, at);
      if (i % (ROWS / NOTES) === 0) insertNote.run(id, STAFF, at);
      if (i % 3 === 0) assign.run(id, STAFF, at);
      if (kind === 'lead')
        insertLead.run(id, JSON.stringify(sample.location), JSON.stringify(sample.fields));
      else if (kind === 'contact' || kind === 'newsletter')
        insertMessage.run(id, contactId, kind, at);
    }
  })();
  db.close();
}

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;

export async function inboxList() {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'immosuite-inbox-'));
  const filled = Date.now();
  await fill(dataDir);
  console.log(`agency inbox: ${ROWS} submissions written in ${Date.now() - filled} ms`);
  const server = await startTestServer({ AGENCY_USERS: STAFF }, dataDir);
  try {
    const client = await staffSignIn(server, STAFF);
    const cookie = [...client.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
    const queries: Record<string, string> = {
      'first page': '',
      'deep page (rows before the 90,000th)': `before=${ROWS - 90_000}`,
      'first page of one kind': 'kind=savedSearch',
      'search (name)': 'q=nachname4242',
      'first page, unread and assigned to me': 'unread=true&assignee=me',
    };
    const figures: Record<string, { medianMs: number; p99Ms: number; rows: number }> = {};
    for (const [name, query] of Object.entries(queries)) {
      const times: number[] = [];
      let rows = 0;
      for (let i = 0; i < REQUESTS + 10; i += 1) {
        const started = performance.now();
        const response = await fetch(`${server.base}/agency/api/submissions?${query}`, {
          headers: { cookie },
        });
        const body = (await response.json()) as { items: unknown[] };
        const elapsed = performance.now() - started;
        if (response.status !== 200) throw new Error(`${name}: ${response.status}`);
        rows = body.items.length;
        // The first ten warm the statement cache and the page cache.
        if (i >= 10) times.push(elapsed);
      }
      times.sort((a, b) => a - b);
      figures[name] = {
        medianMs: Math.round(percentile(times, 50) * 100) / 100,
        p99Ms: Math.round(percentile(times, 99) * 100) / 100,
        rows,
      };
      console.log(
        `  ${name}: median ${figures[name]!.medianMs} ms, p99 ${figures[name]!.p99Ms} ms (${rows} rows, ${REQUESTS} requests)`,
      );
    }
    return figures;
  } finally {
    await server.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}
