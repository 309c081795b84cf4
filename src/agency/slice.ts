/**
 * The inbox's state: who is signed in (a staff session apart from contacts'), the list with its
 * filter and keyset pages, and the submission open in the detail. Actions are events; every
 * effect is in sagas.ts.
 */
import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { FunnelReport } from '../../contract/funnel';
import { isDay } from '../../contract/days';
import { NOTE_MAX } from '../../contract/agency';
import {
  HANDLING_TABLE,
  listTransition,
  LOAD_TABLE,
  next,
  SESSION_TABLE,
  type HandlingStatus,
  type ListEvent,
  type ListStatus,
  type LoadStatus,
  type SessionPhase,
} from './machines';
import {
  DEFAULT_SORT,
  EMPTY_FILTER,
  type ConsentEvent,
  type ListSort,
  type ListView,
  type Delivery,
  type Filter,
  type Handling,
  type InboxRow,
  type Note,
  type NoteMention,
  type Submission,
  type SubmissionDetail,
  type SubmissionMatches,
} from './types';

export type AgencyError = 'generic' | 'network' | 'notFound' | 'invalidKey' | 'badRequest';

export interface AgencyState {
  session: {
    phase: SessionPhase;
    email: string | null;
    /** The agency's name, as the server names it ('' if not). */
    agency: string;
    /** The sign-in form: what was typed, and what the last request answered. */
    form: { email: string; status: 'editing' | 'sending' | 'sent' | 'failed' | 'rateLimited' };
    keyRefused: boolean;
  };
  list: {
    filter: Filter;
    sort: ListSort;
    items: InboxRow[];
    /** The key of the page after the last one shown, or null. */
    next: string | null;
    /** How many submissions the filter finds in all (its first page says), or null until then. */
    total: number | null;
    status: ListStatus;
    error: AgencyError | null;
    /** What the list announces: a contact erased from a detail, the demo entries removed. */
    notice: 'erased' | 'demoRemoved' | 'noDemo' | null;
    /** 'Demo-Einträge entfernen': its confirmation open, the removal on its way, or failed. */
    demo: 'idle' | 'confirming' | 'removing' | 'failed';
    /** How many submissions the signed-in staff member has not read (null: not yet known). */
    unread: number | null;
  };
  /** The staff addresses a submission can be assigned to (AGENCY_USERS, from the server). */
  staff: string[];
  /**
   * Notes being written, by submission uuid: what was typed stays until it is saved, through
   * a failed save or another submission opened (the page's memory: leaving the page ends it).
   */
  drafts: Record<string, string>;
  detail: {
    uuid: string | null;
    submission: Submission | null;
    deliveries: Delivery[];
    /** The history of the contact's consents, oldest first. */
    consentLog: ConsentEvent[];
    status: LoadStatus;
    error: AgencyError | null;
    /** The last status change: saving, saved (announced) or failed. */
    handling: HandlingStatus;
    /**
     * Erasing the submission's contact: the confirmation dialog open, the erasure on its way,
     * failed, or done (the page goes back to the list).
     */
    erasure: 'idle' | 'confirming' | 'erasing' | 'failed' | 'erased';
    /** The notes on other contacts' submissions that name the contact, asked for by the dialog. */
    mentions: { status: LoadStatus; items: NoteMention[] };
    /** Whether the signed-in staff member has read it (marked once the detail opened). */
    read: boolean;
    /** The last read mark set: saving, saved or failed. */
    readMark: HandlingStatus;
    /** The staff address it is assigned to, or null. */
    assignee: string | null;
    /** The last assignment: saving, saved (announced) or failed. */
    assignment: HandlingStatus;
    /** Its notes, oldest first. */
    notes: Note[];
    /** The note being saved: saving, saved (announced) or failed (the text stays). */
    note: HandlingStatus;
    /** What is wrong with the typed note, said at its field. */
    noteProblem: 'empty' | 'tooLong' | null;
    /** A note of one's own could not be deleted. */
    noteDeleteFailed: boolean;
    /** Its matched pairs (a lead's and a saved search's), loaded beside it. */
    matches: {
      status: LoadStatus;
      data: SubmissionMatches | null;
      error: AgencyError | null;
    };
  };
  /** The wizards' drop-off funnel over a period of days ('YYYY-MM-DD', in Berlin). */
  funnel: {
    from: string;
    to: string;
    report: FunnelReport | null;
    status: LoadStatus;
    error: AgencyError | null;
  };
}

