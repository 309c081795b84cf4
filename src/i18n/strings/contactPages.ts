/** The contactPages strings in both languages, shipped with the code that shows them. */
import de from '../locales/screens/contactPages.de.json';
import en from '../locales/screens/contactPages.en.json';
import { screenStrings } from '../screens';

export const CONTACT_PAGES_STRINGS = screenStrings(de, en);
