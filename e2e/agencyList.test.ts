/**
 * The inbox's list in Chromium against the reference backend, as an agent works it all day:
 * on a desktop, a filtered and sorted view survives a reload and comes back with Back from a
 * submission; on a phone (390 px), cards without sideways scrolling and the filters behind one
 * button worked by keyboard. Axe-clean in both. Screenshots, when SCREENSHOTS names a folder,
 * of both widths in German and English.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { Browser } from 'playwright-core';
import { contact as contactOf, lead, PREFIX } from '../test/server/testServer';
import {
  expectPageAxeClean,
  noSidewaysScroll,
  serverAndBrowser,
  shoot,
  staffPage,
  tabTo,
} from './harness';

const ctx = serverAndBrowser();
const STAFF = 'makler@immosuite.local';

/** Submissions of three kinds, sent as the widget sends them. */
async function send() {
  const visitor = ctx.server.client();
  for (const [i, lastname] of ['Zander', 'Albers', 'Meyer', 'Özdemir'].entries()) {
    await visitor.post(`${PREFIX}/v1/wizard/lead`, {
      contact: contactOf({ email: `liste${i}@example.de`, firstname: 'Eva', lastname }),
      lead: lead(),
    });
    await visitor.post(`${PREFIX}/v1/wizard/contact`, {
      contact: contactOf({ email: `nachricht${i}@example.de`, firstname: 'Nils', lastname }),
      message: `Rückruf bitte, Nr. ${i}`,
    });
  }
  await visitor.post(`${PREFIX}/v1/wizard/expose-inquiry`, {
    contact: contactOf({ email: 'frage@example.de', firstname: 'Frida', lastname: 'Frage' }),
    exposeInquiry: { objectId: 1, message: 'Ist die Wohnung noch frei?' },
  });
}

/** A staff member signed in by the mailed link, in a page of `width`. */
const signedIn = (browser: Browser, width: number, locale = 'de-DE') =>
  staffPage(ctx.server, browser, { email: STAFF, width, locale });

describe('the inbox list in Chromium', () => {
  it('keeps a filtered, sorted view over a reload and Back from a submission, on a desktop', async () => {
    await send();
    const page = await signedIn(ctx.browser, 1280);
    await page.getByRole('table').getByRole('link').first().waitFor();
    // The filter form folds away; its button opens it.
    await page.getByRole('button', { name: 'Filter', exact: true }).click();
    await page.getByRole('combobox', { name: 'Art' }).selectOption({ label: 'Eigentümer-Anfrage' });
    await page
      .getByRole('combobox', { name: 'Sortieren nach' })
      .selectOption({ label: 'Name (A–Z)' });
    await page.getByText('4 Eingänge', { exact: true }).waitFor();
    const names = () =>
      page
        .getByRole('table', { name: 'Eingänge, nach Name von A bis Z' })
        .getByRole('row')
        .filter({ has: page.getByRole('cell') })
        .getByRole('link', { name: /^Eva / })
        .allTextContents();
    assert.deepEqual(await names(), ['Eva Albers', 'Eva Meyer', 'Eva Özdemir', 'Eva Zander']);
    assert.match(page.url(), /\/agency\/?\?kind=lead&sort=name$/);
    await expectPageAxeClean(page, 'the list, filtered and sorted');
    await shoot(page, 'list-1280-de');

    await page.reload();
    await page.getByText('4 Eingänge', { exact: true }).waitFor();
    assert.deepEqual(await names(), ['Eva Albers', 'Eva Meyer', 'Eva Özdemir', 'Eva Zander']);
    // Folded again, the form shows what it holds.
    await page
      .getByRole('button', { name: 'Filter „Art: Eigentümer-Anfrage“ entfernen' })
      .waitFor();

    await page.getByRole('link', { name: 'Eva Meyer' }).click();
    await page.getByRole('heading', { level: 1, name: /Eva Meyer/ }).waitFor();
    assert.match(page.url(), /\/agency\/submissions\/[0-9a-f-]{36}$/);
    await page.goBack();
    await page.getByText('4 Eingänge', { exact: true }).waitFor();
    assert.deepEqual(await names(), ['Eva Albers', 'Eva Meyer', 'Eva Özdemir', 'Eva Zander']);
    // Folded again, the form shows what it holds.
    await page
      .getByRole('button', { name: 'Filter „Art: Eigentümer-Anfrage“ entfernen' })
      .waitFor();

    // The search finds a message's words.
    await page.getByRole('button', { name: 'Filter zurücksetzen' }).click();
    // Typed key by key: no letter is lost while the address follows.
    await page.getByRole('searchbox', { name: 'Suche' }).pressSequentially('noch frei');
    assert.equal(await page.getByRole('searchbox', { name: 'Suche' }).inputValue(), 'noch frei');
    await page.getByText('1 Eingang', { exact: true }).waitFor();
    await page.getByRole('link', { name: 'Frida Frage' }).waitFor();
    await page.context().close();
  });

  it('shows cards without sideways scrolling and the filters behind one button, on a phone', async () => {
    const page = await signedIn(ctx.browser, 390);
    const cards = page.getByRole('list', { name: 'Eingänge' });
    await cards.getByRole('listitem').first().waitFor();
    assert.equal(await page.getByRole('table').count(), 0);
    assert.ok(await noSidewaysScroll(page), 'the list scrolls sideways at 390 px');
    const toggle = page.getByRole('button', { name: 'Filter', exact: true });
    assert.equal(await toggle.getAttribute('aria-expanded'), 'false');
    assert.equal(await page.getByRole('combobox', { name: 'Art' }).count(), 0);
    await expectPageAxeClean(page, 'the list on a phone');
    await shoot(page, 'list-390-de');

    // By keyboard: open the filters, choose a kind; the button counts it.
    await tabTo(page, toggle);
    await page.keyboard.press('Enter');
    assert.equal(await toggle.getAttribute('aria-expanded'), 'true');
    const kind = page.getByRole('combobox', { name: 'Art' });
    await tabTo(page, kind);
    await kind.selectOption({ label: 'Kontaktnachricht' });
    await page.getByRole('button', { name: 'Filter (1)' }).waitFor();
    await page.getByText('4 Eingänge', { exact: true }).waitFor();
    const card = cards.getByRole('listitem').filter({ hasText: 'Nils Albers' });
    await card.getByText('Kontaktnachricht', { exact: false }).waitFor();
    await card.getByText('10115 Berlin').waitFor();
    await card.getByText('neu', { exact: true }).waitFor();
    assert.ok(await noSidewaysScroll(page), 'the filtered list scrolls sideways at 390 px');
    await expectPageAxeClean(page, 'the filters open on a phone');
    await shoot(page, 'list-390-de-filters');
    await page.context().close();
  });

  it('reads in English at both widths', { skip: !process.env.SCREENSHOTS }, async () => {
    for (const width of [1280, 390]) {
      const page = await signedIn(ctx.browser, width, 'en-US');
      await page
        .getByRole('status')
        .filter({ hasText: /^\d+ submissions?$/ })
        .waitFor();
      await shoot(page, `list-${width}-en`);
      await page.context().close();
    }
  });
});
