/**
 * The address a visitor chose is the address sent (decisions 180, 181): the pin moved near the
 * house keeps it, moved far away asks first; a retyped search box drops it.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { Frame, Page } from 'playwright-core';
import { expectNoAxeViolations, openInFrame, serverAndBrowser } from './harness';
import { contact } from './journeys';

const ctx = serverAndBrowser();
const PHONE = { width: 390, height: 844 };

/** The lead's location as the browser posts it, once the contact step sends. */
async function sentLocation(page: Page, frame: Frame, lang: 'de' | 'en', email: string) {
  const sent = page.waitForRequest(
    (r) => r.method() === 'POST' && r.url().endsWith('/v1/wizard/lead'),
  );
  await contact(frame, lang, email);
  return (await sent).postDataJSON().lead.location as Record<string, unknown>;
}

/** A click on the map this many pixels right of the pin. */
async function tapBesidePin(frame: Frame, dx: number) {
  await frame.locator('.leaflet-marker-icon').scrollIntoViewIfNeeded();
  const box = (await frame.locator('.leaflet-marker-icon').boundingBox())!;
  const map = (await frame.locator('.leaflet-container').boundingBox())!;
  const x = Math.min(box.x + box.width / 2 + dx, map.x + map.width - 5);
  await frame.page().mouse.click(x, box.y + box.height + 4);
}

describe('the chosen address and the pin', () => {
  it('category first, German, desktop: arrow keys keep the house, a far tap asks, kept stays', async () => {
    const { page, frame } = await openInFrame(ctx, '/demo/lead-wizard');
    await frame.getByRole('radio', { name: 'Verkaufen' }).check();
    await frame.getByRole('button', { name: 'Wohnung', exact: true }).click();
    const search = frame.getByRole('combobox', { name: 'Adresse suchen' });
    await search.fill('Schönhauser Allee 36');
    const option = frame.getByRole('option', { name: /^Schönhauser Allee 36, 10435 Berlin/ });
    await option.first().click();
    const line = await search.inputValue();
    await frame.getByText('Die Position ist ungefähr').waitFor();
    // Arrow keys on the pin: a few metres along the street.
    const reverse = page.waitForResponse((r) => r.url().includes('/api/geocoder/reverse'));
    await frame.getByRole('button', { name: 'Standort der Immobilie' }).focus();
    await page.keyboard.press('ArrowRight');
    await reverse;
    assert.equal(await frame.getByText('Die Position ist ungefähr').count(), 0);
    assert.equal(await search.inputValue(), line);
    // A tap far from the house: the step asks, and the address stays until it is answered.
    const far = page.waitForResponse((r) => r.url().includes('/api/geocoder/reverse'));
    await tapBesidePin(frame, 400);
    await far;
    const question = frame
      .getByRole('group')
      .filter({ hasText: 'Soll die Adresse ersetzt werden?' });
    await question.waitFor();
    await expectNoAxeViolations(page, 'pin moved far: the question');
    await question.getByRole('button', { name: 'Adresse behalten' }).click();
    assert.equal(await question.count(), 0);
    assert.equal(await search.inputValue(), line);
    await frame.getByRole('button', { name: 'Weitere Details eingeben' }).click();
    await frame.getByRole('textbox', { name: 'Preisvorstellung' }).fill('450.000');
    await frame.getByRole('button', { name: 'Weiter' }).click();
    const location = await sentLocation(page, frame, 'de', 'pin.kept@example.de');
    assert.equal(location.street, 'Schönhauser Allee');
    assert.equal(location.number, '36');
    assert.equal(location.zip, '10435');
    assert.equal(location.city, 'Berlin');
    assert.equal(location.approximate, undefined);
    await page.context().close();
  });

  it('address first, English, phone: a far tap replaces the address only when told', async () => {
    const { page, frame } = await openInFrame(
      ctx,
      '/demo/lead-wizard?lang=en-US&order=address-first',
      PHONE,
    );
    const search = frame.getByRole('combobox', { name: 'Search address' });
    await search.fill('Schönhauser Allee 36');
    await frame
      .getByRole('option', { name: /^Schönhauser Allee 36, 10435 Berlin/ })
      .first()
      .click();
    const street = frame.getByRole('textbox', { name: 'Street' });
    assert.equal(await street.inputValue(), 'Schönhauser Allee');
    // The first tap within the street's stretch keeps every field.
    let reverse = page.waitForResponse((r) => r.url().includes('/api/geocoder/reverse'));
    await tapBesidePin(frame, 30);
    await reverse;
    assert.equal(await street.inputValue(), 'Schönhauser Allee');
    assert.equal(await frame.getByRole('textbox', { name: 'No.' }).inputValue(), '36');
    assert.equal(await frame.getByRole('textbox', { name: 'Postcode' }).inputValue(), '10435');
    // A phone's map is narrow: zoomed out, a tap across it lands far from the house.
    for (let i = 0; i < 2; i += 1) {
      await frame.getByRole('button', { name: 'Zoom out' }).click();
      await frame.locator('.leaflet-zoom-anim').waitFor({ state: 'detached' });
    }
    reverse = page.waitForResponse((r) => r.url().includes('/api/geocoder/reverse'));
    await tapBesidePin(frame, 300);
    await reverse;
    const question = frame.getByRole('group').filter({ hasText: 'Replace the address?' });
    await question.waitFor();
    assert.equal(await street.inputValue(), 'Schönhauser Allee');
    await expectNoAxeViolations(page, 'pin moved far on a phone: the question');
    await question.getByRole('button', { name: 'Replace the address' }).click();
    // The locality found there; the search box shows what will be sent.
    assert.equal(await street.inputValue(), '');
    // A locality of Berlin has no one postcode: the town stays Berlin (decision 189).
    const city = await frame.getByRole('textbox', { name: 'City' }).inputValue();
    assert.equal(city, 'Berlin');
    assert.ok((await search.inputValue()).includes(city));
    assert.ok(!(await search.inputValue()).includes('Schönhauser'));
    await page.context().close();
  });
});

