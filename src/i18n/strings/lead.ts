/** The lead strings in both languages, shipped with the code that shows them. */
import de from '../locales/screens/lead.de.json';
import en from '../locales/screens/lead.en.json';
import { screenStrings } from '../screens';

export const LEAD_STRINGS = screenStrings(de, en);
