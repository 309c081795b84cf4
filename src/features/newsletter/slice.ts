import type { WithSlice } from '@reduxjs/toolkit';
import { rootReducer } from '../../app/store';
import { createContactPageSlice } from '../../parts/contactPage/slice';

/** The newsletter page (product 2.6.1): the contact form with the newsletter box required. */
export const newsletterSlice = createContactPageSlice('newsletter');

declare module '../../app/store' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- module augmentation
  export interface LazyLoadedSlices extends WithSlice<typeof newsletterSlice> {}
}

/** Injected when the page's chunk loads. */
export const selectNewsletter = newsletterSlice.injectInto(rootReducer).selectSlice;
