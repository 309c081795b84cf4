/**
 * Matching's job at the next size (docs/benchmarks.md#matchings-job, issue 41): the real server
 * on SQLite and on PostgreSQL with LEADS leads (each in the lead-side index, as a lead's
 * statement writes it) and SEARCHES live saved searches (bench/searchFill.ts). A logged-in
 * contact makes a broad saved search (flats to let in a whole district, no ranges) and then
 * switches it off and on CHANGES times. Measured: the contact's answer to each change; how
 * long the job takes to write (or drop) all of a change's pairs; and a visitor's requests
 * (a logged-in contact's inquiries, and a contact message sent) while the job works, against
 * the same requests while nothing else runs. Targets: the change's answer under 50 ms p99, the
 * visitor's p99 within 2 x idle.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import pg from 'pg';
import { berlinPlaces, propertyLocalities } from '../server/matching/match';
import { random as seeded } from '../test/server/fuzz';
import { createTestDatabase, startTestCluster } from '../test/server/postgres';
import {
  contact,
  newLoggedInContact,
  PREFIX,
  startTestServer,
  type TestClient,
} from '../test/server/testServer';
import { categoryOf, fillSearchesPostgres, fillSearchesSqlite, SEARCHES } from './searchFill';
import { percentile } from './visitor';

/** BENCH_JOB_LEADS: fewer, for a quick look. */
export const LEADS = Number(process.env.BENCH_JOB_LEADS ?? 1_000_000);
const CHANGES = 10;
/** The broad search: flats to let anywhere in Pankow (district 3), any price and size. */
const BROAD = {
  objectType: 'LIVING',
  categoryId: 30225,
  marketingType: 'rent',
  locations: [{ locationId: 3 }],
  fields: [],
};
const FIRST_LEAD = 10_000_000;

type Dialect = 'sqlite' | 'postgres';
type Server = Awaited<ReturnType<typeof startTestServer>>;

/** One batch of generated leads: submissions, leads and their rows in the lead-side index. */
interface LeadBatch {
  ids: number[];
  uuids: string[];
  types: string[];
  categories: number[];
  marketing: string[];
  locations: string[];
  fields: string[];
  index: [number, number, string, number][];
}

/**
 * LEADS leads in batches of `size`: six in ten flats, a quarter houses, the rest plots and shops;
 * rent four in ten; placed by one of Berlin's postcodes; a price on most, a living space on
 * half.
 */
function* leadBatches(size: number): Generator<LeadBatch> {
  const { next: random, pick } = seeded(41);
  const places = berlinPlaces();
  const postcodes = Object.keys(
    (
      JSON.parse(
        fs.readFileSync(path.join(__dirname, '../server/data/berlin-postcodes.json'), 'utf8'),
      ) as { postcodes: Record<string, string[]> }
    ).postcodes,
  );
  for (let from = 0; from < LEADS; from += size) {
    const batch: LeadBatch = {
      ids: [],
      uuids: [],
      types: [],
      categories: [],
      marketing: [],
      locations: [],
      fields: [],
      index: [],
    };
    for (let i = from; i < Math.min(from + size, LEADS); i += 1) {
      const id = FIRST_LEAD + i;
      const rent = random() < 0.4;
      const [categoryId, objectType] = categoryOf(random(), rent);
      const fields: unknown[] = [];
      if (random() < 0.8)
        fields.push({
          name: 'price.price',
          valueType: 'NUMBER',
          value: Math.round((300 + random() * 3000) * (rent ? 1 : 400)),
        });
      if (random() < 0.5)
        fields.push({
          name: 'area.livingSpace',
          valueType: 'NUMBER',
          value: 30 + Math.round(random() * 150),
        });
      const zip = pick(postcodes);
      const marketing = rent ? 'rent' : 'buy';
      batch.ids.push(id);
      batch.uuids.push(crypto.randomUUID());
      batch.types.push(objectType);
      batch.categories.push(categoryId);
      batch.marketing.push(marketing);
      batch.locations.push(JSON.stringify({ zip, city: 'Berlin' }));
      batch.fields.push(JSON.stringify(fields));
      for (const locality of propertyLocalities({ zip }, places))
        batch.index.push([id, locality, marketing, categoryId]);
    }
    yield batch;
  }
}

const AT = '2026-11-01T10:00:00.000Z';

