import type { WithSlice } from '@reduxjs/toolkit';
import { rootReducer } from '../../app/store';
import { createContactPageSlice } from '../../parts/contactPage/slice';

/** The listing-inquiry page (spec 2.4): the contact form with message and 'Ihr Wunsch'. */
export const exposeInquirySlice = createContactPageSlice('exposeInquiry');

declare module '../../app/store' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- module augmentation
  export interface LazyLoadedSlices extends WithSlice<typeof exposeInquirySlice> {}
}

/** Injected when the page's chunk loads. */
export const selectExposeInquiry = exposeInquirySlice.injectInto(rootReducer).selectSlice;
