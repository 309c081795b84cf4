import { waitFor } from '@testing-library/react';
import nock from 'nock';
import {
  API,
  AGENCY_ORIGIN,
  WIDGET_ORIGIN,
  createTestEnv,
  sendInit,
  setupStore,
} from '../../../test/helpers';
import type { AppEnv } from '../../app/env';
import { conforming } from '../../../test/contract';
import { fieldsAnswer } from '../../../test/fixtures';
import { widgetMessage } from '../../host/protocol';
import { EMPTY_CONTACT } from '../../parts/contactForm/model';
import { FIELD_CACHE_PREFIX } from '../../parts/fields/sagas';
import { displayLine, featureToAddress } from '../../parts/location/address';
import {
  pointPlaced,
  searchCleared,
  searchTextChanged,
  selectGeocoder,
  suggestionChosen,
} from '../../parts/location/slice';
import { DRAFT_KEY } from './sagas';
import { leadSelectors, selectLeadPayload } from './selectors';
import { leadWizardActions as wizard, selectLeadWizard } from './slice';
import { selectFieldsState } from '../../parts/fields/slice';
import { feature } from '.';

const { selectMissingSteps, selectSubmitError } = leadSelectors;

const FIELDS_ANSWER = fieldsAnswer(30225);
const RESIDENTIAL = Object.keys(FIELDS_ANSWER);

const photon = (name: string, extra: Record<string, unknown> = {}) => ({
  type: 'Feature',
  geometry: { type: 'Point', coordinates: [13.41, 52.538] },
  properties: {
    osm_key: 'place',
    osm_value: 'city',
    name,
    city: name,
    postcode: '10435',
    country: 'Deutschland',
    ...extra,
  },
});

const contact = {
  ...EMPTY_CONTACT,
  firstname: ' Erika ',
  lastname: 'Mustermann',
  email: 'erika@example.de',
  customFields: { dataPrivacy: true, acceptContact: true, newsletter: false },
};

function started(
  options: {
    order?: 'category-first' | 'address-first';
    hideContactStep?: boolean;
    env?: Partial<AppEnv>;
  } = {},
) {
  const setup = setupStore({ env: createTestEnv(options.env), features: [feature] });
  sendInit(setup.env);
  setup.store.dispatch(
    wizard.opened(
      {
        order: options.order ?? 'category-first',
        hideContactStep: options.hideContactStep ?? false,
      },
      1000,
    ),
  );
  return setup;
}

function fieldsReply(scope = nock(API)) {
  return scope
    .post('/v1/wizard/fields', conforming('post', '/v1/wizard/fields'))
    .reply(200, FIELDS_ANSWER);
}

/** Waits until the field definitions of a category have arrived in the store. */
async function definitionsLoaded(store: ReturnType<typeof started>['store'], count = 1) {
  await waitFor(() =>
    expect(
      Object.keys(selectFieldsState(store.getState()).definitions).length,
    ).toBeGreaterThanOrEqual(count),
  );
}

