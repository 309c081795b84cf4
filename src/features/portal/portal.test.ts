/**
 * The portal's sagas with the real store (product 2.7–2.10, §4): a key confirms or logs in, the
 * current user and its 60 s poll (fake timers), 403 and network failures, logout ending the
 * poll, one poll loop after a re-login, and the lists cached and reloaded after each change.
 */
import { setImmediate as nextTurn } from 'node:timers';
import { waitFor } from '@testing-library/react';
import nock from 'nock';
import { API, createTestEnv, sendInit, setupStore, type TestEnv } from '../../../test/helpers';
import { conforming } from '../../../test/contract';
import { EMPTY_CONTACT } from '../../parts/contactForm/model';
import { loggedIn } from '../../session/slice';
import { portalActions as portal, selectPortal, type SavedSearchInput } from './slice';
import { feature } from '.';

const CONTACT = {
  ...EMPTY_CONTACT,
  email: 'erika@example.de',
  firstname: 'Erika',
  lastname: 'Mustermann',
  customFields: { dataPrivacy: true, acceptContact: true, newsletter: false },
};
const { wish: _wish, message: _message, website: _website, ...CONTACT_RECORD } = CONTACT;

/** A saved search as the wizard assembles it. */
const INPUT: SavedSearchInput = {
  objectType: 'LIVING',
  categoryId: 30225,
  marketingType: 'buy',
  locations: [{ locationId: 2 }],
  fields: [],
};

const SEARCH = {
  uuid: '0b9a2f8e-4c1d-4e7a-9f3b-2a6c8d1e5f70',
  active: true,
  objectType: 'LIVING',
  categoryId: 22332,
  category: { name: 'haus' },
  marketingType: 'buy',
  locations: [{ locationId: 2, name: 'Pankow' }],
  fields: [],
};

function started(env: TestEnv = createTestEnv()) {
  const setup = setupStore({ env, features: [feature] });
  sendInit(setup.env);
  return setup;
}

const state = (store: ReturnType<typeof started>['store']) => selectPortal(store.getState());
const session = (store: ReturnType<typeof started>['store']) => store.getState().session;

function loggedInReplies(scope = nock(API)) {
  return scope
    .get('/v1/contact')
    .reply(200, CONTACT_RECORD)
    .get('/v1/saved-search')
    .reply(200, [SEARCH]);
}

/**
 * Under fake timers: lets the event loop turn (nock answers through it) until the check
 * passes; time moves only where a test advances it.
 */
/**
 * A store whose portal has opened with a live session and loaded its lists; `until` waits
 * (waitFor with real timers, settle with fake ones).
 */
async function loggedInStore(until: (check: () => void) => Promise<unknown> = waitFor) {
  const setup = started();
  nock(API).get('/v1/auth/me?probe=1').reply(200, { email: 'erika@example.de', loggedIn: true });
  loggedInReplies();
  setup.store.dispatch(portal.opened({ k: null }));
  await until(() => expect(state(setup.store).savedSearches).toHaveLength(1));
  return setup;
}

/**
 * Under fake timers: the next session check comes a minute after the last one's answer, not
 * before: 55 s pass without it, then time moves in 5 s steps until it has been made.
 */
async function nextMinutesCheck(scope: nock.Scope) {
  await jest.advanceTimersByTimeAsync(55_000);
  expect(scope.isDone()).toBe(false);
  for (let step = 0; step < 12 && !scope.isDone(); step += 1)
    await jest.advanceTimersByTimeAsync(5_000);
  await settle(() => expect(scope.isDone()).toBe(true));
}

async function settle(check: () => void, turns = 5000) {
  for (let turn = 0; ; turn += 1) {
    try {
      check();
      return;
    } catch (error) {
      if (turn >= turns) throw error;
      await new Promise((resolve) => nextTurn(resolve));
    }
  }
}

afterEach(() => {
  nock.cleanAll();
  jest.useRealTimers();
});

