/**
 * A contact's erasure at ten times the size the issue that asked for it names
 * (docs/benchmarks.md#erasure): the issue's probe erased a contact with 775 pending deliveries;
 * here each erased contact has 7,750 deliveries (pending and sent mails and webhook calls of
 * its submission, `match.found` calls that name it without a submission, login mails to its
 * address) and 10 notes on other contacts' submissions that name it. The database around it
 * holds the inbox bench's submissions of every kind (10,000, then 100,000: a note on every
 * fifth, a third of the leads paired), each with a sent notice, and a `match.found` call for
 * every fifth: the erasure's cost should follow what it erases, not what is stored.
 *
 * Measured per database and size: the staff's erasure request (`DELETE
 * …/submissions/{uuid}/contact`) and the mentions the dialog asks first, each the median of
 * `VICTIMS` contacts; and a logged-in contact's list of inquiries, asked again and again from
 * another client while each erasure runs and for `AFTER_MS` after its answer, against the
 * same list asked while nothing else runs; on PostgreSQL also the quiet hour's rewrite of the
 * tables the erasures marked (decision 217), started by hand, with the visitor meanwhile.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import pg from 'pg';
import { fillNoteTerms } from '../server/agency/mentions';
import { createScrubber } from '../server/db/scrub';
import { createTestDatabase, startTestCluster } from '../test/server/postgres';
import {
  newLoggedInContact,
  PREFIX,
  staffSignIn,
  startTestServer,
  type TestClient,
} from '../test/server/testServer';
import { fill, fillPostgres } from './inbox';
import { percentile } from './visitor';

const SIZES = [10_000, 100_000];
const VICTIMS = 5;
/** Each erased contact's deliveries: ten times the 775 of the probe. */
const DELIVERIES = 7_750;
const MENTIONS = 10;
/** How long after an erasure's answer the visitor is still timed. */
const AFTER_MS = 3_000;
const STAFF = 'bench@makler.example';

type Dialect = 'sqlite' | 'postgres';

/** Contact `i` of the fill (its e-mail address names it). */
const victimOf = (k: number) => 7 + 5 * k;

/**
 * Deliveries and notes around the fill (statements for either database): a sent notice of
 * every submission, a `match.found` call naming every fifth contact, and each victim's
 * deliveries and the notes elsewhere that name it.
 */
function extraRows(dialect: Dialect): string[] {
  const uuid = dialect === 'sqlite' ? 'lower(hex(randomblob(16)))' : 'gen_random_uuid()::text';
  const series = (n: number) =>
    dialect === 'sqlite'
      ? `(WITH RECURSIVE s(i) AS (SELECT 0 UNION ALL SELECT i + 1 FROM s WHERE i < ${n - 1})
          SELECT i FROM s)`
      : `(SELECT generate_series(0, ${n - 1}) AS i)`;
  const at = `'2026-11-01T10:00:00.000Z'`;
  const matchFound = (email: string) =>
    `'{"type":"match.found","data":{"match":{"savedSearch":{"contact":{"email":"' || ${email} ||
      '","firstname":"Vorname","lastname":"Nachname"}}}}}'`;
  const insert = `INSERT INTO deliveries (uuid, channel, kind, submission_id, recipient, payload,
    status, attempts, next_attempt_at, created_at, sent_at)`;
  const statements = [
    `${insert} SELECT ${uuid}, 'mail', 'notice', s.id, 'makler@immosuite.local',
      '{"to":"makler@immosuite.local","subject":"Neue Anfrage","text":"' || c.email || '"}',
      'sent', 1, ${at}, ${at}, ${at}
      FROM submissions s JOIN contacts c ON c.id = s.contact_id`,
    `${insert} SELECT ${uuid}, 'webhook', 'match.found', NULL, 'https://crm.example/hook',
      ${matchFound('c.email')}, 'sent', 1, ${at}, ${at}, ${at}
      FROM contacts c WHERE c.id % 5 = 0`,
  ];
  for (let k = 0; k < VICTIMS; k += 1) {
    const email = `'kunde${victimOf(k)}@example.de'`;
    const ofVictim = `(SELECT id FROM contacts WHERE email = ${email})`;
    const submission = `(SELECT id FROM submissions WHERE contact_id = ${ofVictim})`;
    const kinds = [
      // Pending webhook calls of its submission, due long after the bench.
      `'webhook', 'submission.created', ${submission}, 'https://crm.example/hook', '{}',
        'pending', 0, '2099-01-01T00:00:00.000Z'`,
      `'mail', 'confirm', ${submission}, ${email}, '{}', 'sent', 1, ${at}`,
      `'webhook', 'match.found', NULL, 'https://crm.example/hook', ${matchFound(email)}, 'sent',
        1, ${at}`,
      `'mail', 'login', NULL, ${email}, '{}', 'sent', 1, ${at}`,
    ];
    for (const values of kinds)
      statements.push(`${insert} SELECT ${uuid}, ${values}, ${at}, ${at}
        FROM ${series(Math.ceil(DELIVERIES / kinds.length))} n`);
    statements.push(`INSERT INTO submission_notes (submission_id, staff, body, created_at)
      SELECT (SELECT s.id FROM submissions s JOIN contacts c ON c.id = s.contact_id
          WHERE c.email = 'kunde' || (200 + 10 * n.i + ${k}) || '@example.de'), '${STAFF}',
        'Rückruf an ' || ${email} || ' vereinbart', ${at}
      FROM ${series(MENTIONS)} n`);
  }
  // Each call links the contact it names, as the server's writer does.
  const named =
    dialect === 'sqlite'
      ? `json_extract(d.payload, '$.data.match.savedSearch.contact.email')`
      : `d.payload::jsonb #>> '{data,match,savedSearch,contact,email}'`;
  statements.push(`INSERT INTO delivery_contacts (contact_id, delivery_id)
    SELECT c.id, d.id FROM deliveries d JOIN contacts c ON c.email = ${named}
    WHERE d.kind = 'match.found'`);
  return statements;
}

