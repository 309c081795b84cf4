/**
 * An agent's working day in Chromium against the reference backend: two visitors' messages
 * arrive; two staff members (AGENCY_USERS) exist; one signs in, sees the unread count beside
 * the heading and in the tab's title, opens a message (it is read now, and the count drops),
 * adds a note, assigns it to herself, and back in the list sees herself as its assignee and
 * finds it under 'Mir zugewiesen'. Axe-clean, and the note written by keyboard.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Browser } from 'playwright-core';
import { contact, mailTo, PREFIX } from '../test/server/testServer';
import { launchBrowser, startServer, tabTo } from './harness';

const ME = 'lena@makler.example';
const COLLEAGUE = 'tom@makler.example';
const VISITORS = ['ines.work-e2e@example.de', 'jonas.work-e2e@example.de'];

const ctx = {} as { server: Awaited<ReturnType<typeof startServer>>; browser: Browser };
before(async () => {
  ctx.server = await startServer({ AGENCY_USERS: `${ME}, ${COLLEAGUE}` });
  ctx.browser = await launchBrowser();
});
after(async () => {
  await ctx.browser?.close();
  await ctx.server?.close();
});

describe("an agent's working day", () => {
  it('reads, notes and assigns a submission, and the list says so', async () => {
    // Two contact messages, as the widget sends them.
    const visitor = ctx.server.client();
    for (const email of VISITORS) {
      const sent = await visitor.post(`${PREFIX}/v1/wizard/contact`, {
        contact: contact({ email, firstname: email.split('.')[0], lastname: 'Beispiel' }),
        message: 'Bitte um Rückruf.',
      });
      assert.equal(sent.status, 201, JSON.stringify(sent.body));
    }

    const page = await (await ctx.browser.newContext({ locale: 'de-DE' })).newPage();
    await page.goto(`${ctx.server.baseUrl}/agency`);
    await page.getByRole('textbox', { name: 'E-Mail-Adresse' }).fill(ME);
    await page.getByRole('button', { name: 'Anmeldelink senden' }).click();
    await page.getByText(/ist der Link unterwegs/).waitFor();
    const link = await mailTo(ctx.server, (m) => m.to === ME && m.links.length > 0);
    await page.goto(link.links[0]!);
    await page.getByText(`Angemeldet als ${ME}`).waitFor();

    // Every submission is new to her (the seeded demo entry too): the count says how many.
    const heading = page.getByRole('heading', { level: 1 });
    await heading.filter({ hasText: /ungelesene Eingänge/ }).waitFor();
    const count = Number(/(\d+) ungelesene Eingänge/.exec(await heading.innerText())![1]);
    assert.ok(count >= 2, `unread: ${count}`);
    assert.equal(await page.title(), `(${count}) Posteingang`);
    const row = page.getByRole('row').filter({ hasText: VISITORS[0] });
    assert.match(await row.innerText(), /Ungelesen/);
    await expectPageAxeClean(page, 'the list with unread rows');

    // Opened, it is read.
    await row.getByRole('link', { name: 'ines Beispiel' }).click();
    await page
      .getByRole('heading', { level: 1, name: /Kontaktnachricht: ines Beispiel/ })
      .waitFor();
    await page.getByRole('button', { name: 'Als ungelesen markieren' }).waitFor();

    // A note, typed by keyboard.
    const notes = page.getByRole('region', { name: 'Notizen' });
    const field = notes.getByRole('textbox', { name: 'Neue Notiz' });
    await tabTo(page, field);
    await page.keyboard.type('Rückruf <morgen> um 10 Uhr');
    await tabTo(page, notes.getByRole('button', { name: 'Notiz speichern' }));
    await page.keyboard.press('Enter');
    await notes.getByText('Notiz gespeichert.').waitFor();
    const note = notes.getByRole('listitem');
    await note.filter({ hasText: 'Rückruf <morgen> um 10 Uhr' }).waitFor();
    assert.match(
      await note.innerText(),
      new RegExp(`^${ME}, \\d\\d\\.\\d\\d\\.\\d{4}, \\d\\d:\\d\\d`),
    );
    assert.equal(await field.inputValue(), '');

    // Assigned to herself.
    const assignee = page.getByRole('combobox', { name: 'Zuständig' });
    assert.deepEqual(await assignee.locator('option').allTextContents(), [
      'Niemand',
      ME,
      COLLEAGUE,
    ]);
    await assignee.selectOption(ME);
    await page.getByText('Zuständigkeit gespeichert.').waitFor();
    // 'Zuständig' is as wide as 'Status', and its label stands apart from the button above.
    const status = (await page.getByRole('combobox', { name: 'Status' }).boundingBox())!;
    const chosen = (await assignee.boundingBox())!;
    assert.equal(Math.round(chosen.width), Math.round(status.width));
    const button = (await page
      .getByRole('button', { name: 'Als ungelesen markieren' })
      .boundingBox())!;
    const label = (await page.getByText('Zuständig', { exact: true }).boundingBox())!;
    assert.ok(
      label.y - (button.y + button.height) >= 12,
      `gap: ${label.y - button.y - button.height}`,
    );
    await expectPageAxeClean(page, 'a submission with a note and its assignee');

    // Back in the list: read, one fewer unread, and hers.
    await page.getByRole('link', { name: 'Zurück zur Liste' }).click();
    await heading.filter({ hasText: `${count - 1} ungelesene` }).waitFor();
    assert.equal(await page.title(), `(${count - 1}) Posteingang`);
    assert.doesNotMatch(await row.innerText(), /Ungelesen/);
    await row.getByRole('cell', { name: 'lena', exact: true }).waitFor();
    assert.match(
      await page.getByRole('row').filter({ hasText: VISITORS[1] }).innerText(),
      /Ungelesen/,
    );

    // 'Mir zugewiesen' finds it, and only it.
    await page.getByRole('button', { name: 'Filter', exact: true }).click();
    await page
      .getByRole('combobox', { name: 'Zuständig' })
      .selectOption({ label: 'Mir zugewiesen' });
    await page.getByText('1 Eingang', { exact: true }).waitFor();
    await row.waitFor();
    await page.context().close();
  });
});

/** Axe on the whole page (the inbox is a page of its own, not a frame). */
async function expectPageAxeClean(page: import('playwright-core').Page, state: string) {
  const { default: AxeBuilder } = await import('@axe-core/playwright');
  const results = await new AxeBuilder({ page }).analyze();
  assert.deepEqual(
    results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`),
    [],
    `axe violations on ${state}`,
  );
}
