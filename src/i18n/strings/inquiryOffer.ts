/** The inquiry's offer of a saved search, in both languages, shipped with the page that shows it. */
import de from '../locales/screens/inquiryOffer.de.json';
import en from '../locales/screens/inquiryOffer.en.json';
import { screenStrings } from '../screens';

export const INQUIRY_OFFER_STRINGS = screenStrings(de, en);