describe('portal session', () => {
  it.each([
    [
      'refused (a WordPress backend)',
      403,
      { code: 'invalid_key', message: 'x', data: { status: 403 } },
    ],
    ["named 'Login' (decision 187)", 200, { opcode: 'Login' }],
  ])(
    'with a login key, its confirmation %s: login, nonce; the key leaves the address; the contact loads',
    async (_, status, answer) => {
      const { store, env } = started();
      nock(API)
        .post('/v1/wizard/confirm', { k: 'login-key' })
        .reply(status, answer)
        .post('/v1/auth/login', conforming('post', '/v1/auth/login'))
        .reply(200, { user: { email: 'erika@example.de', loggedIn: true }, login: true })
        .post('/v1/auth/login/nonce', { k: 'login-key' })
        .reply(200, { nonce: 'n-123' });
      loggedInReplies();
      store.dispatch(portal.opened({ k: 'login-key' }));
      await waitFor(() => expect(state(store).phase).toBe('loggedIn'));
      expect(session(store).user).toEqual({ loggedIn: true, email: 'erika@example.de' });
      expect(session(store).auth.authenticationToken).toBe('n-123');
      // Not taken for a confirmation: no thanks for an inquiry.
      expect(state(store).notice).toBeNull();
      expect(env.forgetQueryParam).toHaveBeenCalledWith('k');
      await waitFor(() => expect(state(store).savedSearches).toHaveLength(1));
      expect(state(store).contact?.firstname).toBe('Erika');
    },
  );

  it("with a confirmation key: 'Vielen Dank für Ihre Anfrage!', no login, the form for a visitor without a session", async () => {
    const { store } = started();
    nock(API)
      .post('/v1/wizard/confirm', { k: 'confirm-key' })
      .reply(200, { opcode: 'Contact' })
      .get('/v1/auth/me?probe=1')
      .reply(403, { code: 'rest_forbidden', message: 'x', data: { status: 403 } });
    store.dispatch(portal.opened({ k: 'confirm-key' }));
    await waitFor(() => expect(state(store).phase).toBe('loggedOut'));
    expect(state(store).notice).toEqual({ key: 'login.thanks', severity: 'success' });
    expect(nock.isDone()).toBe(true);
  });

  it("says 'Es ist ein Fehler aufgetreten.' for a key that neither confirms nor logs in", async () => {
    const { store } = started();
    nock(API)
      .post('/v1/wizard/confirm')
      .reply(403, { code: 'invalid_key', message: 'x', data: { status: 403 } })
      .post('/v1/auth/login')
      .reply(403, { code: 'invalid_key', message: 'x', data: { status: 403 } })
      .get('/v1/auth/me?probe=1')
      .reply(403, { code: 'rest_forbidden', message: 'x', data: { status: 403 } });
    store.dispatch(portal.opened({ k: 'old-key' }));
    await waitFor(() => expect(state(store).notice?.key).toBe('errors.generic'));
    expect(session(store).auth.loginError).toBe(true);
    expect(state(store).phase).toBe('loggedOut');
  });

  it('restores a session whose nonce a reload lost (another site), and goes on with its fresh nonce', async () => {
    const { store } = started();
    nock(API)
      .get('/v1/auth/me?probe=1')
      .reply(403, { code: 'rest_cookie_invalid_nonce', message: 'x', data: { status: 403 } })
      .post('/v1/auth/session')
      .reply(200, { email: 'erika@example.de', loggedIn: true, nonce: 'n-restored' });
    loggedInReplies(nock(API, { reqheaders: { 'x-wp-nonce': 'n-restored' } }));
    store.dispatch(portal.opened({ k: null }));
    await waitFor(() => expect(state(store).savedSearches).toHaveLength(1));
    expect(state(store).phase).toBe('loggedIn');
    expect(session(store).auth.authenticationToken).toBe('n-restored');
    expect(nock.isDone()).toBe(true);
  });

  it('says a link opened in another browser was used already, and offers the form for a new one', async () => {
    const { store } = started();
    nock(API)
      .post('/v1/wizard/confirm')
      .reply(403, { code: 'invalid_key', message: 'x', data: { status: 403 } })
      .post('/v1/auth/login', { k: 'used-key' })
      .reply(403, { code: 'key_used', message: 'x', data: { status: 403 } })
      .get('/v1/auth/me?probe=1')
      .reply(403, { code: 'rest_not_logged_in', message: 'x', data: { status: 403 } });
    store.dispatch(portal.opened({ k: 'used-key' }));
    await waitFor(() => expect(state(store).notice?.key).toBe('login.keyUsed'));
    expect(state(store).phase).toBe('loggedOut');
    expect(session(store).user.loggedIn).toBe(false);
  });

  it('polls the session every 60 s; a 403 logs out, another failure says so and keeps the contact', async () => {
    jest.useFakeTimers({ doNotFake: ['nextTick', 'setImmediate', 'queueMicrotask'] });
    const { store } = await loggedInStore(settle);
    // The next check comes after 60 s, not before.
    const me = nock(API).get('/v1/auth/me?probe=1').reply(500, 'down');
    await jest.advanceTimersByTimeAsync(59_000);
    expect(me.isDone()).toBe(false);
    await jest.advanceTimersByTimeAsync(1_000);
    await settle(() => expect(me.isDone()).toBe(true));
    await settle(() =>
      expect(store.getState().ui.messages.map((m) => m.key)).toContain('errors.network'),
    );
    expect(state(store).phase).toBe('loggedIn');
    nock(API)
      .get('/v1/auth/me?probe=1')
      .reply(403, { code: 'rest_forbidden', message: 'x', data: { status: 403 } });
    await jest.advanceTimersByTimeAsync(60_000);
    await settle(() => expect(state(store).phase).toBe('loggedOut'));
    expect(state(store).notice?.key).toBe('login.loggedOut');
    // Nothing of the contact stays.
    expect(state(store)).toMatchObject({ savedSearches: null, inquiries: null, contact: null });
    expect(session(store)).toEqual({
      user: { loggedIn: false, email: null },
      auth: { loginError: false, authenticationToken: null },
    });
    // The login screen goes on checking, once a minute, and stays quiet on a 403.
    await nextMinutesCheck(
      nock(API)
        .get('/v1/auth/me?probe=1')
        .reply(403, { code: 'rest_forbidden', message: 'x', data: { status: 403 } }),
    );
    expect(state(store).phase).toBe('loggedOut');
  });

  it('notices on the login screen, within a minute, a login completed in another tab', async () => {
    jest.useFakeTimers({ doNotFake: ['nextTick', 'setImmediate', 'queueMicrotask'] });
    const { store } = started();
    const forbidden = { code: 'rest_forbidden', message: 'x', data: { status: 403 } };
    nock(API).get('/v1/auth/me?probe=1').reply(403, forbidden);
    store.dispatch(portal.opened({ k: null }));
    await settle(() => expect(state(store).phase).toBe('loggedOut'));
    // The other tab has not logged in yet: the next check finds no session either.
    await nextMinutesCheck(nock(API).get('/v1/auth/me?probe=1').reply(403, forbidden));
    expect(state(store).phase).toBe('loggedOut');
    // Now it has: the cookie it set answers the next check, and the home opens with its data.
    loggedInReplies();
    await nextMinutesCheck(
      nock(API)
        .get('/v1/auth/me?probe=1')
        .reply(200, { email: 'erika@example.de', loggedIn: true }),
    );
    await settle(() => expect(state(store).savedSearches).toHaveLength(1));
    expect(state(store).phase).toBe('loggedIn');
    expect(session(store).user).toEqual({ loggedIn: true, email: 'erika@example.de' });
    expect(store.getState().ui.messages).toEqual([]);
  });

  it('does not poll a hidden page, and checks at once when it is shown again', async () => {
    jest.useFakeTimers({ doNotFake: ['nextTick', 'setImmediate', 'queueMicrotask'] });
    const { store, env } = started();
    const forbidden = { code: 'rest_forbidden', message: 'x', data: { status: 403 } };
    nock(API).get('/v1/auth/me?probe=1').reply(403, forbidden);
    store.dispatch(portal.opened({ k: null }));
    await settle(() => expect(state(store).phase).toBe('loggedOut'));
    env.setPageHidden(true);
    const check = nock(API).get('/v1/auth/me?probe=1').reply(403, forbidden);
    await jest.advanceTimersByTimeAsync(300_000);
    // Five minutes in a background tab: no request (nock still holds its answer).
    for (let turn = 0; turn < 50; turn += 1) await new Promise((r) => nextTurn(r));
    expect(check.isDone()).toBe(false);
    env.setPageHidden(false);
    await settle(() => expect(check.isDone()).toBe(true));
    expect(state(store).phase).toBe('loggedOut');
  });

  it('keeps one poll loop through logout and a new login, never two', async () => {
    jest.useFakeTimers({ doNotFake: ['nextTick', 'setImmediate', 'queueMicrotask'] });
    const { store } = await loggedInStore(settle);
    nock(API).delete('/v1/auth/me').reply(200, { loggedOut: true });
    store.dispatch(portal.logoutClicked());
    await settle(() => expect(state(store).notice?.key).toBe('login.loggedOut'));
    // Logged out, the login screen checks once a minute.
    for (let minute = 0; minute < 2; minute += 1)
      await nextMinutesCheck(
        nock(API)
          .get('/v1/auth/me?probe=1')
          .reply(403, { code: 'rest_forbidden', message: 'x', data: { status: 403 } }),
      );
    // Logged in again (a second key): still exactly one check per minute.
    loggedInReplies();
    store.dispatch(loggedIn({ email: 'erika@example.de' }));
    store.dispatch(loggedIn({ email: 'erika@example.de' }));
    await settle(() => expect(state(store).savedSearches).toHaveLength(1));
    const checks = nock(API)
      .get('/v1/auth/me?probe=1')
      .times(2)
      .reply(200, { email: 'erika@example.de', loggedIn: true });
    await jest.advanceTimersByTimeAsync(60_000);
    await settle(() => expect(checks.pendingMocks()).toHaveLength(1));
    // Two loops would both have checked by now; one loop checks again only the next minute.
    for (let turn = 0; turn < 50; turn += 1) await new Promise((r) => nextTurn(r));
    expect(checks.pendingMocks()).toHaveLength(1);
    for (let step = 0; step < 20 && !checks.isDone(); step += 1)
      await jest.advanceTimersByTimeAsync(5_000);
    await settle(() => expect(checks.isDone()).toBe(true));
    expect(store.getState().ui.messages).toEqual([]);
  });
});

