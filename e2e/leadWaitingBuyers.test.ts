/**
 * An owner sends a lead where confirmed saved searches wait for a flat like theirs, and reads
 * how many on the success step, in the confirmation mail and in the host page's dataLayer.
 */
import assert from 'node:assert/strict';
import { before, describe, it } from 'node:test';
import type { Frame } from 'playwright-core';
import { confirmedSearch, savedSearch } from '../test/server/testServer';
import { expectNoAxeViolations, openInFrame, serverAndBrowser, shoot } from './harness';
import { contact, SUCCESS } from './journeys';

// Searches count for owners at once here: the wait before they do is the server tests' concern
// (server/matching/owner.test.ts); a browser test runs on the real clock.
const ctx = serverAndBrowser({ OWNER_COUNT_WAIT_HOURS: '0' });

/** Sell, a flat at Kastanienallee 12 (Prenzlauer Berg) for 450,000 €, and the contact. */
async function sendFlat(frame: Frame, lang: 'de' | 'en', email: string) {
  const de = lang === 'de';
  await frame.getByRole('radio', { name: de ? 'Verkaufen' : 'Sell' }).check();
  await frame.getByRole('button', { name: de ? 'Wohnung' : 'Apartment', exact: true }).click();
  await frame
    .getByRole('combobox', { name: de ? 'Adresse suchen' : 'Search address' })
    .fill('Kastanienallee 12, 10435 Berlin');
  await frame.getByRole('option', { name: 'Kastanienallee 12, 10435 Berlin' }).click();
  await frame
    .getByRole('button', { name: de ? 'Weitere Details eingeben' : 'Enter more details' })
    .click();
  await frame
    .getByRole('textbox', { name: de ? 'Preisvorstellung' : 'Asking price' })
    .fill(de ? '450.000' : '450,000');
  await frame.getByRole('button', { name: de ? 'Weiter' : 'Next' }).click();
  await contact(frame, lang, email);
}

describe('the saved searches waiting for an owner’s property', () => {
  before(async () => {
    for (const n of [1, 2, 3])
      await confirmedSearch(
        ctx.server,
        { email: `searcher${n}@example.de`, firstname: 'Suchende', lastname: 'Person' },
        savedSearch({
          marketingType: 'buy',
          locations: [{ locationId: 301 }],
          fields: [{ name: 'price.price', valueType: 'RANGE', minValue: 300000, maxValue: 500000 }],
        }),
      );
  });

  it('a German owner on a desktop reads how many wait and where, under the thanks and in the mail', async () => {
    const { page, frame } = await openInFrame(ctx, '/demo/lead-wizard', {
      width: 1280,
      height: 900,
    });
    await sendFlat(frame, 'de', 'owner.de@example.de');
    const line =
      'In Prenzlauer Berg suchen mindestens 3 vorgemerkte Interessenten eine Wohnung wie Ihre.';
    const status = frame.getByRole('status').filter({ hasText: SUCCESS.de });
    await status.getByText(line).waitFor();
    await expectNoAxeViolations(page, 'success with waiting buyers');
    await shoot(page, 'lead-waiting-de-1280');
    const mail = (await ctx.server.mails()).find((m) => m.to === 'owner.de@example.de')!;
    assert.ok(mail.text.includes(line), mail.text);
    // The host page's analytics see the count.
    const pushed = (await page.evaluate(() => (window as { dataLayer?: unknown[] }).dataLayer)) as {
      immosuiteEvent?: string;
      immosuiteWaitingBuyers?: unknown;
    }[];
    assert.deepEqual(
      pushed.filter((p) => p.immosuiteEvent === 'LeadWizard').map((p) => p.immosuiteWaitingBuyers),
      [3],
    );
  });

  it('an English owner on a phone reads it in English', async () => {
    const { page, frame } = await openInFrame(ctx, '/demo/lead-wizard?lang=en-US', {
      width: 390,
      height: 844,
    });
    await sendFlat(frame, 'en', 'owner.en@example.de');
    const line =
      'In Prenzlauer Berg, at least 3 registered buyers are looking for an apartment like yours.';
    await frame.getByRole('status').filter({ hasText: SUCCESS.en }).getByText(line).waitFor();
    assert.ok(
      await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth),
      'no sideways scroll',
    );
    await shoot(page, 'lead-waiting-en-390');
  });
});
