import { demoPage, privacyPage } from './demo';

describe('the demo host pages', () => {
  it('speak English on an English page, and their links keep the language', () => {
    const page = demoPage('saved-search-wizard', 'en-US');
    expect(page).toContain('<html lang="en-US">');
    expect(page).toContain('Muster Immobilien GmbH</strong> · Demo page');
    expect(page).not.toMatch(/Demo-Seite|Datenschutz"|Immobilie verkaufen/);
    expect(page).toContain('<title>Create a search profile – Muster Immobilien (Demo)</title>');
    expect(page).toContain('href="/demo/lead-wizard?lang=en-US"');
    expect(page).toContain(
      'href="/demo/expose-inquiry-wizard?objectId=1&#38;customObjectId=W-1001&#38;lang=en-US"',
    );
    expect(page).toContain('"privacyUrl":"/demo/datenschutz?lang=en-US"');
    const privacy = privacyPage('en-US');
    expect(privacy).toContain('<html lang="en">');
    expect(privacy).toContain('<h1>Privacy policy (demo)</h1>');
  });

  it('speak German by default, with links as they are', () => {
    const page = demoPage('lead-wizard', 'de');
    expect(page).toContain('Muster Immobilien GmbH</strong> · Demo-Seite');
    expect(page).toContain('href="/demo/lead-wizard"');
    expect(page).toContain('"privacyUrl":"/demo/datenschutz"');
    expect(privacyPage()).toContain('<h1>Datenschutzerklärung (Demo)</h1>');
  });
});
