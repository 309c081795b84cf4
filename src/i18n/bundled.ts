/** Both languages' strings at once, for tests and the server; the widget loads one (loadLocale). */
import de from './locales/de.json';
import en from './locales/en.json';
import type { Messages } from './index';

export const BUNDLED: Record<'de' | 'en', Messages> = { de, en };
