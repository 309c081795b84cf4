/** product 9.5: geocoding language, suggestion count and the search box's debounce. */
export const GEOCODER_DEBOUNCE_MS = 150;
export const GEOCODER_LIMIT = 10;
export const GEOCODER_LANG = 'de';

/**
 * How far the visitor may move the pin from a chosen or kept address and keep it unasked
 * (decision 180): from a house's own position, and from a position the geocoder only guessed
 * (a house number placed at its street's centre).
 */
export const PIN_NEAR_KM = 0.15;
export const PIN_NEAR_APPROXIMATE_KM = 1;
