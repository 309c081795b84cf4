/** The one way sagas call the backend: loading counter, nonce, error messages, cancellation. */
import { call, cancelled, getContext, put, select } from 'redux-saga/effects';
import { errorMessage, type ApiError, type ApiRequest, type ApiResult } from '../api/client';
import type { AnswerOf, ContractRequest, MethodOf, Path } from '../api/contract';
import { nonceReceived } from '../session/slice';
import type { AppEnv } from './env';
import type { Saga } from './saga';
import { apiCallSettled, apiCallStarted, messageShown } from './uiSlice';
import type { RootState } from './store';

export interface CallOptions {
  /**
   * Suppress the snackbar message on failure (product 7.1, `hideError`); the error is still
   * returned. 'network': only a lost connection's (a form that says so itself).
   */
  hideError?: boolean | 'network';
  /** Leave the global progress bar alone (type-ahead searches show their own state). */
  background?: boolean;
}

/** The snackbar's message for a failed call, unless `hide` suppresses it. */
export const shownMessage = (error: ApiError, hide: CallOptions['hideError']) =>
  hide === true || (hide && error.kind === 'network') ? null : errorMessage(error);

const selectNonce = (state: RootState) => state.session.auth.authenticationToken;
const selectLanguage = (state: RootState) => state.host.config.language;

/**
 * A call of the contract: its path, method, parameters, body and answer typed as the contract
 * says. Delegate to it (`yield* callApi(…)`) to keep the types.
 */
export function callApi<P extends Path, M extends MethodOf<P>>(
  req: ContractRequest<P, M>,
  options?: CallOptions,
): Saga<ApiResult<AnswerOf<P, M>>>;
/** A call of a URL outside the contract (the geocoder). */
export function callApi<T>(
  req: { method: 'GET'; url: string; query?: ApiRequest['query'] },
  options?: CallOptions,
): Saga<ApiResult<T>>;
export function* callApi(request: unknown, options?: CallOptions): Saga<ApiResult<unknown>> {
  // A task of its own: a caller cancelled while it waits cancels the call (its request is
  // aborted, the progress bar settled) and goes no further.
  return yield call(apiCall, request as ApiRequest, options);
}

function* apiCall(req: ApiRequest, options: CallOptions = {}): Saga<ApiResult<unknown>> {
  const env: AppEnv = yield getContext('env');
  const nonce: string | null = yield select(selectNonce);
  // The backend answers (and mails) in the widget's language, not the browser's.
  const language: string = yield select(selectLanguage);
  const controller = new AbortController();
  if (!options.background) yield put(apiCallStarted());
  try {
    const result: ApiResult<unknown> = yield call(
      env.request,
      { ...req, headers: { 'Accept-Language': language, ...req.headers } },
      {
        origin: env.origin,
        nonce,
        cookies: env.cookies(),
        signal: controller.signal,
      },
    );
    if (result.nonce && result.nonce !== nonce) yield put(nonceReceived(result.nonce));
    if (!result.ok && result.error.kind === 'network')
      env.log(`HTTP-ERROR ${result.error.url}: ${result.error.message}`);
    const message = result.ok ? null : shownMessage(result.error, options.hideError);
    if (message) yield put(messageShown({ severity: 'error', ...message }));
    return result;
  } finally {
    // A cancelled saga (takeLatest, race, unmount) aborts its request.
    if (yield cancelled()) controller.abort();
    if (!options.background) yield put(apiCallSettled());
  }
}
