/**
 * The agency's words, written once: the contract's schemas of the inbox API, the server's
 * records and the inbox page all read these. Imports nothing.
 */

/** Where the inbox API is served (its paths in the contract start with it). */
export const AGENCY_API = '/agency/api';

/** Every kind of submission, in the order the inbox lists them in its filter. */
export const SUBMISSION_KINDS = [
  'lead',
  'savedSearch',
  'exposeInquiry',
  'contact',
  'newsletter',
] as const;
export type SubmissionKind = (typeof SUBMISSION_KINDS)[number];

/** The status staff give a submission: neu, in Bearbeitung, erledigt, Spam. */
export const HANDLINGS = ['new', 'inProgress', 'done', 'spam'] as const;
export type Handling = (typeof HANDLINGS)[number];

/**
 * A consent's state today: given (and not withdrawn since), withdrawn (given once, taken back
 * since), or none (never given, or not yet confirmed by mail).
 */
export const CONSENT_STATES = ['given', 'withdrawn', 'none'] as const;
export type ConsentState = (typeof CONSENT_STATES)[number];

/** The longest search text of the inbox's list. */
export const SEARCH_MAX = 100;

/** The longest note staff write on a submission, in characters. */
export const NOTE_MAX = 2000;
