/**
 * The inbox's effects: the key of a mailed link (signs in, then leaves the address), the
 * staff session, the sign-in mail, the list (again on every filter change; a typed search
 * waits 300 ms), further pages, the detail, its status, a failed delivery sent again, and the
 * wizards' funnel for a period.
 */
import type { Action } from '@reduxjs/toolkit';
import {
  call,
  delay,
  getContext,
  put,
  select,
  takeEvery,
  takeLatest,
  takeLeading,
} from 'redux-saga/effects';
import type { ApiResult } from '../api/client';
import type { Saga } from '../app/saga';
import type { AgencyApi, AgencyEnv } from './api';
import type { FunnelReport } from '../../contract/funnel';
import { berlinDay, shiftDay } from '../../contract/days';
import {
  agencyActions as actions,
  FUNNEL_DAYS,
  isPeriod,
  selectAgency,
  type AgencyError,
  type AgencyState,
} from './slice';
import { filterProblems, hasProblems } from './types';

/** What a call of the inbox API answers, as the contract types it. */
type Answer<K extends keyof AgencyApi> = Awaited<ReturnType<AgencyApi[K]>>;

/** How long typing in the search box rests before the list is asked again. */
export const SEARCH_DEBOUNCE_MS = 300;

const errorOf = (result: ApiResult<unknown>): AgencyError =>
  result.ok
    ? 'generic'
    : result.error.kind === 'network'
      ? 'network'
      : result.error.kind === 'server' && result.error.status === 404
        ? 'notFound'
        : result.error.kind === 'server' && result.error.status === 400
          ? 'badRequest'
          : 'generic';

const isForbidden = (result: ApiResult<unknown>) =>
  !result.ok && result.error.kind === 'server' && result.error.status === 403;

/** A staff call: a 403 means the session is over, and the page goes back to the sign-in form. */
function* staffCall<T>(fn: () => Promise<ApiResult<T>>): Saga<ApiResult<T>> {
  const result: ApiResult<T> = yield call(fn);
  if (isForbidden(result)) yield put(actions.signedOut());
  return result;
}

function* start(action: ReturnType<typeof actions.opened>): Saga {
  const api: AgencyApi = yield getContext('api');
  const env: AgencyEnv = yield getContext('env');
  if (action.payload.k) {
    const login: Answer<'login'> = yield call(api.login, action.payload.k);
    env.forgetKey();
    if (login.ok) {
      yield put(actions.signedIn({ email: login.data.email }));
      return;
    }
    yield put(actions.keyRefused());
  }
  const me: Answer<'me'> = yield call(api.me);
  if (me.ok && typeof me.data?.email === 'string')
    yield put(actions.signedIn({ email: me.data.email }));
  else yield put(actions.signedOut());
}

function* requestLink(): Saga {
  const api: AgencyApi = yield getContext('api');
  const { session }: AgencyState = yield select(selectAgency);
  const result: ApiResult<unknown> = yield call(api.requestLink, session.form.email.trim());
  yield put(result.ok ? actions.signInMailSent() : actions.signInMailFailed());
}

function* signOut(): Saga {
  const api: AgencyApi = yield getContext('api');
  const result: ApiResult<unknown> = yield call(api.logout);
  if (result.ok || isForbidden(result)) yield put(actions.signedOut());
}

function* loadList(append: boolean): Saga {
  const api: AgencyApi = yield getContext('api');
  const { list, session }: AgencyState = yield select(selectAgency);
  // A day the inbox does not take is pointed out at its field; the list waits for a good one.
  if (session.phase !== 'signedIn' || hasProblems(filterProblems(list.filter))) return;
  const result: Answer<'list'> = yield call(staffCall, () =>
    api.list(list.filter, append ? (list.next ?? undefined) : undefined),
  );
  if (result.ok) yield put(actions.listLoaded({ ...result.data, append }));
  else if (!isForbidden(result)) yield put(actions.listFailed(errorOf(result)));
}

function* onFilterChange(action: Action): Saga {
  // Typing in the search box waits until it rests; every other filter asks at once.
  if (actions.filterChanged.match(action) && 'q' in action.payload) yield delay(SEARCH_DEBOUNCE_MS);
  yield put(actions.listRequested());
}

function* loadDetail(action: ReturnType<typeof actions.detailOpened>): Saga {
  const api: AgencyApi = yield getContext('api');
  const result: Answer<'detail'> = yield call(staffCall, () => api.detail(action.payload));
  if (result.ok) yield put(actions.detailLoaded(result.data));
  else if (!isForbidden(result)) yield put(actions.detailFailed(errorOf(result)));
}

function* saveHandling(action: ReturnType<typeof actions.handlingChosen>): Saga {
  const api: AgencyApi = yield getContext('api');
  const { detail }: AgencyState = yield select(selectAgency);
  if (!detail.uuid) return;
  const uuid = detail.uuid;
  const result: Answer<'setHandling'> = yield call(staffCall, () =>
    api.setHandling(uuid, action.payload),
  );
  if (result.ok) yield put(actions.handlingSaved(result.data));
  else if (!isForbidden(result)) yield put(actions.handlingFailed());
}

function* openFunnel(): Saga {
  const { funnel }: AgencyState = yield select(selectAgency);
  if (funnel.from && funnel.to) {
    yield call(loadFunnel);
    return;
  }
  const now: number = yield call(Date.now);
  const today = berlinDay(new Date(now));
  yield put(actions.funnelPeriodChanged({ from: shiftDay(today, 1 - FUNNEL_DAYS), to: today }));
}

function* loadFunnel(): Saga {
  const api: AgencyApi = yield getContext('api');
  const { funnel, session }: AgencyState = yield select(selectAgency);
  if (session.phase !== 'signedIn' || !isPeriod(funnel.from, funnel.to)) return;
  yield put(actions.funnelRequested());
  const result: Answer<'funnel'> = yield call(staffCall, () => api.funnel(funnel.from, funnel.to));
  // The contract names a stage as text; the report's stages are contract/funnel.ts's words.
  if (result.ok) yield put(actions.funnelLoaded(result.data as FunnelReport));
  else if (!isForbidden(result)) yield put(actions.funnelFailed(errorOf(result)));
}

function* retryDelivery(action: ReturnType<typeof actions.deliveryRetryClicked>): Saga {
  const api: AgencyApi = yield getContext('api');
  const result: Answer<'retry'> = yield call(staffCall, () => api.retry(action.payload));
  if (result.ok) yield put(actions.deliveryUpdated(result.data));
}

export function* agencySaga(): Saga {
  yield takeLatest(actions.opened.type, start);
  yield takeLeading(actions.signInRequested.type, requestLink);
  yield takeLeading(actions.signOutClicked.type, signOut);
  yield takeLatest([actions.filterChanged.type, actions.filterReset.type], onFilterChange);
  // Signed in: the list is asked for.
  yield takeEvery(actions.signedIn.type, function* () {
    yield put(actions.listRequested());
  });
  yield takeLatest(actions.listRequested.type, () => loadList(false));
  yield takeLeading(actions.moreRequested.type, () => loadList(true));
  yield takeLatest(actions.detailOpened.type, loadDetail);
  yield takeLatest(actions.handlingChosen.type, saveHandling);
  yield takeEvery(actions.deliveryRetryClicked.type, retryDelivery);
  // A date typed in the period asks again at once (the inputs change per whole date).
  yield takeLatest(
    [actions.funnelOpened.type, actions.funnelPeriodChanged.type, actions.funnelRetryClicked.type],
    function* (action: Action) {
      yield call(actions.funnelOpened.match(action) ? openFunnel : loadFunnel);
    },
  );
}
