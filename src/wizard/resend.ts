/**
 * A send that found no connection is made again when the browser reports it is back online:
 * the same request, with the same Idempotency-Key (the slice keeps it until the send succeeds),
 * so nothing is sent twice. Nothing happens when the visitor has sent again (or left) first.
 */
import type { Action } from '@reduxjs/toolkit';
import { call, getContext, put, select } from 'redux-saga/effects';
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

/**
 * Run it (takeLatest) on each failed send: `waiting` says whether the send still waits for the
 * connection, `resend` makes the action that sends it (from the state then).
 */
export function resendWhenOnline(
  waiting: (state: RootState) => boolean,
  resend: (state: RootState) => Action,
) {
  return function* (): Saga {
    if (!(yield select(waiting))) return;
    const env: AppEnv = yield getContext('env');
    yield call(nextOnline, env.messages);
    if (yield select(waiting)) yield put(yield select(resend));
  };
}
