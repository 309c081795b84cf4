import { createSlice, type PayloadAction, type WithSlice } from '@reduxjs/toolkit';
import type { components } from '../../../contract/types';
import type { BodyOf } from '../../api/contract';
import { rootReducer } from '../../app/store';
import type { MessageKey } from '../../i18n';
import { EMPTY_CONTACT, type ContactValues } from '../../parts/contactForm/model';
import { newSubmissionKey, type SubmitFailure } from '../../wizard/submission';
import { loggedIn, loggedOut } from '../../session/slice';
import type { SavedSearch } from '../savedSearchWizard';
import {
  DEFAULT_TAB,
  disclaimerAccepted,
  sessionTransition,
  type Phase,
  type SessionEvent,
  type Tab,
} from './machine';

export type InquiryItem = components['schemas']['InquiryItem'];
/** A saved search as the portal's dialogs save it. */
export type SavedSearchInput = BodyOf<'/v1/saved-search', 'POST'>;

/** 'offline': the mail was not asked for (no connection); it is asked for again once online. */
export type LoginFormStatus = 'editing' | 'sending' | 'sent' | 'checkEmail' | 'error' | 'offline';

/** The dialog open now, if any (one at a time). */
export type PortalDialog =
  | { kind: 'createSearch' }
  | { kind: 'editSearch'; uuid: string }
  | { kind: 'deleteSearch'; uuid: string }
  | { kind: 'account' }
  | { kind: 'deleteAccount' };

export interface PortalState {
  phase: Phase;
  login: { email: string; status: LoginFormStatus };
  /** A message above the screen: 'Vielen Dank für Ihre Anfrage!', 'Sie wurden abgemeldet.', … */
  notice: { key: MessageKey; severity: 'success' | 'info' | 'error' } | null;
  tab: Tab;
  /** product 3.12: the cached lists, null until loaded (again after a change, until reloaded). */
  savedSearches: SavedSearch[] | null;
  inquiries: InquiryItem[] | null;
  /** The account form's values; null until the contact has loaded. */
  contact: ContactValues | null;
  /** The contact as stored (its e-mail, the disclaimer's state). */
  stored: { email: string; disclaimer: boolean } | null;
  /** 'offline': not saved for want of a connection; saved again once online. */
  accountStatus: 'editing' | 'saving' | 'saved' | 'error' | 'userError' | 'offline';
  dialog: PortalDialog | null;
  /** A saved-search change or the account's deletion under way (the dialog's buttons wait). */
  busy: boolean;
  /** 'Konto löschen' confirmed: on its way, or failed (said in the dialog). */
  accountDeletion: 'idle' | 'deleting' | 'failed';
  /**
   * The dialog's last change (a saved search to save, or the delete), while it waits for the
   * connection: said in the dialog, and made again once the browser is back online.
   */
  offlineChange: { save: SavedSearchInput } | { delete: true } | null;
  /**
   * The Idempotency-Keys of the requests that change something (docs/security.md#idempotency):
   * a new one per request, the same on its resend after a lost connection, so the server
   * answers a resend of one that did go through with its first answer.
   */
  keys: { search: string; account: string; loginMail: string };
}

const sameJson = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/** A request's key, made with the action that asks for it (reducers stay pure). */
const withKey = <P>(payload: P) => ({ payload, meta: newSubmissionKey(Date.now()) });

/** What the portal holds of a contact, as it is before a login and after the session. */
const NO_CONTACT = {
  tab: DEFAULT_TAB,
  savedSearches: null,
  inquiries: null,
  contact: null,
  stored: null,
  accountStatus: 'editing',
  dialog: null,
  busy: false,
  accountDeletion: 'idle',
  offlineChange: null,
} satisfies Partial<PortalState>;

export const initialPortalState: PortalState = {
  phase: 'starting',
  login: { email: '', status: 'editing' },
  keys: { search: '', account: '', loginMail: '' },
  notice: null,
  ...NO_CONTACT,
};

function apply(state: PortalState, event: SessionEvent) {
  const next = sessionTransition(state.phase, event);
  if (next) state.phase = next;
}

/** Nothing of the contact stays once the session is over (product 4.7). */
function forgetContact(state: PortalState) {
  Object.assign(state, NO_CONTACT);
}

/** The contact as the backend answered it: the account form's values and what is stored. */
function keepContact(state: PortalState, contact: ContactValues & { email: string }) {
  state.contact = { ...EMPTY_CONTACT, ...contact };
  state.stored = { email: contact.email, disclaimer: disclaimerAccepted(contact.customFields) };
}

