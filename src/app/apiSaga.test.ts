import nock from 'nock';
import { runSaga, type Saga as ReduxSaga } from 'redux-saga';
import { cancel, fork, delay } from 'redux-saga/effects';
import { callApi } from './apiSaga';
import { API, createTestEnv, sendInit, setupStore } from '../../test/helpers';
import type { ApiResult } from '../api/client';

function run(
  store: ReturnType<typeof setupStore>['store'],
  env: ReturnType<typeof createTestEnv>,
  saga: ReduxSaga,
) {
  return runSaga(
    {
      dispatch: store.dispatch,
      getState: store.getState,
      context: { env },
    },
    saga,
  ).toPromise();
}

describe('callApi', () => {
  it('raises the loading counter per call and lowers it when each settles', async () => {
    const { env, store } = setupStore();
    const seen: number[] = [];
    const unsubscribe = store.subscribe(() => seen.push(store.getState().ui.pendingCalls));
    nock(API)
      .get('/v1/saved-search')
      .delay(20)
      .reply(200, [])
      .get('/v1/expose-inquiry')
      .reply(200, []);
    await Promise.all([
      run(store, env, function* () {
        yield* callApi({ method: 'GET', path: '/v1/saved-search' });
      }),
      run(store, env, function* () {
        yield* callApi({ method: 'GET', path: '/v1/expose-inquiry' });
      }),
    ]);
    unsubscribe();
    expect(Math.max(...seen)).toBe(2);
    expect(store.getState().ui.pendingCalls).toBe(0);
  });

  it('uses the nonce from init and keeps a fresh one the backend hands out', async () => {
    const { env, store } = setupStore();
    sendInit(env, { nonce: 'from-host' });
    nock(API, { reqheaders: { 'x-wp-nonce': 'from-host' } })
      .get('/v1/auth/me')
      .reply(200, { email: 'a@b.de' }, { 'X-WP-Nonce': 'renewed' });
    await run(store, env, function* () {
      yield* callApi({ method: 'GET', path: '/v1/auth/me' });
    });
    expect(store.getState().session.auth.authenticationToken).toBe('renewed');
  });

  it("tells the backend the widget's language", async () => {
    const { env, store } = setupStore();
    sendInit(env, { language: 'en-US' });
    const scope = nock(API, { reqheaders: { 'accept-language': 'en' } })
      .get('/v1/auth/me')
      .reply(200, {});
    await run(store, env, function* () {
      yield* callApi({ method: 'GET', path: '/v1/auth/me' });
    });
    scope.done();
  });

  it('shows a failure in the snackbar and passes it on', async () => {
    const { env, store } = setupStore();
    nock(API).get('/v1/contact').reply(500, { code: 'internal_server_error', message: 'x' });
    let result: ApiResult<unknown> | undefined;
    await run(store, env, function* () {
      result = yield* callApi({ method: 'GET', path: '/v1/contact' });
    });
    expect(result?.ok).toBe(false);
    expect(store.getState().ui.messages).toEqual([
      expect.objectContaining({ severity: 'error', key: 'errors.internalServerError' }),
    ]);
  });

  it('hideError suppresses the message but still returns the error', async () => {
    const { env, store } = setupStore();
    nock(API).get('/v1/auth/me').reply(403, { code: 'rest_forbidden', message: 'Nein' });
    let result: ApiResult<unknown> | undefined;
    await run(store, env, function* () {
      result = yield* callApi({ method: 'GET', path: '/v1/auth/me' }, { hideError: true });
    });
    expect(result).toMatchObject({ ok: false, error: { kind: 'server', status: 403 } });
    expect(store.getState().ui.messages).toEqual([]);
  });

  it('aborts the request when its saga is cancelled, with no message; the saga goes no further', async () => {
    const { env, store } = setupStore();
    let aborted = false;
    let wentOn = false;
    nock(API).get('/v1/saved-search').delay(500).reply(200, []);
    const realRequest = env.request;
    env.request = (req, ctx) => {
      ctx.signal?.addEventListener('abort', () => {
        aborted = true;
      });
      return realRequest(req, ctx);
    };
    await run(store, env, function* () {
      const task = yield fork(function* () {
        yield* callApi({ method: 'GET', path: '/v1/saved-search' });
        wentOn = true;
      });
      yield delay(10);
      yield cancel(task);
    });
    expect(aborted).toBe(true);
    expect(wentOn).toBe(false);
    expect(store.getState().ui.pendingCalls).toBe(0);
    expect(store.getState().ui.messages).toEqual([]);
  });
});
