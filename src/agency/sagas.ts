/**
 * The inbox's effects: the key of a mailed link (signs in, then leaves the address), the
 * staff session, the sign-in mail, the list (when its page names a view it does not show, and
 * again on every filter or sort change; a typed search waits 300 ms), further pages, the detail
 * and its matches, its status, its contact erased, the demo entries
 * removed, a failed delivery sent again, and the wizards' funnel for a period.
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
import { berlinDay, shiftDay } from '../../contract/days';
import {
  agencyActions as actions,
  FUNNEL_DAYS,
  isPeriod,
  selectAgency,
  type AgencyError,
  type AgencyState,
} from './slice';
import {
  readAgency,
  readAssignment,
  readDelivery,
  readDetail,
  readEmail,
  readFunnel,
  readHandling,
  readMatches,
  readMentions,
  readNote,
  readPage,
  readReadMark,
  readStaff,
} from './parse';
import { filterProblems, hasProblems, sameView } from './types';

/** What a call of the inbox API answers, as the contract types it. */
type Answer<K extends keyof AgencyApi> = Awaited<ReturnType<AgencyApi[K]>>;

/** How long typing in the search box rests before the list is asked again. */
export const SEARCH_DEBOUNCE_MS = 300;

/**
 * What a failed call (or one whose answer lacks its shape) shows. A 400 means a value the
 * request carried was refused: a filter's for the list, the address's uuid for a detail (which
 * then is not found).
 */
const errorOf = (result: ApiResult<unknown>, refused: AgencyError = 'badRequest'): AgencyError =>
  result.ok
    ? 'generic'
    : result.error.kind === 'network'
      ? 'network'
      : result.error.kind === 'server' && result.error.status === 404
        ? 'notFound'
        : result.error.kind === 'server' && result.error.status === 400
          ? refused
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
    const email = login.ok ? readEmail(login.data) : null;
    if (login.ok && email !== null) {
      yield put(actions.signedIn({ email, agency: readAgency(login.data) }));
      return;
    }
    // A login that failed; one answered without its e-mail asks the session below.
    if (!login.ok) yield put(actions.keyRefused());
  }
  const me: Answer<'me'> = yield call(api.me);
  const email = me.ok ? readEmail(me.data) : null;
  yield put(
    me.ok && email !== null
      ? actions.signedIn({ email, agency: readAgency(me.data) })
      : actions.signedOut(),
  );
}

function* requestLink(): Saga {
  const api: AgencyApi = yield getContext('api');
  const { session }: AgencyState = yield select(selectAgency);
  const result: ApiResult<unknown> = yield call(api.requestLink, session.form.email.trim());
  yield put(
    result.ok
      ? actions.signInMailSent()
      : actions.signInMailFailed({
          rateLimited: result.error.kind === 'server' && result.error.status === 429,
        }),
  );
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
    api.list(list.filter, list.sort, append ? (list.next ?? undefined) : undefined),
  );
  const page = result.ok ? readPage(result.data) : null;
  if (page) yield put(actions.listLoaded({ ...page, append }));
  else if (!isForbidden(result)) yield put(actions.listFailed(errorOf(result)));
}

/**
 * The page's address names a view (on opening, Back, Forward, a shared link): the list shows
 * it, asked for unless it is the one shown or on its way.
 */
function* readView(action: ReturnType<typeof actions.viewRead>): Saga {
  const { list }: AgencyState = yield select(selectAgency);
  if (list.status !== 'idle' && sameView(list, action.payload)) return;
  yield put(actions.viewRestored(action.payload));
}

function* onFilterChange(action: Action): Saga {
  // Typing in the search box waits until it rests; every other filter asks at once.
  if (actions.filterChanged.match(action) && 'q' in action.payload) yield delay(SEARCH_DEBOUNCE_MS);
  yield put(actions.listRequested());
}

function* loadDetail(action: ReturnType<typeof actions.detailOpened>): Saga {
  const api: AgencyApi = yield getContext('api');
  const result: Answer<'detail'> = yield call(staffCall, () => api.detail(action.payload));
  const detail = result.ok ? readDetail(result.data) : null;
  if (detail) {
    yield put(actions.detailLoaded(detail));
    // Opened is read (for the signed-in staff member), and its new matches seen (decision 159).
    if (!detail.read || (detail.newMatches ?? 0) > 0) yield put(actions.readChosen(true));
  } else if (!isForbidden(result)) yield put(actions.detailFailed(errorOf(result, 'notFound')));
}

