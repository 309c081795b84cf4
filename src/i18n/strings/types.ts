/** The German strings of every screen, for the typed keys (i18next.d.ts); types only. */
import type contactPages from '../locales/screens/contactPages.de.json';
import type inquiryOffer from '../locales/screens/inquiryOffer.de.json';
import type lead from '../locales/screens/lead.de.json';
import type leadWaiting from '../locales/screens/leadWaiting.de.json';
import type portal from '../locales/screens/portal.de.json';
import type qa from '../locales/screens/qa.de.json';
import type savedSearch from '../locales/screens/savedSearch.de.json';

export type ScreenMessages = typeof lead &
  typeof leadWaiting &
  typeof savedSearch &
  typeof contactPages &
  typeof inquiryOffer &
  typeof portal &
  typeof qa;
