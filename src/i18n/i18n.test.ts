import shellDe from './locales/de.json';
import shellEn from './locales/en.json';
import { formatCurrency, formatDecimal, formatInt } from './format';
import { CATEGORIES } from '../../contract/catalog';
import { BUNDLED } from './bundled';
import { CONTACT_PAGES_STRINGS } from './strings/contactPages';
import { LEAD_STRINGS } from './strings/lead';
import { LEAD_WAITING_STRINGS } from './strings/leadWaiting';
import { PORTAL_STRINGS } from './strings/portal';
import { QA_STRINGS } from './strings/qa';
import { SAVED_SEARCH_STRINGS } from './strings/savedSearch';
import { createI18n, splitTagged, switchLanguage } from './index';

function keys(value: unknown, prefix = ''): string[] {
  if (typeof value !== 'object' || value === null) return [prefix];
  return Object.entries(value).flatMap(([key, inner]) =>
    keys(inner, prefix ? `${prefix}.${key}` : key),
  );
}

function leaves(value: unknown): string[] {
  if (typeof value === 'string') return [value];
  return Object.values(value as object).flatMap(leaves);
}

const de = BUNDLED.de;
const en = BUNDLED.en;

describe('locales', () => {
  it('German and English have the same keys', () => {
    expect(keys(en).sort()).toEqual(keys(de).sort());
  });

  it('have no empty strings', () => {
    for (const text of [...leaves(de), ...leaves(en)]) expect(text.trim()).not.toBe('');
  });

  it('carry the spec strings verbatim in German', () => {
    const i18n = createI18n('de', BUNDLED);
    expect(i18n.t('app.close')).toBe('Schließen');
    expect(i18n.t('errors.userError')).toBe('Bitte prüfen Sie Ihre Eingaben.');
    expect(i18n.t('errors.generic')).toBe('Es ist ein Fehler aufgetreten.');
    expect(i18n.t('errors.internalServerError')).toBe(
      'Es ist ein interner Serverfehler aufgetreten.',
    );
    expect(i18n.t('errors.network')).toBe('Fehler bei der Netzwerkverbindung');
    expect(i18n.t('savedSearchWizard.stepContact')).toBe('Ihre Kontakdaten');
    expect(i18n.t('errors.httpError', { url: 'u', message: 'm' })).toBe('HTTP-ERROR u: m');
  });

  it('falls back to German for an unknown language', () => {
    const i18n = createI18n('de', BUNDLED);
    void i18n.changeLanguage('fr');
    expect(i18n.t('login.heading')).toBe('Anmeldung');
  });

  it('types its keys: an unknown key does not compile', () => {
    const i18n = createI18n('de', BUNDLED);
    // @ts-expect-error -- 'login.typo' is no key of the locale files (npm run typecheck)
    expect(i18n.t('login.typo')).toBe('login.typo');
    expect(i18n.t('login.heading')).toBe('Anmeldung');
  });

  it('has a name for every category, the keys built from data', () => {
    for (const category of CATEGORIES) {
      expect(BUNDLED.de.categories).toHaveProperty([category.name]);
      expect(BUNDLED.en.categories).toHaveProperty([category.name]);
    }
  });

  it("keeps each screen's strings apart from the shell's, in both languages", () => {
    const screens = [
      LEAD_STRINGS,
      LEAD_WAITING_STRINGS,
      SAVED_SEARCH_STRINGS,
      CONTACT_PAGES_STRINGS,
      PORTAL_STRINGS,
      QA_STRINGS,
    ];
    const sections = screens.flatMap((strings) => Object.keys(strings.de));
    expect(new Set(sections).size).toBe(sections.length);
    for (const section of sections) {
      expect(shellDe).not.toHaveProperty([section]);
      expect(shellEn).not.toHaveProperty([section]);
    }
    for (const strings of screens) expect(keys(strings.en).sort()).toEqual(keys(strings.de).sort());
  });

  it('loads a language only when it is switched to', async () => {
    const i18n = createI18n('de', { de: BUNDLED.de });
    expect(i18n.hasResourceBundle('en', 'translation')).toBe(false);
    await switchLanguage(i18n, 'en');
    expect(i18n.language).toBe('en');
    expect(i18n.t('app.close')).toBe(shellEn.app.close);
  });

  it('splits a string around its tagged part, and keeps a string without one whole', () => {
    expect(splitTagged(BUNDLED.de.contact.dataPrivacy, 'privacyLink')).toEqual({
      before: 'Ich habe die ',
      inner: 'Datenschutzerklärung',
      after: ' gelesen und stimme der Verarbeitung meiner Daten zu.',
    });
    expect(splitTagged('kein Link', 'privacyLink')).toEqual({
      before: 'kein Link',
      inner: '',
      after: '',
    });
    expect(splitTagged('<a>offen', 'a')).toEqual({ before: '<a>offen', inner: '', after: '' });
  });
});

describe('number formats', () => {
  it('formats whole EUR without decimals, and cents as they are (never rounded to another figure)', () => {
    expect(formatCurrency(350000, 'de')).toBe('350.000\u00a0€');
    expect(formatCurrency(350000.5, 'de')).toBe('350.000,50\u00a0€');
    expect(formatCurrency(1250000.6, 'en')).toBe('€1,250,000.60');
  });

  it('formats integers without grouping', () => {
    expect(formatInt(1998, 'de')).toBe('1998');
    expect(formatInt(12345, 'en')).toBe('12345');
  });

  it('formats decimals in the visitor language', () => {
    expect(formatDecimal(3.5, 'de')).toBe('3,5');
    expect(formatDecimal(3.5, 'en')).toBe('3.5');
    expect(formatDecimal(1250.75, 'de')).toBe('1250,75');
  });
});
