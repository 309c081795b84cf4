/**
 * A visitor's request while the agency exports its CSV, at 100,000 submissions on SQLite
 * (whose statements run in the server's own thread): the server in its own process (as
 * `npm start` runs it), a staff member signed in, and a visitor asking for the saved-search
 * wizard's regions one request after another, from another address, with no export, during
 * one export of every row, and during five at once. Figures: the visitor's median and p99, and
 * how long the exports took.
 */
import type { ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { freePort, startServer, XSRF } from '../scripts/serverProcess';
import { fill, ROWS } from './inbox';
import { percentile, visitorRequest } from './visitor';

const STAFF = 'bench@makler.example';
const BASELINE = 300;

const round = (ms: number) => Math.round(ms * 10) / 10;

/** A staff session's cookie: the sign-in mail from the dev mailbox, its key posted. */
async function signIn(base: string): Promise<string> {
  const headers = {
    'Content-Type': 'application/json',
    Cookie: `XSRF-TOKEN=${XSRF}`,
    'X-XSRF-TOKEN': XSRF,
  };
  await fetch(`${base}/agency/api/auth/email`, {
    method: 'POST',
    headers,
    body: JSON.stringify({ email: STAFF }),
  });
  for (let tries = 0; ; tries += 1) {
    const mails = (await (await fetch(`${base}/dev/mailbox.json`)).json()) as {
      to: string;
      links: string[];
    }[];
    const link = mails.find((m) => m.to === STAFF)?.links[0];
    if (link) {
      const login = await fetch(`${base}/agency/api/auth/login`, {
        method: 'POST',
        headers,
        body: JSON.stringify({ k: new URL(link).searchParams.get('k') }),
      });
      const session = login.headers
        .getSetCookie()
        .map((cookie) => cookie.split(';')[0]!)
        .find((pair) => pair.startsWith('immosuite_staff='));
      if (!session) throw new Error(`sign-in refused: ${login.status}`);
      return `${session}; XSRF-TOKEN=${XSRF}`;
    }
    if (tries > 100) throw new Error('no sign-in mail');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/**
 * One export of every row, read as fast as the client can (node's http, so that reading 26 MB
 * costs this process little beside the visitor it times): its bytes and its time.
 */
function exportAll(port: number, cookie: string): Promise<{ bytes: number; ms: number }> {
  const started = performance.now();
  return new Promise((resolve, reject) => {
    http
      .get(
        { host: '127.0.0.1', port, path: '/agency/api/submissions.csv', headers: { cookie } },
        (response) => {
          if (response.statusCode !== 200)
            return reject(new Error(`export: status ${response.statusCode}`));
          let bytes = 0;
          response.on('data', (chunk: Buffer) => (bytes += chunk.length));
          response.on('end', () => resolve({ bytes, ms: performance.now() - started }));
          response.on('error', reject);
        },
      )
      .on('error', reject);
  });
}

/** The visitor's requests, one after another, while `exports` exports run. */
async function during(port: number, cookie: string, exports: number) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  let running = true;
  const runs = Promise.all(Array.from({ length: exports }, () => exportAll(port, cookie))).finally(
    () => (running = false),
  );
  const times: number[] = [];
  while (running) times.push(await visitorRequest(port, agent));
  const done = await runs;
  agent.destroy();
  return {
    visitor: {
      requests: times.length,
      medianMs: round(percentile(times, 50)),
      p99Ms: round(percentile(times, 99)),
      maxMs: round(Math.max(...times)),
    },
    exportSeconds: round(Math.max(...done.map((d) => d.ms)) / 1000),
    exportMb: round(done[0]!.bytes / 1e6),
  };
}

export async function exportWhileVisiting() {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'immosuite-export-'));
  const filled = Date.now();
  await fill(dataDir);
  console.log(`CSV export: ${ROWS} submissions written in ${Date.now() - filled} ms`);
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  let server: ChildProcess | null = null;
  try {
    server = await startServer({ DATA_DIR: dataDir, AGENCY_USERS: STAFF }, port);
    const cookie = await signIn(base);
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    const quiet: number[] = [];
    for (let i = 0; i < BASELINE + 20; i += 1) {
      const ms = await visitorRequest(port, agent);
      if (i >= 20) quiet.push(ms);
    }
    agent.destroy();
    const idle = { medianMs: round(percentile(quiet, 50)), p99Ms: round(percentile(quiet, 99)) };
    console.log(`  a visitor, no export: median ${idle.medianMs} ms, p99 ${idle.p99Ms} ms`);
    const one = await during(port, cookie, 1);
    const five = await during(port, cookie, 5);
    for (const [name, run] of [
      ['one export', one],
      ['five exports at once', five],
    ] as const)
      console.log(
        `  a visitor during ${name} (${run.exportMb} MB each, ${run.exportSeconds} s): median ${run.visitor.medianMs} ms, p99 ${run.visitor.p99Ms} ms, max ${run.visitor.maxMs} ms (${run.visitor.requests} requests)`,
      );
    return { rows: ROWS, idle, oneExport: one, fiveExports: five };
  } finally {
    server?.kill();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}
