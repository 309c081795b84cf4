/**
 * The first load on a slow line (npm run bench -- --only=first-load): a phone (390 px) on
 * emulated slow 3G (2 s latency, 50 KB/s down and up) with 4x CPU throttling opens a host page
 * that embeds the lead wizard with the embed script, and, as the floor, the same page with a
 * plain iframe that holds one line of text. Both frames stand right under the page's heading,
 * in view.
 * Measured from the host page's navigation: the iframe's first contentful paint; for the
 * widget also the first content in the reserved box (the embed script's copy of the loading
 * shell in the page, or the frame's first paint, whichever comes first), the app's first
 * screen (its step heading shown, the loading shell gone), and the largest change of the
 * frame's height from its creation until the frame has taken the first screen's height (the
 * page below jumps by that much). Fresh browser context (empty cache) per run; runs
 * alternate; medians.
 */
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import type { Browser, Frame, Page } from 'playwright-core';
import { startTestServer } from '../test/server/testServer';

const LATENCY_MS = 2000;
const BYTES_PER_SECOND = 50 * 1024;
const CPU_THROTTLING = 4;
const PHONE = { width: 390, height: 844 };
const TIMEOUT_MS = Number(process.env.FIRST_LOAD_TIMEOUT_MS ?? 180_000);

/**
 * A static folder with the widget's files (linked) and three pages of the bench's own beside
 * them, so that every page and frame is of one origin (a frame of another origin runs in a
 * process of its own, which the page's throttling does not reach).
 */
function benchStaticDir(staticDir: string, barePage: string): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'immosuite-first-load-'));
  for (const entry of fs.readdirSync(staticDir))
    fs.symlinkSync(path.join(staticDir, entry), path.join(dir, entry));
  const head = `<!doctype html><html lang="de"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Host</title></head><body><h1>Immobilien</h1>`;
  fs.writeFileSync(
    path.join(dir, 'bench-widget.html'),
    `${head}<div data-immosuite-widget="lead-wizard" data-title="Immobilie verkaufen oder vermieten"></div><script src="/webapp/static/embed.js" async></script></body></html>`,
  );
  fs.writeFileSync(
    path.join(dir, 'bench-floor.html'),
    `${head}<iframe src="${barePage}" title="Bare" style="display:block;width:100%;height:480px;border:0"></iframe></body></html>`,
  );
  return dir;
}

/**
 * The floor's frame: one line of text, from a server of its own (the widget's server lets
 * none of its other pages be framed). Its request is throttled as the page's; it has no others.
 */