function fillSqlite(file: string): number {
  const db = new Database(file);
  db.pragma('journal_mode = WAL');
  const at = new Date().toISOString();
  const owner = Number(
    db
      .prepare(`INSERT INTO contacts (email, created_at, updated_at) VALUES (?, ?, ?)`)
      .run('bench.owner@example.de', at, at).lastInsertRowid,
  );
  const terms = fillSearchesSqlite(db);
  const submission = db.prepare(`INSERT INTO submissions (id, uuid, kind, contact_id,
    contact_data, language, created_at) VALUES (?, ?, 'lead', ${owner}, '{}', 'de', '${AT}')`);
  const leadRow = db.prepare(`INSERT INTO leads (submission_id, object_type, category_id,
    marketing_type, location, fields) VALUES (?, ?, ?, ?, ?, ?)`);
  const place = db.prepare(`INSERT INTO lead_localities (submission_id, locality_id,
    marketing_type, category_id) VALUES (?, ?, ?, ?)`);
  for (const batch of leadBatches(50_000))
    db.transaction(() => {
      batch.ids.forEach((id, i) => {
        submission.run(id, batch.uuids[i]);
        leadRow.run(
          id,
          batch.types[i],
          batch.categories[i],
          batch.marketing[i],
          batch.locations[i],
          batch.fields[i],
        );
      });
      for (const row of batch.index) place.run(...row);
    })();
  // No ANALYZE: the server never runs one, and SQLite plans without statistics there.
  db.close();
  return terms;
}

async function fillPostgres(url: string): Promise<number> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query('BEGIN');
    const contactOf = async (email: string) =>
      Number(
        (
          await client.query<{ id: string }>(
            `INSERT INTO contacts (email, created_at, updated_at) VALUES ($1, $2, $2) RETURNING id`,
            [email, AT],
          )
        ).rows[0]!.id,
      );
    const owner = await contactOf('bench.owner@example.de');
    const terms = await fillSearchesPostgres(client, AT);
    for (const batch of leadBatches(20_000)) {
      await client.query(
        `INSERT INTO submissions (id, uuid, kind, contact_id, contact_data, language, created_at)
         SELECT id, uuid, 'lead', $1, '{}', 'de', $2 FROM unnest($3::bigint[], $4::text[])
           AS s(id, uuid)`,
        [owner, AT, batch.ids, batch.uuids],
      );
      await client.query(
        `INSERT INTO leads (submission_id, object_type, category_id, marketing_type, location,
           fields)
         SELECT * FROM unnest($1::bigint[], $2::text[], $3::int[], $4::text[], $5::text[],
           $6::text[])`,
        [batch.ids, batch.types, batch.categories, batch.marketing, batch.locations, batch.fields],
      );
      await client.query(
        `INSERT INTO lead_localities (submission_id, locality_id, marketing_type, category_id)
         SELECT * FROM unnest($1::bigint[], $2::int[], $3::text[], $4::int[])`,
        [0, 1, 2, 3].map((k) => batch.index.map((row) => row[k])),
      );
    }
    await client.query(
      `SELECT setval(pg_get_serial_sequence('submissions', 'id'), (SELECT MAX(id) FROM submissions))`,
    );
    await client.query('COMMIT');
    await client.query('ANALYZE');
    return terms;
  } finally {
    await client.end();
  }
}

interface Figures {
  leads: number;
  searches: number;
  terms: number;
  fillSeconds: number;
  changeAnswerMedianMs: number;
  changeAnswerP99Ms: number;
  /** The job's time for one change, from its answer to its last pair (median, max). */
  jobMedianMs: number;
  jobMaxMs: number;
  pairs: number;
  visitorIdleP99Ms: number;
  visitorDuringP99Ms: number;
  visitorDuringMaxMs: number;
}

async function timeOf<T>(run: () => Promise<T>): Promise<[number, T]> {
  const started = performance.now();
  const result = await run();
  return [performance.now() - started, result];
}

let messages = 0;

/** A visitor's requests: a logged-in contact's inquiries, then a contact message sent. */
async function visit(visitor: TestClient): Promise<number[]> {
  const [readMs, read] = await timeOf(() => visitor.get(`${PREFIX}/v1/expose-inquiry`));
  if (read.status !== 200) throw new Error(`visitor's read: ${read.status}`);
  messages += 1;
  const [writeMs, written] = await timeOf(() =>
    visitor.post(`${PREFIX}/v1/wizard/contact`, {
      contact: contact({ email: `nachricht${messages}@example.de` }),
      message: 'Bitte um Rückruf.',
    }),
  );
  if (written.status !== 201) throw new Error(`visitor's message: ${written.status}`);
  return [readMs, writeMs];
}

