/**
 * Keeps a wizard's draft in session storage, so that a reload of the frame loses nothing:
 * restored when the wizard opens (the schema, and yup with it, load only when a draft exists),
 * saved a moment after each change and at once when the page is hidden (a reload, a closed tab,
 * another tab), removed once sent.
 */
import type { Action, PayloadActionCreator } from '@reduxjs/toolkit';
import { all, call, debounce, fork, getContext, put, select } from 'redux-saga/effects';
import type { AppEnv } from '../app/env';
import type { Saga } from '../app/saga';
import { documentVisibility, nextVisibility } from '../app/documentVisibility';
import type { RootState } from '../app/store';
import type { DraftSchema } from './draft';
import type { SubmitStatus } from './submission';

const PERSIST_DEBOUNCE_MS = 250;

export interface DraftOptions<D> {
  key: string;
  /** The draft as stored: what the visitor entered and where they stood. */
  select(state: RootState): D & { status: SubmitStatus };
  /** Loads the schema a stored draft must pass. */
  schema(): Promise<DraftSchema>;
  restored: PayloadActionCreator<D>;
  /** The actions that change the draft. */
  changes(action: Action): boolean;
  /** The action that opens the form: no change of the visitor's, so it saves nothing. */
  opened?: string;
}

export function* restoreDraft<D>(options: DraftOptions<D>): Saga {
  const env: AppEnv = yield getContext('env');
  try {
    const raw = env.sessionStore?.getItem(options.key);
    if (!raw) return;
    const [schema, { reviveDraft }]: [DraftSchema, typeof import('./draft')] = yield call(() =>
      Promise.all([options.schema(), import(/* webpackChunkName: "draft" */ './draft')]),
    );
    const draft = reviveDraft(schema, JSON.parse(raw));
    if (draft) yield put(options.restored(draft as D));
    else env.log(`draft ${options.key} did not pass its schema and was dropped`);
  } catch (error) {
    env.log(`draft ${options.key} could not be restored`, error);
  }
}

function* saveDraft<D>(options: DraftOptions<D>): Saga {
  const env: AppEnv = yield getContext('env');
  const draft: D & { status: SubmitStatus; submissionKey?: string } = yield select(options.select);
  try {
    // Sent, or emptied (its embedder saved it: no submission of its own yet): nothing to keep.
    if (draft.status === 'sent' || draft.submissionKey === '')
      env.sessionStore?.removeItem(options.key);
    else
      env.sessionStore?.setItem(
        options.key,
        // A send in flight did not finish if the page went away: it comes back editable.
        JSON.stringify({ ...draft, status: draft.status === 'loading' ? 'editing' : draft.status }),
      );
  } catch (error) {
    env.log(`draft ${options.key} could not be saved`, error);
  }
}

/**
 * The effect that saves the draft a moment after each change, and at once when the page is
 * hidden while a change waits for its moment: a reload or a closed tab hides the page first,
 * and the save runs before it goes, so even the last keystroke is kept. Opening the form is no
 * change, and a hide with no change waiting saves nothing: a stored draft still being restored
 * is never overwritten by the blank form.
 * Yield it; it forks.
 */
export function persistDraft<D>(options: DraftOptions<D>) {
  let waiting = false;
  function* save(): Saga {
    waiting = false;
    yield call(saveDraft<D>, options);
  }
  function* saveWhenHidden(): Saga {
    const env: AppEnv = yield getContext('env');
    const visibility = env.visibility ?? documentVisibility;
    for (;;) {
      yield call(nextVisibility, visibility, true);
      if (waiting) yield call(save);
    }
  }
  const changed = (action: Action) =>
    action.type !== options.opened && options.changes(action) ? (waiting = true) : false;
  return all([debounce(PERSIST_DEBOUNCE_MS, changed, save), fork(saveWhenHidden)]);
}
