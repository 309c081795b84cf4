import { createSlice, type PayloadAction, type WithSlice } from '@reduxjs/toolkit';
import { rootReducer } from '../../app/store';
import type { FieldDefinition } from './definitions';

export interface FieldsState {
  /** Definitions by field id, once loaded (from the cache or the backend). */
  definitions: Record<string, FieldDefinition>;
  status: 'idle' | 'loading' | 'failed';
}

const initialState: FieldsState = { definitions: {}, status: 'idle' };

export const fieldsSlice = createSlice({
  name: 'fields',
  initialState,
  reducers: {
    definitionsRequested(state, _action: PayloadAction<string[]>) {
      state.status = 'loading';
    },
    definitionsLoaded(state, action: PayloadAction<FieldDefinition[]>) {
      for (const definition of action.payload) state.definitions[definition.id] = definition;
      state.status = 'idle';
    },
    definitionsFailed(state) {
      state.status = 'failed';
    },
  },
});

export const { definitionsRequested, definitionsLoaded, definitionsFailed } = fieldsSlice.actions;

declare module '../../app/store' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- module augmentation
  export interface LazyLoadedSlices extends WithSlice<typeof fieldsSlice> {}
}

/** Injected when the first screen that uses it loads. */
export const selectFieldsState = fieldsSlice.injectInto(rootReducer).selectSlice;
