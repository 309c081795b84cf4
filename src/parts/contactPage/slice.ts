/**
 * A one-step contact page (product 2.4–2.6: listing inquiry, contact message, newsletter): the
 * contact form and its submission. Its state machine is the shared submission machine
 * (wizard/submission.ts) with nothing to fill before the form: the slice asks it and applies
 * what it answers. Each page makes its own slice from this one, under its own name.
 */
import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { MessageKey } from '../../i18n';
import {
  failureMessage,
  newSubmissionKey,
  submissionTransition,
  SUBMISSION_ERRORS,
  type SubmissionEvent,
  type SubmitFailure,
  type SubmitStatus,
} from '../../wizard/submission';
import { EMPTY_CONTACT, type ContactValues } from '../contactForm/model';

export interface ContactPageState {
  /** What the page is about (the listing's id on the inquiry page): a draft of another is not restored. */
  scope: string;
  status: SubmitStatus;
  contact: ContactValues;
  /** The same for every retry of one submission (Idempotency-Key). */
  submissionKey: string;
  /** When the visitor began (for the backend's minimum fill time). */
  startedAt: number;
  error: MessageKey | null;
}

/** What a reload brings back (session storage), validated by draft.ts before it arrives. */
export type ContactPageDraft = Omit<ContactPageState, 'error'>;

export const initialContactPageState: ContactPageState = {
  scope: '',
  status: 'editing',
  contact: EMPTY_CONTACT,
  submissionKey: '',
  startedAt: 0,
  error: null,
};

function apply(state: ContactPageState, event: SubmissionEvent): boolean {
  const status = submissionTransition(state.status, event);
  if (status) state.status = status;
  return status !== null;
}

/** Failures a page shows in place of its form (the backend refused what the page is about). */
export const PAGE_REFUSALS = { unknown_object: 'exposeInquiry.unknownObject' } as const;

export function createContactPageSlice<Name extends string>(name: Name) {
  return createSlice({
    name,
    initialState: initialContactPageState,
    reducers: {
      opened: {
        reducer(
          state,
          action: PayloadAction<{ scope: string; message: string; key: string; at: number }>,
        ) {
          const { scope, message, key, at } = action.payload;
          // Another listing, or a new visit after a sent one: a fresh form.
          if (state.scope !== scope || state.status === 'sent') {
            Object.assign(state, initialContactPageState, { scope });
          }
          if (!state.submissionKey) state.submissionKey = key;
          if (!state.startedAt) state.startedAt = at;
          // The configured preset fills an empty message; what the visitor typed stays.
          if (!state.contact.message && message) state.contact.message = message;
        },
        prepare(options: { scope: string; message: string }, at: number) {
          return { payload: { ...options, key: newSubmissionKey(at), at } };
        },
      },
      /** A draft saved in the session came back after a reload (validated by its schema). */
      restored(state, action: PayloadAction<ContactPageDraft>) {
        if (action.payload.scope !== state.scope) return;
        Object.assign(state, action.payload, { error: null });
      },
      contactEdited(state, action: PayloadAction<ContactValues>) {
        state.contact = action.payload;
      },
      submitRequested(state) {
        if (apply(state, { type: 'SUBMIT' })) state.error = null;
      },
      validationFailed(state) {
        if (apply(state, { type: 'INVALID' })) state.error = SUBMISSION_ERRORS.userError;
      },
      submitSucceeded(state) {
        apply(state, { type: 'SUCCEEDED' });
      },
      submitFailed(state, action: PayloadAction<SubmitFailure>) {
        if (!apply(state, { type: 'FAILED' })) return;
        const code = action.payload.code;
        state.error =
          code && code in PAGE_REFUSALS
            ? PAGE_REFUSALS[code as keyof typeof PAGE_REFUSALS]
            : failureMessage(action.payload);
      },
    },
  });
}

export type ContactPageSlice = ReturnType<typeof createContactPageSlice<string>>;