describe('a chosen address edited by hand', () => {
  it('German, desktop: the search box follows the fields, and the lead carries what both show', async () => {
    const { page, frame } = await openInFrame(ctx, '/demo/lead-wizard');
    await frame.getByRole('radio', { name: 'Verkaufen' }).check();
    await frame.getByRole('button', { name: 'Wohnung', exact: true }).click();
    const search = frame.getByRole('combobox', { name: 'Adresse suchen' });
    await search.fill('Schönhauser Allee 36');
    await frame
      .getByRole('option', { name: /^Schönhauser Allee 36, 10435 Berlin/ })
      .first()
      .click();
    await frame.getByRole('button', { name: 'Adresse manuell eingeben' }).click();
    await frame.getByRole('textbox', { name: 'Haus-Nr.' }).fill('38');
    await frame.waitForFunction(() =>
      (document.querySelector('[role=combobox]') as HTMLInputElement | null)?.value.startsWith(
        'Schönhauser Allee 38, 10435 Berlin',
      ),
    );
    await frame.getByRole('button', { name: 'Weitere Details eingeben' }).click();
    await frame.getByRole('textbox', { name: 'Preisvorstellung' }).fill('450.000');
    await frame.getByRole('button', { name: 'Weiter' }).click();
    const location = await sentLocation(page, frame, 'de', 'hand.edited@example.de');
    assert.equal(location.street, 'Schönhauser Allee');
    assert.equal(location.number, '38');
    assert.equal(location.zip, '10435');
    await page.context().close();
  });
});

describe('a retyped or cleared search box', () => {
  it('German, desktop: a cleared and retyped box leads on with no stale address, also after going back', async () => {
    const { page, frame } = await openInFrame(ctx, '/demo/lead-wizard');
    await frame.getByRole('radio', { name: 'Verkaufen' }).check();
    await frame.getByRole('button', { name: 'Wohnung', exact: true }).click();
    const search = frame.getByRole('combobox', { name: 'Adresse suchen' });
    await search.fill('Warschauer Straße 33');
    await frame
      .getByRole('option', { name: /^Warschauer Straße 33/ })
      .first()
      .click();
    const more = frame.getByRole('button', { name: 'Weitere Details eingeben' });
    await more.click();
    await frame.getByRole('textbox', { name: 'Preisvorstellung' }).waitFor();
    await frame.getByRole('button', { name: 'Zurück' }).click();
    await frame.getByRole('button', { name: 'Eingabe löschen' }).click();
    await search.fill('Qwxyzweg 9');
    await frame
      .getByRole('status')
      .filter({ hasText: /Vorschl|gefunden/ })
      .first()
      .waitFor();
    assert.equal(await more.isDisabled(), true);
    assert.equal(await frame.locator('.leaflet-marker-icon').count(), 0);
    await page.context().close();
  });

  it('English, phone, address first: the fields go with the cleared box', async () => {
    const { page, frame } = await openInFrame(
      ctx,
      '/demo/lead-wizard?lang=en-US&order=address-first',
      PHONE,
    );
    const search = frame.getByRole('combobox', { name: 'Search address' });
    await search.fill('Warschauer Straße 33');
    await frame
      .getByRole('option', { name: /^Warschauer Straße 33/ })
      .first()
      .click();
    await frame.getByRole('textbox', { name: 'Street' }).waitFor();
    await frame.getByRole('button', { name: 'Clear input' }).click();
    assert.equal(await frame.getByRole('textbox', { name: 'Street' }).count(), 0);
    assert.equal(
      await frame.getByRole('button', { name: 'Enter more details' }).isDisabled(),
      true,
    );
    await page.context().close();
  });
});
