/** Loads field definitions: per field from local storage, the rest in one call (product 7.3). */
import { getContext, put, select, takeLatest } from 'redux-saga/effects';
import { callApi } from '../../app/apiSaga';
import type { AppEnv } from '../../app/env';
import type { Saga } from '../../app/saga';
import type { RootState } from '../../app/store';
import type { Language } from '../../i18n/language';
import { normalizeDefinition, type FieldDefinition } from './definitions';
import { definitionsFailed, definitionsLoaded, definitionsRequested } from './slice';

/** Definitions are cached per language: the backend labels them in the widget's language. */
export const FIELD_CACHE_PREFIX = 'immosuite.field.v2.';
const cacheKey = (language: Language, id: string) => `${FIELD_CACHE_PREFIX}${language}.${id}`;
export const FIELD_CACHE_TTL_MS = 24 * 60 * 60 * 1000;

function readCache(env: AppEnv, language: Language, id: string): FieldDefinition | null {
  try {
    const raw = env.localStore?.getItem(cacheKey(language, id));
    if (!raw) return null;
    const entry = JSON.parse(raw) as { savedAt?: unknown; definition?: unknown };
    if (typeof entry.savedAt !== 'number' || env.now() - entry.savedAt > FIELD_CACHE_TTL_MS)
      return null;
    return normalizeDefinition(id, entry.definition);
  } catch {
    return null;
  }
}

function writeCache(env: AppEnv, language: Language, id: string, definition: unknown) {
  try {
    env.localStore?.setItem(
      cacheKey(language, id),
      JSON.stringify({ savedAt: env.now(), definition }),
    );
  } catch {
    // A full or refused storage only costs a request next time.
  }
}

export function* loadDefinitions(action: ReturnType<typeof definitionsRequested>): Saga {
  const env: AppEnv = yield getContext('env');
  const language: Language = yield select((state: RootState) => state.host.config.language);
  const cached: FieldDefinition[] = [];
  const missing: string[] = [];
  for (const id of action.payload) {
    const definition = readCache(env, language, id);
    if (definition) cached.push(definition);
    else missing.push(id);
  }
  if (missing.length === 0) {
    yield put(definitionsLoaded(cached));
    return;
  }
  const result = yield* callApi({
    method: 'POST',
    path: '/v1/wizard/fields',
    body: Object.fromEntries(missing.map((id) => [id, {}])),
  });
  if (!result.ok) {
    yield put(definitionsLoaded(cached));
    yield put(definitionsFailed());
    return;
  }
  // Untrusted: anything but an object of definitions gives none.
  const answer: Record<string, unknown> =
    typeof result.data === 'object' && result.data !== null ? result.data : {};
  const loaded = [...cached];
  for (const id of missing) {
    const definition = normalizeDefinition(id, answer[id]);
    if (!definition) continue;
    writeCache(env, language, id, answer[id]);
    loaded.push(definition);
  }
  yield put(definitionsLoaded(loaded));
}

export function* fieldsSaga(): Saga {
  yield takeLatest(definitionsRequested.type, loadDefinitions);
}
