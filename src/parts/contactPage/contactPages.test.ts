/**
 * The three contact pages (product 2.4–2.6) with the real store and sagas: what each sends, its
 * Idempotency-Key across retries, the configured submit URL, tracking, the draft across a
 * reload, and the backend refusing a listing it does not know.
 */
import { waitFor } from '@testing-library/react';
import nock from 'nock';
import { API, createTestEnv, sendInit, setupStore, type TestEnv } from '../../../test/helpers';
import { conforming } from '../../../test/contract';
import { widgetMessage } from '../../host/protocol';
import { feature as contactFeature } from '../../features/contactMessage';
import { DRAFT_KEY as CONTACT_DRAFT } from '../../features/contactMessage/sagas';
import { contactMessageSlice, selectContactMessage } from '../../features/contactMessage/slice';
import { feature as exposeFeature } from '../../features/exposeInquiry';
import { exposeInquirySlice, selectExposeInquiry } from '../../features/exposeInquiry/slice';
import { feature as newsletterFeature } from '../../features/newsletter';
import { newsletterSlice, selectNewsletter } from '../../features/newsletter/slice';
import { EMPTY_CONTACT } from '../contactForm/model';
import { MIN_FILL_MS } from '../../../contract/contact';

const contact = {
  ...EMPTY_CONTACT,
  firstname: ' Erika ',
  lastname: 'Mustermann',
  email: 'erika@example.de',
  wish: 'viewing' as const,
  message: ' Ist die Wohnung noch frei? ',
  customFields: { dataPrivacy: true, acceptContact: true, newsletter: true },
};

const SENT_CONTACT = {
  salutation: '',
  firstname: 'Erika',
  lastname: 'Mustermann',
  phone: '',
  email: 'erika@example.de',
  street: '',
  number: '',
  zip: '',
  city: '',
  company: '',
  customFields: { dataPrivacy: true, acceptContact: true, newsletter: true },
};

function started(feature: typeof contactFeature, env: TestEnv = createTestEnv(), config = {}) {
  const setup = setupStore({ env, features: [feature] });
  sendInit(setup.env, { config });
  return setup;
}

const trackingOf = (env: TestEnv) =>
  env
    .posted()
    .map(([message]) => message as { type: string; payload: unknown })
    .filter((m) => m.type === 'tracking')
    .map((m) => m.payload);

afterEach(() => nock.cleanAll());

