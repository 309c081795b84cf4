import type { ReactElement } from 'react';
import { RoutePlaceholder } from './RoutePlaceholder';
import { LeadWizard } from '../features/leadWizard/LeadWizard';

export interface RouteDefinition {
  id: string;
  path: string;
  titleKey: string;
  /** Named routes (spec 2: /login is named "home"). */
  name?: string;
  element: ReactElement;
}

const SCREENS: Record<string, ReactElement> = { leadWizard: <LeadWizard /> };

/** The six routes of spec 2. Each screen replaces its placeholder in its own issue. */
export const ROUTES: RouteDefinition[] = [
  { id: 'leadWizard', path: 'lead-wizard', titleKey: 'routes.leadWizard' },
  { id: 'savedSearchWizard', path: 'saved-search-wizard', titleKey: 'routes.savedSearchWizard' },
  {
    id: 'exposeInquiryWizard',
    path: 'expose-inquiry-wizard',
    titleKey: 'routes.exposeInquiryWizard',
  },
  { id: 'contactFormWizard', path: 'contact-form-wizard', titleKey: 'routes.contactFormWizard' },
  { id: 'newsletterWizard', path: 'newsletter-wizard', titleKey: 'routes.newsletterWizard' },
  { id: 'login', path: 'login', titleKey: 'routes.login', name: 'home' },
].map((route) => ({
  ...route,
  element: SCREENS[route.id] ?? <RoutePlaceholder titleKey={route.titleKey} />,
}));

export function pathOf(name: string): string {
  const route = ROUTES.find((r) => r.name === name || r.id === name);
  if (!route) throw new Error(`unknown route ${name}`);
  return `/${route.path}`;
}
