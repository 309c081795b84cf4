/** Business constants of spec section 9, in one place. */
export const WIZARD_STEPS = 4;
export const SNACKBAR_TIMEOUT_MS = 6000;
export const SESSION_POLL_MS = 60000;
export const GEOCODER_DEBOUNCE_MS = 150;
export const GEOCODER_LIMIT = 10;
export const GEOCODER_LANG = 'de';
export const FRAME_RESIZE_THROTTLE_MS = 16;
export const SAVED_SEARCH_CARD_MAX_REGIONS = 3;
export const EXPOSE_IMAGE_HEIGHT = 280;
export const CONFIRM_DIALOG_MAX_WIDTH = 450;
export const REGION_MENU_MAX_HEIGHT = 500;
export const AUTOCOMPLETE_PAGE = 20;
export const TYPEAHEAD_RESET_MS = 1000;
export const STATIC_PREFIX = '/webapp/static/';
export const API_PREFIX = '/wp-json/sw-immosuite';

export const MAP = {
  defaultZoom: 12,
  minZoom: 6,
  maxZoom: 20,
  height: '36rem',
  narrowHeight: '20rem',
  narrowZoom: 10,
  narrowBelowPx: 576,
  addressZoom: 18,
  scrollWheelZoom: false,
} as const;

export const BREAKPOINTS = { xs: 600, sm: 960, md: 1280, lg: 1920 } as const;
