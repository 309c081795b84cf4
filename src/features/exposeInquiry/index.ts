/** The listing-inquiry page as the shell loads it: its screen, its slice and saga, its options. */
import type { Feature } from '../../app/store';
import { CONTACT_PAGES_STRINGS } from '../../i18n/strings/contactPages';
import { exposeInquirySaga, exposeListingSaga } from './sagas';
import { exposeInquirySlice, exposeListingSlice } from './slice';

export { ExposeInquiry as Screen } from './ExposeInquiry';
export { parseExposeTarget } from './options';

export const feature: Feature = {
  slices: [exposeInquirySlice, exposeListingSlice],
  sagas: [exposeInquirySaga, exposeListingSaga],
  strings: [CONTACT_PAGES_STRINGS],
};