async function fillExtra(dialect: Dialect, where: string) {
  if (dialect === 'sqlite') {
    const db = new Database(where);
    db.transaction(() => extraRows(dialect).forEach((statement) => db.exec(statement)))();
    db.close();
    return;
  }
  const client = new pg.Client({ connectionString: where });
  await client.connect();
  try {
    await client.query('BEGIN');
    for (const statement of extraRows(dialect)) await client.query(statement);
    await client.query('COMMIT');
    await client.query('ANALYZE');
  } finally {
    await client.end();
  }
}

interface Figures {
  rows: number;
  erasureMedianMs: number;
  mentionsMedianMs: number;
  visitorIdleP99Ms: number;
  visitorDuringP99Ms: number;
  visitorDuringMaxMs: number;
  /** PostgreSQL: the quiet hour's rewrite of the erased tables, and the visitor meanwhile. */
  scrub?: { ms: number; visitorP99Ms: number; visitorMaxMs: number };
}

async function timeOf<T>(run: () => Promise<T>): Promise<[number, T]> {
  const started = performance.now();
  const result = await run();
  return [performance.now() - started, result];
}

/** The visitor's request: a logged-in contact's inquiries. */
async function visit(visitor: TestClient) {
  const [ms, response] = await timeOf(() => visitor.get(`${PREFIX}/v1/expose-inquiry`));
  if (response.status !== 200) throw new Error(`visitor: ${response.status}`);
  return ms;
}

const erase = (staff: TestClient, uuid: string) =>
  timeOf(() =>
    staff.request<{ removed: { deliveriesDropped: number; deliveriesCleared: number } }>(
      'DELETE',
      `/agency/api/submissions/${uuid}/contact`,
    ),
  );

