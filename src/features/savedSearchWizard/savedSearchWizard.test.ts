/**
 * The saved-search wizard with the real store and sagas (product 2.3, §4, §7): regions loaded and
 * all chosen (or the configured ones), the machine's guards, what is sent, retries with one
 * Idempotency-Key, tracking, the draft across a reload, and the host save without contact step.
 */
import { waitFor } from '@testing-library/react';
import nock from 'nock';
import { API, createTestEnv, sendInit, setupStore, type TestEnv } from '../../../test/helpers';
import { conforming } from '../../../test/contract';
import { fieldsAnswer, REGIONS_ANSWER, SHAPES_ANSWER } from '../../../test/fixtures';
import { widgetMessage } from '../../host/protocol';
import { EMPTY_CONTACT } from '../../parts/contactForm/model';
import { rangeKey } from '../../parts/fields/records';
import { regionsActions, selectRegionsState } from '../../parts/regions/slice';
import { embeddedWizardSaved } from '../../wizard/actions';
import { DRAFT_KEY } from './sagas';
import { savedSearchSelectors, selectSavedSearchPayload } from './selectors';
import {
  savedSearchWizardActions as wizard,
  selectSavedSearchWizard,
  type SavedSearch,
} from './slice';
import { feature } from '.';

const { selectJumpable, selectSubmitError } = savedSearchSelectors;

const contact = {
  ...EMPTY_CONTACT,
  firstname: 'Erika',
  lastname: 'Mustermann',
  email: 'erika@example.de',
  customFields: { dataPrivacy: true, acceptContact: true, newsletter: false },
};

function regionsReply() {
  return nock(API).get('/v1/wizard/locations').reply(200, REGIONS_ANSWER);
}

function started(
  options: {
    config?: object;
    hideContactStep?: boolean;
    profile?: SavedSearch;
    env?: TestEnv;
  } = {},
) {
  const setup = setupStore({ env: options.env ?? createTestEnv(), features: [feature] });
  sendInit(setup.env, { config: options.config ?? {} });
  setup.store.dispatch(
    wizard.opened(
      {
        hideContactStep: options.hideContactStep ?? false,
        preselected: null,
        profile: options.profile ?? null,
      },
      1000,
    ),
  );
  return setup;
}

const state = (store: ReturnType<typeof started>['store']) =>
  selectSavedSearchWizard(store.getState());

afterEach(() => nock.cleanAll());

