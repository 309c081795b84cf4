/**
 * Benchmarks (npm run bench): what a visitor downloads (gzip, production build) and how the
 * reference backend holds up on loopback (autocannon). Figures: stdout and
 * bench/results/latest.json. Options: --no-build, --only=bundle|load, --seconds=N.
 */
import { execSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import autocannon from 'autocannon';
import { contact, keyOf, lead, PREFIX, startTestServer } from '../server/testing';

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

async function main() {
  const results: Record<string, unknown> = { date: new Date().toISOString() };
  if (!only || only === 'bundle') results.bundle = bundleSizes();
  if (!only || only === 'load') results.load = await serverLoad();
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
