/**
 * A form's submission (product 4.2): editing, loading, sent, error, userError. One
 * Idempotency-Key per submission, kept across retries, so a retry never sends twice.
 */
import { nanoid } from '@reduxjs/toolkit';
import { rowFor, type Row, type Table } from '../machine/table';

export type SubmitStatus = 'editing' | 'loading' | 'sent' | 'error' | 'userError';

export type SubmissionEvent =
  { type: 'SUBMIT' } | { type: 'SUCCEEDED' } | { type: 'FAILED' } | { type: 'INVALID' };

/** The statuses in which the form may still change; sending or sent, it stays as it is. */
export const OPEN: readonly SubmitStatus[] = ['editing', 'error', 'userError'];

/**
 * The submission's rows; `ready` names the guards that must hold to send (a one-step page has
 * none, a wizard its own).
 */
export const submissionRows = <Guard extends string>(
  ready: readonly Guard[],
): Row<SubmitStatus, SubmissionEvent['type'], Guard, never>[] => [
  { from: OPEN, on: 'SUBMIT', when: ready, to: 'loading' },
  { from: ['loading'], on: 'SUCCEEDED', to: 'sent' },
  { from: ['loading'], on: 'FAILED', to: 'error' },
  { from: OPEN, on: 'INVALID', to: 'userError' },
];

/** Every status, for the tests that walk the table. */
export const SUBMIT_STATUSES: readonly SubmitStatus[] = [
  'editing',
  'loading',
  'sent',
  'error',
  'userError',
];

/**
 * A one-step page's submission: it may send whenever it is open. It starts where its first row
 * starts ('editing'), so it needs no list of states to be drawn.
 */
export const SUBMISSION_TABLE: Table<SubmitStatus, SubmissionEvent['type']> = {
  rows: submissionRows([]),
};

/** The status after an event on a one-step page, or null when the table allows none. */
export const submissionTransition = (status: SubmitStatus, event: SubmissionEvent) =>
  rowFor(SUBMISSION_TABLE, {}, status, null, event)?.to ?? null;

/**
 * A submission's Idempotency-Key: the time it was made (milliseconds in 9 base-36 digits, so
 * keys sort by time) and 21 random characters. The server keeps the keys in an index, where a
 * time-ordered key lands at the end instead of on a random page.
 */
export const newSubmissionKey = (at: number) =>
  Math.max(0, Math.floor(at)).toString(36).padStart(9, '0') + nanoid(21);

/**
 * The i18n key shown above the form for a status, if any (product 8.1, 8.2, 8.18). A send that
 * found no connection ('error' with `offline`) says so, and that nothing is lost; it is the
 * form's one message (no snackbar beside it), and the send is made again once the browser is
 * back online.
 */
export const SUBMISSION_ERRORS = {
  error: 'errors.generic',
  userError: 'errors.userError',
  offline: 'errors.submitOffline',
} as const;

/** A send's call options: a lost connection is the form's own message, not the snackbar's. */
export const SUBMIT_CALL = { hideError: 'network' } as const;

/** How a failed send is reported to its slice: whether the connection was what failed, and the server's code. */
export interface SubmitFailure {
  offline?: boolean;
  code?: string | null;
}

/** Whether a form's failed send waits for the connection (and is sent again once online). */
export const waitsForConnection = (form: { status: SubmitStatus; error: string | null }) =>
  form.status === 'error' && form.error === SUBMISSION_ERRORS.offline;

/** The message of a failed send. */
export const failureMessage = (failure?: SubmitFailure) =>
  failure?.offline ? SUBMISSION_ERRORS.offline : SUBMISSION_ERRORS.error;
