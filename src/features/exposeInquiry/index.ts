/** The listing-inquiry page as the shell loads it: its screen, its slice and saga, its options. */
import type { Feature } from '../../app/store';
import { CONTACT_PAGES_STRINGS } from '../../i18n/strings/contactPages';
import { exposeInquirySaga } from './sagas';
import { exposeInquirySlice } from './slice';

export { ExposeInquiry as Screen } from './ExposeInquiry';
export { parseExposeTarget } from './options';

export const feature: Feature = {
  slices: [exposeInquirySlice],
  sagas: [exposeInquirySaga],
  strings: [CONTACT_PAGES_STRINGS],
};
