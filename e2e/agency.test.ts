/**
 * The agency's side in Chromium against the reference backend: a visitor sends a
 * lead, a listing inquiry, a contact message, a saved search and a newsletter sign-up through
 * the demo pages and confirms each from its mail; the agency's mailbox holds five notices; a
 * staff member signs in to the inbox by mail, finds all five, opens each, sets a status, and
 * exports the CSV and reads it back; the newsletter's subscriber withdraws it in 'Mein Konto' and
 * the inbox and the CSV say so; a day out of range in the filter is said at its field; the
 * funnel shows the steps those journeys took. Axe-clean, and worked by keyboard where staff
 * type.
 */
import assert from 'node:assert/strict';
import fs from 'node:fs';
import { describe, it } from 'node:test';
import { parse } from 'csv-parse/sync';
import type { Page } from 'playwright-core';
import { mailTo as serverMailTo } from '../test/server/testServer';
import { expectPageAxeClean, openInFrame, serverAndBrowser, tabTo } from './harness';
import { contact, leadCategoryFirst, SUCCESS } from './journeys';

const ctx = serverAndBrowser();
const AGENCY = 'makler@immosuite.local';

interface Mail {
  to: string;
  subject: string;
  text: string;
  links: string[];
}
const mailbox = async () =>
  (await (await fetch(`${ctx.server.baseUrl}/dev/mailbox.json`)).json()) as Mail[];

/** The newest mail to `to` whose subject matches, once it has come (some come after the answer). */
const mailTo = (to: string, subject: RegExp): Promise<Mail> =>
  serverMailTo(ctx.server, (m) => m.to === to && subject.test(m.subject));

/** Follows the confirmation link mailed to `email`, as the visitor does. */
async function confirmFromMail(page: Page, email: string) {
  const mail = (await mailbox()).find((m) => m.to === email && m.links.length);
  assert.ok(mail, `no confirmation mail to ${email}`);
  await page.goto(mail.links[0]!);
  const frame = (await (await page.waitForSelector('iframe')).contentFrame())!;
  await frame.getByText('Vielen Dank für Ihre Anfrage!').waitFor();
}

const JOURNEYS: { kind: string; email: string; send(): Promise<void> }[] = [
  {
    kind: 'Eigentümer-Anfrage',
    email: 'lead.agency-e2e@example.de',
    async send() {
      const { frame } = await openInFrame(ctx, '/demo/lead-wizard');
      await leadCategoryFirst(frame, 'lead.agency-e2e@example.de');
    },
  },
  {
    kind: 'Exposé-Anfrage',
    email: 'expose.agency-e2e@example.de',
    async send() {
      const { frame } = await openInFrame(
        ctx,
        '/demo/expose-inquiry-wizard?objectId=1&customObjectId=W-1001',
      );
      await frame.getByRole('textbox', { name: 'Nachricht' }).fill('Ist sie noch frei?');
      await contact(frame, 'de', 'expose.agency-e2e@example.de', {
        submit: 'Anfrage senden',
        success: SUCCESS.de,
      });
    },
  },
  {
    kind: 'Kontaktnachricht',
    email: 'contact.agency-e2e@example.de',
    async send() {
      const { frame } = await openInFrame(ctx, '/demo/contact-form-wizard');
      await frame.getByRole('textbox', { name: 'Nachricht' }).fill('Bitte um Rückruf.');
      await contact(frame, 'de', 'contact.agency-e2e@example.de', {
        submit: 'Anfrage senden',
        success: SUCCESS.de,
      });
    },
  },
  {
    kind: 'Suchprofil',
    email: 'search.agency-e2e@example.de',
    async send() {
      const { frame } = await openInFrame(ctx, '/demo/saved-search-wizard');
      await frame.getByRole('button', { name: 'Details eingeben' }).click();
      await frame.getByRole('button', { name: 'Wohnung', exact: true }).click();
      await frame.getByRole('button', { name: 'Weiter' }).click();
      await contact(frame, 'de', 'search.agency-e2e@example.de', {
        submit: 'Suchprofil erstellen',
        success:
          'Ihr Suchprofil wurde angelegt, bitte überprüfen Sie Ihr E-Mail-Postfach, um es zu bestätigen.',
      });
    },
  },
  {
    kind: 'Newsletter',
    email: 'newsletter.agency-e2e@example.de',
    async send() {
      const { frame } = await openInFrame(ctx, '/demo/newsletter-wizard');
      await frame.getByRole('checkbox', { name: /Newsletter/ }).check();
      await contact(frame, 'de', 'newsletter.agency-e2e@example.de', {
        submit: 'Änderungen speichern',
        success:
          'Ihre Newsletter-Einstellungen wurden übermittelt, bitte überprüfen Sie Ihr E-Mail-Postfach, um diese zu bestätigen.',
      });
    },
  },
];

