/** The address search of the location picker (product 2.2.1) and the map's pin (2.2.4). */
import { createSlice, type PayloadAction, type WithSlice } from '@reduxjs/toolkit';
import { rootReducer } from '../../app/store';
import { redactPayloads, textKeys, textPayload } from '../../qa/payloadRules';
import type { Address } from './address';

export interface GeocoderState {
  text: string;
  status: 'idle' | 'loading' | 'done' | 'failed';
  /** Suggestions for `answeredText`; never those of an older search. */
  suggestions: Address[];
  answeredText: string;
  /** Whether the box shows an address's line (chosen, or shown again), not a visitor's search. */
  showsAddress: boolean;
}

const initialState: GeocoderState = {
  text: '',
  status: 'idle',
  suggestions: [],
  answeredText: '',
  showsAddress: false,
};

/** Searches start at this many characters; fewer give no useful place. */
export const MIN_SEARCH_LENGTH = 2;

export const geocoderSlice = createSlice({
  name: 'geocoder',
  initialState,
  reducers: {
    searchTextChanged(state, action: PayloadAction<string>) {
      state.text = action.payload;
      state.showsAddress = false;
      const searchable = action.payload.trim().length >= MIN_SEARCH_LENGTH;
      state.status = searchable ? 'loading' : 'idle';
      if (!searchable) {
        state.suggestions = [];
        state.answeredText = '';
      }
    },
    suggestionsReceived(state, action: PayloadAction<{ text: string; items: Address[] }>) {
      // A stale answer (the text changed meanwhile) is never shown.
      if (action.payload.text !== state.text) return;
      state.status = 'done';
      state.suggestions = action.payload.items;
      state.answeredText = action.payload.text;
    },
    searchFailed(state, action: PayloadAction<{ text: string }>) {
      if (action.payload.text !== state.text) return;
      state.status = 'failed';
      state.suggestions = [];
    },
    searchCleared(state) {
      Object.assign(state, initialState);
    },
    /** A suggestion was taken: the box shows its line, the list closes. */
    suggestionChosen(state, action: PayloadAction<{ address: Address; line: string }>) {
      Object.assign(state, initialState, { text: action.payload.line, showsAddress: true });
    },
    /**
     * The box shows an address's line, no search: one chosen before (a draft restored after a
     * reload), the pin's, or the address fields' as the visitor edits them under a chosen line.
     */
    lineShown(state, action: PayloadAction<string>) {
      Object.assign(state, initialState, {
        text: action.payload,
        showsAddress: action.payload !== '',
      });
    },
    /** The visitor put the pin on the map (click, drag or keyboard). */
    pointPlaced(_state, _action: PayloadAction<{ lat: number; lng: number }>) {},
    pointResolved(_state, _action: PayloadAction<Address>) {},
    pointUnresolved(_state, _action: PayloadAction<{ lat: number; lng: number }>) {},
  },
});

export const {
  searchTextChanged,
  suggestionsReceived,
  searchFailed,
  searchCleared,
  suggestionChosen,
  lineShown,
  pointPlaced,
  pointResolved,
  pointUnresolved,
} = geocoderSlice.actions;

declare module '../../app/store' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- module augmentation
  export interface LazyLoadedSlices extends WithSlice<typeof geocoderSlice> {}
}

/** Injected when the first screen that uses it loads. */
export const selectGeocoder = geocoderSlice.injectInto(rootReducer).selectSlice;

// QA logs: the typed search text and the chosen line are personal; address parts go by key.
redactPayloads({
  [searchTextChanged.type]: textPayload,
  [suggestionsReceived.type]: textKeys('text'),
  [searchFailed.type]: textKeys('text'),
  [suggestionChosen.type]: textKeys('line'),
  [lineShown.type]: textPayload,
});
