import { waitFor } from '@testing-library/react';
import fc from 'fast-check';
import { hostMessage, widgetMessage } from './protocol';
import { scrollToTopRequested, trackingEventOccurred, wizardHandedToHost } from './actions';
import {
  AGENCY_ORIGIN,
  WIDGET_ORIGIN,
  createTestEnv,
  receiveMessage,
  sendInit,
  setupStore,
} from '../../test/helpers';

describe('frame channel', () => {
  it('says ready to the parent, with nothing secret, and waits for init', () => {
    const { env, store } = setupStore();
    expect(env.posted()).toEqual([[widgetMessage('ready', {}), '*']]);
    expect(store.getState().host.status).toBe('waiting');
  });

  it('accepts an init from an allowed origin and stores its nonce and config', () => {
    const { env, store } = setupStore();
    sendInit(env, { language: 'en-US', nonce: 'n0nce', config: { mapZoom: 15 } });
    const state = store.getState();
    expect(state.host.status).toBe('ready');
    expect(state.host.origin).toBe(AGENCY_ORIGIN);
    expect(state.host.config.mapZoom).toBe(15);
    expect(state.session.auth.authenticationToken).toBe('n0nce');
    expect(env.setLanguage).toHaveBeenCalledWith('en');
  });

  it('accepts an init from its own origin (same-origin embedding)', () => {
    const { env, store } = setupStore();
    sendInit(env, {}, WIDGET_ORIGIN);
    expect(store.getState().host.origin).toBe(WIDGET_ORIGIN);
  });

  it('ignores an init from an origin off the allow-list', () => {
    const { env, store } = setupStore();
    sendInit(env, { nonce: 'stolen' }, 'https://evil.test');
    expect(store.getState().host.status).toBe('waiting');
    expect(store.getState().session.auth.authenticationToken).toBeNull();
  });

  it("tells the page's developer once why an init from an origin off the allow-list is ignored", () => {
    const { env } = setupStore();
    sendInit(env, {}, 'https://makler.example');
    sendInit(env, {}, 'https://makler.example');
    receiveMessage(env, { hello: 'world' }, { origin: 'https://other.example' });
    expect(env.log).toHaveBeenCalledTimes(1);
    expect(env.log).toHaveBeenCalledWith(
      "init from https://makler.example refused: that origin is not allowed to embed this widget. Add it to ALLOWED_ORIGINS on the widget's server.",
    );
  });

  it('ignores an init that does not come from the parent window', () => {
    const { env, store } = setupStore();
    receiveMessage(env, hostMessage('init', {}), { source: {} });
    expect(store.getState().host.status).toBe('waiting');
  });

  it('once initialised, lets no other origin re-initialise', () => {
    const { env, store } = setupStore();
    sendInit(env, { config: { mapZoom: 10 } });
    sendInit(env, { config: { mapZoom: 18 } }, WIDGET_ORIGIN);
    expect(store.getState().host.origin).toBe(AGENCY_ORIGIN);
    expect(store.getState().host.config.mapZoom).toBe(10);
    sendInit(env, { config: { mapZoom: 18 } });
    expect(store.getState().host.config.mapZoom).toBe(18);
  });

  it('rejects random messages from random origins: no throw, no state change, no reply', () => {
    const { env, store } = setupStore();
    const before = store.getState();
    const repliesBefore = env.posted().length;
    const envelopeLike = fc.record(
      {
        source: fc.oneof(fc.constant('immosuite-host'), fc.string()),
        version: fc.oneof(fc.constant(1), fc.anything()),
        type: fc.oneof(fc.constant('init'), fc.string()),
        payload: fc.anything(),
      },
      { requiredKeys: [] },
    );
    const foreignOrigin = fc
      .oneof(
        fc.webUrl().map((url) => new URL(url).origin),
        fc.string(),
        fc.constant('null'),
      )
      .filter((origin) => origin !== AGENCY_ORIGIN && origin !== WIDGET_ORIGIN);
    // A foreign origin with a perfect envelope, or any origin with a broken envelope.
    const hostile = fc.oneof(
      fc.tuple(foreignOrigin, fc.oneof(envelopeLike, fc.anything())),
      fc.tuple(
        fc.constantFrom(AGENCY_ORIGIN, WIDGET_ORIGIN),
        fc.oneof(
          fc.anything(),
          envelopeLike.filter(
            (e) =>
              !(
                e.source === 'immosuite-host' &&
                e.version === 1 &&
                e.type === 'init' &&
                typeof e.payload === 'object' &&
                e.payload !== null &&
                !Array.isArray(e.payload)
              ),
          ),
        ),
      ),
    );
    fc.assert(
      fc.property(hostile, ([origin, data]) => {
        expect(() => receiveMessage(env, data, { origin })).not.toThrow();
        expect(store.getState()).toBe(before);
        expect(env.posted()).toHaveLength(repliesBefore);
      }),
      { numRuns: 400 },
    );
  });

  it('sends nothing but ready before init', () => {
    const { env, store } = setupStore();
    env.emitHeight(300);
    store.dispatch(trackingEventOccurred({ event: 'LeadWizard' }));
    store.dispatch(scrollToTopRequested());
    expect(env.posted()).toHaveLength(1);
  });

  it('sends tracking, scroll and save messages to the init origin only', () => {
    const { env, store } = setupStore();
    sendInit(env);
    store.dispatch(trackingEventOccurred({ event: 'immoObjectInquiry', label: 'W-1001' }));
    store.dispatch(scrollToTopRequested());
    store.dispatch(wizardHandedToHost({ lead: { categoryId: 30225 } }));
    store.dispatch(wizardHandedToHost({ savedSearch: { categoryId: 22332 } }));
    expect(env.posted().slice(1)).toEqual([
      [widgetMessage('tracking', { event: 'immoObjectInquiry', label: 'W-1001' }), AGENCY_ORIGIN],
      [widgetMessage('scroll', { top: 0 }), AGENCY_ORIGIN],
      [widgetMessage('save', { lead: { categoryId: 30225 } }), AGENCY_ORIGIN],
      [widgetMessage('save', { savedSearch: { categoryId: 22332 } }), AGENCY_ORIGIN],
    ]);
  });

  it('initialises itself from its URL when opened without a host page', () => {
    const env = createTestEnv({
      parent: null,
      urlLanguage: 'en',
      query: { order: 'address-first', qa: 'record' },
    } as never);
    const { store } = setupStore({ env });
    const { host } = store.getState();
    expect(host.status).toBe('ready');
    expect(host.origin).toBe(WIDGET_ORIGIN);
    expect(host.config.language).toBe('en');
    expect(host.config.query.order).toBe('address-first');
    expect(host.config.options.recordActions).toBe(true);
  });
});