describe('field definitions', () => {
  it('are asked for after the next step has painted, not inside the click', async () => {
    let painted: () => void = () => {};
    const afterPaint = () => new Promise<void>((resolve) => (painted = resolve));
    const scope = fieldsReply();
    const { store } = started({ env: { afterPaint } });
    store.dispatch(wizard.categoryChosen(30225));
    expect(selectLeadWizard(store.getState()).step).toBe(2);
    expect(selectFieldsState(store.getState()).status).toBe('idle');
    painted();
    await definitionsLoaded(store, RESIDENTIAL.length);
    scope.done();
  });

  it('asks for just the ids of the category, then answers from local storage', async () => {
    const scope = nock(API)
      .post(
        '/v1/wizard/fields',
        (body) =>
          JSON.stringify(Object.keys(body).sort()) === JSON.stringify([...RESIDENTIAL].sort()),
      )
      .reply(200, FIELDS_ANSWER);
    const { store, env } = started();
    store.dispatch(wizard.categoryChosen(30225));
    await definitionsLoaded(store, RESIDENTIAL.length);
    scope.done();
    expect(Object.keys(selectFieldsState(store.getState()).definitions).sort()).toEqual(
      [...RESIDENTIAL].sort(),
    );
    expect(
      JSON.parse(env.localStore!.getItem(`${FIELD_CACHE_PREFIX}de.price.price`)!).definition,
    ).toEqual(FIELDS_ANSWER['price.price']);

    const again = started({ env: { localStore: env.localStore } });
    again.store.dispatch(wizard.categoryChosen(30225));
    await definitionsLoaded(again.store, RESIDENTIAL.length);
    expect(nock.pendingMocks()).toEqual([]);
    expect(selectFieldsState(again.store.getState()).definitions['area.livingSpace']).toMatchObject(
      {
        type: 'number',
        unit: 'm²',
      },
    );
  });

  it('are asked for and cached in the widget language: German ones never label an English page', async () => {
    const localStore = createTestEnv().localStore!;
    for (const id of RESIDENTIAL)
      localStore.setItem(
        `${FIELD_CACHE_PREFIX}de.${id}`,
        JSON.stringify({ savedAt: Date.now(), definition: FIELDS_ANSWER[id] }),
      );
    const english = { ...FIELDS_ANSWER['area.livingSpace']!, label: 'Living space' };
    const scope = nock(API, { reqheaders: { 'accept-language': 'en' } })
      .post('/v1/wizard/fields', (body) => RESIDENTIAL.every((id) => id in body))
      .reply(200, { ...FIELDS_ANSWER, 'area.livingSpace': english });
    const setup = setupStore({ env: createTestEnv({ localStore }), features: [feature] });
    sendInit(setup.env, { language: 'en-US' });
    setup.store.dispatch(wizard.opened({ order: 'category-first', hideContactStep: false }, 1000));
    setup.store.dispatch(wizard.categoryChosen(30225));
    await definitionsLoaded(setup.store, RESIDENTIAL.length);
    scope.done();
    expect(selectFieldsState(setup.store.getState()).definitions['area.livingSpace']!.label).toBe(
      'Living space',
    );
    expect(
      JSON.parse(localStore.getItem(`${FIELD_CACHE_PREFIX}en.area.livingSpace`)!).definition.label,
    ).toBe('Living space');
  });

  it('that failed to load are asked for again when the details step shows, and on retry', async () => {
    nock(API).post('/v1/wizard/fields').replyWithError('connection refused');
    const { store } = started();
    store.dispatch(wizard.categoryChosen(30225));
    await waitFor(() => expect(selectFieldsState(store.getState()).status).toBe('failed'));
    store.dispatch(pointPlaced({ lat: 52.5, lng: 13.4 }));
    fieldsReply();
    store.dispatch(wizard.nextClicked());
    expect(selectLeadWizard(store.getState()).step).toBe(3);
    await definitionsLoaded(store, RESIDENTIAL.length);
    // Failing again, the step's retry asks once more.
    const failed = started({ env: { localStore: createTestEnv().localStore } });
    nock(API).post('/v1/wizard/fields').replyWithError('connection refused');
    failed.store.dispatch(wizard.categoryChosen(30225));
    await waitFor(() => expect(selectFieldsState(failed.store.getState()).status).toBe('failed'));
    fieldsReply();
    failed.store.dispatch(wizard.fieldsRetryClicked());
    await definitionsLoaded(failed.store, RESIDENTIAL.length);
  });

  it('asks only for the ids missing from the cache', async () => {
    const localStore = createTestEnv().localStore!;
    localStore.setItem(
      `${FIELD_CACHE_PREFIX}de.price.price`,
      JSON.stringify({ savedAt: Date.now(), definition: FIELDS_ANSWER['price.price'] }),
    );
    const scope = nock(API)
      .post('/v1/wizard/fields', (body) => !('price.price' in body) && 'area.plotArea' in body)
      .reply(200, { 'area.plotArea': FIELDS_ANSWER['area.plotArea'] });
    const { store } = started({ env: { localStore } });
    store.dispatch(wizard.marketingTypeChosen('buy'));
    store.dispatch(wizard.categoryChosen(19795));
    await definitionsLoaded(store, 2);
    scope.done();
    expect(Object.keys(selectFieldsState(store.getState()).definitions).sort()).toEqual([
      'area.plotArea',
      'price.price',
    ]);
  });
});

