/**
 * Benchmarks (npm run bench): what a visitor downloads (gzip, production build) and how the
 * reference backend holds up on loopback (autocannon). Figures: stdout and
 * bench/results/latest.json. Options: --no-build, --only=bundle|load|typing, --seconds=N.
 */
import { execSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import autocannon from 'autocannon';
import { contact, keyOf, lead, PREFIX, startTestServer } from '../server/testing';
import { launchBrowser } from '../e2e/harness';

const root = path.resolve(__dirname, '..');
const staticDir = path.join(root, 'static');
const args = process.argv.slice(2);
const only = args.find((a) => a.startsWith('--only='))?.slice(7);
const seconds = Number(args.find((a) => a.startsWith('--seconds='))?.slice(10) ?? 8);

const gzipSize = (file: string) => zlib.gzipSync(fs.readFileSync(file), { level: 9 }).length;
const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

function bundleSizes() {
  if (!args.includes('--no-build'))
    execSync('npx webpack --mode production', { cwd: root, stdio: 'ignore' });
  const html = fs.readFileSync(path.join(staticDir, 'index.html'), 'utf8');
  const initial = [...html.matchAll(/src="?\/webapp\/static\/([^"\s>]+\.js)/g)].map((m) => m[1]!);
  const chunkDir = path.join(staticDir, 'chunks');
  const chunks = fs.existsSync(chunkDir)
    ? fs.readdirSync(chunkDir).filter((f) => f.endsWith('.js'))
    : [];
  const result = {
    initialJsGzip: initial.reduce((sum, f) => sum + gzipSize(path.join(staticDir, f)), 0),
    embedJsGzip: gzipSize(path.join(staticDir, 'embed.js')),
    chunksGzip: Object.fromEntries(chunks.map((f) => [f, gzipSize(path.join(chunkDir, f))])),
  };
  console.log('bundle (gzip)');
  console.log(`  initial JS of the widget: ${kb(result.initialJsGzip)} (${initial.join(', ')})`);
  console.log(`  embed.js:                 ${kb(result.embedJsGzip)}`);
  for (const [file, size] of Object.entries(result.chunksGzip))
    console.log(`  chunk ${file}: ${kb(size)}`);
  return result;
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
    const client = server.client();
    // A logged-in contact: submit, confirm, log in with the key, fetch the nonce.
    await client.post(`${PREFIX}/v1/wizard/lead`, { contact: contact(), lead: lead() });
    const k = keyOf((await server.mails())[0]!.links[0]!);
    await client.post(`${PREFIX}/v1/wizard/confirm`, { k });
    await client.post(`${PREFIX}/v1/auth/login`, { k });
    const { nonce } = (await client.post<{ nonce: string }>(`${PREFIX}/v1/auth/login/nonce`, { k }))
      .body;
    const cookie = [...client.cookies].map(([key, v]) => `${key}=${v}`).join('; ');
    const xsrf = decodeURIComponent(client.cookies.get('XSRF-TOKEN')!);
    console.log(`backend on loopback (10 connections, ${seconds} s each)`);
    const submitLead = await load('POST /v1/wizard/lead', {
      url: `${server.base}${PREFIX}/v1/wizard/lead`,
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie, 'x-xsrf-token': xsrf },
      body: JSON.stringify({ contact: contact(), lead: lead() }),
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

/**
 * Keystrokes against geocoder requests while a visitor types an address into the lead
 * wizard, in Chromium, at three typing speeds (ms between keys).
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
  return results;
}

async function main() {
  const results: Record<string, unknown> = { date: new Date().toISOString() };
  if (!only || only === 'bundle') results.bundle = bundleSizes();
  if (!only || only === 'load') results.load = await serverLoad();
  if (!only || only === 'typing') results.typing = await typing();
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
