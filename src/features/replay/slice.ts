/**
 * The replay player's state machine (decision 17): a log is chosen, read and checked, then
 * played, paused, stepped or sought through. The log itself and the store it plays into stay
 * outside Redux (player.ts); this slice holds what the screen shows.
 */
import { createSlice, type PayloadAction, type WithSlice } from '@reduxjs/toolkit';
import { rootReducer } from '../../app/store';
import type { Divergence } from '../../qa/log';
import { redactPayloads, textKeys } from '../../qa/payloadRules';

export const SPEEDS = [0.5, 1, 2, 4, 0] as const;
/** 0: no pauses between actions. */
export type Speed = (typeof SPEEDS)[number];

export interface LogSummary {
  playerId: string;
  fileName: string;
  route: string;
  appVersion: string;
  startedAt: string;
  total: number;
  dropped: number;
  redacted: boolean;
  /** Whether this build has a screen for the log's route. */
  hasScreen: boolean;
}

export interface ReplayState {
  status: 'empty' | 'reading' | 'invalid' | 'paused' | 'playing' | 'finished';
  error: string | null;
  log: LogSummary | null;
  /** Actions applied to the replayed view. */
  position: number;
  speed: Speed;
  /** Where a reducers-only replay of the whole log departs from its checkpoints. */
  divergences: Divergence[];
}

const initialState: ReplayState = {
  status: 'empty',
  error: null,
  log: null,
  position: 0,
  speed: 1,
  divergences: [],
};

export const replaySlice = createSlice({
  name: 'replay',
  initialState,
  reducers: {
    /** The file's text goes to the saga; the state keeps none of it. */
    fileChosen(state, _action: PayloadAction<{ name: string; text: string }>) {
      Object.assign(state, initialState, { speed: state.speed, status: 'reading' });
    },
    logRejected(state, action: PayloadAction<string>) {
      state.status = 'invalid';
      state.error = action.payload;
    },
    logLoaded(state, action: PayloadAction<{ log: LogSummary; divergences: Divergence[] }>) {
      state.status = action.payload.log.total === 0 ? 'finished' : 'paused';
      state.log = action.payload.log;
      state.divergences = action.payload.divergences;
      state.position = 0;
    },
    playPressed(state) {
      if (state.log && state.status === 'paused') state.status = 'playing';
    },
    pausePressed(state) {
      if (state.status === 'playing') state.status = 'paused';
    },
    stepPressed(state) {
      if (state.status === 'playing') state.status = 'paused';
    },
    seekRequested(state, action: PayloadAction<number>) {
      if (state.status === 'playing') state.status = 'paused';
      if (state.log) state.position = Math.max(0, Math.min(action.payload, state.log.total));
      if (state.log && state.status === 'finished' && state.position < state.log.total)
        state.status = 'paused';
    },
    speedChosen(state, action: PayloadAction<Speed>) {
      if ((SPEEDS as readonly number[]).includes(action.payload)) state.speed = action.payload;
    },
    /** The player applied actions up to `position`. */
    advanced(state, action: PayloadAction<number>) {
      if (!state.log) return;
      state.position = action.payload;
      if (state.position >= state.log.total) state.status = 'finished';
    },
  },
});

export const replayActions = replaySlice.actions;

declare module '../../app/store' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- module augmentation
  export interface LazyLoadedSlices extends WithSlice<typeof replaySlice> {}
}

/** Injected when the replay screen's chunk loads. */
export const selectReplay = replaySlice.injectInto(rootReducer).selectSlice;

// QA logs of the replay page itself: a chosen log's text is not kept.
redactPayloads({ [replaySlice.actions.fileChosen.type]: textKeys('text') });
