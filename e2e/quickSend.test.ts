/**
 * A quick person is not dropped (decision 191): with the server's bot timer at the widget's
 * minimum fill time, a listing inquiry filled and sent as soon as the form appears is held,
 * shown as sending, and then stored and mailed, in German on a desktop and in English on a
 * phone.
 */
import assert from 'node:assert/strict';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import Database from 'better-sqlite3';
import type { Browser } from 'playwright-core';
import { MIN_FILL_MS } from '../contract/contact';
import { mailTo } from '../test/server/testServer';
import { launchBrowser, startServer } from './harness';
import { fillContact } from './journeys';

const ctx = {} as { server: Awaited<ReturnType<typeof startServer>>; browser: Browser };
before(async () => {
  ctx.server = await startServer({ MIN_FILL_MS: String(MIN_FILL_MS) });
  ctx.browser = await launchBrowser();
});
after(async () => {
  await ctx.browser?.close();
  await ctx.server?.close();
});

function storedInquiry(email: string) {
  const db = new Database(path.join(ctx.server.dataDir, 'immosuite.sqlite'), { readonly: true });
  try {
    return db
      .prepare(
        'SELECT e.listing_id FROM expose_inquiries e JOIN contacts c ON c.id = e.contact_id WHERE c.email = ?',
      )
      .get(email) as { listing_id: number } | undefined;
  } finally {
    db.close();
  }
}

const CASES = [
  {
    lang: 'de' as const,
    query: '',
    viewport: { width: 1280, height: 900 },
    heading: 'Ihre Anfrage zum Objekt W-1001',
    submit: 'Anfrage senden',
    sending: 'Wird gesendet …',
    success:
      'Ihre Anfrage wurde abgeschickt, bitte überprüfen Sie Ihr E-Mail-Postfach, um diese zu bestätigen.',
  },
  {
    lang: 'en' as const,
    query: '&lang=en-US',
    viewport: { width: 390, height: 844 },
    heading: 'Your inquiry about listing W-1001',
    submit: 'Send inquiry',
    sending: 'Sending …',
    success: 'Your inquiry has been sent. Please check your inbox to confirm it.',
  },
];

describe('a listing inquiry sent at once', () => {
  for (const c of CASES) {
    it(`is held until the minimum fill time, then stored and mailed (${c.lang}, ${c.viewport.width} px)`, async () => {
      const page = await (await ctx.browser.newContext({ viewport: c.viewport })).newPage();
      // The page's clock is the test's: the visitor sends 2 s after the form appeared, however
      // slowly this machine fills the form.
      await page.clock.install();
      await page.goto(
        `${ctx.server.baseUrl}/demo/expose-inquiry-wizard?objectId=1&customObjectId=W-1001${c.query}`,
      );
      const frame = (await (await page.waitForSelector('iframe')).contentFrame())!;
      await frame.getByText(c.heading).waitFor();
      // A first keystroke: the draft, with the form's start, is written once the form changed.
      const first = c.lang === 'de' ? 'Vorname' : 'First name';
      await frame.getByRole('textbox', { name: first }).fill('E');
      await frame.waitForFunction(() =>
        Object.keys(sessionStorage).some(
          (key) =>
            key.includes('exposeInquiry') && /"startedAt":\d+/.test(sessionStorage.getItem(key)!),
        ),
      );
      // The clock stops and is set to 2 s after the form began (its draft's startedAt).
      await page.clock.pauseAt((await frame.evaluate(() => Date.now())) + 1_000);
      const startedAt = await frame.evaluate(() => {
        for (const key of Object.keys(sessionStorage)) {
          const match = /"startedAt":(\d+)/.exec(sessionStorage.getItem(key) ?? '');
          if (key.includes('exposeInquiry') && match) return Number(match[1]);
        }
        return null;
      });
      assert.ok(startedAt, 'the inquiry has no draft with its start');
      await page.clock.setSystemTime(startedAt + 2_000);
      const email = `quick-${c.lang}@example.de`;
      await fillContact(frame, c.lang, email);
      await frame.getByRole('button', { name: c.submit }).click();
      // Held: the button says it is sending, what was typed stays, nothing is stored yet.
      await frame.getByRole('button', { name: c.sending }).waitFor();
      assert.equal(
        await frame
          .getByRole('textbox', { name: c.lang === 'de' ? 'E-Mail' : 'Email' })
          .inputValue(),
        email,
      );
      assert.equal(storedInquiry(email), undefined);
      await page.clock.runFor(MIN_FILL_MS);
      await frame.getByText(c.success).waitFor();
      assert.deepEqual({ ...storedInquiry(email) }, { listing_id: 1 });
      await mailTo(ctx.server, (m) => m.to === email, 1);
      await page.context().close();
    });
  }
});
