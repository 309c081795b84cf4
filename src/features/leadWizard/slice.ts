import { type PayloadAction, type WithSlice } from '@reduxjs/toolkit';
import { rootReducer } from '../../app/store';
import {
  displayLine,
  EMPTY_ADDRESS,
  hasCoordinates,
  type Address,
} from '../../parts/location/address';
import { distanceKm } from '../../../contract/distance';
import { PIN_NEAR_APPROXIMATE_KM, PIN_NEAR_KM } from '../../parts/location/constants';
import {
  pointPlaced,
  pointResolved,
  pointUnresolved,
  searchCleared,
  searchTextChanged,
  suggestionChosen,
} from '../../parts/location/slice';
import { redactPayloads, textKeys } from '../../qa/payloadRules';
import { MAP } from '../../ui/constants';
import {
  createWizardSlice,
  WIZARD_START,
  type WizardDraft,
  type WizardState,
} from '../../wizard/slice';
import type { WaitingBuyers } from './answer';
import { leadMachine, type MachineContext } from './machine';
import type { LeadWizardOrder } from './options';

/** The address parts a visitor types by hand. */
export type AddressPart = 'street' | 'number' | 'zip' | 'city';

export interface LeadWizardState extends WizardState, MachineContext {
  location: Address | null;
  /** Address parts the visitor typed (since the last suggestion): a geocoder never replaces them. */
  typed: AddressPart[];
  manualEntry: boolean;
  /** The map view the visitor last saw; null: the configured one. */
  mapView: { lat: number; lng: number; zoom: number } | null;
  /**
   * What the answer told of the searches waiting for the property: set with each success,
   * never kept in the draft.
   */
  waitingBuyers?: WaitingBuyers | null;
  /**
   * The pin was moved far from the address (decision 180): the address found at the pin, which
   * replaces the address only when the visitor says so. Never kept in the draft.
   */
  addressAtPin?: Address | null;
  /**
   * The last pin move: the first pin for the address, a move near it or one farther than the
   * address keeps unasked. Never kept in the draft.
   */
  pinMove?: 'first' | 'near' | 'far';
}

/** An address with a street (chosen or typed) is the visitor's: a pin move never coarsens it. */
const hasStreet = (location: Address | null) => !!location && location.street.trim() !== '';

/** The found address with the parts the visitor typed kept. */
function merged(state: LeadWizardState, found: Address): Address {
  const current = state.location ?? EMPTY_ADDRESS;
  const kept = (part: AddressPart) => state.typed.includes(part) && current[part].trim() !== '';
  // What the visitor typed wins; the geocoder fills the rest. A found house number only goes
  // with the found street.
  const streetKept = kept('street');
  const address: Address = {
    ...found,
    street: streetKept ? current.street : found.street,
    number: kept('number') ? current.number : streetKept ? current.number : found.number,
    zip: kept('zip') ? current.zip : found.zip,
    city: kept('city') ? current.city : found.city,
    district: kept('city') || kept('zip') ? current.district : found.district,
  };
  delete address.approximate;
  return address;
}

/**
 * A search box retyped or cleared: an address it had chosen goes with it (the address sent is
 * the one shown). Parts the visitor typed into the fields, which show them, stay.
 */
function searchLeftAddress(state: LeadWizardState, text: string) {
  const { location } = state;
  if (!location || state.manualEntry || state.typed.length > 0) return;
  if (text.trim() === displayLine(location)) return;
  state.location = null;
  state.addressAtPin = null;
  delete state.pinMove;
}

/** What a reload brings back (session storage), validated by draft.ts before it arrives. */
export type LeadDraft = WizardDraft<LeadWizardState>;

export const initialLeadWizardState: LeadWizardState = {
  ...WIZARD_START,
  order: 'category-first',
  location: null,
  typed: [],
  manualEntry: false,
  mapView: null,
};

type Layout = { order: LeadWizardOrder; hideContactStep: boolean };

