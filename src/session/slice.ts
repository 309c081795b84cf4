import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import { initAccepted } from '../host/slice';

export interface SessionState {
  user: { loggedIn: boolean; email: string | null };
  auth: { loginError: boolean; authenticationToken: string | null };
}

const initialState: SessionState = {
  user: { loggedIn: false, email: null },
  auth: { loginError: false, authenticationToken: null },
};

export const sessionSlice = createSlice({
  name: 'session',
  initialState,
  reducers: {
    /** The backend handed out a fresh nonce (response header or nonce call). */
    nonceReceived(state, action: PayloadAction<string>) {
      state.auth.authenticationToken = action.payload;
    },
    /** product 4.7: a login key was accepted, or the current user was fetched. */
    loggedIn(state, action: PayloadAction<{ email: string }>) {
      state.user = { loggedIn: true, email: action.payload.email };
      state.auth.loginError = false;
    },
    /** A login key was refused (product 8.3). */
    loginFailed(state) {
      state.auth.loginError = true;
    },
    /** product 4.7: logout, or a 403 from the backend: nothing of the contact stays. */
    loggedOut(state) {
      state.user = { loggedIn: false, email: null };
      state.auth.authenticationToken = null;
    },
  },
  extraReducers: (builder) => {
    builder.addCase(initAccepted, (state, action) => {
      if (action.payload.nonce) state.auth.authenticationToken = action.payload.nonce;
    });
  },
});

export const { nonceReceived, loggedIn, loginFailed, loggedOut } = sessionSlice.actions;
export default sessionSlice.reducer;
