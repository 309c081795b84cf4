/**
 * The frame channel: listens for the host's init, answers only the origin it came from, and
 * turns store events into size, tracking, scroll and save messages for the host page.
 */
import { buffers, eventChannel, type EventChannel } from 'redux-saga';
import {
  call,
  cancelled,
  delay,
  fork,
  spawn,
  getContext,
  put,
  race,
  select,
  take,
  takeEvery,
  takeLatest,
} from 'redux-saga/effects';
import type { AppEnv } from '../app/env';
import type { Saga } from '../app/saga';
import type { RootState } from '../app/store';
import {
  frameViewportReported,
  messagesOutOfView,
  scrollToTopRequested,
  stepShown,
  trackingEventOccurred,
  wizardHandedToHost,
} from './actions';
import { parseInitPayload, type UrlDefaults } from './config';
import {
  isAllowedOrigin,
  parseHostEnvelope,
  parseQaCommand,
  parseViewport,
  widgetMessage,
  type QaCommand,
  type WidgetEnvelope,
  type WidgetPayloads,
} from './protocol';
import { initAccepted, initOverdue, languageApplied } from './slice';

/** decision 12: at most one size message per 16 ms. */
const FRAME_RESIZE_THROTTLE_MS = 16;
/** Without an init by then, the progress bar gives way to a notice. */
export const INIT_NOTICE_MS = 10_000;

const selectHost = (state: RootState) => state.host;

function messageChannel(target: AppEnv['messages']): EventChannel<MessageEvent> {
  return eventChannel<MessageEvent>((emit) => {
    const listener = (event: Event) => emit(event as MessageEvent);
    target.addEventListener('message', listener);
    return () => target.removeEventListener('message', listener);
  }, buffers.expanding(10));
}

/** Sends a message to the host, only ever to the origin whose init we accepted. */
export function* postToHost(message: WidgetEnvelope): Saga {
  const env: AppEnv = yield getContext('env');
  const { origin } = yield select(selectHost);
  if (!env.parent || !origin) return;
  try {
    env.parent.postMessage(message, origin);
  } catch (error) {
    env.log('could not post to the host page', error);
  }
}

/** QA commands, only from the page whose init was accepted; the log goes back only there. */
function* handleQa(env: AppEnv, command: QaCommand): Saga {
  if (command.command === 'record') {
    env.qa?.start();
    return;
  }
  let answer: WidgetPayloads['qa-log'];
  if (!env.qa) answer = { id: command.id, error: 'this widget has no action recorder' };
  else if (!env.qa.recording && env.qa.size === 0)
    answer = { id: command.id, error: 'nothing recorded: start recording first' };
  else {
    const qa = env.qa;
    try {
      // The export code may load first (lazyRecorder.ts).
      const log: unknown = yield call(() =>
        Promise.resolve(qa.exportLog({ redact: command.redact })),
      );
      answer = { id: command.id, log };
    } catch (error) {
      env.log('QA log could not be exported', error);
      answer = { id: command.id, error: 'the log could not be exported' };
    }
  }
  yield call(postToHost, widgetMessage('qa-log', answer));
}

/** Origins whose refused init has been logged (once each). */
const refusedOrigins = new WeakMap<AppEnv, Set<string>>();

function* handleMessage(env: AppEnv, event: MessageEvent): Saga {
  const envelope = parseHostEnvelope(event.data);
  if (!envelope) return;
  if (!isAllowedOrigin(event.origin, env.allowList)) {
    // The embedding page's developer learns why nothing happens, once per origin.
    const logged = refusedOrigins.get(env) ?? new Set<string>();
    refusedOrigins.set(env, logged);
    if (envelope.type === 'init' && env.parent && event.source === env.parent) {
      const origin = String(event.origin);
      if (!logged.has(origin)) {
        logged.add(origin);
        env.log(
          `init from ${origin} refused: that origin is not allowed to embed this widget. Add it to ALLOWED_ORIGINS on the widget's server.`,
        );
      }
    }
    return;
  }
  if (!env.parent || event.source !== env.parent) return;
  const { origin } = yield select(selectHost);
  if (envelope.type === 'viewport') {
    if (origin === event.origin) yield put(frameViewportReported(parseViewport(envelope.payload)!));
    return;
  }
  if (envelope.type === 'qa') {
    // Detached: an export that loads its code does not hold up the next message.
    if (origin === event.origin) yield spawn(handleQa, env, parseQaCommand(envelope.payload)!);
    return;
  }
  if (origin !== null && origin !== event.origin) return;
  const parsed = parseInitPayload(envelope.payload, urlDefaults(env));
  if (parsed.warnings.length > 0) env.log('init config values ignored', parsed.warnings);
  yield put(initAccepted({ origin: event.origin, ...parsed }));
}

