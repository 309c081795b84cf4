import { createSlice, type PayloadAction, type WithSlice } from '@reduxjs/toolkit';
import {
  categoriesFor,
  categoryById,
  type MarketingType,
  type ObjectType,
} from '../../../contract/catalog';
import { MAP } from '../../ui/constants';
import { rootReducer } from '../../app/store';
import type { MessageKey } from '../../i18n';
import { redactPayloads, textKeys } from '../../qa/payloadRules';
import { EMPTY_CONTACT, type ContactValues } from '../../parts/contactForm/model';
import { EMPTY_ADDRESS, type Address } from '../../parts/location/address';

/** The address parts a visitor types by hand. */
export type AddressPart = 'street' | 'number' | 'zip' | 'city';
import {
  pointPlaced,
  pointResolved,
  pointUnresolved,
  suggestionChosen,
} from '../../parts/location/slice';
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
import type { LeadWizardOrder } from './options';

export interface LeadWizardState extends MachineContext {
  objectType: ObjectType;
  marketingType: MarketingType;
  location: Address | null;
  /** Address parts the visitor typed (since the last suggestion): a geocoder never replaces them. */
  typed: AddressPart[];
  manualEntry: boolean;
  /** The map view the visitor last saw; null: the configured one. */
  mapView: { lat: number; lng: number; zoom: number } | null;
  /** What the visitor typed per field id, as typed. */
  fieldInputs: Record<string, string>;
  contact: ContactValues;
  /** The same for every retry of one submission (Idempotency-Key). */
  submissionKey: string;
  /** When the visitor began (for the backend's minimum fill time). */
  startedAt: number;
  error: MessageKey | null;
  /**
   * A submit was refused for missing data: the header marks the steps still missing
   * (selectMissingSteps) until the data is there.
   */
  submitRefused: boolean;
}

/** What a reload brings back (session storage), validated by draft.ts before it arrives. */
export type LeadDraft = Omit<LeadWizardState, 'error' | 'submitRefused'>;

export const initialLeadWizardState: LeadWizardState = {
  order: 'category-first',
  hideContactStep: false,
  step: 1,
  maxStep: 1,
  status: 'editing',
  categoryId: null,
  objectType: 'LIVING',
  marketingType: 'buy',
  location: null,
  typed: [],
  manualEntry: false,
  mapView: null,
  fieldInputs: {},
  contact: EMPTY_CONTACT,
  submissionKey: '',
  startedAt: 0,
  error: null,
  submitRefused: false,
};

function apply(state: LeadWizardState, event: WizardEvent): boolean {
  const next = transition(state, event);
  if (next) Object.assign(state, next);
  return next !== null;
}

