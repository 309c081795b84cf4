/**
 * The inbox's list at a glance in Chromium against the reference backend: at 1280 x 800 every
 * row one line with long names and addresses (shortened by their cells, whole in the title and
 * the text a screen reader reads), at least twelve rows below the header, every column inside
 * the window, the filter form folded with what is set beside its button, all of it by keyboard
 * and axe-clean, in German and English; on a phone (390 px) the same tools without sideways
 * scrolling.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { Page } from 'playwright-core';
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
const LONG_EMAIL = 'anna-lena.von-hohenzollern-sigmaringen@beispiel-immobilienverwaltung.de';

/** Thirty submissions of four kinds, long names and addresses among them. */
async function send() {
  const visitor = ctx.server.client();
  for (let i = 0; i < 30; i++) {
    const long = i % 3 === 0;
    const contact = contactOf({
      email: long && i === 0 ? LONG_EMAIL : `kunde.${i}@beispiel-immobilienverwaltung.de`,
      firstname: long ? 'Anna-Lena Friederike' : 'Eva',
      lastname: long ? `von Hohenzollern-Sigmaringen ${i}` : `Kurz ${i}`,
      phone: `+49 30 1234 56${String(i).padStart(2, '0')}`,
    });
    const kind = i % 4;
    const answer =
      kind === 0
        ? await visitor.post(`${PREFIX}/v1/wizard/lead`, { contact, lead: lead() })
        : kind === 1
          ? await visitor.post(`${PREFIX}/v1/wizard/contact`, { contact, message: `Rückruf ${i}` })
          : kind === 2
            ? await visitor.post(`${PREFIX}/v1/wizard/expose-inquiry`, {
                contact,
                exposeInquiry: { objectId: 1, message: 'Ist die Wohnung noch frei?' },
              })
            : await visitor.post(`${PREFIX}/v1/wizard/contact`, { contact, type: 'newsletter' });
    assert.equal(answer.status, 201, `submission ${i}: ${answer.status}`);
  }
}

/** What the wide list looks like in the window: rows, lines, columns. */
const measure = (page: Page) =>
  page.evaluate(() => {
    const rows = [...document.querySelectorAll('tbody tr')];
    const oneLine = rows.map((tr) => {
      const td = tr.querySelector('td')!;
      const style = getComputedStyle(td);
      const line = parseFloat(style.lineHeight) || parseFloat(style.fontSize) * 1.5;
      const padding = parseFloat(style.paddingTop) + parseFloat(style.paddingBottom);
      return tr.getBoundingClientRect().height < 2 * line + padding;
    });
    const headers = [...document.querySelectorAll('thead th')].map(
      (th) => th.getBoundingClientRect().right,
    );
    return {
      rows: rows.length,
      wrapped: oneLine.filter((one) => !one).length,
      inWindow: rows.filter((tr) => tr.getBoundingClientRect().bottom <= window.innerHeight).length,
      columnsOutside: headers.filter((right) => right > window.innerWidth).length,
    };
  });

