/** i18n keys are typed from the German strings: `t('typo')` fails the typecheck. */
import 'i18next';
import type de from './locales/de.json';
import type { ScreenMessages } from './strings/types';

declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'translation';
    resources: { translation: typeof de & ScreenMessages };
  }
}
