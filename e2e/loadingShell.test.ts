import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { Frame, Page, Route } from 'playwright-core';
import { expectNoAxeViolations, serverAndBrowser } from './harness';

const ctx = serverAndBrowser();

/** The name of a chunk the frame asked for ('screen-lead-wizard'), or null for another file. */
const chunkOf = (path: string) => /\/chunks\/([\w-]+?)\.[0-9a-f]+\.js$/.exec(path)?.[1] ?? null;

/**
 * Opens a demo page with the app's script held back (as on a slow line, where it takes
 * seconds), so the frame shows what its own HTML shows; `release()` lets the script through.
 */
async function openHeld(
  path: string,
  options: { reducedMotion?: 'reduce'; viewport?: { width: number; height: number } } = {},
) {
  const context = await ctx.browser.newContext({
    viewport: options.viewport ?? { width: 390, height: 844 },
    reducedMotion: options.reducedMotion ?? 'no-preference',
  });
  const page = await context.newPage();
  const held: Route[] = [];
  let released = false;
  let scriptAsked: () => void;
  const asked = new Promise<void>((resolve) => (scriptAsked = resolve));
  // Everything the frame asks for while the app's script is held; each request tells the
  // waiters of chunksAskedFor.
  const frameRequests: string[] = [];
  const waiters = new Set<() => void>();
  page.on('request', (request) => {
    if (request.frame() === page.mainFrame()) return;
    frameRequests.push(new URL(request.url()).pathname);
    for (const wake of waiters) wake();
  });
  await page.route(/\/webapp\/static\/app\.[0-9a-f]+\.js$/, (route) => {
    if (released) return route.continue();
    held.push(route);
    scriptAsked();
  });
  // Not until 'load': the frame's held script keeps it from loading.
  await page.goto(`${ctx.server.baseUrl}${path}`, { waitUntil: 'domcontentloaded' });
  const frame = (await (await page.waitForSelector('iframe')).contentFrame()) as Frame;
  await frame.locator('#shell').waitFor();
  await asked;
  return {
    page,
    frame,
    frameRequests,
    /** Waits until the frame has asked for the chunks named; gives every chunk it asked for. */
    chunksAskedFor: (names: string[]) =>
      new Promise<string[]>((resolve) => {
        const check = () => {
          const asked = frameRequests.map(chunkOf).filter((name): name is string => name !== null);
          if (!names.every((name) => asked.includes(name))) return;
          waiters.delete(check);
          resolve(asked);
        };
        waiters.add(check);
        check();
      }),
    release: async () => {
      released = true;
      for (const route of held.splice(0)) await route.continue();
    },
  };
}

const frameHeight = (page: Page) =>
  page.locator('iframe').evaluate((el) => Math.round(el.getBoundingClientRect().height));

describe('the first load on a slow line', () => {
  it("shows the widget's title and a labelled progress bar at once, from its own HTML", async () => {
    const { page, frame, frameRequests, chunksAskedFor, release } =
      await openHeld('/demo/lead-wizard');
    const bar = frame.getByRole('progressbar', { name: 'Wird geladen …' });
    assert.equal(await bar.isVisible(), true);
    assert.equal(
      await frame
        .getByRole('heading', { level: 1, name: 'Immobilie verkaufen oder vermieten' })
        .isVisible(),
      true,
    );
    // The shell needs no request of its own; beside the app's (held) script, the frame asks at
    // once for what the route's first screen needs: its code and its strings, nothing else.
    assert.equal(frameRequests[0], '/webapp/lead-wizard');
    const asked = await chunksAskedFor(['screen-lead-wizard', 'locale-de-json']);
    assert.deepEqual(asked.filter((name) => /^(screen|locale|map)/.test(name)).sort(), [
      'locale-de-json',
      'screen-lead-wizard',
    ]);
    // The shell fills the box the embed script reserved: no blank part, no scroll bar.
    const shellHeight = await frame.locator('#shell').evaluate((el) => el.clientHeight);
    assert.equal(shellHeight, await frameHeight(page));
    await expectNoAxeViolations(page, 'the loading shell');
    // The app replaces it, its own title where the shell's stood.
    const titleTop = await frame.locator('h1').evaluate((el) => el.getBoundingClientRect().top);
    await release();
    await frame.locator('#shell').waitFor({ state: 'detached' });
    const heading = frame.getByRole('heading', {
      level: 1,
      name: 'Immobilie verkaufen oder vermieten',
    });
    await heading.waitFor();
    const appTitleTop = await heading.evaluate((el) => el.getBoundingClientRect().top);
    assert.ok(Math.abs(appTitleTop - titleTop) <= 4, `title moved ${appTitleTop - titleTop} px`);
    // The box the embed script reserved was about the app's first screen: the page below it
    // moves little when the app reports its height.
    const reserved = shellHeight;
    // The frame follows the app's height (the page can read its same-origin frame).
    await page.waitForFunction(() => {
      const iframe = document.querySelector('iframe')!;
      const body = iframe.contentDocument?.body;
      return (
        !!body &&
        Math.abs(body.getBoundingClientRect().height - iframe.getBoundingClientRect().height) < 2
      );
    });
    const appHeight = await frameHeight(page);
    assert.ok(
      Math.abs(appHeight - reserved) <= reserved * 0.15,
      `reserved ${reserved} px, the app took ${appHeight} px`,
    );
    await page.context().close();
  });

  it('speaks the language of the page it is on, and asks for its strings and its map at once', async () => {
    const { page, frame, chunksAskedFor } = await openHeld('/demo/saved-search-wizard?lang=en-US');
    const asked = await chunksAskedFor([
      'screen-saved-search-wizard',
      'locale-en-json',
      'map',
      'region-shapes',
    ]);
    assert.ok(!asked.includes('locale-de-json'), 'the other language was asked for');
    assert.equal(await frame.getByRole('progressbar', { name: 'Loading …' }).isVisible(), true);
    assert.equal(
      await frame.getByRole('heading', { level: 1, name: 'Create a search profile' }).isVisible(),
      true,
    );
    assert.equal(await frame.evaluate(() => document.documentElement.lang), 'en');
    await page.context().close();
  });

  it('keeps the bar still for a visitor who asked for reduced motion', async () => {
    const moving = await openHeld('/demo/contact-form-wizard');
    const animation = (frame: Frame) =>
      frame.locator('#shell-bar').evaluate((el) => getComputedStyle(el, '::before').animationName);
    assert.equal(await animation(moving.frame), 'shell-progress');
    await moving.page.context().close();
    const still = await openHeld('/demo/contact-form-wizard', { reducedMotion: 'reduce' });
    assert.equal(await animation(still.frame), 'none');
    await still.page.context().close();
  });
});

