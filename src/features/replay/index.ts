/** The QA replay screen (DECISIONS 17): its screen, slice and saga. */
import type { Feature } from '../../app/store';
import { replaySaga } from './sagas';
import { replaySlice } from './slice';

export { ReplayScreen as Screen } from './ReplayScreen';

export const feature: Feature = { slices: [replaySlice], sagas: [replaySaga] };
