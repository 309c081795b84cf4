/** Effects every wizard shares: the host page scrolled on step changes, field definitions refetched. */
import type { Action } from '@reduxjs/toolkit';
import { call, put, select, take } from 'redux-saga/effects';
import type { Saga } from '../app/saga';
import type { RootState } from '../app/store';
import { scrollToTopRequested, stepShown } from '../host/actions';
import { selectFieldsState, type FieldsState } from '../parts/fields/slice';

/**
 * spec 2.1, 2.3: the parent frame scrolls to the top on each step change. Each step shown is
 * told to the host page by its id (the funnel's step beacon, #20): the first once the wizard
 * opens (its order known), then each other.
 */
export function* scrollOnStepChange(
  selectStep: (state: RootState) => number,
  selectStepId: (state: RootState) => string,
  isWizardAction: (action: Action) => boolean,
): Saga {
  let last: number = yield select(selectStep);
  let shown = '';
  for (;;) {
    yield take(isWizardAction);
    const step: number = yield select(selectStep);
    if (step !== last) yield put(scrollToTopRequested());
    last = step;
    const id: string = yield select(selectStepId);
    if (id !== shown) yield put(stepShown(id));
    shown = id;
  }
}

/**
 * Field definitions that failed to load are asked for again when the details step shows, and
 * on its 'Erneut versuchen' (`isRetry`). Run it for each step change and retry (takeLatest).
 */
export function* refetchFailedFields(
  action: Action,
  options: {
    isRetry(action: Action): boolean;
    onDetailsStep(state: RootState): boolean;
    request(): Saga;
  },
): Saga {
  if (!options.isRetry(action)) {
    const fields: FieldsState = yield select(selectFieldsState);
    const onDetails: boolean = yield select(options.onDetailsStep);
    if (fields.status !== 'failed' || !onDetails) return;
  }
  yield call(options.request);
}
