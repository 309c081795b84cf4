import { combineReducers, configureStore } from '@reduxjs/toolkit';
import createSagaMiddleware from 'redux-saga';
import host from '../host/slice';
import type { ActionRecorder } from '../qa/recorder';
import session from '../session/slice';
import type { AppEnv } from './env';
import { rootSaga } from './rootSaga';
import ui from './uiSlice';
import fields from '../features/fields/slice';
import geocoder from '../features/location/slice';
import leadWizard from '../features/leadWizard/slice';

export const rootReducer = combineReducers({ host, ui, session, fields, geocoder, leadWizard });

export type RootState = ReturnType<typeof rootReducer>;

export interface StoreOptions {
  env: AppEnv;
  preloadedState?: Partial<RootState>;
  recorder?: ActionRecorder;
  /** Off for the headless replay, which must not run effects. */
  runSagas?: boolean;
}

export function makeStore({ env, preloadedState, recorder, runSagas = true }: StoreOptions) {
  const sagaMiddleware = createSagaMiddleware({
    context: { env },
    onError: (error) => env.log('saga error', error),
  });
  const store = configureStore({
    reducer: rootReducer,
    preloadedState,
    // RTK's serializable and immutable checks stay on (in development and tests).
    middleware: (getDefault) => {
      const chain = getDefault({ thunk: false }).concat(sagaMiddleware);
      return recorder ? chain.concat(recorder.middleware) : chain;
    },
  });
  if (runSagas) sagaMiddleware.run(rootSaga);
  return store;
}

export type AppStore = ReturnType<typeof makeStore>;
export type AppDispatch = AppStore['dispatch'];
