/**
 * Lead submissions as the widget sends them (anonymous, XSRF cookie and header, meta, an
 * Idempotency-Key made as the widget makes it, one e-mail address per submission) against a
 * floor: a bare Fastify route that parses the same body and inserts it as one row, into the
 * same database (SQLite with the same pragmas; PostgreSQL through a pg pool of the server's
 * size). Both run with an empty database and with `rows` stored leads; on PostgreSQL also two
 * widget processes against one. Each server runs in a process of its own, so the load
 * generator does not share its thread.
 */
import { spawn } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import Database from 'better-sqlite3';
import Fastify from 'fastify';
import pg from 'pg';
import { DEFAULT_POOL } from '../server/db/postgres';
import { createTestDatabase, startTestCluster } from '../test/server/postgres';
import { contact, lead, PREFIX, startTestServer, TestClient } from '../test/server/testServer';
import { newSubmissionKey } from '../src/wizard/submission';
import { cpuQuota, type CpuQuota } from './cpuQuota';
import { fillSearchesPostgres, fillSearchesSqlite, SEARCHES } from './searchFill';

const CONNECTIONS = 10;
const ROUNDS = 3;
/**
 * Rounds of one process against two: more, as other work on the machine moves each round
 * (BENCH_SCALE_ROUNDS for more still).
 */
const SCALE_ROUNDS = Number(process.env.BENCH_SCALE_ROUNDS ?? 5);
/**
 * The share of a core each widget process gets when two are measured against one
 * (BENCH_WIDGET_QUOTA): small enough that it, not the machine, limits the widget while other
 * work shares the cores; the report says in how many periods each process used it up.
 */
const QUOTA_CORES = Number(process.env.BENCH_WIDGET_QUOTA ?? 0.2);

export interface LoadFigures {
  requestsPerSecondMedian: number;
  latencyMedianMs: number;
  latencyP99Ms: number;
  total: number;
  /** CPU time of the server process (all its threads) per request, in microseconds. */
  serverCpuPerRequestUs: number;
}

interface Child {
  base: string;
  pid: number;
  /** The server process's CPU time so far (user + system, all threads), in microseconds. */
  cpu(): Promise<number>;
  close(): Promise<void>;
}

/** The `n`th visitor's address, from 10.0.0.1 on. */
const visitorAddress = (n: number) => `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`;
/**
 * Visitors so far, over every run of this bench: load sent to two processes at once comes from
 * different visitors, as behind a load balancer (the same address on both at the same moment
 * would have them wait for each other's hit on its rate-limit row).
 */
let visitors = 0;

function leadBody(email: string) {
  return JSON.stringify({
    contact: contact({ email }),
    lead: lead(),
    meta: { website: '', fillMs: 5000 },
  });
}

export async function hammer(
  server: Child,
  url: string,
  headers: Record<string, string>,
  seconds: number,
): Promise<LoadFigures> {
  const cpuBefore = await server.cpu();
  let sequence = 0;
  const run = crypto.randomBytes(4).toString('hex');
  const result = await autocannon({
    url,
    connections: CONNECTIONS,
    duration: seconds,
    requests: [
      {
        method: 'POST',
        setupRequest: (request) => {
          sequence += 1;
          visitors += 1;
          return {
            ...request,
            headers: {
              ...headers,
              'content-type': 'application/json',
              'idempotency-key': newSubmissionKey(Date.now()),
              // Each submission from a visitor of its own, as a proxy in front forwards it.
              'x-forwarded-for': visitorAddress(visitors),
            },
            body: leadBody(`visitor-${run}-${sequence}@example.de`),
          };
        },
      },
    ],
  });
  if (result.non2xx || result.errors)
    throw new Error(`${url}: ${result.non2xx} non-2xx, ${result.errors} errors`);
  const cpu = (await server.cpu()) - cpuBefore;
  return {
    serverCpuPerRequestUs: Math.round(cpu / result.requests.total),
    requestsPerSecondMedian: result.requests.p50,
    latencyMedianMs: result.latency.p50,
    latencyP99Ms: result.latency.p99,
    total: result.requests.total,
  };
}

function pragmas(db: Database.Database) {
  db.pragma('journal_mode = WAL');
  db.pragma('synchronous = NORMAL');
}

