import { delay, put, takeEvery } from 'redux-saga/effects';
import { SNACKBAR_TIMEOUT_MS } from './constants';
import type { Saga } from './saga';
import { messageDismissed, messageShown } from './uiSlice';

function* dismissLater(action: ReturnType<typeof messageShown>): Saga {
  yield delay(SNACKBAR_TIMEOUT_MS);
  yield put(messageDismissed(action.payload.id));
}

export function* uiSaga(): Saga {
  yield takeEvery(messageShown.type, dismissLater);
}