describe('saved-search wizard', () => {
  it('loads the regions once and starts with all of them chosen (product 4.5)', async () => {
    const scope = regionsReply();
    const { store } = started();
    await waitFor(() => expect(state(store).regionIds).toEqual([1, 11, 12, 2, 21, 22, 3]));
    expect(scope.isDone()).toBe(true);
    // Opened again in the same visit: no second request (nock would refuse one).
    store.dispatch(
      wizard.opened({ hideContactStep: false, preselected: null, profile: null }, 2000),
    );
    expect(selectRegionsState(store.getState()).status).toBe('loaded');
  });

  it('starts with the preselected regions instead, a district bringing its localities', async () => {
    regionsReply();
    const { store } = started();
    store.dispatch(
      wizard.opened({ hideContactStep: true, preselected: [2, 11], profile: null }, 0),
    );
    await waitFor(() => expect(state(store).regionIds).toEqual([11, 2, 21, 22]));
  });

  it('leaves step 1 only with a region, and opens steps 2 to 4 in the header once a category is set', async () => {
    regionsReply();
    const { store } = started();
    await waitFor(() => expect(state(store).regionIds).not.toBeNull());
    for (const id of [1, 2, 3]) store.dispatch(wizard.regionToggled(id));
    expect(state(store).regionIds).toEqual([]);
    store.dispatch(wizard.nextClicked());
    expect(state(store).step).toBe(1);
    store.dispatch(wizard.regionToggled(21));
    store.dispatch(wizard.nextClicked());
    expect(state(store).step).toBe(2);
    expect(selectJumpable(store.getState())).toEqual([true, false, false, false]);
    nock(API).post('/v1/wizard/fields').reply(200, fieldsAnswer(22332));
    store.dispatch(wizard.categoryChosen(22332));
    expect(state(store).step).toBe(3);
    // Every other step opens now (the current one is where the visitor is).
    expect(selectJumpable(store.getState())).toEqual([true, true, false, true]);
  });

  it('scrolls the host page to the top on each step change', async () => {
    regionsReply();
    const { store, env } = started();
    await waitFor(() => expect(state(store).regionIds).not.toBeNull());
    const scrolls = () =>
      env.posted().filter(([m]) => (m as { type: string }).type === 'scroll').length;
    store.dispatch(wizard.regionToggled(3));
    expect(scrolls()).toBe(0);
    store.dispatch(wizard.nextClicked());
    await waitFor(() => expect(scrolls()).toBe(1));
    store.dispatch(wizard.backClicked());
    await waitFor(() => expect(scrolls()).toBe(2));
  });

  it('offers no Mehrfamilienhaus, and Grundstück only to buy', async () => {
    regionsReply();
    const { store } = started();
    await waitFor(() => expect(state(store).regionIds).not.toBeNull());
    store.dispatch(wizard.nextClicked());
    store.dispatch(wizard.categoryChosen(36561));
    expect(state(store).categoryId).toBeNull();
    nock(API).post('/v1/wizard/fields').reply(200, fieldsAnswer(19795));
    store.dispatch(wizard.categoryChosen(19795));
    expect(state(store).categoryId).toBe(19795);
    store.dispatch(wizard.marketingTypeChosen('rent'));
    expect(state(store).categoryId).toBeNull();
  });

  it('sends regions, category and criteria (price and year built as ranges, the rest minimums) and tracks SavedSearchWizard', async () => {
    regionsReply();
    nock(API).post('/v1/wizard/fields').reply(200, fieldsAnswer(30225));
    const { store, env } = started();
    await waitFor(() => expect(state(store).regionIds).not.toBeNull());
    store.dispatch(wizard.regionToggled(1));
    store.dispatch(wizard.regionToggled(3));
    store.dispatch(wizard.regionToggled(22));
    store.dispatch(wizard.nextClicked());
    store.dispatch(wizard.categoryChosen(30225));
    await waitFor(() => expect(selectSavedSearchPayload(store.getState()).fields).toEqual([]));
    const edits: [string, string][] = [
      [rangeKey('price.price', 'min'), '200.000'],
      [rangeKey('price.price', 'max'), '450.000'],
      ['area.livingSpace', '60,5'],
      [rangeKey('property[baujahr]', 'min'), '1990'],
    ];
    for (const [id, text] of edits) store.dispatch(wizard.fieldEdited({ id, text }));
    await waitFor(() => expect(selectSavedSearchPayload(store.getState()).fields).toHaveLength(3));
    store.dispatch(wizard.nextClicked());
    store.dispatch(wizard.contactEdited(contact));
    const scrolls = () =>
      env.posted().filter(([m]) => (m as { type: string }).type === 'scroll').length;
    await waitFor(() => expect(scrolls()).toBe(3));
    let body: { savedSearch?: unknown } = {};
    const key = state(store).submissionKey;
    nock(API)
      .post(
        '/v1/wizard/saved-search',
        (b) => conforming('post', '/v1/wizard/saved-search')(b) && Boolean((body = b)),
      )
      .matchHeader('Idempotency-Key', key)
      .reply(500, { code: 'internal_server_error', message: 'x', data: { status: 500 } });
    store.dispatch(wizard.submitRequested());
    await waitFor(() => expect(state(store).status).toBe('error'));
    expect(selectSubmitError(store.getState())).toBe('errors.generic');
    // The form stays with its message: the host page is not scrolled.
    expect(scrolls()).toBe(3);
    nock(API)
      .post('/v1/wizard/saved-search', (b) => Boolean((body = b)))
      .matchHeader('Idempotency-Key', key)
      .reply(201, { success: true });
    store.dispatch(wizard.submitRequested());
    await waitFor(() => expect(state(store).status).toBe('sent'));
    expect(body.savedSearch).toEqual({
      objectType: 'LIVING',
      categoryId: 30225,
      marketingType: 'buy',
      locations: [{ locationId: 21 }],
      fields: [
        { name: 'price.price', valueType: 'RANGE', minValue: 200000, maxValue: 450000 },
        { name: 'area.livingSpace', valueType: 'NUMBER', minValue: 60.5 },
        { name: 'property[baujahr]', valueType: 'RANGE', minValue: 1990, maxValue: null },
      ],
    });
    expect(env.posted()).toContainEqual([
      widgetMessage('tracking', { event: 'SavedSearchWizard' }),
      expect.any(String),
    ]);
    // The form gives way to the success message: the host page scrolls to the frame's top.
    expect(scrolls()).toBe(4);
    expect(env.posted().at(-1)).toEqual([widgetMessage('scroll', { top: 0 }), expect.any(String)]);
  });

  it('refuses to send without a region and says which step is missing', async () => {
    regionsReply();
    const { store } = started();
    await waitFor(() => expect(state(store).regionIds).not.toBeNull());
    nock(API).post('/v1/wizard/fields').reply(200, fieldsAnswer(22332));
    store.dispatch(wizard.nextClicked());
    store.dispatch(wizard.categoryChosen(22332));
    store.dispatch(wizard.nextClicked());
    store.dispatch(wizard.stepHeaderClicked(1));
    for (const id of [1, 2, 3]) store.dispatch(wizard.regionToggled(id));
    store.dispatch(wizard.stepHeaderClicked(4));
    expect(state(store).step).toBe(1);
    // Even sent straight from the last step, the machine refuses.
    store.dispatch(wizard.submitRequested());
    expect(state(store).status).toBe('editing');
    expect(selectSubmitError(store.getState())).toBe('savedSearchWizard.missingSteps');
  });

  it('edits a profile: its regions, category and criteria come back, and the uuid goes with them', async () => {
    regionsReply();
    nock(API).post('/v1/wizard/fields').reply(200, fieldsAnswer(22332));
    const profile: SavedSearch = {
      uuid: '0b9a2f8e-4c1d-4e7a-9f3b-2a6c8d1e5f70',
      active: false,
      objectType: 'LIVING',
      categoryId: 22332,
      category: { name: 'haus' },
      marketingType: 'rent',
      locations: [{ locationId: 2, name: 'Pankow' }],
      fields: [{ name: 'price.price', valueType: 'RANGE', minValue: null, maxValue: 1800 }],
    };
    const { store } = started({ profile, hideContactStep: true });
    await waitFor(() => expect(state(store).regionIds).toEqual([2, 21, 22]));
    await waitFor(() =>
      expect(selectSavedSearchPayload(store.getState())).toEqual({
        objectType: 'LIVING',
        categoryId: 22332,
        marketingType: 'rent',
        uuid: profile.uuid,
        active: false,
        locations: [{ locationId: 2 }],
        fields: [{ name: 'price.price', valueType: 'RANGE', minValue: null, maxValue: 1800 }],
      }),
    );
    store.dispatch(wizard.activateClicked());
    expect(selectSavedSearchPayload(store.getState()).active).toBe(true);
  });

  it('hands the saved search to the host page without a contact step', async () => {
    regionsReply();
    nock(API).post('/v1/wizard/fields').reply(200, fieldsAnswer(22332));
    const { store, env } = started({ hideContactStep: true });
    await waitFor(() => expect(state(store).regionIds).not.toBeNull());
    store.dispatch(wizard.saveClicked());
    expect(env.posted().some(([m]) => (m as { type: string }).type === 'save')).toBe(false);
    store.dispatch(wizard.nextClicked());
    store.dispatch(wizard.categoryChosen(22332));
    store.dispatch(wizard.saveClicked());
    await waitFor(() =>
      expect(env.posted()).toContainEqual([
        widgetMessage('save', {
          savedSearch: expect.objectContaining({
            categoryId: 22332,
            locations: [{ locationId: 1 }, { locationId: 2 }, { locationId: 3 }],
          }),
        }),
        expect.any(String),
      ]),
    );
  });

  it('brings back the chosen regions and criteria after a reload', async () => {
    regionsReply();
    const env = createTestEnv();
    const first = started({ env });
    await waitFor(() => expect(state(first.store).regionIds).not.toBeNull());
    first.store.dispatch(wizard.regionToggled(1));
    first.store.dispatch(
      wizard.fieldEdited({ id: rangeKey('price.price', 'max'), text: '300.000' }),
    );
    await waitFor(() => expect(env.sessionStore!.getItem(DRAFT_KEY)).toContain('300.000'));
    regionsReply();
    const second = started({ env: createTestEnv({ sessionStore: env.sessionStore }) });
    await waitFor(() => expect(state(second.store).regionIds).toEqual([2, 21, 22, 3]));
    expect(state(second.store).fieldInputs).toEqual({
      [rangeKey('price.price', 'max')]: '300.000',
    });
  });

  it('saves the draft at once when the page is hidden (a reload), before its moment has passed', async () => {
    regionsReply();
    const env = createTestEnv();
    const { store } = started({ env });
    await waitFor(() => expect(state(store).regionIds).not.toBeNull());
    jest.useFakeTimers({ doNotFake: ['nextTick', 'setImmediate', 'queueMicrotask'] });
    try {
      store.dispatch(wizard.fieldEdited({ id: rangeKey('price.price', 'max'), text: '450.000' }));
      // The moment after the change has not passed: nothing saved yet.
      expect(env.sessionStore!.getItem(DRAFT_KEY) ?? '').not.toContain('450.000');
      env.setPageHidden(true);
      await Promise.resolve();
      expect(env.sessionStore!.getItem(DRAFT_KEY)).toContain('450.000');
      // Shown and hidden again (another tab and back): saved again, with what came meanwhile.
      env.setPageHidden(false);
      store.dispatch(wizard.fieldEdited({ id: rangeKey('price.price', 'max'), text: '460.000' }));
      env.setPageHidden(true);
      await Promise.resolve();
      expect(env.sessionStore!.getItem(DRAFT_KEY)).toContain('460.000');
    } finally {
      jest.useRealTimers();
    }
  });

  it('leaves a stored draft alone when the page is hidden before it is restored, nothing changed', async () => {
    regionsReply();
    const env = createTestEnv();
    const stored = JSON.stringify({ marker: 'a draft of an earlier visit' });
    env.sessionStore!.setItem(DRAFT_KEY, stored);
    started({ env });
    // The restore waits for its schema's chunk; the page goes hidden meanwhile.
    env.setPageHidden(true);
    await Promise.resolve();
    expect(env.sessionStore!.getItem(DRAFT_KEY)).toBe(stored);
  });

  it('says when the regions could not be loaded, and loads them on retry', async () => {
    nock(API).get('/v1/wizard/locations').reply(200, { wrong: true });
    const { store, env } = started();
    await waitFor(() => expect(selectRegionsState(store.getState()).status).toBe('failed'));
    expect(env.log).toHaveBeenCalledWith(expect.stringContaining('no locations list'), {
      wrong: true,
    });
    regionsReply();
    store.dispatch(regionsActions.regionsRequested());
    await waitFor(() => expect(state(store).regionIds).toHaveLength(7));
  });

  it('loads the shapes for the map once, leaving malformed ones out', async () => {
    regionsReply();
    const shapes = {
      geojson: {
        ...SHAPES_ANSWER.geojson,
        features: [
          ...SHAPES_ANSWER.geojson.features,
          {
            type: 'Feature',
            properties: { locationId: 'x' },
            geometry: { type: 'Point', coordinates: [1, 2] },
          },
        ],
      },
    };
    nock(API).get('/v1/wizard/locations/geojson').reply(200, shapes);
    const { store, env } = started();
    store.dispatch(regionsActions.shapesRequested());
    await waitFor(() => expect(selectRegionsState(store.getState()).shapesStatus).toBe('loaded'));
    expect(
      selectRegionsState(store.getState()).shapes.map((s) => [s.locationId, s.parentId]),
    ).toEqual([
      [11, 1],
      [12, 1],
      [21, 2],
      [22, 2],
      [3, null],
      [1, null],
      [2, null],
    ]);
    expect(selectRegionsState(store.getState()).shapesAttribution).toBe(
      'Amt für Statistik Berlin-Brandenburg, daten.berlin.de',
    );
    expect(env.log).toHaveBeenCalledWith('regions: 1 malformed shapes left out');
    store.dispatch(regionsActions.shapesRequested());
    expect(selectRegionsState(store.getState()).shapesStatus).toBe('loaded');
  });
});

