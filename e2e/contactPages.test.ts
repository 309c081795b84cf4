/**
 * The listing-inquiry, contact and newsletter pages (issue #9) in their demo host pages, in
 * German and English, against the reference backend: each submission stored, its
 * confirmation mail sent, its tracking event on the host page, no axe violations.
 */
import assert from 'node:assert/strict';
import path from 'node:path';
import { describe, it } from 'node:test';
import Database from 'better-sqlite3';
import type { Page } from 'playwright-core';
import { expectNoAxeViolations, firstScreenShown, openInFrame, serverAndBrowser } from './harness';
import { contact, fillContact } from './journeys';

const ctx = serverAndBrowser();

async function confirmationMailTo(address: string) {
  const mails = (await (await fetch(`${ctx.server.baseUrl}/dev/mailbox.json`)).json()) as {
    to: string;
    subject: string;
    links: string[];
  }[];
  const mail = mails.find((m) => m.to === address);
  assert.ok(mail, `no mail to ${address}`);
  assert.ok(
    mail.links.some((link) => link.includes('k=')),
    `the mail to ${address} has no confirmation link`,
  );
  return mail;
}

function stored<T>(sql: string, email: string): T {
  const db = new Database(path.join(ctx.server.dataDir, 'immosuite.sqlite'), { readonly: true });
  try {
    return db.prepare(sql).get(email) as T;
  } finally {
    db.close();
  }
}

/** The tracking events the demo host page received (it lists each as a line of JSON). */
async function trackedOn(page: Page, event: string) {
  await page.locator('#tracking').getByText(event).waitFor();
  return page.locator('#tracking div').allTextContents();
}

describe('listing-inquiry page', () => {
  it('asks about listing W-1001 in German: stored, mailed, tracked with the custom id', async () => {
    const { page, frame } = await openInFrame(
      ctx,
      '/demo/expose-inquiry-wizard?objectId=1&customObjectId=W-1001',
    );
    await frame.getByText('Ihre Anfrage zum Objekt W-1001').waitFor();
    await frame
      .getByRole('combobox', { name: 'Ihr Wunsch' })
      .selectOption({ label: 'Besichtigung' });
    await frame
      .getByRole('textbox', { name: 'Nachricht' })
      .fill('Ist ein Termin am Samstag möglich?');
    await expectNoAxeViolations(page, 'the inquiry form');
    const email = 'expose-de@example.de';
    await contact(frame, 'de', email, {
      submit: 'Anfrage senden',
      success:
        'Ihre Anfrage wurde abgeschickt, bitte überprüfen Sie Ihr E-Mail-Postfach, um diese zu bestätigen.',
    });
    await expectNoAxeViolations(page, 'the inquiry sent');
    const row = stored<{ listing_id: number; message: string }>(
      `SELECT e.listing_id, e.message FROM expose_inquiries e JOIN contacts c ON c.id = e.contact_id WHERE c.email = ?`,
      email,
    );
    assert.deepEqual({ ...row }, { listing_id: 1, message: 'Ist ein Termin am Samstag möglich?' });
    assert.equal(
      (await confirmationMailTo(email)).subject,
      'Bitte bestätigen Sie Ihre Anfrage zum Exposé',
    );
    const events = await trackedOn(page, 'immoObjectInquiry');
    assert.ok(
      events.some((line) => line.includes('"label":"W-1001"')),
      events.join('\n'),
    );
  });

  it('in English; and says so when the page names no listing', async () => {
    const { frame } = await openInFrame(ctx, '/demo/expose-inquiry-wizard?objectId=2&lang=en-US');
    const email = 'expose-en@example.de';
    await contact(frame, 'en', email, {
      submit: 'Send inquiry',
      success: 'Your inquiry has been sent. Please check your inbox to confirm it.',
    });
    assert.equal(
      (await confirmationMailTo(email)).subject,
      'Please confirm your inquiry about the listing',
    );
    const missing = await openInFrame(ctx, '/demo/expose-inquiry-wizard?objectId=x');
    await missing.frame
      .getByRole('alert')
      .getByText(/ohne Objektnummer/)
      .waitFor();
    assert.equal(await missing.frame.getByRole('textbox').count(), 0);
    await expectNoAxeViolations(missing.page, 'no listing named');
  });
});

