import {
  categoriesFor,
  categoryById,
  fieldIdsFor,
  SEARCH_RANGE_FIELDS,
} from '../../../contract/catalog';
import { selectConfig } from '../../app/selectors';
import type { RootState } from '../../app/store';
import { createSelector } from '../../wizard/selector';
import type { MessageKey } from '../../i18n';
import { contactPayload } from '../../parts/contactForm/model';
import type { FieldDefinition } from '../../parts/fields/definitions';
import { criteriaRecords } from '../../parts/fields/records';
import { selectFieldsState } from '../../parts/fields/slice';
import { selectRegionsState } from '../../parts/regions/slice';
import { buildTree, compactSelection } from '../../parts/regions/tree';
import { can, currentStepId, isComplete, missingSteps, stepsOf, type StepId } from './machine';
import { parseSavedSearchWizardOptions } from './options';
import { selectSavedSearchWizard } from './slice';

export { selectSavedSearchWizard };
const NONE_MISSING: StepId[] = [];

export const selectSavedSearchOptions = createSelector(
  selectConfig,
  (config) => parseSavedSearchWizardOptions(config).options,
);
export const selectSteps = createSelector(
  (s: RootState) => selectSavedSearchWizard(s).hideContactStep,
  (hideContactStep) => stepsOf({ hideContactStep }),
);
/** Per step of the header, whether it may be opened now. */
export const selectJumpable = createSelector(selectSavedSearchWizard, (w) =>
  stepsOf(w).map((_, index) => can(w, { type: 'JUMP', step: index + 1 })),
);
export const selectCanNext = createSelector(selectSavedSearchWizard, (w) =>
  can(w, { type: 'NEXT' }),
);
export const selectCurrentStepId = createSelector(selectSavedSearchWizard, (w) => currentStepId(w));
export const selectIsComplete = createSelector(selectSavedSearchWizard, (w) => isComplete(w));
export const selectMissingSteps = createSelector(
  [(state: RootState) => selectSavedSearchWizard(state).submitRefused, selectSavedSearchWizard],
  (refused, w) => (refused ? missingSteps(w) : NONE_MISSING),
  (a: StepId[], b: StepId[]) => a.join() === b.join(),
);
export const selectSubmitError = createSelector(
  [selectMissingSteps, (state: RootState) => selectSavedSearchWizard(state).error],
  (missing, error): MessageKey | null =>
    missing.length ? 'savedSearchWizard.missingSteps' : error,
);
export const selectOfferedCategories = createSelector(
  [
    (s: RootState) => selectSavedSearchWizard(s).marketingType,
    (s: RootState) => selectSavedSearchWizard(s).objectType,
  ],
  (marketingType, objectType) => categoriesFor('search', marketingType, objectType),
);
export const selectCategory = createSelector(selectSavedSearchWizard, (w) =>
  w.categoryId === null ? null : (categoryById(w.categoryId) ?? null),
);

/** The regions' tree, from the loaded list. */
export const selectRegionTree = createSelector(
  (state: RootState) => selectSavedSearchWizard(state).regionList,
  (list) => buildTree(list),
);
const NO_REGIONS: number[] = [];
export const selectRegionIds = (state: RootState) =>
  selectSavedSearchWizard(state).regionIds ?? NO_REGIONS;
export const selectRegionsStatus = (state: RootState) => selectRegionsState(state).status;

/** The category's fields whose definitions are loaded, in the order of spec 3. */
export const selectFieldDefinitions = createSelector(
  [selectSavedSearchWizard, (state: RootState) => selectFieldsState(state).definitions],
  (w, definitions): FieldDefinition[] =>
    w.categoryId === null
      ? []
      : fieldIdsFor(w.categoryId)
          .map((id) => definitions[id])
          .filter((d): d is FieldDefinition => !!d),
);

/** The saved search as spec 7 shapes it. */
export const selectSavedSearchPayload = createSelector(
  [selectSavedSearchWizard, selectFieldDefinitions, selectRegionTree],
  (w, definitions, tree) => ({
    objectType: w.objectType,
    categoryId: w.categoryId,
    marketingType: w.marketingType,
    ...(w.uuid ? { uuid: w.uuid } : {}),
    ...(w.uuid && w.active !== null ? { active: w.active } : {}),
    locations: compactSelection(tree, w.regionIds ?? []).map((locationId) => ({ locationId })),
    fields: criteriaRecords(definitions, w.fieldInputs, SEARCH_RANGE_FIELDS),
  }),
);

export const selectContactPayload = createSelector(
  (state: RootState) => selectSavedSearchWizard(state).contact,
  (contact) => contactPayload(contact, { newsletter: true }),
);