describe('address search', () => {
  beforeEach(() =>
    jest.useFakeTimers({ doNotFake: ['setImmediate', 'queueMicrotask', 'nextTick'] }),
  );
  afterEach(() => jest.useRealTimers());

  it('waits 150 ms after the last keystroke and sends one request with lang de and limit 10', async () => {
    let requests = 0;
    nock(WIDGET_ORIGIN)
      .get('/api/geocoder')
      .query((q) => {
        requests += 1;
        return q.q === 'Berlin' && q.lang === 'de' && q.limit === '10';
      })
      .reply(200, { features: [photon('Berlin')] });
    const { store } = started();
    for (const text of ['B', 'Be', 'Ber', 'Berl', 'Berli', 'Berlin']) {
      store.dispatch(searchTextChanged(text));
      await jest.advanceTimersByTimeAsync(60);
    }
    expect(requests).toBe(0);
    await jest.advanceTimersByTimeAsync(150);
    jest.useRealTimers();
    await waitFor(() => expect(selectGeocoder(store.getState()).status).toBe('done'));
    expect(requests).toBe(1);
    expect(selectGeocoder(store.getState())).toMatchObject({
      status: 'done',
      answeredText: 'Berlin',
    });
    expect(selectGeocoder(store.getState()).suggestions[0]).toMatchObject({
      city: 'Berlin',
      zip: '10435',
      lat: 52.538,
      lng: 13.41,
    });
    expect(store.getState().ui.pendingCalls).toBe(0);
  });

  it('aborts a running search when the text changes, and never shows its answer', async () => {
    jest.useRealTimers();
    let aborted = 0;
    nock(WIDGET_ORIGIN)
      .get('/api/geocoder')
      .query({ q: 'Pots', lang: 'de', limit: '10' })
      .delay(300)
      .reply(200, { features: [photon('Potsdam')] })
      .get('/api/geocoder')
      .query({ q: 'Pankow', lang: 'de', limit: '10' })
      .reply(200, { features: [photon('Pankow')] });
    const { store, env } = started();
    const request = env.request;
    let requested = 0;
    env.request = (req, ctx) => {
      requested += 1;
      ctx.signal?.addEventListener('abort', () => (aborted += 1));
      return request(req, ctx);
    };
    store.dispatch(searchTextChanged('Pots'));
    await waitFor(() => expect(requested).toBe(1));
    store.dispatch(searchTextChanged('Pankow'));
    await waitFor(() =>
      expect(selectGeocoder(store.getState()).suggestions.map((s) => s.city)).toEqual(['Pankow']),
    );
    expect(aborted).toBe(1);
  });

  it('logs a failed search and shows no message', async () => {
    jest.useRealTimers();
    nock(WIDGET_ORIGIN)
      .get('/api/geocoder')
      .query(true)
      .reply(500, { code: 'internal_server_error', message: 'x' });
    const { store, env } = started();
    store.dispatch(searchTextChanged('Berlin'));
    await waitFor(() => expect(selectGeocoder(store.getState()).status).toBe('failed'));
    expect(store.getState().ui.messages).toEqual([]);
    expect(env.log).toHaveBeenCalledWith('geocoder search failed', expect.anything());
  });
});

