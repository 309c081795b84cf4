/**
 * The lead wizard on a slow line and across a lost connection, against the reference backend:
 * on an emulated slow line (Chrome's network emulation) a visitor goes back before the map has
 * come and on again, and a double click sends once; offline at the submit, the form says so in
 * one message, keeps everything and sends it by itself once the browser is back online (the
 * same Idempotency-Key); with the server out of reach, 'Erneut senden' sends it once it answers.
 */
import assert from 'node:assert/strict';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import Database from 'better-sqlite3';
import type { Browser, Frame, Request } from 'playwright-core';
import { consoleErrors, launchBrowser, serveTiles, startServer } from './harness';
import { fillContact, SUCCESS } from './journeys';

const OFFLINE_DE =
  'Keine Verbindung zum Server: noch nicht gesendet. Ihre Eingaben bleiben erhalten und werden gesendet, sobald die Verbindung wieder besteht.';
const OFFLINE_EN =
  'No connection to the server: not sent yet. Everything you entered is kept and will be sent as soon as the connection is back.';

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

async function open() {
  const context = await browser.newContext({ viewport: { width: 1100, height: 900 } });
  await serveTiles(context);
  const page = await context.newPage();
  const errors = consoleErrors(page);
  return { context, page, errors };
}

async function frameOf(page: Awaited<ReturnType<typeof open>>['page'], route: string) {
  await page.goto(server.baseUrl + route);
  const frame = await (await page.waitForSelector('iframe')).contentFrame();
  if (!frame) throw new Error(`no widget frame on ${route}`);
  return frame;
}

function leadCount(email: string): number {
  const db = new Database(path.join(server.dataDir, 'immosuite.sqlite'), { readonly: true });
  try {
    return (
      db
        .prepare(
          `SELECT COUNT(*) AS n FROM leads l JOIN submissions s ON s.id = l.submission_id
           JOIN contacts c ON c.id = s.contact_id WHERE c.email = ?`,
        )
        .get(email) as { n: number }
    ).n;
  } finally {
    db.close();
  }
}

/** Category first, in German, up to the filled contact form (not sent). */
async function toContact(frame: Frame, email: string) {
  await frame.getByRole('button', { name: 'Wohnung', exact: true }).click();
  await frame
    .getByRole('combobox', { name: 'Adresse suchen' })
    .fill('Kastanienallee 12, 10435 Berlin');
  await frame
    .getByRole('option', { name: /^Kastanienallee 12/ })
    .first()
    .click();
  await frame.getByRole('button', { name: 'Weitere Details eingeben' }).click();
  await frame.getByRole('textbox', { name: 'Preisvorstellung' }).fill('450.000');
  await frame.getByRole('button', { name: 'Weiter', exact: true }).click();
  await fillContact(frame, 'de', email);
}

describe('the lead wizard on a slow line', () => {
  it('goes back before the map has come and on again, keeps the map, and a double click sends once', async () => {
    const { context, page, errors } = await open();
    // Every wait below is for a condition; the slow line only makes them longer.
    page.setDefaultTimeout(90_000);
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: 400,
      // Bytes per second: 100 KB/s down, 50 KB/s up.
      downloadThroughput: 100 * 1024,
      uploadThroughput: 50 * 1024,
    });
    const frame = await frameOf(page, '/demo/lead-wizard');
    const map = frame.getByRole('region', { name: 'Karte', exact: true });
    // The map's code is on its way when the visitor goes back, and again when they return.
    const mapChunk = page.waitForRequest((r) => /\/chunks\/map\./.test(r.url()));
    await frame.getByRole('button', { name: 'Haus', exact: true }).click();
    await mapChunk;
    await frame.getByRole('button', { name: 'Zurück' }).click();
    await frame.getByRole('button', { name: 'Haus', exact: true }).click();
    await map.locator('.leaflet-tile-loaded').first().waitFor();
    await frame.getByRole('button', { name: 'Zurück' }).click();
    await frame.getByRole('button', { name: 'Wohnung', exact: true }).waitFor();

    const email = 'langsam@example.de';
    await toContact(frame, email);
    const posts: Request[] = [];
    page.on('request', (r) => {
      if (r.method() === 'POST' && r.url().endsWith('/v1/wizard/lead')) posts.push(r);
    });
    await frame.getByRole('button', { name: 'Anfrage abschicken' }).dblclick();
    await frame.getByText(SUCCESS.de).waitFor();
    assert.equal(posts.length, 1, 'one request for a double click');
    assert.equal(leadCount(email), 1);
    assert.deepEqual(errors, []);
    await context.close();
  });
});

