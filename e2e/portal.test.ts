/**
 * Login by e-mail link and the customer portal against the reference backend: a
 * visitor's inquiry confirmed from its mail, a login link followed on the demo login page
 * (k gone from both addresses), saved searches created, edited, activated and deleted in
 * dialogs, an exposé opened, the account edited, a reload, logout; keyboard-only and
 * axe-clean with every dialog open; a dialog in a tall, scrolled frame opens in view; the
 * frame grows to show a dialog whole, on a phone too.
 */
import assert from 'node:assert/strict';
import path from 'node:path';
import { describe, it } from 'node:test';
import type { ConsoleMessage, Frame, Locator, Page } from 'playwright-core';
import Database from 'better-sqlite3';
import { mailTo } from '../test/server/testServer';
import { expectNoAxeViolations, openInFrame, serverAndBrowser, tabTo } from './harness';
import { contact } from './journeys';

const ctx = serverAndBrowser();

async function linkIn(to: string, subject: RegExp): Promise<string> {
  return (await mailTo(ctx.server, (m) => m.to === to && subject.test(m.subject))).links[0]!;
}

/** A contact with an account: an inquiry sent and confirmed from its mail. */
async function contactWithAccount(
  email: string,
  lang: 'de' | 'en',
  viewport?: { width: number; height: number },
) {
  const english = lang === 'en';
  const { page, frame } = await openInFrame(
    ctx,
    `/demo/expose-inquiry-wizard?objectId=1&customObjectId=W-1001${english ? '&lang=en-US' : ''}`,
    viewport,
  );
  await contact(frame, lang, email, {
    submit: english ? 'Send inquiry' : 'Anfrage senden',
    success: english
      ? 'Your inquiry has been sent. Please check your inbox to confirm it.'
      : 'Ihre Anfrage wurde abgeschickt, bitte überprüfen Sie Ihr E-Mail-Postfach, um diese zu bestätigen.',
  });
  // The confirmation link opens the agency's login page: it confirms, and logs nobody in.
  const confirmLink = await linkIn(email, english ? /confirm/i : /bestätigen/i);
  await page.goto(confirmLink);
  const confirmed = (await (await page.waitForSelector('iframe')).contentFrame())!;
  await confirmed
    .getByText(english ? 'Thank you for your inquiry!' : 'Vielen Dank für Ihre Anfrage!')
    .waitFor();
  await confirmed
    .getByRole('button', { name: english ? 'Send email' : 'E-Mail verschicken' })
    .waitFor();
  return page;
}

/** Asks for a login link on the login page and follows it; returns the frame once logged in. */
async function logIn(page: Page, email: string, lang: 'de' | 'en'): Promise<Frame> {
  const english = lang === 'en';
  // A normal visit and a login by link ask nothing the backend refuses: no 403 in the console.
  const refusals: string[] = [];
  const onConsole = (message: ConsoleMessage) => {
    if (message.type() === 'error' && /status of 4\d\d/.test(message.text()))
      refusals.push(`${message.text()} ${message.location().url}`);
  };
  page.on('console', onConsole);
  await page.goto(`${ctx.server.baseUrl}/demo/login${english ? '?lang=en-US' : ''}`);
  const frame = (await (await page.waitForSelector('iframe')).contentFrame())!;
  const field = frame.getByRole('textbox', { name: english ? 'Email' : 'E-Mail' });
  await tabTo(page, field);
  await page.keyboard.type(email);
  await page.keyboard.press('Enter');
  await frame
    .getByText(english ? 'The email has been sent.' : 'Die E-Mail wurde verschickt.')
    .waitFor();
  await expectNoAxeViolations(page, 'login mail sent');
  const link = await linkIn(email, english ? /sign-in/i : /Anmelde/i);
  await page.goto(link);
  const home = (await (await page.waitForSelector('iframe')).contentFrame())!;
  await home.getByRole('tablist').waitFor();
  // The key is spent: gone from the host page's address and from the frame's.
  assert.ok(!new URL(page.url()).searchParams.has('k'), page.url());
  assert.ok(!new URL(home.url()).searchParams.has('k'), home.url());
  page.off('console', onConsole);
  assert.deepEqual(refusals, []);
  return home;
}

/**
 * A dialog shows whole (issue 42.7): the frame has grown to hold it, so nothing inside it
 * scrolls and its last button lies within the frame. Waits for the frame to take the height
 * the widget reported; a failure is told below.
 */
