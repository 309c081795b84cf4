/**
 * Lead submissions as the widget sends them (anonymous, XSRF cookie and header, meta, an
 * Idempotency-Key made as the widget makes it, one e-mail address per submission) against a
 * floor: a bare Fastify route that parses the same body and inserts it as one row into
 * SQLite, on the same machine with the same pragmas. Both run with an empty database and with
 * `rows` stored leads. Each server runs in a process of its own, so the load generator does
 * not share its thread.
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
import { contact, lead, PREFIX, startTestServer, TestClient } from '../server/testing';
import { newSubmissionKey } from '../src/wizard/submission';

const CONNECTIONS = 10;
const ROUNDS = 3;

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
  /** The server process's CPU time so far (user + system, all threads), in microseconds. */
  cpu(): Promise<number>;
  close(): Promise<void>;
}

function leadBody(email: string) {
  return JSON.stringify({
    contact: contact({ email }),
    lead: lead(),
    meta: { website: '', fillMs: 5000 },
  });
}

async function hammer(
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
          return {
            ...request,
            headers: {
              ...headers,
              'content-type': 'application/json',
              'idempotency-key': newSubmissionKey(Date.now()),
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

/** Starts `kind` in a child process on a database in `dir`; resolves with its base URL. */
function startChild(kind: 'floor' | 'widget', dir: string) {
  const profile = process.env.BENCH_CPU_PROF
    ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_CPU_PROF}`]
    : [];
  const child = spawn(process.execPath, [...profile, '--import', 'tsx', __filename, kind, dir], {
    stdio: ['ignore', 'pipe', 'inherit', 'ipc'],
  });
  const cpu = () =>
    new Promise<number>((done) => {
      child.once('message', (usage: NodeJS.CpuUsage) => done(usage.user + usage.system));
      child.send('cpu');
    });
  return new Promise<Child>((resolve, reject) => {
    let out = '';
    child.once('exit', (code) => reject(new Error(`${kind} server exited (${code})`)));
    child.stdout.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      const line = out.split('\n').find((l) => l.startsWith('listening '));
      if (line)
        resolve({
          base: line.slice('listening '.length).trim(),
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

const median = (values: number[]) => [...values].sort((a, b) => a - b)[values.length >> 1]!;

/** The run with the median throughput. */
function medianRun(runs: LoadFigures[]) {
  const sorted = [...runs].sort((a, b) => a.requestsPerSecondMedian - b.requestsPerSecondMedian);
  return sorted[Math.floor(sorted.length / 2)]!;
}

export async function leadSubmissions(seconds: number, rows = 100_000) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'immosuite-bench-'));
  const floor = await startChild('floor', dir);
  const server = await startChild('widget', dir);
  try {
    const client = new TestClient(server.base);
    await client.get(`${PREFIX}/v1/wizard/locations`);
    const headers = {
      cookie: [...client.cookies].map(([key, v]) => `${key}=${v}`).join('; '),
      'x-xsrf-token': decodeURIComponent(client.cookies.get('XSRF-TOKEN')!),
    };
    const widgetUrl = `${server.base}${PREFIX}/v1/wizard/lead`;
    console.log(
      `lead submissions (${CONNECTIONS} connections, ${ROUNDS} alternating rounds of ${seconds} s; median req/s), widget route vs bare Fastify + SQLite insert`,
    );
    const floorUrl = `${floor.base}/lead`;
    // Warm both up (JIT, caches), then alternate widget and floor runs; medians of the rounds.
    await hammer(server, widgetUrl, headers, 1);
    await hammer(floor, floorUrl, {}, 1);
    const phase = async (label: string) => {
      const widget: LoadFigures[] = [];
      const bare: LoadFigures[] = [];
      for (let round = 0; round < ROUNDS; round += 1) {
        widget.push(await hammer(server, widgetUrl, headers, seconds));
        bare.push(await hammer(floor, floorUrl, {}, seconds));
      }
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
      };
      console.log(
        `  ${label}: ${figures.widget.requestsPerSecondMedian} vs ${figures.floor.requestsPerSecondMedian} req/s = ${figures.ratio} x floor; p99 ${figures.widget.latencyP99Ms} vs ${figures.floor.latencyP99Ms} ms; server CPU per request ${median(widget.map((r) => r.serverCpuPerRequestUs))} vs ${median(bare.map((r) => r.serverCpuPerRequestUs))} us (floor / widget = ${figures.cpuRatio} x)`,
      );
      return figures;
    };
    const empty = await phase('empty database');
    const stored = fillWidgetDatabase(path.join(dir, 'immosuite.sqlite'), rows);
    fillFloorDatabase(path.join(dir, 'floor.sqlite'), rows);
    // The filled files on disk before the next runs, so neither pays for the fill's write-back.
    for (const file of fs.readdirSync(dir)) {
      const fd = fs.openSync(path.join(dir, file), 'r');
      fs.fsyncSync(fd);
      fs.closeSync(fd);
    }
    const full = await phase(`${stored.toLocaleString('en')} stored leads`);
    const flat = ratio(empty.widget.requestsPerSecondMedian, full.widget.requestsPerSecondMedian);
    console.log(`  empty / full: ${flat} x (target at most 1.5 x); target at least 0.4 x floor`);
    return { storedLeads: stored, rounds: ROUNDS, empty, full, emptyOverFull: flat };
  } finally {
    await server.close();
    await floor.close();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

if (require.main === module) {
  const [kind, dir] = process.argv.slice(2) as ['floor' | 'widget', string];
  // A normal exit on kill, so a profile (BENCH_CPU_PROF) gets written.
  process.on('SIGTERM', () => process.exit(0));
  // The bench asks for this process's CPU time around each run.
  process.on('message', () => process.send?.(process.cpuUsage()));
  // Ends with the bench (the IPC channel keeps it alive otherwise).
  process.on('disconnect', () => process.exit(0));
  // Limits off in the widget's server: this measures the submission path, not the limiter.
  const started =
    kind === 'floor'
      ? serveFloor(dir)
      : startTestServer({ RATE_LIMIT_SUBMISSIONS: '1000000000' }, dir).then((s) => s.base);
  started.then(
    (base) => console.log(`listening ${base}`),
    (error: unknown) => {
      console.error(error);
      process.exit(1);
    },
  );
}
