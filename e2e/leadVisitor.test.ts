/** What visitors hit in the lead wizard, each where the visitor saw it. */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import path from 'node:path';
import Database from 'better-sqlite3';
import type { Frame } from 'playwright-core';
import { openInFrame, serverAndBrowser, startForeignSite } from './harness';
import { contact, fillContact, SUCCESS } from './journeys';

const ctx = serverAndBrowser();

const open = (path: string) => openInFrame(ctx, path);

async function mailsTo(address: string) {
  const mails = (await (await fetch(`${ctx.server.baseUrl}/dev/mailbox.json`)).json()) as {
    to: string;
    text: string;
    links: string[];
  }[];
  return mails.filter((m) => m.to === address);
}

/** Category first: a tile, the address from the search, on to the details step. */
async function toDetails(frame: Frame, category: string) {
  await frame.getByRole('button', { name: category, exact: true }).click();
  await frame
    .getByRole('combobox', { name: 'Adresse suchen' })
    .fill('Kastanienallee 12, 10435 Berlin');
  await frame.getByRole('option', { name: 'Kastanienallee 12, 10435 Berlin' }).click();
  await frame.getByRole('button', { name: 'Weitere Details eingeben' }).click();
}

/** The lead as the backend stored it, by the contact's e-mail address. */
function storedLead(email: string) {
  const db = new Database(path.join(ctx.server.dataDir, 'immosuite.sqlite'), { readonly: true });
  try {
    const row = db
      .prepare(
        `SELECT l.location, l.fields, l.message FROM leads l
         JOIN submissions s ON s.id = l.submission_id
         JOIN contacts c ON c.id = s.contact_id WHERE c.email = ?`,
      )
      .get(email) as { location: string; fields: string; message: string };
    return {
      location: JSON.parse(row.location) as Record<string, unknown>,
      fields: JSON.parse(row.fields) as unknown[],
      message: row.message,
    };
  } finally {
    db.close();
  }
}

const contactAndSend = (frame: Frame, email: string) => contact(frame, 'de', email);

