/** The inbox's store: its one slice and its sagas, with the API and the page as saga context. */
import { configureStore } from '@reduxjs/toolkit';
import createSagaMiddleware from 'redux-saga';
import type { AgencyApi, AgencyEnv } from './api';
import { agencySaga } from './sagas';
import { agencySlice } from './slice';

export function makeAgencyStore({ api, env }: { api: AgencyApi; env: AgencyEnv }) {
  const sagas = createSagaMiddleware({ context: { api, env } });
  const store = configureStore({
    reducer: { agency: agencySlice.reducer },
    middleware: (getDefault) => getDefault({ thunk: false }).concat(sagas),
  });
  const task = sagas.run(agencySaga);
  return Object.assign(store, { sagaTask: task });
}

export type AgencyStore = ReturnType<typeof makeAgencyStore>;
export type AgencyDispatch = AgencyStore['dispatch'];
