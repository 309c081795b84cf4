import i18next, { type i18n as I18n } from 'i18next';
import { initReactI18next } from 'react-i18next';
import type { Language } from '../host/config';
import de from './locales/de.json';
import en from './locales/en.json';

export const resources = { de: { translation: de }, en: { translation: en } } as const;

/** A fresh i18next instance (one per app, and one per test). */
export function createI18n(language: Language): I18n {
  const instance = i18next.createInstance();
  void instance.use(initReactI18next).init({
    resources,
    lng: language,
    fallbackLng: 'de',
    supportedLngs: ['de', 'en'],
    // React escapes text itself; server text is never rendered as HTML.
    interpolation: { escapeValue: false },
    returnNull: false,
    initAsync: false,
  });
  return instance;
}

/** The BCP 47 tag used for Intl and the document's lang attribute. */
export function localeOf(language: Language): string {
  return language === 'en' ? 'en-US' : 'de-DE';
}