describe("the agency's side", () => {
  it('hears of every kind a visitor sends, and works them in the inbox', async () => {
    const browser = ctx.browser;
    for (const journey of JOURNEYS) await journey.send();
    const visitor = await (await browser.newContext()).newPage();
    for (const journey of JOURNEYS) await confirmFromMail(visitor, journey.email);
    await visitor.context().close();

    // Five notices, one per kind, each naming its sender.
    const notices = (await mailbox()).filter((m) => m.to === AGENCY).reverse();
    assert.deepEqual(
      notices.map((m) => m.subject),
      [
        'Neue Anfrage: Wohnung in 10435 Berlin',
        'Neue Exposé-Anfrage: Helle 3-Zimmer-Altbauwohnung mit Balkon (W-1001)',
        'Neue Kontaktnachricht: Erika Mustermann',
        'Neues Suchprofil: Wohnung kaufen in Mitte, Friedrichshain-Kreuzberg, Pankow +9',
        'Neue Newsletter-Anmeldung: Erika Mustermann',
      ],
    );
    for (const [i, journey] of JOURNEYS.entries())
      assert.ok(notices[i]!.text.includes(`E-Mail: ${journey.email}`), notices[i]!.text);
    assert.ok(notices[1]!.text.includes('Nachricht:\nIst sie noch frei?\n'));

    // The newsletter's subscriber logs in to 'Mein Konto' and unticks the newsletter.
    const subscriber = JOURNEYS.at(-1)!.email;
    const account = await (await browser.newContext({ locale: 'de-DE' })).newPage();
    await account.goto(`${ctx.server.baseUrl}/demo/login`);
    const login = (await (await account.waitForSelector('iframe')).contentFrame())!;
    await login.getByRole('textbox', { name: 'E-Mail' }).fill(subscriber);
    await login.getByRole('textbox', { name: 'E-Mail' }).press('Enter');
    await login.getByText('Die E-Mail wurde verschickt.').waitFor();
    await account.goto((await mailTo(subscriber, /Anmelde/)).links[0]!);
    const portal = (await (await account.waitForSelector('iframe')).contentFrame())!;
    await portal.getByRole('tab', { name: 'Mein Konto' }).click();
    await portal.getByRole('checkbox', { name: /Newsletter/ }).uncheck();
    await portal.getByRole('button', { name: 'Änderungen speichern' }).click();
    await portal.getByText('Ihre Angaben wurden gespeichert.').waitFor();
    await account.context().close();
    const withdrawal = await mailTo(AGENCY, /^Einwilligung widerrufen/);
    assert.equal(withdrawal.subject, 'Einwilligung widerrufen: Erika Mustermann (Newsletter)');

    // A staff member signs in by mail, keyboard only.
    const page = await (
      await browser.newContext({ locale: 'de-DE', acceptDownloads: true })
    ).newPage();
    await page.goto(`${ctx.server.baseUrl}/agency`);
    const email = page.getByRole('textbox', { name: 'E-Mail-Adresse' });
    await email.waitFor();
    await expectPageAxeClean(page, 'sign-in form');
    await tabTo(page, email);
    await page.keyboard.type(AGENCY);
    await page.keyboard.press('Enter');
    await page.getByText(/ist der Link unterwegs/).waitFor();
    const link = (await mailTo(AGENCY, /Anmeldelink/)).links[0]!;
    await page.goto(link);
    await page.getByText(`Angemeldet als ${AGENCY}`).waitFor();
    assert.ok(!new URL(page.url()).searchParams.has('k'), 'the key left the address');

    // The five, found by search.
    const search = page.getByRole('searchbox', { name: 'Suche' });
    await tabTo(page, search);
    await page.keyboard.type('agency-e2e');
    await page.getByText('5 Eingänge', { exact: true }).waitFor();
    for (const journey of JOURNEYS)
      await page.getByRole('row').filter({ hasText: journey.email }).waitFor();
    assert.equal(await page.getByRole('row').count(), 6);
    await expectPageAxeClean(page, 'the inbox list');

    // Each opens with its own part; the lead's status is set.
    for (const journey of JOURNEYS) {
      await page
        .getByRole('row')
        .filter({ hasText: journey.email })
        .getByRole('link', { name: 'Erika Mustermann' })
        .click();
      await page
        .getByRole('heading', { level: 1, name: `${journey.kind}: Erika Mustermann` })
        .waitFor();
      await page
        .getByRole('list', { name: 'Benachrichtigungen und Webhooks zu diesem Eingang' })
        .getByText('Zugestellt', { exact: true })
        .first()
        .waitFor();
      if (journey.kind === 'Newsletter') {
        // The withdrawal stands today, and the history lists it.
        await page
          .getByRole('region', { name: 'Einwilligungen heute' })
          .getByText(/^abgemeldet am \d\d\.\d\d\.\d{4} \(angemeldet am \d\d\.\d\d\.\d{4}\)$/)
          .waitFor();
        await page
          .getByRole('table', { name: /Jede Änderung der Einwilligungen/ })
          .getByRole('row')
          .filter({ hasText: 'in „Mein Konto“' })
          .filter({ hasText: 'abgemeldet' })
          .waitFor();
        await expectPageAxeClean(page, 'a withdrawn newsletter in the inbox');
      }
      if (journey.kind === 'Eigentümer-Anfrage') {
        await page
          .getByRole('region', { name: 'Immobilie' })
          .getByText('Kastanienallee 12, 10435 Berlin')
          .waitFor();
        await expectPageAxeClean(page, 'a lead in the inbox');
        await page.getByRole('combobox', { name: 'Status' }).selectOption({ label: 'erledigt' });
        await page.getByText('Status gespeichert.').waitFor();
      }
      await page.getByRole('link', { name: 'Zurück zur Liste' }).click();
      await page.getByRole('heading', { level: 1, name: 'Eingänge' }).waitFor();
    }
    await page
      .getByRole('row')
      .filter({ hasText: 'lead.agency-e2e@example.de' })
      .getByRole('cell', { name: 'erledigt' })
      .waitFor();

    // The CSV of the filter, read back as German Excel would.
    const download = page.waitForEvent('download');
    await page.getByRole('link', { name: 'CSV exportieren' }).click();
    const file = await (await download).path();
    const bytes = fs.readFileSync(file);
    assert.deepEqual([...bytes.subarray(0, 3)], [0xef, 0xbb, 0xbf]);
    const rows = parse(bytes.toString('utf8').slice(1), {
      delimiter: ';',
      columns: true,
    }) as Record<string, string>[];
    assert.deepEqual(
      rows.map((r) => [r['E-Mail'], r.Art, r.Bestätigt]).sort(),
      JOURNEYS.map((j) => [j.email, j.kind, 'ja']).sort(),
    );
    assert.equal(rows.find((r) => r['E-Mail'] === JOURNEYS[0]!.email)!.Status, 'erledigt');
    assert.match(
      rows.find((r) => r['E-Mail'] === subscriber)!.Newsletter!,
      /^abgemeldet am \d\d\.\d\d\.\d{4} \(angemeldet am \d\d\.\d\d\.\d{4}\)$/,
    );

    // A day no clock of the inbox counts (31.12.9999) is said at its field; no export then.
    await page.getByRole('button', { name: /^Filter( \(\d+\))?$/ }).click();
    const to = page.getByLabel('Bis', { exact: true });
    // What the date field holds once 31.12.9999 is typed into it.
    await to.fill('9999-12-31');
    await page.getByText('Bitte ein Datum vom 01.01.2000 bis 31.12.2099 eingeben.').waitFor();
    assert.equal(await to.getAttribute('aria-invalid'), 'true');
    assert.equal(await page.getByRole('link', { name: 'CSV exportieren' }).count(), 0);
    assert.ok(await page.getByRole('button', { name: 'CSV exportieren' }).isDisabled());
    await expectPageAxeClean(page, 'a day out of range in the filter');
    await page.getByRole('button', { name: 'Filter zurücksetzen' }).click();
    await page.getByRole('link', { name: 'CSV exportieren' }).waitFor();

    // The funnel shows the steps those journeys took, each counted once, by keyboard.
    const funnelLink = page.getByRole('link', { name: 'Absprünge' });
    await tabTo(page, funnelLink);
    await page.keyboard.press('Enter');
    await page.getByRole('heading', { level: 1, name: 'Wo Besucher abspringen' }).waitFor();
    await page.getByText(/^Zeitraum vom /).waitFor();
    const stagesOf = (name: string) =>
      page.getByRole('region', { name, exact: true }).getByRole('listitem').allTextContents();
    assert.deepEqual(await stagesOf('Eigentümer-Assistent (Immobilie verkaufen oder vermieten)'), [
      'Gestartet 1',
      'Schritt Objektart 1 (100\u00a0% der Gestarteten)' + 'Kein Absprung seit „Gestartet“',
      'Schritt Adresse 1 (100\u00a0% der Gestarteten)' + 'Kein Absprung seit „Schritt Objektart“',
      'Schritt Details 1 (100\u00a0% der Gestarteten)' + 'Kein Absprung seit „Schritt Adresse“',
      'Schritt Kontakt 1 (100\u00a0% der Gestarteten)' + 'Kein Absprung seit „Schritt Details“',
      'Gesendet 1 (100\u00a0% der Gestarteten)' + 'Kein Absprung seit „Schritt Kontakt“',
      'Bestätigt 1 (100\u00a0% der Gestarteten)' + 'Kein Absprung seit „Gesendet“',
    ]);
    assert.deepEqual(await stagesOf('Suchprofil-Assistent'), [
      'Gestartet 1',
      'Schritt Regionen 1 (100\u00a0% der Gestarteten)' + 'Kein Absprung seit „Gestartet“',
      'Schritt Objektart 1 (100\u00a0% der Gestarteten)' + 'Kein Absprung seit „Schritt Regionen“',
      'Schritt Details 1 (100\u00a0% der Gestarteten)' + 'Kein Absprung seit „Schritt Objektart“',
      'Schritt Kontakt 1 (100\u00a0% der Gestarteten)' + 'Kein Absprung seit „Schritt Details“',
      'Gesendet 1 (100\u00a0% der Gestarteten)' + 'Kein Absprung seit „Schritt Kontakt“',
      'Bestätigt 1 (100\u00a0% der Gestarteten)' + 'Kein Absprung seit „Gesendet“',
    ]);
    for (const name of ['Exposé-Anfrage', 'Kontaktformular', 'Newsletter'])
      assert.deepEqual(await stagesOf(name), [
        'Gestartet 1',
        'Gesendet 1 (100\u00a0% der Gestarteten)' + 'Kein Absprung seit „Gestartet“',
        'Bestätigt 1 (100\u00a0% der Gestarteten)' + 'Kein Absprung seit „Gesendet“',
      ]);
    await expectPageAxeClean(page, 'the funnel');
    await page.context().close();
  });
});
