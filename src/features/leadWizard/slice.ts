/**
 * The lead wizard's state. Step moves and the submission status go through machine.ts; the
 * rest is the data the visitor entered, kept so that nothing typed is ever lost.
 */
import { createSlice, nanoid, type PayloadAction } from '@reduxjs/toolkit';
import {
  categoriesFor,
  categoryById,
  type MarketingType,
  type ObjectType,
} from '../../../contract/catalog';
import type { LeadWizardOrder } from '../../host/config';
import { EMPTY_CONTACT, reviveContact, type ContactValues } from '../contactForm/model';
import { EMPTY_ADDRESS, type Address } from '../location/address';
import { pointPlaced, pointResolved, pointUnresolved, suggestionChosen } from '../location/slice';
import {
  currentStepId,
  transition,
  type MachineContext,
  type SubmitStatus,
  type WizardEvent,
} from './machine';
import { MAP } from '../../app/constants';

export interface LeadWizardState extends MachineContext {
  objectType: ObjectType;
  marketingType: MarketingType;
  location: Address | null;
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
  error: string | null;
}

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
  manualEntry: false,
  mapView: null,
  fieldInputs: {},
  contact: EMPTY_CONTACT,
  submissionKey: '',
  startedAt: 0,
  error: null,
};

function apply(state: LeadWizardState, event: WizardEvent): boolean {
  const next = transition(state, event);
  if (next) Object.assign(state, next);
  return next !== null;
}

const STATUSES: readonly SubmitStatus[] = ['editing', 'error', 'userError'];
const inRange = (n: unknown, min: number, max: number) =>
  typeof n === 'number' && Number.isFinite(n) && n >= min && n <= max;

function reviveAddress(raw: unknown): Address | null {
  if (typeof raw !== 'object' || raw === null) return null;
  const r = raw as Record<string, unknown>;
  const text = (k: keyof Address) =>
    typeof r[k] === 'string' ? (r[k] as string).slice(0, 200) : '';
  return {
    street: text('street'),
    number: text('number'),
    zip: text('zip'),
    city: text('city'),
    district: text('district'),
    state: text('state'),
    country: text('country'),
    lat: inRange(r.lat, -90, 90) ? (r.lat as number) : null,
    lng: inRange(r.lng, -180, 180) ? (r.lng as number) : null,
  };
}

const leadWizardSlice = createSlice({
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
        return { payload: { ...options, key: nanoid(21), at } };
      },
    },
    /** A draft saved in the session came back after a reload; untrusted, so checked. */
    restored(state, action: PayloadAction<unknown>) {
      const raw = action.payload;
      if (typeof raw !== 'object' || raw === null) return;
      const r = raw as Partial<Record<keyof LeadWizardState, unknown>>;
      if (r.order !== state.order || r.hideContactStep !== state.hideContactStep) return;
      const category = typeof r.categoryId === 'number' ? categoryById(r.categoryId) : undefined;
      state.objectType = r.objectType === 'COMMERCIAL' ? 'COMMERCIAL' : 'LIVING';
      state.marketingType = r.marketingType === 'rent' ? 'rent' : 'buy';
      state.categoryId = category ? category.id : null;
      state.location = reviveAddress(r.location);
      state.manualEntry = r.manualEntry === true;
      const view = r.mapView as Record<string, unknown> | null | undefined;
      state.mapView =
        view &&
        inRange(view.lat, -90, 90) &&
        inRange(view.lng, -180, 180) &&
        inRange(view.zoom, MAP.minZoom, MAP.maxZoom)
          ? { lat: view.lat as number, lng: view.lng as number, zoom: view.zoom as number }
          : null;
      state.fieldInputs = {};
      if (typeof r.fieldInputs === 'object' && r.fieldInputs !== null) {
        for (const [id, value] of Object.entries(r.fieldInputs)) {
          if (typeof value === 'string') state.fieldInputs[id] = value.slice(0, 200);
        }
      }
      state.contact = reviveContact(r.contact);
      if (typeof r.submissionKey === 'string' && /^[\w-]{8,100}$/.test(r.submissionKey))
        state.submissionKey = r.submissionKey;
      if (typeof r.startedAt === 'number') state.startedAt = r.startedAt;
      state.status = STATUSES.includes(r.status as SubmitStatus)
        ? (r.status as SubmitStatus)
        : 'editing';
      const steps = state.hideContactStep ? 3 : 4;
      const maxStep = Number.isInteger(r.maxStep)
        ? Math.min(Math.max(r.maxStep as number, 1), steps)
        : 1;
      const step = Number.isInteger(r.step) ? Math.min(Math.max(r.step as number, 1), maxStep) : 1;
      // Never restore past what the machine would allow: without a category, step 1.
      state.maxStep = state.categoryId === null ? 1 : maxStep;
      state.step = state.categoryId === null ? 1 : step;
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
    backClicked(state) {
      apply(state, { type: 'BACK' });
    },
    manualEntryOpened(state) {
      state.manualEntry = true;
      state.location ??= { ...EMPTY_ADDRESS };
    },
    addressFieldEdited(
      state,
      action: PayloadAction<{ field: 'street' | 'number' | 'zip' | 'city'; value: string }>,
    ) {
      state.location ??= { ...EMPTY_ADDRESS };
      state.location[action.payload.field] = action.payload.value.slice(0, 200);
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
      if (apply(state, { type: 'SUBMIT' })) state.error = null;
    },
    validationFailed(state) {
      if (apply(state, { type: 'INVALID' })) state.error = 'errors.userError';
    },
    submitSucceeded(state) {
      apply(state, { type: 'SUCCEEDED' });
    },
    /** Without a contact step, the footer hands the assembled lead to the host page. */
    saveClicked() {},
    submitFailed(state) {
      if (apply(state, { type: 'FAILED' })) state.error = 'errors.generic';
    },
  },
  extraReducers: (builder) => {
    builder
      .addCase(suggestionChosen, (state, action) => {
        state.location = action.payload.address;
        const { lat, lng } = action.payload.address;
        if (lat !== null && lng !== null) state.mapView = { lat, lng, zoom: MAP.addressZoom };
      })
      .addCase(pointPlaced, (state, action) => {
        state.location = { ...(state.location ?? EMPTY_ADDRESS), ...action.payload };
      })
      .addCase(pointResolved, (state, action) => {
        const typed = state.location ?? EMPTY_ADDRESS;
        const found = action.payload;
        // What the geocoder knows replaces the place; a street the visitor typed stays.
        state.location = {
          ...found,
          street: found.street || typed.street,
          number: found.street ? found.number : typed.number,
        };
      })
      .addCase(pointUnresolved, (state) => {
        // No address for the pin: the visitor types it (spec 8 'invalid data' is only logged).
        state.manualEntry = true;
      });
  },
});

export const leadWizardActions = leadWizardSlice.actions;
export default leadWizardSlice.reducer;
