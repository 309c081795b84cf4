/** The portal's session machine (product 2.7, 4.7), every state and event. */
import { matrix } from '../../../test/tables';
import { SESSION_TABLE, sessionTransition } from './machine';

describe('the portal session machine', () => {
  it('goes from each phase on each event where the table says, and nowhere else', () => {
    expect(
      matrix(
        SESSION_TABLE,
        ['starting', 'loggedOut', 'loggedIn'],
        ['OPENED', 'LOGGED_IN', 'LOGGED_OUT', 'NO_SESSION'],
      ),
    ).toEqual({
      starting: {
        OPENED: null,
        LOGGED_IN: 'loggedIn',
        LOGGED_OUT: 'loggedOut',
        NO_SESSION: 'loggedOut',
      },
      loggedOut: { OPENED: 'starting', LOGGED_IN: 'loggedIn', LOGGED_OUT: null, NO_SESSION: null },
      loggedIn: { OPENED: null, LOGGED_IN: null, LOGGED_OUT: 'loggedOut', NO_SESSION: null },
    });
    expect(sessionTransition('loggedIn', { type: 'OPENED' })).toBeNull();
  });
});
