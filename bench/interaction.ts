/**
 * Click and keystroke to next paint, with 4x CPU throttling (Chromium's Event Timing: from
 * the input to the paint after its handlers), in the lead wizard and in the interaction floor
 * (bench/floors/interaction.tsx). Runs alternate between the two; medians and ratios.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Browser, Frame, Page } from 'playwright-core';
import { buildFloor } from './bundle';

const CPU_THROTTLING = 4;

export interface InteractionFigures {
  clickMs: number[];
  keyMs: number[];
}

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
  return page;
}

/** A tile's click, then a keystroke in the address box, in a page or in the widget's frame. */
async function clickAndType(page: Page, target: Page | Frame) {
  const tile = target.getByRole('button', { name: 'Wohnung', exact: true });
  await tile.waitFor();
  await page.waitForTimeout(300);
  await observe(target);
  await tile.click();
  const click = await lastInteraction(target);
  const box = target.getByRole('combobox', { name: 'Adresse suchen' });
  await box.waitFor();
  await box.focus();
  await page.waitForTimeout(300);
  await observe(target);
  await page.keyboard.press('K');
  const key = await lastInteraction(target);
  await page.context().close();
  return { click, key };
}

async function measureWidget(browser: Browser, base: string) {
  const page = await throttled(browser);
  await page.goto(`${base}/demo/lead-wizard`);
  return clickAndType(page, (await (await page.waitForSelector('iframe')).contentFrame())!);
}

async function measureFloor(browser: Browser, url: string) {
  const page = await throttled(browser);
  await page.goto(url);
  return clickAndType(page, page);
}

export const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
};

/** Alternating runs of the widget (served from `base`) and the floor page. */
export async function interactions(browser: Browser, base: string, runs = 7) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'immosuite-interaction-'));
  try {
    await buildFloor('interaction', dir);
    fs.writeFileSync(
      path.join(dir, 'index.html'),
      '<!doctype html><html lang="de"><body><div id="root"></div><script src="floor.js"></script></body></html>',
    );
    const floorUrl = `file://${path.join(dir, 'index.html')}`;
    const widget: InteractionFigures = { clickMs: [], keyMs: [] };
    const floor: InteractionFigures = { clickMs: [], keyMs: [] };
    for (let i = 0; i < runs; i += 1) {
      const w = await measureWidget(browser, base);
      const f = await measureFloor(browser, floorUrl);
      widget.clickMs.push(w.click);
      widget.keyMs.push(w.key);
      floor.clickMs.push(f.click);
      floor.keyMs.push(f.key);
    }
    const result = {
      cpuThrottling: CPU_THROTTLING,
      runs,
      clickMedianMs: median(widget.clickMs),
      clickFloorMedianMs: median(floor.clickMs),
      keyMedianMs: median(widget.keyMs),
      keyFloorMedianMs: median(floor.keyMs),
      clickRatio: Math.round((median(widget.clickMs) / median(floor.clickMs)) * 100) / 100,
      keyRatio: Math.round((median(widget.keyMs) / median(floor.keyMs)) * 100) / 100,
      samples: { widget, floor },
    };
    console.log(`interaction to next paint (${CPU_THROTTLING}x CPU throttling, median of ${runs})`);
    console.log(
      `  category tile click: ${result.clickMedianMs} ms, floor ${result.clickFloorMedianMs} ms = ${result.clickRatio} x`,
    );
    console.log(
      `  keystroke in 'Adresse suchen': ${result.keyMedianMs} ms, floor ${result.keyFloorMedianMs} ms = ${result.keyRatio} x`,
    );
    return result;
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}
