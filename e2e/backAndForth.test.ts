/**
 * Journeys as visitors take them, against the reference backend: back from every step, a
 * changed mind (another category, another address or other regions after the details), again
 * and again, then one submission. The map is alive on every visit of its step (its tiles and
 * pin in the DOM, no error box), and nothing is written to the console. Tiles are served by the
 * test, so no request leaves the machine.
 */
import assert from 'node:assert/strict';
import path from 'node:path';
import { describe, it } from 'node:test';
import Database from 'better-sqlite3';
import type { Frame, Locator } from 'playwright-core';
import { consoleErrors, expectNoAxeViolations, serveTiles, serverAndBrowser } from './harness';
import { contact } from './journeys';

const ctx = serverAndBrowser();

async function open(route: string, viewport = { width: 1100, height: 900 }) {
  const context = await ctx.browser.newContext({ viewport });
  await serveTiles(context);
  const page = await context.newPage();
  const errors = consoleErrors(page);
  await page.goto(ctx.server.baseUrl + route);
  const frame = await (await page.waitForSelector('iframe')).contentFrame();
  if (!frame) throw new Error(`no widget frame on ${route}`);
  return { page, frame, errors };
}

function query<T>(sql: string, ...params: unknown[]): T[] {
  const db = new Database(path.join(ctx.server.dataDir, 'immosuite.sqlite'), { readonly: true });
  try {
    return db.prepare(sql).all(...params) as T[];
  } finally {
    db.close();
  }
}

const leadsOf = (email: string) =>
  query<{ category_id: number; location: string; fields: string }>(
    `SELECT l.category_id, l.location, l.fields FROM leads l
     JOIN submissions s ON s.id = l.submission_id JOIN contacts c ON c.id = s.contact_id
     WHERE c.email = ?`,
    email,
  );

/**
 * The map of the step shown is alive: Leaflet's tiles loaded in it (the pin too, when one is
 * placed), and no error box instead of it or beside it.
 */
async function mapShown(frame: Frame, name: string, pin: boolean) {
  const map = frame.getByRole('region', { name, exact: true });
  await map.locator('.leaflet-tile-loaded').first().waitFor();
  if (pin) await map.locator('.leaflet-marker-icon').waitFor();
  assert.equal(await map.locator('.leaflet-marker-icon').count(), pin ? 1 : 0);
  assert.deepEqual(await frame.getByRole('alert').allTextContents(), []);
}

/**
 * Types a new figure over the one a field shows: focused first, as a visitor's click does, the
 * field shows what was typed before (not its formatted display), which the new figure replaces.
 */
async function retype(field: Locator, text: string) {
  await field.focus();
  await field.fill(text);
}

/** Types an address into the search and takes the suggestion that starts with it. */
async function chooseAddress(frame: Frame, label: string, typed: string, starts: string) {
  await frame.getByRole('combobox', { name: label }).fill(typed);
  await frame
    .getByRole('option', { name: new RegExp(`^${starts}`) })
    .first()
    .click();
}

