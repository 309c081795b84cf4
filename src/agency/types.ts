/** What the inbox API answers: the contract's schemas (contract/openapi.ts, /agency/api). */
import {
  HANDLINGS as CONTRACT_HANDLINGS,
  SUBMISSION_KINDS,
  type Handling,
  type SubmissionKind,
} from '../../contract/agency';
import { isDay } from '../../contract/days';
import type { components } from '../../contract/types';

type Schemas = components['schemas'];
export type Submission = Schemas['AgencySubmission'];
export type InboxRow = Schemas['InboxRow'];
export type Delivery = Schemas['Delivery'];
export type ConsentEvent = Schemas['ConsentEvent'];
export type ConsentNow = Schemas['ConsentNow'];
export type ConsentBox = ConsentEvent['box'];
export type SubmissionDetail = Schemas['SubmissionDetail'];
export type Note = Schemas['Note'];
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
  /** 'true': only what the signed-in staff member has not read. */
  unread: '' | 'true';
  /** '': anyone's; 'me', 'none' (nobody's), or a staff address. */
  assignee: string;
}

export const EMPTY_FILTER: Filter = {
  kind: '',
  handling: '',
  confirmed: '',
  from: '',
  to: '',
  q: '',
  unread: '',
  assignee: '',
};

/** The filter as query parameters (the list's and the CSV export's). */
export function filterQuery(filter: Filter): Record<string, string> {
  return Object.fromEntries(
    Object.entries(filter).filter(([, value]) => value !== '' && value.trim() !== ''),
  );
}

/** What is wrong with a filter's days: a field with no day the inbox takes, or a period backwards. */
export interface FilterProblems {
  from?: 'badDay';
  to?: 'badDay' | 'badPeriod';
}

/** The problems of `filter`'s days (none: the list may be asked for). */
export function filterProblems(filter: Pick<Filter, 'from' | 'to'>): FilterProblems {
  const problems: FilterProblems = {};
  if (filter.from && !isDay(filter.from)) problems.from = 'badDay';
  if (filter.to && !isDay(filter.to)) problems.to = 'badDay';
  else if (!problems.from && filter.from && filter.to && filter.from > filter.to)
    problems.to = 'badPeriod';
  return problems;
}

export const hasProblems = (problems: FilterProblems) => Object.keys(problems).length > 0;
