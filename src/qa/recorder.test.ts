import { createActionRecorder, redact, REDACTED } from './recorder';
import { makeStore } from '../app/store';
import { createTestEnv, sendInit } from '../../test/helpers';
import { trackingEventOccurred } from '../host/actions';

describe('action recorder', () => {
  it('records nothing unless started', () => {
    const recorder = createActionRecorder();
    const env = createTestEnv();
    const store = makeStore({ env, recorder });
    store.dispatch(trackingEventOccurred({ event: 'LeadWizard' }));
    expect(recorder.exportLog().entries).toEqual([]);
  });

  it('records every action with its time since the start', () => {
    let now = 1_000;
    const recorder = createActionRecorder({ now: () => now });
    const store = makeStore({ env: createTestEnv(), recorder });
    recorder.start();
    now = 1_250;
    store.dispatch(trackingEventOccurred({ event: 'LeadWizard' }));
    const log = recorder.exportLog();
    expect(log).toMatchObject({ format: 'immosuite-action-log', version: 1, redacted: true });
    expect(log.startedAt).toBe(new Date(1_000).toISOString());
    expect(log.entries).toEqual([
      { t: 250, action: { type: 'host/trackingEventOccurred', payload: { event: 'LeadWizard' } } },
    ]);
    expect(JSON.parse(JSON.stringify(log))).toEqual(log);
  });

  it('starts when the host asks for it in init', () => {
    const recorder = createActionRecorder({
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

  it('redacts personal data and secrets wherever they are', () => {
    const action = {
      type: 'lead/submitted',
      payload: {
        contact: {
          firstname: 'Erika',
          email: 'erika@example.de',
          customFields: { dataPrivacy: true },
        },
        lead: {
          categoryId: 30225,
          location: { street: 'Hauptstr.', number: '5', zip: '10115', lat: 52.5 },
        },
        nonce: 'n',
      },
    };
    expect(redact(action)).toEqual({
      type: 'lead/submitted',
      payload: {
        contact: { firstname: REDACTED, email: REDACTED, customFields: { dataPrivacy: true } },
        lead: {
          categoryId: 30225,
          location: { street: REDACTED, number: REDACTED, zip: '10115', lat: 52.5 },
        },
        nonce: REDACTED,
      },
    });
  });
});
