import { createSlice, nanoid, type PayloadAction } from '@reduxjs/toolkit';
import type { MessageKey } from '../i18n';

export type MessageSeverity = 'info' | 'success' | 'error';

/**
 * A user message. Messages are kept as i18n keys (rendered by t()) so a recorded action log
 * replays in any language; `text` carries a server's own message, rendered as plain text.
 */
export interface UserMessage {
  id: string;
  severity: MessageSeverity;
  key: MessageKey;
  params?: Record<string, string>;
  text?: string;
}

export interface UiState {
  /** Calls under way; global loading while nonzero. */
  pendingCalls: number;
  messages: UserMessage[];
}

const initialState: UiState = { pendingCalls: 0, messages: [] };
const MAX_MESSAGES = 5;

export const uiSlice = createSlice({
  name: 'ui',
  initialState,
  reducers: {
    apiCallStarted(state) {
      state.pendingCalls += 1;
    },
    apiCallSettled(state) {
      state.pendingCalls = Math.max(0, state.pendingCalls - 1);
    },
    messageShown: {
      reducer(state, action: PayloadAction<UserMessage>) {
        state.messages.push(action.payload);
        if (state.messages.length > MAX_MESSAGES) state.messages.shift();
      },
      prepare(message: Omit<UserMessage, 'id'>) {
        return { payload: { ...message, id: nanoid(8) } };
      },
    },
    messageDismissed(state, action: PayloadAction<string>) {
      state.messages = state.messages.filter((m) => m.id !== action.payload);
    },
  },
});

export const { apiCallStarted, apiCallSettled, messageShown, messageDismissed } = uiSlice.actions;
export default uiSlice.reducer;