/** The floor: parse, one prepared INSERT, answer; nothing else. Runs in the child. */
async function serveFloor(dir: string) {
  const db = new Database(path.join(dir, 'floor.sqlite'));
  pragmas(db);
  db.exec('CREATE TABLE leads (id INTEGER PRIMARY KEY, uuid TEXT NOT NULL, body TEXT NOT NULL)');
  const insert = db.prepare('INSERT INTO leads (uuid, body) VALUES (?, ?)');
  const app = Fastify({ logger: false });
  app.post('/lead', async (request, reply) => {
    const uuid = crypto.randomUUID();
    insert.run(uuid, JSON.stringify(request.body));
    return reply.code(201).send({ success: true, uuid });
  });
  await app.listen({ host: '127.0.0.1', port: 0 });
  return `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
}

function fillFloorDatabase(file: string, rows: number) {
  const db = new Database(file);
  db.prepare(
    `WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < ?)
     INSERT INTO leads (uuid, body) SELECT 'fill-' || i, ? FROM n`,
  ).run(rows, leadBody('fill@example.de'));
  db.close();
}

/** The floor on PostgreSQL: parse, one INSERT through a pool of the server's size, answer. */
async function serveFloorOnPostgres(url: string) {
  const pool = new pg.Pool({ connectionString: url, max: DEFAULT_POOL });
  await pool.query(
    'CREATE TABLE IF NOT EXISTS floor_leads (id BIGINT GENERATED BY DEFAULT AS IDENTITY PRIMARY KEY, uuid TEXT NOT NULL, body TEXT NOT NULL)',
  );
  const app = Fastify({ logger: false });
  app.post('/lead', async (request, reply) => {
    const uuid = crypto.randomUUID();
    await pool.query({
      name: 'floor-insert',
      text: 'INSERT INTO floor_leads (uuid, body) VALUES ($1, $2)',
      values: [uuid, JSON.stringify(request.body)],
    });
    return reply.code(201).send({ success: true, uuid });
  });
  await app.listen({ host: '127.0.0.1', port: 0 });
  return `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
}

async function fillFloorOnPostgres(url: string, rows: number) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  await client.query(
    `INSERT INTO floor_leads (uuid, body) SELECT 'fill-' || i, $2 FROM generate_series(1, $1) i`,
    [rows, leadBody('fill@example.de')],
  );
  await client.end();
}

/**
 * `rows` more leads in the widget's PostgreSQL database, copies of one real submission's rows
 * as fillWidgetDatabase makes them for SQLite.
 */
async function fillWidgetOnPostgres(url: string, rows: number) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query('BEGIN');
    const sample = (
      await client.query('SELECT id, contact_id FROM submissions ORDER BY id DESC LIMIT 1')
    ).rows[0] as { id: number; contact_id: number };
    const before = Number((await client.query('SELECT MAX(id) AS id FROM contacts')).rows[0].id);
    const firstSubmission =
      Number((await client.query('SELECT MAX(id) AS id FROM submissions')).rows[0].id) + 1;
    const n = `generate_series(1, ${rows}) i`;
    await client.query(`INSERT INTO contacts (id, email, salutation, firstname, lastname, phone,
        street, number, zip, city, company, data_privacy, accept_contact, newsletter, language,
        confirmed_at, created_at, updated_at)
      SELECT ${before} + i, 'fill-' || i || '@example.de', salutation, firstname, lastname, phone,
        street, number, zip, city, company, data_privacy, accept_contact, newsletter, language,
        confirmed_at, created_at, updated_at
      FROM ${n}, (SELECT * FROM contacts WHERE id = ${sample.contact_id}) c`);
    await client.query(`INSERT INTO submissions (id, uuid, kind, contact_id, contact_data, status,
        language, created_at, confirmed_at, consents, consent_text_version, idempotency_key,
        fingerprint)
      SELECT ${firstSubmission - 1} + i, 'fill-' || i, kind, ${before} + i, contact_data, status,
        language, created_at, confirmed_at, consents, consent_text_version,
        'POST /v1/wizard/lead ' || lpad(i::text, 9, '0') || md5(random()::text), fingerprint
      FROM ${n}, (SELECT * FROM submissions WHERE id = ${sample.id}) s`);
    await client.query(`INSERT INTO leads (submission_id, object_type, category_id,
        marketing_type, location, fields, message)
      SELECT ${firstSubmission - 1} + i, object_type, category_id, marketing_type, location,
        fields, message
      FROM ${n}, (SELECT * FROM leads WHERE submission_id = ${sample.id}) l`);
    await client.query(`INSERT INTO auth_keys (key_hash, purpose, contact_id, submission_id,
        created_at, expires_at, first_used_at)
      SELECT 'fill-' || i, purpose, ${before} + i, ${firstSubmission - 1} + i, created_at,
        expires_at, first_used_at
      FROM ${n}, (SELECT * FROM auth_keys WHERE submission_id = ${sample.id}) k`);
    await client.query(`INSERT INTO mails (recipient, subject, body, links, created_at)
      SELECT 'fill-' || i || '@example.de', subject, body, links, created_at
      FROM ${n}, (SELECT * FROM mails ORDER BY id DESC LIMIT 1) m`);
    // Identities continue after the copied ids.
    for (const table of ['contacts', 'submissions'])
      await client.query(
        `SELECT setval(pg_get_serial_sequence('${table}', 'id'), (SELECT MAX(id) FROM ${table}))`,
      );
    await client.query('COMMIT');
    await client.query('ANALYZE');
    return Number((await client.query('SELECT COUNT(*) AS n FROM leads')).rows[0].n);
  } finally {
    await client.end();
  }
}

