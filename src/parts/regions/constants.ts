/** The region menu's constants: its height, its page of entries, its type-ahead's rest. */
export const REGION_MENU_MAX_HEIGHT = 500;
export const AUTOCOMPLETE_PAGE = 20;
export const TYPEAHEAD_RESET_MS = 1000;