/** A lead's or a saved search's matches, once its detail says its kind; again on a retry. */
function* loadMatches(): Saga {
  const api: AgencyApi = yield getContext('api');
  const { detail }: AgencyState = yield select(selectAgency);
  const kind = detail.submission?.kind;
  if (!detail.uuid || (kind !== 'lead' && kind !== 'savedSearch')) return;
  const uuid = detail.uuid;
  yield put(actions.matchesRequested());
  const result: Answer<'matches'> = yield call(staffCall, () => api.matches(uuid));
  const matches = result.ok ? readMatches(result.data) : null;
  if (matches) yield put(actions.matchesLoaded({ uuid, matches }));
  else if (!isForbidden(result))
    yield put(actions.matchesFailed({ uuid, error: errorOf(result, 'notFound') }));
}

function* loadStaff(): Saga {
  const api: AgencyApi = yield getContext('api');
  const result: Answer<'staff'> = yield call(staffCall, api.staff);
  // Without the list, 'Zuständig' offers the assignee there is and nobody.
  const staff = result.ok ? readStaff(result.data) : null;
  if (staff) yield put(actions.staffLoaded(staff));
}

function* saveRead(action: ReturnType<typeof actions.readChosen>): Saga {
  const api: AgencyApi = yield getContext('api');
  const { detail }: AgencyState = yield select(selectAgency);
  if (!detail.uuid) return;
  const uuid = detail.uuid;
  const result: Answer<'setRead'> = yield call(staffCall, () => api.setRead(uuid, action.payload));
  const saved = result.ok ? readReadMark(result.data) : null;
  if (saved) yield put(actions.readSaved(saved));
  else if (!isForbidden(result)) yield put(actions.readFailed());
}

function* saveAssignee(action: ReturnType<typeof actions.assigneeChosen>): Saga {
  const api: AgencyApi = yield getContext('api');
  const { detail }: AgencyState = yield select(selectAgency);
  if (!detail.uuid) return;
  const uuid = detail.uuid;
  const result: Answer<'assign'> = yield call(staffCall, () => api.assign(uuid, action.payload));
  const saved = result.ok ? readAssignment(result.data) : null;
  if (saved) yield put(actions.assigneeSaved(saved));
  else if (!isForbidden(result)) yield put(actions.assigneeFailed());
}

function* saveNote(): Saga {
  const api: AgencyApi = yield getContext('api');
  const { detail, drafts }: AgencyState = yield select(selectAgency);
  // The reducer let it through: a note to send, not one said wrong at its field.
  if (!detail.uuid || detail.note !== 'saving') return;
  const uuid = detail.uuid;
  const text = drafts[uuid] ?? '';
  const result: Answer<'addNote'> = yield call(staffCall, () => api.addNote(uuid, text));
  const note = result.ok ? readNote(result.data) : null;
  if (note) yield put(actions.noteSaved({ uuid, note }));
  else if (!isForbidden(result)) yield put(actions.noteFailed());
}

function* deleteNote(action: ReturnType<typeof actions.noteDeleteClicked>): Saga {
  const api: AgencyApi = yield getContext('api');
  const { detail }: AgencyState = yield select(selectAgency);
  if (!detail.uuid) return;
  const uuid = detail.uuid;
  const id = action.payload;
  const result: Answer<'deleteNote'> = yield call(staffCall, () => api.deleteNote(uuid, id));
  if (result.ok) yield put(actions.noteDeleted({ uuid, id }));
  else if (!isForbidden(result)) yield put(actions.noteDeleteFailed());
}

function* saveHandling(action: ReturnType<typeof actions.handlingChosen>): Saga {
  const api: AgencyApi = yield getContext('api');
  const { detail }: AgencyState = yield select(selectAgency);
  if (!detail.uuid) return;
  const uuid = detail.uuid;
  const result: Answer<'setHandling'> = yield call(staffCall, () =>
    api.setHandling(uuid, action.payload),
  );
  const saved = result.ok ? readHandling(result.data) : null;
  if (saved) yield put(actions.handlingSaved(saved));
  else if (!isForbidden(result)) yield put(actions.handlingFailed());
}

