/** The portal strings in both languages, shipped with the code that shows them. */
import de from '../locales/screens/portal.de.json';
import en from '../locales/screens/portal.en.json';
import { screenStrings } from '../screens';

export const PORTAL_STRINGS = screenStrings(de, en);