describe('portal lists and changes', () => {
  it('loads the inquiries when their tab first shows, once', async () => {
    const { store } = await loggedInStore();
    expect(state(store).inquiries).toBeNull();
    nock(API)
      .get('/v1/expose-inquiry')
      .reply(200, [
        {
          uuid: 'i1',
          image: '/media/listings/altbau.svg',
          title: 'Altbau',
          zip: '10435',
          city: 'Berlin',
          category: 'wohnung',
          price: { title: 'Kaufpreis', text: '465.000 €' },
          link: '/demo/expose-inquiry-wizard?objectId=1',
        },
        { uuid: 'broken' },
      ]);
    store.dispatch(portal.tabShown('exposeInquiry'));
    await waitFor(() => expect(state(store).inquiries).toHaveLength(1));
    store.dispatch(portal.tabShown('savedSearch'));
    store.dispatch(portal.tabShown('exposeInquiry'));
    expect(nock.pendingMocks()).toEqual([]);
  });

  it('creates, updates and deletes a saved search, clearing and reloading the list each time', async () => {
    const { store } = await loggedInStore();
    const created = { ...SEARCH, uuid: '1c9a2f8e-4c1d-4e7a-9f3b-2a6c8d1e5f71', categoryId: 30225 };
    nock(API)
      .post('/v1/saved-search', conforming('post', '/v1/saved-search'))
      .reply(201, created)
      .get('/v1/saved-search')
      .reply(200, [SEARCH, created]);
    store.dispatch(portal.dialogOpened({ kind: 'createSearch' }));
    store.dispatch(portal.searchSaveRequested(INPUT));
    await waitFor(() => expect(state(store).savedSearches).toHaveLength(2));
    expect(state(store).dialog).toBeNull();

    nock(API)
      .put(`/v1/saved-search/${SEARCH.uuid}`, conforming('put', '/v1/saved-search/{uuid}'))
      .reply(200, { ...SEARCH, active: false })
      .get('/v1/saved-search')
      .reply(200, [{ ...SEARCH, active: false }, created]);
    store.dispatch(portal.dialogOpened({ kind: 'editSearch', uuid: SEARCH.uuid }));
    store.dispatch(portal.searchSaveRequested({ ...INPUT, uuid: SEARCH.uuid, active: false }));
    await waitFor(() => expect(state(store).savedSearches?.[0]?.active).toBe(false));

    nock(API)
      .delete(`/v1/saved-search/${created.uuid}`)
      .reply(200, { deleted: true })
      .get('/v1/saved-search')
      .reply(200, [{ ...SEARCH, active: false }]);
    store.dispatch(portal.dialogOpened({ kind: 'deleteSearch', uuid: created.uuid }));
    store.dispatch(portal.deleteConfirmed());
    await waitFor(() => expect(state(store).savedSearches).toHaveLength(1));
  });

  it('makes a saved search that found no connection again once back online, with what was entered', async () => {
    const { store } = await loggedInStore();
    let key = '';
    nock(API)
      .post('/v1/saved-search')
      .matchHeader('Idempotency-Key', (value: string) => Boolean((key = value)))
      .replyWithError('offline');
    store.dispatch(portal.dialogOpened({ kind: 'createSearch' }));
    store.dispatch(portal.searchSaveRequested(INPUT));
    await waitFor(() => expect(state(store).offlineChange).toEqual({ save: INPUT }));
    expect(key).toMatch(/^[A-Za-z0-9_-]{30}$/);
    expect(state(store).dialog).toEqual({ kind: 'createSearch' });
    const created = { ...SEARCH, uuid: '1c9a2f8e-4c1d-4e7a-9f3b-2a6c8d1e5f71', categoryId: 30225 };
    let sent: unknown = null;
    // The resend carries the first try's key: had that one gone through, the server answers
    // it with its first answer instead of making a second saved search.
    nock(API)
      .post('/v1/saved-search', (body) => Boolean((sent = body)))
      .matchHeader('Idempotency-Key', (value: string) => value === key)
      .reply(201, created)
      .get('/v1/saved-search')
      .reply(200, [SEARCH, created]);
    window.dispatchEvent(new Event('online'));
    await waitFor(() => expect(state(store).savedSearches).toHaveLength(2));
    expect(sent).toEqual(INPUT);
    expect(state(store).dialog).toBeNull();
    expect(state(store).offlineChange).toBeNull();
    // The next saved search is another request, with a key of its own.
    let next = '';
    nock(API)
      .post('/v1/saved-search')
      .matchHeader('Idempotency-Key', (value: string) => Boolean((next = value)))
      .reply(201, created)
      .get('/v1/saved-search')
      .reply(200, [SEARCH, created]);
    store.dispatch(portal.dialogOpened({ kind: 'createSearch' }));
    store.dispatch(portal.searchSaveRequested(INPUT));
    await waitFor(() => expect(next).not.toBe(''));
    expect(next).not.toBe(key);
  });

  it('logs out cleanly when the session expired during a change', async () => {
    const { store } = await loggedInStore();
    nock(API)
      .delete(`/v1/saved-search/${SEARCH.uuid}`)
      .reply(403, { code: 'rest_forbidden', message: 'x', data: { status: 403 } });
    store.dispatch(portal.dialogOpened({ kind: 'deleteSearch', uuid: SEARCH.uuid }));
    store.dispatch(portal.deleteConfirmed());
    await waitFor(() => expect(state(store).phase).toBe('loggedOut'));
    expect(state(store)).toMatchObject({
      notice: { key: 'login.loggedOut', severity: 'info' },
      savedSearches: null,
      contact: null,
      dialog: null,
    });
  });

  it('saves the account (PUT /v1/contact) and opens its dialog by itself while the disclaimer is open', async () => {
    const setup = started();
    nock(API)
      .get('/v1/auth/me?probe=1')
      .reply(200, { email: 'erika@example.de', loggedIn: true })
      .get('/v1/contact')
      .reply(200, {
        ...CONTACT_RECORD,
        customFields: { ...CONTACT.customFields, acceptContact: false },
      })
      .get('/v1/saved-search')
      .reply(200, []);
    setup.store.dispatch(portal.opened({ k: null }));
    await waitFor(() => expect(state(setup.store).dialog).toEqual({ kind: 'account' }));
    let body: { customFields?: unknown } = {};
    nock(API)
      .put('/v1/contact', (b) => conforming('put', '/v1/contact')(b) && Boolean((body = b)))
      .reply(200, CONTACT_RECORD);
    setup.store.dispatch(portal.accountEdited({ ...CONTACT, phone: '030 1234' }));
    setup.store.dispatch(portal.accountSaveRequested());
    await waitFor(() => expect(state(setup.store).accountStatus).toBe('saved'));
    expect(body.customFields).toEqual(CONTACT.customFields);
    expect(state(setup.store).dialog).toBeNull();
    expect(state(setup.store).stored).toEqual({ email: 'erika@example.de', disclaimer: true });
  });

  it('takes a contact whose answer names no consents as one who gave none: its account dialog opens, never a crash', async () => {
    const setup = started();
    const { customFields: _consents, ...withoutConsents } = CONTACT_RECORD;
    nock(API)
      .get('/v1/auth/me?probe=1')
      .reply(200, { email: 'erika@example.de', loggedIn: true })
      .get('/v1/contact')
      .reply(200, withoutConsents)
      .get('/v1/saved-search')
      .reply(200, []);
    setup.store.dispatch(portal.opened({ k: null }));
    await waitFor(() => expect(state(setup.store).dialog).toEqual({ kind: 'account' }));
    expect(state(setup.store).stored).toEqual({ email: 'erika@example.de', disclaimer: false });
    expect(state(setup.store).contact?.firstname).toBe(CONTACT.firstname);
  });

  it('requests a login mail and tells sent from a wrong address', async () => {
    const { store } = started();
    nock(API)
      .get('/v1/auth/me?probe=1')
      .reply(403, { code: 'rest_forbidden', message: 'x', data: { status: 403 } });
    store.dispatch(portal.opened({ k: null }));
    await waitFor(() => expect(state(store).phase).toBe('loggedOut'));
    nock(API).post('/v1/auth/email', { email: 'erika@example.de' }).reply(200, { sent: true });
    store.dispatch(portal.loginEmailEdited(' erika@example.de '));
    store.dispatch(portal.loginEmailRequested());
    await waitFor(() => expect(state(store).login.status).toBe('sent'));
    nock(API).post('/v1/auth/email').reply(200, { sent: false });
    store.dispatch(portal.loginEmailEdited('kaputt@'));
    store.dispatch(portal.loginEmailRequested());
    await waitFor(() => expect(state(store).login.status).toBe('checkEmail'));
  });
});