describe('placing the pin', () => {
  it('reverse-geocodes the point and keeps the pin where it was put', async () => {
    nock(WIDGET_ORIGIN)
      .get('/api/geocoder/reverse')
      .query({ lat: '52.54', lon: '13.42', lang: 'de' })
      .reply(200, {
        features: [photon('Prenzlauer Berg', { osm_value: 'suburb', city: 'Berlin' })],
      });
    const { store } = started({ order: 'address-first' });
    store.dispatch(pointPlaced({ lat: 52.54, lng: 13.42 }));
    await waitFor(() => expect(selectLeadWizard(store.getState()).location?.city).toBe('Berlin'));
    expect(selectLeadWizard(store.getState()).location).toMatchObject({
      city: 'Berlin',
      district: 'Prenzlauer Berg',
      zip: '10435',
      lat: 52.54,
      lng: 13.42,
    });
  });

  it('never overwrites a typed address: the geocoder fills only what was not typed', async () => {
    // The typed house is not found: the map goes to the town.
    nock(WIDGET_ORIGIN)
      .get('/api/geocoder')
      .query({ q: 'Königstraße 12a 70173 Stuttgart', lang: 'de', limit: '1' })
      .reply(200, { features: [] });
    nock(WIDGET_ORIGIN)
      .get('/api/geocoder')
      .query({ q: '70173 Stuttgart', lang: 'de', limit: '1' })
      .reply(200, {
        features: [
          {
            ...photon('Stuttgart', { postcode: '70173' }),
            geometry: { type: 'Point', coordinates: [9.18, 48.78] },
          },
        ],
      });
    // The pin lands in a district the geocoder names after a Berlin one.
    nock(WIDGET_ORIGIN)
      .get('/api/geocoder/reverse')
      .query(true)
      .reply(200, {
        features: [
          photon('Mitte', { osm_value: 'suburb', city: 'Mitte', postcode: '', street: 'Am Markt' }),
        ],
      });
    const { store } = started({ order: 'address-first' });
    store.dispatch(wizard.manualEntryOpened());
    for (const [field, value] of [
      ['street', 'Königstraße'],
      ['number', '12a'],
      ['zip', '70173'],
      ['city', 'Stuttgart'],
    ] as const)
      store.dispatch(wizard.addressFieldEdited({ field, value }));
    // Typing the town moves the map there (after a pause in typing), not the address.
    await waitFor(() =>
      expect(selectLeadWizard(store.getState()).mapView).toEqual({
        lat: 48.78,
        lng: 9.18,
        zoom: 14,
      }),
    );
    store.dispatch(pointPlaced({ lat: 48.779, lng: 9.181 }));
    // The answer has arrived once the found country is there (nothing typed it).
    await waitFor(() =>
      expect(selectLeadWizard(store.getState()).location?.country).toBe('Deutschland'),
    );
    expect(selectLeadWizard(store.getState()).location).toMatchObject({
      street: 'Königstraße',
      number: '12a',
      zip: '70173',
      city: 'Stuttgart',
      district: '',
      lat: 48.779,
      lng: 9.181,
    });
  });

  it('moves the map to a typed house the geocoder finds, close enough to set the pin on it', async () => {
    nock(WIDGET_ORIGIN)
      .get('/api/geocoder')
      .query({ q: 'Kastanienallee 12 10435 Berlin', lang: 'de', limit: '1' })
      .reply(200, {
        features: [
          {
            ...photon('Berlin', { street: 'Kastanienallee', housenumber: '12', postcode: '10435' }),
            geometry: { type: 'Point', coordinates: [13.41, 52.538] },
          },
        ],
      });
    const { store } = started({ order: 'address-first' });
    store.dispatch(wizard.manualEntryOpened());
    for (const [field, value] of [
      ['street', 'Kastanienallee'],
      ['number', '12'],
      ['zip', '10435'],
      ['city', 'Berlin'],
    ] as const)
      store.dispatch(wizard.addressFieldEdited({ field, value }));
    await waitFor(() =>
      expect(selectLeadWizard(store.getState()).mapView).toEqual({
        lat: 52.538,
        lng: 13.41,
        zoom: 18,
      }),
    );
    // The view moved; the typed address stands and no pin was set.
    expect(selectLeadWizard(store.getState()).location).toMatchObject({
      street: 'Kastanienallee',
      zip: '10435',
      lat: null,
    });
  });

  it('fills the parts the visitor left empty', async () => {
    nock(WIDGET_ORIGIN)
      .get('/api/geocoder/reverse')
      .query(true)
      .reply(200, {
        features: [photon('Berlin', { street: 'Kastanienallee', housenumber: '12' })],
      });
    const { store } = started({ order: 'address-first' });
    store.dispatch(wizard.manualEntryOpened());
    store.dispatch(wizard.addressFieldEdited({ field: 'street', value: 'Lindenweg' }));
    store.dispatch(pointPlaced({ lat: 52.538, lng: 13.41 }));
    await waitFor(() => expect(selectLeadWizard(store.getState()).location?.zip).toBe('10435'));
    expect(selectLeadWizard(store.getState()).location).toMatchObject({
      street: 'Lindenweg',
      number: '',
      city: 'Berlin',
    });
  });

  it("without a result ('invalid data') opens the manual fields and keeps the pin", async () => {
    nock(WIDGET_ORIGIN).get('/api/geocoder/reverse').query(true).reply(200, { features: [] });
    const { store, env } = started({ order: 'address-first' });
    store.dispatch(pointPlaced({ lat: 40, lng: -3 }));
    await waitFor(() => expect(env.log).toHaveBeenCalled());
    expect(env.log).toHaveBeenCalledWith('reverse geocoding failed', 'invalid data');
    expect(selectLeadWizard(store.getState())).toMatchObject({
      manualEntry: true,
      location: { lat: 40, lng: -3 },
    });
  });
});

/** Answers the lead's POST (checked against the contract) and keeps the body it got. */
function acceptLead(scope = nock(API)) {
  const sent: { body: Record<string, unknown> } = { body: {} };
  const done = scope
    .post('/v1/wizard/lead', (body) => {
      sent.body = body;
      return conforming('post', '/v1/wizard/lead')(body);
    })
    .reply(201, { success: true, uuid: 'u1' });
  return { sent, done: () => done.done() };
}

async function toContactStep(store: ReturnType<typeof started>['store']) {
  fieldsReply();
  store.dispatch(wizard.categoryChosen(30225));
  store.dispatch(
    suggestionChosen({
      address: {
        street: 'Kastanienallee',
        number: '12',
        zip: '10435',
        city: 'Berlin',
        district: '',
        state: 'Berlin',
        country: 'Deutschland',
        lat: 52.538,
        lng: 13.41,
      },
      line: 'x',
    }),
  );
  await definitionsLoaded(store, RESIDENTIAL.length);
  store.dispatch(wizard.nextClicked());
  store.dispatch(wizard.fieldEdited({ id: 'price.price', text: '350.000' }));
  store.dispatch(wizard.fieldEdited({ id: 'area.numberRooms', text: '3,5' }));
  store.dispatch(wizard.fieldEdited({ id: 'property[baujahr]', text: 'unbekannt' }));
  store.dispatch(wizard.nextClicked());
  store.dispatch(wizard.contactEdited(contact));
  expect(selectLeadWizard(store.getState()).step).toBe(4);
}

