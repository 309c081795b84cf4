/** The inbox's strings: the namespace 'agency', German and English, both in its bundle. */
import i18next, { type i18n as I18n } from 'i18next';
import { initReactI18next } from 'react-i18next';
import type { Language } from '../i18n/language';
import de from './locales/de.json';
import en from './locales/en.json';

export function createAgencyI18n(language: Language): I18n {
  const instance = i18next.createInstance();
  void instance.use(initReactI18next).init({
    resources: { de: { agency: de }, en: { agency: en } },
    lng: language,
    fallbackLng: 'de',
    supportedLngs: ['de', 'en'],
    ns: ['agency'],
    defaultNS: 'agency',
    // React escapes text itself; server text is never rendered as HTML.
    interpolation: { escapeValue: false },
    initAsync: false,
  });
  return instance;
}