async function measure(
  server: Awaited<ReturnType<typeof startTestServer>>,
  rows: number,
): Promise<Figures> {
  const staff = await staffSignIn(server, STAFF);
  const visitor = await newLoggedInContact(server, 'besucher@example.de');
  const idle: number[] = [];
  for (let i = 0; i < 200; i += 1) idle.push(await visit(visitor));
  const erasures: number[] = [];
  const mentions: number[] = [];
  const during: number[] = [];
  for (let k = 0; k < VICTIMS; k += 1) {
    const email = `kunde${victimOf(k)}@example.de`;
    const found = await staff.get<{ items: { uuid: string }[] }>(
      `/agency/api/submissions?q=${encodeURIComponent(email)}`,
    );
    const uuid = found.body.items[0]!.uuid;
    const [mentionsMs, listed] = await timeOf(() =>
      staff.get<{ mentions: unknown[] }>(`/agency/api/submissions/${uuid}/contact/mentions`),
    );
    if (listed.body.mentions.length !== MENTIONS)
      throw new Error(`${email}: ${listed.body.mentions.length} mentions, not ${MENTIONS}`);
    mentions.push(mentionsMs);
    let until = Infinity;
    const visits = (async () => {
      while (performance.now() < until) during.push(await visit(visitor));
    })();
    let erased: Awaited<ReturnType<typeof erase>>;
    try {
      erased = await erase(staff, uuid);
    } finally {
      until = performance.now() + AFTER_MS;
      await visits;
    }
    const { removed } = erased[1].body;
    if (
      erased[1].status !== 200 ||
      removed.deliveriesDropped + removed.deliveriesCleared < DELIVERIES
    )
      throw new Error(
        `${email}: erasure answered ${erased[1].status} ${JSON.stringify(erased[1].body)}`,
      );
    erasures.push(erased[0]);
  }
  const round = (ms: number) => Math.round(ms * 10) / 10;
  let scrub: Figures['scrub'];
  if (server.app.sql.dialect === 'postgres') {
    // The quiet hour's run, started by hand: every table the erasures marked, written anew.
    const scrubber = createScrubber(server.app.sql, (message) => console.log(message), 'erasure');
    const meanwhile: number[] = [];
    let running = true;
    const visits = (async () => {
      while (running) meanwhile.push(await visit(visitor));
    })();
    const [ms] = await timeOf(() => scrubber.tick());
    running = false;
    await visits;
    scrub = {
      ms: round(ms),
      visitorP99Ms: round(percentile(meanwhile, 99)),
      visitorMaxMs: round(Math.max(...meanwhile)),
    };
  }
  return {
    scrub,
    rows,
    erasureMedianMs: round(percentile(erasures, 50)),
    mentionsMedianMs: round(percentile(mentions, 50)),
    visitorIdleP99Ms: round(percentile(idle, 99)),
    visitorDuringP99Ms: round(percentile(during, 99)),
    visitorDuringMaxMs: round(Math.max(...during)),
  };
}

function print(dialect: Dialect, figures: Figures) {
  console.log(
    `  ${dialect}, ${figures.rows} submissions: erasure median ${figures.erasureMedianMs} ms, ` +
      `mentions median ${figures.mentionsMedianMs} ms; a visitor's p99 ${figures.visitorDuringP99Ms} ms ` +
      `while erasing (max ${figures.visitorDuringMaxMs} ms), ${figures.visitorIdleP99Ms} ms idle`,
  );
  if (figures.scrub)
    console.log(
      `    the quiet hour's rewrite: ${figures.scrub.ms} ms; a visitor's p99 meanwhile ` +
        `${figures.scrub.visitorP99Ms} ms (max ${figures.scrub.visitorMaxMs} ms)`,
    );
}

export async function erasure(db?: Dialect) {
  const results: Partial<Record<Dialect, Figures[] | null>> = {};
  console.log(`erasure (${VICTIMS} contacts of ${DELIVERIES} deliveries and ${MENTIONS} mentions)`);
  if (db !== 'postgres') {
    results.sqlite = [];
    for (const rows of SIZES) {
      const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'immosuite-erasure-'));
      try {
        await fill(dataDir, rows);
        await fillExtra('sqlite', path.join(dataDir, 'immosuite.sqlite'));
        const server = await startTestServer({ AGENCY_USERS: STAFF }, dataDir);
        try {
          const figures = await measure(server, rows);
          print('sqlite', figures);
          results.sqlite.push(figures);
        } finally {
          await server.close();
        }
      } finally {
        fs.rmSync(dataDir, { recursive: true, force: true });
      }
    }
  }
  if (db !== 'sqlite') {
    const cluster = await startTestCluster({ durable: true });
    if (!cluster) {
      console.log('  postgres: skipped (PostgreSQL is not installed)');
      results.postgres = null;
      return results;
    }
    results.postgres = [];
    try {
      for (const rows of SIZES) {
        const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'immosuite-erasure-'));
        try {
          const url = await createTestDatabase(cluster.url);
          const server = await startTestServer({ AGENCY_USERS: STAFF, DATABASE_URL: url }, dataDir);
          try {
            await fillPostgres(url, rows);
            await fillExtra('postgres', url);
            // The notes written behind the server's back get their terms as at a start.
            await fillNoteTerms(server.app.sql);
            const figures = await measure(server, rows);
            print('postgres', figures);
            results.postgres.push(figures);
          } finally {
            await server.close();
          }
        } finally {
          fs.rmSync(dataDir, { recursive: true, force: true });
        }
      }
    } finally {
      cluster.stop();
    }
  }
  return results;
}