describe('the lead wizard, back and forth', () => {
  it('category first, in German: back from every step, another category, another address after the details; one lead, the map alive each time', async () => {
    const { page, frame, errors } = await open('/demo/lead-wizard');
    const button = (name: string) => frame.getByRole('button', { name, exact: true });
    const step = (n: number) =>
      frame.getByRole('heading', { name: new RegExp(`^Schritt ${n} von 4`) });

    // Haus, Zurück, Haus: the second visit of the address step keeps a working map.
    for (let visit = 0; visit < 2; visit += 1) {
      await button('Haus').click();
      await step(2).waitFor();
      await mapShown(frame, 'Karte', false);
      await button('Zurück').click();
      await step(1).waitFor();
    }
    // A changed mind: a flat after all.
    await button('Wohnung').click();
    await mapShown(frame, 'Karte', false);
    await chooseAddress(
      frame,
      'Adresse suchen',
      'Kastanienallee 12, 10435 Berlin',
      'Kastanienallee 12',
    );
    await mapShown(frame, 'Karte', true);
    for (let round = 1; round <= 3; round += 1) {
      await button('Weitere Details eingeben').click();
      await step(3).waitFor();
      await retype(frame.getByRole('textbox', { name: 'Preisvorstellung' }), `45${round}.000`);
      await button('Weiter').click();
      await frame.getByRole('textbox', { name: 'Vorname' }).waitFor();
      // Back from the contact step and from the details: the map again, with its pin.
      await button('Zurück').click();
      await step(3).waitFor();
      await button('Zurück').click();
      await step(2).waitFor();
      await mapShown(frame, 'Karte', true);
    }
    // Another address after the details.
    await chooseAddress(frame, 'Adresse suchen', 'Unter den Linden 5', 'Unter den Linden 5');
    await mapShown(frame, 'Karte', true);
    await button('Weitere Details eingeben').click();
    // What was typed on the last visit of the details is there still.
    assert.match(
      await frame.getByRole('textbox', { name: 'Preisvorstellung' }).inputValue(),
      /^453\.000/,
    );
    await button('Weiter').click();
    const email = 'hin-und-her@example.de';
    await contact(frame, 'de', email);

    const leads = leadsOf(email);
    assert.equal(leads.length, 1, 'one lead stored');
    assert.equal(leads[0]!.category_id, 30225);
    assert.equal(JSON.parse(leads[0]!.location).street, 'Unter den Linden');
    assert.deepEqual(errors, []);
    await page.context().close();
  });

  it('address first, in English: back from every step, another category and another address; one lead, the map alive each time', async () => {
    const { page, frame, errors } = await open('/demo/lead-wizard?lang=en-US&order=address-first');
    const button = (name: string) => frame.getByRole('button', { name, exact: true });
    const step = (n: number) => frame.getByRole('heading', { name: new RegExp(`^Step ${n} of 4`) });

    await mapShown(frame, 'Map', false);
    await chooseAddress(
      frame,
      'Search address',
      'Kastanienallee 12, 10435 Berlin',
      'Kastanienallee 12',
    );
    await mapShown(frame, 'Map', true);
    for (let round = 0; round < 3; round += 1) {
      // To the category and straight back.
      await button('Enter details').click();
      await step(2).waitFor();
      await button('Back').click();
      await step(1).waitFor();
      await mapShown(frame, 'Map', true);
      // On to the details, a changed mind about the category, and back to the address.
      await button('Enter more details').click();
      await button(round % 2 ? 'Apartment' : 'House').click();
      await step(3).waitFor();
      await frame.getByRole('textbox', { name: 'Asking price' }).waitFor();
      await button('Enter contact details').click();
      await frame.getByRole('textbox', { name: 'First name' }).waitFor();
      await button('Back').click();
      await step(3).waitFor();
      await button('Back').click();
      await step(2).waitFor();
      await button('Back').click();
      await step(1).waitFor();
      await mapShown(frame, 'Map', true);
    }
    await chooseAddress(frame, 'Search address', 'Unter den Linden 5', 'Unter den Linden 5');
    await mapShown(frame, 'Map', true);
    await button('Enter more details').click();
    await button('House').click();
    await frame.getByRole('textbox', { name: 'Asking price' }).fill('1,450');
    await button('Enter contact details').click();
    const email = 'back-and-forth@example.de';
    await contact(frame, 'en', email);

    const leads = leadsOf(email);
    assert.equal(leads.length, 1, 'one lead stored');
    assert.equal(leads[0]!.category_id, 22332);
    assert.equal(JSON.parse(leads[0]!.location).street, 'Unter den Linden');
    assert.deepEqual(errors, []);
    await page.context().close();
  });
});

