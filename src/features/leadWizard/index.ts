/** The lead wizard as the shell loads it: its screen, its slices and sagas, its options. */
import type { Feature } from '../../app/store';
import { LEAD_STRINGS } from '../../i18n/strings/lead';
import { fieldsSaga } from '../../parts/fields/sagas';
import { fieldsSlice } from '../../parts/fields/slice';
import { locationSaga } from '../../parts/location/sagas';
import { geocoderSlice } from '../../parts/location/slice';
import { mapTilesSaga } from '../../parts/mapTiles/sagas';
import { mapTilesSlice } from '../../parts/mapTiles/slice';
import { leadWizardSaga, leadAddressSaga } from './sagas';
import { leadWizardSlice } from './slice';

export { LeadWizard as Screen } from './LeadWizard';
export { parseLeadWizardOptions } from './options';

export const feature: Feature = {
  slices: [leadWizardSlice, fieldsSlice, geocoderSlice, mapTilesSlice],
  sagas: [fieldsSaga, locationSaga, mapTilesSaga, leadWizardSaga, leadAddressSaga],
  strings: [LEAD_STRINGS],
};
