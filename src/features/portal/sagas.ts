/**
 * The portal's effects (product 2.7–2.10, §4): the key from the address (confirmation first,
 * then login and nonce), the current user and its 60 s poll, logout, the lists loaded when their
 * tab first shows and reloaded after every change, the account, and the login mail.
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
import { SESSION_POLL_MS } from './constants';
import { callApi, shownMessage, type CallOptions } from '../../app/apiSaga';
import type { AppEnv } from '../../app/env';
import type { Saga } from '../../app/saga';
import { messageShown } from '../../app/uiSlice';
import { whenPageShown } from '../../app/visibility';
import type { ApiResult } from '../../api/client';
import type { AnswerOf, ContractRequest, MethodOf, Path } from '../../api/contract';
import { contactPayload } from '../../parts/contactForm/model';
import { loggedIn, loggedOut, loginFailed, nonceReceived } from '../../session/slice';
import { embeddedWizardSaved } from '../../wizard/actions';
import { resendWhenOnline } from '../../wizard/resend';
import { SUBMIT_CALL } from '../../wizard/submission';
import { loggedInUser, parseContact, parseInquiries, parseSavedSearches, textOf } from './parse';
import { portalActions as actions, selectPortal, type PortalState } from './slice';

/** The answer for a live session cookie without a valid nonce. */
const NO_NONCE = 'rest_cookie_invalid_nonce';

const isOffline = (result: ApiResult<unknown>) => !result.ok && result.error.kind === 'network';

const isForbidden = (result: ApiResult<unknown>) =>
  !result.ok && result.error.kind === 'server' && result.error.status === 403;

/**
 * A call of the logged-in contact: a 403 means the session is over (expired, ended elsewhere),
 * and the portal logs out cleanly instead of showing an error.
 */
function* portalCall<P extends Path, M extends MethodOf<P>>(
  request: ContractRequest<P, M>,
  options: CallOptions = {},
): Saga<ApiResult<AnswerOf<P, M>>> {
  const result = yield* callApi<P, M>(request, { ...options, hideError: true });
  if (isForbidden(result)) {
    yield put(loggedOut());
    return result;
  }
  const message = result.ok ? null : shownMessage(result.error, options.hideError);
  if (message) yield put(messageShown({ severity: 'error', ...message }));
  return result;
}

/**
 * product 4.7: the current user; `initial` on opening (the login form shows without a session).
 * A session without a nonce (a reload in a frame of another site, where no host page passes
 * one and the mailed key is spent) is restored with a fresh nonce (decision 53).
 */
function* fetchCurrentUser(initial: boolean): Saga {
  const options = { hideError: true, background: !initial };
  let result: ApiResult<{ email?: unknown } | { loggedIn?: unknown }> = yield* callApi(
    // probe=1: the reference backend says 'no session' without a refusal (decision 187).
    { method: 'GET', path: '/v1/auth/me', query: { probe: '1' } },
    options,
  );
  if (!result.ok && result.error.kind === 'server' && result.error.code === NO_NONCE) {
    result = yield* callApi({ method: 'POST', path: '/v1/auth/session' }, options);
    const nonce = result.ok && textOf(result.data, 'nonce');
    if (nonce) yield put(nonceReceived(nonce));
  }
  const { phase }: PortalState = yield select(selectPortal);
  const email = result.ok ? textOf(result.data, 'email') : null;
  if (email !== null) {
    if (phase !== 'loggedIn') yield put(loggedIn({ email }));
    return;
  }
  // product 4.7: a 403 logs out; so does the reference backend's answer to probe=1 that there
  // is no session.
  const noSession = result.ok && (result.data as { loggedIn?: unknown } | null)?.loggedIn === false;
  if (isForbidden(result) || noSession) {
    if (phase === 'loggedIn') yield put(loggedOut());
    else yield put(actions.noSession());
    return;
  }
  // product 8.8: any other failure of the session check.
  yield put(messageShown({ severity: 'error', key: 'errors.network' }));
  if (initial && phase !== 'loggedIn') yield put(actions.noSession());
}

/**
 * The key `k` of a mailed link (product 2.7.2, 4.10): a confirmation first; only a login key
 * logs in.
 */
