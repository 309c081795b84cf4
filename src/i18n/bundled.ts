/**
 * Both languages' strings at once, the shell's and every screen's, for tests and the server;
 * the widget loads one language of the shell's (loadLocale) and each screen brings its own.
 */
import de from './locales/de.json';
import en from './locales/en.json';
import type { Messages } from './index';
import { CONTACT_PAGES_STRINGS } from './strings/contactPages';
import { LEAD_STRINGS } from './strings/lead';
import { LEAD_WAITING_STRINGS } from './strings/leadWaiting';
import { PORTAL_STRINGS } from './strings/portal';
import { QA_STRINGS } from './strings/qa';
import { SAVED_SEARCH_STRINGS } from './strings/savedSearch';
import type { ScreenMessages } from './strings/types';

const SCREENS = [
  LEAD_STRINGS,
  LEAD_WAITING_STRINGS,
  SAVED_SEARCH_STRINGS,
  CONTACT_PAGES_STRINGS,
  PORTAL_STRINGS,
  QA_STRINGS,
];

const merged = (language: 'de' | 'en', shell: Messages) =>
  Object.assign({}, shell, ...SCREENS.map((s) => s[language])) as Messages & ScreenMessages;

export const BUNDLED: Record<'de' | 'en', Messages & ScreenMessages> = {
  de: merged('de', de),
  en: merged('en', en),
};