function* listenForInit(env: AppEnv): Saga {
  const channel = messageChannel(env.messages);
  try {
    for (;;) {
      const event: MessageEvent = yield take(channel);
      try {
        yield call(handleMessage, env, event);
      } catch (error) {
        env.log('host message rejected', error);
      }
    }
  } finally {
    if (yield cancelled()) channel.close();
  }
}

function urlDefaults(env: AppEnv): UrlDefaults {
  return { language: env.urlLanguage, query: env.query };
}

/** No init in time (e.g. a page that may not embed the widget): a notice, not endless progress. */
function* noticeWithoutInit(): Saga {
  const { timeout } = yield race({ init: take(initAccepted.type), timeout: delay(INIT_NOTICE_MS) });
  if (timeout) yield put(initOverdue());
}

/** Opened on its own (no host page, e.g. by QA), the widget initialises itself from its URL. */
function* initStandalone(env: AppEnv): Saga {
  const recordActions = env.query.qa === 'record';
  const parsed = parseInitPayload({ config: { options: { recordActions } } }, urlDefaults(env));
  yield put(initAccepted({ origin: env.origin, ...parsed }));
}

function heightChannel(env: AppEnv): EventChannel<number> {
  // Sliding buffer: while throttled, only the newest height is kept.
  return eventChannel<number>((emit) => env.observeHeight(emit), buffers.sliding(1));
}

/** At most one size message per 16 ms, only when the height changed (decision 12). */
function* reportSize(env: AppEnv): Saga {
  const channel = heightChannel(env);
  try {
    const { status } = yield select(selectHost);
    if (status !== 'ready') yield take(initAccepted.type);
    let last = -1;
    for (;;) {
      const height: number = yield take(channel);
      if (height === last) continue;
      last = height;
      yield call(postToHost, widgetMessage('size', { height }));
      yield delay(FRAME_RESIZE_THROTTLE_MS);
    }
  } finally {
    if (yield cancelled()) channel.close();
  }
}

/** Loads and switches to the init's language; the route view shows once it is there. */
function* applyLanguage(env: AppEnv, action: ReturnType<typeof initAccepted>): Saga {
  const { language } = action.payload.config;
  try {
    yield call(env.setLanguage, language);
  } catch (error) {
    // Its strings could not load (offline): the widget goes on in the language it has.
    env.log(`language ${language} could not be loaded`, error);
  }
  yield put(languageApplied(language));
}

export function* hostSaga(): Saga {
  const env: AppEnv = yield getContext('env');
  yield takeLatest(initAccepted.type, applyLanguage, env);
  yield takeEvery(
    trackingEventOccurred.type,
    function* (action: ReturnType<typeof trackingEventOccurred>) {
      yield call(postToHost, widgetMessage('tracking', action.payload));
    },
  );
  yield takeEvery(stepShown.type, function* (action: ReturnType<typeof stepShown>) {
    yield call(postToHost, widgetMessage('step', { step: action.payload }));
  });
  yield takeEvery(scrollToTopRequested.type, function* () {
    yield call(postToHost, widgetMessage('scroll', { top: 0 }));
  });
  yield takeEvery(messagesOutOfView.type, function* (action: ReturnType<typeof messagesOutOfView>) {
    yield call(postToHost, widgetMessage('scroll', { top: action.payload.bottom, align: 'end' }));
  });
  yield takeEvery(
    wizardHandedToHost.type,
    function* (action: ReturnType<typeof wizardHandedToHost>) {
      yield call(postToHost, widgetMessage('save', action.payload));
    },
  );
  if (!env.parent) {
    yield call(initStandalone, env);
    return;
  }
  yield fork(listenForInit, env);
  yield fork(reportSize, env);
  yield fork(noticeWithoutInit);
  // 'ready' carries nothing secret, so it may go to any origin: the embed script answers it
  // with init, addressed to our origin only.
  try {
    env.parent.postMessage(widgetMessage('ready', {}), '*');
  } catch (error) {
    env.log('could not reach the host page', error);
  }
}
