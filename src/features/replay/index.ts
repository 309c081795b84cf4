/** The QA replay screen (decision 17): its screen, slice and saga. */
import type { Feature } from '../../app/store';
import { QA_STRINGS } from '../../i18n/strings/qa';
import { replaySaga } from './sagas';
import { replaySlice } from './slice';

export { ReplayScreen as Screen } from './ReplayScreen';

export const feature: Feature = {
  slices: [replaySlice],
  sagas: [replaySaga],
  strings: [QA_STRINGS],
};
