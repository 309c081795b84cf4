/** Starts the real server on a free loopback port and Debian's Chromium for a browser test. */
import assert from 'node:assert/strict';
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { after, before } from 'node:test';
import AxeBuilder from '@axe-core/playwright';
import {
  chromium,
  type Browser,
  type BrowserContext,
  type Frame,
  type Locator,
  type Page,
} from 'playwright-core';
import { mailTo, startTestServer, type TestMail } from '../test/server/testServer';

export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic',
];

/** The real server on a fresh temporary database (rate limits and the bot timer relaxed). */
export async function startServer(extraEnv: Record<string, string> = {}) {
  if (!fs.existsSync(path.join(__dirname, '..', 'static', 'index.html'))) {
    throw new Error('The widget is not built: run "npm run build" first.');
  }
  const server = await startTestServer(extraEnv);
  return { ...server, baseUrl: server.base };
}

/** A plain page on another loopback port: another origin, as a foreign site would be. */
export async function startForeignSite(html: string) {
  const server = http.createServer((_req, res) => {
    res.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8' });
    res.end(html);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

export async function launchBrowser(): Promise<Browser> {
  const executablePath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
  // playwright-core gives each launch a fresh, empty profile of its own.
  return chromium.launch({ executablePath, args: CHROMIUM_ARGS });
}

/** A host page of the server in a fresh browser context, and the widget's frame on it. */
export async function openInFrame(
  context: { server: { baseUrl: string }; browser: Browser },
  path: string,
  viewport = { width: 1100, height: 900 },
): Promise<{ page: Page; frame: Frame }> {
  const page = await (await context.browser.newContext({ viewport })).newPage();
  await page.goto(context.server.baseUrl + path);
  const frame = await (await page.waitForSelector('iframe')).contentFrame();
  if (!frame) throw new Error(`no widget frame on ${path}`);
  return { page, frame };
}

/**
 * The route's first screen is shown: the frame's loading shell (its title and progress bar,
 * which stand in front of the app until then) and every progress bar of the app are gone.
 */
export async function firstScreenShown(frame: Frame) {
  await frame.waitForFunction(
    () =>
      !document.getElementById('shell') &&
      (document.getElementById('root')?.childElementCount ?? 0) > 0 &&
      !document.querySelector('[role="progressbar"]'),
  );
}

/** One server and one browser for a test file, started before and closed after its tests. */
export function serverAndBrowser(extraEnv: Record<string, string> = {}) {
  const context = {} as { server: Awaited<ReturnType<typeof startServer>>; browser: Browser };
  before(async () => {
    context.server = await startServer(extraEnv);
    context.browser = await launchBrowser();
  });
  after(async () => {
    await context.browser?.close();
    await context.server?.close();
  });
  return context;
}

/** The widget's frame on the page has no axe violations (`state` names it in the failure). */
export async function expectNoAxeViolations(page: Page, state: string) {
  const results = await new AxeBuilder({ page }).include('iframe').analyze();
  assert.deepEqual(
    results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`),
    [],
    `axe violations on ${state}`,
  );
}

/** Axe on a whole page (the inbox is a page of its own, not a frame). */
export async function expectPageAxeClean(page: Page, state: string) {
  const results = await new AxeBuilder({ page }).analyze();
  assert.deepEqual(
    results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`),
    [],
    `axe violations on ${state}`,
  );
}

/** Presses Tab until the element has focus: proves it is reachable by keyboard. */
export async function tabTo(page: Page, target: Locator, limit = 80) {
  for (let i = 0; i < limit; i += 1) {
    if (await target.evaluate((el) => el === el.ownerDocument.activeElement).catch(() => false))
      return;
    await page.keyboard.press('Tab');
  }
  throw new Error(`could not reach ${target} by Tab`);
}

/** Resolves once the page has not scrolled for ten frames (a smooth scroll has ended). */
export async function scrollSettled(page: Page) {
  // No named functions inside: the page function is sent as its source.
  await page.waitForFunction(async () => {
    const start = window.scrollY;
    for (let frame = 0; frame < 10; frame += 1) {
      await new Promise((resolve) => requestAnimationFrame(resolve));
      if (window.scrollY !== start) return false;
    }
    return true;
  });
}

/** Map tiles from the test itself (one small image for every tile): no request leaves the machine. */
export async function serveTiles(context: BrowserContext) {
  const tile = fs.readFileSync(
    path.join(__dirname, '..', 'node_modules', 'leaflet', 'dist', 'images', 'layers.png'),
  );
  await context.route('https://tile.openstreetmap.org/**', (route) =>
    route.fulfill({ status: 200, contentType: 'image/png', body: tile }),
  );
}

/**
 * Every error the page and its frames write to the console, and every uncaught exception:
 * the test asserts the list is empty at its end.
 */
export function consoleErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error')
      errors.push(`${message.text()} (${message.location().url || 'no source'})`);
  });
  page.on('pageerror', (error) => errors.push(`uncaught: ${error.message}`));
  return errors;
}

/**
 * A staff member (`email`, one of AGENCY_USERS) signed in to the inbox by the mailed link, in a
 * page of `width` px and `locale`. Only the sign-in mails are counted: the agency's notices go
 * to the same address without a link.
 */
export async function staffPage(
  server: Awaited<ReturnType<typeof startServer>>,
  browser: Browser,
  { email, width, locale }: { email: string; width: number; locale: string },
): Promise<Page> {
  const context = await browser.newContext({ locale, viewport: { width, height: 844 } });
  const page = await context.newPage();
  await page.goto(`${server.baseUrl}/agency`);
  const link = (m: TestMail) => m.to === email && m.links.length > 0;
  const before = (await server.mails()).filter(link).length;
  await page.getByRole('textbox', { name: /mail/i }).fill(email);
  await page.keyboard.press('Enter');
  const mail = await mailTo(server, link, before + 1);
  await page.goto(mail.links[0]!);
  await page.getByRole('heading', { level: 1 }).first().waitFor();
  return page;
}

/** Whether the page fits its viewport's width (nothing scrolls sideways). */
export const noSidewaysScroll = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);

/** A full-page screenshot named `name`, when SCREENSHOTS names a folder to put it in. */
export async function shoot(page: Page, name: string) {
  const folder = process.env.SCREENSHOTS;
  if (folder) await page.screenshot({ path: path.join(folder, `${name}.png`), fullPage: true });
}