describe('submission', () => {
  it("sends what the visitor wrote in 'Nachricht' with the lead", async () => {
    const { store } = started();
    await toContactStep(store);
    store.dispatch(wizard.contactEdited({ ...contact, message: '  Bitte abends anrufen.  ' }));
    const lead = acceptLead();
    store.dispatch(wizard.submitRequested());
    await waitFor(() => expect(selectLeadWizard(store.getState()).status).toBe('sent'));
    lead.done();
    expect(lead.sent.body.message).toBe('Bitte abends anrufen.');
    expect(lead.sent.body.contact).not.toHaveProperty('message');
  });

  it('posts {contact, lead} as product 3.2 shapes it, then shows success and tells the host', async () => {
    const { store, env } = started();
    await toContactStep(store);
    await waitFor(() => expect(env.sessionStore!.getItem(DRAFT_KEY)).toContain('Mustermann'));
    const lead = acceptLead(
      nock(API, {
        reqheaders: { 'idempotency-key': selectLeadWizard(store.getState()).submissionKey },
      }),
    );
    store.dispatch(wizard.submitRequested());
    await waitFor(() => expect(selectLeadWizard(store.getState()).status).toBe('sent'));
    lead.done();
    const sent = lead.sent.body;
    expect(sent.lead).toEqual({
      objectType: 'LIVING',
      categoryId: 30225,
      marketingType: 'buy',
      location: {
        zip: '10435',
        city: 'Berlin',
        street: 'Kastanienallee',
        number: '12',
        lat: 52.538,
        lng: 13.41,
      },
      fields: [
        { name: 'price.price', valueType: 'NUMBER', value: 350000 },
        { name: 'area.numberRooms', valueType: 'NUMBER', value: 3.5 },
      ],
    });
    expect(sent.contact).toMatchObject({
      firstname: 'Erika',
      lastname: 'Mustermann',
      customFields: { dataPrivacy: true, acceptContact: true },
    });
    expect(sent.meta).toEqual({ website: '', fillMs: expect.any(Number) });
    expect(sent).not.toHaveProperty('message');
    expect(selectLeadWizard(store.getState()).status).toBe('sent');
    expect(env.posted()).toContainEqual([
      // The answer names no waiting buyers: none the owner was shown.
      widgetMessage('tracking', { event: 'LeadWizard', waitingBuyers: null }),
      AGENCY_ORIGIN,
    ]);
    await waitFor(() => expect(env.sessionStore!.getItem(DRAFT_KEY)).toBeNull());
  });

  it('keeps every input after a failure, and retries with the same Idempotency-Key', async () => {
    const { store, env } = started();
    await toContactStep(store);
    const scrolls = () =>
      env.posted().filter(([m]) => (m as { type: string }).type === 'scroll').length;
    const stepScrolls = scrolls();
    const key = selectLeadWizard(store.getState()).submissionKey;
    nock(API, { reqheaders: { 'idempotency-key': key } })
      .post('/v1/wizard/lead')
      .reply(503, { code: 'unavailable', message: 'Wartung' });
    store.dispatch(wizard.submitRequested());
    await waitFor(() => expect(selectLeadWizard(store.getState()).status).toBe('error'));
    // The form stays with its message: the host page is not scrolled.
    expect(scrolls()).toBe(stepScrolls);
    const failed = selectLeadWizard(store.getState());
    expect(failed).toMatchObject({
      status: 'error',
      error: 'errors.generic',
      step: 4,
      contact,
      fieldInputs: { 'price.price': '350.000' },
    });
    expect(store.getState().ui.messages).toEqual([
      expect.objectContaining({ key: 'errors.server', text: 'Wartung' }),
    ]);
    const retry = nock(API, { reqheaders: { 'idempotency-key': key } })
      .post('/v1/wizard/lead')
      .reply(201, { success: true, uuid: 'u1' });
    store.dispatch(wizard.submitRequested());
    await waitFor(() => expect(selectLeadWizard(store.getState()).status).toBe('sent'));
    retry.done();
    expect(selectLeadWizard(store.getState()).status).toBe('sent');
    // The form gives way to the success message: the host page scrolls to the frame's top.
    expect(scrolls()).toBe(stepScrolls + 1);
    expect(env.posted().at(-1)).toEqual([widgetMessage('scroll', { top: 0 }), AGENCY_ORIGIN]);
  });

  it('sends once on a double click', async () => {
    const { store } = started();
    await toContactStep(store);
    const scope = nock(API)
      .post('/v1/wizard/lead')
      .delay(50)
      .reply(201, { success: true, uuid: 'u1' });
    store.dispatch(wizard.submitRequested());
    store.dispatch(wizard.submitRequested());
    await waitFor(() => expect(selectLeadWizard(store.getState()).status).toBe('sent'));
    scope.done();
    expect(nock.pendingMocks()).toEqual([]);
    expect(selectLeadWizard(store.getState()).status).toBe('sent');
  });

  it('goes to the configured submit URL', async () => {
    const setup = setupStore({ features: [feature] });
    sendInit(setup.env, { config: { submitUrl: '/custom/leads' } });
    setup.store.dispatch(wizard.opened({ order: 'category-first', hideContactStep: false }, 0));
    await toContactStep(setup.store);
    const scope = nock(WIDGET_ORIGIN).post('/custom/leads').reply(200, {});
    setup.store.dispatch(wizard.submitRequested());
    await waitFor(() => expect(selectLeadWizard(setup.store.getState()).status).toBe('sent'));
    scope.done();
  });

  it('marks a failed input check without sending', () => {
    const { store } = started();
    store.dispatch(wizard.validationFailed());
    expect(selectLeadWizard(store.getState())).toMatchObject({
      status: 'userError',
      error: 'errors.userError',
    });
  });
});

