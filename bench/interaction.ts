/**
 * Click and keystroke to next paint, with 4x CPU throttling (Chromium's Event Timing: from
 * the input to the paint after its handlers), in the lead wizard and in two floor pages
 * (bench/floors/interaction*.tsx). Runs alternate; medians and ratios.
 *
 * The page's PerformanceObserver gets durations rounded to 8 ms, a quarter of a 32 ms
 * keystroke; the figures come from the same Event Timing entries in a trace of the
 * interaction, which carries them unrounded. The rounded medians are printed beside them.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Browser, CDPSession, Frame, Page } from 'playwright-core';
import { buildFloor } from './bundle';

const CPU_THROTTLING = 4;

/** Collects Event Timing entries of interactions in a document (page or frame). */
async function observe(target: Page | Frame) {
  await target.evaluate(() => {
    const w = window as unknown as { interactions: Record<number, number> };
    w.interactions = {};
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as PerformanceEventTiming[]) {
        if (!entry.interactionId) continue;
        w.interactions[entry.interactionId] = Math.max(
          w.interactions[entry.interactionId] ?? 0,
          entry.duration,
        );
      }
    }).observe({
      type: 'event',
      durationThreshold: 16,
      buffered: false,
    } as PerformanceObserverInit);
  });
}

/** The longest interaction seen since `observe` (an interaction's duration is its slowest event). */
async function lastInteraction(target: Page | Frame): Promise<number> {
  // Event Timing reports after the next paint: wait for it to arrive.
  for (let i = 0; i < 40; i += 1) {
    const values = await target.evaluate(() =>
      Object.values((window as unknown as { interactions: Record<number, number> }).interactions),
    );
    if (values.length) return Math.max(...values);
    await new Promise((r) => setTimeout(r, 50));
  }
  // Faster than the observer's 16 ms threshold.
  return 16;
}

async function throttled(browser: Browser) {
  const page = await (
    await browser.newContext({ viewport: { width: 1100, height: 900 } })
  ).newPage();
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_THROTTLING });
  return { page, cdp };
}

interface TraceEvent {
  name: string;
  ph: string;
  args?: { data?: { interactionId?: number; duration?: number } };
}

/** One interaction's duration: unrounded from a trace, and as the page's observer got it. */
interface Timing {
  ms: number;
  roundedMs: number;
}

/** Runs `act` while tracing Event Timing; its interaction's duration, unrounded and rounded. */
async function timed(cdp: CDPSession, target: Page | Frame, act: () => Promise<void>) {
  const events: TraceEvent[] = [];
  const collect = (data: { value: TraceEvent[] }) => events.push(...data.value);
  cdp.on('Tracing.dataCollected', collect);
  const complete = new Promise((resolve) => cdp.once('Tracing.tracingComplete', resolve));
  await observe(target);
  await cdp.send('Tracing.start', {
    categories: 'devtools.timeline',
    transferMode: 'ReportEvents',
  });
  await act();
  const roundedMs = await lastInteraction(target);
  await cdp.send('Tracing.end');
  await complete;
  cdp.off('Tracing.dataCollected', collect);
  const durations = events
    .filter((e) => e.name === 'EventTiming' && e.ph === 'b' && e.args?.data?.interactionId)
    .map((e) => e.args!.data!.duration!);
  if (!durations.length)
    throw new Error('the trace holds no Event Timing entry of the interaction');
  return { ms: Math.max(...durations), roundedMs } satisfies Timing;
}

/** A tile's click, then a keystroke in the address box, in a page or in the widget's frame. */
async function clickAndType(page: Page, cdp: CDPSession, target: Page | Frame) {
  const tile = target.getByRole('button', { name: 'Wohnung', exact: true });
  await tile.waitFor();
  await page.waitForTimeout(300);
  const click = await timed(cdp, target, () => tile.click());
  const box = target.getByRole('combobox', { name: 'Adresse suchen' });
  await box.waitFor();
  await box.focus();
  await page.waitForTimeout(300);
  const key = await timed(cdp, target, () => page.keyboard.press('K'));
  await page.context().close();
  return { click, key };
}

