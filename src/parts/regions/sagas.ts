/** Loads the regions (once per visit) and, when a map shows, their shapes. */
import { all, call, getContext, put, select, takeLeading } from 'redux-saga/effects';
import { callApi } from '../../app/apiSaga';
import type { AppEnv } from '../../app/env';
import type { Saga } from '../../app/saga';
import type { ApiResult } from '../../api/client';
import { parseRegions } from './parse';
import { regionsActions as actions, selectRegionsState, type RegionsState } from './slice';

function* loadRegions(): Saga {
  const env: AppEnv = yield getContext('env');
  const state: RegionsState = yield select(selectRegionsState);
  if (state.status === 'loaded') return;
  const result = yield* callApi({ method: 'GET', path: '/v1/wizard/locations' });
  const parsed = result.ok ? parseRegions(result.data) : null;
  if (!parsed) {
    if (result.ok) env.log('regions: the answer has no locations list', result.data);
    yield put(actions.regionsFailed());
    return;
  }
  if (parsed.dropped > 0) env.log(`regions: ${parsed.dropped} malformed entries left out`);
  yield put(actions.regionsLoaded(parsed.regions));
}

type ShapesReader = typeof import('./parseShapes');

async function loadReader(): Promise<ShapesReader | null> {
  try {
    return await import(/* webpackChunkName: "region-shapes" */ './parseShapes');
  } catch {
    return null;
  }
}

function* fetchShapes(): Saga<ApiResult<unknown>> {
  return yield* callApi(
    { method: 'GET', path: '/v1/wizard/locations/geojson' },
    { hideError: true, background: true },
  );
}

function* loadShapes(): Saga {
  const env: AppEnv = yield getContext('env');
  const state: RegionsState = yield select(selectRegionsState);
  if (state.shapesStatus === 'loaded') return;
  // The menu stands without the shapes: a failure is only logged (product 8.14).
  // Their reader loads with them (it is not needed before a map shows).
  const [result, reader]: [ApiResult<unknown>, ShapesReader | null] = yield all([
    call(fetchShapes),
    call(loadReader),
  ]);
  const parsed = result.ok && reader ? reader.parseShapes(result.data) : null;
  if (!parsed) {
    env.log(
      'regions: no shapes for the map',
      !reader ? 'their reader did not load' : result.ok ? 'malformed answer' : result.error,
    );
    yield put(actions.shapesFailed());
    return;
  }
  if (parsed.dropped > 0) env.log(`regions: ${parsed.dropped} malformed shapes left out`);
  yield put(actions.shapesLoaded({ shapes: parsed.shapes, attribution: parsed.attribution }));
}

export function* regionsSaga(): Saga {
  yield takeLeading(actions.regionsRequested.type, loadRegions);
  yield takeLeading(actions.shapesRequested.type, loadShapes);
}