describe('wizard rules', () => {
  it('refuses to send a lead without its address after a jump in the header, marking the step', async () => {
    const { store } = started();
    fieldsReply();
    // nock answers no lead: a POST would fail the test with an unmatched request.
    store.dispatch(wizard.categoryChosen(30225));
    store.dispatch(wizard.stepHeaderClicked(4));
    expect(selectLeadWizard(store.getState()).step).toBe(4);
    store.dispatch(wizard.contactEdited(contact));
    store.dispatch(wizard.submitRequested());
    expect(selectLeadWizard(store.getState()).status).toBe('editing');
    expect(selectMissingSteps(store.getState())).toEqual(['address']);
    expect(selectSubmitError(store.getState())).toBe('leadWizard.missingSteps');
    // Placing the pin clears the mark and the message; then the lead can go.
    store.dispatch(pointPlaced({ lat: 52.5, lng: 13.4 }));
    expect(selectMissingSteps(store.getState())).toEqual([]);
    expect(selectSubmitError(store.getState())).toBeNull();
    const sent = nock(API)
      .post(
        '/v1/wizard/lead',
        (body: { lead: { location: { lat: number } } }) => body.lead.location.lat === 52.5,
      )
      .reply(201, { success: true, uuid: 'u' });
    store.dispatch(wizard.submitRequested());
    await waitFor(() => expect(selectLeadWizard(store.getState()).status).toBe('sent'));
    sent.done();
  });

  it('changing the object type clears the category; a tile moves on', () => {
    const { store } = started();
    store.dispatch(wizard.categoryChosen(30225));
    expect(selectLeadWizard(store.getState())).toMatchObject({ categoryId: 30225, step: 2 });
    store.dispatch(wizard.objectTypeChosen('COMMERCIAL'));
    expect(selectLeadWizard(store.getState()).categoryId).toBeNull();
  });

  it('offers the plot only for buy, and drops it when switching to rent', () => {
    const { store } = started();
    store.dispatch(wizard.categoryChosen(19795));
    expect(selectLeadWizard(store.getState()).categoryId).toBe(19795);
    store.dispatch(wizard.marketingTypeChosen('rent'));
    expect(selectLeadWizard(store.getState()).categoryId).toBeNull();
    store.dispatch(wizard.categoryChosen(19795));
    expect(selectLeadWizard(store.getState()).categoryId).toBeNull();
  });

  it('asks the host to scroll to the top on each step change', () => {
    const { store, env } = started();
    store.dispatch(wizard.categoryChosen(30225));
    store.dispatch(wizard.backClicked());
    const scrolls = env.posted().filter(([m]) => (m as { type: string }).type === 'scroll');
    expect(scrolls).toHaveLength(2);
  });

  it('without a contact step hands the assembled lead to the host on save', async () => {
    const { store, env } = started({ hideContactStep: true });
    fieldsReply();
    store.dispatch(wizard.saveClicked());
    expect(env.posted().some(([m]) => (m as { type: string }).type === 'save')).toBe(false);
    store.dispatch(wizard.categoryChosen(30225));
    store.dispatch(pointPlaced({ lat: 52.5, lng: 13.4 }));
    store.dispatch(wizard.saveClicked());
    expect(env.posted()).toContainEqual([
      widgetMessage('save', { lead: selectLeadPayload(store.getState()) }),
      AGENCY_ORIGIN,
    ]);
  });
});

