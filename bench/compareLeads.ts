/**
 * The lead bench's widget route of this checkout against another checkout's, side by side
 * (npm run bench:compare-leads -- DIR [--db=postgres] [--rounds=N] [--seconds=N]): DIR is the
 * other checkout with its node_modules, e.g. `git worktree add /tmp/before <commit>` and a link
 * to this checkout's node_modules. Both servers and the bare floor (Fastify and one INSERT)
 * run at once, each in a process of its own on an empty database: SQLite files, or with
 * --db=postgres databases of their own on one throw-away PostgreSQL cluster (durable, as a
 * real one). Every round loads each of the three in turn, in a new random order, so that
 * whatever else the machine does falls on all three alike. Prints each round, then the
 * medians: server CPU per request, and req/s over the floor's.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createTestDatabase, startTestCluster } from '../test/server/postgres';
import { PREFIX } from '../test/server/testServer';
import {
  hammer,
  median,
  startChild,
  testServerModuleOf,
  visitorHeaders,
  type LoadFigures,
} from './leads';

const args = process.argv.slice(2);
const other = args.find((a) => !a.startsWith('--'));
const option = (name: string, fallback: number) =>
  Number(args.find((a) => a.startsWith(`--${name}=`))?.split('=')[1] ?? fallback);
const rounds = option('rounds', 9);
const onPostgres = args.includes('--db=postgres');
const seconds = option('seconds', 5);

async function main() {
  if (!other || !testServerModuleOf(other))
    throw new Error(
      'usage: npm run bench:compare-leads -- DIR (a checkout with test/server/testServer.ts or server/testing.ts)',
    );
  const dirs = [0, 1, 2].map(() => fs.mkdtempSync(path.join(os.tmpdir(), 'immosuite-compare-')));
  const cluster = onPostgres ? await startTestCluster({ durable: true }) : null;
  if (onPostgres && !cluster) throw new Error('--db=postgres: PostgreSQL is not installed');
  const urls = cluster
    ? await Promise.all(dirs.map(() => createTestDatabase(cluster.url)))
    : ['', '', ''];
  const servers = [
    {
      name: 'this checkout',
      child: await startChild(cluster ? 'widget-pg' : 'widget', dirs[0]!, urls[0]),
    },
    {
      name: path.resolve(other),
      child: cluster
        ? await startChild('checkout-pg', dirs[1]!, urls[1], path.resolve(other))
        : await startChild('checkout', dirs[1]!, path.resolve(other)),
    },
  ];
  const floor = await startChild(cluster ? 'floor-pg' : 'floor', dirs[2]!, urls[2]);
  try {
    const widgets = await Promise.all(
      servers.map(async ({ name, child }) => ({
        name,
        child,
        url: `${child.base}${PREFIX}/v1/wizard/lead`,
        headers: await visitorHeaders(child.base),
        runs: [] as LoadFigures[],
      })),
    );
    const floorUrl = `${floor.base}/lead`;
    const floorRuns: LoadFigures[] = [];
    // Warm all three up (JIT, caches).
    for (const widget of widgets) await hammer(widget.child, widget.url, widget.headers, 1);
    await hammer(floor, floorUrl, {}, 1);
    console.log(
      `lead submissions on ${cluster ? 'PostgreSQL' : 'SQLite'}, ${rounds} rounds of ${seconds} s each, in random order: server CPU per request (us), req/s`,
    );
    for (let round = 0; round < rounds; round += 1) {
      const order = [0, 1, 2].sort(() => Math.random() - 0.5);
      const line: string[] = [];
      for (const which of order) {
        if (which === 2) {
          const run = await hammer(floor, floorUrl, {}, seconds);
          floorRuns.push(run);
          line.push(`floor ${run.serverCpuPerRequestUs} us, ${run.requestsPerSecondMedian}/s`);
          continue;
        }
        const widget = widgets[which]!;
        const run = await hammer(widget.child, widget.url, widget.headers, seconds);
        widget.runs.push(run);
        line.push(
          `${widget.name} ${run.serverCpuPerRequestUs} us, ${run.requestsPerSecondMedian}/s`,
        );
      }
      console.log(`  ${round + 1}: ${line.join(' | ')}`);
    }
    for (const widget of widgets) {
      const cpu = median(widget.runs.map((run) => run.serverCpuPerRequestUs));
      const overFloor = median(
        widget.runs.map(
          (run, i) => run.requestsPerSecondMedian / floorRuns[i]!.requestsPerSecondMedian,
        ),
      );
      const cpuOverFloor = median(
        widget.runs.map(
          (run, i) => floorRuns[i]!.serverCpuPerRequestUs / run.serverCpuPerRequestUs,
        ),
      );
      const fewerRounds = widget.runs.filter(
        (run, i) =>
          run.serverCpuPerRequestUs <
          widgets[1 - widgets.indexOf(widget)]!.runs[i]!.serverCpuPerRequestUs,
      ).length;
      console.log(
        `  ${widget.name}: median ${cpu} us per request; ${overFloor.toFixed(3)} x floor (req/s), ${cpuOverFloor.toFixed(3)} x floor (CPU); less CPU than the other in ${fewerRounds} of ${rounds} rounds`,
      );
    }
  } finally {
    await Promise.all([...servers.map((s) => s.child.close()), floor.close()]);
    cluster?.stop();
    for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
  }
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
