/**
 * No personal data reaches the funnel's counts (docs/agency.md#the-funnel): random journeys of the
 * wizards' real actions, with random names, addresses and messages, run in the real store with
 * its sagas; every message the widget posts goes through the real embed script, and every
 * beacon it sends is what the server would count. The beacons hold a wizard and a stage of
 * contract/funnel.ts and nothing else, and every step the wizard showed was counted once.
 */
import fc from 'fast-check';
import { FUNNEL_WIZARDS } from '../../contract/funnel';
import { createTestEnv, sendInit, setupStore, WIDGET_ORIGIN } from '../../test/helpers';
import type { AppEnv } from '../app/env';
import { feature as leadFeature } from '../features/leadWizard';
import { leadMachine, STEP_ORDERS } from '../features/leadWizard/machine';
import { leadWizardActions as lead, selectLeadWizard } from '../features/leadWizard/slice';
import { feature as searchFeature } from '../features/savedSearchWizard';
import { savedSearchMachine } from '../features/savedSearchWizard/machine';
import {
  savedSearchWizardActions as search,
  selectSavedSearchWizard,
} from '../features/savedSearchWizard/slice';
import { EMPTY_CONTACT } from '../parts/contactForm/model';
import { EMPTY_ADDRESS } from '../parts/location/address';
import * as location from '../parts/location/slice';
import type { Action } from '@reduxjs/toolkit';

type EmbedModule = typeof import('../../embed');

/** No network in these journeys: every call fails as offline, which the wizards handle. */
const offline: AppEnv['request'] = async (options) => ({
  ok: false,
  error: { kind: 'network', url: String(options.path), message: 'offline' },
  nonce: null,
});

const text = fc.stringMatching(/^[A-Za-zÄÖÜäöüß]{4,10}$/).map((w) => `Zq${w}`);
const personal = fc.record({
  firstname: text,
  lastname: text,
  email: text.map((w) => `${w}@example.de`),
  phone: fc.integer({ min: 1_000_000, max: 99_999_999 }).map((n) => `+49 ${n}`),
  street: text,
  number: text.map((w) => `7${w}`),
  city: text,
  message: text,
  search: text,
  field: text,
});
type Personal = typeof personal extends fc.Arbitrary<infer T> ? T : never;

/** The real actions a visitor's clicks and typing dispatch, with what they typed. */
function leadActions(d: Personal): Action[] {
  const address = {
    ...EMPTY_ADDRESS,
    street: d.street,
    number: d.number,
    city: d.city,
    zip: '10115',
    lat: 52.5,
    lng: 13.4,
  };
  return [
    lead.categoryChosen(30225),
    lead.nextClicked(),
    lead.backClicked(),
    lead.stepHeaderClicked(3),
    lead.manualEntryOpened(),
    lead.addressFieldEdited({ field: 'street', value: d.street }),
    lead.addressFieldEdited({ field: 'city', value: d.city }),
    location.searchTextChanged(d.search),
    location.suggestionChosen({ address, line: `${d.street} ${d.number}, ${d.city}` }),
    location.pointResolved(address),
    lead.fieldEdited({ id: 'price.price', text: d.field }),
    lead.contactEdited({ ...EMPTY_CONTACT, ...d, zip: '10115', company: d.lastname }),
    lead.submitRequested(),
  ];
}

function searchActions(d: Personal): Action[] {
  return [
    search.regionToggled(1),
    search.nextClicked(),
    search.categoryChosen(30225),
    search.backClicked(),
    search.stepHeaderClicked(4),
    search.fieldEdited({ id: 'price.price', text: d.field }),
    search.contactEdited({ ...EMPTY_CONTACT, ...d, zip: '10115', company: d.lastname }),
    search.submitRequested(),
  ];
}

const WIZARDS = {
  'lead-wizard': {
    feature: leadFeature,
    open: (at: number, order: 'category-first' | 'address-first') =>
      lead.opened({ order, hideContactStep: false }, at),
    actions: leadActions,
    stepId: (state: Parameters<typeof selectLeadWizard>[0]) =>
      leadMachine.currentStepId(selectLeadWizard(state)),
  },
  'saved-search-wizard': {
    feature: searchFeature,
    open: (at: number) =>
      search.opened({ hideContactStep: false, preselected: null, profile: null }, at),
    actions: searchActions,
    stepId: (state: Parameters<typeof selectSavedSearchWizard>[0]) =>
      savedSearchMachine.currentStepId(selectSavedSearchWizard(state)),
  },
} as const;

