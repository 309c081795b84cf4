// Benchmarks (npm run bench). Sizes: what a visitor downloads, gzip, from the production
// build. Figures go to stdout and bench/results/latest.json.
import { execSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';

const root = path.resolve(
  import.meta.dirname ?? path.dirname(new URL(import.meta.url).pathname),
  '..',
);
const staticDir = path.join(root, 'static');

function gzipSize(file) {
  return zlib.gzipSync(fs.readFileSync(file), { level: 9 }).length;
}

function kb(bytes) {
  return `${(bytes / 1024).toFixed(1)} KB`;
}

function bundleSizes() {
  if (!process.argv.includes('--no-build')) {
    execSync('npx webpack --mode production', { cwd: root, stdio: 'ignore' });
  }
  const html = fs.readFileSync(path.join(staticDir, 'index.html'), 'utf8');
  const initial = [...html.matchAll(/src="?\/webapp\/static\/([^"\s>]+\.js)/g)].map((m) => m[1]);
  const chunks = fs.existsSync(path.join(staticDir, 'chunks'))
    ? fs.readdirSync(path.join(staticDir, 'chunks')).filter((f) => f.endsWith('.js'))
    : [];
  const result = {
    initialJsGzip: initial.reduce((sum, f) => sum + gzipSize(path.join(staticDir, f)), 0),
    embedJsGzip: gzipSize(path.join(staticDir, 'embed.js')),
    chunksGzip: Object.fromEntries(
      chunks.map((f) => [f, gzipSize(path.join(staticDir, 'chunks', f))]),
    ),
  };
  console.log('bundle (gzip)');
  console.log(`  initial JS of the widget: ${kb(result.initialJsGzip)} (${initial.join(', ')})`);
  console.log(`  embed.js:                 ${kb(result.embedJsGzip)}`);
  for (const [file, size] of Object.entries(result.chunksGzip))
    console.log(`  chunk ${file}: ${kb(size)}`);
  return result;
}

const results = { date: new Date().toISOString(), bundle: bundleSizes() };
fs.mkdirSync(path.join(root, 'bench', 'results'), { recursive: true });
fs.writeFileSync(
  path.join(root, 'bench', 'results', 'latest.json'),
  JSON.stringify(results, null, 2),
);
