import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { Frame, Page, Route } from 'playwright-core';
import { expectNoAxeViolations, serverAndBrowser } from './harness';

const ctx = serverAndBrowser();

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
  // Everything the frame asks for while the app's script is held.
  const frameRequests: string[] = [];
  page.on('request', (request) => {
    if (request.frame() !== page.mainFrame()) frameRequests.push(new URL(request.url()).pathname);
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
    const { page, frame, frameRequests, release } = await openHeld('/demo/lead-wizard');
    const bar = frame.getByRole('progressbar', { name: 'Wird geladen …' });
    assert.equal(await bar.isVisible(), true);
    assert.equal(
      await frame
        .getByRole('heading', { level: 1, name: 'Immobilie verkaufen oder vermieten' })
        .isVisible(),
      true,
    );
    // Nothing but its page and the app's (held) script: the shell needs no request of its own.
    assert.deepEqual(
      frameRequests.filter((p) => !/\/webapp\/static\/app\.[0-9a-f]+\.js$/.test(p)),
      ['/webapp/lead-wizard'],
    );
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

  it('speaks the language of the page it is on', async () => {
    const { page, frame } = await openHeld('/demo/saved-search-wizard?lang=en-US');
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
