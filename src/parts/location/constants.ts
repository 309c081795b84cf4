/** product 9.5: geocoding language, suggestion count and the search box's debounce. */
export const GEOCODER_DEBOUNCE_MS = 150;
export const GEOCODER_LIMIT = 10;
export const GEOCODER_LANG = 'de';
