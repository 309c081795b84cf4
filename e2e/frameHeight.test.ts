/**
 * The frame (decision 21) is as high as the widget's document needs, so it never scrolls
 * inside and cuts nothing off, on every step of the lead and saved-search wizards and on the
 * contact pages, wide and narrow.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { Frame, Page } from 'playwright-core';
import { firstScreenShown, scrollSettled, serverAndBrowser } from './harness';

const ctx = serverAndBrowser();

/**
 * Waits until the iframe has taken the height the widget reported (growing or shrinking),
 * then compares.
 */
async function assertNoInnerScroll(page: Page, frame: Frame, where: string) {
  const measure = async () => ({
    ...(await frame.evaluate(() => ({
      needed: document.documentElement.scrollHeight,
      viewport: window.innerHeight,
      wide: document.documentElement.scrollWidth - window.innerWidth,
    }))),
    box: (await page.locator('iframe').boundingBox())?.height ?? 0,
  });
  // The size message takes a few frames to arrive and be applied, and the frame as it was may
  // fit too (a shrink still on its way): wait until the frame's document has fit it for ten
  // frames in a row (the page can read its same-origin frame); a failure is told below.
  await page
    .waitForFunction(
      () => {
        const iframe = document.querySelector('iframe')!;
        const inner = iframe.contentWindow!;
        const needed = inner.document.documentElement.scrollHeight;
        const box = iframe.getBoundingClientRect().height;
        const fits = needed <= inner.innerHeight && Math.abs(box - inner.innerHeight) <= 1;
        const seen = window as unknown as { fitFrames?: number };
        seen.fitFrames = fits ? (seen.fitFrames ?? 0) + 1 : 0;
        return seen.fitFrames >= 10;
      },
      undefined,
      { timeout: 10_000 },
    )
    .catch(() => {});
  const last = await measure();
  assert.ok(
    last.needed <= last.viewport,
    `${where}: the document needs ${last.needed} px, the frame shows ${last.viewport} px`,
  );
  assert.ok(last.wide <= 0, `${where}: ${last.wide} px wider than the frame`);
  assert.ok(
    Math.abs(last.box - last.viewport) <= 1,
    `${where}: the iframe is ${last.box} px high, its document sees ${last.viewport} px`,
  );
}

