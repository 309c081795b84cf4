/** The shell's constants; a feature's or a part's own live beside its code. */
export const SNACKBAR_TIMEOUT_MS = 6000;
export const STATIC_PREFIX = '/webapp/static/';
