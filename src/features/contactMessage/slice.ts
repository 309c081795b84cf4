import type { WithSlice } from '@reduxjs/toolkit';
import { rootReducer } from '../../app/store';
import { createContactPageSlice } from '../../parts/contactPage/slice';

/** The contact page (product 2.5): one contact form with its message. */
export const contactMessageSlice = createContactPageSlice('contactMessage');

declare module '../../app/store' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- module augmentation
  export interface LazyLoadedSlices extends WithSlice<typeof contactMessageSlice> {}
}

/** Injected when the page's chunk loads. */
export const selectContactMessage = contactMessageSlice.injectInto(rootReducer).selectSlice;
