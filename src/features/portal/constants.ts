/** The portal's constants: the session check's period, the cards' and dialogs' sizes. */
export const SESSION_POLL_MS = 60000;
export const SAVED_SEARCH_CARD_MAX_REGIONS = 3;
export const EXPOSE_IMAGE_HEIGHT = 280;
export const CONFIRM_DIALOG_MAX_WIDTH = 450;