function loadEmbed(): EmbedModule {
  let mod: EmbedModule | undefined;
  jest.isolateModules(() => {
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    mod = require('../../embed') as EmbedModule;
  });
  return mod!;
}

describe("the funnel's vocabulary", () => {
  it("names every step of the wizards' machines, in either order, and nothing else", () => {
    for (const order of Object.keys(STEP_ORDERS) as (keyof typeof STEP_ORDERS)[])
      expect([...leadMachine.stepsOf({ order, hideContactStep: false })].sort()).toEqual(
        [...FUNNEL_WIZARDS['lead-wizard']].sort(),
      );
    expect([...savedSearchMachine.stepsOf({ hideContactStep: false })]).toEqual([
      ...FUNNEL_WIZARDS['saved-search-wizard'],
    ]);
  });
});

describe('the funnel sees no personal data', () => {
  let beacons: string[];
  beforeEach(() => {
    document.body.innerHTML = '';
    beacons = [];
    Object.defineProperty(navigator, 'sendBeacon', {
      configurable: true,
      value: (url: string, body: string) => {
        expect(url).toBe(`${WIDGET_ORIGIN}/funnel`);
        beacons.push(body);
        return true;
      },
    });
  });
  afterEach(() => {
    delete (navigator as unknown as Record<string, unknown>).sendBeacon;
  });

  it.each(Object.keys(WIZARDS) as (keyof typeof WIZARDS)[])(
    '%s: random journeys with typed personal data give beacons of wizard and stage alone',
    async (route) => {
      const wizard = WIZARDS[route];
      const { mount } = loadEmbed();
      await fc.assert(
        fc.asyncProperty(
          personal,
          fc.constantFrom('category-first', 'address-first'),
          fc.array(fc.nat(), { minLength: 1, maxLength: 25 }),
          async (data, order, picks) => {
            beacons = [];
            document.body.innerHTML = '';
            const env = createTestEnv({ request: offline });
            const { store } = setupStore({ env, features: [wizard.feature] });
            // The embed script's frame for this wizard; what the widget posts arrives there.
            const { iframe, destroy } = mount(document.body, { route });
            jest.spyOn(iframe.contentWindow!, 'postMessage').mockImplementation(() => {});
            const relayed = new Set<unknown>();
            const relay = () => {
              for (const [message] of env.posted()) {
                if (relayed.has(message)) continue;
                relayed.add(message);
                const event = new Event('message');
                Object.assign(event, {
                  data: message,
                  origin: WIDGET_ORIGIN,
                  source: iframe.contentWindow,
                });
                window.dispatchEvent(event);
              }
            };
            sendInit(env);
            relay();
            const shown = new Set<string>();
            store.dispatch(wizard.open(0, order));
            shown.add(wizard.stepId(store.getState()));
            const pool = wizard.actions(data);
            for (const pick of picks) {
              store.dispatch(pool[pick % pool.length]!);
              await Promise.resolve();
              shown.add(wizard.stepId(store.getState()));
            }
            relay();
            destroy();

            // Every beacon is a wizard and a stage of the vocabulary, and nothing typed.
            const steps: readonly string[] = FUNNEL_WIZARDS[route];
            for (const body of beacons) {
              const beacon = JSON.parse(body) as Record<string, unknown>;
              expect(Object.keys(beacon).sort()).toEqual(['stage', 'wizard']);
              expect(beacon.wizard).toBe(route);
              expect(['started', ...steps]).toContain(beacon.stage);
              for (const secret of Object.values(data)) expect(body).not.toContain(secret);
            }
            // Each step the wizard showed was counted, once, after 'started'.
            expect(beacons.map((b) => (JSON.parse(b) as { stage: string }).stage).sort()).toEqual(
              ['started', ...shown].sort(),
            );
          },
        ),
        { numRuns: 30 },
      );
    },
  );
});
