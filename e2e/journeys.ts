/**
 * Lead journeys as a visitor takes them, for the QA recording test and for re-recording the
 * action-log fixtures (npm run fixtures:record). `where` is the widget's frame, or the page
 * when the widget is opened on its own.
 */
import type { Frame, Page } from 'playwright-core';

type Where = Frame | Page;

export const SUCCESS = {
  de: 'Ihre Anfrage wurde abgeschickt, bitte überprüfen Sie Ihr E-Mail-Postfach, um diese zu bestätigen.',
  en: 'Your inquiry has been sent. Please check your inbox to confirm it.',
};

/** Category first, in German: Verkaufen, Wohnung, an address from the search, details, contact. */
export async function leadCategoryFirst(where: Where, email: string) {
  await where.getByRole('radio', { name: 'Verkaufen' }).check();
  await where.getByRole('button', { name: 'Wohnung', exact: true }).click();
  await where
    .getByRole('combobox', { name: 'Adresse suchen' })
    .fill('Kastanienallee 12, 10435 Berlin');
  await where.getByRole('option', { name: 'Kastanienallee 12, 10435 Berlin' }).click();
  await where.getByRole('button', { name: 'Weitere Details eingeben' }).click();
  await where.getByRole('textbox', { name: 'Preisvorstellung' }).fill('450.000');
  await where.getByRole('textbox', { name: 'Wohnfläche (m²)' }).fill('82,5');
  await where.getByRole('button', { name: 'Weiter' }).click();
  await contact(where, 'de', email);
}

/** Address first, in English: the address typed by hand, a house to let, contact. */
export async function leadAddressFirst(where: Where, email: string) {
  await where.getByRole('button', { name: 'Enter address manually' }).click();
  await where.getByRole('textbox', { name: 'Street' }).fill('Lindenweg');
  await where.getByRole('textbox', { name: 'No.' }).fill('7');
  await where.getByRole('textbox', { name: 'Postcode' }).fill('10435');
  await where.getByRole('textbox', { name: 'City' }).fill('Berlin');
  await where.getByRole('button', { name: 'Place the pin at the map centre' }).click();
  await where.getByRole('button', { name: 'Enter more details' }).click();
  await where.getByRole('radio', { name: 'Let' }).check();
  await where.getByRole('button', { name: 'House', exact: true }).click();
  await where.getByRole('textbox', { name: 'Asking price' }).fill('1,450');
  await where.getByRole('button', { name: 'Enter contact details' }).click();
  await contact(where, 'en', email);
}

/** The contact form filled in: name, e-mail and both consents (not sent). */
export async function fillContact(where: Where, lang: 'de' | 'en', email: string) {
  const de = lang === 'de';
  await where.getByRole('textbox', { name: de ? 'Vorname' : 'First name' }).fill('Erika');
  await where.getByRole('textbox', { name: de ? 'Nachname' : 'Last name' }).fill('Mustermann');
  await where.getByRole('textbox', { name: de ? 'E-Mail' : 'Email' }).fill(email);
  await where
    .getByRole('checkbox', { name: de ? /Datenschutzerklärung/ : /privacy policy/ })
    .check();
  await where.getByRole('checkbox', { name: de ? /kontaktiert/ : /contacted/ }).check();
}

/**
 * The contact form filled in and sent (the lead wizard's button unless `submit` names another);
 * waits for the success message (the lead's unless `success` names one).
 */
export async function contact(
  where: Where,
  lang: 'de' | 'en',
  email: string,
  { submit, success }: { submit?: string; success?: string } = {},
) {
  const de = lang === 'de';
  await fillContact(where, lang, email);
  await where
    .getByRole('button', { name: submit ?? (de ? 'Anfrage abschicken' : 'Send inquiry') })
    .click();
  await where.getByText(success ?? SUCCESS[lang]).waitFor();
}

/** The journeys whose action logs are kept as regression fixtures (npm run fixtures:record). */
export const FIXTURE_JOURNEYS: {
  name: string;
  path: string;
  run(where: Where, email: string): Promise<void>;
}[] = [
  { name: 'lead-wizard-category-first-de', path: 'lead-wizard?qa=record', run: leadCategoryFirst },
  {
    name: 'lead-wizard-address-first-en',
    path: 'lead-wizard?qa=record&lang=en-US&order=address-first',
    run: leadAddressFirst,
  },
];
