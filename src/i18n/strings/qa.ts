/** The qa strings in both languages, shipped with the code that shows them. */
import de from '../locales/screens/qa.de.json';
import en from '../locales/screens/qa.en.json';
import { screenStrings } from '../screens';

export const QA_STRINGS = screenStrings(de, en);