describe('the inbox list at a glance in Chromium', () => {
  for (const [locale, words] of [
    [
      'de-DE',
      {
        filter: 'Filter',
        kind: 'Art',
        contactKind: 'Kontaktnachricht',
        remove: 'Filter „Art: Kontaktnachricht“ entfernen',
        name: 'Name',
        shown: /^\d+ Eingänge$/,
      },
    ],
    [
      'en-US',
      {
        filter: 'Filters',
        kind: 'Kind',
        contactKind: 'Contact message',
        remove: 'Remove filter “Kind: Contact message”',
        name: 'Name',
        shown: /^\d+ submissions$/,
      },
    ],
  ] as const) {
    it(`shows one line a row, twelve rows and every column in 1280 x 800, by keyboard (${locale})`, async () => {
      if (locale === 'de-DE') await send();
      const page = await staffPage(ctx.server, ctx.browser, { email: STAFF, width: 1280, locale });
      await page.setViewportSize({ width: 1280, height: 800 });
      await page.getByRole('status').filter({ hasText: words.shown }).waitFor();
      await page.getByRole('table').getByRole('link').first().waitFor();

      const seen = await measure(page);
      assert.ok(seen.rows >= 30, `rows: ${seen.rows}`);
      assert.equal(seen.wrapped, 0, 'rows broken over more than one line');
      assert.ok(seen.inWindow >= 12, `rows inside 1280 x 800: ${seen.inWindow}`);
      assert.equal(seen.columnsOutside, 0, 'columns beyond the window');
      assert.ok(await noSidewaysScroll(page), 'the list scrolls sideways at 1280 px');

      // A long address is shortened by its cell: whole in its title and in its text.
      const link = page.getByRole('link', { name: LONG_EMAIL, exact: true });
      const cell = page.getByRole('cell').filter({ has: link });
      assert.equal(await cell.getAttribute('title'), `${LONG_EMAIL} · +49 30 1234 5600`);
      assert.ok(
        await link.evaluate((a) => a.scrollWidth > a.clientWidth),
        'the long address is not shortened',
      );
      await expectPageAxeClean(page, `the list at a glance (${locale})`);
      await shoot(page, `glance-1280-${locale}`);

      // By keyboard: unfold the form, choose a kind, fold it; what is set stands beside it.
      const toggle = page.getByRole('button', { name: words.filter, exact: true });
      assert.equal(await toggle.getAttribute('aria-expanded'), 'false');
      await tabTo(page, toggle);
      await page.keyboard.press('Enter');
      assert.equal(await toggle.getAttribute('aria-expanded'), 'true');
      // The form follows its button: the next Tab is its first field.
      const kind = page.getByRole('combobox', { name: words.kind, exact: true });
      await page.keyboard.press('Tab');
      assert.ok(await kind.evaluate((select) => select === document.activeElement));
      await kind.selectOption({ label: words.contactKind });
      await page.waitForURL(/\?kind=contact$/);
      const counted = page.getByRole('button', { name: `${words.filter} (1)`, exact: true });
      await tabTo(page, counted);
      await page.keyboard.press('Enter');
      assert.equal(await counted.getAttribute('aria-expanded'), 'false');
      const chip = page.getByRole('button', { name: words.remove });
      await chip.waitFor();
      assert.equal((await measure(page)).wrapped, 0, 'filtered rows broken over lines');
      await expectPageAxeClean(page, `the folded filter with a kind set (${locale})`);
      await shoot(page, `glance-1280-${locale}-filtered`);
      await tabTo(page, chip);
      await page.keyboard.press('Enter');
      await page.waitForURL(/\/agency\/?$/);
      await chip.waitFor({ state: 'detached' });

      // Sorted by a header, opened by its name, all by keyboard.
      const byName = page.getByRole('button', { name: words.name, exact: true });
      await tabTo(page, byName);
      await page.keyboard.press('Enter');
      await page
        .getByRole('columnheader', { name: words.name })
        .and(page.locator('[aria-sort="ascending"]'))
        .waitFor();
      const first = page.getByRole('table').getByRole('link').first();
      const name = (await first.textContent())!;
      await tabTo(page, first);
      await page.keyboard.press('Enter');
      const heading = page.getByRole('heading', { level: 1, name: new RegExp(name.slice(0, 20)) });
      await heading.waitFor();
      // Opened, the submission's heading has the focus (a screen reader starts there).
      assert.ok(await heading.evaluate((h) => h === document.activeElement));
      await page.context().close();
    });
  }

  it('keeps the same tools on a phone without sideways scrolling, what is set beside the button', async () => {
    const page = await staffPage(ctx.server, ctx.browser, {
      email: STAFF,
      width: 390,
      locale: 'de-DE',
    });
    await page.goto(`${ctx.server.baseUrl}/agency?kind=contact&unread=true`);
    await page.getByRole('list', { name: 'Eingänge' }).getByRole('listitem').first().waitFor();
    await page.getByRole('button', { name: 'Filter „Art: Kontaktnachricht“ entfernen' }).waitFor();
    await page.getByRole('button', { name: 'Filter „Nur ungelesene“ entfernen' }).waitFor();
    await page.getByRole('searchbox', { name: 'Suche' }).waitFor();
    assert.ok(await noSidewaysScroll(page), 'the list scrolls sideways at 390 px');
    await expectPageAxeClean(page, 'the folded filter on a phone');
    await shoot(page, 'glance-390-de');
    // Opened, the form fits the phone's width too.
    await page.getByRole('button', { name: 'Filter (2)' }).click();
    await page.getByRole('combobox', { name: 'Art' }).waitFor();
    assert.ok(await noSidewaysScroll(page), 'the open filter form scrolls sideways at 390 px');
    // Removing a filter by its button keeps the focus on the form's button.
    await page.getByRole('button', { name: 'Filter (2)' }).click();
    await page.getByRole('button', { name: 'Filter „Nur ungelesene“ entfernen' }).click();
    await page.waitForURL(/\?kind=contact$/);
    assert.equal(await page.evaluate(() => document.activeElement?.textContent), 'Filter (1)');
    await page.context().close();
  });
});
