import { isDraft, original, type PayloadAction, type WithSlice } from '@reduxjs/toolkit';
import type { components } from '../../../contract/types';
import { rootReducer } from '../../app/store';
import { inputsFromRecords } from '../../parts/fields/records';
import { buildTree, selectAll, selectionFrom, toggle, type Region } from '../../parts/regions/tree';
import { embeddedWizardSaved } from '../../wizard/actions';
import {
  createWizardSlice,
  isOffered,
  WIZARD_START,
  type WizardDraft,
  type WizardState,
} from '../../wizard/slice';
import { savedSearchMachine, type MachineContext } from './machine';

/** A saved search as the backend answers it (product 3.4), e.g. one the portal edits. */
export type SavedSearch = components['schemas']['SavedSearch'];

export interface SavedSearchWizardState extends WizardState, MachineContext {
  /** The regions as the backend named them (a copy, so toggling stays a pure reducer). */
  regionList: Region[];
  /** Ids to start with instead of all regions (config or edited profile); null: all. */
  preselected: number[] | null;
  regionIds: number[] | null;
  /** Set when an existing profile is being edited (product 2.3 'Änderungen speichern'). */
  uuid: string | null;
  active: boolean | null;
}

/** What a reload brings back (session storage), validated by draft.ts before it arrives. */
export type SavedSearchDraft = Omit<WizardDraft<SavedSearchWizardState>, 'regionList'>;

export const initialSavedSearchWizardState: SavedSearchWizardState = {
  ...WIZARD_START,
  regionList: [],
  preselected: null,
  regionIds: null,
  uuid: null,
  active: null,
};

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

interface Opening {
  hideContactStep: boolean;
  preselected: number[] | null;
  profile: SavedSearch | null;
}

export const savedSearchWizardSlice = createWizardSlice(
  {
    name: 'savedSearchWizard',
    initialState: initialSavedSearchWizardState,
    machine: savedSearchMachine,
    kind: 'search',
    // Another layout, another profile, or any profile to edit: a fresh wizard.
    startsAfresh: (state, { hideContactStep, profile }: Opening) =>
      state.hideContactStep !== hideContactStep ||
      state.uuid !== (profile?.uuid ?? null) ||
      profile !== null,
    kept: (state, { hideContactStep }) => ({ hideContactStep, regionList: state.regionList }),
    opened(state, { preselected, profile }) {
      state.preselected = profile ? profile.locations.map((l) => l.locationId) : preselected;
      if (profile) {
        Object.assign(state, {
          uuid: profile.uuid,
          active: profile.active,
          objectType: profile.objectType,
          marketingType: profile.marketingType,
          fieldInputs: inputsFromRecords(profile.fields),
        });
        // Product 3.14: a category the profile's types do not offer is not kept.
        state.categoryId = isOffered('search', state, profile.categoryId)
          ? profile.categoryId
          : null;
      }
      settleRegions(state);
    },
    fits: (state, draft: SavedSearchDraft) =>
      draft.hideContactStep === state.hideContactStep && draft.uuid === state.uuid,
    restored: settleRegions,
    // The regions may not be known yet: only a selection known to be empty keeps step 1.
    mayLeaveFirst: (state) => (state.regionIds?.length ?? 1) > 0,
  },
  {
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
    activateClicked(state) {
      state.active = true;
    },
  },
  (builder) => {
    // Its embedder saved what it assembled (the portal's dialogs): a fresh wizard next time.
    builder.addCase(embeddedWizardSaved, (state) => {
      Object.assign(state, initialSavedSearchWizardState, { regionList: state.regionList });
      settleRegions(state);
    });
  },
);

export const savedSearchWizardActions = savedSearchWizardSlice.actions;

declare module '../../app/store' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- module augmentation
  export interface LazyLoadedSlices extends WithSlice<typeof savedSearchWizardSlice> {}
}

/** Injected when the wizard's chunk loads. */
export const selectSavedSearchWizard = savedSearchWizardSlice.injectInto(rootReducer).selectSlice;