describe('nothing lost', () => {
  it('saves the draft in the session and restores it after a reload', async () => {
    const first = started();
    fieldsReply();
    first.store.dispatch(wizard.categoryChosen(22332));
    first.store.dispatch(wizard.fieldEdited({ id: 'price.price', text: '789.000' }));
    first.store.dispatch(
      wizard.contactEdited({
        ...contact,
        message: 'Hallo',
        customFields: { ...contact.customFields, newsletter: true },
      }),
    );
    await waitFor(() => expect(first.env.sessionStore!.getItem(DRAFT_KEY)).toContain('789.000'));

    fieldsReply();
    const reloaded = started({ env: { sessionStore: first.env.sessionStore } });
    await waitFor(() => expect(selectLeadWizard(reloaded.store.getState()).categoryId).toBe(22332));
    const state = selectLeadWizard(reloaded.store.getState());
    expect(state).toMatchObject({
      categoryId: 22332,
      step: 2,
      fieldInputs: { 'price.price': '789.000' },
      contact: {
        firstname: ' Erika ',
        message: 'Hallo',
        customFields: { dataPrivacy: true, acceptContact: true, newsletter: true },
      },
    });
    expect(state.submissionKey).toBe(selectLeadWizard(first.store.getState()).submissionKey);
  });

  it('drops a damaged or foreign draft whole, and starts afresh', async () => {
    const sessionStore = createTestEnv().sessionStore!;
    sessionStore.setItem(
      DRAFT_KEY,
      '{"order":"category-first","hideContactStep":false,"categoryId":"evil","step":4,"maxStep":99,"location":{"lat":999}}',
    );
    const { store, env } = started({ env: { sessionStore } });
    await waitFor(() =>
      expect(env.log).toHaveBeenCalledWith(
        `draft ${DRAFT_KEY} did not pass its schema and was dropped`,
      ),
    );
    expect(selectLeadWizard(store.getState())).toMatchObject({
      categoryId: null,
      step: 1,
      maxStep: 1,
      location: null,
    });
    sessionStore.setItem(DRAFT_KEY, 'not json');
    const again = started({ env: { sessionStore } });
    await waitFor(() =>
      expect(again.env.log).toHaveBeenCalledWith(
        `draft ${DRAFT_KEY} could not be restored`,
        expect.any(SyntaxError),
      ),
    );
  });

  it('clamps a valid draft to what the machine allows', async () => {
    const first = started();
    first.store.dispatch(wizard.categoryChosen(30225));
    await waitFor(() => expect(first.env.sessionStore!.getItem(DRAFT_KEY)).toContain('30225'));
    const saved = JSON.parse(first.env.sessionStore!.getItem(DRAFT_KEY)!);
    first.env.sessionStore!.setItem(DRAFT_KEY, JSON.stringify({ ...saved, step: 9, maxStep: 9 }));
    fieldsReply();
    const reloaded = started({ env: { sessionStore: first.env.sessionStore } });
    await waitFor(() => expect(selectLeadWizard(reloaded.store.getState()).categoryId).toBe(30225));
    expect(selectLeadWizard(reloaded.store.getState())).toMatchObject({ step: 4, maxStep: 4 });
  });
});

