import i18next, { type i18n as I18n, type ParseKeys, type ResourceLanguage } from 'i18next';
import { initReactI18next } from 'react-i18next';
import type { Language } from './language';
import type de from './locales/de.json';

export type Messages = typeof de;
/** A key of the locale files (typed: a key that does not exist fails the typecheck). */
export type MessageKey = ParseKeys;

/** A key built from data (a category name, a route id); the i18n tests check each exists. */
export const dataKey = (key: string) => key as MessageKey;

/**
 * One language's strings, as their own chunk: a visitor downloads only the one shown. Only the
 * shell's two files: the screens' own (locales/screens/) travel with their screens' code.
 */
export function loadLocale(language: Language): Promise<Messages> {
  return import(
    /* webpackChunkName: "locale-[request]", webpackInclude: /locales[\\/](de|en)\.json$/ */
    `./locales/${language}.json`
  ).then((m: { default: Messages }) => m.default);
}

/** A fresh i18next instance (one per app, and one per test) with the strings given. */
export function createI18n(
  language: Language,
  resources: Partial<Record<Language, Messages>>,
): I18n {
  const instance = i18next.createInstance();
  void instance.use(initReactI18next).init({
    resources: Object.fromEntries(
      Object.entries(resources).map(([lng, messages]) => [
        lng,
        { translation: messages as unknown as ResourceLanguage },
      ]),
    ),
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

/** Loads a language's strings if the instance lacks them, then switches to it. */
export async function switchLanguage(i18n: I18n, language: Language): Promise<void> {
  // A screen's strings may be there already (strings/): the shell's own are what is asked.
  if (i18n.getResource(language, 'translation', 'app.title') === undefined)
    i18n.addResourceBundle(language, 'translation', await loadLocale(language));
  await i18n.changeLanguage(language);
}

/** The BCP 47 tag used for Intl and the document's lang attribute. */
export function localeOf(language: Language): string {
  return language === 'en' ? 'en-US' : 'de-DE';
}

/**
 * Splits one of our own strings around its `<tag>…</tag>` part, so the part can be rendered
 * as an element (e.g. a link) without an HTML parser. Without the tag, all of it is `before`.
 */
export function splitTagged(
  text: string,
  tag: string,
): { before: string; inner: string; after: string } {
  const open = `<${tag}>`;
  const close = `</${tag}>`;
  const start = text.indexOf(open);
  const end = text.indexOf(close, start + open.length);
  if (start < 0 || end < 0) return { before: text, inner: '', after: '' };
  return {
    before: text.slice(0, start),
    inner: text.slice(start + open.length, end),
    after: text.slice(end + close.length),
  };
}
