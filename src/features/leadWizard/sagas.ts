/**
 * Lead wizard effects: the session draft (restore and save), field definitions for the chosen
 * category, scrolling the host page on step changes, the submission, tracking, and the host
 * save event.
 */
import type { Action } from '@reduxjs/toolkit';
import {
  call,
  delay,
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
import type { RootState } from '../../app/store';
import type { ApiResult } from '../../api/client';
import { trackingEventOccurred, wizardHandedToHost } from '../../host/actions';
import { definitionsRequested } from '../../parts/fields/slice';
import type { Address } from '../../parts/location/address';
import { geocoderSearch } from '../../parts/location/sagas';
import {
  MIN_SEARCH_LENGTH,
  pointPlaced,
  pointResolved,
  pointUnresolved,
  suggestionChosen,
} from '../../parts/location/slice';
import { MAP } from '../../ui/constants';
import { persistDraft, restoreDraft, type DraftOptions } from '../../wizard/draftSaga';
import { resendWhenOnline } from '../../wizard/resend';
import { refetchFailedFields, scrollOnStepChange } from '../../wizard/sagas';
import { SUBMIT_CALL, waitsForConnection } from '../../wizard/submission';
import { selectConfig } from '../../app/selectors';
import { currentStepId } from './machine';
import { parseLeadWizardOptions } from './options';
import { selectContactPayload, selectIsComplete, selectLeadPayload } from './selectors';
import {
  leadWizardActions as actions,
  selectLeadWizard,
  type LeadDraft,
  type LeadWizardState,
} from './slice';

export const DRAFT_KEY = 'immosuite.leadWizard.v2';

const LOCATION_EVENTS: readonly string[] = [
  suggestionChosen.type,
  pointPlaced.type,
  pointResolved.type,
  pointUnresolved.type,
];
const isWizardAction = (action: Action) =>
  action.type.startsWith('leadWizard/') || LOCATION_EVENTS.includes(action.type);

const draft: DraftOptions<LeadDraft> = {
  key: DRAFT_KEY,
  select: (state: RootState) => {
    const { error: _error, submitRefused: _refused, ...rest } = selectLeadWizard(state);
    return rest;
  },
  schema: () =>
    import(/* webpackChunkName: "lead-draft" */ './draft').then((m) => m.leadDraftSchema),
  restored: actions.restored,
  changes: isWizardAction,
};

function* requestFields(): Saga {
  const { categoryId }: LeadWizardState = yield select(selectLeadWizard);
  if (categoryId !== null) yield put(definitionsRequested(fieldIdsFor(categoryId)));
}

function* submit(): Saga {
  const env: AppEnv = yield getContext('env');
  const state: LeadWizardState = yield select(selectLeadWizard);
  // The machine refused (already sending or sent): nothing to do.
  if (state.status !== 'loading') return;
  const submitUrl: string | null = yield select((s: RootState) => s.host.config.submitUrl);
  const lead: ReturnType<typeof selectLeadPayload> = yield select(selectLeadPayload);
  const contact: ReturnType<typeof selectContactPayload> = yield select(selectContactPayload);
  const result: ApiResult<unknown> = yield call(
    callApi,
    {
      method: 'POST',
      path: submitUrl ?? '/v1/wizard/lead',
      headers: { 'Idempotency-Key': state.submissionKey },
      body: {
        contact,
        lead,
        // The 'Nachricht' box travels beside the contact, as in the contact form's own route.
        ...(state.contact.message.trim() ? { message: state.contact.message.trim() } : {}),
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
  yield put(trackingEventOccurred({ event: 'LeadWizard' }));
}

function* handToHost(): Saga {
  const complete: boolean = yield select(selectIsComplete);
  if (!complete) return;
  const lead: ReturnType<typeof selectLeadPayload> = yield select(selectLeadPayload);
  yield put(wizardHandedToHost({ lead }));
}

/** How long typing in PLZ or Stadt rests before the map goes to that town. */
export const TYPED_TOWN_DEBOUNCE_MS = 500;

const isTownEdit = (action: Action) =>
  actions.addressFieldEdited.match(action) &&
  (action.payload.field === 'zip' || action.payload.field === 'city');

/** A typed postcode or town moves the map there, so the pin can be placed in that town. */
function* moveMapToTypedTown(): Saga {
  yield delay(TYPED_TOWN_DEBOUNCE_MS);
  const { location }: LeadWizardState = yield select(selectLeadWizard);
  const query = [location?.zip, location?.city]
    .map((part) => part?.trim() ?? '')
    .filter(Boolean)
    .join(' ');
  if (query.length < MIN_SEARCH_LENGTH) return;
  const found: Address[] | null = yield call(geocoderSearch, query, 1);
  const place = found?.[0];
  if (!place || place.lat === null || place.lng === null) return;
  // Only the view moves: the typed address and a placed pin stay as they are.
  yield put(actions.mapMoved({ lat: place.lat, lng: place.lng, zoom: MAP.townZoom }));
}

const refetchOptions = {
  isRetry: actions.fieldsRetryClicked.match,
  onDetailsStep: (state: RootState) => currentStepId(selectLeadWizard(state)) === 'details',
  request: requestFields,
};

export function* leadWizardSaga(): Saga {
  yield takeLatest(isTownEdit, moveMapToTypedTown);
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
    const { warnings } = parseLeadWizardOptions(yield select(selectConfig));
    if (warnings.length > 0) env.log('lead wizard options ignored', warnings);
    yield call(restoreDraft<LeadDraft>, draft);
    yield call(requestFields);
  });
  // A tile's click paints the next step first; the definitions are asked for right after.
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
      (state) => waitsForConnection(selectLeadWizard(state)),
      () => actions.submitRequested(),
    ),
  );
  yield takeEvery(actions.saveClicked.type, handToHost);
  yield call(
    scrollOnStepChange,
    (state: RootState) => selectLeadWizard(state).step,
    (state: RootState) => currentStepId(selectLeadWizard(state)),
    isWizardAction,
  );
}
