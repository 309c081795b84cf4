import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { Language } from '../i18n/language';
import { frameViewportReported } from './actions';
import { DEFAULT_CONFIG, type AppConfig } from './config';
import type { FrameViewport } from './protocol';

export interface HostState {
  /** 'waiting' until a valid init from an allowed origin arrived (product 2.0.2: init gating). */
  status: 'waiting' | 'ready';
  /** The origin that sent the accepted init; every reply goes only there. */
  origin: string | null;
  config: AppConfig;
  /** Config keys the host sent with unusable values (they fell back to defaults). */
  warnings: string[];
  /** The language whose strings are loaded and shown; the route view waits for it. */
  appliedLanguage: Language | null;
  /** No init came within INIT_NOTICE_MS: the progress bar gives way to a notice. */
  initOverdue: boolean;
  /** The part of the frame the visitor sees (the embed script's `viewport`), once known. */
  visible: FrameViewport | null;
}

export interface InitAccepted {
  origin: string;
  config: AppConfig;
  nonce: string | null;
  warnings: string[];
}

const initialState: HostState = {
  status: 'waiting',
  origin: null,
  config: DEFAULT_CONFIG,
  warnings: [],
  appliedLanguage: null,
  initOverdue: false,
  visible: null,
};

export const hostSlice = createSlice({
  name: 'host',
  initialState,
  reducers: {
    /** A valid init arrived. A second init (e.g. a re-sent one) updates the config. */
    initAccepted(state, action: PayloadAction<InitAccepted>) {
      // Once an origin is established, only that origin may re-initialise.
      if (state.origin !== null && state.origin !== action.payload.origin) return;
      state.status = 'ready';
      state.initOverdue = false;
      state.origin = action.payload.origin;
      state.config = action.payload.config;
      state.warnings = action.payload.warnings;
    },
    languageApplied(state, action: PayloadAction<Language>) {
      state.appliedLanguage = action.payload;
    },
    initOverdue(state) {
      if (state.status === 'waiting') state.initOverdue = true;
    },
  },
  extraReducers: (builder) => {
    builder.addCase(frameViewportReported, (state, action) => {
      state.visible = action.payload;
    });
  },
});

export const { initAccepted, languageApplied, initOverdue } = hostSlice.actions;
export default hostSlice.reducer;