export const portalSlice = createSlice({
  name: 'portal',
  initialState: initialPortalState,
  reducers: {
    /** The login route opened, with the key `k` from its address, if any. */
    opened(state, _action: PayloadAction<{ k: string | null }>) {
      apply(state, { type: 'OPENED' });
    },
    /** No session and no key: the login form shows. */
    noSession(state) {
      apply(state, { type: 'NO_SESSION' });
    },
    /** A confirmation key confirmed its submission (opcode Contact). */
    submissionConfirmed(state) {
      state.notice = { key: 'login.thanks', severity: 'success' };
    },
    /** The key from the address was neither a confirmation nor a login key (product 8.3). */
    /** A mailed key that logs nobody in; `used`: opened already in another browser. */
    keyRefused(state, action: PayloadAction<'used' | undefined>) {
      state.notice = {
        key: action.payload === 'used' ? 'login.keyUsed' : 'errors.generic',
        severity: 'error',
      };
      apply(state, { type: 'NO_SESSION' });
    },
    loginEmailEdited(state, action: PayloadAction<string>) {
      state.login = { email: action.payload.slice(0, 254), status: 'editing' };
    },
    loginEmailRequested: {
      reducer(state, action: PayloadAction<undefined, string, string>) {
        // A resend of a mail that found no connection keeps its key.
        if (state.login.status === 'sending') return;
        if (state.login.status !== 'offline') state.keys.loginMail = action.meta;
        state.login.status = 'sending';
      },
      prepare: () => withKey(undefined),
    },
    loginEmailAnswered(state, action: PayloadAction<{ sent: boolean }>) {
      state.login.status = action.payload.sent ? 'sent' : 'checkEmail';
    },
    loginEmailFailed(state, action: PayloadAction<SubmitFailure | undefined>) {
      state.login.status = action.payload?.offline ? 'offline' : 'error';
    },
    tabShown(state, action: PayloadAction<Tab>) {
      state.tab = action.payload;
    },
    logoutClicked() {},
    savedSearchesLoaded(state, action: PayloadAction<SavedSearch[]>) {
      state.savedSearches = action.payload;
    },
    inquiriesLoaded(state, action: PayloadAction<InquiryItem[]>) {
      state.inquiries = action.payload;
    },
    contactLoaded(state, action: PayloadAction<ContactValues & { email: string }>) {
      keepContact(state, action.payload);
      // product 2.10.4: the account dialog opens by itself while the disclaimer is not accepted.
      const contact = action.payload;
      if (!disclaimerAccepted(contact.customFields) && contact.email && state.dialog === null)
        state.dialog = { kind: 'account' };
    },
    dialogOpened(state, action: PayloadAction<PortalDialog>) {
      state.dialog = action.payload;
      state.offlineChange = null;
      state.accountDeletion = 'idle';
    },
    /** 'Konto löschen' confirmed in its dialog: the backend erases the account. */
    accountDeleteConfirmed(state) {
      if (state.dialog?.kind !== 'deleteAccount' || state.busy) return;
      state.busy = true;
      state.accountDeletion = 'deleting';
    },
    accountDeleteFailed(state) {
      state.busy = false;
      state.accountDeletion = 'failed';
    },
    /** Erased and logged out (after loggedOut): the login screen says so. */
    accountDeleted(state) {
      state.notice = { key: 'login.accountDeleted', severity: 'success' };
    },
    dialogClosed(state) {
      if (state.busy) return;
      state.dialog = null;
      state.offlineChange = null;
    },
    /** The wizard in the create or edit dialog assembled this saved search; 'Speichern'. */
    searchSaveRequested: {
      reducer(state, action: PayloadAction<SavedSearchInput, string, string>) {
        // The same saved search sent again after a lost connection keeps its key.
        const waiting = state.offlineChange;
        if (!(waiting && 'save' in waiting && sameJson(waiting.save, action.payload)))
          state.keys.search = action.meta;
        state.busy = true;
        state.offlineChange = null;
      },
      prepare: (save: SavedSearchInput) => withKey(save),
    },
    deleteConfirmed(state) {
      state.busy = true;
      state.offlineChange = null;
    },
    /** A create, update or delete went through: the list is cleared and reloaded (product 4.12). */
    searchesChanged(state) {
      state.busy = false;
      state.dialog = null;
      state.savedSearches = null;
    },
    /** `offline`: the change that found no connection, to be made again. */
    searchChangeFailed(state, action: PayloadAction<PortalState['offlineChange'] | undefined>) {
      state.busy = false;
      state.offlineChange = action.payload ?? null;
    },
    accountEdited(state, action: PayloadAction<ContactValues>) {
      // The same values again (the form's submit) leave a save waiting for the connection.
      const same = state.accountStatus === 'offline' && sameJson(state.contact, action.payload);
      state.contact = action.payload;
      if (state.accountStatus !== 'saving' && !same) state.accountStatus = 'editing';
    },
    accountSaveRequested: {
      reducer(state, action: PayloadAction<undefined, string, string>) {
        if (state.accountStatus === 'saving') return;
        // A resend of a save that found no connection keeps its key (an edit makes it 'editing').
        if (state.accountStatus !== 'offline') state.keys.account = action.meta;
        state.accountStatus = 'saving';
      },
      prepare: () => withKey(undefined),
    },
    accountInvalid(state) {
      state.accountStatus = 'userError';
    },
    accountSaved(state, action: PayloadAction<ContactValues & { email: string }>) {
      state.accountStatus = 'saved';
      keepContact(state, action.payload);
      if (state.dialog?.kind === 'account') state.dialog = null;
    },
    accountSaveFailed(state, action: PayloadAction<SubmitFailure | undefined>) {
      state.accountStatus = action.payload?.offline ? 'offline' : 'error';
    },
    noticeDismissed(state) {
      state.notice = null;
    },
  },
  extraReducers: (builder) => {
    builder
      .addCase(loggedIn, (state) => {
        apply(state, { type: 'LOGGED_IN' });
        if (state.notice?.key === 'login.loggedOut') state.notice = null;
      })
      .addCase(loggedOut, (state) => {
        const was = state.phase;
        apply(state, { type: 'LOGGED_OUT' });
        forgetContact(state);
        if (was === 'loggedIn') state.notice = { key: 'login.loggedOut', severity: 'info' };
      });
  },
});

export const portalActions = portalSlice.actions;

declare module '../../app/store' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- module augmentation
  export interface LazyLoadedSlices extends WithSlice<typeof portalSlice> {}
}

export const selectPortal = portalSlice.injectInto(rootReducer).selectSlice;
