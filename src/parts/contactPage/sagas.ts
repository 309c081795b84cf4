/**
 * A contact page's effects: its draft across a reload, the submission (one Idempotency-Key
 * per submission, the configured submit URL), tracking after success, and scrolling the host
 * page to the success message.
 */
import type { Action } from '@reduxjs/toolkit';
import {
  call,
  getContext,
  put,
  select,
  takeEvery,
  takeLatest,
  takeLeading,
} from 'redux-saga/effects';
import { callApi } from '../../app/apiSaga';
import type { AppEnv } from '../../app/env';
import type { Saga } from '../../app/saga';
import { selectConfig } from '../../app/selectors';
import type { RootState } from '../../app/store';
import type { ApiResult } from '../../api/client';
import type { AppConfig } from '../../host/config';
import { scrollToTopRequested, trackingEventOccurred } from '../../host/actions';
import type { TrackingEvent } from '../../host/protocol';
import { persistDraft, restoreDraft, type DraftOptions } from '../../wizard/draftSaga';
import { resendWhenOnline } from '../../wizard/resend';
import { SUBMIT_CALL, waitsForConnection } from '../../wizard/submission';
import type { ContactPageDraft, ContactPageSlice, ContactPageState } from './slice';

export interface ContactPageOptions {
  slice: ContactPageSlice;
  select(state: RootState): ContactPageState;
  /** Session storage key of the page's draft. */
  draftKey: string;
  /** The default path, used when the config names no submit URL. */
  path: string;
  /** What the page sends besides the contact and the honeypot meta. */
  body(state: ContactPageState, config: AppConfig): Record<string, unknown>;
  /** The tracking event sent after success (spec 4), or null when the page has none. */
  tracking: ((config: AppConfig) => { event: TrackingEvent; label?: string }) | null;
}

export function contactPageSaga(options: ContactPageOptions): () => Saga {
  const { slice } = options;
  const actions = slice.actions;
  const draft: DraftOptions<ContactPageDraft> = {
    key: options.draftKey,
    select: (state) => {
      const { error: _error, ...rest } = options.select(state);
      return rest;
    },
    schema: () =>
      import(/* webpackChunkName: "contact-page-draft" */ './draft').then(
        (m) => m.contactPageDraftSchema,
      ),
    restored: actions.restored,
    changes: (action: Action) => action.type.startsWith(`${slice.name}/`),
  };

  function* submit(): Saga {
    const env: AppEnv = yield getContext('env');
    const state: ContactPageState = yield select(options.select);
    // The machine refused (already sending or sent): nothing to do.
    if (state.status !== 'loading') return;
    const config: AppConfig = yield select(selectConfig);
    const result: ApiResult<unknown> = yield call(
      callApi,
      {
        method: 'POST',
        path: config.submitUrl ?? options.path,
        headers: { 'Idempotency-Key': state.submissionKey },
        body: {
          ...options.body(state, config),
          meta: {
            website: state.contact.website,
            fillMs: Math.max(0, env.now() - state.startedAt),
          },
        },
      },
      SUBMIT_CALL,
    );
    if (!result.ok) {
      const { error } = result;
      yield put(
        actions.submitFailed({
          code: error.kind === 'server' ? error.code : null,
          offline: error.kind === 'network',
        }),
      );
      return;
    }
    yield put(actions.submitSucceeded());
    if (options.tracking) yield put(trackingEventOccurred(options.tracking(config)));
    // The form gives way to a short message: the host page brings the frame's top into view.
    yield put(scrollToTopRequested());
  }

  // Named after the page, so a failing one says which (store.ts logs the saga's name).
  const saga = {
    *[`${slice.name}Saga`](): Saga {
      yield takeEvery(actions.opened.type, function* () {
        yield call(restoreDraft<ContactPageDraft>, draft);
      });
      yield persistDraft(draft);
      yield takeLeading(actions.submitRequested.type, submit);
      yield takeLatest(
        actions.submitFailed.type,
        resendWhenOnline(
          (state) => waitsForConnection(options.select(state)),
          () => actions.submitRequested(),
        ),
      );
    },
  }[`${slice.name}Saga`]!;
  return saga;
}
