/**
 * The inbox's keyboard shortcuts in Chromium against the reference backend: J, K and O through
 * the list, Shift+U, A, J and U on a submission, the help behind ? (axe-clean, inside the
 * window) at 1280 px in German and 390 px in English.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { contact as contactOf, PREFIX } from '../test/server/testServer';
import {
  expectPageAxeClean,
  noSidewaysScroll,
  serverAndBrowser,
  shoot,
  staffPage,
} from './harness';

const ctx = serverAndBrowser();
const STAFF = 'makler@immosuite.local';

async function send() {
  const visitor = ctx.server.client();
  for (const lastname of ['Erste', 'Zweite', 'Dritte']) {
    const sent = await visitor.post(`${PREFIX}/v1/wizard/contact`, {
      contact: contactOf({
        email: `${lastname.toLowerCase()}@example.de`,
        firstname: 'Kim',
        lastname,
      }),
      message: 'Bitte um Rückruf.',
    });
    assert.equal(sent.status, 201);
  }
}

describe("the inbox's keyboard shortcuts in Chromium", () => {
  it('works the list and a submission by its keys, and shows them behind ? (1280 px, German)', async () => {
    await send();
    const page = await staffPage(ctx.server, ctx.browser, {
      email: STAFF,
      width: 1280,
      locale: 'de-DE',
    });
    const table = page.getByRole('table');
    await table.getByRole('link', { name: 'Kim Erste' }).waitFor();
    // Newest first: Dritte, Zweite, Erste.
    await page.keyboard.press('j');
    await page.keyboard.press('j');
    assert.equal(await page.evaluate(() => document.activeElement?.textContent), 'Kim Zweite');
    // Said in the live region, which is read, not shown.
    await page
      .getByRole('status')
      .filter({ hasText: /^Eingang 2 von \d+: Kim Zweite$/ })
      .waitFor({ state: 'attached' });
    await page.keyboard.press('o');
    await page.getByRole('heading', { level: 1, name: /Kim Zweite/ }).waitFor();

    await page.keyboard.press('Shift+U');
    await page.getByText('Als ungelesen markiert.').waitFor();
    await page.keyboard.press('a');
    await page.getByText('Zuständigkeit gespeichert.').waitFor();
    assert.equal(await page.getByRole('combobox', { name: 'Zuständig' }).inputValue(), STAFF);
    await page.keyboard.press('j');
    await page.getByRole('heading', { level: 1, name: /Kim Erste/ }).waitFor();
    await page.keyboard.press('u');
    await table.getByRole('link', { name: 'Kim Zweite' }).waitFor();
    const zweite = page.getByRole('row').filter({ hasText: 'Kim Zweite' });
    await zweite.getByText('Ungelesen').waitFor();
    await zweite.getByRole('cell', { name: 'makler', exact: true }).waitFor();

    await page.keyboard.press('?');
    const help = page.getByRole('dialog', { name: 'Tastenkürzel' });
    await help.getByRole('cell', { name: 'Mir zuweisen' }).waitFor();
    await expectPageAxeClean(page, 'the keyboard help');
    await shoot(page, 'keys-1280-de');
    await page.keyboard.press('Escape');
    await help.waitFor({ state: 'detached' });
    await page.context().close();
  });

  it("shows the help inside a phone's screen, in English", async () => {
    const page = await staffPage(ctx.server, ctx.browser, {
      email: STAFF,
      width: 390,
      locale: 'en-US',
    });
    await page.getByRole('list', { name: 'Submissions' }).getByRole('listitem').first().waitFor();
    await page.getByRole('button', { name: 'Keyboard shortcuts' }).click();
    const help = page.getByRole('dialog', { name: 'Keyboard shortcuts' });
    await help.getByRole('cell', { name: 'Assign to me' }).waitFor();
    assert.ok(await noSidewaysScroll(page), 'the help scrolls sideways at 390 px');
    const box = (await help.boundingBox())!;
    assert.ok(box.x >= 0 && box.x + box.width <= 390, `the help at ${box.x}, ${box.width} wide`);
    await expectPageAxeClean(page, 'the keyboard help on a phone');
    await shoot(page, 'keys-390-en');
    await page.context().close();
  });
});