async function assertDialogFits(frame: Frame, dialog: Locator, where: string) {
  await frame.evaluate(() => ((window as unknown as { fitFrames?: number }).fitFrames = 0));
  await frame
    .waitForFunction(
      () => {
        // Content may still be arriving (a step's fields load): it must fit for ten frames
        // in a row.
        const open = document.querySelector('dialog[open]');
        const fits = !!open && open.scrollHeight <= open.clientHeight + 1;
        const seen = window as unknown as { fitFrames?: number };
        seen.fitFrames = fits ? (seen.fitFrames ?? 0) + 1 : 0;
        return seen.fitFrames >= 10;
      },
      undefined,
      { timeout: 10_000 },
    )
    .catch(() => {});
  const measured = await dialog.evaluate((element) => ({
    needed: element.scrollHeight,
    shown: element.clientHeight,
    bottom: element.getBoundingClientRect().bottom,
    frame: window.innerHeight,
    body: document.body.getBoundingClientRect().height,
  }));
  assert.ok(
    measured.needed <= measured.shown + 1,
    `${where}: the dialog needs ${measured.needed} px and shows ${measured.shown} px (frame ${measured.frame} px, body ${measured.body} px)`,
  );
  assert.ok(
    measured.bottom <= measured.frame,
    `${where}: the dialog ends at ${measured.bottom} px, the frame at ${measured.frame} px`,
  );
  const lastButton = (await dialog.getByRole('button').last().boundingBox())!;
  const frameBox = (await frame.page().locator('iframe').boundingBox())!;
  assert.ok(
    lastButton.y + lastButton.height <= frameBox.y + frameBox.height,
    `${where}: the dialog's last button lies below the frame`,
  );
}

