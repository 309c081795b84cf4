/** What the inbox API answers (server/agency/routes.ts; the submission is the contract's AgencySubmission). */
import type { components } from '../../contract/types';

export type Submission = components['schemas']['AgencySubmission'];
export type SubmissionKind = Submission['kind'];
export type Handling = Submission['handling'];

export const KINDS: readonly SubmissionKind[] = [
  'lead',
  'savedSearch',
  'exposeInquiry',
  'contact',
  'newsletter',
];
export const HANDLINGS: readonly Handling[] = ['new', 'inProgress', 'done', 'spam'];

export interface InboxRow {
  id: number;
  uuid: string;
  kind: SubmissionKind;
  name: string;
  email: string;
  place: string;
  confirmed: boolean;
  handling: Handling;
  createdAt: string;
}

export interface Delivery {
  id: number;
  channel: 'mail' | 'webhook';
  kind: string;
  recipient: string;
  status: 'pending' | 'sent' | 'failed';
  attempts: number;
  nextAttemptAt: string;
  lastError: string | null;
  createdAt: string;
  sentAt: string | null;
}

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