async function measureWidget(browser: Browser, base: string) {
  const { page, cdp } = await throttled(browser);
  await page.goto(`${base}/demo/lead-wizard`);
  return clickAndType(page, cdp, (await (await page.waitForSelector('iframe')).contentFrame())!);
}

async function measureFloor(browser: Browser, url: string) {
  const { page, cdp } = await throttled(browser);
  await page.goto(url);
  return clickAndType(page, cdp, page);
}

export const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
};

async function floorPage(name: string, dir: string): Promise<string> {
  await buildFloor(name, dir);
  fs.writeFileSync(
    path.join(dir, 'index.html'),
    '<!doctype html><html lang="de"><body><div id="root"></div><script src="floor.js"></script></body></html>',
  );
  return `file://${path.join(dir, 'index.html')}`;
}

const round1 = (ms: number) => Math.round(ms * 10) / 10;

const figures = (runs: { click: Timing; key: Timing }[]) => ({
  clickMs: round1(median(runs.map((r) => r.click.ms))),
  keyMs: round1(median(runs.map((r) => r.key.ms))),
  clickRoundedMs: median(runs.map((r) => r.click.roundedMs)),
  keyRoundedMs: median(runs.map((r) => r.key.roundedMs)),
  samples: runs.map((r) => ({ click: round1(r.click.ms), key: round1(r.key.ms) })),
});

/**
 * Alternating runs of the widget (served from `base`) and two floors: the same markup and
 * styles rendered by plain React + RTK (the floor the targets are judged against), and a
 * minimal React + RTK page doing a route change (for reference).
 */
export async function interactions(browser: Browser, base: string, runs = 11) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'immosuite-interaction-'));
  try {
    const sameDom = await floorPage('interaction', path.join(dir, 'same'));
    const minimal = await floorPage('interaction-minimal', path.join(dir, 'minimal'));
    const samples = { widget: [], floor: [], minimal: [] } as Record<
      'widget' | 'floor' | 'minimal',
      { click: Timing; key: Timing }[]
    >;
    for (let i = 0; i < runs; i += 1) {
      samples.widget.push(await measureWidget(browser, base));
      samples.floor.push(await measureFloor(browser, sameDom));
      samples.minimal.push(await measureFloor(browser, minimal));
    }
    const widget = figures(samples.widget);
    const floor = figures(samples.floor);
    const reference = figures(samples.minimal);
    const ratio = (a: number, b: number) => Math.round((a / b) * 100) / 100;
    const result = {
      cpuThrottling: CPU_THROTTLING,
      runs,
      widget,
      floor,
      minimalFloor: reference,
      clickRatio: ratio(widget.clickMs, floor.clickMs),
      keyRatio: ratio(widget.keyMs, floor.keyMs),
      clickRatioMinimal: ratio(widget.clickMs, reference.clickMs),
      keyRatioMinimal: ratio(widget.keyMs, reference.keyMs),
    };
    console.log(`interaction to next paint (${CPU_THROTTLING}x CPU throttling, median of ${runs})`);
    console.log(
      `  category tile click: ${widget.clickMs} ms; same-markup floor ${floor.clickMs} ms = ${result.clickRatio} x; minimal page ${reference.clickMs} ms = ${result.clickRatioMinimal} x (rounded by the page: ${widget.clickRoundedMs} / ${floor.clickRoundedMs} / ${reference.clickRoundedMs} ms)`,
    );
    console.log(
      `  keystroke in 'Adresse suchen': ${widget.keyMs} ms; same-markup floor ${floor.keyMs} ms = ${result.keyRatio} x; minimal page ${reference.keyMs} ms = ${result.keyRatioMinimal} x (rounded by the page: ${widget.keyRoundedMs} / ${floor.keyRoundedMs} / ${reference.keyRoundedMs} ms)`,
    );
    return result;
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}
