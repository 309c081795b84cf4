import type { RootState } from './store';

/** A valid init arrived and the strings of its language are loaded. */
export const selectInitialised = (state: RootState) =>
  state.host.status === 'ready' && state.host.appliedLanguage === state.host.config.language;
export const selectLoading = (state: RootState) => state.ui.pendingCalls > 0;
export const selectConfig = (state: RootState) => state.host.config;
export const selectLanguage = (state: RootState) => state.host.config.language;
export const selectMessages = (state: RootState) => state.ui.messages;