describe('contact page (product 2.5)', () => {
  it('presets the configured message, sends {contact, message} once and tracks ContactFormWizard', async () => {
    const { store, env } = started(contactFeature, createTestEnv(), {
      defaultMessage: 'Bitte rufen Sie mich an.',
    });
    store.dispatch(
      contactMessageSlice.actions.opened({ scope: '', message: 'Bitte rufen Sie mich an.' }, 0),
    );
    expect(selectContactMessage(store.getState()).contact.message).toBe('Bitte rufen Sie mich an.');
    let body: Record<string, unknown> | undefined;
    const key = selectContactMessage(store.getState()).submissionKey;
    nock(API)
      .post(
        '/v1/wizard/contact',
        (b) => conforming('post', '/v1/wizard/contact')(b) && Boolean((body = b)),
      )
      .matchHeader('Idempotency-Key', key)
      .reply(201, { success: true });
    store.dispatch(contactMessageSlice.actions.contactEdited(contact));
    store.dispatch(contactMessageSlice.actions.submitRequested());
    store.dispatch(contactMessageSlice.actions.submitRequested());
    await waitFor(() => expect(selectContactMessage(store.getState()).status).toBe('sent'));
    expect(body).toMatchObject({ contact: SENT_CONTACT, message: 'Ist die Wohnung noch frei?' });
    expect(body).not.toHaveProperty('type');
    expect(trackingOf(env)).toEqual([{ event: 'ContactFormWizard' }]);
    expect(nock.isDone()).toBe(true);
  });

  it('keeps what was typed and its Idempotency-Key when sending fails, and sends with the same key again', async () => {
    const { store, env } = started(contactFeature);
    const scrolls = () => env.posted().filter(([m]) => (m as { type: string }).type === 'scroll');
    store.dispatch(contactMessageSlice.actions.opened({ scope: '', message: '' }, 0));
    const key = selectContactMessage(store.getState()).submissionKey;
    nock(API)
      .post('/v1/wizard/contact')
      .matchHeader('Idempotency-Key', key)
      .reply(500, { code: 'internal_server_error', message: 'x', data: { status: 500 } });
    store.dispatch(contactMessageSlice.actions.contactEdited(contact));
    store.dispatch(contactMessageSlice.actions.submitRequested());
    await waitFor(() => expect(selectContactMessage(store.getState()).status).toBe('error'));
    expect(selectContactMessage(store.getState())).toMatchObject({
      error: 'errors.generic',
      contact,
    });
    // The form stays with its message: the host page is not scrolled.
    expect(scrolls()).toEqual([]);
    nock(API).post('/v1/wizard/contact').matchHeader('Idempotency-Key', key).reply(201, {});
    store.dispatch(contactMessageSlice.actions.submitRequested());
    await waitFor(() => expect(selectContactMessage(store.getState()).status).toBe('sent'));
    // The form gives way to the success message: the host page scrolls to the frame's top.
    expect(scrolls()).toEqual([[widgetMessage('scroll', { top: 0 }), expect.any(String)]]);
  });

  it('sends again by itself after 5 s, 15 s and every minute while the browser is online but the server out of reach, with the same key', async () => {
    jest.useFakeTimers({ doNotFake: ['nextTick', 'setImmediate', 'queueMicrotask'] });
    try {
      const { store } = started(contactFeature);
      store.dispatch(contactMessageSlice.actions.opened({ scope: '', message: '' }, 0));
      const key = selectContactMessage(store.getState()).submissionKey;
      const tries: number[] = [];
      const unreachable = () =>
        nock(API)
          .post('/v1/wizard/contact')
          .matchHeader('Idempotency-Key', key)
          .replyWithError({ code: 'ECONNREFUSED' });
      const settled = async (count: number) => {
        for (let turn = 0; turn < 200 && tries.length < count; turn += 1)
          await jest.advanceTimersByTimeAsync(0);
        expect(tries).toHaveLength(count);
      };
      const track = (scope: nock.Scope) => scope.on('request', () => tries.push(Date.now()));
      track(unreachable());
      store.dispatch(contactMessageSlice.actions.contactEdited(contact));
      store.dispatch(contactMessageSlice.actions.submitRequested());
      await settled(1);
      for (let turn = 0; turn < 200; turn += 1) {
        if (selectContactMessage(store.getState()).error === 'errors.submitOffline') break;
        await jest.advanceTimersByTimeAsync(0);
      }
      expect(selectContactMessage(store.getState()).error).toBe('errors.submitOffline');
      // No 'online' event comes: the browser never went offline.
      for (const wait of [5_000, 15_000, 60_000, 60_000]) {
        track(unreachable());
        const before = tries.length;
        // Not before its time,
        await jest.advanceTimersByTimeAsync(wait - 1);
        expect(tries).toHaveLength(before);
        // and then once.
        await jest.advanceTimersByTimeAsync(1);
        await settled(before + 1);
        expect(tries[tries.length - 1]! - tries[tries.length - 2]!).toBeGreaterThanOrEqual(wait);
        for (let turn = 0; turn < 200; turn += 1) {
          if (selectContactMessage(store.getState()).status === 'error') break;
          await jest.advanceTimersByTimeAsync(0);
        }
      }
      nock(API).post('/v1/wizard/contact').matchHeader('Idempotency-Key', key).reply(201, {});
      await jest.advanceTimersByTimeAsync(60_000);
      for (let turn = 0; turn < 200; turn += 1) {
        if (selectContactMessage(store.getState()).status === 'sent') break;
        await jest.advanceTimersByTimeAsync(0);
      }
      expect(selectContactMessage(store.getState()).status).toBe('sent');
      expect(nock.isDone()).toBe(true);
    } finally {
      jest.useRealTimers();
    }
  });

  it('posts to the configured submit URL', async () => {
    const { store } = started(contactFeature, createTestEnv(), {
      submitUrl: 'https://crm.agency.test/hook',
    });
    store.dispatch(contactMessageSlice.actions.opened({ scope: '', message: '' }, 0));
    nock('https://crm.agency.test').post('/hook').reply(201, {});
    store.dispatch(contactMessageSlice.actions.contactEdited(contact));
    store.dispatch(contactMessageSlice.actions.submitRequested());
    await waitFor(() => expect(selectContactMessage(store.getState()).status).toBe('sent'));
  });

  it('brings back what was typed after a reload, and not the preset over it', async () => {
    const env = createTestEnv();
    const first = started(contactFeature, env);
    first.store.dispatch(contactMessageSlice.actions.opened({ scope: '', message: 'Preset' }, 0));
    first.store.dispatch(
      contactMessageSlice.actions.contactEdited({ ...contact, message: 'Mein eigener Text' }),
    );
    await waitFor(() =>
      expect(env.sessionStore!.getItem(CONTACT_DRAFT)).toContain('Mein eigener Text'),
    );
    const second = started(contactFeature, createTestEnv({ sessionStore: env.sessionStore }));
    second.store.dispatch(contactMessageSlice.actions.opened({ scope: '', message: 'Preset' }, 5));
    await waitFor(() =>
      expect(selectContactMessage(second.store.getState()).contact.message).toBe(
        'Mein eigener Text',
      ),
    );
    expect(selectContactMessage(second.store.getState()).submissionKey).toBe(
      selectContactMessage(first.store.getState()).submissionKey,
    );
  });

  it('drops a tampered draft and starts empty', async () => {
    const env = createTestEnv();
    env.sessionStore!.setItem(
      CONTACT_DRAFT,
      JSON.stringify({ scope: '', status: 'sent', contact: 5 }),
    );
    const { store } = started(contactFeature, env);
    store.dispatch(contactMessageSlice.actions.opened({ scope: '', message: '' }, 0));
    await waitFor(() => expect(env.log).toHaveBeenCalledWith(expect.stringContaining('dropped')));
    expect(selectContactMessage(store.getState()).contact).toEqual(EMPTY_CONTACT);
  });
});

