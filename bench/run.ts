/**
 * Benchmarks (npm run bench): what a visitor downloads (gzip, production build) and how the
 * reference backend holds up on loopback (autocannon). Figures: stdout and
 * bench/results/latest.json. Options:
 * --only=bundle|load|leads|inbox|matching|matching-job|erasure|export|staff-timing|slow-readers|typing|interaction|qa|first-load,
 * --seconds=N, --db=sqlite|postgres (leads, inbox, matching, matching-job, erasure: one database only)
 * (BENCH_STATIC_DIR: time another build's widget).
 */
import fs from 'node:fs';
import path from 'node:path';
import autocannon from 'autocannon';
import {
  contact,
  lead,
  newLoggedInContact,
  PREFIX,
  startTestServer,
} from '../test/server/testServer';
import { launchBrowser } from '../e2e/harness';
import { kb, measureRoutes, printRoutes } from './bundle';
import { erasure } from './erasure';
import { exportWhileVisiting } from './export';
import { inboxList } from './inbox';
import { matching } from './matching';
import { matchingJob } from './matchingJob';
import { staffTiming } from './staffTiming';
import { firstLoad } from './firstLoad';
import { interactions } from './interaction';
import { leadSubmissions } from './leads';
import { recorderOverhead, replaySpeed } from './qa';
import { slowReaders } from './slowReaders';
import { search } from '../server/geo/geocoder';

const root = path.resolve(__dirname, '..');
const args = process.argv.slice(2);
const only = args.find((a) => a.startsWith('--only='))?.slice(7);
const seconds = Number(args.find((a) => a.startsWith('--seconds='))?.slice(10) ?? 8);
const db = args.find((a) => a.startsWith('--db='))?.slice(5);
if (db !== undefined && db !== 'sqlite' && db !== 'postgres')
  throw new Error(`--db=${db}: sqlite or postgres`);

async function bundleSizes() {
  const { routes, embedJsGzip, chunksGzip } = await measureRoutes();
  console.log('bundle (gzip)');
  printRoutes(routes);
  console.log(`  embed.js: ${kb(embedJsGzip)}`);
  for (const [file, size] of Object.entries(chunksGzip))
    console.log(`  chunk ${file}: ${kb(size)}`);
  return { routes, embedJsGzip, chunksGzip };
}

async function load(name: string, options: autocannon.Options) {
  const result = await autocannon({ connections: 10, duration: seconds, ...options });
  const figures = {
    requestsPerSecondMedian: result.requests.p50,
    requestsPerSecondMean: Math.round(result.requests.average),
    latencyMedianMs: result.latency.p50,
    latencyP99Ms: result.latency.p99,
    non2xx: result.non2xx,
    errors: result.errors,
    total: result.requests.total,
  };
  if (result.non2xx || result.errors)
    throw new Error(`${name}: ${result.non2xx} non-2xx, ${result.errors} errors`);
  console.log(
    `  ${name}: ${figures.requestsPerSecondMedian} req/s (median per second), p50 ${figures.latencyMedianMs} ms, p99 ${figures.latencyP99Ms} ms, ${figures.non2xx} non-2xx of ${figures.total}`,
  );
  return figures;
}

async function serverLoad() {
  // Limits off: this measures throughput, not the rate limiter.
  const server = await startTestServer({ RATE_LIMIT_SUBMISSIONS: '1000000000' });
  try {
    const client = await newLoggedInContact(server);
    const nonce = client.nonce!;
    const cookie = [...client.cookies].map(([key, v]) => `${key}=${v}`).join('; ');
    const xsrf = decodeURIComponent(client.cookies.get('XSRF-TOKEN')!);
    console.log(`backend on loopback (10 connections, ${seconds} s each)`);
    const submitLead = await load('POST /v1/wizard/lead', {
      url: `${server.base}${PREFIX}/v1/wizard/lead`,
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie, 'x-xsrf-token': xsrf },
      body: JSON.stringify({
        contact: contact(),
        lead: lead(),
        meta: { website: '', fillMs: 5000 },
      }),
    });
    const me = await load('GET /v1/auth/me', {
      url: `${server.base}${PREFIX}/v1/auth/me`,
      headers: { cookie, 'x-wp-nonce': nonce },
    });
    return { submitLead, authMe: me };
  } finally {
    await server.close();
  }
}

/** Addresses as visitors type them: whole, with a locality or postcode, abbreviated. */
const TYPED_ADDRESSES = [
  'Kastanienallee 12, 10435 Berlin',
  'Kastanienallee 12 Prenzlauer Berg',
  'Boxhagener Strasse 5',
  'Torstr. 5 Mitte',
  'Unter den Linden 77',
  'Karl-Marx-Allee 90, 10243',
  'Hauptstraße 5, Hamburg',
  'Zauberwaldweg 7',
];