export const leadWizardSlice = createWizardSlice(
  {
    name: 'leadWizard',
    initialState: initialLeadWizardState,
    machine: leadMachine,
    kind: 'lead',
    startsAfresh: (state, { order, hideContactStep }: Layout) =>
      state.order !== order || state.hideContactStep !== hideContactStep,
    kept: (_state, { order, hideContactStep }) => ({ order, hideContactStep }),
    // A draft of another step order or layout does not fit this wizard.
    fits: (state, draft: LeadDraft) =>
      draft.order === state.order && draft.hideContactStep === state.hideContactStep,
    restored(state, draft) {
      const view = draft.mapView;
      if (view && (view.zoom < MAP.minZoom || view.zoom > MAP.maxZoom)) state.mapView = null;
    },
    // Without a category, step 1.
    mayLeaveFirst: (state) => state.categoryId !== null,
  },
  {
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
    /** The visitor took the address found at a pin moved far away. */
    pinAddressTaken(state) {
      if (state.addressAtPin && state.location)
        state.location = {
          ...state.addressAtPin,
          lat: state.location.lat,
          lng: state.location.lng,
        };
      state.addressAtPin = null;
      delete state.pinMove;
    },
    /** The visitor kept the address for a pin moved far away. */
    pinAddressKept(state) {
      state.addressAtPin = null;
      delete state.pinMove;
    },
    answered(state, action: PayloadAction<WaitingBuyers | null>) {
      state.waitingBuyers = action.payload;
    },
  },
  (builder) => {
    builder
      .addCase(suggestionChosen, (state, action) => {
        state.location = action.payload.address;
        state.typed = [];
        state.addressAtPin = null;
        delete state.pinMove;
        const { lat, lng } = action.payload.address;
        if (lat !== null && lng !== null) state.mapView = { lat, lng, zoom: MAP.addressZoom };
      })
      .addCase(pointPlaced, (state, action) => {
        const before = state.location;
        // The address stays with a pin moved near it; moved farther, the visitor is asked.
        const near = before?.approximate ? PIN_NEAR_APPROXIMATE_KM : PIN_NEAR_KM;
        state.pinMove =
          !before || !hasCoordinates(before)
            ? 'first'
            : distanceKm({ lat: before.lat!, lng: before.lng! }, action.payload) > near
              ? 'far'
              : 'near';
        state.addressAtPin = null;
        // Where the visitor put the pin is no guess.
        state.location = { ...(before ?? EMPTY_ADDRESS), ...action.payload };
        delete state.location.approximate;
      })
      .addCase(pointResolved, (state, action) => {
        const found = merged(state, action.payload);
        const { location } = state;
        if (!location || !hasStreet(location) || state.pinMove === 'first') {
          state.location = found;
          return;
        }
        // An address with a street keeps its parts (the geocoder only fills an empty postcode
        // or town); a pin moved far away offers the address found there.
        if (state.pinMove === 'far') state.addressAtPin = found;
        else {
          location.zip ||= found.zip;
          location.city ||= found.city;
        }
      })
      .addCase(searchTextChanged, (state, action) => searchLeftAddress(state, action.payload))
      .addCase(searchCleared, (state) => searchLeftAddress(state, ''))
      .addCase(pointUnresolved, (state) => {
        // No address for the pin: the visitor types it (product 8.13: 'invalid data' is only logged).
        state.manualEntry = true;
      });
  },
);

export const leadWizardActions = leadWizardSlice.actions;

declare module '../../app/store' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- module augmentation
  export interface LazyLoadedSlices extends WithSlice<typeof leadWizardSlice> {}
}

/** Injected when the lead wizard's chunk loads. */
export const selectLeadWizard = leadWizardSlice.injectInto(rootReducer).selectSlice;

// QA logs: a manual address entry is personal (its field name says which part it is).
redactPayloads({ [leadWizardSlice.actions.addressFieldEdited.type]: textKeys('value') });
