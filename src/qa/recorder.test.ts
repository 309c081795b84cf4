import fc from 'fast-check';
import { createActionRecorder } from './recorder';
import { leadWizardActions as lead, selectLeadWizard } from '../features/leadWizard/slice';
import { initAccepted } from '../host/slice';
import { DEFAULT_CONFIG } from '../host/config';
import { EMPTY_CONTACT } from '../parts/contactForm/model';
import { EMPTY_ADDRESS } from '../parts/location/address';
import * as location from '../parts/location/slice';
import { makeStore, rootReducer } from '../app/store';
import { recordingStore } from '../../test/actionLogs';
import type { Reducer } from './log';
import { createTestEnv, sendInit } from '../../test/helpers';
import { trackingEventOccurred } from '../host/actions';

const reducer = rootReducer as Reducer;

describe('action recorder', () => {
  it('records nothing unless started', () => {
    const recorder = createActionRecorder({ reducer });
    const env = createTestEnv();
    const store = makeStore({ env, recorder });
    store.dispatch(trackingEventOccurred({ event: 'LeadWizard' }));
    expect(recorder.exportLog().entries).toEqual([]);
  });

  it('records every action with its time since the start', () => {
    let now = 1_000;
    const recorder = createActionRecorder({ reducer, now: () => now });
    const store = makeStore({ env: createTestEnv(), recorder });
    recorder.start();
    now = 1_250;
    store.dispatch(trackingEventOccurred({ event: 'LeadWizard' }));
    const log = recorder.exportLog();
    expect(log).toMatchObject({
      format: 'immosuite-action-log',
      schemaVersion: 2,
      redacted: true,
      dropped: 0,
    });
    expect(log.startedAt).toBe(new Date(1_000).toISOString());
    expect(log.entries).toEqual([
      { t: 250, action: { type: 'host/trackingEventOccurred', payload: { event: 'LeadWizard' } } },
    ]);
    expect(JSON.parse(JSON.stringify(log))).toEqual(log);
  });

  it('starts when the host asks for it in init', () => {
    const recorder = createActionRecorder({
      reducer,
      startWhen: (action) =>
        (
          action as {
            type: string;
            payload?: { config?: { options?: { recordActions?: boolean } } };
          }
        ).payload?.config?.options?.recordActions === true,
    });
    const env = createTestEnv();
    makeStore({ env, recorder });
    sendInit(env, { nonce: 'secret', config: { options: { recordActions: true } } });
    const log = recorder.exportLog();
    expect(log.entries[0]?.action.type).toBe('host/initAccepted');
    expect(JSON.stringify(log)).not.toContain('secret');
    expect(JSON.stringify(recorder.exportLog({ redact: false }))).toContain('secret');
  });

  it('redacts what a visitor typed in a real lead journey, with stable placeholders', () => {
    const word = fc.stringMatching(/^[A-Za-zÄÖÜäöüß]{5,12}$/).map((w) => `Zq${w}`);
    const zip = fc.integer({ min: 10000, max: 99999 }).map(String);
    fc.assert(
      fc.property(
        fc.record({
          firstname: word,
          lastname: word,
          email: word.map((w) => `${w}@example.de`),
          phone: fc.integer({ min: 1_000_000, max: 99_999_999 }).map((n) => `+49 ${n}`),
          company: word,
          message: word,
          street: word,
          number: word.map((w) => `12${w}`),
          zip,
          city: word,
          search: word,
          line: word,
          nonce: word,
        }),
        (data) => {
          const { recorder, store } = recordingStore({ now: () => 0 });
          const address = {
            ...EMPTY_ADDRESS,
            street: data.street,
            number: data.number,
            zip: data.zip,
            city: data.city,
            district: data.city,
            lat: 52.5,
            lng: 13.4,
          };
          const contact = {
            ...EMPTY_CONTACT,
            firstname: data.firstname,
            lastname: data.lastname,
            email: data.email,
            phone: data.phone,
            company: data.company,
            message: data.message,
            street: data.street,
            number: data.number,
            zip: data.zip,
            city: data.city,
          };
          store.dispatch(
            initAccepted({
              origin: 'https://agency.test',
              config: { ...DEFAULT_CONFIG, query: { k: data.nonce } },
              nonce: data.nonce,
              warnings: [],
            }),
          );
          store.dispatch({
            type: lead.opened.type,
            payload: { order: 'address-first', hideContactStep: false, key: 'key-key-key', at: 0 },
          });
          store.dispatch(location.searchTextChanged(data.search));
          store.dispatch(location.suggestionsReceived({ text: data.search, items: [address] }));
          store.dispatch(location.searchFailed({ text: data.search }));
          store.dispatch(location.suggestionChosen({ address, line: data.line }));
          store.dispatch(lead.manualEntryOpened());
          for (const field of ['street', 'number', 'zip', 'city'] as const)
            store.dispatch(lead.addressFieldEdited({ field, value: data[field] }));
          store.dispatch(location.pointPlaced({ lat: 52.5, lng: 13.4 }));
          store.dispatch(location.pointResolved(address));
          store.dispatch(lead.categoryChosen(30225));
          store.dispatch(lead.contactEdited(contact));
          store.dispatch(lead.restored({ ...selectDraft(store), contact, location: address }));
          store.dispatch(lead.submitRequested());

          // Every text of the redacted log but the placeholders, which are hashes.
          const texts = stringsOf(recorder.exportLog()).filter(
            (text) => !/^redacted-[0-9a-z]+$/.test(text),
          );
          const secrets = Object.values(data);
          for (const secret of secrets)
            expect(texts.filter((text) => leaks(text, secret))).toEqual([]);
          // Not redacted on request: everything is there.
          const raw = JSON.stringify(recorder.exportLog({ redact: false }));
          for (const secret of secrets) expect(raw).toContain(secret);
          // The same typed text gets the same placeholder in every action of one export.
          const log = recorder.exportLog();
          const searched = log.entries.find(
            (e) => e.action.type === location.searchTextChanged.type,
          )!.action.payload as string;
          const answered = log.entries.find(
            (e) => e.action.type === location.suggestionsReceived.type,
          )!.action.payload as { text: string };
          expect(searched).toMatch(/^redacted-/);
          expect(answered.text).toBe(searched);
        },
      ),
      { numRuns: 60 },
    );
  });
});

/**
 * Whether `text` holds `secret`. A number (the zip) counts where it stands alone: as digits
 * inside a longer token it is part of a hash of the log (e.g. a state's), not a leak.
 */
function leaks(text: string, secret: string): boolean {
  if (!/^\d+$/.test(secret)) return text.includes(secret);
  return new RegExp(`(?<![0-9a-z])${secret}(?![0-9a-z])`, 'i').test(text);
}

function selectDraft(store: ReturnType<typeof makeStore>) {
  const { error: _error, ...draft } = selectLeadWizard(store.getState());
  return draft;
}

function stringsOf(value: unknown): string[] {
  if (typeof value === 'string') return [value];
  if (typeof value !== 'object' || value === null) return [];
  return Object.entries(value).flatMap(([key, inner]) => [key, ...stringsOf(inner)]);
}