/**
 * The offline geocoder's own time per answer (in this process, no HTTP): every text a visitor
 * has typed on the way to each of TYPED_ADDRESSES (from its second letter), 20 rounds after
 * one to warm up; median and 90th percentile in ms.
 */
function geocoderSearchTime() {
  const texts = TYPED_ADDRESSES.flatMap((a) =>
    Array.from({ length: a.length - 1 }, (_, i) => a.slice(0, i + 2)),
  );
  for (const text of texts) search(text, 'de', 10);
  const times: number[] = [];
  for (let round = 0; round < 20; round += 1)
    for (const text of texts) {
      const start = process.hrtime.bigint();
      search(text, 'de', 10);
      times.push(Number(process.hrtime.bigint() - start) / 1e6);
    }
  times.sort((a, b) => a - b);
  const at = (share: number) => Math.round(times[Math.floor(times.length * share)]! * 1000) / 1000;
  const result = { texts: texts.length, medianMs: at(0.5), p90Ms: at(0.9) };
  console.log(
    `  the offline geocoder's own time per answer, ${texts.length} texts typed on the way to ${TYPED_ADDRESSES.length} addresses: median ${result.medianMs} ms, p90 ${result.p90Ms} ms`,
  );
  return result;
}

/**
 * Keystrokes against geocoder requests while a visitor types an address into the lead
 * wizard, in Chromium, at three typing speeds (ms between keys); and the geocoder's own time.
 */
async function typing() {
  const server = await startTestServer();
  const browser = await launchBrowser();
  const address = 'Kastanienallee 12, 10435 Berlin';
  const results: Record<string, { keystrokes: number; requests: number; ratio: number }> = {};
  console.log(`typing "${address}" (${address.length} keystrokes) into 'Adresse suchen'`);
  try {
    for (const delay of [40, 120, 250]) {
      const page = await (await browser.newContext()).newPage();
      let requests = 0;
      page.on('request', (request) => {
        if (new URL(request.url()).pathname === '/api/geocoder') requests += 1;
      });
      await page.goto(`${server.base}/demo/lead-wizard`);
      const frame = (await (await page.waitForSelector('iframe')).contentFrame())!;
      await frame.getByRole('button', { name: 'Wohnung', exact: true }).click();
      await frame
        .getByRole('combobox', { name: 'Adresse suchen' })
        .pressSequentially(address, { delay });
      await page.waitForTimeout(600);
      results[`${delay}ms`] = {
        keystrokes: address.length,
        requests,
        ratio: Math.round((address.length / Math.max(requests, 1)) * 10) / 10,
      };
      console.log(
        `  ${delay} ms between keys: ${requests} requests, ${results[`${delay}ms`]!.ratio} keystrokes per request`,
      );
      await page.context().close();
    }
  } finally {
    await browser.close();
    await server.close();
  }
  return { ...results, geocoderSearch: geocoderSearchTime() };
}

async function main() {
  const results: Record<string, unknown> = { date: new Date().toISOString() };
  if (!only || only === 'bundle') results.bundle = await bundleSizes();
  if (!only || only === 'load') results.load = await serverLoad();
  if (!only || only === 'leads') results.leads = await leadSubmissions(seconds, db);
  if (!only || only === 'inbox') results.inbox = await inboxList(db);
  if (!only || only === 'matching') results.matching = await matching(db);
  if (!only || only === 'matching-job') results.matchingJob = await matchingJob(db);
  if (!only || only === 'erasure') results.erasure = await erasure(db);
  if (!only || only === 'export') results.export = await exportWhileVisiting();
  if (!only || only === 'staff-timing') results.staffTiming = await staffTiming();
  if (!only || only === 'slow-readers') results.slowReaders = await slowReaders();
  if (!only || only === 'typing') results.typing = await typing();
  if (!only || only === 'qa') {
    const browser = await launchBrowser();
    try {
      results.qa = { replay: await replaySpeed(), recorder: await recorderOverhead(browser) };
    } finally {
      await browser.close();
    }
  }
  if (!only || only === 'first-load') {
    const browser = await launchBrowser();
    try {
      const runs = Number(args.find((a) => a.startsWith('--runs='))?.slice(7) ?? 5);
      results.firstLoad = await firstLoad(
        browser,
        process.env.BENCH_STATIC_DIR ?? path.join(root, 'static'),
        runs,
      );
    } finally {
      await browser.close();
    }
  }
  if (!only || only === 'interaction') {
    const server = await startTestServer(
      process.env.BENCH_STATIC_DIR ? { STATIC_DIR: process.env.BENCH_STATIC_DIR } : {},
    );
    const browser = await launchBrowser();
    try {
      results.interaction = await interactions(browser, server.base);
    } finally {
      await browser.close();
      await server.close();
    }
  }
  fs.mkdirSync(path.join(root, 'bench', 'results'), { recursive: true });
  fs.writeFileSync(
    path.join(root, 'bench', 'results', 'latest.json'),
    JSON.stringify(results, null, 2),
  );
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
