/**
 * A wizard's submission (spec 4): editing, loading, sent, error, userError. One
 * Idempotency-Key per submission, kept across retries, so a retry never sends twice.
 */
import { nanoid } from '@reduxjs/toolkit';

export type SubmitStatus = 'editing' | 'loading' | 'sent' | 'error' | 'userError';

export type SubmissionEvent =
  { type: 'SUBMIT' } | { type: 'SUCCEEDED' } | { type: 'FAILED' } | { type: 'INVALID' };

/** Once sent, or while sending, the form stays as it is. */
export const isOpen = (status: SubmitStatus) => status !== 'sent' && status !== 'loading';

/** @param ready whether the wizard may send now (last step, its own guards hold) */
export function submissionTransition(
  status: SubmitStatus,
  event: SubmissionEvent,
  ready: boolean,
): SubmitStatus | null {
  switch (event.type) {
    case 'SUBMIT':
      return isOpen(status) && ready ? 'loading' : null;
    case 'SUCCEEDED':
      return status === 'loading' ? 'sent' : null;
    case 'FAILED':
      return status === 'loading' ? 'error' : null;
    case 'INVALID':
      return isOpen(status) ? 'userError' : null;
  }
}

/** The statuses a reloaded draft may come back in (a send in flight did not finish). */
export const RESTORABLE_STATUSES: readonly SubmitStatus[] = ['editing', 'error', 'userError'];

/**
 * A submission's Idempotency-Key: the time it was made (milliseconds in 9 base-36 digits, so
 * keys sort by time) and 21 random characters. The server keeps the keys in an index, where a
 * time-ordered key lands at the end instead of on a random page.
 */
export const newSubmissionKey = (at: number) =>
  Math.max(0, Math.floor(at)).toString(36).padStart(9, '0') + nanoid(21);

/**
 * The i18n key shown above the form for a status, if any (spec 8). A send that found no
 * connection ('error' with `offline`) says so, and that nothing is lost; it is the form's one
 * message (no snackbar beside it), and the send is made again once the browser is back online.
 */
export const SUBMISSION_ERRORS = {
  error: 'errors.generic',
  userError: 'errors.userError',
  offline: 'errors.submitOffline',
} as const;

/** A send's call options: a lost connection is the form's own message, not the snackbar's. */
export const SUBMIT_CALL = { hideError: 'network' } as const;

/** How a failed send is reported to its slice: whether the connection was what failed. */
export interface SubmitFailure {
  offline?: boolean;
}

/** Whether a form's failed send waits for the connection (and is sent again once online). */
export const waitsForConnection = (form: { status: SubmitStatus; error: string | null }) =>
  form.status === 'error' && form.error === SUBMISSION_ERRORS.offline;

/** The message of a failed send. */
export const failureMessage = (failure?: SubmitFailure) =>
  failure?.offline ? SUBMISSION_ERRORS.offline : SUBMISSION_ERRORS.error;
