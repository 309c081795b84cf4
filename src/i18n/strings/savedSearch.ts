/** The savedSearch strings in both languages, shipped with the code that shows them. */
import de from '../locales/screens/savedSearch.de.json';
import en from '../locales/screens/savedSearch.en.json';
import { screenStrings } from '../screens';

export const SAVED_SEARCH_STRINGS = screenStrings(de, en);
