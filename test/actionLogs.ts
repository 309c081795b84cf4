/**
 * A recorded lead journey for the QA log tests: the real store with the lead wizard's slices
 * (no sagas), the recorder started, and the app's own actions dispatched as a visitor's
 * journey would dispatch them.
 */
import { makeStore, rootReducer } from '../src/app/store';
import { feature as leadWizardFeature } from '../src/features/leadWizard';
import { leadWizardActions as lead } from '../src/features/leadWizard/slice';
import { DEFAULT_CONFIG } from '../src/host/config';
import { initAccepted } from '../src/host/slice';
import { EMPTY_CONTACT } from '../src/parts/contactForm/model';
import { EMPTY_ADDRESS } from '../src/parts/location/address';
import * as location from '../src/parts/location/slice';
import type { Reducer } from '../src/qa/log';
import { createActionRecorder, type RecorderOptions } from '../src/qa/recorder';
import { createTestEnv } from './helpers';

export const reducer = rootReducer as Reducer;

export function recordingStore(options: Partial<RecorderOptions> = {}) {
  let now = 0;
  const recorder = createActionRecorder({
    reducer,
    now: () => (now += 40),
    route: () => 'lead-wizard',
    ...options,
  });
  const store = makeStore({
    env: createTestEnv(),
    recorder,
    runSagas: false,
    features: [leadWizardFeature],
  });
  recorder.start();
  return { recorder, store };
}

export interface JourneyData {
  firstname: string;
  lastname: string;
  email: string;
  street: string;
  number: string;
  zip: string;
  city: string;
  search: string;
}

export const ERIKA: JourneyData = {
  firstname: 'Erika',
  lastname: 'Mustermann',
  email: 'erika@example.de',
  street: 'Kastanienallee',
  number: '12',
  zip: '10435',
  city: 'Berlin',
  search: 'Kastanienallee 12',
};

/** The lead wizard, address first: search, choose, correct by hand, category, contact, send. */
export function leadJourney(data: JourneyData = ERIKA, options: Partial<RecorderOptions> = {}) {
  const { recorder, store } = recordingStore(options);
  const address = { ...EMPTY_ADDRESS, ...pick(data), lat: 52.538, lng: 13.41 };
  store.dispatch(
    initAccepted({
      origin: 'https://agency.test',
      config: DEFAULT_CONFIG,
      nonce: 'nonce-secret',
      warnings: [],
    }),
  );
  store.dispatch(lead.opened({ order: 'address-first', hideContactStep: false }, 0));
  for (let i = 1; i <= data.search.length; i += 1)
    store.dispatch(location.searchTextChanged(data.search.slice(0, i)));
  store.dispatch(location.suggestionsReceived({ text: data.search, items: [address] }));
  store.dispatch(location.suggestionChosen({ address, line: data.search }));
  store.dispatch(lead.manualEntryOpened());
  for (const field of ['street', 'number', 'zip', 'city'] as const)
    store.dispatch(lead.addressFieldEdited({ field, value: data[field] }));
  store.dispatch(location.pointPlaced({ lat: 52.538, lng: 13.41 }));
  store.dispatch(lead.categoryChosen(30225));
  store.dispatch(
    lead.contactEdited({
      ...EMPTY_CONTACT,
      firstname: data.firstname,
      lastname: data.lastname,
      email: data.email,
    }),
  );
  store.dispatch(lead.submitRequested());
  return { recorder, store };
}

function pick({ street, number, zip, city }: JourneyData) {
  return { street, number, zip, city };
}
