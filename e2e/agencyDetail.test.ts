/**
 * A submission's detail in the inbox on a phone (390 px), in Chromium against the reference
 * backend: a lead whose webhook receiver answers 500, whose visitor has a long e-mail address
 * and sent a long link. The page does not scroll sideways, the delivery log says the event, the next try
 * and the error in German, the consents are sentences, the map fits; axe-clean, and the
 * status is set by keyboard.
 */
import assert from 'node:assert/strict';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { after, before, describe, it } from 'node:test';
import AxeBuilder from '@axe-core/playwright';
import type { Browser } from 'playwright-core';
import { contact, keyOf, lead, mailTo, PREFIX } from '../test/server/testServer';
import { launchBrowser, serveTiles, startServer, tabTo } from './harness';

const SECRET = `whsec_${Buffer.alloc(32, 9).toString('base64')}`;
const AGENCY = 'makler@immosuite.local';
const EMAIL = 'erika.mustermann.schmidt@immobilienverwaltung.beispielstadt.example.de';

let receiver: http.Server;
let server: Awaited<ReturnType<typeof startServer>>;
let browser: Browser;

before(async () => {
  receiver = http.createServer((_request, response) => {
    response.writeHead(500, { 'Content-Type': 'text/plain' });
    response.end('the receiver is down');
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  server = await startServer({
    WEBHOOK_URL: `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hooks`,
    WEBHOOK_SECRET: SECRET,
  });
  browser = await launchBrowser();
});
after(async () => {
  await browser?.close();
  await server?.close();
  await new Promise((resolve) => receiver?.close(resolve));
});

describe("a submission's detail on a phone", () => {
  it('fits 390 px without sideways scrolling, and says its deliveries and consents in words', async () => {
    const visitor = server.client();
    const sent = await visitor.post<{ uuid: string }>(`${PREFIX}/v1/wizard/lead`, {
      contact: contact({ email: EMAIL }),
      lead: lead(),
      message:
        'Bitte abends anrufen. Mein Exposé: https://www.immobilienportal.example.de/exposes/kastanienallee12dachgeschosswohnung?referenz=immosuitewidget',
    });
    assert.equal(sent.status, 201);
    const confirmation = await mailTo(server, (m) => m.to === EMAIL && m.links.length > 0);
    await visitor.post(`${PREFIX}/v1/wizard/confirm`, { k: keyOf(confirmation.links[0]!) });
    // Each webhook call is tried once and answered 500: pending, with its next try.
    await server.app.outbox.runDue();

    const context = await browser.newContext({
      viewport: { width: 390, height: 844 },
      locale: 'de-DE',
      hasTouch: true,
    });
    await serveTiles(context);
    const page = await context.newPage();
    await page.goto(`${server.baseUrl}/agency`);
    const email = page.getByRole('textbox', { name: 'E-Mail-Adresse' });
    await email.waitFor();
    await tabTo(page, email);
    await page.keyboard.type(AGENCY);
    await page.keyboard.press('Enter');
    await page.getByText(/ist der Link unterwegs/).waitFor();
    const link = (await mailTo(server, (m) => m.to === AGENCY && /Anmeldelink/.test(m.subject)))
      .links[0]!;
    await page.goto(link);
    await page.getByText(`Angemeldet als ${AGENCY}`).waitFor();

    await page.goto(`${server.baseUrl}/agency/submissions/${sent.body.uuid}`);
    await page
      .getByRole('heading', { level: 1, name: 'Eigentümer-Anfrage: Erika Mustermann' })
      .waitFor();
    const deliveries = page.getByRole('list', {
      name: 'Benachrichtigungen und Webhooks zu diesem Eingang',
    });
    const created = deliveries
      .getByRole('listitem')
      .filter({ hasText: 'Webhook submission.created' });
    await created
      .getByText('Letzter Fehler: Der Empfänger antwortete mit HTTP-Status 500.')
      .waitFor();
    assert.match(await created.innerText(), /Nächster Versuch:\s+\d\d\.\d\d\.\d{4}, \d\d:\d\d Uhr/);
    await deliveries
      .getByRole('listitem')
      .filter({ hasText: 'Benachrichtigung an das Maklerbüro' })
      .getByText('Zugestellt', { exact: true })
      .waitFor();
    assert.ok(await created.isVisible());
    const consent = page.getByRole('region', { name: 'Einwilligung mit diesem Eingang' });
    await consent
      .getByText(/^Datenschutzerklärung zugestimmt am \d\d\.\d\d\.\d{4}, \d\d:\d\d Uhr$/)
      .waitFor();
    assert.doesNotMatch(await page.locator('main').innerText(), /dataPrivacy|: ja\b/);
    await page.locator('.leaflet-container').waitFor();

    // Nothing wider than the screen: the page does not scroll sideways.
    const widths = await page.evaluate(() => ({
      scroll: document.documentElement.scrollWidth,
      inner: window.innerWidth,
      map: document.querySelector('.leaflet-container')!.getBoundingClientRect().right,
    }));
    assert.ok(widths.scroll <= widths.inner, `the page is ${widths.scroll} px wide`);
    assert.ok(widths.map <= widths.inner, `the map reaches ${widths.map} px`);
    // A date is never broken inside: each consent's time stands on one line.
    const dateLines = await consent
      .locator('li span')
      .evaluateAll((spans) =>
        spans
          .filter((span) => /\d{4}, \d\d:\d\d Uhr$/.test(span.textContent ?? ''))
          .map((span) => span.getClientRects().length),
      );
    assert.ok(dateLines.length >= 2 && dateLines.every((n) => n === 1), String(dateLines));

    const results = await new AxeBuilder({ page }).analyze();
    assert.deepEqual(
      results.violations.map(
        (v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`,
      ),
      [],
    );

    // The status, set by keyboard.
    const status = page.getByRole('combobox', { name: 'Status' });
    await tabTo(page, status);
    await page.keyboard.press('ArrowDown');
    await page.getByText('Status gespeichert.').waitFor();
    assert.equal(await status.inputValue(), 'inProgress');
    await context.close();
  });
});
