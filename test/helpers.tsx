/** Shared test helpers: a fake host page around the real store, sagas and screens. */
import { render } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { Provider } from 'react-redux';
import { MemoryRouter } from 'react-router-dom';
import { App } from '../src/app/App';
import type { AppEnv } from '../src/app/env';
import { SCREENS } from '../src/app/screens';
import { makeStore, type Feature, type RootState } from '../src/app/store';
import { request } from '../src/api/client';
import { hostMessage } from '../src/host/protocol';
import { createI18n } from '../src/i18n';
import { BUNDLED } from '../src/i18n/bundled';
import type { Language } from '../src/i18n/language';
import { trackSaga } from './liveStores';

export const WIDGET_ORIGIN = 'http://widget.test';
export const AGENCY_ORIGIN = 'https://agency.test';
export const API = `${WIDGET_ORIGIN}/wp-json/sw-immosuite`;

export interface TestEnv extends AppEnv {
  parent: { postMessage: jest.Mock };
  log: jest.Mock;
  /** Makes the fake ResizeObserver report a height. */
  emitHeight(height: number): void;
  /** Messages posted to the host, as [message, targetOrigin]. */
  posted(): [unknown, string][];
  /** Hides or shows the page, as a tab switch would. */
  setPageHidden(hidden: boolean): void;
}

/** A Storage of its own per test env, so stores of earlier tests cannot write into it. */
export function memoryStorage(): Pick<Storage, 'getItem' | 'setItem' | 'removeItem'> & {
  data: Map<string, string>;
} {
  const data = new Map<string, string>();
  return {
    data,
    getItem: (key) => data.get(key) ?? null,
    setItem: (key, value) => void data.set(key, String(value)),
    removeItem: (key) => void data.delete(key),
  };
}

export function createTestEnv(overrides: Partial<AppEnv> = {}): TestEnv {
  let heightListener: ((height: number) => void) | null = null;
  let hidden = false;
  const visibilityListeners = new Set<() => void>();
  const parent = { postMessage: jest.fn() };
  const env: TestEnv = {
    origin: WIDGET_ORIGIN,
    cookies: () => document.cookie,
    request,
    messages: window,
    parent,
    allowList: [WIDGET_ORIGIN, AGENCY_ORIGIN],
    observeHeight(listener) {
      heightListener = listener;
      return () => {
        heightListener = null;
      };
    },
    urlLanguage: 'de',
    query: {},
    forgetQueryParam: jest.fn(),
    setLanguage: jest.fn(),
    localStore: memoryStorage(),
    sessionStore: memoryStorage(),
    now: () => Date.now(),
    // As the test servers' MIN_FILL_MS=0: a test that sends at once is not held (decision 191).
    minFillMs: 0,
    afterPaint: () => Promise.resolve(),
    visibility: {
      hidden: () => hidden,
      onChange(listener) {
        visibilityListeners.add(listener);
        return () => visibilityListeners.delete(listener);
      },
    },
    setPageHidden(value) {
      hidden = value;
      for (const listener of [...visibilityListeners]) listener();
    },
    log: jest.fn(),
    qa: null,
    emitHeight(height) {
      heightListener?.(height);
    },
    posted: () => parent.postMessage.mock.calls as [unknown, string][],
    ...(overrides as object),
  } as TestEnv;
  return env;
}

/** Dispatches a message event as the browser would, with any origin and source. */
export function receiveMessage(
  env: TestEnv,
  data: unknown,
  {
    origin = AGENCY_ORIGIN,
    source = env.parent as unknown,
  }: { origin?: string; source?: unknown } = {},
) {
  const event = new Event('message');
  Object.assign(event, { data, origin, source });
  window.dispatchEvent(event);
}

export function sendInit(
  env: TestEnv,
  payload: Record<string, unknown> = {},
  origin: string = AGENCY_ORIGIN,
) {
  receiveMessage(env, hostMessage('init', { language: 'de', config: {}, ...payload }), { origin });
}

export function setupStore(
  options: { env?: TestEnv; preloadedState?: Partial<RootState>; features?: Feature[] } = {},
) {
  const env = options.env ?? createTestEnv();
  const store = makeStore({
    env,
    screens: SCREENS,
    preloadedState: options.preloadedState,
    features: options.features,
    onSaga: trackSaga,
  });
  return { env, store };
}

export function renderApp(
  options: {
    env?: TestEnv;
    route?: string;
    language?: Language;
    preloadedState?: Partial<RootState>;
  } = {},
) {
  const i18n = createI18n(options.language ?? 'de', BUNDLED);
  const env =
    options.env ??
    createTestEnv({
      setLanguage: jest.fn((language: Language) => void i18n.changeLanguage(language)),
    });
  const { store } = setupStore({ env, preloadedState: options.preloadedState });
  const view = render(
    <Provider store={store}>
      <I18nextProvider i18n={i18n}>
        <MemoryRouter initialEntries={[options.route ?? '/lead-wizard']}>
          <App />
        </MemoryRouter>
      </I18nextProvider>
    </Provider>,
  );
  return { ...view, env, store, i18n };
}
