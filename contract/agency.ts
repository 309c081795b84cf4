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

/**
 * Why a delivery's try failed, as the inbox's delivery log says it (the contract's
 * DeliveryError): the server stores a code and its parameters, the inbox words it.
 */
export const DELIVERY_ERROR_CODES = [
  'http_status',
  'timeout',
  'connection_refused',
  'host_not_found',
  'tls',
  'connection_lost',
  'smtp_rejected',
  'smtp_reply',
  'smtp_auth',
  'not_configured',
  'lease_lost',
  'unknown',
] as const;
export type DeliveryErrorCode = (typeof DELIVERY_ERROR_CODES)[number];
