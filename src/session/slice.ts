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
  },
  extraReducers: (builder) => {
    builder.addCase(initAccepted, (state, action) => {
      if (action.payload.nonce) state.auth.authenticationToken = action.payload.nonce;
    });
  },
});

export const { nonceReceived } = sessionSlice.actions;
export default sessionSlice.reducer;