/** The dialog opened: the notes on other contacts' submissions that name the contact. */
function* loadMentions(): Saga {
  const api: AgencyApi = yield getContext('api');
  const { detail }: AgencyState = yield select(selectAgency);
  if (!detail.uuid) return;
  const uuid = detail.uuid;
  const result: Answer<'contactMentions'> = yield call(staffCall, () => api.contactMentions(uuid));
  const mentions = result.ok ? readMentions(result.data) : null;
  if (mentions) yield put(actions.mentionsLoaded(mentions));
  else if (!isForbidden(result)) yield put(actions.mentionsFailed());
}

function* eraseContact(): Saga {
  const api: AgencyApi = yield getContext('api');
  const { detail }: AgencyState = yield select(selectAgency);
  if (detail.erasure !== 'erasing' || !detail.uuid || !detail.submission) return;
  const { uuid } = detail;
  const { email } = detail.submission.contact;
  const result: Answer<'eraseContact'> = yield call(staffCall, () => api.eraseContact(uuid));
  if (result.ok) {
    yield put(actions.contactErased({ email }));
    yield put(actions.listRequested());
  } else if (!isForbidden(result)) yield put(actions.eraseFailed(errorOf(result, 'notFound')));
}

function* removeDemo(): Saga {
  const api: AgencyApi = yield getContext('api');
  const result: Answer<'removeDemo'> = yield call(staffCall, api.removeDemo);
  const contacts = result.ok ? (result.data as { contacts?: unknown } | null)?.contacts : null;
  if (typeof contacts === 'number') {
    yield put(actions.demoRemoved({ contacts }));
    yield put(actions.listRequested());
  } else if (!isForbidden(result)) yield put(actions.demoRemoveFailed());
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
  const report = result.ok ? readFunnel(result.data) : null;
  if (report) yield put(actions.funnelLoaded(report));
  else if (!isForbidden(result)) yield put(actions.funnelFailed(errorOf(result)));
}

function* retryDelivery(action: ReturnType<typeof actions.deliveryRetryClicked>): Saga {
  const api: AgencyApi = yield getContext('api');
  const result: Answer<'retry'> = yield call(staffCall, () => api.retry(action.payload));
  // An answer without a delivery's shape leaves the log as it was.
  const delivery = result.ok ? readDelivery(result.data) : null;
  if (delivery) yield put(actions.deliveryUpdated(delivery));
}

export function* agencySaga(): Saga {
  yield takeLatest(actions.opened.type, start);
  yield takeLeading(actions.signInRequested.type, requestLink);
  yield takeLeading(actions.signOutClicked.type, signOut);
  yield takeLatest(
    [
      actions.filterChanged.type,
      actions.filterReset.type,
      actions.sortChanged.type,
      actions.viewRestored.type,
    ],
    onFilterChange,
  );
  yield takeLatest(actions.viewRead.type, readView);
  // Signed in: who can be assigned (the list is asked for by the view the page reads).
  yield takeLatest(actions.signedIn.type, loadStaff);
  // Each opened submission's mark is saved, however quickly the next one is opened.
  yield takeEvery(actions.readChosen.type, saveRead);
  yield takeLatest(actions.assigneeChosen.type, saveAssignee);
  yield takeLeading(actions.noteSubmitted.type, saveNote);
  yield takeEvery(actions.noteDeleteClicked.type, deleteNote);
  yield takeLatest(actions.listRequested.type, () => loadList(false));
  yield takeLeading(actions.moreRequested.type, () => loadList(true));
  yield takeLatest(actions.detailOpened.type, loadDetail);
  // Another detail opened ends the load of the one before.
  yield takeLatest(
    [actions.detailOpened.type, actions.detailLoaded.type, actions.matchesRetryClicked.type],
    loadMatches,
  );
  yield takeLatest(actions.handlingChosen.type, saveHandling);
  yield takeEvery(actions.deliveryRetryClicked.type, retryDelivery);
  yield takeLatest(actions.eraseClicked.type, loadMentions);
  yield takeLeading(actions.eraseConfirmed.type, eraseContact);
  yield takeLeading(actions.demoRemoveConfirmed.type, removeDemo);
  // A date typed in the period asks again at once (the inputs change per whole date).
  yield takeLatest(
    [actions.funnelOpened.type, actions.funnelPeriodChanged.type, actions.funnelRetryClicked.type],
    function* (action: Action) {
      yield call(actions.funnelOpened.match(action) ? openFunnel : loadFunnel);
    },
  );
}
