/**
 * The one list of screens (spec 2): id, route path, title key, the query its demo page
 * passes, and `load`, which imports the screen's folder as its own chunk. The router, the
 * demo host pages and the replay all follow from this list; adding a screen is one line here
 * plus its folder under features/.
 */
import type { ComponentType } from 'react';
import type { MessageKey } from '../i18n';
import type { Feature } from './store';

export interface ScreenModule {
  Screen: ComponentType;
  feature: Feature;
}

export interface ScreenEntry {
  id: string;
  path: string;
  titleKey: MessageKey & `routes.${string}`;
  /** Named routes (spec 2: /login is named "home"). */
  name?: string;
  /** Query parameters the demo host page gives the embedded widget. */
  demoQuery?: string;
  /** Absent while the screen is not built yet: the route shows a placeholder. */
  load?: () => Promise<ScreenModule>;
}

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

export function pathOf(name: string): string {
  const screen = SCREENS.find((s) => s.name === name || s.id === name);
  if (!screen) throw new Error(`unknown route ${name}`);
  return `/${screen.path}`;
}

/** Every built screen's feature, for a store with every reducer (QA recorder and replay). */
export async function loadAllFeatures(): Promise<Feature[]> {
  const modules = await Promise.all(SCREENS.flatMap((s) => (s.load ? [s.load()] : [])));
  return modules.map((m) => m.feature);
}
