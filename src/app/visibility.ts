/** Page visibility for sagas: work that may wait (the session poll) waits while the page is hidden. */
import { eventChannel, type EventChannel } from 'redux-saga';
import { call, getContext, take } from 'redux-saga/effects';
import type { AppEnv } from './env';
import type { Saga } from './saga';

/** Returns at once on a shown page; on a hidden one, once it is shown again. */
export function* whenPageShown(): Saga {
  const env: AppEnv = yield getContext('env');
  if (!env.pageHidden()) return;
  const changes: EventChannel<true> = yield call(() =>
    eventChannel<true>((emit) => env.onVisibilityChange(() => emit(true))),
  );
  try {
    while (env.pageHidden()) yield take(changes);
  } finally {
    changes.close();
  }
}
