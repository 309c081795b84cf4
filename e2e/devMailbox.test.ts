/**
 * The dev mailbox in Chromium against the reference backend: a notice of a contact message
 * from a visitor named like markup is listed, opens with its headers, its HTML part shown in
 * a sandboxed frame (the visitor's name as text, nothing run), and its OpenImmo-Feedback
 * attachment downloads under its name.
 */
import assert from 'node:assert/strict';
import fs from 'node:fs';
import { describe, it } from 'node:test';
import { contact, PREFIX } from '../test/server/testServer';
import { serverAndBrowser } from './harness';

const ctx = serverAndBrowser();

describe('the dev mailbox', () => {
  it("shows a notice's headers, HTML part and attachment, and runs nothing a visitor typed", async () => {
    const visitor = ctx.server.client();
    const sent = await visitor.post(`${PREFIX}/v1/wizard/contact`, {
      contact: contact({
        email: 'eve.mailbox-e2e@example.de',
        firstname: '<img src=x onerror=alert(1)>',
      }),
      message: '<script>alert(2)</script>',
    });
    assert.equal(sent.status, 201);
    const confirmation = (await ctx.server.mails()).find(
      (m) => m.to === 'eve.mailbox-e2e@example.de' && m.links.length,
    )!;
    await visitor.post(`${PREFIX}/v1/wizard/confirm`, {
      k: new URL(confirmation.links[0]!).searchParams.get('k'),
    });

    const page = await (await ctx.browser.newContext({ acceptDownloads: true })).newPage();
    const dialogs: string[] = [];
    page.on('dialog', (dialog) => {
      dialogs.push(dialog.message());
      void dialog.dismiss();
    });
    await page.goto(`${ctx.server.baseUrl}/dev/mailbox`);
    await page.getByRole('link', { name: /^Neue Kontaktnachricht: Frau <img src=x/ }).click();
    await page.getByRole('heading', { level: 2, name: 'Kopfzeilen' }).waitFor();
    const headers = await page.locator('dl').innerText();
    assert.match(
      headers,
      /Reply-To\s+<img src=x onerror=alert\(1\)> Mustermann <eve\.mailbox-e2e@example\.de>/,
    );
    assert.match(headers, /To\s+makler@immosuite\.local/);

    // The HTML part, in a sandboxed frame: the visitor's words as text.
    const frameElement = page.locator('iframe[sandbox=""]');
    assert.equal(await frameElement.getAttribute('title'), 'HTML-Teil der E-Mail');
    const frame = page.frameLocator('iframe[sandbox=""]');
    await frame.getByText('<script>alert(2)</script>').waitFor();
    await frame.getByText('<img src=x onerror=alert(1)>', { exact: false }).first().waitFor();

    const download = page.waitForEvent('download');
    await page.getByRole('link', { name: 'kontakt-openimmo-feedback.xml' }).click();
    const file = await download;
    assert.equal(file.suggestedFilename(), 'kontakt-openimmo-feedback.xml');
    assert.match(fs.readFileSync((await file.path())!, 'utf8'), /<openimmo_feedback/);
    assert.deepEqual(dialogs, []);
    await page.context().close();
  });

  it('lists a mail to a very long address on a phone without sideways scrolling', async () => {
    const email =
      'sehr.langer.name.mit.vielen.punkten.und.noch.mehr@eine-sehr-lange-domain-beispiel.de';
    const sent = await ctx.server.client().post(`${PREFIX}/v1/wizard/contact`, {
      contact: contact({ email }),
      message: 'Bitte um Rückruf.',
    });
    assert.equal(sent.status, 201);
    const page = await (
      await ctx.browser.newContext({ viewport: { width: 390, height: 844 } })
    ).newPage();
    await page.goto(`${ctx.server.baseUrl}/dev/mailbox`);
    await page.getByText(email).waitFor();
    assert.equal(
      await page.evaluate(() => document.documentElement.scrollWidth),
      390,
      'the list is wider than the phone',
    );
  });
});
