/**
 * Map tiles: the visitor's consent to load them (decision 22), asked only when the init
 * config says `mapConsent: true` and remembered for the session; and tiles that failed.
 */
import { createSlice, type PayloadAction, type WithSlice } from '@reduxjs/toolkit';
import { rootReducer } from '../../app/store';

export const mapTilesSlice = createSlice({
  name: 'mapTiles',
  initialState: { given: false },
  reducers: {
    /** 'Karte laden' was pressed. */
    consentGiven(state) {
      state.given = true;
    },
    /** Given earlier in this session (session storage). */
    consentRestored(state) {
      state.given = true;
    },
    /** product 8.14: a missing map layer is only logged. */
    tilesFailed(_state, _action: PayloadAction<{ url: string }>) {},
  },
});

export const mapTilesActions = mapTilesSlice.actions;

declare module '../../app/store' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- module augmentation
  export interface LazyLoadedSlices extends WithSlice<typeof mapTilesSlice> {}
}

export const selectMapTiles = mapTilesSlice.injectInto(rootReducer).selectSlice;