describe('contact page', () => {
  it('sends a message in German: stored, mailed, tracked as ContactFormWizard', async () => {
    const { page, frame } = await openInFrame(ctx, '/demo/contact-form-wizard');
    await frame.getByRole('textbox', { name: 'Nachricht' }).fill('Bitte rufen Sie mich zurück.');
    // A failed input check first: the message stays.
    await frame.getByRole('button', { name: 'Anfrage senden' }).click();
    await frame.getByText('Bitte prüfen Sie Ihre Eingaben.').waitFor();
    await expectNoAxeViolations(page, 'the contact form with errors');
    const email = 'contact-de@example.de';
    await contact(frame, 'de', email, {
      submit: 'Anfrage senden',
      success:
        'Ihre Anfrage wurde abgeschickt, bitte überprüfen Sie Ihr E-Mail-Postfach, um diese zu bestätigen.',
    });
    const row = stored<{ type: string; message: string }>(
      `SELECT m.type, m.message FROM contact_messages m JOIN contacts c ON c.id = m.contact_id WHERE c.email = ?`,
      email,
    );
    assert.deepEqual({ ...row }, { type: 'contact', message: 'Bitte rufen Sie mich zurück.' });
    await confirmationMailTo(email);
    await trackedOn(page, 'ContactFormWizard');
  });

  it('keeps what was typed across a reload of the frame', async () => {
    const { frame } = await openInFrame(ctx, '/demo/contact-form-wizard?lang=en-US');
    await frame.getByRole('textbox', { name: 'Message' }).fill('Still here after a reload');
    await frame.getByRole('textbox', { name: 'First name' }).fill('Erika');
    // The draft is saved a moment after the last change: wait until it holds what was typed.
    await frame.waitForFunction(() =>
      Object.keys(sessionStorage).some(
        (key) =>
          key.startsWith('immosuite.contactMessage') &&
          (sessionStorage.getItem(key) ?? '').includes('"firstname":"Erika"'),
      ),
    );
    await frame.evaluate('location.reload()');
    const reloaded = await (await frame.page().waitForSelector('iframe')).contentFrame();
    assert.ok(reloaded);
    // The draft comes back once its schema has loaded.
    await reloaded.waitForFunction(
      (text) => document.querySelector('textarea')?.value === text,
      'Still here after a reload',
    );
    assert.equal(
      await reloaded.getByRole('textbox', { name: 'Message' }).inputValue(),
      'Still here after a reload',
    );
    assert.equal(await reloaded.getByRole('textbox', { name: 'First name' }).inputValue(), 'Erika');
  });

  it('shows without its checks, says so when they cannot load, and sends once they can', async () => {
    const { page, frame } = await openInFrame(ctx, '/demo/contact-form-wizard');
    const checks: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes('contact-checks')) checks.push(request.url());
    });
    await frame.getByRole('textbox', { name: 'Nachricht' }).waitFor();
    await firstScreenShown(frame);
    // Shown, and nothing of the checks fetched, asked for or prefetched until the visitor
    // enters the form: looked at once the frame's browser has had an idle moment after its
    // first screen, the time a prefetch would start.
    await frame.evaluate(
      () => new Promise((resolve) => requestIdleCallback(resolve, { timeout: 2000 })),
    );
    const named = await frame.evaluate(() =>
      [
        ...performance.getEntriesByType('resource').map((entry) => entry.name),
        ...[...document.querySelectorAll('link[href], script[src]')].map(
          (element) => element.getAttribute('href') ?? element.getAttribute('src') ?? '',
        ),
      ].filter((name) => name.includes('contact-checks')),
    );
    assert.deepEqual(named, []);
    assert.deepEqual(checks, []);
    await page.route(/contact-checks/, (route) => route.abort());
    await Promise.all([
      page.waitForRequest(/contact-checks/),
      frame.getByRole('textbox', { name: 'Nachricht' }).fill('Trotz Funkloch'),
    ]);
    const email = 'contact-checks@example.de';
    await fillContact(frame, 'de', email);
    await frame.getByRole('button', { name: 'Anfrage senden' }).click();
    await frame
      .getByRole('alert')
      .filter({ hasText: 'Die Prüfung Ihrer Eingaben konnte nicht geladen werden.' })
      .waitFor();
    await expectNoAxeViolations(page, 'the contact form whose checks did not load');
    assert.equal(
      await frame.getByRole('textbox', { name: 'Nachricht' }).inputValue(),
      'Trotz Funkloch',
    );

    await page.unroute(/contact-checks/);
    await frame.getByRole('button', { name: 'Anfrage senden' }).click();
    await frame
      .getByText(
        'Ihre Anfrage wurde abgeschickt, bitte überprüfen Sie Ihr E-Mail-Postfach, um diese zu bestätigen.',
      )
      .waitFor();
    const row = stored<{ message: string }>(
      `SELECT m.message FROM contact_messages m JOIN contacts c ON c.id = m.contact_id WHERE c.email = ?`,
      email,
    );
    assert.equal(row.message, 'Trotz Funkloch');
    await confirmationMailTo(email);
  });
});

describe('newsletter page', () => {
  it('saves newsletter settings in English only with the newsletter box ticked', async () => {
    const { page, frame } = await openInFrame(ctx, '/demo/newsletter-wizard?lang=en-US');
    const email = 'newsletter-en@example.de';
    const box = frame.getByRole('checkbox', { name: /newsletter/ });
    await frame.getByRole('button', { name: 'Save changes' }).click();
    await frame.getByText('Please check your entries.').waitFor();
    assert.equal(await box.getAttribute('aria-invalid'), 'true');
    await box.check();
    await contact(frame, 'en', email, {
      submit: 'Save changes',
      success: 'Your newsletter settings have been sent. Please check your inbox to confirm them.',
    });
    await expectNoAxeViolations(page, 'newsletter saved');
    const row = stored<{ type: string }>(
      `SELECT m.type FROM contact_messages m JOIN contacts c ON c.id = m.contact_id WHERE c.email = ?`,
      email,
    );
    assert.equal(row.type, 'newsletter');
    await confirmationMailTo(email);
  });

  it('in German', async () => {
    const { frame } = await openInFrame(ctx, '/demo/newsletter-wizard');
    await frame.getByRole('checkbox', { name: /Newsletter/ }).check();
    await contact(frame, 'de', 'newsletter-de@example.de', {
      submit: 'Änderungen speichern',
      success:
        'Ihre Newsletter-Einstellungen wurden übermittelt, bitte überprüfen Sie Ihr E-Mail-Postfach, um diese zu bestätigen.',
    });
    await confirmationMailTo('newsletter-de@example.de');
  });
});