describe('size reporting', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  const sizes = (env: ReturnType<typeof createTestEnv>) =>
    env
      .posted()
      .map(([message]) => message as { type: string; payload: { height: number } })
      .filter((message) => message.type === 'size')
      .map((message) => message.payload.height);

  it('reports the height measured before init once init arrives', () => {
    const { env } = setupStore();
    env.emitHeight(120);
    env.emitHeight(140);
    expect(sizes(env)).toEqual([]);
    sendInit(env);
    expect(sizes(env)).toEqual([140]);
  });

  it('sends at most one message per 16 ms, the newest height last', async () => {
    const { env } = setupStore();
    sendInit(env);
    env.emitHeight(100);
    for (let h = 101; h <= 110; h += 1) env.emitHeight(h);
    expect(sizes(env)).toEqual([100]);
    await jest.advanceTimersByTimeAsync(15);
    expect(sizes(env)).toEqual([100]);
    await jest.advanceTimersByTimeAsync(1);
    expect(sizes(env)).toEqual([100, 110]);
    await jest.advanceTimersByTimeAsync(100);
    expect(sizes(env)).toEqual([100, 110]);
  });

  it('sends nothing when the height did not change', async () => {
    const { env } = setupStore();
    sendInit(env);
    env.emitHeight(200);
    await jest.advanceTimersByTimeAsync(20);
    env.emitHeight(200);
    await jest.advanceTimersByTimeAsync(20);
    env.emitHeight(200);
    await jest.advanceTimersByTimeAsync(20);
    expect(sizes(env)).toEqual([200]);
    env.emitHeight(260);
    expect(sizes(env)).toEqual([200, 260]);
    expect(env.posted().every(([, origin]) => origin === AGENCY_ORIGIN || origin === '*')).toBe(
      true,
    );
  });

  it('keeps where the visible part of a tall frame starts, from the host page', () => {
    const { env, store } = setupStore();
    sendInit(env);
    receiveMessage(env, hostMessage('viewport', { top: 1200, height: 700 }));
    expect(store.getState().host.visible).toEqual({ top: 1200, height: 700 });
    receiveMessage(env, hostMessage('viewport', { top: -5, height: 'x' }));
    expect(store.getState().host.visible).toEqual({ top: 1200, height: 700 });
  });

  describe('QA commands from the host page', () => {
    function withRecorder() {
      const qa = {
        recording: false,
        size: 0,
        start: jest.fn(() => {
          qa.recording = true;
        }),
        exportLog: jest.fn((options: { redact: boolean }) => ({ redacted: options.redact })),
      };
      const { env, store } = setupStore({ env: createTestEnv({ qa }) });
      return { env, store, qa };
    }
    const lastPost = (env: ReturnType<typeof createTestEnv>) => env.posted().at(-1);

    it('starts recording and exports the log, answering the initialised page only', async () => {
      const { env, qa } = withRecorder();
      sendInit(env);
      receiveMessage(env, hostMessage('qa', { command: 'record' }));
      expect(qa.start).toHaveBeenCalledTimes(1);
      receiveMessage(env, hostMessage('qa', { command: 'export', id: 'x1', redact: false }));
      expect(qa.exportLog).toHaveBeenCalledWith({ redact: false });
      // The widget's recorder answers once its export code has loaded (a promise).
      await waitFor(() =>
        expect(lastPost(env)).toEqual([
          widgetMessage('qa-log', { id: 'x1', log: { redacted: false } }),
          AGENCY_ORIGIN,
        ]),
      );
      // Anything but an explicit false redacts.
      receiveMessage(env, hostMessage('qa', { command: 'export', id: 'x2', redact: 'no' }));
      expect(qa.exportLog).toHaveBeenLastCalledWith({ redact: true });
    });

    it('answers with an error when the export fails (its code could not load)', async () => {
      const { env, qa } = withRecorder();
      qa.size = 3;
      qa.exportLog.mockImplementation(() => {
        throw new Error('ChunkLoadError');
      });
      sendInit(env);
      receiveMessage(env, hostMessage('qa', { command: 'export', id: 'x9' }));
      await waitFor(() =>
        expect(lastPost(env)).toEqual([
          widgetMessage('qa-log', { id: 'x9', error: 'the log could not be exported' }),
          AGENCY_ORIGIN,
        ]),
      );
    });

    it('says why there is no log', () => {
      const { env } = withRecorder();
      sendInit(env);
      receiveMessage(env, hostMessage('qa', { command: 'export', id: 'x1' }));
      expect(lastPost(env)).toEqual([
        widgetMessage('qa-log', { id: 'x1', error: 'nothing recorded: start recording first' }),
        AGENCY_ORIGIN,
      ]);
    });

    it('ignores commands before init, from another allowed origin, and malformed ones', () => {
      const { env, qa } = withRecorder();
      receiveMessage(env, hostMessage('qa', { command: 'record' }));
      expect(qa.start).not.toHaveBeenCalled();
      sendInit(env);
      const before = env.posted().length;
      receiveMessage(env, hostMessage('qa', { command: 'record' }), { origin: WIDGET_ORIGIN });
      receiveMessage(env, hostMessage('qa', { command: 'export', id: 'x' }), {
        origin: WIDGET_ORIGIN,
      });
      receiveMessage(env, hostMessage('qa', { command: 'export' }));
      receiveMessage(env, hostMessage('qa', { command: 'export', id: 'x'.repeat(101) }));
      receiveMessage(env, hostMessage('qa', { command: 'erase' }));
      expect(qa.start).not.toHaveBeenCalled();
      expect(qa.exportLog).not.toHaveBeenCalled();
      expect(env.posted()).toHaveLength(before);
    });
  });
});
