import {
  createSlice,
  isDraft,
  original,
  type PayloadAction,
  type WithSlice,
} from '@reduxjs/toolkit';
import { categoriesFor, type MarketingType, type ObjectType } from '../../../contract/catalog';
import type { components } from '../../../contract/types';
import { rootReducer } from '../../app/store';
import type { MessageKey } from '../../i18n';
import { EMPTY_CONTACT, type ContactValues } from '../../parts/contactForm/model';
import { inputsFromRecords } from '../../parts/fields/records';
import { buildTree, selectAll, selectionFrom, toggle, type Region } from '../../parts/regions/tree';
import { embeddedWizardSaved } from '../../wizard/actions';
import { clampSteps } from '../../wizard/stepMachine';
import {
  failureMessage,
  newSubmissionKey,
  SUBMISSION_ERRORS,
  type SubmitFailure,
} from '../../wizard/submission';
import {
  currentStepId,
  missingSteps,
  stepsOf,
  transition,
  type MachineContext,
  type WizardEvent,
} from './machine';

/** A saved search as the backend answers it (spec 3), e.g. one the portal edits. */
export type SavedSearch = components['schemas']['SavedSearch'];

export interface SavedSearchWizardState extends MachineContext {
  /** The regions as the backend named them (a copy, so toggling stays a pure reducer). */
  regionList: Region[];
  /** Ids to start with instead of all regions (config or edited profile); null: all. */
  preselected: number[] | null;
  regionIds: number[] | null;
  objectType: ObjectType;
  marketingType: MarketingType;
  /** What the visitor typed per field id (a range per end, see rangeKey). */
  fieldInputs: Record<string, string>;
  contact: ContactValues;
  /** Set when an existing profile is being edited (spec 2.3 'Änderungen speichern'). */
  uuid: string | null;
  active: boolean | null;
  submissionKey: string;
  startedAt: number;
  error: MessageKey | null;
  submitRefused: boolean;
}

/** What a reload brings back (session storage), validated by draft.ts before it arrives. */
export type SavedSearchDraft = Omit<
  SavedSearchWizardState,
  'error' | 'submitRefused' | 'regionList'
>;

export const initialSavedSearchWizardState: SavedSearchWizardState = {
  hideContactStep: false,
  step: 1,
  maxStep: 1,
  status: 'editing',
  regionList: [],
  preselected: null,
  regionIds: null,
  categoryId: null,
  objectType: 'LIVING',
  marketingType: 'buy',
  fieldInputs: {},
  contact: EMPTY_CONTACT,
  uuid: null,
  active: null,
  submissionKey: '',
  startedAt: 0,
  error: null,
  submitRefused: false,
};

function apply(state: SavedSearchWizardState, event: WizardEvent): boolean {
  const next = transition(state, event);
  if (next) Object.assign(state, next);
  return next !== null;
}

/** The tree of the regions list, built once per list (the stored list, not Immer's draft of it). */
const trees = new WeakMap<Region[], ReturnType<typeof buildTree>>();
function treeOf(draft: Region[]) {
  const list = isDraft(draft) ? (original(draft) ?? draft) : draft;
  let tree = trees.get(list);
  if (!tree) trees.set(list, (tree = buildTree(list)));
  return tree;
}

/** The selection the wizard starts with, or a restored one made consistent with the regions. */
function settleRegions(state: SavedSearchWizardState) {
  if (state.regionList.length === 0) return;
  const tree = treeOf(state.regionList);
  state.regionIds =
    state.regionIds !== null
      ? selectionFrom(tree, state.regionIds)
      : state.preselected !== null
        ? selectionFrom(tree, state.preselected)
        : selectAll(tree);
}

function offered(state: SavedSearchWizardState, id: number | null) {
  return categoriesFor('search', state.marketingType, state.objectType).some((c) => c.id === id);
}

