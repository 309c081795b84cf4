/**
 * Lead wizard effects: the session draft (restore and save), field definitions for the chosen
 * category, scrolling the host page on step changes, the submission, and the host save event.
 */
import {
  call,
  debounce,
  getContext,
  put,
  select,
  take,
  takeEvery,
  takeLeading,
} from 'redux-saga/effects';
import type { Action } from '@reduxjs/toolkit';
import { fieldIdsFor } from '../../../contract/catalog';
import { callApi } from '../../app/apiSaga';
import type { AppEnv } from '../../app/env';
import type { Saga } from '../../app/saga';
import type { RootState } from '../../app/store';
import type { ApiResult } from '../../api/client';
import { leadHandedToHost, scrollToTopRequested } from '../../host/actions';
import { definitionsRequested } from '../fields/slice';
import { pointPlaced, pointResolved, pointUnresolved, suggestionChosen } from '../location/slice';
import {
  selectContactPayload,
  selectIsComplete,
  selectLeadPayload,
  selectLeadWizard,
} from './selectors';
import { leadWizardActions as actions, type LeadWizardState } from './slice';

export const DRAFT_KEY = 'immosuite.leadWizard.v1';
const PERSIST_DEBOUNCE_MS = 250;

const LOCATION_EVENTS: readonly string[] = [
  suggestionChosen.type,
  pointPlaced.type,
  pointResolved.type,
  pointUnresolved.type,
];
const isWizardAction = (action: Action) =>
  action.type.startsWith('leadWizard/') || LOCATION_EVENTS.includes(action.type);

function* restoreDraft(): Saga {
  const env: AppEnv = yield getContext('env');
  try {
    const raw = env.sessionStore?.getItem(DRAFT_KEY);
    if (raw) yield put(actions.restored(JSON.parse(raw)));
  } catch (error) {
    env.log('lead wizard draft could not be restored', error);
  }
}

function* saveDraft(): Saga {
  const env: AppEnv = yield getContext('env');
  const state: LeadWizardState = yield select(selectLeadWizard);
  try {
    if (state.status === 'sent') env.sessionStore?.removeItem(DRAFT_KEY);
    else
      env.sessionStore?.setItem(
        DRAFT_KEY,
        JSON.stringify({ ...state, status: state.status === 'loading' ? 'editing' : state.status }),
      );
  } catch (error) {
    env.log('lead wizard draft could not be saved', error);
  }
}

function* requestFields(): Saga {
  const { categoryId }: LeadWizardState = yield select(selectLeadWizard);
  if (categoryId !== null) yield put(definitionsRequested(fieldIdsFor(categoryId)));
}

/** spec 2.1: the parent frame scrolls to the top on each step change. */
function* scrollOnStepChange(): Saga {
  let last: number = (yield select(selectLeadWizard)).step;
  for (;;) {
    yield take(isWizardAction);
    const { step }: LeadWizardState = yield select(selectLeadWizard);
    if (step !== last) yield put(scrollToTopRequested());
    last = step;
  }
}

function* submit(): Saga {
  const env: AppEnv = yield getContext('env');
  const state: LeadWizardState = yield select(selectLeadWizard);
  // The machine refused (already sending or sent): nothing to do.
  if (state.status !== 'loading') return;
  const submitUrl: string | null = yield select((s: RootState) => s.host.config.submitUrl);
  const lead: ReturnType<typeof selectLeadPayload> = yield select(selectLeadPayload);
  const contact: ReturnType<typeof selectContactPayload> = yield select(selectContactPayload);
  const result: ApiResult<unknown> = yield call(callApi, {
    method: 'POST',
    path: submitUrl ?? '/v1/wizard/lead',
    headers: { 'Idempotency-Key': state.submissionKey },
    body: {
      contact,
      lead,
      meta: { website: state.contact.website, fillMs: Math.max(0, env.now() - state.startedAt) },
    },
  });
  yield put(result.ok ? actions.submitSucceeded() : actions.submitFailed());
}

function* handToHost(): Saga {
  const complete: boolean = yield select(selectIsComplete);
  if (!complete) return;
  const lead: ReturnType<typeof selectLeadPayload> = yield select(selectLeadPayload);
  yield put(leadHandedToHost({ lead }));
}

export function* leadWizardSaga(): Saga {
  yield takeEvery(actions.opened.type, function* () {
    yield call(restoreDraft);
    yield call(requestFields);
  });
  yield takeEvery(actions.categoryChosen.type, requestFields);
  yield debounce(PERSIST_DEBOUNCE_MS, isWizardAction, saveDraft);
  yield takeLeading(actions.submitRequested.type, submit);
  yield takeEvery(actions.saveClicked.type, handToHost);
  yield call(scrollOnStepChange);
}
