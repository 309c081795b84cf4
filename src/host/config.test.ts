import fc from 'fast-check';
import { languageFromTag } from '../i18n/language';
import { DEFAULT_CONFIG, parseInitPayload, parseMapCenter } from './config';

describe('init config parsing', () => {
  it('reads every documented value', () => {
    const { config, nonce, warnings } = parseInitPayload({
      language: 'en-US',
      nonce: 'abc123',
      config: {
        mapCenter: '48.137, 11.575',
        mapZoom: '14',
        privacyUrl: 'https://agency.test/datenschutz',
        submitUrl: '/custom/lead',
        defaultMessage: '  Bitte rufen Sie mich an.  ',
        appTitle: 'Muster Immobilien',
        theme: { primary: '#003366', accent: 'rgb(200, 100, 0)' },
        tiles: { url: 'https://tiles.test/{z}/{x}/{y}.png', attribution: '© Tiles' },
        options: {
          leadWizard: { order: 'address-first', hideContactStep: true },
          recordActions: 'true',
        },
      },
    });
    expect(warnings).toEqual([]);
    expect(nonce).toBe('abc123');
    expect(config).toMatchObject({
      language: 'en',
      mapCenter: { lat: 48.137, lng: 11.575 },
      mapZoom: 14,
      privacyUrl: 'https://agency.test/datenschutz',
      submitUrl: '/custom/lead',
      defaultMessage: 'Bitte rufen Sie mich an.',
      appTitle: 'Muster Immobilien',
      tiles: { url: 'https://tiles.test/{z}/{x}/{y}.png', attribution: '© Tiles' },
      options: {
        recordActions: true,
        screens: { leadWizard: { order: 'address-first', hideContactStep: true } },
      },
    });
    expect(config.theme.primary).toBe('#003366');
    expect(config.theme.accent).toBe('rgb(200, 100, 0)');
    expect(config.theme.error).toBe(DEFAULT_CONFIG.theme.error);
  });

  it('falls back on bad values and names them', () => {
    const { config, nonce, warnings } = parseInitPayload({
      nonce: '<script>',
      config: {
        mapCenter: '91,200',
        mapZoom: 42,
        privacyUrl: 'javascript:alert(1)',
        submitUrl: '//evil.test/x',
        theme: { primary: 'red; background: url(x)' },
        options: { leadWizard: { order: 'sideways' } },
      },
    });
    expect(nonce).toBeNull();
    expect(config.mapCenter).toEqual(DEFAULT_CONFIG.mapCenter);
    expect(config.mapZoom).toBe(12);
    expect(config.privacyUrl).toBeNull();
    expect(config.submitUrl).toBeNull();
    expect(config.theme.primary).toBe(DEFAULT_CONFIG.theme.primary);
    expect(warnings).toEqual(
      expect.arrayContaining([
        'mapCenter',
        'mapZoom',
        'privacyUrl',
        'submitUrl',
        'theme.primary',
        'nonce',
      ]),
    );
  });

  it('uses the URL defaults where init names nothing', () => {
    const { config } = parseInitPayload({}, { language: 'en', query: { order: 'address-first' } });
    expect(config.language).toBe('en');
    expect(config.query).toEqual({ order: 'address-first' });
    expect(
      parseInitPayload({ language: 'de-DE' }, { language: 'en', query: {} }).config.language,
    ).toBe('de');
  });

  it("keeps the screens' options as plain JSON, and refuses what is not", () => {
    const cyclic: Record<string, unknown> = {};
    cyclic.self = cyclic;
    const bad = parseInitPayload({ config: { options: { leadWizard: cyclic } } });
    expect(bad.config.options.screens).toEqual({});
    expect(bad.warnings).toContain('options');
    const huge = parseInitPayload({ config: { options: { x: 'a'.repeat(20_000) } } });
    expect(huge.config.options.screens).toEqual({});
    const fine = parseInitPayload({
      config: { options: { leadWizard: { order: 'address-first', at: new Date(0) } } },
    });
    expect(fine.config.options.screens).toEqual({
      leadWizard: { order: 'address-first', at: '1970-01-01T00:00:00.000Z' },
    });
  });

  it('chooses the language from the page language', () => {
    expect(languageFromTag('en-US')).toBe('en');
    expect(languageFromTag('en')).toBe('en');
    expect(languageFromTag('de-DE')).toBe('de');
    expect(languageFromTag('fr')).toBe('de');
    expect(languageFromTag('english')).toBe('de');
    expect(languageFromTag(undefined)).toBe('de');
  });

  it('parses map centres strictly', () => {
    expect(parseMapCenter('52.5,13.4')).toEqual({ lat: 52.5, lng: 13.4 });
    expect(parseMapCenter({ lat: '52.5', lng: 13.4 })).toEqual({ lat: 52.5, lng: 13.4 });
    expect(parseMapCenter('52.5')).toBeNull();
    expect(parseMapCenter('52.5,')).toBeNull();
    expect(parseMapCenter('a,b')).toBeNull();
  });

  it('never throws, whatever the host sends', () => {
    fc.assert(
      fc.property(fc.anything(), fc.anything(), (payload, config) => {
        const a = parseInitPayload(payload);
        const b = parseInitPayload({ config, nonce: payload, language: config });
        for (const { config: c } of [a, b]) {
          expect(c.mapZoom).toBeGreaterThanOrEqual(6);
          expect(c.mapZoom).toBeLessThanOrEqual(20);
          expect(['de', 'en']).toContain(c.language);
        }
      }),
      { numRuns: 500 },
    );
  });
});