/**
 * Every frame of the host page: the widget frame's height, and whether its loading shell and
 * its first screen (`screen`, a selector in the app's root) are there. A string: a function
 * would be sent as tsx compiled it, with helpers the page lacks.
 */
const recordFrames = (screen: string) => `(() => {
  if (window.top !== window) return;
  window.samples = [];
  const sample = () => {
    const iframe = document.querySelector('iframe');
    const doc = iframe && iframe.contentDocument;
    if (doc && doc.getElementById('root'))
      window.samples.push({
        height: Math.round(iframe.getBoundingClientRect().height),
        shell: !!doc.getElementById('shell'),
        screen: !!doc.querySelector(${JSON.stringify(`#root ${screen}`)}),
      });
    requestAnimationFrame(sample);
  };
  requestAnimationFrame(sample);
})();`;

interface Sample {
  height: number;
  shell: boolean;
  screen: boolean;
}

/**
 * Opens a demo page on a phone on a slow line and records the frame until its first screen
 * is drawn. `held` is answered only once the app has started (its root holds something): the
 * app then stands between its start and its screen for a while, as on a slower line.
 */
async function framesUntilScreen(path: string, screen: string, held: RegExp): Promise<Sample[]> {
  const context = await ctx.browser.newContext({ viewport: { width: 390, height: 844 } });
  await context.addInitScript(recordFrames(screen));
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: 300,
    downloadThroughput: 300 * 1024,
    uploadThroughput: 300 * 1024,
  });
  const started = page.waitForFunction(
    () =>
      (document.querySelector('iframe')?.contentDocument?.getElementById('root')?.children.length ??
        0) > 0,
    undefined,
    { polling: 'raf', timeout: 60_000 },
  );
  await page.route(held, async (route) => {
    await started;
    await route.continue();
  });
  await page.goto(`${ctx.server.baseUrl}${path}`, { waitUntil: 'commit' });
  await page.waitForFunction(
    () => (window as unknown as { samples: Sample[] }).samples.some((s) => s.screen),
    undefined,
    { timeout: 60_000 },
  );
  const samples = await page.evaluate(() => (window as unknown as { samples: Sample[] }).samples);
  await context.close();
  return samples;
}

describe('the shell on a slow line, until the first screen', () => {
  for (const [path, screen, held] of [
    ['/demo/lead-wizard', 'h2', /\/chunks\/screen-lead-wizard\.[0-9a-f]+\.js$/],
    ['/demo/saved-search-wizard?lang=en-US', '[role=tree]', /\/v1\/wizard\/locations(\?|$)/],
  ] as const) {
    it(`stands at its reserved height until ${path}'s first screen takes its place`, async () => {
      const samples = await framesUntilScreen(path, screen, held);
      const first = samples.findIndex((s) => s.shell);
      assert.ok(first >= 0, 'the shell never showed');
      const reserved = samples[first]!.height;
      const shown = samples.findIndex((s) => s.screen);
      const between = samples.slice(first, shown);
      // Recorded from the shell on (not only once the screen was there) ...
      assert.ok(between.length > 1, `only ${between.length} frames between shell and screen`);
      // ... and all along, while the app started under it, the frame showed the shell at the
      // reserved height, never less.
      const lower = between.filter((s) => !s.shell || s.height < reserved);
      assert.deepEqual(lower, [], `the frame fell below the shell's ${reserved} px`);
      // The screen takes the shell's place in one step.
      assert.equal(samples[shown]!.shell, false);
    });
  }
});
