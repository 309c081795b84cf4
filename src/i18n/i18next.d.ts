/** i18n keys are typed from the German strings: `t('typo')` fails the typecheck. */
import 'i18next';
// A type only: the inbox's strings are typed here, and nothing of them reaches the widget.
// eslint-disable-next-line no-restricted-imports
import type agencyDe from '../agency/locales/de.json';
import type de from './locales/de.json';
import type { ScreenMessages } from './strings/types';

declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'translation';
    // The agency inbox's strings are a namespace of their own, in its own bundle.
    resources: { translation: typeof de & ScreenMessages; agency: typeof agencyDe };
  }
}