describe('the saved-search wizard, back and forth', () => {
  it('regions, categories, details and contact, back from every step, other regions after the details; one profile, the map alive each time', async () => {
    const { page, frame, errors } = await open('/demo/saved-search-wizard');
    const button = (name: string) => frame.getByRole('button', { name, exact: true });
    const step = (n: number) =>
      frame.getByRole('heading', { name: new RegExp(`^Schritt ${n} von 4`) });
    const region = (name: string) => frame.getByRole('treeitem', { name, exact: true }).first();
    const regionsMap = () => mapShown(frame, 'Karte der Regionen', false);

    await regionsMap();
    // One district: all off, then it.
    await button('Alle abwählen').click();
    await region('Pankow').click();
    await frame.getByText('1 Region gewählt').waitFor();
    for (const category of ['Wohnung', 'Haus']) {
      await button('Details eingeben').click();
      await step(2).waitFor();
      await button('Zurück').click();
      await step(1).waitFor();
      await regionsMap();
      await button('Details eingeben').click();
      await button(category).click();
      await step(3).waitFor();
      await retype(frame.getByRole('textbox', { name: 'Kaufpreis von' }), '400.000');
      await button('Weiter').click();
      await frame.getByRole('textbox', { name: 'Vorname' }).waitFor();
      await button('Zurück').click();
      await step(3).waitFor();
      await button('Zurück').click();
      await step(2).waitFor();
      await button('Zurück').click();
      await step(1).waitFor();
      await regionsMap();
    }
    // Other regions after the details: Mitte as well.
    await region('Mitte').click();
    await frame.getByText('2 Regionen gewählt').waitFor();
    await button('Details eingeben').click();
    await button('Haus').click();
    assert.match(
      await frame.getByRole('textbox', { name: 'Kaufpreis von' }).inputValue(),
      /^400\.000/,
    );
    await button('Weiter').click();
    const email = 'suche-hin-und-her@example.de';
    await contact(frame, 'de', email, {
      submit: 'Suchprofil erstellen',
      success:
        'Ihr Suchprofil wurde angelegt, bitte überprüfen Sie Ihr E-Mail-Postfach, um es zu bestätigen.',
    });

    const searches = query<{ category_id: number; locations: string }>(
      `SELECT ss.category_id, ss.locations FROM saved_searches ss
       JOIN contacts c ON c.id = ss.contact_id WHERE c.email = ?`,
      email,
    );
    assert.equal(searches.length, 1, 'one saved search stored');
    assert.equal(searches[0]!.category_id, 22332);
    const ids = query<{ location_id: number }>(
      `SELECT location_id FROM regions WHERE name IN ('Mitte', 'Pankow') AND parent_id IS NULL`,
    ).map((r) => r.location_id);
    assert.deepEqual(JSON.parse(searches[0]!.locations).sort(), ids.sort());
    assert.deepEqual(errors, []);
    await page.context().close();
  });
});

describe('on a phone', () => {
  it("folds the map's sources into a toggle, back and forth, axe-clean", async () => {
    const { page, frame, errors } = await open('/demo/lead-wizard?order=address-first', {
      width: 390,
      height: 844,
    });
    await chooseAddress(
      frame,
      'Adresse suchen',
      'Kastanienallee 12, 10435 Berlin',
      'Kastanienallee 12',
    );
    await mapShown(frame, 'Karte', true);
    const sources = frame.locator('.leaflet-control-attribution');
    const toggle = frame.getByRole('button', { name: 'Quellen der Karte' });
    await sources.waitFor({ state: 'hidden' });
    await expectNoAxeViolations(page, 'the address step on a phone');
    await toggle.click();
    await sources.getByText('© OpenStreetMap-Mitwirkende').waitFor();
    assert.equal(await toggle.getAttribute('aria-expanded'), 'true');
    await expectNoAxeViolations(page, "the map's sources open on a phone");
    // To the category and back: a new map, its sources as the visitor left them.
    await frame.getByRole('button', { name: 'Details eingeben', exact: true }).click();
    await frame.getByRole('button', { name: 'Zurück' }).click();
    await mapShown(frame, 'Karte', true);
    assert.equal(await toggle.getAttribute('aria-expanded'), 'true');
    await sources.getByText('© OpenStreetMap-Mitwirkende').waitFor();
    await toggle.click();
    await sources.waitFor({ state: 'hidden' });
    assert.deepEqual(errors, []);
    await page.context().close();
  });
});
