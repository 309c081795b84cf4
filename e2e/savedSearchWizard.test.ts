/**
 * The saved-search wizard in its demo host page against the reference backend (issue #9):
 * keyboard alone in German (regions from the menu), by mouse in English (regions from the
 * map), each profile stored with its confirmation mail; axe-clean on every step; map consent.
 */
import assert from 'node:assert/strict';
import path from 'node:path';
import { describe, it } from 'node:test';
import Database from 'better-sqlite3';
import type { Frame } from 'playwright-core';
import { expectNoAxeViolations, openInFrame, serverAndBrowser, tabTo } from './harness';
import { contact } from './journeys';

const ctx = serverAndBrowser();

const focused = (frame: Frame) =>
  frame.evaluate(() => document.activeElement?.textContent?.trim() ?? '');

function storedSearch(email: string) {
  const db = new Database(path.join(ctx.server.dataDir, 'immosuite.sqlite'), { readonly: true });
  try {
    return db
      .prepare(
        `SELECT ss.category_id, ss.marketing_type, ss.locations, ss.fields, s.consents
         FROM saved_searches ss JOIN contacts c ON c.id = ss.contact_id
         JOIN submissions s ON s.id = ss.submission_id WHERE c.email = ?`,
      )
      .get(email) as {
      category_id: number;
      marketing_type: string;
      locations: string;
      fields: string;
      consents: string;
    };
  } finally {
    db.close();
  }
}

function regionIds(names: string[]) {
  const db = new Database(path.join(ctx.server.dataDir, 'immosuite.sqlite'), { readonly: true });
  try {
    return names.map(
      (name) =>
        (
          db
            .prepare(
              'SELECT location_id FROM regions WHERE name = ? ORDER BY parent_id IS NULL DESC',
            )
            .get(name) as {
            location_id: number;
          }
        ).location_id,
    );
  } finally {
    db.close();
  }
}

async function confirmationMail(email: string) {
  const mails = (await (await fetch(`${ctx.server.baseUrl}/dev/mailbox.json`)).json()) as {
    to: string;
    links: string[];
  }[];
  const mail = mails.find((m) => m.to === email);
  assert.ok(
    mail?.links.some((link) => link.includes('k=')),
    `no confirmation mail to ${email}`,
  );
}

