/**
 * Can the staff sign-in form's timing tell staff addresses from others? The server in its own
 * process on SQLite and on PostgreSQL (a durable cluster of its own), with 15 staff addresses;
 * as an attacker would, each of 15 staff and 15 other addresses is asked for five times in a
 * row (limits raised for the run), and an address's median is its score. Figures: the median
 * of every staff and every other request, and how many of the 30 addresses the best threshold
 * on the scores sorts right (15 of 30 is a coin; 30 of 30 tells them apart).
 */
import type { ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { createTestDatabase, startTestCluster } from '../test/server/postgres';
import { freePort, startServer, XSRF } from '../scripts/serverProcess';

const ADDRESSES = 15;
const TRIES = 5;
const ROUNDS = 3;

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
};
const round = (ms: number) => Math.round(ms * 1000) / 1000;

function ask(port: number, agent: http.Agent, email: string): Promise<number> {
  const body = JSON.stringify({ email });
  const started = performance.now();
  return new Promise((resolve, reject) => {
    const request = http.request(
      {
        host: '127.0.0.1',
        port,
        method: 'POST',
        path: '/agency/api/auth/email',
        agent,
        headers: {
          'Content-Type': 'application/json',
          'Content-Length': Buffer.byteLength(body),
          Cookie: `XSRF-TOKEN=${XSRF}`,
          'X-XSRF-TOKEN': XSRF,
        },
      },
      (response) => {
        response.resume();
        response.on('end', () =>
          response.statusCode === 200
            ? resolve(performance.now() - started)
            : reject(new Error(`status ${response.statusCode}`)),
        );
      },
    );
    request.on('error', reject);
    request.end(body);
  });
}

/** How many of the scored addresses the best single threshold puts on the right side. */
function bestThreshold(staff: number[], others: number[]): number {
  const all = [
    ...staff.map((s) => ({ s, staff: true })),
    ...others.map((s) => ({ s, staff: false })),
  ];
  let best = 0;
  for (const { s: threshold } of all) {
    // Slower than the threshold: staff; or the other way round, whichever sorts more.
    const slower = all.filter((a) => a.s >= threshold === a.staff).length;
    best = Math.max(best, slower, all.length - slower);
  }
  return best;
}

async function measure(name: string, env: Record<string, string>) {
  const staff = Array.from({ length: ADDRESSES }, (_, i) => `team${i}@makler.example`);
  const others = Array.from({ length: ADDRESSES }, (_, i) => `kunde${i}@makler.example`);
  const port = await freePort();
  let server: ChildProcess | null = null;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'immosuite-staff-'));
  try {
    server = await startServer(
      {
        ...env,
        DATA_DIR: dataDir,
        AGENCY_USERS: staff.join(','),
        RATE_LIMIT_LOGIN_MAILS: '100000',
        RATE_LIMIT_LOGIN_CLIENT: '100000',
      },
      port,
    );
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    for (let i = 0; i < 50; i += 1) await ask(port, agent, `warm${i}@example.de`);
    const times = { staff: [] as number[], others: [] as number[] };
    const right: number[] = [];
    for (let round = 0; round < ROUNDS; round += 1) {
      const scores = { staff: [] as number[], others: [] as number[] };
      // The addresses in a shuffled order, each asked for five times in a row.
      const order = [
        ...staff.map((email) => ({ email, kind: 'staff' as const })),
        ...others.map((email) => ({ email, kind: 'others' as const })),
      ].sort(() => Math.random() - 0.5);
      for (const { email, kind } of order) {
        const tries: number[] = [];
        for (let i = 0; i < TRIES; i += 1) tries.push(await ask(port, agent, email));
        times[kind].push(...tries);
        scores[kind].push(median(tries));
      }
      right.push(bestThreshold(scores.staff, scores.others));
    }
    agent.destroy();
    const figures = {
      staffMedianMs: round(median(times.staff)),
      otherMedianMs: round(median(times.others)),
      differenceMs: round(median(times.staff) - median(times.others)),
      sortedRight: right.map((r) => `${r} of ${2 * ADDRESSES}`),
    };
    console.log(
      `  ${name}: staff ${figures.staffMedianMs} ms, others ${figures.otherMedianMs} ms (difference ${figures.differenceMs} ms); the best threshold on 5-request medians sorts ${figures.sortedRight.join(', ')}`,
    );
    return figures;
  } finally {
    server?.kill();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

export async function staffTiming() {
  console.log('Staff sign-in timing:');
  const sqlite = await measure('SQLite', {});
  const cluster = await startTestCluster({ durable: true });
  if (!cluster) {
    console.log('  PostgreSQL: not installed, skipped');
    return { sqlite, postgres: null };
  }
  try {
    const postgres = await measure('PostgreSQL', {
      DATABASE_URL: await createTestDatabase(cluster.url),
    });
    return { sqlite, postgres };
  } finally {
    cluster.stop();
  }
}
