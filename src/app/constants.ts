/** Business constants of spec 9 for the shell and the screens to come; the map's sizes live in
 * ui/constants.ts, the geocoder's in parts/location/constants.ts, the frame's in host/sagas.ts. */
export const WIZARD_STEPS = 4;
export const SNACKBAR_TIMEOUT_MS = 6000;
export const SESSION_POLL_MS = 60000;
export const SAVED_SEARCH_CARD_MAX_REGIONS = 3;
export const EXPOSE_IMAGE_HEIGHT = 280;
export const CONFIRM_DIALOG_MAX_WIDTH = 450;
export const REGION_MENU_MAX_HEIGHT = 500;
export const AUTOCOMPLETE_PAGE = 20;
export const TYPEAHEAD_RESET_MS = 1000;
export const STATIC_PREFIX = '/webapp/static/';