describe('the chosen address and the pin', () => {
  // 'Schönhauser Allee 36' as the geocoder answers a house number: at its street, approximate.
  const HOUSE = featureToAddress(
    photon('', {
      osm_value: 'house',
      street: 'Schönhauser Allee',
      housenumber: '36',
      city: 'Berlin',
      district: 'Prenzlauer Berg',
      approximate: 'true',
    }),
  )!;
  const LINE = displayLine(HOUSE);
  const locality = photon('Prenzlauer Berg', { osm_value: 'suburb', city: 'Berlin' });
  const sent = (store: ReturnType<typeof started>['store']) =>
    selectLeadPayload(store.getState()).location;

  it.each(['category-first', 'address-first'] as const)(
    'keeps street, number, postcode and town for a pin moved near the house (%s)',
    async (order) => {
      const reverse = nock(WIDGET_ORIGIN)
        .get('/api/geocoder/reverse')
        .query(true)
        .reply(200, { features: [locality] });
      const { store } = started({ order });
      store.dispatch(suggestionChosen({ address: HOUSE, line: LINE }));
      // 300 m from the street's guessed position: within the street.
      store.dispatch(pointPlaced({ lat: 52.5407, lng: 13.41 }));
      await waitFor(() => expect(reverse.isDone()).toBe(true));
      await waitFor(() => expect(selectLeadWizard(store.getState()).pinMove).toBe('near'));
      expect(sent(store)).toMatchObject({
        street: 'Schönhauser Allee',
        number: '36',
        zip: '10435',
        city: 'Berlin',
        lat: 52.5407,
        lng: 13.41,
      });
      expect(sent(store)).not.toHaveProperty('approximate');
      expect(selectLeadWizard(store.getState()).addressAtPin ?? null).toBeNull();
      expect(selectGeocoder(store.getState()).text).toBe(LINE);
    },
  );

  it('asks before a pin moved far away changes the address, and keeps it when told', async () => {
    nock(WIDGET_ORIGIN)
      .get('/api/geocoder/reverse')
      .query(true)
      .twice()
      .reply(200, { features: [photon('Mitte', { osm_value: 'suburb', city: 'Berlin' })] });
    const { store } = started();
    store.dispatch(suggestionChosen({ address: HOUSE, line: LINE }));
    store.dispatch(pointPlaced({ lat: 52.52, lng: 13.39 }));
    await waitFor(() =>
      expect(selectLeadWizard(store.getState()).addressAtPin).toMatchObject({ district: 'Mitte' }),
    );
    expect(sent(store)).toMatchObject({ street: 'Schönhauser Allee', number: '36', zip: '10435' });
    store.dispatch(wizard.pinAddressKept());
    expect(selectLeadWizard(store.getState()).addressAtPin).toBeNull();
    expect(sent(store)).toMatchObject({ street: 'Schönhauser Allee', number: '36', lat: 52.52 });
    // The kept address now stands at the pin: a nudge from there keeps it unasked.
    store.dispatch(pointPlaced({ lat: 52.5201, lng: 13.3901 }));
    await waitFor(() => expect(selectLeadWizard(store.getState()).pinMove).toBe('near'));
    expect(sent(store)).toMatchObject({ street: 'Schönhauser Allee', number: '36' });
  });

  it('takes the address found at a far pin when told, the search box shows it, typed parts win', async () => {
    nock(WIDGET_ORIGIN)
      .get('/api/geocoder/reverse')
      .query(true)
      .reply(200, {
        features: [photon('Berlin', { street: 'Torstraße', housenumber: '1', postcode: '10119' })],
      });
    const { store } = started({ order: 'address-first' });
    store.dispatch(suggestionChosen({ address: HOUSE, line: LINE }));
    store.dispatch(wizard.addressFieldEdited({ field: 'number', value: '36a' }));
    store.dispatch(pointPlaced({ lat: 52.5, lng: 13.3 }));
    await waitFor(() => expect(selectLeadWizard(store.getState()).addressAtPin).toBeTruthy());
    store.dispatch(wizard.pinAddressTaken());
    expect(sent(store)).toMatchObject({
      street: 'Torstraße',
      number: '36a',
      zip: '10119',
      lat: 52.5,
      lng: 13.3,
    });
    await waitFor(() =>
      expect(selectGeocoder(store.getState()).text).toBe(
        displayLine(selectLeadWizard(store.getState()).location!),
      ),
    );
  });

  it('keeps a typed number when the visitor takes the address of a far pin on the typed street', async () => {
    nock(WIDGET_ORIGIN)
      .get('/api/geocoder/reverse')
      .query(true)
      .reply(200, { features: [photon('Berlin', { postcode: '10119', district: 'Mitte' })] });
    const { store } = started({ order: 'address-first' });
    store.dispatch(suggestionChosen({ address: HOUSE, line: LINE }));
    store.dispatch(wizard.addressFieldEdited({ field: 'street', value: 'Lindenweg' }));
    store.dispatch(wizard.addressFieldEdited({ field: 'number', value: '7' }));
    store.dispatch(pointPlaced({ lat: 52.5, lng: 13.3 }));
    await waitFor(() => expect(selectLeadWizard(store.getState()).addressAtPin).toBeTruthy());
    store.dispatch(wizard.pinAddressTaken());
    expect(sent(store)).toMatchObject({ street: 'Lindenweg', number: '7', zip: '10119' });
  });
});

describe('a retyped or cleared search box', () => {
  const HOUSE = featureToAddress(
    photon('', { osm_value: 'house', street: 'Warschauer Straße', housenumber: '33' }),
  )!;
  const LINE = displayLine(HOUSE);

  it.each([
    [
      'retyped',
      (s: ReturnType<typeof started>['store']) => s.dispatch(searchTextChanged('Xyzweg 1')),
    ],
    ['cleared', (s: ReturnType<typeof started>['store']) => s.dispatch(searchCleared())],
  ])('%s, it drops the chosen address: nothing stale leads on or is sent', async (_how, change) => {
    nock(WIDGET_ORIGIN).get('/api/geocoder').query(true).reply(200, { features: [] });
    const { store } = started({ order: 'address-first' });
    store.dispatch(suggestionChosen({ address: HOUSE, line: LINE }));
    expect(leadSelectors.selectCanNext(store.getState())).toBe(true);
    change(store);
    expect(leadSelectors.selectCanNext(store.getState())).toBe(false);
    expect(selectLeadPayload(store.getState()).location).toMatchObject({
      street: '',
      number: '',
      zip: '',
      lat: null,
    });
    // Typing the chosen line back does not revive it: the visitor chooses again.
    store.dispatch(searchTextChanged(LINE));
    expect(selectLeadWizard(store.getState()).location).toBeNull();
  });

  it('keeps an address whose parts the visitor typed into the fields, which show them', () => {
    const { store } = started({ order: 'address-first' });
    store.dispatch(suggestionChosen({ address: HOUSE, line: LINE }));
    store.dispatch(wizard.addressFieldEdited({ field: 'number', value: '35' }));
    store.dispatch(searchCleared());
    expect(selectLeadPayload(store.getState()).location).toMatchObject({
      street: 'Warschauer Straße',
      number: '35',
    });
  });
});
