/** The newsletter page as the shell loads it: its screen, its slice and saga. */
import type { Feature } from '../../app/store';
import { CONTACT_PAGES_STRINGS } from '../../i18n/strings/contactPages';
import { newsletterSaga } from './sagas';
import { newsletterSlice } from './slice';

export { Newsletter as Screen } from './Newsletter';

export const feature: Feature = {
  slices: [newsletterSlice],
  sagas: [newsletterSaga],
  strings: [CONTACT_PAGES_STRINGS],
};
