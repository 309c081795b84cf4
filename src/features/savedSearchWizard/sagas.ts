/**
 * Saved-search wizard effects: the session draft, the regions (and, once, their shapes for the
 * map), field definitions for the chosen category, scrolling the host page on step changes,
 * the submission with tracking, and the host save event without a contact step.
 */
import type { Action } from '@reduxjs/toolkit';
import {
  call,
  getContext,
  put,
  select,
  takeEvery,
  takeLatest,
  takeLeading,
} from 'redux-saga/effects';
import { fieldIdsFor } from '../../../contract/catalog';
import { callApi } from '../../app/apiSaga';
import type { AppEnv } from '../../app/env';
import type { Saga } from '../../app/saga';
import { selectConfig } from '../../app/selectors';
import type { RootState } from '../../app/store';
import type { ApiResult } from '../../api/client';
import {
  scrollToTopRequested,
  trackingEventOccurred,
  wizardHandedToHost,
} from '../../host/actions';
import { definitionsRequested } from '../../parts/fields/slice';
import { regionsActions, selectRegionsState, type RegionsState } from '../../parts/regions/slice';
import { persistDraft, restoreDraft, type DraftOptions } from '../../wizard/draftSaga';
import { embeddedWizardSaved } from '../../wizard/actions';
import { resendWhenOnline } from '../../wizard/resend';
import { refetchFailedFields, scrollOnStepChange } from '../../wizard/sagas';
import { SUBMIT_CALL, waitsForConnection } from '../../wizard/submission';
import { currentStepId } from './machine';
import { parseSavedSearchWizardOptions } from './options';
import { selectContactPayload, selectIsComplete, selectSavedSearchPayload } from './selectors';
import {
  savedSearchWizardActions as actions,
  selectSavedSearchWizard,
  type SavedSearchDraft,
  type SavedSearchWizardState,
} from './slice';

export const DRAFT_KEY = 'immosuite.savedSearchWizard.v1';

const isWizardAction = (action: Action) => action.type.startsWith('savedSearchWizard/');

const draft: DraftOptions<SavedSearchDraft> = {
  key: DRAFT_KEY,
  select: (state: RootState) => {
    const {
      error: _error,
      submitRefused: _refused,
      regionList: _list,
      ...rest
    } = selectSavedSearchWizard(state);
    return rest;
  },
  schema: () =>
    import(/* webpackChunkName: "saved-search-draft" */ './draft').then(
      (m) => m.savedSearchDraftSchema,
    ),
  restored: actions.restored,
  // The regions list is not part of the draft: its arrival changes nothing to keep. A save by
  // its embedder empties the wizard, and the draft with it.
  changes: (action) =>
    (isWizardAction(action) && !actions.regionsKnown.match(action)) ||
    embeddedWizardSaved.match(action),
};

function* requestFields(): Saga {
  const { categoryId }: SavedSearchWizardState = yield select(selectSavedSearchWizard);
  if (categoryId !== null) yield put(definitionsRequested(fieldIdsFor(categoryId)));
}

/** The regions, loaded once per visit, handed to the wizard (which starts with all of them). */
function* provideRegions(): Saga {
  const regions: RegionsState = yield select(selectRegionsState);
  if (regions.status === 'loaded') yield put(actions.regionsKnown(regions.regions));
  else yield put(regionsActions.regionsRequested());
}

function* submit(): Saga {
  const env: AppEnv = yield getContext('env');
  const state: SavedSearchWizardState = yield select(selectSavedSearchWizard);
  // The machine refused (already sending or sent): nothing to do.
  if (state.status !== 'loading') return;
  const { submitUrl } = yield select(selectConfig);
  const savedSearch: ReturnType<typeof selectSavedSearchPayload> =
    yield select(selectSavedSearchPayload);
  const contact: ReturnType<typeof selectContactPayload> = yield select(selectContactPayload);
  const result: ApiResult<unknown> = yield call(
    callApi,
    {
      method: 'POST',
      path: (submitUrl as string | null) ?? '/v1/wizard/saved-search',
      headers: { 'Idempotency-Key': state.submissionKey },
      body: {
        contact,
        savedSearch,
        meta: { website: state.contact.website, fillMs: Math.max(0, env.now() - state.startedAt) },
      },
    },
    SUBMIT_CALL,
  );
  if (!result.ok) {
    yield put(actions.submitFailed({ offline: result.error.kind === 'network' }));
    return;
  }
  yield put(actions.submitSucceeded());
  yield put(trackingEventOccurred({ event: 'SavedSearchWizard' }));
  yield put(scrollToTopRequested());
}

function* handToHost(): Saga {
  const complete: boolean = yield select(selectIsComplete);
  if (!complete) return;
  const savedSearch: ReturnType<typeof selectSavedSearchPayload> =
    yield select(selectSavedSearchPayload);
  yield put(wizardHandedToHost({ savedSearch }));
}

const refetchOptions = {
  isRetry: actions.fieldsRetryClicked.match,
  onDetailsStep: (state: RootState) => currentStepId(selectSavedSearchWizard(state)) === 'details',
  request: requestFields,
};

export function* savedSearchWizardSaga(): Saga {
  yield takeLatest(
    [
      actions.nextClicked.type,
      actions.backClicked.type,
      actions.stepHeaderClicked.type,
      actions.fieldsRetryClicked.type,
    ],
    (action: Action) => refetchFailedFields(action, refetchOptions),
  );
  yield takeEvery(actions.opened.type, function* () {
    const env: AppEnv = yield getContext('env');
    const { warnings } = parseSavedSearchWizardOptions(yield select(selectConfig));
    if (warnings.length > 0) env.log('saved-search wizard options ignored', warnings);
    yield call(restoreDraft<SavedSearchDraft>, draft);
    yield call(requestFields);
    yield call(provideRegions);
  });
  // Loaded now (also after 'Erneut versuchen'): the wizard takes them.
  yield takeEvery(
    regionsActions.regionsLoaded.type,
    function* (action: ReturnType<typeof regionsActions.regionsLoaded>) {
      yield put(actions.regionsKnown(action.payload));
    },
  );
  yield takeLatest(actions.categoryChosen.type, function* () {
    const env: AppEnv = yield getContext('env');
    yield call(env.afterPaint);
    yield call(requestFields);
  });
  yield persistDraft(draft);
  yield takeLeading(actions.submitRequested.type, submit);
  yield takeLatest(
    actions.submitFailed.type,
    resendWhenOnline(
      (state) => waitsForConnection(selectSavedSearchWizard(state)),
      () => actions.submitRequested(),
    ),
  );
  yield takeEvery(actions.saveClicked.type, handToHost);
  yield call(
    scrollOnStepChange,
    (state: RootState) => selectSavedSearchWizard(state).step,
    (state: RootState) => currentStepId(selectSavedSearchWizard(state)),
    isWizardAction,
  );
}
