/** What the inbox API answers: the contract's schemas (contract/openapi.ts, /agency/api). */
import {
  HANDLINGS as CONTRACT_HANDLINGS,
  SEARCH_MAX,
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
/** A note on another contact's submission that names a contact (shown before its erasure). */
export type NoteMention = Schemas['NoteMention'];
export type SubmissionMatches = Schemas['SubmissionMatches'];
export type MatchedSearch = Schemas['MatchedSearch'];
export type MatchedLead = Schemas['MatchedLead'];
export type MatchedListing = Schemas['MatchedListing'];
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
  /** 'true': only leads with a matching saved search, saved searches with a matching property. */
  matching: '' | 'true';
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
  matching: '',
};

/** What the list is sorted by, and which way (docs/agency.md#sorting). */
export type SortBy = 'date' | 'name' | 'status';
export type SortOrder = 'asc' | 'desc';
export interface ListSort {
  by: SortBy;
  order: SortOrder;
}
export const SORT_BYS: readonly SortBy[] = ['date', 'name', 'status'];
/** Newest first; a name or status sort starts A to Z, new first. */
export const DEFAULT_SORT: ListSort = { by: 'date', order: 'desc' };
export const defaultOrder = (by: SortBy): SortOrder => (by === 'date' ? 'desc' : 'asc');
/** The sort control's choices, in its order. */
export const SORT_CHOICES: readonly ListSort[] = SORT_BYS.flatMap((by): ListSort[] => {
  const first = defaultOrder(by);
  return [
    { by, order: first },
    { by, order: first === 'asc' ? 'desc' : 'asc' },
  ];
});

/** The filter as query parameters (the list's and the CSV export's). */
export function filterQuery(filter: Filter): Record<string, string> {
  return Object.fromEntries(
    Object.entries(filter).filter(([, value]) => value !== '' && value.trim() !== ''),
  );
}

/** The sort as query parameters: none for the default, the order only where not the sort's own. */
export function sortQuery(sort: ListSort): Record<string, string> {
  if (sort.by === DEFAULT_SORT.by && sort.order === DEFAULT_SORT.order) return {};
  return sort.order === defaultOrder(sort.by)
    ? { sort: sort.by }
    : { sort: sort.by, order: sort.order };
}

/** The list's view: what it filters and how it sorts, as the page's address and the API take it. */
export interface ListView {
  filter: Filter;
  sort: ListSort;
}

/** The page address's query of a view ('?kind=lead&sort=name'; '' for the whole list newest first). */
export function viewSearch(view: ListView): string {
  const query = new URLSearchParams({ ...filterQuery(view.filter), ...sortQuery(view.sort) });
  const text = query.toString();
  return text ? `?${text}` : '';
}

const one = <T extends string>(allowed: readonly T[], value: string | null): T | '' =>
  value !== null && (allowed as readonly string[]).includes(value) ? (value as T) : '';

/** An assignee a page address names: 'me', 'none' or an address (the staff list says whose). */
const assigneeOf = (value: string | null) =>
  value !== null &&
  (value === 'me' || value === 'none' || /^[^\s@]{1,64}@[^\s@]{1,189}$/.test(value))
    ? value
    : '';

/**
 * The view a page address names; a parameter the list does not know, or a value it does not
 * take, leaves its field empty (a link kept from elsewhere opens the list, never an error).
 */
export function viewOfSearch(search: string): ListView {
  const query = new URLSearchParams(search);
  const day = (value: string | null) => (value !== null && isDay(value) ? value : '');
  const by = one(SORT_BYS, query.get('sort')) || DEFAULT_SORT.by;
  return {
    filter: {
      kind: one(KINDS, query.get('kind')),
      handling: one(HANDLINGS, query.get('handling')),
      confirmed: one(['true', 'false'] as const, query.get('confirmed')),
      from: day(query.get('from')),
      to: day(query.get('to')),
      // What the search field takes: 100 characters, no control characters.
      q: (query.get('q') ?? '').replace(/\p{Cc}/gu, '').slice(0, SEARCH_MAX),
      unread: one(['true'] as const, query.get('unread')),
      assignee: assigneeOf(query.get('assignee')),
      matching: one(['true'] as const, query.get('matching')),
    },
    sort: { by, order: one(['asc', 'desc'] as const, query.get('order')) || defaultOrder(by) },
  };
}

/**
 * Whether two views name the same list in the page's address (a day the inbox does not take
 * is in none: the field keeps it, pointed out, and the list waits).
 */
export const sameView = (a: ListView, b: ListView) =>
  viewSearch(viewOfSearch(viewSearch(a))) === viewSearch(viewOfSearch(viewSearch(b)));

/** How many of the filter's fields are set (the phone's filter button says it). */
export const activeFilters = (filter: Filter) =>
  Object.values(filter).filter((value) => value.trim() !== '').length;

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
