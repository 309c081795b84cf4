/**
 * The saved search a listing inquiry offers (docs/matching.md, 'A search from an inquiry'):
 * its state machine as a table and the slice that applies it, holding the proposal the
 * backend answers (checked by `proposalOf`, which comes with the offer's view: proposal.ts).
 * The offer has its own consents and its own Idempotency-Key: the inquiry's consent does not
 * cover a saved search.
 */
import { createSlice, type PayloadAction, type WithSlice } from '@reduxjs/toolkit';
import type { components } from '../../../contract/types';
import { rootReducer } from '../../app/store';
import type { MessageKey } from '../../i18n';
import { rowFor, type Table } from '../../machine/table';
import { failureMessage, newSubmissionKey, type SubmitFailure } from '../../wizard/submission';
import { exposeInquirySlice } from './slice';

export type SearchProposal = components['schemas']['SearchProposal'];

export type OfferStatus = 'none' | 'offered' | 'sending' | 'sent' | 'failed' | 'declined';
type OfferEvent = 'PROPOSED' | 'SEND' | 'SUCCEEDED' | 'FAILED' | 'DECLINED' | 'CLEARED';
type OfferGuard = 'consented';

const ALL: readonly OfferStatus[] = ['none', 'offered', 'sending', 'sent', 'failed', 'declined'];

/**
 * The offer: shown once the inquiry's answer proposes a search; sent only with both consents
 * (without them the row asks for them and stays); a failed send may be sent again or declined;
 * a new inquiry clears it.
 */
export const OFFER_TABLE: Table<OfferStatus, OfferEvent, OfferGuard, 'askConsent'> = {
  states: ALL,
  rows: [
    { from: ['none'], on: 'PROPOSED', to: 'offered' },
    { from: ['offered', 'failed'], on: 'SEND', when: ['consented'], to: 'sending' },
    { from: ['offered', 'failed'], on: 'SEND', does: 'askConsent' },
    { from: ['sending'], on: 'SUCCEEDED', to: 'sent' },
    { from: ['sending'], on: 'FAILED', to: 'failed' },
    { from: ['offered', 'failed'], on: 'DECLINED', to: 'declined' },
    { from: ALL, on: 'CLEARED', to: 'none' },
  ],
};

export interface OfferConsents {
  dataPrivacy: boolean;
  acceptContact: boolean;
}

export interface OfferState {
  status: OfferStatus;
  proposal: SearchProposal | null;
  consents: OfferConsents;
  /** 'Send' was asked without both consents: the boxes say so. */
  consentMissing: boolean;
  /** The same for every retry of the offer's one submission (Idempotency-Key). */
  submissionKey: string;
  error: MessageKey | null;
}

const initialOfferState: OfferState = {
  status: 'none',
  proposal: null,
  consents: { dataPrivacy: false, acceptContact: false },
  consentMissing: false,
  submissionKey: '',
  error: null,
};

const GUARDS = {
  consented: (state: OfferState) => state.consents.dataPrivacy && state.consents.acceptContact,
};

/** Applies an event: the row's change and state; false when the table allows none. */
function apply(state: OfferState, type: OfferEvent): boolean {
  const row = rowFor(OFFER_TABLE, GUARDS, state.status, state, { type });
  if (!row) return false;
  if (row.does === 'askConsent') state.consentMissing = true;
  if (row.to) state.status = row.to;
  return true;
}

export const offerSlice = createSlice({
  name: 'inquiryOffer',
  initialState: initialOfferState,
  reducers: {
    /** The inquiry was sent: its answer's proposal (null: no offer). */
    proposed: {
      reducer(state, action: PayloadAction<{ proposal: SearchProposal | null; key: string }>) {
        if (!action.payload.proposal) return;
        if (!apply(state, 'PROPOSED')) return;
        state.proposal = action.payload.proposal;
        state.submissionKey = action.payload.key;
      },
      prepare(proposal: SearchProposal | null, at: number) {
        return { payload: { proposal, key: newSubmissionKey(at) } };
      },
    },
    consentChanged(state, action: PayloadAction<{ name: keyof OfferConsents; checked: boolean }>) {
      if (state.status !== 'offered' && state.status !== 'failed') return;
      state.consents[action.payload.name] = action.payload.checked;
      if (GUARDS.consented(state)) state.consentMissing = false;
    },
    sendRequested(state) {
      if (apply(state, 'SEND') && state.status === 'sending') state.error = null;
    },
    sendSucceeded(state) {
      apply(state, 'SUCCEEDED');
    },
    sendFailed(state, action: PayloadAction<SubmitFailure>) {
      if (apply(state, 'FAILED')) state.error = failureMessage(action.payload);
    },
    declined(state) {
      apply(state, 'DECLINED');
    },
  },
  extraReducers: (builder) => {
    // A new inquiry (another listing, or a new visit after a sent one) starts without an offer.
    builder.addCase(exposeInquirySlice.actions.opened, (state) => {
      if (apply(state, 'CLEARED')) Object.assign(state, initialOfferState);
    });
  },
});

declare module '../../app/store' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- module augmentation
  export interface LazyLoadedSlices extends WithSlice<typeof offerSlice> {}
}

/** Injected when the page's chunk loads. */
export const selectOffer = offerSlice.injectInto(rootReducer).selectSlice;
