/**
 * The portal's session machine (spec 2.7, 4): starting (a key to use, or the current user to
 * fetch), logged out (the login form), logged in (the tabbed home). Pure: the slice asks it.
 */
export type Phase = 'starting' | 'loggedOut' | 'loggedIn';

export type SessionEvent = { type: 'LOGGED_IN' } | { type: 'LOGGED_OUT' } | { type: 'NO_SESSION' };

export function sessionTransition(phase: Phase, event: SessionEvent): Phase | null {
  switch (event.type) {
    case 'LOGGED_IN':
      return phase === 'loggedIn' ? null : 'loggedIn';
    case 'LOGGED_OUT':
      return phase === 'loggedOut' ? null : 'loggedOut';
    case 'NO_SESSION':
      return phase === 'starting' ? 'loggedOut' : null;
  }
}

export type Tab = 'exposeInquiry' | 'savedSearch' | 'account';
/** spec 2.7: the tabs in order; saved searches is the default. */
export const TABS: readonly Tab[] = ['exposeInquiry', 'savedSearch', 'account'];
export const DEFAULT_TAB: Tab = 'savedSearch';

/** spec 4: the disclaimer counts as accepted only with both boxes ticked. */
export const disclaimerAccepted = (customFields: {
  acceptContact: boolean;
  dataPrivacy: boolean;
}) => customFields.acceptContact && customFields.dataPrivacy;
