import { createSlice, type PayloadAction, type WithSlice } from '@reduxjs/toolkit';
import { rootReducer } from '../../app/store';
import { createContactPageSlice } from '../../parts/contactPage/slice';

/** The listing-inquiry page (product 2.4.2): the contact form with message and 'Ihr Wunsch'. */
export const exposeInquirySlice = createContactPageSlice('exposeInquiry');

/**
 * Whether the page's listing can be asked about: the page asks the backend before it shows
 * its form, so a listing that is gone is said at once (not after the visitor has written).
 */
export interface ExposeListingState {
  objectId: number | null;
  /** 'gone': the backend does not know it; 'open': known, or the answer did not come. */
  status: 'asking' | 'open' | 'gone';
}

export const exposeListingSlice = createSlice({
  name: 'exposeListing',
  initialState: { objectId: null, status: 'asking' } as ExposeListingState,
  reducers: {
    listingAsked(state, action: PayloadAction<number>) {
      if (state.objectId === action.payload) return;
      state.objectId = action.payload;
      state.status = 'asking';
    },
    listingAnswered(state, action: PayloadAction<{ objectId: number; gone: boolean }>) {
      if (state.objectId === action.payload.objectId)
        state.status = action.payload.gone ? 'gone' : 'open';
    },
  },
});

declare module '../../app/store' {
  export interface LazyLoadedSlices
    extends WithSlice<typeof exposeInquirySlice>, WithSlice<typeof exposeListingSlice> {}
}

/** Injected when the page's chunk loads. */
export const selectExposeInquiry = exposeInquirySlice.injectInto(rootReducer).selectSlice;
export const selectExposeListing = exposeListingSlice.injectInto(rootReducer).selectSlice;
