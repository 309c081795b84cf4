/** The inbox's machines (docs/machines.md), every state and event. */
import { matrix, walkTable, type Case } from '../../test/tables';
import {
  HANDLING_TABLE,
  LIST_TABLE,
  listGuards,
  LOAD_TABLE,
  next,
  SESSION_TABLE,
  type ListEvent,
  type ListStatus,
} from './machines';

describe('the inbox machines', () => {
  it('signs in from any phase, and out to the sign-in form', () => {
    expect(
      matrix(SESSION_TABLE, ['starting', 'signedOut', 'signedIn'], ['SIGNED_IN', 'SIGNED_OUT']),
    ).toEqual({
      starting: { SIGNED_IN: 'signedIn', SIGNED_OUT: 'signedOut' },
      signedOut: { SIGNED_IN: 'signedIn', SIGNED_OUT: 'signedOut' },
      signedIn: { SIGNED_IN: 'signedIn', SIGNED_OUT: 'signedOut' },
    });
  });

  it('loads the list, shows it, empty or failed, and a further page only when there is one', () => {
    type C = { next: string | null };
    const c = (
      state: ListStatus,
      ctx: C,
      event: ListEvent,
      row: number | null,
    ): Case<ListStatus, C, ListEvent> => ({ state, ctx, event, row });
    const more = { next: 'k120' };
    const last = { next: null };
    const cases = [
      ...LIST_TABLE.states!.map((state) => c(state, last, { type: 'REQUESTED' }, 0)),
      c('list', more, { type: 'MORE' }, 1),
      c('error', more, { type: 'MORE' }, 1),
      c('list', last, { type: 'MORE' }, null),
      c('empty', more, { type: 'MORE' }, null),
      c('loading', more, { type: 'MORE' }, null),
      c('loading', last, { type: 'LOADED', rows: 3 }, 2),
      c('loading', last, { type: 'LOADED', rows: 0 }, 3),
      c('list', last, { type: 'LOADED', rows: 3 }, null),
      c('loading', last, { type: 'FAILED' }, 4),
      c('idle', last, { type: 'FAILED' }, null),
    ];
    expect(walkTable(LIST_TABLE, listGuards, cases)).toEqual({
      wrong: [],
      never: [],
      unrefused: [],
    });
  });

  it('loads a detail or the funnel, and saves a status, each from where the table allows', () => {
    expect(
      matrix(LOAD_TABLE, ['idle', 'loading', 'done', 'failed'], ['REQUESTED', 'LOADED', 'FAILED']),
    ).toEqual({
      idle: { REQUESTED: 'loading', LOADED: null, FAILED: null },
      loading: { REQUESTED: 'loading', LOADED: 'done', FAILED: 'failed' },
      done: { REQUESTED: 'loading', LOADED: null, FAILED: null },
      failed: { REQUESTED: 'loading', LOADED: null, FAILED: null },
    });
    expect(
      matrix(
        HANDLING_TABLE,
        ['idle', 'saving', 'saved', 'failed'],
        ['CHOSEN', 'SAVED', 'FAILED', 'SUPERSEDED'],
      ),
    ).toEqual({
      idle: { CHOSEN: 'saving', SAVED: null, FAILED: null, SUPERSEDED: null },
      saving: { CHOSEN: 'saving', SAVED: 'saved', FAILED: 'failed', SUPERSEDED: null },
      saved: { CHOSEN: 'saving', SAVED: null, FAILED: null, SUPERSEDED: 'idle' },
      failed: { CHOSEN: 'saving', SAVED: null, FAILED: null, SUPERSEDED: null },
    });
    // A late answer leaves the status as it is.
    expect(next(HANDLING_TABLE, 'idle', 'SAVED')).toBe('idle');
  });
});