export const initialAgencyState: AgencyState = {
  session: {
    phase: 'starting',
    email: null,
    agency: '',
    form: { email: '', status: 'editing' },
    keyRefused: false,
  },
  list: {
    filter: EMPTY_FILTER,
    sort: DEFAULT_SORT,
    items: [],
    next: null,
    total: null,
    status: 'idle',
    error: null,
    notice: null,
    demo: 'idle',
    unread: null,
  },
  staff: [],
  drafts: {},
  detail: {
    uuid: null,
    submission: null,
    deliveries: [],
    consentLog: [],
    status: 'idle',
    error: null,
    handling: 'idle',
    erasure: 'idle',
    mentions: { status: 'idle', items: [] },
    read: false,
    readMark: 'idle',
    assignee: null,
    assignment: 'idle',
    notes: [],
    note: 'idle',
    noteProblem: null,
    noteDeleteFailed: false,
    matches: { status: 'idle', data: null, error: null },
  },
  funnel: { from: '', to: '', report: null, status: 'idle', error: null },
};

/** The funnel's period when the page opens: the last 30 days, today included. */
export const FUNNEL_DAYS = 30;

/** Whether a period can be asked for: two days the inbox takes, the first not after the last. */
export const isPeriod = (from: string, to: string) => isDay(from) && isDay(to) && from <= to;

function listEvent(list: AgencyState['list'], event: ListEvent) {
  list.status = listTransition(list, event) ?? list.status;
}

