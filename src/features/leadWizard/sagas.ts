/**
 * Lead wizard effects: the kit's (draft, fields, steps, submission, hand-over) and its own: a
 * typed town moves the map there.
 */
import type { Action } from '@reduxjs/toolkit';
import { call, delay, put, select, takeEvery, takeLatest } from 'redux-saga/effects';
import type { Saga } from '../../app/saga';
import type { RootState } from '../../app/store';
import { displayLine, hasCoordinates, type Address } from '../../parts/location/address';
import { geocoderSearch } from '../../parts/location/sagas';
import {
  lineShown,
  selectGeocoder,
  MIN_SEARCH_LENGTH,
  pointPlaced,
  pointResolved,
  pointUnresolved,
  suggestionChosen,
} from '../../parts/location/slice';
import { MAP } from '../../ui/constants';
import { wizardSaga } from '../../wizard/sagas';
import { parseLeadWizardOptions } from './options';
import { waitingBuyersOf } from './answer';
import { leadSelectors, selectLeadPayload } from './selectors';
import {
  leadWizardActions as actions,
  selectLeadWizard,
  type LeadDraft,
  type LeadWizardState,
} from './slice';

export const DRAFT_KEY = 'immosuite.leadWizard.v2';

const LOCATION_EVENTS: readonly string[] = [
  suggestionChosen.type,
  pointPlaced.type,
  pointResolved.type,
  pointUnresolved.type,
];
const isWizardAction = (action: Action) =>
  action.type.startsWith('leadWizard/') || LOCATION_EVENTS.includes(action.type);

/** Product 7.2: `POST /v1/wizard/lead {contact, lead, message?, meta}`, tracked as LeadWizard. */
export const leadWizardSaga = wizardSaga<LeadWizardState, LeadDraft, 'lead'>({
  name: 'leadWizard',
  actions,
  select: selectLeadWizard,
  selectors: leadSelectors,
  draft: {
    key: DRAFT_KEY,
    select: (state: RootState) => {
      const {
        error: _error,
        submitRefused: _refused,
        waitingBuyers: _waiting,
        addressAtPin: _atPin,
        pinMove: _pinMove,
        ...rest
      } = selectLeadWizard(state);
      return rest;
    },
    schema: () =>
      import(/* webpackChunkName: "lead-draft" */ './draft').then((m) => m.leadDraftSchema),
    changes: isWizardAction,
  },
  isWizardAction,
  options: parseLeadWizardOptions,
  path: '/v1/wizard/lead',
  payload: { key: 'lead', select: selectLeadPayload },
  // The 'Nachricht' box travels beside the contact, as in the contact form's own route.
  body: ({ contact }) => (contact.message.trim() ? { message: contact.message.trim() } : {}),
  answered: (answer) => actions.answered(waitingBuyersOf(answer)),
  // The count the owner was shown, null for none (docs/frame-protocol.md).
  tracking: (_config, answer) => ({
    event: 'LeadWizard',
    waitingBuyers: waitingBuyersOf(answer)?.count ?? null,
  }),
});

/** How long typing in the address fields rests before the map goes to what was typed. */
export const TYPED_TOWN_DEBOUNCE_MS = 500;

const isAddressEdit = (action: Action) => actions.addressFieldEdited.match(action);

const joined = (parts: (string | undefined)[]) =>
  parts
    .map((part) => part?.trim() ?? '')
    .filter(Boolean)
    .join(' ');

/** The first place the geocoder finds for `query`, with its coordinates, or undefined. */
function* found(query: string): Saga<Address | undefined> {
  if (query.length < MIN_SEARCH_LENGTH) return undefined;
  const places: Address[] | null = yield call(geocoderSearch, query, 1);
  const place = places?.[0];
  return place && place.lat !== null && place.lng !== null ? place : undefined;
}

/**
 * A typed address moves the map there, so the pin can be placed on the house (decision 162):
 * the street and number with the town where the geocoder finds them, else the town alone.
 */
function* moveMapToTypedAddress(): Saga {
  yield delay(TYPED_TOWN_DEBOUNCE_MS);
  const { location }: LeadWizardState = yield select(selectLeadWizard);
  const town = joined([location?.zip, location?.city]);
  const street = location?.street?.trim() ? joined([location.street, location.number, town]) : '';
  const house: Address | undefined = street ? yield* found(street) : undefined;
  const place: Address | undefined = house ?? (yield* found(town));
  if (!place) return;
  // Only the view moves: the typed address and a placed pin stay as they are.
  yield put(
    actions.mapMoved({
      lat: place.lat!,
      lng: place.lng!,
      zoom: house ? MAP.addressZoom : MAP.townZoom,
    }),
  );
}

/**
 * A draft restored after a reload with an address found by the search or the pin: the search
 * box shows it again, as it did when it was chosen (the manual fields show theirs).
 */
function* showRestoredAddress(): Saga {
  const { location, manualEntry }: LeadWizardState = yield select(selectLeadWizard);
  if (location && !manualEntry && hasCoordinates(location))
    yield put(lineShown(displayLine(location)));
}

/**
 * An address the pin gave (the first pin's, or one the visitor took for a pin moved far): the
 * search box shows it, unless it holds a search of the visitor's own.
 */
function* showPinAddress(): Saga {
  const { location, manualEntry }: LeadWizardState = yield select(selectLeadWizard);
  const { status, text }: ReturnType<typeof selectGeocoder> = yield select(selectGeocoder);
  if (!location || manualEntry || status !== 'idle') return;
  const line = displayLine(location);
  if (line !== text) yield put(lineShown(line));
}

/**
 * Address fields edited while the box shows an address's line (a suggestion taken, then its
 * number changed by hand): the line follows the fields, so the box never shows another
 * address than the one sent. A search of the visitor's own in the box stays.
 */
function* lineFollowsFields(): Saga {
  const { location }: LeadWizardState = yield select(selectLeadWizard);
  const { showsAddress, text }: ReturnType<typeof selectGeocoder> = yield select(selectGeocoder);
  if (!location || !showsAddress) return;
  const line = displayLine(location);
  if (line !== text) yield put(lineShown(line));
}

export function* leadAddressSaga(): Saga {
  yield takeLatest(isAddressEdit, moveMapToTypedAddress);
  yield takeEvery(isAddressEdit, lineFollowsFields);
  yield takeLatest([pointResolved.type, actions.pinAddressTaken.type], showPinAddress);
  yield takeLatest(actions.restored, showRestoredAddress);
}
