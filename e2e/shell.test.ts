import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import AxeBuilder from '@axe-core/playwright';
import type { Frame, Page } from 'playwright-core';
import { firstScreenShown, serverAndBrowser, startForeignSite } from './harness';

const ctx = serverAndBrowser();

async function widgetFrame(page: Page): Promise<Frame> {
  const handle = await page.waitForSelector('iframe');
  const frame = await handle.contentFrame();
  assert.ok(frame, 'the embed script created the widget frame');
  return frame;
}

describe('the demo page embeds the widget', () => {
  it('completes the handshake and shows the route', async () => {
    const page = await (await ctx.browser.newContext()).newPage();
    await page.goto(`${ctx.server.baseUrl}/demo/lead-wizard`);
    const frame = await widgetFrame(page);
    await firstScreenShown(frame);
    await frame
      .getByRole('heading', { level: 1, name: 'Immobilie verkaufen oder vermieten' })
      .waitFor();
    assert.equal(await frame.getByRole('heading', { level: 1 }).count(), 1);
    await frame.getByRole('button', { name: 'Haus', exact: true }).waitFor();
    assert.equal(
      await page.locator('iframe').getAttribute('title'),
      'Immobilie verkaufen oder vermieten',
    );
    await page.context().close();
  });

  it('passes the page language on: ?lang=en-US gives English', async () => {
    const page = await (await ctx.browser.newContext()).newPage();
    await page.goto(`${ctx.server.baseUrl}/demo/login?lang=en-US`);
    const frame = await widgetFrame(page);
    await frame.getByRole('heading', { level: 1, name: 'Sign in' }).waitFor();
    assert.equal(await frame.evaluate(() => document.documentElement.lang), 'en-US');
    await page.context().close();
  });

  it('lets the iframe height follow its content', async () => {
    const page = await (await ctx.browser.newContext()).newPage();
    await page.goto(`${ctx.server.baseUrl}/demo/contact-form-wizard`);
    const frame = await widgetFrame(page);
    await firstScreenShown(frame);
    await frame.getByRole('heading', { level: 1 }).waitFor();
    const iframe = page.locator('iframe');
    const contentHeight = () =>
      frame.evaluate(() => Math.ceil(document.body.getBoundingClientRect().height));
    const frameHeight = () =>
      iframe.evaluate((el) => Math.round(el.getBoundingClientRect().height));
    await page.waitForFunction(
      (expected) =>
        Math.round(document.querySelector('iframe')!.getBoundingClientRect().height) === expected,
      await contentHeight(),
    );
    const before = await frameHeight();
    await frame.evaluate(() => {
      const block = document.createElement('div');
      block.style.height = '640px';
      document.getElementById('root')!.appendChild(block);
    });
    await page.waitForFunction(
      (previous) =>
        Math.round(document.querySelector('iframe')!.getBoundingClientRect().height) > previous,
      before,
    );
    assert.equal(await frameHeight(), await contentHeight());
    assert.equal((await frameHeight()) - before, 640);
    await page.context().close();
  });

  it('has no axe violations in the shell', async () => {
    const page = await (await ctx.browser.newContext()).newPage();
    await page.goto(`${ctx.server.baseUrl}/demo/lead-wizard`);
    const frame = await widgetFrame(page);
    await firstScreenShown(frame);
    await frame.getByRole('heading', { level: 1 }).waitFor();
    const results = await new AxeBuilder({ page }).include('iframe').analyze();
    assert.deepEqual(
      results.violations.map(
        (v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`,
      ),
      [],
    );
    await page.context().close();
  });
});

describe('a page of a foreign origin', () => {
  it('cannot frame the widget (frame-ancestors), so nothing of it runs there', async () => {
    const foreign =
      await startForeignSite(`<!doctype html><html lang="de"><head><title>Fremd</title></head><body>
      <iframe id="w" title="Widget" src="${ctx.server.baseUrl}/webapp/lead-wizard" style="width:100%;height:400px"
        onload="window.frameLoaded = true"></iframe>
      <script>
        window.received = [];
        addEventListener('message', function (e) {
          window.received.push(e.data && e.data.type);
          if (e.data && e.data.type === 'ready') {
            document.getElementById('w').contentWindow.postMessage(
              { source: 'immosuite-host', version: 1, type: 'init', payload: { nonce: 'x', config: {} } }, '*');
          }
        });
      </script></body></html>`);
    const page = await (await ctx.browser.newContext()).newPage();
    const refused = page.waitForEvent('console', (m) => /frame-ancestors/.test(m.text()));
    try {
      await page.goto(foreign.url);
      await refused;
      await page.waitForFunction(
        () => (window as unknown as { frameLoaded?: boolean }).frameLoaded,
      );
      const frame = await widgetFrame(page);
      assert.equal(await frame.locator('#root').count(), 0, 'the widget page did not load');
      assert.deepEqual(
        await page.evaluate(() => (window as unknown as { received: string[] }).received),
        [],
      );
    } finally {
      await page.context().close();
      await foreign.close();
    }
  });
});
