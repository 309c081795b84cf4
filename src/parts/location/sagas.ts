/**
 * Geocoder effects: the search (150 ms debounce, limit 10, lang de; a new search cancels the
 * earlier one and aborts its request) and reverse geocoding of a placed pin.
 */
import { call, delay, getContext, put, select, takeLatest } from 'redux-saga/effects';
import { callApi } from '../../app/apiSaga';
import { GEOCODER_DEBOUNCE_MS, GEOCODER_LANG, GEOCODER_LIMIT } from './constants';
import type { AppEnv } from '../../app/env';
import type { Saga } from '../../app/saga';
import type { RootState } from '../../app/store';
import { featureToAddress, type Address } from './address';
import {
  MIN_SEARCH_LENGTH,
  pointPlaced,
  pointResolved,
  pointUnresolved,
  searchFailed,
  searchTextChanged,
  suggestionsReceived,
} from './slice';

interface PhotonAnswer {
  features?: unknown;
}

const geocoderBase = (state: RootState) => state.host.config.geocoderUrl.replace(/\/+$/, '');

export function featuresOf(data: unknown): unknown[] {
  const features = (data as PhotonAnswer | null)?.features;
  return Array.isArray(features) ? features : [];
}

/** A forward search: the addresses the geocoder finds for the text; null when it failed (logged). */
export function* geocoderSearch(text: string, limit = GEOCODER_LIMIT): Saga<Address[] | null> {
  const env: AppEnv = yield getContext('env');
  const base: string = yield select(geocoderBase);
  const result = yield* callApi<PhotonAnswer>(
    {
      method: 'GET',
      url: `${base}/api/geocoder`,
      query: { q: text, lang: GEOCODER_LANG, limit },
    },
    { hideError: true, background: true },
  );
  if (!result.ok) {
    // product 8.12: logged, no message for the visitor.
    env.log('geocoder search failed', result.error);
    return null;
  }
  return featuresOf(result.data)
    .map(featureToAddress)
    .filter((a): a is Address => a !== null)
    .slice(0, limit);
}

function* search(action: ReturnType<typeof searchTextChanged>): Saga {
  const text = action.payload.trim();
  if (text.length < MIN_SEARCH_LENGTH) return;
  // takeLatest + delay: typing on cancels this task before the request leaves.
  yield delay(GEOCODER_DEBOUNCE_MS);
  const items: Address[] | null = yield call(geocoderSearch, text);
  if (!items) {
    yield put(searchFailed({ text: action.payload }));
    return;
  }
  yield put(suggestionsReceived({ text: action.payload, items }));
}

function* reverse(action: ReturnType<typeof pointPlaced>): Saga {
  const env: AppEnv = yield getContext('env');
  const base: string = yield select(geocoderBase);
  const { lat, lng } = action.payload;
  const result = yield* callApi<PhotonAnswer>(
    {
      method: 'GET',
      url: `${base}/api/geocoder/reverse`,
      query: { lat, lon: lng, lang: GEOCODER_LANG },
    },
    { hideError: true, background: true },
  );
  const address = result.ok ? featureToAddress(featuresOf(result.data)[0]) : null;
  if (!address) {
    env.log('reverse geocoding failed', result.ok ? 'invalid data' : result.error);
    yield put(pointUnresolved({ lat, lng }));
    return;
  }
  // The pin stays where the visitor put it.
  yield put(pointResolved({ ...address, lat, lng }));
}

export function* locationSaga(): Saga {
  yield takeLatest(searchTextChanged.type, search);
  yield takeLatest(pointPlaced.type, reverse);
}
