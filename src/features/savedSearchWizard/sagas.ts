/**
 * Saved-search wizard effects: the kit's (draft, fields, steps, submission, hand-over) and its
 * own: the regions, loaded once per visit and handed to the wizard.
 */
import type { Action } from '@reduxjs/toolkit';
import { put, select, takeEvery } from 'redux-saga/effects';
import type { Saga } from '../../app/saga';
import type { RootState } from '../../app/store';
import { regionsActions, selectRegionsState, type RegionsState } from '../../parts/regions/slice';
import { embeddedWizardSaved } from '../../wizard/actions';
import { wizardSaga } from '../../wizard/sagas';
import { parseSavedSearchWizardOptions } from './options';
import { savedSearchSelectors, selectSavedSearchPayload } from './selectors';
import {
  savedSearchWizardActions as actions,
  selectSavedSearchWizard,
  type SavedSearchDraft,
  type SavedSearchWizardState,
} from './slice';

export const DRAFT_KEY = 'immosuite.savedSearchWizard.v1';

const isWizardAction = (action: Action) => action.type.startsWith('savedSearchWizard/');

/** The regions, loaded once per visit, handed to the wizard (which starts with all of them). */
function* provideRegions(): Saga {
  const regions: RegionsState = yield select(selectRegionsState);
  if (regions.status === 'loaded') yield put(actions.regionsKnown(regions.regions));
  else yield put(regionsActions.regionsRequested());
}

/** Product 7.2: `POST /v1/wizard/saved-search {contact, savedSearch, meta}`, tracked as SavedSearchWizard. */
export const savedSearchWizardSaga = wizardSaga<
  SavedSearchWizardState,
  SavedSearchDraft,
  'savedSearch'
>({
  name: 'savedSearchWizard',
  actions,
  select: selectSavedSearchWizard,
  selectors: savedSearchSelectors,
  draft: {
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
    // The regions list is not part of the draft: its arrival changes nothing to keep. A save
    // by its embedder empties the wizard, and the draft with it.
    changes: (action) =>
      (isWizardAction(action) && !actions.regionsKnown.match(action)) ||
      embeddedWizardSaved.match(action),
  },
  isWizardAction,
  options: parseSavedSearchWizardOptions,
  path: '/v1/wizard/saved-search',
  payload: { key: 'savedSearch', select: selectSavedSearchPayload },
  tracking: () => ({ event: 'SavedSearchWizard' }),
  opened: provideRegions,
});

/** Regions loaded now (also after 'Erneut versuchen'): the wizard takes them. */
export function* savedSearchRegionsSaga(): Saga {
  yield takeEvery(
    regionsActions.regionsLoaded.type,
    function* (action: ReturnType<typeof regionsActions.regionsLoaded>) {
      yield put(actions.regionsKnown(action.payload));
    },
  );
}
