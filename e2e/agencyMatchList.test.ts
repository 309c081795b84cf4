/**
 * The matches in the inbox's list in Chromium against the reference backend: a staff member
 * filters to the rows with matching searches ('Mit passenden Suchprofilen'), sees each row's
 * count in words, and a match found after they read a row marked new until they open it again;
 * on a desktop and on a phone (390 px, the filter behind its button, worked by keyboard).
 * Axe-clean. Screenshots, when SCREENSHOTS names a folder, of both widths in German and English.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { Browser } from 'playwright-core';
import {
  confirmedSearch,
  contact as contactOf,
  lead,
  PREFIX,
  savedSearch,
} from '../test/server/testServer';
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

/** A flat to let in Prenzlauer Berg at `rent` €: the seeded demo search wants 800–1,600 €. */
const flatToLet = (rent: number) =>
  lead({
    marketingType: 'rent',
    fields: [{ name: 'price.price', valueType: 'NUMBER', value: rent }],
  });

/** Two flats to let the searches want, a flat for sale none wants, a contact message. */
/** Sina's wizard search for flats up to `max` €, confirmed by its mail. */
const searchUpTo = (email: string, lastname: string, max: number) =>
  confirmedSearch(
    ctx.server,
    { email, firstname: 'Sina', lastname },
    savedSearch({
      fields: [{ name: 'price.price', valueType: 'RANGE', minValue: 500, maxValue: max }],
    }),
  );

async function send() {
  const visitor = ctx.server.client();
  for (const [email, lastname, body] of [
    ['olga@example.de', 'Olsen', flatToLet(900)],
    ['paul@example.de', 'Peters', flatToLet(1200)],
    ['vera@example.de', 'Verkauf', lead()],
  ] as const)
    assert.equal(
      (
        await visitor.post(`${PREFIX}/v1/wizard/lead`, {
          contact: contactOf({ email, firstname: 'Eigner', lastname }),
          lead: body,
        })
      ).status,
      201,
    );
  await visitor.post(`${PREFIX}/v1/wizard/contact`, {
    contact: contactOf({ email: 'nils@example.de', firstname: 'Nils', lastname: 'Nachricht' }),
    message: 'Rückruf bitte',
  });
  // Up to 1,000 €: Olga's flat, not Paul's.
  await searchUpTo('sina@example.de', 'Sucher', 1000);
  // The pairs, as matching's job writes them after the answers.
  await ctx.server.app.matcher.runDue();
}

/** A staff member signed in by the mailed link, in a page of `width`. */
const signedIn = (browser: Browser, width: number, locale = 'de-DE') =>
  staffPage(ctx.server, browser, { email: STAFF, width, locale });

