/** The saved-search wizard as the shell loads it: its screen, its slices and sagas, its options. */
import type { Feature } from '../../app/store';
import { SAVED_SEARCH_STRINGS } from '../../i18n/strings/savedSearch';
import { fieldsSaga } from '../../parts/fields/sagas';
import { fieldsSlice } from '../../parts/fields/slice';
import { mapTilesSaga } from '../../parts/mapTiles/sagas';
import { mapTilesSlice } from '../../parts/mapTiles/slice';
import { regionsSaga } from '../../parts/regions/sagas';
import { regionsSlice } from '../../parts/regions/slice';
import { savedSearchWizardSaga, savedSearchRegionsSaga } from './sagas';
import { savedSearchWizardSlice } from './slice';

export { SavedSearchWizard as Screen, type SavedSearchWizardProps } from './SavedSearchWizard';
export { parseSavedSearchWizardOptions } from './options';
export type { SavedSearch } from './slice';

export const feature: Feature = {
  slices: [savedSearchWizardSlice, regionsSlice, fieldsSlice, mapTilesSlice],
  sagas: [regionsSaga, fieldsSaga, mapTilesSaga, savedSearchWizardSaga, savedSearchRegionsSaga],
  strings: [SAVED_SEARCH_STRINGS],
};
