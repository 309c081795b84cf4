import { all, call, getContext, spawn } from 'redux-saga/effects';
import { hostSaga } from '../host/sagas';
import type { AppEnv } from './env';
import type { Saga } from './saga';
import { uiSaga } from './uiSagas';
import { fieldsSaga } from '../features/fields/sagas';
import { locationSaga } from '../features/location/sagas';
import { leadWizardSaga } from '../features/leadWizard/sagas';

const sagas = [hostSaga, uiSaga, fieldsSaga, locationSaga, leadWizardSaga];

/** Each feature saga runs on its own: one crashing is logged and does not take the others down. */
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
