/** What the inbox API answers: the contract's schemas (contract/openapi.ts, /agency/api). */
import {
  HANDLINGS as CONTRACT_HANDLINGS,
  SUBMISSION_KINDS,
  type Handling,
  type SubmissionKind,
} from '../../contract/agency';
import type { components } from '../../contract/types';

type Schemas = components['schemas'];
export type Submission = Schemas['AgencySubmission'];
export type InboxRow = Schemas['InboxRow'];
export type Delivery = Schemas['Delivery'];
export type ConsentEvent = Schemas['ConsentEvent'];
export type ConsentNow = Schemas['ConsentNow'];
export type ConsentBox = ConsentEvent['box'];
export type SubmissionDetail = Schemas['SubmissionDetail'];
export type { Handling, SubmissionKind };

export const KINDS: readonly SubmissionKind[] = SUBMISSION_KINDS;
export const HANDLINGS: readonly Handling[] = CONTRACT_HANDLINGS;

export interface Filter {
  kind: SubmissionKind | '';
  handling: Handling | '';
  confirmed: '' | 'true' | 'false';
  from: string;
  to: string;
  q: string;
}

export const EMPTY_FILTER: Filter = {
  kind: '',
  handling: '',
  confirmed: '',
  from: '',
  to: '',
  q: '',
};

/** The filter as query parameters (the list's and the CSV export's). */
export function filterQuery(filter: Filter): Record<string, string> {
  return Object.fromEntries(
    Object.entries(filter).filter(([, value]) => value !== '' && value.trim() !== ''),
  );
}