function startBareServer(): Promise<{ url: string; close(): Promise<void> }> {
  const server = http.createServer((_request, response) => {
    response.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8' });
    response.end(
      '<!doctype html><html lang="de"><head><meta charset="utf-8"><title>Bare</title></head><body><p>Wird geladen …</p></body></html>',
    );
  });
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () =>
      resolve({
        url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/bare.html`,
        close: () => new Promise((done) => server.close(() => done())),
      }),
    ),
  );
}

/**
 * Records, in the widget's frame, when the app's first screen shows: its step heading in the
 * app's root with the loading shell gone (a build whose app replaced the shell at once, and one
 * that keeps the shell until the screen, alike); in the host page, when the embed script drew
 * anything in the widget's box (its copy of the shell) and every height of the widget's frame.
 * A string: a function would be sent as tsx compiled it, with helpers the page lacks.
 */
const RECORD_FIRST_LOAD = `(() => {
  const now = () => performance.timeOrigin + performance.now();
  if (window.top !== window) {
    const check = () => {
      if (window.appShownAt === undefined && document.querySelector('#root h2') && !document.getElementById('shell'))
        window.appShownAt = now();
    };
    new MutationObserver(check).observe(document, { childList: true, subtree: true, attributes: true });
    return;
  }
  window.frameHeights = [];
  const resize = new ResizeObserver((entries) => {
    for (const entry of entries) window.frameHeights.push(Math.round(entry.target.getBoundingClientRect().height));
  });
  const watch = () => {
    const box = document.querySelector('[data-immosuite-widget]');
    if (box && window.boxDrawnAt === undefined && box.firstElementChild && box.firstElementChild.tagName !== 'IFRAME')
      window.boxDrawnAt = now();
    const iframe = document.querySelector('iframe');
    if (iframe && !iframe.dataset.watched) {
      iframe.dataset.watched = '1';
      resize.observe(iframe);
    }
  };
  new MutationObserver(watch).observe(document, { childList: true, subtree: true });
})();`;

interface Measured {
  firstPaintMs: number;
  /** The widget's: first content in the box, the first screen, the largest height change. */
  boxMs: number | null;
  appMs: number | null;
  largestShiftPx: number | null;
}

async function throttledPage(browser: Browser): Promise<Page> {
  const context = await browser.newContext({ viewport: PHONE, isMobile: true, hasTouch: true });
  await context.addInitScript(RECORD_FIRST_LOAD);
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: LATENCY_MS,
    downloadThroughput: BYTES_PER_SECOND,
    uploadThroughput: BYTES_PER_SECOND,
  });
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_THROTTLING });
  return page;
}

async function frameOf(page: Page, match: (url: string) => boolean): Promise<Frame> {
  const deadline = Date.now() + TIMEOUT_MS;
  for (;;) {
    const frame = page.frames().find((f) => f !== page.mainFrame() && match(f.url()));
    if (frame) return frame;
    if (Date.now() > deadline)
      throw new Error(
        `the iframe never appeared: ${page
          .frames()
          .map((f) => f.url())
          .join(', ')}`,
      );
    // A short wait: an event that came between the look and the wait is not missed for long.
    await page.waitForEvent('framenavigated', { timeout: 250 }).catch(() => {});
  }
}

/** ms from the host page's navigation to the frame's first contentful paint (and the app's). */
async function measure(
  browser: Browser,
  url: string,
  frameUrl: (url: string) => boolean,
  app: boolean,
): Promise<Measured> {
  const page = await throttledPage(browser);
  try {
    const navigated = page.goto(url, { waitUntil: 'commit', timeout: TIMEOUT_MS });
    await navigated;
    const frame = await frameOf(page, frameUrl);
    await frame.waitForFunction(
      () => performance.getEntriesByName('first-contentful-paint').length > 0,
      undefined,
      { timeout: TIMEOUT_MS, polling: 100 },
    );
    const origin = await page.evaluate(() => performance.timeOrigin);
    const paint = await frame.evaluate(
      () =>
        performance.timeOrigin +
        performance.getEntriesByName('first-contentful-paint')[0]!.startTime,
    );
    const firstPaintMs = Math.round(paint - origin);
    if (!app) return { firstPaintMs, boxMs: null, appMs: null, largestShiftPx: null };
    await frame.waitForFunction(
      () => (window as unknown as { appShownAt?: number }).appShownAt !== undefined,
      undefined,
      { timeout: TIMEOUT_MS, polling: 100 },
    );
    const shown = await frame.evaluate(
      () => (window as unknown as { appShownAt: number }).appShownAt,
    );
    // Until the frame has taken the screen's height (the embed script follows its size).
    await page.waitForFunction(
      () => {
        const iframe = document.querySelector('iframe')!;
        const body = iframe.contentDocument?.body;
        return (
          !!body &&
          Math.abs(body.getBoundingClientRect().height - iframe.getBoundingClientRect().height) < 2
        );
      },
      undefined,
      { timeout: TIMEOUT_MS, polling: 100 },
    );
    const host = await page.evaluate(() => {
      const w = window as unknown as { boxDrawnAt?: number; frameHeights: number[] };
      return { boxDrawnAt: w.boxDrawnAt ?? null, heights: w.frameHeights };
    });
    const shifts = host.heights.slice(1).map((h, i) => Math.abs(h - host.heights[i]!));
    return {
      firstPaintMs,
      boxMs: Math.min(firstPaintMs, host.boxDrawnAt === null ? Infinity : host.boxDrawnAt - origin),
      appMs: Math.round(shown - origin),
      largestShiftPx: Math.max(0, ...shifts),
    };
  } finally {
    await page.context().close();
  }
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : Math.round((sorted[mid - 1]! + sorted[mid]!) / 2);
};

/** `staticDir`: the built widget to time. */
export async function firstLoad(browser: Browser, staticDir: string, runs = 5) {
  const bare = await startBareServer();
  const dir = benchStaticDir(staticDir, bare.url);
  const server = await startTestServer({ STATIC_DIR: dir });
  const host = `${server.base}/webapp/static`;
  try {
    const widget: Measured[] = [];
    const floor: Measured[] = [];
    for (let i = 0; i < runs; i += 1) {
      widget.push(
        await measure(
          browser,
          `${host}/bench-widget.html`,
          (u) => u.includes('/webapp/lead'),
          true,
        ),
      );
      floor.push(await measure(browser, `${host}/bench-floor.html`, (u) => u === bare.url, false));
    }
    const result = {
      network: { latencyMs: LATENCY_MS, bytesPerSecond: BYTES_PER_SECOND },
      cpuThrottling: CPU_THROTTLING,
      viewport: PHONE,
      runs,
      widgetFirstPaintMs: median(widget.map((w) => w.firstPaintMs)),
      widgetBoxMs: median(widget.map((w) => Math.round(w.boxMs!))),
      widgetAppMs: median(widget.map((w) => w.appMs!)),
      widgetLargestShiftPx: median(widget.map((w) => w.largestShiftPx!)),
      floorFirstPaintMs: median(floor.map((b) => b.firstPaintMs)),
      ratio: 0,
    };
    result.ratio = Math.round((result.widgetFirstPaintMs / result.floorFirstPaintMs) * 100) / 100;
    console.log(
      `first load on slow 3G (${LATENCY_MS} ms, ${BYTES_PER_SECOND / 1024} KB/s, ${CPU_THROTTLING}x CPU, phone; median of ${runs})`,
    );
    console.log(
      `  lead wizard's iframe: first content ${result.widgetFirstPaintMs} ms, app shown ${result.widgetAppMs} ms; bare iframe page ${result.floorFirstPaintMs} ms = ${result.ratio} x`,
    );
    console.log(
      `  lead wizard's box: first content ${result.widgetBoxMs} ms (the embed script's shell or the frame's), first screen ${result.widgetAppMs} ms, largest height change of the frame ${result.widgetLargestShiftPx} px`,
    );
    return result;
  } finally {
    await server.close();
    await bare.close();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}
