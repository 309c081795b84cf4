/**
 * The one list of screens (product 2.0.1): id, route path, title key, the query its demo page
 * passes, and `load`, which imports the screen's folder as its own chunk. The router, the demo
 * host pages and the replay all follow from this list; adding a screen is one line here plus
 * its folder under features/. Only the shell's start (index.tsx) and the tools import it: the
 * app reaches it through its store (`store.screens`).
 */
import type { ScreenEntry } from './store';

// prettier-ignore
export const SCREENS: readonly ScreenEntry[] = [
  { id: 'leadWizard', path: 'lead-wizard', titleKey: 'routes.leadWizard', load: () => import(/* webpackChunkName: "screen-lead-wizard" */ '../features/leadWizard') },
  { id: 'savedSearchWizard', path: 'saved-search-wizard', titleKey: 'routes.savedSearchWizard', load: () => import(/* webpackChunkName: "screen-saved-search-wizard" */ '../features/savedSearchWizard') },
  { id: 'exposeInquiryWizard', path: 'expose-inquiry-wizard', titleKey: 'routes.exposeInquiryWizard', demoQuery: 'objectId=1&customObjectId=W-1001', load: () => import(/* webpackChunkName: "screen-expose-inquiry-wizard" */ '../features/exposeInquiry') },
  { id: 'contactFormWizard', path: 'contact-form-wizard', titleKey: 'routes.contactFormWizard', load: () => import(/* webpackChunkName: "screen-contact-form-wizard" */ '../features/contactMessage') },
  { id: 'newsletterWizard', path: 'newsletter-wizard', titleKey: 'routes.newsletterWizard', load: () => import(/* webpackChunkName: "screen-newsletter-wizard" */ '../features/newsletter') },
  { id: 'login', path: 'login', titleKey: 'routes.login', name: 'home', load: () => import(/* webpackChunkName: "screen-login" */ '../features/portal') },
  { id: 'replay', path: 'replay', titleKey: 'routes.replay', load: () => import(/* webpackChunkName: "screen-replay" */ '../features/replay') },
];
