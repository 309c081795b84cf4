/** The login route as the shell loads it: login, session and the customer portal. */
import type { Feature } from '../../app/store';
import { PORTAL_STRINGS } from '../../i18n/strings/portal';
import { portalSaga } from './sagas';
import { portalSlice } from './slice';

export { Portal as Screen } from './Portal';

// The create and edit dialogs load the saved-search wizard (and start it) when they open.
export const feature: Feature = {
  slices: [portalSlice],
  sagas: [portalSaga],
  strings: [PORTAL_STRINGS],
};
