/**
 * An agency's site (another site: localhost, where the widget is served from 127.0.0.1)
 * embeds the widget with the embed script and a visitor sends a lead through it: the widget's
 * cookies reach it in the frame (SameSite=None; Secure; Partitioned), and the lead arrives.
 */
import assert from 'node:assert/strict';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { after, before, describe, it } from 'node:test';
import type { Browser } from 'playwright-core';
import { newLoggedInContact, PREFIX } from '../test/server/testServer';
import { launchBrowser, startServer } from './harness';

describe('embedded on another site', () => {
  let agency: http.Server;
  let agencyPort = 0;
  let server: Awaited<ReturnType<typeof startServer>>;
  let browser: Browser;

  before(async () => {
    agency = http.createServer((req, res) => {
      // '/konto': the agency's login page; anything else: its page with the lead wizard.
      const login = new URL(req.url ?? '/', 'http://x').pathname === '/konto';
      res.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8' });
      res.end(`<!doctype html><html lang="de"><head><title>Makler</title></head><body>
        <h1>Muster Makler</h1>
        <div data-immosuite-widget="${login ? 'login' : 'lead-wizard'}" data-title="${login ? 'Mein Konto' : 'Immobilie verkaufen'}"></div>
        <script src="${server.baseUrl}/webapp/static/embed.js" async></script></body></html>`);
    });
    await new Promise<void>((resolve) => agency.listen(0, '127.0.0.1', resolve));
    agencyPort = (agency.address() as AddressInfo).port;
    server = await startServer({ ALLOWED_ORIGINS: `http://localhost:${agencyPort}` });
    browser = await launchBrowser();
  });

  after(async () => {
    await browser?.close();
    await server?.close();
    await new Promise((resolve) => agency.close(resolve));
  });

  it('a visitor sends a lead from the agency page, and it arrives with its mail', async () => {
    const page = await (
      await browser.newContext({ viewport: { width: 1100, height: 900 } })
    ).newPage();
    await page.goto(`http://localhost:${agencyPort}/`);
    const frame = (await (await page.waitForSelector('iframe')).contentFrame())!;
    await frame.getByRole('button', { name: 'Wohnung', exact: true }).click();
    await frame
      .getByRole('combobox', { name: 'Adresse suchen' })
      .fill('Kastanienallee 12, 10435 Berlin');
    await frame.getByRole('option', { name: 'Kastanienallee 12, 10435 Berlin' }).click();
    await frame.getByRole('button', { name: 'Weitere Details eingeben' }).click();
    await frame.getByRole('textbox', { name: 'Preisvorstellung' }).fill('450.000');
    await frame.getByRole('button', { name: 'Weiter' }).click();
    await frame.getByRole('textbox', { name: 'Vorname' }).fill('Erika');
    await frame.getByRole('textbox', { name: 'Nachname' }).fill('Fremdseite');
    await frame.getByRole('textbox', { name: 'E-Mail' }).fill('fremdseite@example.de');
    await frame.getByRole('checkbox', { name: /Datenschutzerklärung/ }).check();
    await frame.getByRole('checkbox', { name: /kontaktiert/ }).check();
    await frame.getByRole('button', { name: 'Anfrage abschicken' }).click();
    await frame.getByText(/Ihre Anfrage wurde abgeschickt/).waitFor();

    const cookies = await page.context().cookies(server.baseUrl);
    const xsrf = cookies.find((c) => c.name === 'XSRF-TOKEN');
    assert.ok(xsrf, 'the widget kept its XSRF cookie inside the agency page');
    assert.equal(xsrf.sameSite, 'None');
    assert.equal(xsrf.secure, true);
    const mails = (await server.mails()).filter((m) => m.to === 'fremdseite@example.de');
    assert.equal(mails.length, 1);
    await page.context().close();
  });

  it('a contact logged in on the agency page is still logged in after a reload, and logs out from the UI', async () => {
    const email = 'fremdseite-konto@example.de';
    await newLoggedInContact(server, email);
    await server.client().post(`${PREFIX}/v1/auth/email`, { email });
    const link = (await server.mails()).find((m) => m.to === email && m.links.length)!.links[0]!;
    const k = new URL(link).searchParams.get('k')!;
    const page = await (await browser.newContext()).newPage();
    await page.goto(`http://localhost:${agencyPort}/konto?k=${encodeURIComponent(k)}`);
    const home = (await (await page.waitForSelector('iframe')).contentFrame())!;
    await home.getByRole('tablist').waitFor();
    assert.ok(!new URL(page.url()).searchParams.has('k'), 'the key left the page address');

    // A reload: no key, no nonce from the page; the session is restored, not lost.
    await page.reload();
    const again = (await (await page.waitForSelector('iframe')).contentFrame())!;
    await again.getByRole('tablist').waitFor();
    await again.getByRole('button', { name: 'Abmelden' }).click();
    await again.getByText('Sie wurden abgemeldet.').waitFor();

    // Ended on the server: another reload shows the login form.
    await page.reload();
    const after = (await (await page.waitForSelector('iframe')).contentFrame())!;
    await after.getByRole('button', { name: 'E-Mail verschicken' }).waitFor();
    assert.equal(await after.getByRole('tablist').count(), 0);
    await page.context().close();
  });
});
