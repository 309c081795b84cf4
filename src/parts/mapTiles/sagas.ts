/**
 * Keeps the map consent for the session (read when a map screen starts, written when given)
 * and logs tiles that could not be loaded.
 */
import { getContext, put, takeEvery } from 'redux-saga/effects';
import type { AppEnv } from '../../app/env';
import type { Saga } from '../../app/saga';
import { mapTilesActions as actions } from './slice';

export const CONSENT_KEY = 'immosuite.mapConsent';

function* logFailure(action: ReturnType<typeof actions.tilesFailed>): Saga {
  const env: AppEnv = yield getContext('env');
  env.log('map tiles could not be loaded', action.payload.url);
}

function* keepConsent(): Saga {
  const env: AppEnv = yield getContext('env');
  try {
    env.sessionStore?.setItem(CONSENT_KEY, '1');
  } catch (error) {
    env.log('map consent could not be kept', error);
  }
}

export function* mapTilesSaga(): Saga {
  const env: AppEnv = yield getContext('env');
  try {
    if (env.sessionStore?.getItem(CONSENT_KEY) === '1') yield put(actions.consentRestored());
  } catch (error) {
    env.log('map consent could not be read', error);
  }
  yield takeEvery(actions.tilesFailed.type, logFailure);
  yield takeEvery(actions.consentGiven.type, keepConsent);
}
