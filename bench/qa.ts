/**
 * QA action logs: the replay of 10,000 actions in Node (reducers only, as `npm run replay`
 * does) and the recorder's overhead per action in Chromium (bench/pages/recorder.tsx).
 * Both replay a recorded lead journey's real actions, repeated.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Browser } from 'playwright-core';
import { SCREENS } from '../src/app/screens';
import { loadFeatures, rootReducer } from '../src/app/store';
import {
  checkpointsOf,
  parseActionLog,
  replayLog,
  type ActionLog,
  type Reducer,
} from '../src/qa/log';
import { buildPage } from './bundle';

const ACTIONS = 10_000;
const RUNS = 7;
const fixture = path.join(
  __dirname,
  '..',
  'test',
  'fixtures',
  'action-logs',
  'lead-wizard-category-first-de.json',
);

const median = (values: number[]) => [...values].sort((a, b) => a - b)[values.length >> 1]!;

export async function replaySpeed() {
  await loadFeatures(SCREENS);
  const reducer = rootReducer as Reducer;
  const journey = parseActionLog(fs.readFileSync(fixture, 'utf8'));
  const entries = Array.from({ length: ACTIONS }, (_, i) => ({
    t: i * 40,
    action: journey.entries[i % journey.entries.length]!.action,
  }));
  const { checkpoints, hashes } = checkpointsOf(
    journey.initialState,
    entries,
    reducer,
    journey.checkpointEvery,
    journey.slices,
  );
  const log: ActionLog = { ...journey, entries, checkpoints, hashes, dropped: 0 };
  const times: number[] = [];
  for (let i = 0; i < RUNS + 1; i += 1) {
    const started = performance.now();
    const result = replayLog(log, reducer);
    const elapsed = performance.now() - started;
    if (result.divergences.length) throw new Error('the bench log diverged');
    if (i > 0) times.push(elapsed);
  }
  const ms = Math.round(median(times));
  console.log(
    `replay of ${ACTIONS.toLocaleString('en')} actions in Node (reducers, ${checkpoints.length} checkpoints): ${ms} ms median of ${RUNS} (target under 500 ms)`,
  );
  return { actions: ACTIONS, checkpoints: checkpoints.length, msMedian: ms };
}

export async function recorderOverhead(browser: Browser) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'immosuite-recorder-'));
  try {
    // Injected inline into a blank page: it loads no chunks.
    await buildPage(path.join(__dirname, 'pages', 'recorder.tsx'), dir, '/');
    const page = await (await browser.newContext()).newPage();
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    await page.goto('about:blank');
    await page.addScriptTag({ path: path.join(dir, 'floor.js') });
    await page
      .waitForFunction(() => 'recorderBench' in window, null, { timeout: 120_000 })
      .catch((error: Error) => {
        throw new Error(`recorder bench page: ${errors.join('; ') || error.message}`);
      });
    const result = (await page.evaluate(
      () => (window as unknown as { recorderBench: unknown }).recorderBench,
    )) as { overheadPerActionMs: number; withMsMedian: number; withoutMsMedian: number };
    console.log(
      `recorder in Chromium: ${result.overheadPerActionMs.toFixed(4)} ms per action (${result.withMsMedian.toFixed(0)} vs ${result.withoutMsMedian.toFixed(0)} ms for ${ACTIONS.toLocaleString('en')} actions, medians; target under 0.05 ms)`,
    );
    await page.context().close();
    return result;
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}