describe('matches in the inbox list in Chromium', () => {
  it('filters to rows with matching searches and marks a new match until the row is opened again, on a desktop', async () => {
    await send();
    const page = await signedIn(ctx.browser, 1280);
    await page.getByRole('table').getByRole('link').first().waitFor();
    const rowOf = (name: string) =>
      page.getByRole('row').filter({ has: page.getByRole('link', { name }) });
    // Olga's flat: the demo search and Sina's; Paul's: the demo search only.
    await rowOf('Eigner Olsen').getByText('2 passende Suchprofile').waitFor();

    await page.getByRole('button', { name: 'Filter', exact: true }).click();
    await page.getByRole('checkbox', { name: 'Mit passenden Suchprofilen' }).check();
    assert.match(page.url(), /\/agency\/?\?matching=true$/);
    // Olga, Paul, the demo search (the two flats and W-1004), Sina's search (Olga's flat).
    await page.getByText('4 Eingänge', { exact: true }).waitFor();
    await rowOf('Eigner Peters').getByText('1 passendes Suchprofil').waitFor();
    await rowOf('Sina Sucher').getByText('1 passendes Objekt').waitFor();
    await rowOf('Erika Musterkundin').getByText('3 passende Objekte').waitFor();
    assert.equal(await rowOf('Eigner Verkauf').count(), 0);
    assert.equal(await rowOf('Nils Nachricht').count(), 0);
    await expectPageAxeClean(page, 'the list with matching searches');
    await shoot(page, 'matches-1280-de');

    // Olga's row read, then a new search wants her flat: read still, '1 neuer Treffer'.
    await page.getByRole('link', { name: 'Eigner Olsen' }).click();
    await page.getByRole('heading', { level: 1, name: /Eigner Olsen/ }).waitFor();
    await page.getByRole('button', { name: 'Als ungelesen markieren' }).waitFor();
    await page.goBack();
    await page.getByText('4 Eingänge', { exact: true }).waitFor();
    await searchUpTo('tom@example.de', 'Neu', 950);
    await page.reload();
    const olga = rowOf('Eigner Olsen');
    await olga.getByText('3 passende Suchprofile').waitFor();
    await olga.getByText('1 neuer Treffer').waitFor();
    assert.equal(await olga.getByText('Ungelesen').count(), 0);
    await expectPageAxeClean(page, 'a new match marked');
    await shoot(page, 'matches-1280-de-new');

    // Opened again: the mark goes.
    await page.getByRole('link', { name: 'Eigner Olsen' }).click();
    await page.getByRole('heading', { level: 1, name: /Eigner Olsen/ }).waitFor();
    await page.getByRole('link', { name: 'Zurück zur Liste' }).click();
    await olga.getByText('3 passende Suchprofile').waitFor();
    // Gone once the read mark is saved; and so after a reload, from the server.
    await olga.getByText('1 neuer Treffer').waitFor({ state: 'detached' });
    await page.reload();
    await olga.getByText('3 passende Suchprofile').waitFor();
    assert.equal(await olga.getByText('1 neuer Treffer').count(), 0);
    await page.context().close();
  });

  it('keeps the language a link named through the filter and a reload', async () => {
    const page = await signedIn(ctx.browser, 1280);
    await page.goto(`${ctx.server.baseUrl}/agency?lang=en`);
    await page.getByRole('button', { name: 'Filters', exact: true }).click();
    await page.getByRole('checkbox', { name: 'With matching searches' }).check();
    assert.match(page.url(), /\?matching=true$/);
    await page.reload();
    await page.getByRole('button', { name: 'Remove filter “With matching searches”' }).waitFor();
    assert.equal(await page.evaluate(() => document.documentElement.lang), 'en');
    // Another link names German: that stands from then on.
    await page.goto(`${ctx.server.baseUrl}/agency?lang=de`);
    await page.getByRole('button', { name: 'Filter', exact: true }).waitFor();
    await page.context().close();
  });

  it('on a phone: the filter behind its button by keyboard, the badge on the cards', async () => {
    const page = await signedIn(ctx.browser, 390);
    const cards = page.getByRole('list', { name: 'Eingänge' });
    await cards.getByRole('listitem').first().waitFor();
    const toggle = page.getByRole('button', { name: 'Filter', exact: true });
    await tabTo(page, toggle);
    await page.keyboard.press('Enter');
    const box = page.getByRole('checkbox', { name: 'Mit passenden Suchprofilen' });
    await tabTo(page, box);
    await page.keyboard.press('Space');
    await page.getByRole('button', { name: 'Filter (1)' }).waitFor();
    assert.match(page.url(), /\?matching=true$/);
    const card = cards.getByRole('listitem').filter({ hasText: 'Eigner Peters' });
    await card.getByText('1 passendes Suchprofil').waitFor();
    assert.equal(
      await cards.getByRole('listitem').filter({ hasText: 'Nils Nachricht' }).count(),
      0,
    );
    assert.ok(await noSidewaysScroll(page), 'the list scrolls sideways at 390 px');
    await expectPageAxeClean(page, 'the filter on a phone');
    await shoot(page, 'matches-390-de');
    await page.context().close();
  });

  it('reads in English at both widths', async () => {
    for (const width of [1280, 390]) {
      const page = await signedIn(ctx.browser, width, 'en-US');
      await page.goto(`${ctx.server.baseUrl}/agency?matching=true`);
      await page.getByText('1 matching search', { exact: true }).first().waitFor();
      await page.getByText('3 matching properties', { exact: true }).first().waitFor();
      if (width === 1280)
        await page
          .getByRole('button', { name: 'Remove filter “With matching searches”' })
          .waitFor();
      await expectPageAxeClean(page, `the list with matching searches in English at ${width}`);
      await shoot(page, `matches-${width}-en`);
      await page.context().close();
    }
  });
});