export const savedSearchWizardSlice = createSlice({
  name: 'savedSearchWizard',
  initialState: initialSavedSearchWizardState,
  reducers: {
    opened: {
      reducer(
        state,
        action: PayloadAction<{
          hideContactStep: boolean;
          preselected: number[] | null;
          profile: SavedSearch | null;
          key: string;
          at: number;
        }>,
      ) {
        const { hideContactStep, preselected, profile, key, at } = action.payload;
        const uuid = profile?.uuid ?? null;
        // Another layout, another profile, or a new visit after a sent one: a fresh wizard.
        if (
          state.hideContactStep !== hideContactStep ||
          state.uuid !== uuid ||
          state.status === 'sent' ||
          profile
        ) {
          Object.assign(state, initialSavedSearchWizardState, {
            hideContactStep,
            regionList: state.regionList,
          });
        }
        state.preselected = profile ? profile.locations.map((l) => l.locationId) : preselected;
        if (profile) {
          Object.assign(state, {
            uuid,
            active: profile.active,
            objectType: profile.objectType,
            marketingType: profile.marketingType,
            fieldInputs: inputsFromRecords(profile.fields),
          });
          state.categoryId = offered(state, profile.categoryId) ? profile.categoryId : null;
        }
        if (!state.submissionKey) state.submissionKey = key;
        if (!state.startedAt) state.startedAt = at;
        settleRegions(state);
      },
      prepare(
        options: {
          hideContactStep: boolean;
          preselected: number[] | null;
          profile: SavedSearch | null;
        },
        at: number,
      ) {
        return { payload: { ...options, key: newSubmissionKey(at), at } };
      },
    },
    /** A draft saved in the session came back after a reload (validated by its schema). */
    restored(state, action: PayloadAction<SavedSearchDraft>) {
      const draft = action.payload;
      if (draft.hideContactStep !== state.hideContactStep || draft.uuid !== state.uuid) return;
      Object.assign(state, draft, { error: null, submitRefused: false });
      if (!offered(state, state.categoryId)) state.categoryId = null;
      settleRegions(state);
      Object.assign(
        state,
        clampSteps(draft, stepsOf(state).length, (state.regionIds?.length ?? 1) > 0),
      );
    },
    /** The regions are known (loaded now, or earlier in this visit). */
    regionsKnown(state, action: PayloadAction<Region[]>) {
      state.regionList = action.payload;
      settleRegions(state);
    },
    regionToggled(state, action: PayloadAction<number>) {
      if (state.regionIds === null) return;
      state.regionIds = toggle(treeOf(state.regionList), state.regionIds, action.payload);
    },
    /** 'Alle auswählen' (true) or 'Alle abwählen' (false) in the regions menu. */
    allRegionsToggled(state, action: PayloadAction<boolean>) {
      if (state.regionIds === null) return;
      state.regionIds = action.payload ? selectAll(treeOf(state.regionList)) : [];
    },
    objectTypeChosen(state, action: PayloadAction<ObjectType>) {
      if (state.objectType === action.payload) return;
      state.objectType = action.payload;
      // spec 2.1: changing the object type clears the category.
      state.categoryId = null;
    },
    marketingTypeChosen(state, action: PayloadAction<MarketingType>) {
      state.marketingType = action.payload;
      // Grundstück is offered only to buy (spec 3).
      if (!offered(state, state.categoryId)) state.categoryId = null;
    },
    categoryChosen(state, action: PayloadAction<number>) {
      if (!offered(state, action.payload)) return;
      state.categoryId = action.payload;
      // A tile selects and moves on.
      if (currentStepId(state) === 'category') apply(state, { type: 'NEXT' });
    },
    stepHeaderClicked(state, action: PayloadAction<number>) {
      apply(state, { type: 'JUMP', step: action.payload });
    },
    nextClicked(state) {
      apply(state, { type: 'NEXT' });
    },
    backClicked(state) {
      apply(state, { type: 'BACK' });
    },
    /** The details step's 'Erneut versuchen' after its field definitions failed to load. */
    fieldsRetryClicked() {},
    fieldEdited(state, action: PayloadAction<{ id: string; text: string }>) {
      state.fieldInputs[action.payload.id] = action.payload.text.slice(0, 200);
    },
    activateClicked(state) {
      state.active = true;
    },
    contactEdited(state, action: PayloadAction<ContactValues>) {
      state.contact = action.payload;
    },
    submitRequested(state) {
      if (apply(state, { type: 'SUBMIT' })) {
        state.error = null;
        state.submitRefused = false;
        return;
      }
      // Refused: a saved search without regions or category is never sent (spec 5).
      if (state.status !== 'loading' && state.status !== 'sent' && missingSteps(state).length) {
        state.submitRefused = true;
        state.error = null;
      }
    },
    validationFailed(state) {
      if (apply(state, { type: 'INVALID' })) state.error = SUBMISSION_ERRORS.userError;
    },
    submitSucceeded(state) {
      apply(state, { type: 'SUCCEEDED' });
    },
    submitFailed(state, action: PayloadAction<SubmitFailure | undefined>) {
      if (apply(state, { type: 'FAILED' })) state.error = failureMessage(action.payload);
    },
    /** Without a contact step, the footer's 'Speichern' hands the saved search to the host. */
    saveClicked() {},
  },
  extraReducers: (builder) => {
    // Its embedder saved what it assembled (the portal's dialogs): a fresh wizard next time.
    builder.addCase(embeddedWizardSaved, (state) => {
      Object.assign(state, initialSavedSearchWizardState, { regionList: state.regionList });
      settleRegions(state);
    });
  },
});

export const savedSearchWizardActions = savedSearchWizardSlice.actions;

declare module '../../app/store' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- module augmentation
  export interface LazyLoadedSlices extends WithSlice<typeof savedSearchWizardSlice> {}
}

/** Injected when the wizard's chunk loads. */
export const selectSavedSearchWizard = savedSearchWizardSlice.injectInto(rootReducer).selectSlice;
