import { all, call, getContext, spawn } from 'redux-saga/effects';
import { hostSaga } from '../host/sagas';
import type { AppEnv } from './env';
import type { Saga } from './saga';
import { uiSaga } from './uiSagas';

/** The shell's sagas; each screen's start when its chunk loads (store.startFeature). */
const sagas = [hostSaga, uiSaga];

/** Each saga runs on its own: one crashing is logged and does not take the others down. */
export function* rootSaga(): Saga {
  const env: AppEnv = yield getContext('env');
  yield all(
    sagas.map((saga) =>
      spawn(function* () {
        try {
          yield call(saga);
        } catch (error) {
          env.log(`saga ${saga.name} failed`, error);
        }
      }),
    ),
  );
}
