import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { expectNoAxeViolations, openInFrame, serverAndBrowser, tabTo } from './harness';

const ctx = serverAndBrowser();

const open = (path: string) => openInFrame(ctx, path);

async function mailsTo(address: string) {
  const mails = (await (await fetch(`${ctx.server.baseUrl}/dev/mailbox.json`)).json()) as {
    to: string;
    subject: string;
    links: string[];
  }[];
  return mails.filter((m) => m.to === address);
}

describe('lead wizard in the demo page', () => {
  it('category first, by mouse, in German: the lead and its confirmation mail arrive', async () => {
    const { page, frame } = await open('/demo/lead-wizard');
    await frame.getByRole('button', { name: 'Wohnung', exact: true }).waitFor();
    await expectNoAxeViolations(page, 'step 1 (category)');
    await frame.getByRole('radio', { name: 'Verkaufen' }).check();
    await frame.getByRole('button', { name: 'Wohnung', exact: true }).click();

    await frame
      .getByRole('heading', { name: 'Schritt 2 von 4: Wie lautet die Adresse Ihrer Immobilie?' })
      .waitFor();
    await frame
      .getByRole('combobox', { name: 'Adresse suchen' })
      .fill('Kastanienallee 12, 10435 Berlin');
    await frame.getByRole('option', { name: 'Kastanienallee 12, 10435 Berlin' }).click();
    await frame.locator('.leaflet-marker-icon').waitFor();
    await expectNoAxeViolations(page, 'step 2 (address)');
    await frame.getByRole('button', { name: 'Weitere Details eingeben' }).click();

    await frame.getByRole('heading', { name: 'Schritt 3 von 4: Details Wohnung' }).waitFor();
    await frame.getByRole('textbox', { name: 'Preisvorstellung' }).fill('450.000');
    await frame.getByRole('textbox', { name: 'Wohnfläche (m²)' }).fill('82,5');
    await frame.getByRole('textbox', { name: 'Zimmer' }).fill('3');
    await frame.getByRole('textbox', { name: 'Baujahr' }).fill('1905');
    await frame.getByRole('textbox', { name: 'Zimmer' }).click();
    assert.equal(
      await frame.getByRole('textbox', { name: 'Preisvorstellung' }).inputValue(),
      '450.000\u00a0€',
    );
    await expectNoAxeViolations(page, 'step 3 (details)');
    await frame.getByRole('button', { name: 'Weiter' }).click();

    await frame.getByRole('heading', { name: 'Schritt 4 von 4: Kontaktdaten' }).waitFor();
    await frame.getByRole('button', { name: 'Anfrage abschicken' }).click();
    await frame.getByRole('alert').filter({ hasText: 'Bitte prüfen Sie Ihre Eingaben.' }).waitFor();
    await expectNoAxeViolations(page, 'step 4 (contact, with errors)');
    await frame.getByRole('combobox', { name: 'Anrede' }).selectOption('Frau');
    await frame.getByRole('textbox', { name: 'Vorname' }).fill('Erika');
    await frame.getByRole('textbox', { name: 'Nachname' }).fill('Mustermann');
    await frame.getByRole('textbox', { name: 'E-Mail' }).fill('erika.maus@example.de');
    await frame.getByRole('textbox', { name: 'Telefon' }).fill('030 1234567');
    await frame.getByRole('checkbox', { name: /Datenschutzerklärung/ }).check();
    await frame.getByRole('checkbox', { name: /kontaktiert/ }).check();
    await frame.getByRole('checkbox', { name: 'Ich möchte den Newsletter erhalten.' }).check();
    const sent = page.waitForRequest(
      (r) => r.method() === 'POST' && r.url().endsWith('/v1/wizard/lead'),
    );
    await frame.getByRole('button', { name: 'Anfrage abschicken' }).click();
    // The newsletter box travels with the consents.
    assert.deepEqual((await sent).postDataJSON().contact.customFields, {
      dataPrivacy: true,
      acceptContact: true,
      newsletter: true,
    });

    await frame
      .getByText(
        'Ihre Anfrage wurde abgeschickt, bitte überprüfen Sie Ihr E-Mail-Postfach, um diese zu bestätigen.',
      )
      .waitFor();
    assert.equal(await frame.getByRole('navigation', { name: 'Schritte' }).count(), 0);
    await expectNoAxeViolations(page, 'success');
    await page.getByText('"event":"LeadWizard"').waitFor();
    const mails = await mailsTo('erika.maus@example.de');
    assert.equal(mails.length, 1);
    assert.equal(mails[0]!.subject, 'Bitte bestätigen Sie Ihre Anfrage zu Ihrer Immobilie');
    // The confirmation link confirms the stored lead.
    const k = new URL(mails[0]!.links[0]!).searchParams.get('k');
    const client = ctx.server.client();
    const confirmed = await client.post('/wp-json/sw-immosuite/v1/wizard/confirm', { k });
    assert.deepEqual(confirmed.body, { opcode: 'Contact' });
    await page.context().close();
  });

  it('address first, keyboard only, in English', async () => {
    const { page, frame } = await open('/demo/lead-wizard?lang=en-US&order=address-first');
    const search = frame.getByRole('combobox', { name: 'Search address' });
    await search.waitFor();
    await expectNoAxeViolations(page, 'step 1 (address, English)');
    await tabTo(page, search);
    await page.keyboard.type('Kastanienallee 12, 10435 Berlin', { delay: 20 });
    await frame.getByRole('option', { name: 'Kastanienallee 12, 10435 Berlin' }).waitFor();
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Enter');
    assert.equal(
      await frame.getByRole('textbox', { name: 'Street' }).inputValue(),
      'Kastanienallee',
    );
    const more = frame.getByRole('button', { name: 'Enter more details' });
    await tabTo(page, more);
    await page.keyboard.press('Enter');

    await frame
      .getByRole('heading', { name: 'Step 2 of 4: What kind of property is it?' })
      .waitFor();
    await expectNoAxeViolations(page, 'step 2 (category, English)');
    const letting = frame.getByRole('radio', { name: 'Sell' });
    await tabTo(page, letting);
    await page.keyboard.press('ArrowRight');
    assert.equal(await frame.getByRole('radio', { name: 'Let' }).isChecked(), true);
    const house = frame.getByRole('button', { name: 'House', exact: true });
    await tabTo(page, house);
    await page.keyboard.press('Enter');

    await frame.getByRole('heading', { name: 'Step 3 of 4: House details' }).waitFor();
    // The backend labels the fields in English for an English page.
    await frame.getByRole('textbox', { name: 'Living space (m²)' }).waitFor();
    assert.equal(await frame.getByRole('textbox', { name: 'Year built' }).count(), 1);
    assert.equal(await frame.getByText('Wohnfläche').count(), 0);
    const price = frame.getByRole('textbox', { name: 'Asking price' });
    await price.waitFor();
    await tabTo(page, price);
    await page.keyboard.type('1,450');
    const contact = frame.getByRole('button', { name: 'Enter contact details' });
    await tabTo(page, contact);
    assert.equal(await price.inputValue(), '€1,450');
    await page.keyboard.press('Enter');

    await frame.getByRole('heading', { name: 'Step 4 of 4: Contact details' }).waitFor();
    for (const [name, text] of [
      ['First name', 'Max'],
      ['Last name', 'Muster'],
      ['Email', 'max.keyboard@example.de'],
    ]) {
      await tabTo(page, frame.getByRole('textbox', { name }));
      await page.keyboard.type(text!);
    }
    for (const name of [/privacy policy/, /contacted/]) {
      await tabTo(page, frame.getByRole('checkbox', { name }));
      await page.keyboard.press('Space');
    }
    await tabTo(page, frame.getByRole('button', { name: 'Send inquiry' }));
    await page.keyboard.press('Enter');
    await frame
      .getByText('Your inquiry has been sent. Please check your inbox to confirm it.')
      .waitFor();
    const mails = await mailsTo('max.keyboard@example.de');
    assert.equal(mails[0]?.subject, 'Please confirm your inquiry about your property');
    await page.context().close();
  });

  it('address first, in German: a street typed alone finds its place, and Details eingeben leads on', async () => {
    const { page, frame } = await open('/demo/lead-wizard?order=address-first');
    const search = frame.getByRole('combobox', { name: 'Adresse suchen' });
    // A street the offline geocoder's Berlin index knows, without a number and without a town.
    await search.fill('Alexanderplatz');
    await frame.getByRole('option', { name: 'Alexanderplatz, 10178 Berlin–Mitte' }).click();
    await frame.locator('.leaflet-marker-icon').waitFor();
    assert.equal(
      await frame.getByRole('textbox', { name: 'Straße' }).inputValue(),
      'Alexanderplatz',
    );
    assert.equal(await frame.getByRole('textbox', { name: 'Stadt' }).inputValue(), 'Berlin');
    // With a number, it finds the same street, the number kept.
    await search.fill('Unter den Linden 5');
    await frame.getByRole('option', { name: 'Unter den Linden 5, 10117 Berlin–Mitte' }).click();
    assert.equal(await frame.getByRole('textbox', { name: 'Haus-Nr.' }).inputValue(), '5');
    await expectNoAxeViolations(page, 'address first, a street found');
    // product 2.2.3 in this order too (decision 44): the button above the map, once a
    // coordinate is set.
    await frame.getByRole('button', { name: 'Details eingeben', exact: true }).click();
    await frame
      .getByRole('heading', { name: 'Schritt 2 von 4: Um welche Immobilie geht es?' })
      .waitFor();
    await page.context().close();
  });

  it('keeps what was typed across a reload of the frame', async () => {
    const { page, frame } = await open('/demo/lead-wizard');
    await frame.getByRole('button', { name: 'Haus', exact: true }).click();
    await frame.getByRole('button', { name: 'Adresse manuell eingeben' }).click();
    await frame.getByRole('textbox', { name: 'Straße' }).fill('Lindenweg');
    // The draft is saved in the session (after a short rest): reload once it is there.
    await frame.waitForFunction(() =>
      Object.keys(sessionStorage).some((key) => sessionStorage.getItem(key)?.includes('Lindenweg')),
    );
    await frame.evaluate(() => window.location.reload());
    const again = await (await page.waitForSelector('iframe')).contentFrame();
    await again!.getByRole('textbox', { name: 'Straße' }).waitFor();
    assert.equal(await again!.getByRole('textbox', { name: 'Straße' }).inputValue(), 'Lindenweg');
    await page.context().close();
  });
});
