/**
 * The portal's session machine (product 2.7, 4.7): starting (a key to use, or the current user
 * to fetch), logged out (the login form), logged in (the tabbed home), as a table. Pure: the
 * slice asks it and applies what it answers.
 */
import { rowFor, type Table } from '../../machine/table';

export type Phase = 'starting' | 'loggedOut' | 'loggedIn';

export type SessionEvent =
  { type: 'OPENED' } | { type: 'LOGGED_IN' } | { type: 'LOGGED_OUT' } | { type: 'NO_SESSION' };

export const SESSION_TABLE: Table<Phase, SessionEvent['type']> = {
  states: ['starting', 'loggedOut', 'loggedIn'],
  rows: [
    // The login route opened again: a logged-out visitor's key or session is looked at anew.
    { from: ['loggedOut'], on: 'OPENED', to: 'starting' },
    { from: ['starting', 'loggedOut'], on: 'LOGGED_IN', to: 'loggedIn' },
    { from: ['starting', 'loggedIn'], on: 'LOGGED_OUT', to: 'loggedOut' },
    // No session and no key (or a key refused): the login form.
    { from: ['starting'], on: 'NO_SESSION', to: 'loggedOut' },
  ],
};

export const sessionTransition = (phase: Phase, event: SessionEvent): Phase | null =>
  rowFor(SESSION_TABLE, {}, phase, null, event)?.to ?? null;

export type Tab = 'exposeInquiry' | 'savedSearch' | 'account';
/** product 2.7.4: the tabs in order; saved searches is the default. */
export const TABS: readonly Tab[] = ['exposeInquiry', 'savedSearch', 'account'];
export const DEFAULT_TAB: Tab = 'savedSearch';

/** product 4.13: the disclaimer counts as accepted only with both boxes ticked. */
export const disclaimerAccepted = (customFields: {
  acceptContact: boolean;
  dataPrivacy: boolean;
}) => customFields.acceptContact && customFields.dataPrivacy;