export const leadWizardSlice = createSlice({
  name: 'leadWizard',
  initialState: initialLeadWizardState,
  reducers: {
    opened: {
      reducer(
        state,
        action: PayloadAction<{
          order: LeadWizardOrder;
          hideContactStep: boolean;
          key: string;
          at: number;
        }>,
      ) {
        const { order, hideContactStep, key, at } = action.payload;
        if (
          state.order !== order ||
          state.hideContactStep !== hideContactStep ||
          state.status === 'sent'
        ) {
          Object.assign(state, initialLeadWizardState, { order, hideContactStep });
        }
        if (!state.submissionKey) state.submissionKey = key;
        if (!state.startedAt) state.startedAt = at;
      },
      prepare(options: { order: LeadWizardOrder; hideContactStep: boolean }, at: number) {
        return { payload: { ...options, key: newSubmissionKey(at), at } };
      },
    },
    /** A draft saved in the session came back after a reload (validated by its schema). */
    restored(state, action: PayloadAction<LeadDraft>) {
      const draft = action.payload;
      // A draft of another step order or layout does not fit this wizard.
      if (draft.order !== state.order || draft.hideContactStep !== state.hideContactStep) return;
      const category = draft.categoryId === null ? undefined : categoryById(draft.categoryId);
      Object.assign(state, draft, {
        categoryId: category ? category.id : null,
        mapView:
          draft.mapView && draft.mapView.zoom >= MAP.minZoom && draft.mapView.zoom <= MAP.maxZoom
            ? draft.mapView
            : null,
        error: null,
        submitRefused: false,
      });
      // Never past what the machine would allow: without a category, step 1.
      Object.assign(state, clampSteps(draft, stepsOf(state).length, state.categoryId !== null));
    },
    objectTypeChosen(state, action: PayloadAction<ObjectType>) {
      if (state.objectType === action.payload) return;
      state.objectType = action.payload;
      // spec 2.1: changing the object type clears the category.
      state.categoryId = null;
    },
    marketingTypeChosen(state, action: PayloadAction<MarketingType>) {
      state.marketingType = action.payload;
      const still = categoriesFor('lead', state.marketingType, state.objectType).some(
        (c) => c.id === state.categoryId,
      );
      if (!still) state.categoryId = null;
    },
    categoryChosen(state, action: PayloadAction<number>) {
      const offered = categoriesFor('lead', state.marketingType, state.objectType);
      if (!offered.some((c) => c.id === action.payload)) return;
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
    /** The details step's 'Erneut versuchen' after its field definitions failed to load. */
    fieldsRetryClicked() {},
    backClicked(state) {
      apply(state, { type: 'BACK' });
    },
    manualEntryOpened(state) {
      state.manualEntry = true;
      state.location ??= { ...EMPTY_ADDRESS };
    },
    addressFieldEdited(state, action: PayloadAction<{ field: AddressPart; value: string }>) {
      const { field, value } = action.payload;
      state.location ??= { ...EMPTY_ADDRESS };
      state.location[field] = value.slice(0, 200);
      const typed = state.typed.filter((part) => part !== field);
      state.typed = value.trim() ? [...typed, field] : typed;
      // A typed town replaces the district the geocoder had named for another place.
      if (field === 'city' || field === 'zip') state.location.district = '';
    },
    mapMoved(state, action: PayloadAction<{ lat: number; lng: number; zoom: number }>) {
      state.mapView = action.payload;
    },
    fieldEdited(state, action: PayloadAction<{ id: string; text: string }>) {
      state.fieldInputs[action.payload.id] = action.payload.text.slice(0, 200);
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
      // Refused: a lead without its address (or category) is never sent.
      // (Its message is derived from what is missing: selectSubmitError.)
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
    /** Without a contact step, the footer hands the assembled lead to the host page. */
    saveClicked() {},
    submitFailed(state, action: PayloadAction<SubmitFailure | undefined>) {
      if (apply(state, { type: 'FAILED' })) state.error = failureMessage(action.payload);
    },
  },
  extraReducers: (builder) => {
    builder
      .addCase(suggestionChosen, (state, action) => {
        state.location = action.payload.address;
        state.typed = [];
        const { lat, lng } = action.payload.address;
        if (lat !== null && lng !== null) state.mapView = { lat, lng, zoom: MAP.addressZoom };
      })
      .addCase(pointPlaced, (state, action) => {
        // Where the visitor put the pin is no guess.
        state.location = { ...(state.location ?? EMPTY_ADDRESS), ...action.payload };
        delete state.location.approximate;
      })
      .addCase(pointResolved, (state, action) => {
        const current = state.location ?? EMPTY_ADDRESS;
        const found = action.payload;
        const kept = (part: AddressPart) =>
          state.typed.includes(part) && current[part].trim() !== '';
        // What the visitor typed wins; the geocoder fills the rest. A found house number only
        // goes with the found street.
        const streetKept = kept('street');
        state.location = {
          ...found,
          street: streetKept ? current.street : found.street,
          number: kept('number') ? current.number : streetKept ? current.number : found.number,
          zip: kept('zip') ? current.zip : found.zip,
          city: kept('city') ? current.city : found.city,
          district: kept('city') || kept('zip') ? current.district : found.district,
        };
        delete state.location.approximate;
      })
      .addCase(pointUnresolved, (state) => {
        // No address for the pin: the visitor types it (spec 8 'invalid data' is only logged).
        state.manualEntry = true;
      });
  },
});

export const leadWizardActions = leadWizardSlice.actions;

declare module '../../app/store' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- module augmentation
  export interface LazyLoadedSlices extends WithSlice<typeof leadWizardSlice> {}
}

/** Injected when the lead wizard's chunk loads. */
export const selectLeadWizard = leadWizardSlice.injectInto(rootReducer).selectSlice;

// QA logs: a manual address entry is personal (its field name says which part it is).
redactPayloads({ [leadWizardSlice.actions.addressFieldEdited.type]: textKeys('value') });
