/**
 * What every form that sends (a wizard, a contact page) does: its draft kept across a reload,
 * the send (one Idempotency-Key per submission, the configured submit URL, the honeypot and the
 * fill time), tracking and the host page scrolled to the message after success, and a send
 * that found no connection made again once the browser is back online.
 */
import type { Action, ActionCreatorWithoutPayload, PayloadActionCreator } from '@reduxjs/toolkit';
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
import { callApi } from '../app/apiSaga';
import type { AppEnv } from '../app/env';
import type { Saga } from '../app/saga';
import { selectConfig } from '../app/selectors';
import type { RootState } from '../app/store';
import type { BodyOf, SubmissionPath } from '../api/contract';
import type { AppConfig } from '../host/config';
import { scrollToTopRequested, trackingEventOccurred } from '../host/actions';
import type { TrackingPayload } from '../host/protocol';
import type { ContactValues } from '../parts/contactForm/model';
import type { DraftSchema } from './draft';
import { persistDraft, restoreDraft, type DraftOptions } from './draftSaga';
import { resendWhenOnline } from './resend';
import {
  SUBMIT_CALL,
  waitsForConnection,
  type SubmitFailure,
  type SubmitStatus,
} from './submission';

/** What the contract's submissions take. */
type SubmissionBody = BodyOf<SubmissionPath, 'POST'>;

/** What a sending form's state holds. */
export interface FormState {
  status: SubmitStatus;
  contact: ContactValues;
  submissionKey: string;
  startedAt: number;
  error: string | null;
}

/** The events of a sending form (its slice's actions). */
export interface FormActions<D> {
  opened: { type: string };
  restored: PayloadActionCreator<D>;
  submitRequested: ActionCreatorWithoutPayload;
  submitSucceeded: ActionCreatorWithoutPayload;
  submitFailed: PayloadActionCreator<SubmitFailure>;
}

export interface FormOptions<S extends FormState, D> {
  /** The slice's name: its actions are the form's, and its saga is named after it. */
  name: string;
  actions: FormActions<D>;
  select(state: RootState): S;
  draft: {
    key: string;
    /** Loads the schema a stored draft must pass (its own chunk). */
    schema(): Promise<DraftSchema>;
    /** The draft as stored. */
    select(state: RootState): D & { status: SubmitStatus };
    /** The actions that change the draft (by default the form's own). */
    changes?(action: Action): boolean;
  };
  /** The backend path it posts to unless the config names a submit URL (product 7.2). */
  path: SubmissionPath;
  /** What it sends besides the honeypot and the fill time. */
  body(state: S, config: AppConfig, root: RootState): Omit<SubmissionBody, 'meta'>;
  /** The tracking event after success (product 4.3), or null when it has none. */
  tracking(config: AppConfig, answer: unknown): TrackingPayload | null;
  /** What the form keeps of the success's answer, put before it shows the success. */
  answered?(answer: unknown): Action;
  /** Effects of its own with the backend's answer to a send that succeeded (before tracking). */
  succeeded?(answer: unknown): Saga;
  /** Effects of its own once opened, after the draft is back. */
  opened?(): Saga;
  /** Effects of its own besides (started after the form's). */
  more?(): Saga;
}

/**
 * Sends one submission as every form does (product 7.2): to the configured submit URL, else its
 * path, under its Idempotency-Key, with the honeypot and the time since the form was begun.
 * A send sooner than `env.minFillMs` after the form was begun waits until then, the form showing
 * that it is sending: the server would take it for a bot (decision 191). A failure is put as
 * `failed` (no connection, or the server's code); the answer's data otherwise.
 */
export function* sendSubmission<P extends SubmissionPath>(
  request: { path: P; key: string; body: Omit<BodyOf<P, 'POST'>, 'meta'> },
  form: { website: string; startedAt: number },
  failed: PayloadActionCreator<SubmitFailure>,
): Saga<{ data: unknown } | null> {
  const env: AppEnv = yield getContext('env');
  const early = Math.min(env.minFillMs, env.minFillMs - (env.now() - form.startedAt));
  if (early > 0) yield delay(early);
  const fillMs = Math.max(0, env.now() - form.startedAt, early > 0 ? env.minFillMs : 0);
  const config: AppConfig = yield select(selectConfig);
  const result = yield* callApi(
    {
      method: 'POST',
      path: request.path as SubmissionPath,
      url: config.submitUrl,
      headers: { 'Idempotency-Key': request.key },
      body: {
        ...(request.body as unknown as Omit<SubmissionBody, 'meta'>),
        meta: { website: form.website, fillMs },
      },
    },
    SUBMIT_CALL,
  );
  if (!result.ok) {
    const { error } = result;
    yield put(
      failed({
        code: error.kind === 'server' ? error.code : null,
        offline: error.kind === 'network',
      }),
    );
    return null;
  }
  return { data: result.data };
}

export function formSaga<S extends FormState, D>(options: FormOptions<S, D>) {
  const { actions } = options;
  const prefix = `${options.name}/`;
  const draft: DraftOptions<D> = {
    changes: (action) => action.type.startsWith(prefix),
    ...options.draft,
    restored: actions.restored,
    opened: actions.opened.type,
  };

  function* send(): Saga {
    const state: S = yield select(options.select);
    // The machine refused (already sending or sent): nothing to do.
    if (state.status !== 'loading') return;
    const config: AppConfig = yield select(selectConfig);
    const root: RootState = yield select();
    const answer = yield* sendSubmission(
      { path: options.path, key: state.submissionKey, body: options.body(state, config, root) },
      { website: state.contact.website, startedAt: state.startedAt },
      actions.submitFailed,
    );
    if (!answer) return;
    if (options.answered) yield put(options.answered(answer.data));
    yield put(actions.submitSucceeded());
    if (options.succeeded) yield call(options.succeeded, answer.data);
    const tracking = options.tracking(config, answer.data);
    if (tracking) yield put(trackingEventOccurred(tracking));
    // The form gives way to a short message: the host page brings the frame's top into view.
    yield put(scrollToTopRequested());
  }

  // Named after the form, so a failing one says which (store.ts logs the saga's name).
  return {
    *[`${options.name}Saga`](): Saga {
      yield takeEvery(actions.opened.type, function* () {
        yield call(restoreDraft<D>, draft);
        if (options.opened) yield call(options.opened);
      });
      yield persistDraft(draft);
      yield takeLeading(actions.submitRequested.type, send);
      yield takeLatest(
        actions.submitFailed.type,
        resendWhenOnline(
          (state) => waitsForConnection(options.select(state)),
          () => actions.submitRequested(),
        ),
      );
      if (options.more) yield call(options.more);
    },
  }[`${options.name}Saga`]!;
}
