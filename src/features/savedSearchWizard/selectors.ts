import { SEARCH_RANGE_FIELDS } from '../../../contract/catalog';
import { selectConfig } from '../../app/selectors';
import type { RootState } from '../../app/store';
import { criteriaRecords } from '../../parts/fields/records';
import { buildTree, compactSelection } from '../../parts/regions/tree';
import { createSelector } from '../../wizard/selector';
import { wizardSelectors } from '../../wizard/selectors';
import { savedSearchMachine } from './machine';
import { parseSavedSearchWizardOptions } from './options';
import { selectSavedSearchWizard } from './slice';

export { selectSavedSearchWizard };

export const savedSearchSelectors = wizardSelectors({
  select: selectSavedSearchWizard,
  machine: savedSearchMachine,
  kind: 'search',
  missingSteps: 'savedSearchWizard.missingSteps',
  contact: { newsletter: true },
});

export const selectSavedSearchOptions = createSelector(
  selectConfig,
  (config) => parseSavedSearchWizardOptions(config).options,
);

/** The regions' tree, from the loaded list. */
export const selectRegionTree = createSelector(
  (state: RootState) => selectSavedSearchWizard(state).regionList,
  (list) => buildTree(list),
);
const NO_REGIONS: number[] = [];
export const selectRegionIds = (state: RootState) =>
  selectSavedSearchWizard(state).regionIds ?? NO_REGIONS;

/** The saved search as product 7.2 shapes it. */
export const selectSavedSearchPayload = createSelector(
  [selectSavedSearchWizard, savedSearchSelectors.selectFieldDefinitions, selectRegionTree],
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

export type SavedSearchPayload = ReturnType<typeof selectSavedSearchPayload>;