export const agencySlice = createSlice({
  name: 'agency',
  initialState: initialAgencyState,
  reducers: {
    /** The page opened, with the key `k` of a mailed link if any. */
    opened(_state, _action: PayloadAction<{ k: string | null }>) {},
    signedIn(state, action: PayloadAction<{ email: string; agency?: string }>) {
      state.session.phase = next(SESSION_TABLE, state.session.phase, 'SIGNED_IN');
      state.session.email = action.payload.email;
      state.session.agency = action.payload.agency ?? '';
      state.session.keyRefused = false;
    },
    signedOut(state) {
      state.session.phase = next(SESSION_TABLE, state.session.phase, 'SIGNED_OUT');
      state.session.email = null;
      state.list = initialAgencyState.list;
      state.detail = initialAgencyState.detail;
      state.staff = [];
      state.funnel = initialAgencyState.funnel;
    },
    keyRefused(state) {
      state.session.keyRefused = true;
    },
    signInEmailEdited(state, action: PayloadAction<string>) {
      state.session.form = { email: action.payload, status: 'editing' };
    },
    signInRequested(state) {
      state.session.form.status = 'sending';
    },
    signInMailSent(state) {
      state.session.form.status = 'sent';
    },
    signInMailFailed(state, action: PayloadAction<{ rateLimited: boolean }>) {
      state.session.form.status = action.payload.rateLimited ? 'rateLimited' : 'failed';
    },
    signOutClicked() {},

    /** A filter changed; a filter with a day the inbox does not take is not asked for. */
    filterChanged(state, action: PayloadAction<Partial<Filter>>) {
      state.list.filter = { ...state.list.filter, ...action.payload };
    },
    filterReset(state) {
      state.list.filter = initialAgencyState.list.filter;
    },
    /** The sort chosen ('Sortieren nach'). */
    sortChanged(state, action: PayloadAction<ListSort>) {
      state.list.sort = action.payload;
    },
    /** The list's page opened, or its address changed (Back, Forward, a link): the view it names. */
    viewRead(_state, _action: PayloadAction<ListView>) {},
    /** The view of the page's address, where it differs from the list's (or none is loaded). */
    viewRestored(state, action: PayloadAction<ListView>) {
      state.list.filter = action.payload.filter;
      state.list.sort = action.payload.sort;
    },
    listRequested(state) {
      listEvent(state.list, { type: 'REQUESTED' });
      state.list.error = null;
    },
    moreRequested(state) {
      listEvent(state.list, { type: 'MORE' });
      state.list.error = null;
    },
    listLoaded(
      state,
      action: PayloadAction<{
        items: InboxRow[];
        next: string | null;
        total: number | null;
        append: boolean;
        unread?: number;
      }>,
    ) {
      const { items, next, total, append, unread } = action.payload;
      if (unread !== undefined) state.list.unread = unread;
      state.list.items = append ? [...state.list.items, ...items] : items;
      // A later page does not count again: the first page's total stands.
      if (!append) state.list.total = total;
      listEvent(state.list, { type: 'LOADED', rows: state.list.items.length });
      state.list.next = next;
    },
    listFailed(state, action: PayloadAction<AgencyError>) {
      listEvent(state.list, { type: 'FAILED' });
      state.list.error = action.payload;
    },

    detailOpened(state, action: PayloadAction<string>) {
      state.detail = { ...initialAgencyState.detail, uuid: action.payload };
      state.list.notice = null;
      state.detail.status = next(LOAD_TABLE, state.detail.status, 'REQUESTED');
    },
    detailLoaded(state, action: PayloadAction<SubmissionDetail>) {
      state.detail.submission = action.payload.submission;
      state.detail.deliveries = action.payload.deliveries;
      state.detail.consentLog = action.payload.consentLog;
      state.detail.read = action.payload.read;
      state.detail.assignee = action.payload.assignee;
      state.detail.notes = action.payload.notes;
      state.detail.status = next(LOAD_TABLE, state.detail.status, 'LOADED');
    },
    /** 'Erneut versuchen' at the matches that failed to load. */
    matchesRetryClicked() {},
    matchesRequested(state) {
      const { matches } = state.detail;
      matches.status = next(LOAD_TABLE, matches.status, 'REQUESTED');
      matches.error = null;
    },
    matchesLoaded(state, action: PayloadAction<{ uuid: string; matches: SubmissionMatches }>) {
      if (state.detail.uuid !== action.payload.uuid) return;
      const { matches } = state.detail;
      matches.data = action.payload.matches;
      matches.status = next(LOAD_TABLE, matches.status, 'LOADED');
    },
    matchesFailed(state, action: PayloadAction<{ uuid: string; error: AgencyError }>) {
      if (state.detail.uuid !== action.payload.uuid) return;
      const { matches } = state.detail;
      matches.status = next(LOAD_TABLE, matches.status, 'FAILED');
      matches.error = action.payload.error;
    },
    staffLoaded(state, action: PayloadAction<string[]>) {
      state.staff = action.payload;
    },

    /** Read or unread for the signed-in staff member ('Als ungelesen markieren'). */
    readChosen(state, _action: PayloadAction<boolean>) {
      state.detail.readMark = next(HANDLING_TABLE, state.detail.readMark, 'CHOSEN');
      state.detail.assignment = next(HANDLING_TABLE, state.detail.assignment, 'SUPERSEDED');
    },
    readSaved(state, action: PayloadAction<{ uuid: string; read: boolean; unread: number }>) {
      const { uuid, read, unread } = action.payload;
      if (state.detail.uuid === uuid) {
        state.detail.read = read;
        state.detail.readMark = next(HANDLING_TABLE, state.detail.readMark, 'SAVED');
      }
      for (const row of state.list.items)
        if (row.uuid === uuid) {
          row.read = read;
          // Read again: its matches are seen (unread, the whole row is new).
          row.newMatches = 0;
        }
      state.list.unread = unread;
    },
    readFailed(state) {
      state.detail.readMark = next(HANDLING_TABLE, state.detail.readMark, 'FAILED');
    },

    /** 'Zuständig': a staff address, or null for nobody. */
    assigneeChosen(state, _action: PayloadAction<string | null>) {
      state.detail.assignment = next(HANDLING_TABLE, state.detail.assignment, 'CHOSEN');
      state.detail.readMark = next(HANDLING_TABLE, state.detail.readMark, 'SUPERSEDED');
    },
    assigneeSaved(state, action: PayloadAction<{ uuid: string; assignee: string | null }>) {
      const { uuid, assignee } = action.payload;
      if (state.detail.uuid === uuid) {
        state.detail.assignee = assignee;
        state.detail.assignment = next(HANDLING_TABLE, state.detail.assignment, 'SAVED');
      }
      for (const row of state.list.items) if (row.uuid === uuid) row.assignee = assignee;
    },
    assigneeFailed(state) {
      state.detail.assignment = next(HANDLING_TABLE, state.detail.assignment, 'FAILED');
    },

    noteEdited(state, action: PayloadAction<{ uuid: string; text: string }>) {
      state.drafts[action.payload.uuid] = action.payload.text;
      if (state.detail.noteProblem && action.payload.text.length <= NOTE_MAX)
        state.detail.noteProblem = null;
    },
    /** 'Notiz speichern': an empty or too long note is said at its field and not sent. */
    noteSubmitted(state) {
      const uuid = state.detail.uuid;
      if (!uuid || state.detail.note === 'saving') return;
      const text = state.drafts[uuid] ?? '';
      state.detail.noteProblem =
        text.trim() === '' ? 'empty' : text.length > NOTE_MAX ? 'tooLong' : null;
      if (!state.detail.noteProblem)
        state.detail.note = next(HANDLING_TABLE, state.detail.note, 'CHOSEN');
    },
    noteSaved(state, action: PayloadAction<{ uuid: string; note: Note }>) {
      const { uuid, note } = action.payload;
      delete state.drafts[uuid];
      if (state.detail.uuid !== uuid) return;
      state.detail.notes.push(note);
      state.detail.note = next(HANDLING_TABLE, state.detail.note, 'SAVED');
      for (const row of state.list.items) if (row.uuid === uuid) row.notes += 1;
    },
    noteFailed(state) {
      state.detail.note = next(HANDLING_TABLE, state.detail.note, 'FAILED');
    },
    noteDeleteClicked(state, _action: PayloadAction<number>) {
      state.detail.noteDeleteFailed = false;
    },
    noteDeleted(state, action: PayloadAction<{ uuid: string; id: number }>) {
      const { uuid, id } = action.payload;
      if (state.detail.uuid === uuid)
        state.detail.notes = state.detail.notes.filter((note) => note.id !== id);
      for (const row of state.list.items) if (row.uuid === uuid) row.notes -= 1;
    },
    noteDeleteFailed(state) {
      state.detail.noteDeleteFailed = true;
    },
    detailFailed(state, action: PayloadAction<AgencyError>) {
      state.detail.status = next(LOAD_TABLE, state.detail.status, 'FAILED');
      state.detail.error = action.payload;
    },
    handlingChosen(state, _action: PayloadAction<Handling>) {
      state.detail.handling = next(HANDLING_TABLE, state.detail.handling, 'CHOSEN');
    },
    handlingSaved(state, action: PayloadAction<{ uuid: string; handling: Handling }>) {
      const { uuid, handling } = action.payload;
      if (state.detail.submission?.uuid === uuid) state.detail.submission.handling = handling;
      state.detail.handling = next(HANDLING_TABLE, state.detail.handling, 'SAVED');
      for (const row of state.list.items) if (row.uuid === uuid) row.handling = handling;
    },
    handlingFailed(state) {
      state.detail.handling = next(HANDLING_TABLE, state.detail.handling, 'FAILED');
    },
    deliveryRetryClicked(_state, _action: PayloadAction<number>) {},

    /** 'Kontakt löschen': the confirmation naming what goes. */
    eraseClicked(state) {
      if (state.detail.erasure === 'erasing') return;
      state.detail.erasure = 'confirming';
      state.detail.mentions = { status: 'loading', items: [] };
    },
    /** The notes elsewhere that name the contact, for the dialog. */
    mentionsLoaded(state, action: PayloadAction<NoteMention[]>) {
      state.detail.mentions = { status: 'done', items: action.payload };
    },
    mentionsFailed(state) {
      state.detail.mentions = { status: 'failed', items: [] };
    },
    eraseCancelled(state) {
      if (state.detail.erasure !== 'erasing') state.detail.erasure = 'idle';
    },
    eraseConfirmed(state) {
      if (state.detail.erasure === 'confirming' || state.detail.erasure === 'failed')
        state.detail.erasure = 'erasing';
    },
    /** The contact is erased: its submissions leave the list, which announces it. */
    contactErased(state, action: PayloadAction<{ email: string }>) {
      state.detail.erasure = 'erased';
      state.list.items = state.list.items.filter((row) => row.email !== action.payload.email);
      state.list.notice = 'erased';
    },
    demoRemoveClicked(state) {
      if (state.list.demo !== 'removing') state.list.demo = 'confirming';
      state.list.notice = null;
    },
    demoRemoveCancelled(state) {
      if (state.list.demo !== 'removing') state.list.demo = 'idle';
    },
    demoRemoveConfirmed(state) {
      if (state.list.demo === 'confirming') state.list.demo = 'removing';
    },
    /** The demo entries are gone (`contacts` of them; none left to remove when 0). */
    demoRemoved(state, action: PayloadAction<{ contacts: number }>) {
      state.list.demo = 'idle';
      state.list.notice = action.payload.contacts > 0 ? 'demoRemoved' : 'noDemo';
    },
    demoRemoveFailed(state) {
      state.list.demo = 'failed';
    },
    eraseFailed(state, action: PayloadAction<AgencyError>) {
      state.detail.erasure = 'failed';
      state.detail.error = action.payload;
    },

    /** The funnel page opened (its period, unless one is set: the last 30 days). */
    funnelOpened() {},
    funnelPeriodChanged(state, action: PayloadAction<{ from?: string; to?: string }>) {
      state.funnel = { ...state.funnel, ...action.payload };
    },
    funnelRetryClicked() {},
    funnelRequested(state) {
      state.funnel.status = next(LOAD_TABLE, state.funnel.status, 'REQUESTED');
      state.funnel.error = null;
    },
    funnelLoaded(state, action: PayloadAction<FunnelReport>) {
      state.funnel.report = action.payload;
      state.funnel.status = next(LOAD_TABLE, state.funnel.status, 'LOADED');
    },
    funnelFailed(state, action: PayloadAction<AgencyError>) {
      state.funnel.status = next(LOAD_TABLE, state.funnel.status, 'FAILED');
      state.funnel.error = action.payload;
    },
    deliveryUpdated(state, action: PayloadAction<Delivery>) {
      state.detail.deliveries = state.detail.deliveries.map((d) =>
        d.id === action.payload.id ? action.payload : d,
      );
    },
  },
});

export const agencyActions = agencySlice.actions;
export type AgencyRootState = { agency: AgencyState };
export const selectAgency = (state: AgencyRootState) => state.agency;