describe('the lead wizard offline at the submit', () => {
  it('says so in one message, keeps everything, and sends it by itself once back online, once', async () => {
    const { context, page, errors } = await open();
    const frame = await frameOf(page, '/demo/lead-wizard');
    const email = 'funkloch@example.de';
    await toContact(frame, email);
    const keys: string[] = [];
    page.on('request', (r) => {
      if (r.method() === 'POST' && r.url().endsWith('/v1/wizard/lead'))
        keys.push(r.headers()['idempotency-key'] ?? '');
    });

    await context.setOffline(true);
    await frame.getByRole('button', { name: 'Anfrage abschicken' }).click();
    const alert = frame.getByRole('alert');
    await alert.filter({ hasText: OFFLINE_DE }).waitFor();
    // One message: nothing generic above it, no snackbar beside it.
    assert.deepEqual(await alert.allTextContents(), [OFFLINE_DE]);
    // The send button below it now says what it does.
    await frame.getByRole('button', { name: 'Erneut senden' }).waitFor();
    assert.equal(await frame.getByText('Es ist ein Fehler aufgetreten.').count(), 0);
    assert.equal(await frame.getByText(/Bitte versuchen Sie es erneut/).count(), 0);
    assert.equal(await frame.getByRole('textbox', { name: 'E-Mail' }).inputValue(), email);
    assert.equal(leadCount(email), 0);

    await context.setOffline(false);
    await frame.getByText(SUCCESS.de).waitFor();
    assert.equal(leadCount(email), 1);
    // The send that went through carried the key of the one that did not.
    assert.ok(keys.length >= 1 && keys.every((key) => key === keys[0]), keys.join());
    // The console may name the failed request (Chrome logs it); nothing else.
    assert.deepEqual(
      errors.filter((e) => !/Failed to load resource: net::ERR_INTERNET_DISCONNECTED/.test(e)),
      [],
    );
    await context.close();
  });
});

describe('a contact page whose server cannot be reached at the submit', () => {
  it("keeps everything, and 'Erneut senden' sends it once the server answers again, once", async () => {
    const { context, page } = await open();
    const frame = await frameOf(page, '/demo/contact-form-wizard?lang=en-US');
    const email = 'server-gone@example.de';
    await frame.getByRole('textbox', { name: 'Message' }).fill('Do you value houses in Pankow?');
    await fillContact(frame, 'en', email);
    // The browser stays online; the API's requests find no server.
    const api = '**/wp-json/**';
    await context.route(api, (route) => route.abort('connectionrefused'));
    await frame.getByRole('button', { name: 'Send inquiry' }).click();
    const alert = frame.getByRole('alert').filter({ hasText: OFFLINE_EN });
    await alert.waitFor();
    assert.equal(await frame.getByRole('alert').count(), 1);
    assert.equal(
      await frame.getByRole('textbox', { name: 'Message' }).inputValue(),
      'Do you value houses in Pankow?',
    );

    await context.unroute(api);
    await frame.getByRole('button', { name: 'Send again' }).click();
    await frame
      .getByText('Your inquiry has been sent. Please check your inbox to confirm it.')
      .waitFor();
    const db = new Database(path.join(server.dataDir, 'immosuite.sqlite'), { readonly: true });
    try {
      const { n } = db
        .prepare(
          `SELECT COUNT(*) AS n FROM submissions s JOIN contacts c ON c.id = s.contact_id
           WHERE c.email = ?`,
        )
        .get(email) as { n: number };
      assert.equal(n, 1);
    } finally {
      db.close();
    }
    await context.close();
  });
});