describe('newsletter page (product 2.6)', () => {
  it("sends {type:'newsletter', contact} with the newsletter box and no message", async () => {
    const { store, env } = started(newsletterFeature);
    store.dispatch(newsletterSlice.actions.opened({ scope: '', message: '' }, 0));
    let body: Record<string, unknown> | undefined;
    nock(API)
      .post(
        '/v1/wizard/contact',
        (b) => conforming('post', '/v1/wizard/contact')(b) && Boolean((body = b)),
      )
      .reply(201, {});
    store.dispatch(newsletterSlice.actions.contactEdited(contact));
    store.dispatch(newsletterSlice.actions.submitRequested());
    await waitFor(() => expect(selectNewsletter(store.getState()).status).toBe('sent'));
    expect(body).toMatchObject({ type: 'newsletter', contact: SENT_CONTACT });
    expect(body).not.toHaveProperty('message');
    expect(trackingOf(env)).toEqual([]);
  });
});

describe('listing-inquiry page (product 2.4)', () => {
  const query = { objectId: '7', customObjectId: 'W-1007' };

  it('sends {contact, exposeInquiry:{objectId, message}} with the wish and tracks immoObjectInquiry with the custom id', async () => {
    const { store, env } = started(exposeFeature, createTestEnv({ query }));
    store.dispatch(exposeInquirySlice.actions.opened({ scope: '7', message: '' }, 0));
    let body: Record<string, unknown> | undefined;
    nock(API)
      .post(
        '/v1/wizard/expose-inquiry',
        (b) => conforming('post', '/v1/wizard/expose-inquiry')(b) && Boolean((body = b)),
      )
      .reply(201, {});
    store.dispatch(exposeInquirySlice.actions.contactEdited(contact));
    store.dispatch(exposeInquirySlice.actions.submitRequested());
    await waitFor(() => expect(selectExposeInquiry(store.getState()).status).toBe('sent'));
    expect(body).toMatchObject({
      contact: { ...SENT_CONTACT, wish: 'viewing' },
      exposeInquiry: { objectId: 7, message: 'Ist die Wohnung noch frei?' },
    });
    expect(trackingOf(env)).toEqual([{ event: 'immoObjectInquiry', label: 'W-1007' }]);
    expect(env.posted()).toContainEqual([
      widgetMessage('tracking', { event: 'immoObjectInquiry', label: 'W-1007' }),
      expect.any(String),
    ]);
  });

  it('holds a send made 2 s after the form appeared until the minimum fill time, sending, then sends it with that fill time (decision 191)', async () => {
    jest.useFakeTimers({ doNotFake: ['nextTick', 'setImmediate', 'queueMicrotask'], now: 50_000 });
    try {
      const env = createTestEnv({ query, minFillMs: MIN_FILL_MS });
      const { store } = started(exposeFeature, env);
      store.dispatch(exposeInquirySlice.actions.opened({ scope: '7', message: '' }, env.now()));
      const sent: { fillMs?: number; at?: number } = {};
      nock(API)
        .post('/v1/wizard/expose-inquiry', (b) => {
          sent.fillMs = (b as { meta: { fillMs: number } }).meta.fillMs;
          sent.at = Date.now();
          return conforming('post', '/v1/wizard/expose-inquiry')(b);
        })
        .reply(201, {});
      await jest.advanceTimersByTimeAsync(2_000);
      store.dispatch(exposeInquirySlice.actions.contactEdited(contact));
      store.dispatch(exposeInquirySlice.actions.submitRequested());
      await jest.advanceTimersByTimeAsync(MIN_FILL_MS - 2_000 - 1);
      // Held: nothing sent yet, the form says it is sending and keeps what was typed.
      expect(sent.at).toBeUndefined();
      expect(selectExposeInquiry(store.getState()).status).toBe('loading');
      expect(selectExposeInquiry(store.getState()).contact.email).toBe('erika@example.de');
      await jest.advanceTimersByTimeAsync(1);
      for (let turn = 0; turn < 200; turn += 1) {
        if (selectExposeInquiry(store.getState()).status === 'sent') break;
        await jest.advanceTimersByTimeAsync(0);
      }
      expect(selectExposeInquiry(store.getState()).status).toBe('sent');
      expect(sent.at).toBe(50_000 + MIN_FILL_MS);
      expect(sent.fillMs).toBeGreaterThanOrEqual(MIN_FILL_MS);
    } finally {
      jest.useRealTimers();
    }
  });

  it('sends at once when the form has been open for the minimum fill time', async () => {
    jest.useFakeTimers({ doNotFake: ['nextTick', 'setImmediate', 'queueMicrotask'], now: 50_000 });
    try {
      const env = createTestEnv({ query, minFillMs: MIN_FILL_MS });
      const { store } = started(exposeFeature, env);
      store.dispatch(exposeInquirySlice.actions.opened({ scope: '7', message: '' }, env.now()));
      let at: number | undefined;
      nock(API)
        .post('/v1/wizard/expose-inquiry', () => Boolean((at = Date.now())))
        .reply(201, {});
      await jest.advanceTimersByTimeAsync(MIN_FILL_MS + 500);
      store.dispatch(exposeInquirySlice.actions.contactEdited(contact));
      store.dispatch(exposeInquirySlice.actions.submitRequested());
      for (let turn = 0; turn < 200 && at === undefined; turn += 1)
        await jest.advanceTimersByTimeAsync(0);
      expect(at).toBe(50_000 + MIN_FILL_MS + 500);
    } finally {
      jest.useRealTimers();
    }
  });

  it('says the listing is unknown when the backend does not know it, keeping what was typed', async () => {
    const { store } = started(exposeFeature, createTestEnv({ query }));
    store.dispatch(exposeInquirySlice.actions.opened({ scope: '7', message: '' }, 0));
    nock(API)
      .post('/v1/wizard/expose-inquiry')
      .reply(400, {
        code: 'unknown_object',
        message: 'Dieses Objekt gibt es nicht.',
        data: { status: 400 },
      });
    store.dispatch(exposeInquirySlice.actions.contactEdited(contact));
    store.dispatch(exposeInquirySlice.actions.submitRequested());
    await waitFor(() => expect(selectExposeInquiry(store.getState()).status).toBe('error'));
    expect(selectExposeInquiry(store.getState())).toMatchObject({
      error: 'exposeInquiry.unknownObject',
      contact,
    });
  });

  it("does not bring back another listing's draft", () => {
    const { store } = started(exposeFeature, createTestEnv({ query }));
    store.dispatch(exposeInquirySlice.actions.opened({ scope: '8', message: '' }, 0));
    const before = selectExposeInquiry(store.getState());
    const { error: _error, ...draft } = { ...before, scope: '7', contact };
    store.dispatch(exposeInquirySlice.actions.restored(draft));
    expect(selectExposeInquiry(store.getState())).toBe(before);
    store.dispatch(exposeInquirySlice.actions.restored({ ...draft, scope: '8' }));
    expect(selectExposeInquiry(store.getState()).contact).toEqual(contact);
  });
});
