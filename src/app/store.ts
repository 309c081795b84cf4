import {
  combineSlices,
  configureStore,
  createAction,
  type Middleware,
  type Slice,
} from '@reduxjs/toolkit';
import type { ComponentType } from 'react';
import createSagaMiddleware, { type Task } from 'redux-saga';
import { hostSlice } from '../host/slice';
import { sessionSlice } from '../session/slice';
import type { MessageKey } from '../i18n';
import type { ScreenStrings } from '../i18n/screens';
import type { AppEnv } from './env';
import type { Saga } from './saga';
import { rootSaga } from './rootSaga';
import { uiSlice } from './uiSlice';

/**
 * Slices a screen's chunk injects when it loads (`slice.injectInto(rootReducer)`); each adds
 * itself here by module augmentation, so selectors stay typed while the shell knows none.
 */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- filled by augmentation
export interface LazyLoadedSlices {}

export const rootReducer = combineSlices(
  hostSlice,
  uiSlice,
  sessionSlice,
).withLazyLoadedSlices<LazyLoadedSlices>();

export type RootState = ReturnType<typeof rootReducer>;

/** What a screen's folder hands the shell when its chunk has loaded. */
export interface Feature {
  /** Its slices, already injected by their modules; named so a store without them can say so. */
  slices: readonly Slice[];
  /** Started once per store, however many screens share them. */
  sagas: readonly (() => Saga)[];
  /** Its strings in both languages (i18n/strings/), added when its chunk loads. */
  strings?: readonly ScreenStrings[];
}

/** What a screen's folder exports, once its chunk has loaded. */
export interface ScreenModule {
  Screen: ComponentType;
  feature: Feature;
}

/** One screen of the app (product 2.0.1): the list is src/app/screens.ts. */
export interface ScreenEntry {
  id: string;
  path: string;
  titleKey: MessageKey & `routes.${string}`;
  /** Named routes (product 2.0.1: /login is named "home"). */
  name?: string;
  /** Query parameters the demo host page gives the embedded widget. */
  demoQuery?: string;
  /** Imports the screen's folder as its own chunk. */
  load(): Promise<ScreenModule>;
}

/** A screen's chunk loaded: its injected slices take their initial state on this action. */
export const featureStarted = createAction<{ slices: string[] }>('app/featureStarted');

/** QA replay only (a store made with `replaceable`): the whole state becomes the payload. */
export const stateReplaced = createAction<unknown>('app/stateReplaced');

export interface StoreOptions {
  env: AppEnv;
  /**
   * The app's screens (src/app/screens.ts, given by the shell): a screen that shows another,
   * or all of them, finds them here (`store.screens`, the sagas' context) rather than importing
   * the list, which imports every screen.
   */
  screens?: readonly ScreenEntry[];
  preloadedState?: Partial<RootState>;
  /** The QA recorder's middleware (qa/recording.ts). */
  recorder?: { middleware: Middleware };
  /** Off for the headless replay, which must not run effects. */
  runSagas?: boolean;
  /** Features to start at once (tests, and the replay that needs every reducer). */
  features?: readonly Feature[];
  /** The QA replay's store: takes `stateReplaced` (to seek in a log). */
  replaceable?: boolean;
  /** Told of every saga started (tests cancel them when they end). */
  onSaga?(task: Task): void;
}

export function makeStore({
  env,
  screens = [],
  preloadedState,
  recorder,
  runSagas = true,
  features = [],
  replaceable = false,
  onSaga,
}: StoreOptions) {
  const sagaMiddleware = createSagaMiddleware({
    context: { env, screens },
    onError: (error) => env.log('saga error', error),
  });
  const reducer: typeof rootReducer = replaceable
    ? (((state: RootState | undefined, action: { type: string; payload?: unknown }) =>
        stateReplaced.match(action)
          ? (action.payload as RootState)
          : rootReducer(state, action)) as unknown as typeof rootReducer)
    : rootReducer;
  const store = configureStore({
    reducer,
    preloadedState: preloadedState as RootState | undefined,
    // RTK's serializable and immutable checks stay on (in development and tests).
    middleware: (getDefault) => {
      const chain = getDefault({ thunk: false }).concat(sagaMiddleware);
      return recorder ? chain.concat(recorder.middleware) : chain;
    },
  });
  const started = new Set<() => Saga>();
  const run = (saga: () => Saga) => {
    if (started.has(saga)) return;
    started.add(saga);
    // One crashing saga is logged and takes nothing else down.
    const task = sagaMiddleware.run(function* () {
      try {
        yield* saga();
      } catch (error) {
        env.log(`saga ${saga.name} failed`, error);
      }
    });
    onSaga?.(task);
  };
  /** Starts a loaded screen's sagas (once) and lets its slices take their initial state. */
  function startFeature(feature: Feature) {
    store.dispatch(featureStarted({ slices: feature.slices.map((slice) => slice.reducerPath) }));
    if (runSagas) feature.sagas.forEach(run);
  }
  if (runSagas) run(rootSaga);
  features.forEach(startFeature);
  return Object.assign(store, { startFeature, screens });
}

export type AppStore = ReturnType<typeof makeStore>;
export type AppDispatch = AppStore['dispatch'];