for (const width of [1200, 375]) {
  describe(`frame height at ${width} px`, () => {
    it('every step of the lead wizard fits its frame', async () => {
      const page = await (
        await ctx.browser.newContext({ viewport: { width, height: 800 } })
      ).newPage();
      await page.goto(`${ctx.server.baseUrl}/demo/lead-wizard`);
      const frame = (await (await page.waitForSelector('iframe')).contentFrame())!;
      await frame.getByRole('button', { name: 'Wohnung', exact: true }).waitFor();
      await assertNoInnerScroll(page, frame, 'step 1');

      await frame.getByRole('button', { name: 'Wohnung', exact: true }).click();
      await frame.getByRole('combobox', { name: 'Adresse suchen' }).waitFor();
      await frame.locator('.leaflet-container').waitFor();
      await assertNoInnerScroll(page, frame, 'step 2');
      await frame
        .getByRole('combobox', { name: 'Adresse suchen' })
        .fill('Kastanienallee 12, Berlin');
      await frame.getByRole('option').first().waitFor();
      await assertNoInnerScroll(page, frame, 'step 2 with suggestions');
      await frame.getByRole('option').first().click();
      await frame.getByRole('button', { name: 'Adresse manuell eingeben' }).click();
      await assertNoInnerScroll(page, frame, 'step 2 with manual fields');

      await frame.getByRole('button', { name: 'Weitere Details eingeben' }).click();
      await frame.getByRole('textbox', { name: 'Preisvorstellung' }).waitFor();
      await assertNoInnerScroll(page, frame, 'step 3');

      await frame.getByRole('button', { name: 'Weiter' }).click();
      await frame.getByRole('button', { name: 'Anfrage abschicken' }).click();
      await frame.getByText('Bitte prüfen Sie Ihre Eingaben.').waitFor();
      await assertNoInnerScroll(page, frame, 'step 4 with errors');

      await frame.getByRole('textbox', { name: 'Vorname' }).fill('Erika');
      await frame.getByRole('textbox', { name: 'Nachname' }).fill('Mustermann');
      await frame.getByRole('textbox', { name: 'E-Mail' }).fill(`hoehe-${width}@example.de`);
      await frame.getByRole('checkbox', { name: /Datenschutzerklärung/ }).check();
      await frame.getByRole('checkbox', { name: /kontaktiert/ }).check();
      await frame.getByRole('button', { name: 'Anfrage abschicken' }).click();
      await frame.getByText(/Ihre Anfrage wurde abgeschickt/).waitFor();
      // The host page scrolls to the message (smoothly) while the frame shrinks to it.
      await scrollSettled(page);
      await assertNoInnerScroll(page, frame, 'success');
      await page.context().close();
    });

    it('every step of the saved-search wizard and each contact page fits its frame', async () => {
      const page = await (
        await ctx.browser.newContext({ viewport: { width, height: 800 } })
      ).newPage();
      await page.goto(`${ctx.server.baseUrl}/demo/saved-search-wizard`);
      const frame = (await (await page.waitForSelector('iframe')).contentFrame())!;
      await frame.locator('path[data-region]').first().waitFor();
      await assertNoInnerScroll(page, frame, 'regions');
      await frame.getByRole('button', { name: 'Details eingeben' }).click();
      // The step change scrolls the page smoothly up to the frame: click once it has stopped.
      await scrollSettled(page);
      await frame.getByRole('button', { name: 'Haus', exact: true }).click();
      await frame.getByRole('textbox', { name: 'Kaufpreis von' }).waitFor();
      await assertNoInnerScroll(page, frame, 'details');
      await frame.getByRole('button', { name: 'Weiter' }).click();
      await frame.getByRole('button', { name: 'Suchprofil erstellen' }).click();
      await frame.getByText('Bitte prüfen Sie Ihre Eingaben.').waitFor();
      await assertNoInnerScroll(page, frame, 'contact with errors');
      for (const route of [
        'expose-inquiry-wizard?objectId=1&customObjectId=W-1001',
        'contact-form-wizard',
        'newsletter-wizard',
      ]) {
        await page.goto(`${ctx.server.baseUrl}/demo/${route}`);
        const pageFrame = (await (await page.waitForSelector('iframe')).contentFrame())!;
        await pageFrame.getByRole('form').waitFor();
        await assertNoInnerScroll(page, pageFrame, route);
      }
      await page.context().close();
    });
  });
}

describe("the height the embed script reserves for a route's first screen", () => {
  const ROUTES = [
    'lead-wizard',
    'saved-search-wizard',
    'expose-inquiry-wizard?objectId=1',
    'contact-form-wizard',
    'newsletter-wizard',
    'login',
  ];
  for (const width of [390, 1100]) {
    it(`is within 24 px of the first screen's at ${width} px, so the page does not jump`, async () => {
      const context = await ctx.browser.newContext({ viewport: { width, height: 900 } });
      try {
        const differences: string[] = [];
        for (const route of ROUTES) {
          const page = await context.newPage();
          await page.goto(`${ctx.server.baseUrl}/demo/${route}`);
          const iframe = await page.waitForSelector('iframe');
          // Set by the embed script when it made the frame, before the widget said anything.
          const reserved = parseFloat(await iframe.evaluate((el) => el.style.height));
          const frame = (await iframe.contentFrame())!;
          await firstScreenShown(frame);
          await assertNoInnerScroll(page, frame, route);
          const shown = (await page.locator('iframe').boundingBox())!.height;
          if (Math.abs(shown - reserved) > 24)
            differences.push(`${route}: reserved ${reserved}, first screen ${shown}`);
          await page.close();
        }
        assert.deepEqual(differences, []);
      } finally {
        await context.close();
      }
    });
  }
});