async function measure(server: Server, fillSeconds: number, terms: number): Promise<Figures> {
  const searcher = await newLoggedInContact(server, 'breit@example.de');
  const visitor = await newLoggedInContact(server, 'besucher@example.de');
  // The leads the two contacts sent are matched before anything is timed.
  await server.app.matcher.runDue();
  const idle: number[] = [];
  for (let i = 0; i < 100; i += 1) idle.push(...(await visit(visitor)));
  const answers: number[] = [];
  const jobs: number[] = [];
  const during: number[] = [];
  let uuid = '';
  let pairs = 0;
  for (let change = 0; change <= CHANGES; change += 1) {
    let working = true;
    const visits = (async () => {
      while (working) during.push(...(await visit(visitor)));
    })();
    try {
      const [answerMs, answer] = await timeOf(() =>
        change === 0
          ? searcher.post<{ uuid: string }>(`${PREFIX}/v1/saved-search`, BROAD)
          : searcher.put<{ uuid: string }>(`${PREFIX}/v1/saved-search/${uuid}`, {
              ...BROAD,
              active: change % 2 === 0,
            }),
      );
      if (answer.status >= 300) throw new Error(`change ${change}: ${answer.status}`);
      uuid = answer.body.uuid;
      answers.push(answerMs);
      const [jobMs] = await timeOf(() => server.app.matcher.runDue());
      jobs.push(answerMs + jobMs);
    } finally {
      working = false;
      await visits;
    }
    const count = await server.app.sql.one<{ n: number }>(
      `SELECT count(*) AS n FROM search_matches m JOIN saved_searches ss
       ON ss.id = m.saved_search_id WHERE ss.uuid = ?`,
      uuid,
    );
    if (change % 2 === 0) pairs = Number(count!.n);
    else if (Number(count!.n) !== 0) throw new Error(`switched off, ${count!.n} pairs left`);
  }
  const round = (ms: number) => Math.round(ms * 10) / 10;
  return {
    leads: LEADS,
    searches: SEARCHES,
    terms,
    fillSeconds,
    changeAnswerMedianMs: round(percentile(answers, 50)),
    changeAnswerP99Ms: round(percentile(answers, 99)),
    jobMedianMs: round(percentile(jobs, 50)),
    jobMaxMs: round(Math.max(...jobs)),
    pairs,
    visitorIdleP99Ms: round(percentile(idle, 99)),
    visitorDuringP99Ms: round(percentile(during, 99)),
    visitorDuringMaxMs: round(Math.max(...during)),
  };
}

function print(dialect: Dialect, f: Figures) {
  console.log(
    `  ${dialect}: ${f.leads.toLocaleString('en')} leads, ${f.searches.toLocaleString('en')} searches (${f.terms.toLocaleString('en')} terms), filled in ${f.fillSeconds} s\n` +
      `    a broad search's change (${f.pairs.toLocaleString('en')} pairs): answer median ${f.changeAnswerMedianMs} ms, p99 ${f.changeAnswerP99Ms} ms (target < 50); ` +
      `all its pairs written or dropped within median ${f.jobMedianMs} ms, at most ${f.jobMaxMs} ms\n` +
      `    a visitor's p99 while the job works ${f.visitorDuringP99Ms} ms (max ${f.visitorDuringMaxMs}), idle ${f.visitorIdleP99Ms} ms: ${Math.round((f.visitorDuringP99Ms / f.visitorIdleP99Ms) * 100) / 100} x (target at most 2 x)`,
  );
}

const ENV = { RATE_LIMIT_SUBMISSIONS: '1000000', RATE_LIMIT_SEARCH_CHANGES: '1000000' };

export async function matchingJob(db?: Dialect) {
  const results: Partial<Record<Dialect, Figures | null>> = {};
  console.log(`matching's job: a broad search's changes, switched ${CHANGES} times`);
  if (db !== 'postgres') {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'immosuite-job-'));
    try {
      // The schema made by a first start; then the rows written beside the server.
      await (await startTestServer(ENV, dataDir)).close();
      const started = Date.now();
      const terms = fillSqlite(path.join(dataDir, 'immosuite.sqlite'));
      const fillSeconds = Math.round((Date.now() - started) / 1000);
      const server = await startTestServer(ENV, dataDir);
      try {
        results.sqlite = await measure(server, fillSeconds, terms);
        print('sqlite', results.sqlite);
      } finally {
        await server.close();
      }
    } finally {
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  }
  if (db !== 'sqlite') {
    const cluster = await startTestCluster({ durable: true });
    if (!cluster) {
      console.log('  postgres: skipped (PostgreSQL is not installed)');
      results.postgres = null;
      return results;
    }
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'immosuite-job-'));
    try {
      const url = await createTestDatabase(cluster.url);
      await (await startTestServer({ ...ENV, DATABASE_URL: url }, dataDir)).close();
      const started = Date.now();
      const terms = await fillPostgres(url);
      const fillSeconds = Math.round((Date.now() - started) / 1000);
      const server = await startTestServer({ ...ENV, DATABASE_URL: url }, dataDir);
      try {
        results.postgres = await measure(server, fillSeconds, terms);
        print('postgres', results.postgres);
      } finally {
        await server.close();
      }
    } finally {
      fs.rmSync(dataDir, { recursive: true, force: true });
      cluster.stop();
    }
  }
  return results;
}
