/**
 * npm run fuzz [-- --requests=N --seed=S]: N fuzzed contract requests (default 10,000)
 * against a fresh reference backend on loopback; prints the answers by status and exits 1
 * on any 5xx.
 */
import { fuzz } from '../test/server/fuzz';
import { startTestServer } from '../test/server/testServer';

const arg = (name: string, fallback: number) =>
  Number(process.argv.find((a) => a.startsWith(`--${name}=`))?.split('=')[1] ?? fallback);

async function main() {
  const requests = arg('requests', 10_000);
  const seed = arg('seed', Date.now() % 1_000_000);
  const server = await startTestServer();
  const started = Date.now();
  try {
    const result = await fuzz(server, requests, seed);
    console.log(
      `fuzz: ${result.requests} requests, seed ${seed}, ${((Date.now() - started) / 1000).toFixed(1)} s`,
    );
    for (const [status, n] of Object.entries(result.byStatus).sort())
      console.log(`  ${status}: ${n}`);
    for (const failure of result.failures) console.log('  5xx:', JSON.stringify(failure));
    process.exit(result.failures.length > 0 ? 1 : 0);
  } finally {
    await server.close();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
