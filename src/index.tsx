import { createRoot } from 'react-dom/client';
import { I18nextProvider } from 'react-i18next';
import { Provider } from 'react-redux';
import { BrowserRouter } from 'react-router-dom';
import { App } from './app/App';
import { basePathFromPublicPath } from './app/basePath';
import { browserEnv } from './app/env';
import { bodyClasses } from './app/platform';
import { makeStore } from './app/store';
import { initAccepted } from './host/slice';
import { languageFromTag } from './host/config';
import { createI18n, localeOf } from './i18n';
import { createActionRecorder } from './qa/recorder';

declare let __webpack_public_path__: string;

document.body.classList.add(...bodyClasses(navigator.userAgent));

const query = new URLSearchParams(window.location.search);
const i18n = createI18n(languageFromTag(query.get('lang')));
document.documentElement.lang = localeOf(languageFromTag(query.get('lang')));

const recorder = createActionRecorder({
  startWhen: (action) => initAccepted.match(action) && action.payload.config.options.recordActions,
});
if (query.get('qa') === 'record') recorder.start();
// QA staff export the log from the console: immosuiteQA.exportLog() (redacted by default).
Object.assign(window, { immosuiteQA: recorder });

const env = browserEnv((language) => {
  void i18n.changeLanguage(language);
  document.documentElement.lang = localeOf(language);
});
const store = makeStore({ env, recorder });

const root = document.getElementById('root');
if (root) {
  createRoot(root).render(
    <Provider store={store}>
      <I18nextProvider i18n={i18n}>
        <BrowserRouter basename={basePathFromPublicPath(__webpack_public_path__)}>
          <App />
        </BrowserRouter>
      </I18nextProvider>
    </Provider>,
  );
}
