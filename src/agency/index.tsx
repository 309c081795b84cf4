/** The agency inbox page (/agency): its own bundle, none of it in any widget route. */
import { createRoot } from 'react-dom/client';
import type { ReactNode } from 'react';
import { BrowserRouter } from 'react-router-dom';
import { agencyApi, type AgencyEnv } from './api';
import { createAgencyI18n } from './i18n';
import { pageLanguage } from './language';
import { AgencyRoot } from './Root';
import { makeAgencyStore } from './store';

const query = new URLSearchParams(window.location.search);
const storage = (() => {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
})();
const language = pageLanguage(window.location.search, storage, navigator.language);
document.documentElement.lang = language === 'en' ? 'en' : 'de';

const env: AgencyEnv = {
  origin: window.location.origin,
  language,
  cookies: () => document.cookie,
  forgetKey() {
    const url = new URL(window.location.href);
    url.searchParams.delete('k');
    window.history.replaceState(window.history.state, '', url);
  },
};
const store = makeAgencyStore({ api: agencyApi(env), env });
const Router = ({ children }: { children: ReactNode }) => (
  <BrowserRouter basename="/agency">{children}</BrowserRouter>
);

const root = document.getElementById('root');
if (root)
  createRoot(root).render(
    <AgencyRoot
      store={store}
      i18n={createAgencyI18n(language)}
      k={query.get('k')}
      router={Router}
    />,
  );
