import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { FieldDefinition } from './definitions';

export interface FieldsState {
  /** Definitions by field id, once loaded (from the cache or the backend). */
  definitions: Record<string, FieldDefinition>;
  status: 'idle' | 'loading' | 'failed';
}

const initialState: FieldsState = { definitions: {}, status: 'idle' };

const fieldsSlice = createSlice({
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
export default fieldsSlice.reducer;
