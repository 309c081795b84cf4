/**
 * What a visitor downloads per route (gzip, production build): the entry, the route's screen
 * chunk group and one language's strings. Each route is compared with its library floor, a
 * plain page using the same libraries built the same way (bench/floors). The budget check
 * (`--budget`) fails when a route's ratio grows past its budget in bench/budgets.json.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import webpack, { type Configuration, type Stats } from 'webpack';
import { SCREENS } from '../src/app/screens';

export { overBudget } from './overBudget';

const root = path.resolve(__dirname, '..');
const staticDir = path.join(root, 'static');

export const gzipSize = (file: string) => zlib.gzipSync(fs.readFileSync(file), { level: 9 }).length;
export const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

// eslint-disable-next-line @typescript-eslint/no-require-imports
const projectConfigs = require('../webpack.config.js') as (
  env: unknown,
  argv: { mode: string },
) => Configuration[];

function compile(config: Configuration | Configuration[]): Promise<Stats[]> {
  return new Promise((resolve, reject) => {
    webpack(config as Configuration[], (error, stats) => {
      if (error) return reject(error);
      if (!stats || stats.hasErrors())
        return reject(new Error(stats?.toString({ all: false, errors: true }) ?? 'no stats'));
      resolve(stats.stats);
    });
  });
}

export interface RouteSize {
  route: string;
  initialJsGzip: number;
  files: string[];
  floor: string;
  floorGzip: number;
  ratio: number;
  budget: number | null;
}

interface Budgets {
  [route: string]: { floor: string; maxRatio: number };
}

const budgets: Budgets = JSON.parse(
  fs.readFileSync(path.join(__dirname, 'budgets.json'), 'utf8'),
) as Budgets;

/** Builds a floor page (bench/floors/NAME.tsx) for production, as floor.js in `out`. */
export function buildFloor(name: string, out: string): Promise<void> {
  return buildPage(path.join(__dirname, 'floors', `${name}.tsx`), out);
}

/**
 * Builds a bench page's script for production, like the widget, as floor.js in `out`
 * (`publicPath`: where its chunks load from; by default beside the script).
 */
export async function buildPage(file: string, out: string, publicPath = 'auto'): Promise<void> {
  const widget = projectConfigs({}, { mode: 'production' }).find((c) => c.name === 'widget')!;
  await compile({
    mode: 'production',
    devtool: false,
    resolve: widget.resolve,
    module: widget.module,
    entry: { floor: file },
    output: { path: out, filename: '[name].js', chunkFilename: '[name].js', publicPath },
    performance: { hints: false },
  });
}

async function floorSize(name: string): Promise<number> {
  const out = fs.mkdtempSync(path.join(os.tmpdir(), 'immosuite-floor-'));
  try {
    await buildFloor(name, out);
    return fs
      .readdirSync(out)
      .filter((f) => f.endsWith('.js'))
      .reduce((sum, f) => sum + gzipSize(path.join(out, f)), 0);
  } finally {
    fs.rmSync(out, { recursive: true, force: true });
  }
}

/** Builds the widget (and embed script) for production and measures every built route. */
export async function measureRoutes(): Promise<{
  routes: RouteSize[];
  embedJsGzip: number;
  chunksGzip: Record<string, number>;
}> {
  const [widgetStats] = await compile(projectConfigs({}, { mode: 'production' }));
  const json = widgetStats!.toJson({
    all: false,
    entrypoints: true,
    chunkGroups: true,
    assets: true,
  });
  const jsOf = (group: { assets?: { name: string }[] } | undefined) =>
    (group?.assets ?? []).map((a) => a.name).filter((n) => n.endsWith('.js'));
  const entry = jsOf(json.entrypoints?.app);
  // The default language's strings; English ones weigh about the same.
  const locale = jsOf(json.namedChunkGroups?.['locale-de-json']);
  const floors = new Map<string, number>();
  const routes: RouteSize[] = [];
  for (const screen of SCREENS) {
    if (!screen.load) continue;
    const files = [
      ...new Set([...entry, ...jsOf(json.namedChunkGroups?.[`screen-${screen.path}`]), ...locale]),
    ];
    const budget = budgets[screen.path];
    const floor = budget?.floor ?? 'lead';
    if (!floors.has(floor)) floors.set(floor, await floorSize(floor));
    const initialJsGzip = files.reduce((sum, f) => sum + gzipSize(path.join(staticDir, f)), 0);
    routes.push({
      route: screen.path,
      initialJsGzip,
      files,
      floor,
      floorGzip: floors.get(floor)!,
      ratio: Math.round((initialJsGzip / floors.get(floor)!) * 1000) / 1000,
      budget: budget?.maxRatio ?? null,
    });
  }
  const chunkDir = path.join(staticDir, 'chunks');
  const chunksGzip = Object.fromEntries(
    fs
      .readdirSync(chunkDir)
      .filter((f) => f.endsWith('.js'))
      .map((f) => [f, gzipSize(path.join(chunkDir, f))]),
  );
  return { routes, embedJsGzip: gzipSize(path.join(staticDir, 'embed.js')), chunksGzip };
}

export function printRoutes(routes: RouteSize[]) {
  console.log('initial JS per route (gzip), against its library floor');
  for (const r of routes)
    console.log(
      `  /${r.route}: ${kb(r.initialJsGzip)} = ${r.ratio.toFixed(3)} x floor "${r.floor}" (${kb(r.floorGzip)})` +
        (r.budget ? `, budget ${r.budget.toFixed(2)} x` : ', no budget'),
    );
}
