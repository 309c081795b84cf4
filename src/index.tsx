import { createRoot } from 'react-dom/client';
import { I18nextProvider } from 'react-i18next';
import { Provider } from 'react-redux';
import { BrowserRouter } from 'react-router-dom';
import { App } from './app/App';
import { basePathFromPublicPath } from './app/basePath';
import { browserEnv } from './app/env';
import { bodyClasses } from './app/platform';
import { SCREENS } from './app/screens';
import { makeStore, rootReducer } from './app/store';
import { initAccepted } from './host/slice';
import { languageFromTag } from './i18n/language';
import { createI18n, loadLocale, localeOf, switchLanguage } from './i18n';
import type { Reducer } from './qa/log';
import { QaPanelWhileRecording } from './qa/QaPanelWhileRecording';
import { createLazyActionRecorder } from './qa/lazyRecorder';
import { routeOf } from './qa/route';

declare let __webpack_public_path__: string;
declare const __APP_VERSION__: string;

document.body.classList.add(...bodyClasses(navigator.userAgent));

const query = new URLSearchParams(window.location.search);
const urlLanguage = languageFromTag(query.get('lang'));
document.documentElement.lang = localeOf(urlLanguage);
// Only the language the URL names is fetched now, while the host's init is on its way;
// init's own language loads with it (switchLanguage), and a failure is logged there.
const i18n = createI18n(urlLanguage, {});
loadLocale(urlLanguage).then(
  (messages) => i18n.addResourceBundle(urlLanguage, 'translation', messages),
  () => {},
);

const basename = basePathFromPublicPath(__webpack_public_path__);
const recorder = createLazyActionRecorder({
  reducer: rootReducer as Reducer,
  startWhen: (action) => initAccepted.match(action) && action.payload.config.options.recordActions,
  route: () => routeOf(window.location.pathname, basename),
  appVersion: __APP_VERSION__,
});
if (query.get('qa') === 'record') recorder.start();
// QA staff can also export from the console: immosuiteQA.exportLog() (redacted by default).
Object.assign(window, { immosuiteQA: recorder });

const env = browserEnv(async (language) => {
  await switchLanguage(i18n, language);
  document.documentElement.lang = localeOf(language);
}, recorder);
const store = makeStore({ env, recorder, screens: SCREENS });

const root = document.getElementById('root');
if (root) {
  createRoot(root).render(
    <Provider store={store}>
      <I18nextProvider i18n={i18n}>
        <BrowserRouter basename={basename}>
          <App>
            <QaPanelWhileRecording recorder={recorder} />
          </App>
        </BrowserRouter>
      </I18nextProvider>
    </Provider>,
  );
}
