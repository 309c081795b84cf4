/** The listing-inquiry page as the shell loads it: its screen, its slice and saga, its options. */
import type { Feature } from '../../app/store';
import { CONTACT_PAGES_STRINGS } from '../../i18n/strings/contactPages';
import { offerSlice } from './offer';
import { exposeInquirySaga, exposeListingSaga, inquiryOfferSaga } from './sagas';
import { exposeInquirySlice, exposeListingSlice } from './slice';

export { ExposeInquiry as Screen } from './ExposeInquiry';
export { parseExposeTarget } from './options';

export const feature: Feature = {
  slices: [exposeInquirySlice, exposeListingSlice, offerSlice],
  sagas: [exposeInquirySaga, exposeListingSaga, inquiryOfferSaga],
  strings: [CONTACT_PAGES_STRINGS],
};