describe('saved-search wizard in the demo page', () => {
  it('by keyboard alone in German: regions from the menu, categories, ranges, contact', async () => {
    const opened = await openInFrame(ctx, '/demo/saved-search-wizard');
    const { page } = opened;
    let { frame } = opened;
    const tree = frame.getByRole('tree', { name: 'Regionen' });
    await tree.waitFor();
    await frame.locator('path[data-region]').first().waitFor();
    await expectNoAxeViolations(page, 'step 1 (regions)');
    // Every region starts chosen; clear all of them, then choose Pankow and Mitte's Moabit.
    // The district (the first of the two 'Mitte' once it is open: district, then locality).
    const mitte = frame.getByRole('treeitem', { name: 'Mitte', exact: true }).first();
    await tabTo(page, mitte);
    for (let i = 0; i < 12; i += 1) {
      await page.keyboard.press(' ');
      await page.keyboard.press('ArrowDown');
    }
    await frame.getByText('Bitte wählen Sie mindestens eine Region.').waitFor();
    assert.equal(await frame.getByRole('button', { name: 'Details eingeben' }).isDisabled(), true);
    await page.keyboard.press('Home');
    await page.keyboard.type('Pank');
    assert.equal(await focused(frame), '▸Pankow');
    await page.keyboard.press(' ');
    // A name with a space, typed at once: found, and nothing ticked on the way.
    await page.keyboard.type('Prenzlauer Berg');
    assert.equal(await focused(frame), '✓Prenzlauer Berg');
    assert.equal(
      await frame.getByRole('treeitem', { name: 'Prenzlauer Berg' }).getAttribute('aria-checked'),
      'true',
    );
    await page.keyboard.press('Home');
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('ArrowDown');
    assert.match(await focused(frame), /Moabit$/);
    await page.keyboard.press(' ');
    assert.equal(await mitte.getAttribute('aria-checked'), 'mixed');
    // The map shows the same choice.
    const [moabit, buch] = regionIds(['Moabit', 'Buch']);
    assert.equal(
      await frame.locator(`path[data-region="${moabit}"]`).getAttribute('data-selected'),
      'true',
    );
    assert.equal(
      await frame.locator(`path[data-region="${buch}"]`).getAttribute('data-selected'),
      'true',
    );
    await expectNoAxeViolations(page, 'step 1 with a mixed district');
    const next = frame.getByRole('button', { name: 'Details eingeben' });
    await tabTo(page, next);
    await page.keyboard.press('Enter');

    await frame.getByRole('heading', { name: 'Schritt 2 von 4: Was genau suchen Sie?' }).waitFor();
    assert.equal(await frame.getByRole('button', { name: 'Mehrfamilienhaus' }).count(), 0);
    await expectNoAxeViolations(page, 'step 2 (categories)');
    const haus = frame.getByRole('button', { name: 'Haus', exact: true });
    await tabTo(page, haus);
    await page.keyboard.press('Enter');

    await frame
      .getByRole('heading', { name: 'Schritt 3 von 4: Eckdaten und Details: Haus' })
      .waitFor();
    await tabTo(page, frame.getByRole('textbox', { name: 'Kaufpreis von' }));
    await page.keyboard.type('400.000');
    await page.keyboard.press('Tab');
    await page.keyboard.type('750.000');
    await tabTo(page, frame.getByRole('textbox', { name: 'Wohnfläche ab (m²)' }));
    await page.keyboard.type('120');
    await page.keyboard.press('Tab');
    await expectNoAxeViolations(page, 'step 3 (details)');
    // A reload brings the visitor back to this step, with the focus on its heading.
    await page.reload();
    const again = (await (await page.waitForSelector('iframe')).contentFrame())!;
    const heading = again.getByRole('heading', {
      name: 'Schritt 3 von 4: Eckdaten und Details: Haus',
    });
    await heading.waitFor();
    await again.waitForFunction(() => document.activeElement?.tagName === 'H2');
    assert.equal(await focused(again), 'Schritt 3 von 4: Eckdaten und Details: Haus');
    // Shown formatted: the figure, a no-break space, the currency.
    assert.match(
      await again.getByRole('textbox', { name: 'Kaufpreis von' }).inputValue(),
      /^400\.000\u00a0€$/,
    );
    frame = again;
    await tabTo(page, frame.getByRole('button', { name: 'Weiter' }));
    await page.keyboard.press('Enter');

    await frame.getByRole('heading', { name: 'Schritt 4 von 4: Ihre Kontakdaten' }).waitFor();
    const email = 'suche-tastatur@example.de';
    for (const [name, text] of [
      ['Vorname', 'Erika'],
      ['Nachname', 'Mustermann'],
      ['E-Mail', email],
    ] as const) {
      await tabTo(page, frame.getByRole('textbox', { name }));
      await page.keyboard.type(text);
    }
    for (const name of [/Datenschutzerklärung/, /kontaktiert/, /Newsletter/]) {
      await tabTo(page, frame.getByRole('checkbox', { name }));
      await page.keyboard.press(' ');
    }
    await expectNoAxeViolations(page, 'step 4 (contact)');
    await tabTo(page, frame.getByRole('button', { name: 'Suchprofil erstellen' }));
    await page.keyboard.press('Enter');
    await frame
      .getByText(
        'Ihr Suchprofil wurde angelegt, bitte überprüfen Sie Ihr E-Mail-Postfach, um es zu bestätigen.',
      )
      .waitFor();
    await expectNoAxeViolations(page, 'sent');

    const stored = storedSearch(email);
    assert.equal(stored.category_id, 22332);
    assert.deepEqual(JSON.parse(stored.locations), regionIds(['Moabit', 'Pankow']));
    assert.deepEqual(JSON.parse(stored.fields), [
      { name: 'price.price', valueType: 'RANGE', minValue: 400000, maxValue: 750000 },
      { name: 'area.livingSpace', valueType: 'NUMBER', minValue: 120 },
    ]);
    // The newsletter box reached the backend with the consents.
    assert.deepEqual(JSON.parse(stored.consents), {
      dataPrivacy: 1,
      acceptContact: 1,
      newsletter: 1,
    });
    await confirmationMail(email);
    await page.locator('#tracking').getByText('SavedSearchWizard').waitFor();
  });

  it('by mouse in English: regions from the map, a rental flat', async () => {
    const { page, frame } = await openInFrame(ctx, '/demo/saved-search-wizard?lang=en-US');
    await frame.getByRole('tree', { name: 'Regions' }).waitFor();
    for (const name of [
      'Mitte',
      'Friedrichshain-Kreuzberg',
      'Pankow',
      'Charlottenburg-Wilmersdorf',
      'Spandau',
      'Steglitz-Zehlendorf',
      'Tempelhof-Schöneberg',
      'Neukölln',
      'Treptow-Köpenick',
      'Marzahn-Hellersdorf',
      'Lichtenberg',
      'Reinickendorf',
    ])
      await frame.getByRole('treeitem', { name, exact: true }).click();
    await frame.getByText('Please choose at least one region.').waitFor();
    const [kreuzberg] = regionIds(['Kreuzberg']);
    await frame.locator(`path[data-region="${kreuzberg}"]`).click();
    await frame.getByText('1 region chosen').waitFor();
    assert.equal(
      await frame
        .getByRole('treeitem', { name: 'Friedrichshain-Kreuzberg' })
        .getAttribute('aria-checked'),
      'mixed',
    );
    await frame.getByRole('button', { name: 'Enter details' }).click();
    await frame.getByRole('radio', { name: 'Rent' }).check();
    await frame.getByRole('button', { name: 'Apartment', exact: true }).click();
    await frame.getByRole('textbox', { name: 'Net rent to' }).fill('1,450');
    await frame.getByRole('button', { name: 'Next' }).click();
    const email = 'search-mouse@example.de';
    await contact(frame, 'en', email, {
      submit: 'Create search profile',
      success: 'Your search profile has been created. Please check your inbox to confirm it.',
    });
    const stored = storedSearch(email);
    assert.equal(stored.marketing_type, 'rent');
    assert.deepEqual(JSON.parse(stored.locations), [kreuzberg]);
    assert.deepEqual(JSON.parse(stored.fields), [
      { name: 'price.price', valueType: 'RANGE', minValue: null, maxValue: 1450 },
    ]);
    await confirmationMail(email);
    await page.context().close();
  });

  it('with mapConsent, loads no tiles until the visitor agrees', async () => {
    const tileRequests: string[] = [];
    const { page, frame } = await openInFrame(ctx, '/demo/saved-search-wizard?mapConsent=1');
    page.on('request', (request) => {
      if (request.url().includes('tile')) tileRequests.push(request.url());
    });
    await frame.getByRole('button', { name: 'Karte laden' }).waitFor();
    await frame.locator('path[data-region]').first().waitFor();
    assert.equal(await frame.locator('.leaflet-tile-pane img').count(), 0);
    assert.deepEqual(tileRequests, []);
    await expectNoAxeViolations(page, 'map consent asked');
    await frame.getByRole('button', { name: 'Karte laden' }).click();
    await frame.locator('.leaflet-tile-pane img').first().waitFor({ state: 'attached' });
    await page.context().close();
  });
});