describe('saved-search wizard in the portal', () => {
  it('forgets what its dialog assembled once the portal saved it, draft included', async () => {
    regionsReply();
    nock(API).post('/v1/wizard/fields').reply(200, fieldsAnswer(22332));
    const env = createTestEnv();
    const { store } = started({ env, hideContactStep: true });
    await waitFor(() => expect(state(store).regionIds).not.toBeNull());
    store.dispatch(wizard.nextClicked());
    store.dispatch(wizard.categoryChosen(22332));
    await waitFor(() => expect(env.sessionStore!.getItem(DRAFT_KEY)).toContain('22332'));
    store.dispatch(embeddedWizardSaved());
    expect(state(store).categoryId).toBeNull();
    expect(state(store).regionIds).toEqual([1, 11, 12, 2, 21, 22, 3]);
    // Removed, not stored blank: the next dialog opens fresh, with no draft to refuse.
    await waitFor(() => expect(env.sessionStore!.getItem(DRAFT_KEY)).toBeNull());
    store.dispatch(
      wizard.opened({ hideContactStep: true, preselected: null, profile: null }, 5000),
    );
    await waitFor(() => expect(state(store).submissionKey).not.toBe(''));
    expect(env.log).not.toHaveBeenCalledWith(expect.stringContaining('did not pass its schema'));
  });
});