/**
 * The test-server helper of a checkout: test/server/testServer.ts, or server/testing.ts in a
 * checkout that kept it beside the server.
 */
export function testServerModuleOf(dir: string): string | null {
  for (const file of ['test/server/testServer.ts', 'server/testing.ts'])
    if (fs.existsSync(path.join(dir, file))) return path.join(dir, file);
  return null;
}

/**
 * 'checkout': the widget's server of another checkout, whose directory `url` names;
 * 'checkout-pg': that server on PostgreSQL at `url`, the checkout's directory `checkout`.
 */
type ChildKind = 'floor' | 'widget' | 'floor-pg' | 'widget-pg' | 'checkout' | 'checkout-pg';

/**
 * Starts `kind` in a child process on a database in `dir` (and at `url` on PostgreSQL);
 * resolves with its base URL.
 */
export function startChild(kind: ChildKind, dir: string, url = '', checkout = '') {
  const profile = process.env.BENCH_CPU_PROF
    ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_CPU_PROF}`]
    : [];
  const child = spawn(
    process.execPath,
    [...profile, '--import', 'tsx', __filename, kind, dir, url, checkout],
    {
      stdio: ['ignore', 'pipe', 'inherit', 'ipc'],
    },
  );
  const cpu = () =>
    new Promise<number>((done) => {
      child.once('message', (usage: NodeJS.CpuUsage) => done(usage.user + usage.system));
      child.send('cpu');
    });
  return new Promise<Child>((resolve, reject) => {
    let out = '';
    child.once('exit', (code) => reject(new Error(`${kind} server exited (${code})`)));
    child.stdout!.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      const line = out.split('\n').find((l) => l.startsWith('listening '));
      if (line)
        resolve({
          base: line.slice('listening '.length).trim(),
          pid: child.pid!,
          cpu,
          close: () =>
            new Promise<void>((done) => {
              child.removeAllListeners('exit');
              child.once('exit', () => done());
              child.kill();
            }),
        });
    });
  });
}

/**
 * `rows` more leads in the widget's database, each a copy of one real submission's rows
 * (contact, submission with its consents and Idempotency-Key, lead, confirmation key, mail)
 * with its own e-mail, uuid and keys: the tables and indexes grow as they would with real
 * visitors.
 */
function fillWidgetDatabase(file: string, rows: number) {
  const db = new Database(file);
  pragmas(db);
  const sample = db.prepare('SELECT * FROM submissions ORDER BY id DESC LIMIT 1').get() as {
    id: number;
    contact_id: number;
  };
  const n = `WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < ${rows})`;
  const fill = db.transaction(() => {
    const before = (db.prepare('SELECT MAX(id) AS id FROM contacts').get() as { id: number }).id;
    db.exec(`${n} INSERT INTO contacts (email, salutation, firstname, lastname, phone, street,
        number, zip, city, company, data_privacy, accept_contact, newsletter, language,
        confirmed_at, created_at, updated_at)
      SELECT 'fill-' || i || '@example.de', salutation, firstname, lastname, phone, street,
        number, zip, city, company, data_privacy, accept_contact, newsletter, language,
        confirmed_at, created_at, updated_at
      FROM n, (SELECT * FROM contacts WHERE id = ${sample.contact_id})`);
    const firstSubmission =
      (db.prepare('SELECT MAX(id) AS id FROM submissions').get() as { id: number }).id + 1;
    db.exec(`${n} INSERT INTO submissions (id, uuid, kind, contact_id, contact_data, status,
        language, created_at, confirmed_at, consents, consent_text_version, idempotency_key,
        fingerprint)
      SELECT ${firstSubmission - 1} + i, 'fill-' || i, kind, ${before} + i, contact_data, status,
        language, created_at, confirmed_at, consents, consent_text_version,
        'POST /v1/wizard/lead ' || printf('%09d', i) || hex(randomblob(10)), fingerprint
      FROM n, (SELECT * FROM submissions WHERE id = ${sample.id})`);
    db.exec(`${n} INSERT INTO leads (submission_id, object_type, category_id, marketing_type,
        location, fields, message)
      SELECT ${firstSubmission - 1} + i, object_type, category_id, marketing_type, location, fields,
        message
      FROM n, (SELECT * FROM leads WHERE submission_id = ${sample.id})`);
    db.exec(`${n} INSERT INTO auth_keys (key_hash, purpose, contact_id, submission_id,
        created_at, expires_at, first_used_at)
      SELECT 'fill-' || i, purpose, ${before} + i, ${firstSubmission - 1} + i, created_at,
        expires_at, first_used_at
      FROM n, (SELECT * FROM auth_keys WHERE submission_id = ${sample.id})`);
    db.exec(`${n} INSERT INTO mails (recipient, subject, body, links, created_at)
      SELECT 'fill-' || i || '@example.de', subject, body, links, created_at
      FROM n, (SELECT * FROM mails ORDER BY id DESC LIMIT 1)`);
  });
  fill();
  const count = (db.prepare('SELECT COUNT(*) AS n FROM leads').get() as { n: number }).n;
  db.close();
  return count;
}

const ratio = (a: number, b: number) => Math.round((a / b) * 100) / 100;

export const median = (values: number[]) => [...values].sort((a, b) => a - b)[values.length >> 1]!;

/** The run with the median throughput. */
function medianRun(runs: LoadFigures[]) {
  const sorted = [...runs].sort((a, b) => a.requestsPerSecondMedian - b.requestsPerSecondMedian);
  return sorted[Math.floor(sorted.length / 2)]!;
}

/** The widget's headers of an anonymous visitor: its XSRF cookie and header. */
export async function visitorHeaders(base: string) {
  const client = new TestClient(base);
  await client.get(`${PREFIX}/v1/wizard/locations`);
  return {
    cookie: [...client.cookies].map(([key, v]) => `${key}=${v}`).join('; '),
    'x-xsrf-token': decodeURIComponent(client.cookies.get('XSRF-TOKEN')!),
  };
}

/**
 * Saved searches added to the widget's database for the last phase: their terms, and how many
 * stored leads wait for matching's job.
 */
type AddSearches = () => Promise<{ terms: number }>;

/** How many stored leads wait for matching's job now. */
type Waiting = () => Promise<number>;

/** How long the bench lets matching's job catch up after a round, at most. */
const CATCH_UP_MS = Number(process.env.BENCH_CATCH_UP_MS ?? 10_000);

/**
 * Lets matching's job work alone for up to CATCH_UP_MS after a round: resolves to the leads
 * still waiting at the round's end and after, the time it had, and the widget process's CPU
 * time meanwhile, in microseconds.
 */
async function catchUp(server: Child, waiting: Waiting) {
  const started = Date.now();
  const cpuBefore = await server.cpu();
  const before = await waiting();
  let left = before;
  while (left > 0 && Date.now() - started < CATCH_UP_MS) {
    await new Promise((resolve) => setTimeout(resolve, 100));
    left = await waiting();
  }
  return { before, left, ms: Date.now() - started, cpuUs: (await server.cpu()) - cpuBefore };
}

/** Runs `work` with `child` stopped (SIGSTOP), so that it takes none of the machine's cores. */
async function frozen<T>(child: Child, work: () => Promise<T>): Promise<T> {
  process.kill(child.pid, 'SIGSTOP');
  try {
    return await work();
  } finally {
    process.kill(child.pid, 'SIGCONT');
  }
}

/**
 * One database: the widget against its floor, empty, after `fill`, and with SEARCHES saved
 * searches beside the leads (`searches`), which the bench's leads partly match: matching's job
 * pairs each lead with them in the widget's process, after its answer. After each of the
 * widget's rounds the job has up to CATCH_UP_MS alone, and the bench prints how many leads it
 * paired and its CPU per lead; the floor's rounds run with the widget's process stopped, so
 * that a job still at work takes none of the floor's cores.
 */
async function onDatabase(
  name: string,
  server: Child,
  floor: Child,
  seconds: number,
  fill: () => Promise<number>,
  searches: AddSearches,
  waiting: Waiting,
) {
  const headers = await visitorHeaders(server.base);
  const widgetUrl = `${server.base}${PREFIX}/v1/wizard/lead`;
  console.log(
    `lead submissions (${CONNECTIONS} connections, ${ROUNDS} alternating rounds of ${seconds} s; median req/s), widget route vs bare Fastify + ${name} insert`,
  );
  const floorUrl = `${floor.base}/lead`;
  // Warm both up (JIT, caches), then alternate widget and floor runs; medians of the rounds.
  await hammer(server, widgetUrl, headers, 1);
  await hammer(floor, floorUrl, {}, 1);
  const phase = async (label: string) => {
    const widget: LoadFigures[] = [];
    const bare: LoadFigures[] = [];
    const caughtUp: Awaited<ReturnType<typeof catchUp>>[] = [];
    for (let round = 0; round < ROUNDS; round += 1) {
      widget.push(await hammer(server, widgetUrl, headers, seconds));
      caughtUp.push(await catchUp(server, waiting));
      bare.push(await frozen(server, () => hammer(floor, floorUrl, {}, seconds)));
    }
    const paired = caughtUp.map((r) => r.before - r.left);
    const figures = {
      widget: medianRun(widget),
      floor: medianRun(bare),
      ratio: ratio(
        medianRun(widget).requestsPerSecondMedian,
        medianRun(bare).requestsPerSecondMedian,
      ),
      // Less noisy than req/s on a small machine, where the load generator shares the cores.
      cpuRatio: ratio(
        median(bare.map((r) => r.serverCpuPerRequestUs)),
        median(widget.map((r) => r.serverCpuPerRequestUs)),
      ),
      job: {
        waitingAtRoundEnd: median(caughtUp.map((r) => r.before)),
        pairedAfter: median(paired),
        leftAfter: median(caughtUp.map((r) => r.left)),
        ms: median(caughtUp.map((r) => r.ms)),
        cpuPerLeadUs: median(caughtUp.map((r, i) => Math.round(r.cpuUs / Math.max(1, paired[i]!)))),
      },
    };
    console.log(
      `  ${label}: ${figures.widget.requestsPerSecondMedian} vs ${figures.floor.requestsPerSecondMedian} req/s = ${figures.ratio} x floor; p99 ${figures.widget.latencyP99Ms} vs ${figures.floor.latencyP99Ms} ms; server CPU per request ${median(widget.map((r) => r.serverCpuPerRequestUs))} vs ${median(bare.map((r) => r.serverCpuPerRequestUs))} us (floor / widget = ${figures.cpuRatio} x)`,
    );
    console.log(
      `    matching's job: ${figures.job.waitingAtRoundEnd} leads waiting at a round's end; alone for ${figures.job.ms} ms after it, it paired ${figures.job.pairedAfter} (${figures.job.leftAfter} left), ${figures.job.cpuPerLeadUs} us CPU per lead`,
    );
    return figures;
  };
  const empty = await phase('empty database');
  const stored = await fill();
  const full = await phase(`${stored.toLocaleString('en')} stored leads`);
  const flat = ratio(empty.widget.requestsPerSecondMedian, full.widget.requestsPerSecondMedian);
  console.log(`  empty / full: ${flat} x (target at most 1.5 x); target at least 0.4 x floor`);
  const added = await searches();
  const withSearches = await phase(
    `${stored.toLocaleString('en')} stored leads and ${SEARCHES.toLocaleString('en')} saved searches (${added.terms.toLocaleString('en')} terms)`,
  );
  return {
    storedLeads: stored,
    rounds: ROUNDS,
    empty,
    full,
    emptyOverFull: flat,
    withSearches: { ...withSearches, searches: SEARCHES },
  };
}

async function onSqlite(seconds: number, rows: number) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'immosuite-bench-'));
  const floor = await startChild('floor', dir);
  const server = await startChild('widget', dir);
  try {
    return await onDatabase(
      'SQLite',
      server,
      floor,
      seconds,
      async () => {
        const stored = fillWidgetDatabase(path.join(dir, 'immosuite.sqlite'), rows);
        fillFloorDatabase(path.join(dir, 'floor.sqlite'), rows);
        // The filled files on disk before the next runs, so neither pays for the fill's write-back.
        for (const file of fs.readdirSync(dir)) {
          const fd = fs.openSync(path.join(dir, file), 'r');
          fs.fsyncSync(fd);
          fs.closeSync(fd);
        }
        return stored;
      },
      async () => {
        const db = new Database(path.join(dir, 'immosuite.sqlite'));
        pragmas(db);
        try {
          return { terms: fillSearchesSqlite(db) };
        } finally {
          db.close();
        }
      },
      async () => {
        const db = new Database(path.join(dir, 'immosuite.sqlite'), { readonly: true });
        try {
          return Number(
            (db.prepare('SELECT COUNT(*) AS n FROM lead_changes').get() as { n: number }).n,
          );
        } finally {
          db.close();
        }
      },
    );
  } finally {
    await server.close();
    await floor.close();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

/**
 * CPU time so far, in seconds: the machine's busy and total (all cores), and the bench's
 * PostgreSQL's: its postmaster `postmaster` and its processes, and their ended children (other
 * clusters on the machine do not count).
 */
function machineCpu(postmaster: number) {
  const tick = 100; // USER_HZ: /proc reports CPU time in 1/100 s on Linux.
  const [, ...fields] = fs.readFileSync('/proc/stat', 'utf8').split('\n')[0]!.trim().split(/\s+/);
  const jiffies = fields.map(Number);
  const total = jiffies.reduce((sum, n) => sum + n, 0);
  const idle = jiffies[3]! + jiffies[4]!; // idle, iowait
  let postgres = 0;
  for (const pid of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(pid)) continue;
    try {
      const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
      const close = stat.lastIndexOf(')');
      if (stat.slice(stat.indexOf('(') + 1, close) !== 'postgres') continue;
      const rest = stat.slice(close + 2).split(' ');
      // rest[1]: the parent's pid.
      if (Number(pid) !== postmaster && Number(rest[1]) !== postmaster) continue;
      // utime, stime, and cutime, cstime: the postmaster's ended backends count too.
      postgres += Number(rest[11]) + Number(rest[12]) + Number(rest[13]) + Number(rest[14]);
    } catch {
      // The process ended while being read.
    }
  }
  return { busy: (total - idle) / tick, total: total / tick, postgres: postgres / tick };
}

/** Where the cores went in a run: busy share of the machine and cores used by each part. */
interface CpuShares {
  machineBusy: number;
  widgetCores: number;
  postgresCores: number;
  loadGeneratorCores: number;
  /** Of the widget processes' quota periods, the share in which they used up their quota. */
  widgetThrottled: number | null;
}

/**
 * The widget's processes together: each gets `CONNECTIONS` connections of its own load at
 * once; their summed median throughput, and where the machine's cores went meanwhile.
 */
async function together(
  servers: Child[],
  seconds: number,
  postmaster: number,
  quotas: CpuQuota[] = [],
) {
  const headers = await Promise.all(servers.map((server) => visitorHeaders(server.base)));
  const machineBefore = machineCpu(postmaster);
  const quotaBefore = quotas.map((quota) => quota.stat());
  const ownBefore = process.cpuUsage();
  const widgetBefore = await Promise.all(servers.map((server) => server.cpu()));
  const started = performance.now();
  const runs = await Promise.all(
    servers.map((server, i) =>
      hammer(server, `${server.base}${PREFIX}/v1/wizard/lead`, headers[i]!, seconds),
    ),
  );
  const wall = (performance.now() - started) / 1000;
  const widgetAfter = await Promise.all(servers.map((server) => server.cpu()));
  const own = process.cpuUsage(ownBefore);
  const machineAfter = machineCpu(postmaster);
  const quotaAfter = quotas.map((quota) => quota.stat());
  const sum = (values: number[]) => values.reduce((total, n) => total + n, 0);
  const periods = sum(quotaAfter.map((after, i) => after.periods - quotaBefore[i]!.periods));
  const throttled = sum(quotaAfter.map((after, i) => after.throttled - quotaBefore[i]!.throttled));
  const cores = (s: number) => Math.round((s / wall) * 100) / 100;
  const shares: CpuShares = {
    machineBusy: ratio(
      machineAfter.busy - machineBefore.busy,
      machineAfter.total - machineBefore.total,
    ),
    widgetCores: cores(widgetAfter.reduce((sum, n, i) => sum + n - widgetBefore[i]!, 0) / 1e6),
    postgresCores: cores(machineAfter.postgres - machineBefore.postgres),
    loadGeneratorCores: cores((own.user + own.system) / 1e6),
    widgetThrottled: periods ? ratio(throttled, periods) : null,
  };
  return { rps: runs.reduce((sum, run) => sum + run.requestsPerSecondMedian, 0), shares };
}

const describeShares = (s: CpuShares) =>
  `machine ${Math.round(s.machineBusy * 100)} % busy; cores: widget ${s.widgetCores}, PostgreSQL ${s.postgresCores}, load generator ${s.loadGeneratorCores}${s.widgetThrottled === null ? '' : `; widget held at its quota in ${Math.round(s.widgetThrottled * 100)} % of periods`}`;

async function onPostgres(seconds: number, rows: number) {
  const cluster = await startTestCluster({ durable: true });
  if (!cluster) {
    console.log('lead submissions on PostgreSQL: skipped (PostgreSQL is not installed)');
    return null;
  }
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'immosuite-bench-'));
  const url = await createTestDatabase(cluster.url);
  const floorUrl = await createTestDatabase(cluster.url);
  const floor = await startChild('floor-pg', dir, floorUrl);
  const server = await startChild('widget-pg', dir, url);
  let second: Child | null = null;
  let quotas: CpuQuota[] = [];
  try {
    const figures = await onDatabase(
      'PostgreSQL',
      server,
      floor,
      seconds,
      async () => {
        await fillFloorOnPostgres(floorUrl, rows);
        return fillWidgetOnPostgres(url, rows);
      },
      async () => {
        const client = new pg.Client({ connectionString: url });
        await client.connect();
        try {
          await client.query('BEGIN');
          const terms = await fillSearchesPostgres(client, new Date().toISOString());
          await client.query('COMMIT');
          await client.query('ANALYZE');
          return { terms };
        } finally {
          await client.end();
        }
      },
      async () => {
        const reader = new pg.Client({ connectionString: url });
        await reader.connect();
        try {
          return Number((await reader.query('SELECT COUNT(*) AS n FROM lead_changes')).rows[0].n);
        } finally {
          await reader.end();
        }
      },
    );
    // Two processes on the one database against one, each round alternating. Each widget
    // process is held to a share of a core, so that the widget is what limits the throughput
    // and PostgreSQL and the load generator have room on this machine's cores.
    second = await startChild('widget-pg', dir, url);
    const made = [1, 2].map((n) => cpuQuota(`immosuite-bench-${process.pid}-${n}`, QUOTA_CORES));
    const problem = made.find((quota): quota is string => typeof quota === 'string');
    quotas = made.filter((quota): quota is CpuQuota => typeof quota !== 'string');
    if (problem) {
      for (const quota of quotas) quota.remove();
      quotas = [];
    } else {
      quotas[0]!.add(server.pid);
      quotas[1]!.add(second.pid);
    }
    const held = problem
      ? `without a CPU quota (${problem}): the figure shows this machine's ${os.cpus().length} cores, which carry the processes, PostgreSQL and the load generator, more than the design`
      : `each widget process held to ${Math.round(QUOTA_CORES * 100)} % of a core (a cgroup of its own)`;
    const one: Awaited<ReturnType<typeof together>>[] = [];
    const two: typeof one = [];
    const postmaster = Number(
      fs.readFileSync(path.join(cluster.dir, 'data', 'postmaster.pid'), 'utf8').split('\n')[0],
    );
    await together([server, second], 1, postmaster);
    for (let round = 0; round < SCALE_ROUNDS; round += 1) {
      one.push(await together([server], seconds, postmaster, quotas.slice(0, 1)));
      two.push(await together([server, second], seconds, postmaster, quotas));
    }
    const medianOf = (runs: typeof one) =>
      [...runs].sort((a, b) => a.rps - b.rps)[runs.length >> 1]!;
    const [oneRun, twoRun] = [medianOf(one), medianOf(two)];
    const scaling = ratio(twoRun.rps, oneRun.rps);
    console.log(
      `  two widget processes vs one, on one PostgreSQL, ${held}: ${twoRun.rps} vs ${oneRun.rps} req/s = ${scaling} x (target at least 1.6 x)`,
    );
    console.log(
      `    rounds (one / two, req/s): ${one.map((run, i) => `${run.rps} / ${two[i]!.rps}`).join(', ')}`,
    );
    console.log(`    one process:   ${describeShares(oneRun.shares)}`);
    console.log(`    two processes: ${describeShares(twoRun.shares)}`);
    return {
      ...figures,
      twoProcesses: twoRun.rps,
      oneProcess: oneRun.rps,
      scaling,
      cpuQuota: problem ? null : QUOTA_CORES,
      cpu: { oneProcess: oneRun.shares, twoProcesses: twoRun.shares },
    };
  } finally {
    await second?.close();
    await server.close();
    await floor.close();
    for (const quota of quotas) quota.remove();
    cluster.stop();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

/** Both databases, or the one `only` names. */
export async function leadSubmissions(
  seconds: number,
  only?: 'sqlite' | 'postgres',
  rows = 100_000,
) {
  return {
    sqlite: only === 'postgres' ? null : await onSqlite(seconds, rows),
    postgres: only === 'sqlite' ? null : await onPostgres(seconds, rows),
  };
}

if (require.main === module) {
  const [kind, dir, url, checkout] = process.argv.slice(2) as [ChildKind, string, string, string];
  // A normal exit on kill, so a profile (BENCH_CPU_PROF) gets written.
  process.on('SIGTERM', () => process.exit(0));
  // The bench asks for this process's CPU time around each run.
  process.on('message', () => process.send?.(process.cpuUsage()));
  // Ends with the bench (the IPC channel keeps it alive otherwise).
  process.on('disconnect', () => process.exit(0));
  // Limits off in the widget's server: this measures the submission path, not the limiter.
  const limitsOff = { RATE_LIMIT_SUBMISSIONS: '1000000000', TRUST_PROXY: '1' };
  const started =
    kind === 'floor'
      ? serveFloor(dir)
      : kind === 'floor-pg'
        ? serveFloorOnPostgres(url)
        : kind === 'checkout' || kind === 'checkout-pg'
          ? (
              import(testServerModuleOf(kind === 'checkout' ? url : checkout)!) as Promise<
                typeof import('../test/server/testServer')
              >
            )
              .then((other) =>
                other.startTestServer(
                  kind === 'checkout-pg' ? { ...limitsOff, DATABASE_URL: url } : limitsOff,
                  dir,
                ),
              )
              .then((s) => s.base)
          : startTestServer(
              kind === 'widget-pg' ? { ...limitsOff, DATABASE_URL: url } : limitsOff,
              dir,
            ).then((s) => s.base);
  started.then(
    (base) => console.log(`listening ${base}`),
    (error: unknown) => {
      console.error(error);
      process.exit(1);
    },
  );
}
