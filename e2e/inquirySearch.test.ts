/**
 * An inquiry becomes a search, in Chromium against the reference backend: a visitor asks about
 * listing W-1001, creates the saved search its success step offers in one click (keyboard
 * alone in German at 1280 px, by touch-sized clicks in English at 390 px), confirms it from the
 * mailed link in the dev mailbox, logs in and finds it in the portal's saved searches.
 * Axe-clean on the offer and after it. Screenshots, when SCREENSHOTS names a folder.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { Frame, Page } from 'playwright-core';
import { mailTo } from '../test/server/testServer';
import { expectNoAxeViolations, openInFrame, serverAndBrowser, shoot, tabTo } from './harness';
import { contact } from './journeys';

const ctx = serverAndBrowser();

const TEXT = {
  de: {
    submit: 'Anfrage senden',
    success:
      'Ihre Anfrage wurde abgeschickt, bitte überprüfen Sie Ihr E-Mail-Postfach, um diese zu bestätigen.',
    offer: 'Ähnliche Angebote per E-Mail erhalten?',
    summary: 'Ihr Suchprofil',
    lines: ['Wohnung kaufen', 'in Prenzlauer Berg oder Mitte', 'Kaufpreis 395.000 € bis 535.000 €'],
    privacy: /Datenschutzerklärung/,
    accept: /kontaktiert/,
    create: 'Suchprofil anlegen',
    sent: /Bitte bestätigen Sie Ihr Suchprofil/,
    subject: 'Bitte bestätigen Sie Ihr Suchprofil',
    email: 'E-Mail',
    sendLink: 'E-Mail verschicken',
    linkSent: 'Die E-Mail wurde verschickt.',
    loginSubject: /Anmelde/,
    card: 'Wohnung kaufen',
    price: '395.000 € – 535.000 €',
  },
  en: {
    submit: 'Send inquiry',
    success: 'Your inquiry has been sent. Please check your inbox to confirm it.',
    offer: 'Get similar offers by email?',
    summary: 'Your search profile',
    lines: ['Apartment to buy', 'in Prenzlauer Berg or Mitte', 'Price €395,000 to €535,000'],
    privacy: /privacy policy/,
    accept: /contacted/,
    create: 'Create search profile',
    sent: /please confirm your search profile/,
    subject: 'Please confirm your search profile',
    email: 'Email',
    sendLink: 'Send email',
    linkSent: 'The email has been sent.',
    loginSubject: /sign-in/i,
    card: 'Apartment to buy',
    price: '€395,000 – €535,000',
  },
};

/** Asks about listing W-1001 and waits for the offer on the success step. */
async function inquire(lang: 'de' | 'en', email: string, width: number) {
  const text = TEXT[lang];
  const { page, frame } = await openInFrame(
    ctx,
    `/demo/expose-inquiry-wizard?objectId=1&customObjectId=W-1001${lang === 'en' ? '&lang=en-US' : ''}`,
    { width, height: 900 },
  );
  await contact(frame, lang, email, { submit: text.submit, success: text.success });
  const offer = frame.getByRole('region', { name: text.offer });
  await offer.waitFor();
  const lines = await offer
    .getByRole('list', { name: text.summary })
    .getByRole('listitem')
    .allTextContents();
  // Intl separates the amount from its sign by a no-break space.
  assert.deepEqual(
    lines.map((l) => l.replace(/\u00a0/g, ' ')),
    text.lines,
  );
  await expectNoAxeViolations(page, `the offer (${lang})`);
  return { page, frame, offer };
}

/** Confirms the saved search from its mail, logs in by mail link, returns the portal's frame. */
async function confirmAndLogIn(page: Page, lang: 'de' | 'en', email: string): Promise<Frame> {
  const text = TEXT[lang];
  const confirmation = await mailTo(
    ctx.server,
    (m) => m.to === email && m.subject === text.subject,
  );
  await page.goto(confirmation.links[0]!);
  const confirmed = (await (await page.waitForSelector('iframe')).contentFrame())!;
  const field = confirmed.getByRole('textbox', { name: text.email });
  await field.waitFor();
  await field.fill(email);
  await confirmed.getByRole('button', { name: text.sendLink }).click();
  await confirmed.getByText(text.linkSent).waitFor();
  const login = await mailTo(
    ctx.server,
    (m) => m.to === email && text.loginSubject.test(m.subject),
  );
  await page.goto(login.links[0]!);
  const portal = (await (await page.waitForSelector('iframe')).contentFrame())!;
  await portal.getByRole('tablist').waitFor();
  return portal;
}

async function searchShown(portal: Frame, lang: 'de' | 'en') {
  const text = TEXT[lang];
  const card = portal
    .getByRole('listitem')
    .filter({ has: portal.getByRole('heading', { name: text.card }) });
  await card.waitFor();
  await card.getByText(text.price).waitFor();
  await card.getByText(/Prenzlauer Berg/).waitFor();
  await card.getByText(/Mitte/).waitFor();
}

describe('an inquiry becomes a search', () => {
  it('German at 1280 px, keyboard alone: offered, created in one press, confirmed by mail, listed in the portal', async () => {
    const email = 'inquiry-search-de@example.de';
    const text = TEXT.de;
    const { page, offer } = await inquire('de', email, 1280);
    await shoot(page, 'inquiry-offer-de-1280');
    // Without its consents it asks for them and sends nothing.
    await tabTo(page, offer.getByRole('button', { name: text.create }));
    await page.keyboard.press('Enter');
    await offer
      .getByRole('alert')
      .getByText(/Bitte stimmen Sie beidem zu/)
      .waitFor();
    await expectNoAxeViolations(page, 'the offer asking for its consents');
    await tabTo(page, offer.getByRole('checkbox', { name: text.privacy }));
    await page.keyboard.press('Space');
    await tabTo(page, offer.getByRole('checkbox', { name: text.accept }));
    await page.keyboard.press('Space');
    await tabTo(page, offer.getByRole('button', { name: text.create }));
    await page.keyboard.press('Enter');
    await offer.getByRole('status').getByText(text.sent).waitFor();
    await expectNoAxeViolations(page, 'the offer sent');
    await shoot(page, 'inquiry-offer-sent-de-1280');
    const portal = await confirmAndLogIn(page, 'de', email);
    await searchShown(portal, 'de');
    await shoot(page, 'inquiry-search-portal-de-1280');
    await page.context().close();
  });

  it('English at 390 px: offered, created in one click, confirmed by mail, listed in the portal', async () => {
    const email = 'inquiry-search-en@example.de';
    const text = TEXT.en;
    const { page, offer } = await inquire('en', email, 390);
    assert.ok(
      await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth),
      'no sideways scroll at 390 px',
    );
    await offer.getByRole('checkbox', { name: text.privacy }).check();
    await offer.getByRole('checkbox', { name: text.accept }).check();
    await shoot(page, 'inquiry-offer-en-390');
    await offer.getByRole('button', { name: text.create }).click();
    await offer.getByRole('status').getByText(text.sent).waitFor();
    await shoot(page, 'inquiry-offer-sent-en-390');
    const portal = await confirmAndLogIn(page, 'en', email);
    await searchShown(portal, 'en');
    await shoot(page, 'inquiry-search-portal-en-390');
    await page.context().close();
  });
});