function* useKey(k: string): Saga<boolean> {
  const env: AppEnv = yield getContext('env');
  // The key is spent: it leaves the frame's address (the embed script cleans the host page's).
  env.forgetQueryParam('k');
  const confirm = yield* callApi(
    { method: 'POST', path: '/v1/wizard/confirm', body: { k } },
    { hideError: true },
  );
  // A confirmation key confirms and logs no one in; a key the backend names a login key
  // ('Login'), or one it refuses, is tried as a login key.
  const opcode = confirm.ok ? textOf(confirm.data, 'opcode') : null;
  if (confirm.ok && opcode !== 'Login') {
    if (opcode === 'Contact' || opcode === 'AlreadyConfirmed')
      yield put(actions.submissionConfirmed());
    return false;
  }
  const login = yield* callApi(
    { method: 'POST', path: '/v1/auth/login', body: { k } },
    { hideError: true },
  );
  const user = login.ok ? loggedInUser(login.data) : null;
  if (user) {
    const nonce = yield* callApi(
      { method: 'POST', path: '/v1/auth/login/nonce', body: { k } },
      { hideError: true },
    );
    const value = nonce.ok && textOf(nonce.data, 'nonce');
    if (value) {
      yield put(nonceReceived(value));
      yield put(loggedIn(user));
      return true;
    }
  }
  yield put(loginFailed());
  const used = !login.ok && login.error.kind === 'server' && login.error.code === 'key_used';
  yield put(actions.keyRefused(used ? 'used' : undefined));
  return false;
}

function* start(action: ReturnType<typeof actions.opened>): Saga {
  const { k } = action.payload;
  const done: boolean = k ? yield call(useKey, k) : false;
  if (!done) yield call(fetchCurrentUser, true);
  yield call(poll);
}

/**
 * product 2.7.3: the session is checked every 60 s, logged in or not: on the login screen a login
 * completed in another tab shows here, in the home a session ended elsewhere logs out. A hidden
 * page is not polled; it checks as soon as it is shown again.
 */
function* poll(): Saga {
  for (;;) {
    yield delay(SESSION_POLL_MS);
    yield call(whenPageShown);
    yield call(fetchCurrentUser, false);
  }
}

function* loadContact(): Saga {
  const result = yield* portalCall({ method: 'GET', path: '/v1/contact' });
  const contact = result.ok ? parseContact(result.data) : null;
  if (contact) yield put(actions.contactLoaded(contact));
}

/** The list of the tab shown, when it is not loaded (product 3.12: cached, null until loaded). */
function* loadShownList(): Saga {
  const state: PortalState = yield select(selectPortal);
  if (state.phase !== 'loggedIn') return;
  if (state.tab === 'savedSearch' && state.savedSearches === null) {
    const result = yield* portalCall({ method: 'GET', path: '/v1/saved-search' });
    const list = result.ok ? parseSavedSearches(result.data) : null;
    if (list) yield put(actions.savedSearchesLoaded(list));
  } else if (state.tab === 'exposeInquiry' && state.inquiries === null) {
    const result = yield* portalCall({ method: 'GET', path: '/v1/expose-inquiry' });
    const list = result.ok ? parseInquiries(result.data) : null;
    if (list) yield put(actions.inquiriesLoaded(list));
  }
}

function* afterLogin(): Saga {
  yield call(loadContact);
  yield call(loadShownList);
}

function* saveSearch(action: ReturnType<typeof actions.searchSaveRequested>): Saga {
  const { dialog, keys }: PortalState = yield select(selectPortal);
  const savedSearch = action.payload;
  let result: ApiResult<unknown>;
  if (dialog?.kind === 'createSearch')
    result = yield* portalCall(
      {
        method: 'POST',
        path: '/v1/saved-search',
        headers: { 'Idempotency-Key': keys.search },
        body: savedSearch,
      },
      SUBMIT_CALL,
    );
  else if (dialog?.kind === 'editSearch')
    result = yield* portalCall(
      {
        method: 'PUT',
        path: '/v1/saved-search/{uuid}',
        params: { uuid: dialog.uuid },
        body: savedSearch,
      },
      SUBMIT_CALL,
    );
  else return;
  if (!result.ok) {
    yield put(actions.searchChangeFailed(isOffline(result) ? { save: savedSearch } : undefined));
    return;
  }
  yield put(actions.searchesChanged());
  // Saved: the next create dialog starts empty (an unsaved one keeps what was entered).
  yield put(embeddedWizardSaved());
}

