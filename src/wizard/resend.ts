/**
 * A send that found no connection is made again when the browser reports it is back online,
 * or, while the browser says it is online (the server was out of reach), after 5 s, 15 s and
 * then every minute: the same request, with the same Idempotency-Key (the slice keeps it until
 * the send succeeds), so nothing is sent twice. Nothing happens when the visitor has sent again
 * (or left) first.
 */
import type { Action } from '@reduxjs/toolkit';
import { call, delay, getContext, put, race, select } from 'redux-saga/effects';
import type { AppEnv } from '../app/env';
import type { Saga } from '../app/saga';
import type { RootState } from '../app/store';

/**
 * Resolves at the window's next 'online' event. (A plain promise, not an event channel: the
 * screen's chunk needs nothing more of redux-saga's core.) Cancelled, it takes its listener.
 */
function* nextOnline(target: AppEnv['messages']): Saga {
  let online = () => {};
  try {
    yield call(
      () =>
        new Promise<void>((resolve) => {
          online = resolve;
          target.addEventListener('online', online);
        }),
    );
  } finally {
    target.removeEventListener('online', online);
  }
}

/** The waits before a send the server did not answer is made again, the last repeated. */
const RETRY_MS = [5_000, 15_000, 60_000];

/**
 * Run it (takeLatest) on each failed send: `waiting` says whether the send still waits for the
 * connection, `resend` makes the action that sends it (from the state then).
 */
export function resendWhenOnline(
  waiting: (state: RootState) => boolean,
  resend: (state: RootState) => Action,
) {
  let tries = 0;
  return function* (): Saga {
    if (!(yield select(waiting))) return;
    const env: AppEnv = yield getContext('env');
    const online = call(nextOnline, env.messages);
    yield navigator.onLine
      ? race([online, delay(RETRY_MS[Math.min(tries++, RETRY_MS.length - 1)]!)])
      : online;
    if (yield select(waiting)) yield put(yield select(resend));
  };
}