describe('lead wizard, as visitors found it', () => {
  it('a typed address is never overwritten; typing the town takes the map there', async () => {
    const { page, frame } = await open('/demo/lead-wizard');
    await frame.getByRole('button', { name: 'Wohnung', exact: true }).click();
    await frame.getByRole('button', { name: 'Adresse manuell eingeben' }).click();
    const typed: [string, string][] = [
      ['Straße', 'Königstraße'],
      ['Haus-Nr.', '12a'],
      ['PLZ', '70173'],
      ['Stadt', 'Stuttgart'],
    ];
    const townFound = page.waitForResponse(
      (response) =>
        response.url().includes('/api/geocoder?') && response.url().includes('Stuttgart'),
    );
    for (const [name, value] of typed) await frame.getByRole('textbox', { name }).fill(value);
    await townFound;
    // Two frames later the map has moved to Stuttgart.
    await frame.evaluate(
      () => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))),
    );
    const reverse = page.waitForResponse((response) => response.url().includes('/reverse'));
    await frame.getByRole('button', { name: 'Markierung in die Kartenmitte setzen' }).click();
    await reverse;
    await frame.getByRole('button', { name: 'Weitere Details eingeben' }).waitFor();
    for (const [name, value] of typed)
      assert.equal(await frame.getByRole('textbox', { name }).inputValue(), value);
    await frame.getByRole('button', { name: 'Weitere Details eingeben' }).click();
    await frame.getByRole('button', { name: 'Weiter' }).click();
    await contactAndSend(frame, 'typed.address@example.de');
    const { location } = storedLead('typed.address@example.de');
    assert.equal(location.street, 'Königstraße');
    assert.equal(location.number, '12a');
    assert.equal(location.zip, '70173');
    assert.equal(location.city, 'Stuttgart');
    assert.ok(Math.abs((location.lat as number) - 48.78) < 0.1, `lat ${location.lat}`);
    assert.ok(Math.abs((location.lng as number) - 9.18) < 0.1, `lng ${location.lng}`);
    await page.context().close();
  });

  it('no lead without an address: a jump to the contact step cannot send, the address step is marked', async () => {
    const { page, frame } = await open('/demo/lead-wizard');
    await frame.getByRole('button', { name: 'Wohnung', exact: true }).click();
    const header = frame.getByRole('navigation', { name: 'Schritte' });
    await header.getByRole('button', { name: 'Kontaktdaten' }).click();
    await frame.getByRole('heading', { name: 'Schritt 4 von 4: Kontaktdaten' }).waitFor();
    await fillContact(frame, 'de', 'no.address@example.de');
    await frame.getByRole('button', { name: 'Anfrage abschicken' }).click();
    await frame
      .getByRole('alert')
      .filter({ hasText: 'Es fehlen noch Angaben zu Ihrer Immobilie.' })
      .waitFor();
    const address = header.getByRole('button', { name: 'Adresse (fehlt noch)' });
    await address.waitFor();
    assert.equal((await mailsTo('no.address@example.de')).length, 0);

    // The visitor goes back to the marked step, finds the address, and sends.
    await address.click();
    await frame
      .getByRole('combobox', { name: 'Adresse suchen' })
      .fill('Kastanienallee 12, 10435 Berlin');
    await frame.getByRole('option', { name: 'Kastanienallee 12, 10435 Berlin' }).click();
    assert.equal(await header.getByRole('button', { name: 'Adresse (fehlt noch)' }).count(), 0);
    await header.getByRole('button', { name: 'Kontaktdaten' }).click();
    await frame.getByRole('button', { name: 'Anfrage abschicken' }).click();
    await frame.getByText(SUCCESS.de).waitFor();
    assert.equal((await mailsTo('no.address@example.de')).length, 1);
    await page.context().close();
  });

  it("what the visitor writes in 'Nachricht' is stored and reaches the agency", async () => {
    const { page, frame } = await open('/demo/lead-wizard');
    await toDetails(frame, 'Haus');
    await frame.getByRole('button', { name: 'Weiter' }).click();
    await frame.getByRole('textbox', { name: 'Nachricht' }).fill('Bitte nur abends anrufen.');
    await contactAndSend(frame, 'with.message@example.de');
    const stored = storedLead('with.message@example.de');
    assert.equal(stored.message, 'Bitte nur abends anrufen.');
    // The visitor confirms from the mail; then the agency hears of the lead, message and all.
    const [confirmation] = await mailsTo('with.message@example.de');
    const k = new URL(confirmation!.links[0]!).searchParams.get('k');
    await ctx.server.client().post('/wp-json/sw-immosuite/v1/wizard/confirm', { k });
    const agency = (await mailsTo('makler@immosuite.local')).find((m) =>
      m.text.includes('with.message@example.de'),
    );
    assert.ok(agency, 'agency mail');
    assert.match(agency.text, /Nachricht:\nBitte nur abends anrufen\./);
    await page.context().close();
  });

  it('every figure means what the visitor meant; figures out of bounds are refused on the field', async () => {
    const { page, frame } = await open('/demo/lead-wizard');
    await toDetails(frame, 'Haus');
    const price = frame.getByRole('textbox', { name: 'Preisvorstellung' });
    const plot = frame.getByRole('textbox', { name: 'Grundstücksfläche (m²)' });
    const year = frame.getByRole('textbox', { name: 'Baujahr' });
    await price.fill('-5');
    await plot.click();
    await frame.getByText('Bitte geben Sie einen Wert größer als 0\u00a0€ ein.').waitFor();
    await price.fill('1,5 Mio');
    await plot.fill('1.200');
    await year.fill('85');
    await frame.getByRole('textbox', { name: 'Zimmer' }).click();
    assert.equal(await price.inputValue(), '1.500.000\u00a0€');
    assert.equal(await plot.inputValue(), '1200');
    const nextYear = new Date().getFullYear() + 1;
    await frame.getByText(`Bitte geben Sie einen Wert von 1500 bis ${nextYear} ein.`).waitFor();
    assert.equal(await year.getAttribute('aria-invalid'), 'true');
    await frame.getByRole('button', { name: 'Weiter' }).click();
    await contactAndSend(frame, 'figures@example.de');
    // The refused year is not sent.
    assert.deepEqual(storedLead('figures@example.de').fields, [
      { name: 'price.price', valueType: 'NUMBER', value: 1500000 },
      { name: 'area.plotArea', valueType: 'NUMBER', value: 1200 },
    ]);
    await page.context().close();
  });

  it('street addresses are found in the usual shapes, and choosing one keeps its town', async () => {
    const { page, frame } = await open('/demo/lead-wizard?order=address-first');
    const search = frame.getByRole('combobox', { name: 'Adresse suchen' });
    for (const [typed, option] of [
      ['Köln Domkloster 4', 'Domkloster 4, Köln'],
      // Berlin's street index knows it: its name written out, its postcode and locality.
      ['Hauptstr 5 Berlin', 'Hauptstraße 5, 10827 Berlin–Schöneberg'],
      ['Friedrichstraße 10, Berlin', 'Friedrichstraße 10, 10969 Berlin–Kreuzberg'],
    ]) {
      await search.fill(typed!);
      await frame.getByRole('option', { name: option }).waitFor();
    }
    await frame.getByRole('option', { name: 'Friedrichstraße 10, 10969 Berlin–Kreuzberg' }).click();
    assert.equal(
      await frame.getByRole('textbox', { name: 'Straße' }).inputValue(),
      'Friedrichstraße',
    );
    assert.equal(await frame.getByRole('textbox', { name: 'Haus-Nr.' }).inputValue(), '10');
    assert.equal(await frame.getByRole('textbox', { name: 'PLZ' }).inputValue(), '10969');
    assert.equal(await frame.getByRole('textbox', { name: 'Stadt' }).inputValue(), 'Berlin');
    await page.context().close();
  });

  it('tells streets of one name apart by their postcode and locality', async () => {
    const { page, frame } = await open('/demo/lead-wizard?order=address-first');
    const search = frame.getByRole('combobox', { name: 'Adresse suchen' });
    await search.fill('Kastanienallee');
    const options = frame.getByRole('option');
    await options.first().waitFor();
    // Each locality that has a Kastanienallee, the one in Prenzlauer Berg first.
    assert.deepEqual(await options.allTextContents(), [
      'Kastanienallee, 10435 Berlin–Prenzlauer Berg',
      'Kastanienallee, 10119 Berlin–Mitte',
      'Kastanienallee, 13158 Berlin–Rosenthal',
      'Kastanienallee, 13129 Berlin–Blankenburg',
      'Kastanienallee, 14050 Berlin–Westend',
      'Kastanienallee, 12627 Berlin–Hellersdorf',
      'Kastanienallee, 12623 Berlin–Mahlsdorf',
      'Kastanienallee, 12587 Berlin–Friedrichshagen',
    ]);
    // The locality typed after the street (no comma) leaves that one.
    await search.fill('Kastanienallee 12 Prenzlauer Berg');
    const only = frame.getByRole('option', {
      name: 'Kastanienallee 12, 10435 Berlin–Prenzlauer Berg',
      exact: true,
    });
    await only.waitFor();
    assert.equal(await options.count(), 1);
    await only.click();
    assert.equal(await frame.getByRole('textbox', { name: 'PLZ' }).inputValue(), '10435');
    assert.equal(await frame.getByRole('textbox', { name: 'Haus-Nr.' }).inputValue(), '12');
    await page.context().close();
  });

  it('looks finished: sending shows, messages never cover the form, boxes and tiles fit', async () => {
    const page = await (
      await ctx.browser.newContext({ viewport: { width: 375, height: 740 } })
    ).newPage();
    await page.goto(`${ctx.server.baseUrl}/demo/lead-wizard?order=address-first`);
    const frame = (await (await page.waitForSelector('iframe')).contentFrame())!;
    await frame
      .getByText(
        'Sie möchten Ihre Immobilie verkaufen oder vermieten? Wir bewerten sie kostenlos und unverbindlich.',
      )
      .waitFor();
    // While the box is empty its clear button keeps its place unseen: no role, no Tab stop.
    const search = frame.getByRole('combobox', { name: 'Adresse suchen' });
    await search.focus();
    assert.equal(await frame.getByRole('button', { name: 'Eingabe löschen' }).count(), 0);
    await page.keyboard.press('Tab');
    assert.notEqual(
      await frame.evaluate(() => document.activeElement?.getAttribute('aria-label')),
      'Eingabe löschen',
    );
    // The clear button sits inside the search box while suggestions are open.
    await search.fill('Kastanienallee 12, 10435 Berlin');
    const option = frame.getByRole('option', { name: 'Kastanienallee 12, 10435 Berlin' });
    await option.waitFor();
    const box = (await search.boundingBox())!;
    const clear = (await frame.getByRole('button', { name: 'Eingabe löschen' }).boundingBox())!;
    assert.ok(
      clear.y >= box.y && clear.y + clear.height <= box.y + box.height + 0.5,
      `clear ${JSON.stringify(clear)} inside ${JSON.stringify(box)}`,
    );
    // Address typed by hand and pinned: 'Details eingeben' above the map in this order too
    // (product 2.2.3, decision 44), and 'Weitere Details eingeben' under it. (Escape closes the
    // suggestions, whose two-line entry covers the button on a phone.)
    await search.press('Escape');
    await frame.getByRole('button', { name: 'Adresse manuell eingeben' }).click();
    await frame.getByRole('textbox', { name: 'Straße' }).fill('Lindenweg');
    await frame.getByRole('textbox', { name: 'Stadt' }).fill('Berlin');
    await frame.getByRole('button', { name: 'Markierung in die Kartenmitte setzen' }).click();
    await frame.getByRole('button', { name: 'Weitere Details eingeben' }).waitFor();
    assert.equal(
      await frame.getByRole('button', { name: 'Details eingeben', exact: true }).count(),
      1,
    );
    // On a phone the way forward spans the width of the inputs.
    const forward = (await frame
      .getByRole('button', { name: 'Weitere Details eingeben' })
      .boundingBox())!;
    const street = (await frame.getByRole('textbox', { name: 'Straße' }).boundingBox())!;
    assert.ok(Math.abs(forward.x - street.x) < 1, `button x ${forward.x} vs input x ${street.x}`);
    assert.ok(
      Math.abs(forward.x + forward.width - (street.x + street.width)) < 1,
      'button and input end at the same place',
    );
    await frame.getByRole('button', { name: 'Weitere Details eingeben' }).click();
    // 'Mehrfamilienhaus' fits its tile on a phone (it breaks at its soft hyphens).
    const tile = frame.getByRole('button', { name: 'Mehrfamilienhaus' });
    assert.equal(
      await tile.evaluate((el) => el.scrollWidth <= el.clientWidth),
      true,
      'the tile text overflows',
    );
    await frame.getByRole('button', { name: 'Haus', exact: true }).click();
    await frame.getByRole('button', { name: 'Kontaktdaten eingeben' }).click();
    // The limit is named.
    await frame.getByRole('textbox', { name: 'Vorname' }).fill('E'.repeat(101));
    await frame.getByRole('button', { name: 'Anfrage abschicken' }).click();
    await frame.getByText('Diese Eingabe ist zu lang: höchstens 100 Zeichen.').waitFor();
    await frame.getByRole('textbox', { name: 'Vorname' }).fill('Erika');
    await frame.getByRole('textbox', { name: 'Nachname' }).fill('Mustermann');
    await frame.getByRole('textbox', { name: 'E-Mail' }).fill('finished@example.de');
    await frame.getByRole('checkbox', { name: /Datenschutzerklärung/ }).check();
    await frame.getByRole('checkbox', { name: /kontaktiert/ }).check();
    // The backend is busy, then fails once: the button says it is sending, the message
    // appears without covering the button, and 'Schließen' stays on one line.
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    let calls = 0;
    await page.context().route('**/v1/wizard/lead', async (route) => {
      calls += 1;
      await held;
      if (calls === 1)
        await route.fulfill({
          status: 503,
          contentType: 'application/json',
          body: JSON.stringify({ code: 'unavailable', message: 'Wartungsarbeiten, bitte später.' }),
        });
      else await route.continue();
    });
    const submit = frame.locator('form button[type="submit"]');
    await submit.click();
    await frame.getByRole('button', { name: 'Wird gesendet …' }).waitFor();
    assert.equal(await submit.getAttribute('aria-busy'), 'true');
    release();
    const message = frame.getByText('Wartungsarbeiten, bitte später.');
    await message.waitFor();
    const snack = (await message.locator('..').boundingBox())!;
    const button = (await submit.boundingBox())!;
    assert.ok(
      snack.y >= button.y + button.height || snack.y + snack.height <= button.y,
      `snackbar ${JSON.stringify(snack)} covers the submit button ${JSON.stringify(button)}`,
    );
    const close = frame.getByRole('button', { name: 'Schließen' });
    const lines = await close.evaluate((el) => {
      const style = getComputedStyle(el);
      const inner =
        el.clientHeight - parseFloat(style.paddingTop) - parseFloat(style.paddingBottom);
      return Math.round(
        inner /
          parseFloat(
            style.lineHeight === 'normal'
              ? `${parseFloat(style.fontSize) * 1.2}`
              : style.lineHeight,
          ),
      );
    });
    assert.equal(lines, 1, "'Schließen' wraps");
    await submit.click();
    // The success view says what happens next.
    await frame.getByText(SUCCESS.de).waitFor();
    await frame.getByText(/kann ein, zwei Minuten brauchen/).waitFor();
    await page.context().close();
  });

  it('a host page that is not allowed learns why in its console', async () => {
    const site =
      await startForeignSite(`<!doctype html><html lang="de"><head><title>Fremd</title></head>
      <body><div data-immosuite-widget="lead-wizard"></div>
      <script src="${ctx.server.baseUrl}/webapp/static/embed.js"></script></body></html>`);
    const page = await (await ctx.browser.newContext()).newPage();
    try {
      const told = page.waitForEvent('console', {
        predicate: (message) => message.text().startsWith('Immosuite:'),
        timeout: 20_000,
      });
      await page.goto(site.url);
      const message = await told;
      assert.equal(message.type(), 'error');
      assert.equal(
        message.text(),
        `Immosuite: the widget from ${ctx.server.baseUrl} did not start on this page within 10 s. Is its server reachable, and does its ALLOWED_ORIGINS list ${new URL(site.url).origin}?`,
      );
    } finally {
      await page.context().close();
      await site.close();
    }
  });
});