describe('login and portal', () => {
  it('German, keyboard only: login link, saved searches in dialogs, inquiry, account, reload, logout', async () => {
    const email = 'portal-de@example.de';
    const page = await contactWithAccount(email, 'de');
    const frame = await logIn(page, email, 'de');
    // The mailed link logs in and the focus is on the home's heading.
    await frame.waitForFunction(() => document.activeElement?.tagName === 'H1');
    assert.equal(
      await frame.evaluate(() => document.activeElement?.textContent),
      'Ihr Kundenbereich',
    );
    const tabs = frame.getByRole('tablist', { name: 'Bereiche' });
    assert.equal(
      await tabs.getByRole('tab', { name: 'Suchprofile' }).getAttribute('aria-selected'),
      'true',
    );
    await frame.getByText('Sie haben noch kein Suchprofil angelegt.').waitFor();
    await expectNoAxeViolations(page, 'home, saved searches');

    // Create: the wizard without contact step in a dialog; regions from the menu.
    await tabTo(page, frame.getByRole('button', { name: 'Neues Suchprofil erstellen' }));
    await page.keyboard.press('Enter');
    const create = frame.getByRole('dialog', { name: 'Neues Suchprofil erstellen' });
    await create.getByRole('tree', { name: 'Regionen' }).waitFor();
    await expectNoAxeViolations(page, 'create dialog');
    await assertDialogFits(frame, create, 'create dialog, regions');
    const save = create.getByRole('button', { name: 'Speichern' });
    await tabTo(page, create.getByRole('button', { name: 'Details eingeben' }));
    await page.keyboard.press('Enter');
    await tabTo(page, create.getByRole('button', { name: 'Wohnung', exact: true }));
    await page.keyboard.press('Enter');
    await create.getByRole('textbox', { name: 'Kaufpreis bis' }).waitFor();
    await assertDialogFits(frame, create, 'create dialog, details');
    await tabTo(page, create.getByRole('textbox', { name: 'Kaufpreis bis' }));
    await page.keyboard.type('500.000');
    await tabTo(page, save);
    await page.keyboard.press('Enter');
    const card = frame
      .getByRole('listitem')
      .filter({ has: frame.getByRole('heading', { name: 'Wohnung kaufen' }) });
    await card.waitFor();
    await card.getByText('max. 500.000 €').waitFor();

    // Edit: to rent; then delete it after a second one exists.
    await tabTo(page, card.getByRole('button', { name: 'Suchprofil bearbeiten: Wohnung kaufen' }));
    await page.keyboard.press('Enter');
    const edit = frame.getByRole('dialog', { name: 'Suchprofil bearbeiten' });
    await edit.getByRole('tree').waitFor();
    await expectNoAxeViolations(page, 'edit dialog');
    await assertDialogFits(frame, edit, 'edit dialog, regions');
    await tabTo(page, edit.getByRole('button', { name: 'Details eingeben' }));
    await page.keyboard.press('Enter');
    // A radio group is one tab stop: the arrow picks the other choice.
    await tabTo(page, edit.getByRole('radio', { name: 'Kaufen' }));
    await page.keyboard.press('ArrowRight');
    await tabTo(page, edit.getByRole('button', { name: 'Wohnung', exact: true }));
    await page.keyboard.press('Enter');
    await tabTo(page, edit.getByRole('button', { name: 'Speichern' }));
    await page.keyboard.press('Enter');
    const rented = frame
      .getByRole('listitem')
      .filter({ has: frame.getByRole('heading', { name: 'Wohnung mieten' }) });
    await rented.waitFor();

    // Delete, with its confirmation (at most 450 px wide).
    await tabTo(page, rented.getByRole('button', { name: 'Suchprofil löschen: Wohnung mieten' }));
    await page.keyboard.press('Enter');
    const confirm = frame.getByRole('dialog', { name: 'Suchprofil löschen' });
    await confirm.getByText('Möchten Sie Ihr Suchprofil wirklich löschen?').waitFor();
    assert.ok(((await confirm.boundingBox())?.width ?? 999) <= 450);
    await expectNoAxeViolations(page, 'delete dialog');
    // Escape closes it and puts the focus back on the button that opened it.
    await page.keyboard.press('Escape');
    await confirm.waitFor({ state: 'detached' });
    assert.equal(
      await frame.evaluate(() => document.activeElement?.getAttribute('aria-label')),
      'Suchprofil löschen: Wohnung mieten',
    );
    await page.keyboard.press('Enter');
    await tabTo(page, confirm.getByRole('button', { name: 'Löschen' }));
    await page.keyboard.press('Enter');
    await frame.getByText('Sie haben noch kein Suchprofil angelegt.').waitFor();

    // The inquiry sent before, with its exposé opening in a new tab.
    await tabTo(page, tabs.getByRole('tab', { name: 'Suchprofile' }));
    await page.keyboard.press('ArrowLeft');
    const exposé = frame.getByRole('link', { name: /Exposé/ });
    await exposé.waitFor();
    assert.equal(await exposé.getAttribute('target'), '_blank');
    assert.match((await exposé.getAttribute('rel')) ?? '', /noopener/);
    await expectNoAxeViolations(page, 'inquiries');

    // The account: a phone number saved.
    await tabTo(page, tabs.getByRole('tab', { name: 'Anfragen' }));
    await page.keyboard.press('End');
    await frame.getByRole('heading', { name: 'Ihre Angaben' }).waitFor();
    await tabTo(page, frame.getByRole('textbox', { name: 'Telefon' }));
    await page.keyboard.type('030 1234567');
    await tabTo(page, frame.getByRole('button', { name: 'Änderungen speichern' }));
    await page.keyboard.press('Enter');
    await frame.getByText('Ihre Angaben wurden gespeichert.').waitFor();
    await expectNoAxeViolations(page, 'account');
    // 'Konto löschen' asks first; Escape closes its dialog.
    await tabTo(page, frame.getByRole('button', { name: 'Konto löschen' }));
    await page.keyboard.press('Enter');
    const deleteAccount = frame.getByRole('dialog', { name: 'Konto löschen' });
    await deleteAccount
      .getByText('Möchten Sie Ihr Konto mit allen Daten wirklich löschen?')
      .waitFor();
    await expectNoAxeViolations(page, 'delete account dialog');
    await page.keyboard.press('Escape');
    await deleteAccount.waitFor({ state: 'detached' });

    // A reload keeps the session; logout ends it.
    await page.reload();
    const again = (await (await page.waitForSelector('iframe')).contentFrame())!;
    await again.getByRole('tablist').waitFor();
    await tabTo(page, again.getByRole('button', { name: 'Abmelden' }));
    await page.keyboard.press('Enter');
    await again.getByText('Sie wurden abgemeldet.').waitFor();
    // Logged out, the focus is on the login page's heading (the button that had it is gone).
    await again.waitForFunction(() => document.activeElement?.textContent === 'Anmeldung');
    await page.context().close();
  });

  it('English: a saved search activated from the edit dialog; a dialog in a tall, scrolled frame opens in view', async () => {
    const email = 'portal-en@example.de';
    const page = await contactWithAccount(email, 'en');
    const frame = await logIn(page, email, 'en');
    // A saved search made inactive through the API is activated in the dialog.
    await frame.getByRole('button', { name: 'Create new search profile' }).click();
    const create = frame.getByRole('dialog', { name: 'Create new search profile' });
    await create.getByRole('button', { name: 'Enter details' }).click();
    await create.getByRole('button', { name: 'House', exact: true }).click();
    await create.getByRole('button', { name: 'Save' }).click();
    const card = frame
      .getByRole('listitem')
      .filter({ has: frame.getByRole('heading', { name: 'House to buy' }) });
    await card.waitFor();
    // Made inactive behind the widget's back (the portal offers only activating), then reloaded.
    const db = new Database(path.join(ctx.server.dataDir, 'immosuite.sqlite'));
    try {
      db.prepare(
        `UPDATE saved_searches SET active = 0 WHERE contact_id = (SELECT id FROM contacts WHERE email = ?)`,
      ).run(email);
    } finally {
      db.close();
    }
    await page.reload();
    const reloaded = (await (await page.waitForSelector('iframe')).contentFrame())!;
    const inactive = reloaded.getByRole('listitem').filter({ hasText: 'Residential, inactive' });
    await inactive.getByRole('button', { name: /Edit search profile/ }).click();
    const activate = reloaded.getByRole('dialog', { name: 'Edit search profile' });
    await activate.getByRole('tree').waitFor();
    await expectNoAxeViolations(page, 'edit dialog of an inactive profile (English)');
    await activate.getByRole('button', { name: 'Activate search profile' }).click();
    await activate.waitFor({ state: 'detached' });
    await reloaded.getByText('Residential', { exact: true }).waitFor();
    assert.equal(await reloaded.getByText('Residential, inactive').count(), 0);
    const card2 = reloaded
      .getByRole('listitem')
      .filter({ has: reloaded.getByRole('heading', { name: 'House to buy' }) });

    // The frame grows far taller than the window and the page scrolls a little: a dialog
    // centred in the frame would open 1,500 px down, out of sight; it opens in view.
    // The embed script reports the visible part (throttled): the frame listens for that report.
    await reloaded.evaluate(() => {
      const seen = window as unknown as { reportedTop?: number };
      window.addEventListener('message', (event: MessageEvent) => {
        const data = event.data as { type?: string; payload?: { top?: number } } | null;
        if (data?.type === 'viewport' && typeof data.payload?.top === 'number')
          seen.reportedTop = data.payload.top;
      });
    });
    await page.evaluate(() => {
      const frameElement = document.querySelector('iframe')!;
      frameElement.style.minHeight = '3000px';
      window.scrollTo(0, frameElement.getBoundingClientRect().top + window.scrollY + 60);
    });
    await reloaded.waitForFunction(
      () => ((window as unknown as { reportedTop?: number }).reportedTop ?? 0) > 0,
    );
    await card2.getByRole('button', { name: /Edit search profile/ }).click();
    const edit = reloaded.getByRole('dialog', { name: 'Edit search profile' });
    await edit.waitFor();
    const box = await edit.boundingBox();
    const viewport = page.viewportSize()!;
    assert.ok(box, 'the dialog has a box');
    assert.ok(
      box.y >= 0 && box.y < viewport.height,
      `the dialog's top (${box.y}) is outside the visible page (0 to ${viewport.height})`,
    );
    await edit.getByRole('button', { name: 'Cancel' }).click();
    await edit.waitFor({ state: 'detached' });

    // Consent withdrawn behind the widget's back: the account dialog opens by itself.
    const db2 = new Database(path.join(ctx.server.dataDir, 'immosuite.sqlite'));
    try {
      db2.prepare('UPDATE contacts SET accept_contact = 0 WHERE email = ?').run(email);
    } finally {
      db2.close();
    }
    await page.reload();
    const again = (await (await page.waitForSelector('iframe')).contentFrame())!;
    const account = again.getByRole('dialog', { name: 'Please complete your details' });
    await account.getByRole('button', { name: 'Save changes' }).waitFor();
    await expectNoAxeViolations(page, 'account dialog (English)');
    await account.getByRole('checkbox', { name: /contacted/ }).check();
    await account.getByRole('button', { name: 'Save changes' }).click();
    await account.waitFor({ state: 'detached' });
    await again.getByRole('button', { name: 'Sign out' }).click();
    await again.getByText('You have been signed out.').waitFor();
    await page.context().close();
  });
  it('on a phone, in English: the create dialog shows whole, and the frame shrinks back after it', async () => {
    const email = 'portal-phone@example.de';
    const page = await contactWithAccount(email, 'en', { width: 375, height: 700 });
    const frame = await logIn(page, email, 'en');
    const before = (await page.locator('iframe').boundingBox())!.height;
    await frame.getByRole('button', { name: 'Create new search profile' }).click();
    const create = frame.getByRole('dialog', { name: 'Create new search profile' });
    await create.getByRole('tree', { name: 'Regions' }).waitFor();
    await create.locator('.leaflet-container').waitFor();
    await assertDialogFits(frame, create, 'phone, create dialog, regions');
    await create.getByRole('button', { name: 'Enter details' }).click();
    await create.getByRole('button', { name: 'House', exact: true }).click();
    await create.getByRole('textbox', { name: 'Purchase price to' }).waitFor();
    await assertDialogFits(frame, create, 'phone, create dialog, details');
    await create.getByRole('button', { name: 'Cancel' }).click();
    await create.waitFor({ state: 'detached' });
    await page.waitForFunction(
      (height) => document.querySelector('iframe')!.getBoundingClientRect().height <= height + 1,
      before,
    );
    await page.context().close();
  });
});