function* deleteSearch(): Saga {
  const { dialog }: PortalState = yield select(selectPortal);
  if (dialog?.kind !== 'deleteSearch') return;
  const result = yield* portalCall(
    { method: 'DELETE', path: '/v1/saved-search/{uuid}', params: { uuid: dialog.uuid } },
    SUBMIT_CALL,
  );
  yield put(
    result.ok
      ? actions.searchesChanged()
      : actions.searchChangeFailed(isOffline(result) ? { delete: true } : undefined),
  );
}

function* saveAccount(): Saga {
  const { contact, keys }: PortalState = yield select(selectPortal);
  if (!contact) return;
  const result = yield* portalCall(
    {
      method: 'PUT',
      path: '/v1/contact',
      headers: { 'Idempotency-Key': keys.account },
      body: contactPayload(contact, { newsletter: true }),
    },
    SUBMIT_CALL,
  );
  const saved = result.ok ? parseContact(result.data) : null;
  if (saved) yield put(actions.accountSaved(saved));
  else yield put(actions.accountSaveFailed({ offline: isOffline(result) }));
}

/**
 * 'Konto löschen': the backend erases the contact (docs/security.md#erasure) and ends the
 * session; the login screen says the account is gone. A failure is said in the dialog, which
 * stays open to try again.
 */
function* deleteAccount(): Saga {
  const result = yield* portalCall({ method: 'DELETE', path: '/v1/contact' }, SUBMIT_CALL);
  if (result.ok) {
    yield put(loggedOut());
    yield put(actions.accountDeleted());
  } else if (!isForbidden(result)) yield put(actions.accountDeleteFailed());
}

function* logout(): Saga {
  const result = yield* callApi({ method: 'DELETE', path: '/v1/auth/me' });
  // Gone already (403) counts as logged out; a failed call leaves the contact logged in.
  if (result.ok || isForbidden(result)) yield put(loggedOut());
}

function* requestLoginMail(): Saga {
  const { login, keys }: PortalState = yield select(selectPortal);
  const result = yield* callApi(
    {
      method: 'POST',
      path: '/v1/auth/email',
      headers: { 'Idempotency-Key': keys.loginMail },
      body: { email: login.email.trim() },
    },
    SUBMIT_CALL,
  );
  if (result.ok) yield put(actions.loginEmailAnswered({ sent: result.data?.sent === true }));
  else yield put(actions.loginEmailFailed({ offline: isOffline(result) }));
}

export function* portalSaga(): Saga {
  yield takeLatest(actions.opened.type, start);
  // The screen's one poll loop runs from its opening (start); a login loads the contact's data.
  yield takeLatest(loggedIn.type, afterLogin);
  yield takeEvery(
    (action: Action) => actions.tabShown.match(action) || actions.searchesChanged.match(action),
    loadShownList,
  );
  yield takeLeading(actions.searchSaveRequested.type, saveSearch);
  yield takeLeading(actions.deleteConfirmed.type, deleteSearch);
  yield takeLatest(
    actions.searchChangeFailed.type,
    resendWhenOnline(
      (state) => selectPortal(state).offlineChange !== null,
      (state) => {
        const change = selectPortal(state).offlineChange!;
        return 'save' in change
          ? actions.searchSaveRequested(change.save)
          : actions.deleteConfirmed();
      },
    ),
  );
  yield takeLeading(actions.accountSaveRequested.type, saveAccount);
  yield takeLatest(
    actions.accountSaveFailed.type,
    resendWhenOnline(
      (state) => selectPortal(state).accountStatus === 'offline',
      () => actions.accountSaveRequested(),
    ),
  );
  yield takeLeading(actions.logoutClicked.type, logout);
  yield takeLeading(actions.accountDeleteConfirmed.type, deleteAccount);
  yield takeLeading(actions.loginEmailRequested.type, requestLoginMail);
  yield takeLatest(
    actions.loginEmailFailed.type,
    resendWhenOnline(
      (state) => selectPortal(state).login.status === 'offline',
      () => actions.loginEmailRequested(),
    ),
  );
}
