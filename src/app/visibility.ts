/** Page visibility for sagas: work that may wait (the session poll) waits while the page is hidden. */
import { call, getContext } from 'redux-saga/effects';
import { documentVisibility, nextVisibility } from './documentVisibility';
import type { AppEnv } from './env';
import type { Saga } from './saga';

/** Returns at once on a shown page; on a hidden one, once it is shown again. */
export function* whenPageShown(): Saga {
  const env: AppEnv = yield getContext('env');
  const visibility = env.visibility ?? documentVisibility;
  if (visibility.hidden()) yield call(nextVisibility, visibility, false);
}
