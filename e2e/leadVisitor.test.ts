/** What visitors hit in the lead wizard (issue #8), each where the visitor saw it. */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { Frame, Page } from 'playwright-core';
import { serverAndBrowser } from './harness';
import { SUCCESS } from './journeys';

const ctx = serverAndBrowser();

async function open(path: string): Promise<{ page: Page; frame: Frame }> {
  const page = await (
    await ctx.browser.newContext({ viewport: { width: 1100, height: 900 } })
  ).newPage();
  await page.goto(ctx.server.baseUrl + path);
  const frame = await (await page.waitForSelector('iframe')).contentFrame();
  assert.ok(frame);
  return { page, frame };
}

async function mailsTo(address: string) {
  const mails = (await (await fetch(`${ctx.server.baseUrl}/dev/mailbox.json`)).json()) as {
    to: string;
  }[];
  return mails.filter((m) => m.to === address);
}

describe('lead wizard, as visitors found it', () => {
  it('no lead without an address: a jump to the contact step cannot send, the address step is marked', async () => {
    const { page, frame } = await open('/demo/lead-wizard');
    await frame.getByRole('button', { name: 'Wohnung', exact: true }).click();
    const header = frame.getByRole('navigation', { name: 'Schritte' });
    await header.getByRole('button', { name: 'Kontaktdaten' }).click();
    await frame.getByRole('heading', { name: 'Schritt 4 von 4: Kontaktdaten' }).waitFor();
    await frame.getByRole('textbox', { name: 'Vorname' }).fill('Erika');
    await frame.getByRole('textbox', { name: 'Nachname' }).fill('Mustermann');
    await frame.getByRole('textbox', { name: 'E-Mail' }).fill('no.address@example.de');
    await frame.getByRole('checkbox', { name: /Datenschutzerklärung/ }).check();
    await frame.getByRole('checkbox', { name: /kontaktiert/ }).check();
    await frame.getByRole('button', { name: 'Anfrage abschicken' }).click();
    await frame
      .getByRole('alert')
      .filter({ hasText: 'Es fehlen noch Angaben zu Ihrer Immobilie.' })
      .waitFor();
    const address = header.getByRole('button', { name: 'Adresse (fehlt noch)' });
    await address.waitFor();
    assert.equal((await mailsTo('no.address@example.de')).length, 0);

    // The visitor goes back to the marked step, finds the address, and sends.
    await address.click();
    await frame
      .getByRole('combobox', { name: 'Adresse suchen' })
      .fill('Kastanienallee 12, 10435 Berlin');
    await frame.getByRole('option', { name: 'Kastanienallee 12, 10435 Berlin' }).click();
    assert.equal(await header.getByRole('button', { name: 'Adresse (fehlt noch)' }).count(), 0);
    await header.getByRole('button', { name: 'Kontaktdaten' }).click();
    await frame.getByRole('button', { name: 'Anfrage abschicken' }).click();
    await frame.getByText(SUCCESS.de).waitFor();
    assert.equal((await mailsTo('no.address@example.de')).length, 1);
    await page.context().close();
  });
});
