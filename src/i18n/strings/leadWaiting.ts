/**
 * The lead's success line on the saved searches waiting for the property, in both languages:
 * shipped with the line's own chunk, loaded once the lead is sent.
 */
import de from '../locales/screens/leadWaiting.de.json';
import en from '../locales/screens/leadWaiting.en.json';
import { screenStrings } from '../screens';

export const LEAD_WAITING_STRINGS = screenStrings(de, en);
