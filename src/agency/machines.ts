/**
 * The inbox's machines as tables (docs/machines.md draws them): the staff session, the list
 * (loading, empty, error, a list), a loaded part (a submission's detail, its matches, the
 * funnel) and a status change. Pure: the slice asks them and applies what they answer.
 */
import { rowFor, type Table } from '../machine/table';

export type SessionPhase = 'starting' | 'signedOut' | 'signedIn';

export const SESSION_TABLE: Table<SessionPhase, 'SIGNED_IN' | 'SIGNED_OUT'> = {
  states: ['starting', 'signedOut', 'signedIn'],
  rows: [
    { from: ['starting', 'signedOut', 'signedIn'], on: 'SIGNED_IN', to: 'signedIn' },
    // A session that ended (signed out, or a 403 on any call): the sign-in form, nothing kept.
    { from: ['starting', 'signedOut', 'signedIn'], on: 'SIGNED_OUT', to: 'signedOut' },
  ],
};

export type ListStatus = 'idle' | 'loading' | 'list' | 'empty' | 'error';
export type ListEvent =
  { type: 'REQUESTED' } | { type: 'MORE' } | { type: 'LOADED'; rows: number } | { type: 'FAILED' };

/** The list of submissions: asked again on every filter, one page more on 'Weitere laden'. */
export const LIST_TABLE: Table<ListStatus, ListEvent['type'], 'hasMore' | 'hasRows'> = {
  states: ['idle', 'loading', 'list', 'empty', 'error'],
  rows: [
    { from: ['idle', 'loading', 'list', 'empty', 'error'], on: 'REQUESTED', to: 'loading' },
    { from: ['list', 'error'], on: 'MORE', when: ['hasMore'], to: 'loading' },
    { from: ['loading'], on: 'LOADED', when: ['hasRows'], to: 'list' },
    { from: ['loading'], on: 'LOADED', to: 'empty' },
    { from: ['loading'], on: 'FAILED', to: 'error' },
  ],
};

export const listGuards = {
  /** The server named a next page. */
  hasMore: (list: { next: string | null }) => list.next !== null,
  /** The list shows rows once the page arrived (those before it, appended). */
  hasRows: (_list: unknown, event: ListEvent) => event.type === 'LOADED' && event.rows > 0,
};

export const listTransition = (
  list: { status: ListStatus; next: string | null },
  event: ListEvent,
) => rowFor(LIST_TABLE, listGuards, list.status, list, event)?.to ?? null;

export type LoadStatus = 'idle' | 'loading' | 'done' | 'failed';

/** A part loaded on demand: a submission's detail, its matches, the funnel for a period. */
export const LOAD_TABLE: Table<LoadStatus, 'REQUESTED' | 'LOADED' | 'FAILED'> = {
  states: ['idle', 'loading', 'done', 'failed'],
  rows: [
    { from: ['idle', 'loading', 'done', 'failed'], on: 'REQUESTED', to: 'loading' },
    { from: ['loading'], on: 'LOADED', to: 'done' },
    { from: ['loading'], on: 'FAILED', to: 'failed' },
  ],
};

export type HandlingStatus = 'idle' | 'saving' | 'saved' | 'failed';

/** A submission's status (neu, in Bearbeitung, …) being set: announced once saved. */
export const HANDLING_TABLE: Table<HandlingStatus, 'CHOSEN' | 'SAVED' | 'FAILED' | 'SUPERSEDED'> = {
  states: ['idle', 'saving', 'saved', 'failed'],
  rows: [
    { from: ['idle', 'saving', 'saved', 'failed'], on: 'CHOSEN', to: 'saving' },
    { from: ['saving'], on: 'SAVED', to: 'saved' },
    { from: ['saving'], on: 'FAILED', to: 'failed' },
    // Another change on the same line was chosen: its 'saved' no longer speaks for the line.
    { from: ['saved'], on: 'SUPERSEDED', to: 'idle' },
  ],
};

/** The state a flat table's event leads to from `state`, or `state` when it allows none. */
export function next<State extends string, Event extends string>(
  table: Table<State, Event>,
  state: State,
  type: Event,
): State {
  return rowFor(table, {}, state, null, { type })?.to ?? state;
}
