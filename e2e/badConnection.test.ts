/**
 * A bad connection loses nothing (issue #8): the backend goes away in the middle of the lead
 * wizard and comes back; the visitor sees what happened in words, retries, and completes the
 * lead with everything typed before.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Browser } from 'playwright-core';
import { startTestServer } from '../test/server/testServer';
import { launchBrowser, startServer } from './harness';
import { contact } from './journeys';

describe('the backend goes away mid-wizard and comes back', () => {
  let server: Awaited<ReturnType<typeof startServer>>;
  let browser: Browser;

  before(async () => {
    server = await startServer();
    browser = await launchBrowser();
  });

  after(async () => {
    await browser?.close();
    await server?.close();
  });

  it('shows what happened, retries, and completes the lead', async () => {
    const port = Number(new URL(server.baseUrl).port);
    const page = await (
      await browser.newContext({ viewport: { width: 1100, height: 900 } })
    ).newPage();
    await page.goto(`${server.baseUrl}/demo/lead-wizard`);
    const frame = (await (await page.waitForSelector('iframe')).contentFrame())!;
    await frame.getByRole('radio', { name: 'Verkaufen' }).check();
    await frame.getByRole('button', { name: 'Wohnung', exact: true }).waitFor();

    await server.close();
    await frame.getByRole('button', { name: 'Wohnung', exact: true }).click();
    // The map's code and the field definitions could not load: said in words, nothing blank.
    await frame
      .getByRole('alert')
      .filter({ hasText: 'Die Karte konnte nicht geladen werden.' })
      .waitFor();
    await frame
      .getByText('Keine Verbindung zum Server. Bitte versuchen Sie es erneut.')
      .first()
      .waitFor();
    assert.equal(await frame.getByText(/HTTP-ERROR/).count(), 0);
    await frame.getByRole('heading', { name: /Schritt 2 von 4/ }).waitFor();

    const restarted = await startTestServer({}, server.dataDir, port);
    server = { ...restarted, baseUrl: restarted.base };
    await frame.getByRole('button', { name: 'Erneut versuchen' }).click();
    await frame.locator('.leaflet-container').waitFor();
    await frame
      .getByRole('combobox', { name: 'Adresse suchen' })
      .fill('Kastanienallee 12, 10435 Berlin');
    await frame.getByRole('option', { name: 'Kastanienallee 12, 10435 Berlin' }).click();
    await frame.getByRole('button', { name: 'Weitere Details eingeben' }).click();
    // The definitions that failed are asked for again now that the step shows.
    await frame.getByRole('textbox', { name: 'Wohnfläche (m²)' }).fill('82,5');
    await frame.getByRole('button', { name: 'Weiter' }).click();
    await contact(frame, 'de', 'bad.connection@example.de');
    const mails = (await (await fetch(`${server.baseUrl}/dev/mailbox.json`)).json()) as {
      to: string;
    }[];
    assert.equal(mails.filter((m) => m.to === 'bad.connection@example.de').length, 1);
    await page.context().close();
  });
});
