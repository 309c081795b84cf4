import type { i18n as I18n } from 'i18next';
import type { ReactNode } from 'react';
import { I18nextProvider } from 'react-i18next';
import { Provider } from 'react-redux';
import { ThemeProvider } from 'styled-components';
import { GlobalStyle } from '../ui/GlobalStyle';
import { DEFAULT_THEME, makeTheme } from '../ui/theme';
import { AgencyApp } from './App';
import type { AgencyStore } from './store';

const theme = makeTheme(DEFAULT_THEME);

/** The inbox with its providers; `router` is the browser's (the page) or a memory one (tests). */
export function AgencyRoot({
  store,
  i18n,
  k,
  router: Router,
}: {
  store: AgencyStore;
  i18n: I18n;
  k: string | null;
  router: (props: { children: ReactNode }) => ReactNode;
}) {
  return (
    <Provider store={store}>
      <I18nextProvider i18n={i18n}>
        <ThemeProvider theme={theme}>
          <GlobalStyle />
          <Router>
            <AgencyApp k={k} />
          </Router>
        </ThemeProvider>
      </I18nextProvider>
    </Provider>
  );
}
