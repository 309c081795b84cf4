import { createAction } from '@reduxjs/toolkit';

/**
 * The screen that embeds a wizard (the portal's dialogs) saved what the wizard assembled: the
 * wizard starts fresh next time. Here, so that neither imports the other.
 */
export const embeddedWizardSaved = createAction('wizard/embeddedWizardSaved');
