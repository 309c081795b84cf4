/** The contact page as the shell loads it: its screen, its slice and saga. */
import type { Feature } from '../../app/store';
import { CONTACT_PAGES_STRINGS } from '../../i18n/strings/contactPages';
import { contactMessageSaga } from './sagas';
import { contactMessageSlice } from './slice';

export { ContactMessage as Screen } from './ContactMessage';

export const feature: Feature = {
  slices: [contactMessageSlice],
  sagas: [contactMessageSaga],
  strings: [CONTACT_PAGES_STRINGS],
};
