import fc from 'fast-check';
import { ERIKA, leadJourney, recordingStore, reducer } from '../../test/actionLogs';
import * as location from '../parts/location/slice';
import { DEFAULT_CONFIG } from '../host/config';
import { initAccepted } from '../host/slice';
import { leadWizardActions as lead } from '../features/leadWizard/slice';
import {
  ActionLogError,
  firstDifference,
  parseActionLog,
  plain,
  replayLog,
  stateHash,
  type ActionLog,
  type Reducer,
} from './log';

/** A log as QA staff hand it over: a file of JSON text. */
const roundTrip = (log: ActionLog) => parseActionLog(JSON.stringify(log));

describe('action log', () => {
  it('replays an unredacted lead journey to the live store state, checkpoint by checkpoint', () => {
    const { recorder, store } = leadJourney(ERIKA, { checkpointEvery: 10 });
    const log = roundTrip(recorder.exportLog({ redact: false }));
    expect(log).toMatchObject({ schemaVersion: 2, route: 'lead-wizard', redacted: false });
    expect(log.faithful).toBe(true);
    const n = log.entries.length;
    expect(n).toBeGreaterThan(20);
    expect(log.checkpoints.map((c) => c.after)).toEqual([
      ...Array.from({ length: Math.ceil(n / 10) - 1 }, (_, i) => (i + 1) * 10),
      n,
    ]);
    expect(log.hashes).toHaveLength(log.entries.length);
    const result = replayLog(log, reducer);
    expect(result.divergences).toEqual([]);
    expect(plain(result.state)).toEqual(plain(store.getState()));
    expect(log.config).toEqual(plain(store.getState().host.config));
  });

  it('says when its replay does not reproduce the live store (a reducer that is not pure)', () => {
    let calls = 0;
    const impure: Reducer = (state, action) => {
      const next = reducer(state, action) as { ui: object };
      calls += 1;
      return { ...next, ui: { ...next.ui, replayed: calls } };
    };
    const { recorder } = leadJourney(ERIKA, { reducer: impure, checkpointEvery: 10 });
    expect(recorder.exportLog({ redact: false }).faithful).toBe(false);
  });

  it('replays a redacted log without divergence, the journey intact and the data hidden', () => {
    const { recorder, store } = leadJourney();
    const log = roundTrip(recorder.exportLog());
    expect(log.faithful).toBeNull();
    const result = replayLog(log, reducer);
    expect(result.divergences).toEqual([]);
    const replayed = result.state as ReturnType<typeof store.getState>;
    expect(replayed.leadWizard!.step).toBe(store.getState().leadWizard!.step);
    expect(replayed.leadWizard!.categoryId).toBe(30225);
    expect(JSON.stringify(log)).not.toMatch(/Erika|Mustermann|Kastanienallee|10435|nonce-secret/);
  });

  it('names the tampered action and the first differing value when a payload was changed', () => {
    const { recorder } = leadJourney(ERIKA, { checkpointEvery: 10 });
    const log = roundTrip(recorder.exportLog({ redact: false }));
    const index = log.entries.findIndex((e) => e.action.type === lead.categoryChosen.type);
    log.entries[index]!.action.payload = 22332;
    const { divergences } = replayLog(log, reducer);
    expect(divergences[0]).toMatchObject({
      index,
      actionType: lead.categoryChosen.type,
      path: '$.leadWizard.categoryId',
    });
    // The index lies between checkpoints: the replay went back over the stretch to find it.
    expect(index % 10).not.toBe(9);
  });

  it('names a tampered checkpoint: a changed state by its path, a changed hash as such', () => {
    const { recorder } = leadJourney(ERIKA, { checkpointEvery: 10 });
    const exported = recorder.exportLog({ redact: false });

    const changedState = roundTrip(exported);
    const second = changedState.checkpoints[1]!;
    (second.state as { host: { status: string } }).host.status = 'waiting';
    expect(replayLog(changedState, reducer).divergences).toEqual([
      expect.objectContaining({
        index: second.after - 1,
        after: second.after,
        path: '$.host.status',
      }),
    ]);

    const changedHash = roundTrip(exported);
    const last = changedHash.checkpoints.at(-1)!;
    last.hash = '0'.repeat(14);
    expect(replayLog(changedHash, reducer).divergences).toEqual([
      expect.objectContaining({ index: last.after - 1, path: '$hash' }),
    ]);
  });

  it('names the init config in its header, never with a secret in it', () => {
    const { recorder, store } = recordingStore();
    store.dispatch(
      initAccepted({
        origin: 'https://agency.test',
        config: { ...DEFAULT_CONFIG, mapZoom: 15, query: { k: 'login-key', objectId: '7' } },
        nonce: 'nonce-secret',
        warnings: [],
      }),
    );
    for (const redact of [true, false]) {
      const log = recorder.exportLog({ redact });
      expect(log.config).toMatchObject({ mapZoom: 15, query: { k: '[secret]', objectId: '7' } });
      expect(JSON.stringify(log.config)).not.toContain('login-key');
    }
  });

  it('stops where asked', () => {
    const { recorder } = leadJourney();
    const log = roundTrip(recorder.exportLog());
    const result = replayLog(log, reducer, 3);
    expect(result.applied).toBe(3);
    expect(stateHash(result.state)).toBe(log.hashes[2]);
  });

  it('refuses what it cannot replay with one line naming the problem', () => {
    const { recorder } = leadJourney();
    const good = recorder.exportLog();
    const bad = (change: (log: Record<string, unknown>) => void) => {
      const copy = JSON.parse(JSON.stringify(good)) as Record<string, unknown>;
      change(copy);
      return JSON.stringify(copy);
    };
    const cases: [string, RegExp][] = [
      ['{"format":', /^not JSON/],
      ['[]', /not an action log/],
      [bad((l) => (l.format = 'redux-devtools')), /not an action log/],
      [
        bad((l) => (l.schemaVersion = 1)),
        /schema version 1 is not supported \(this build reads 2\)/,
      ],
      [
        bad((l) => ((l.entries as { action: object }[])[3]!.action = {})),
        /entries\[3\]: no action type/,
      ],
      [bad((l) => (l.hashes as string[]).pop()), /hashes: not one per entry/],
      [bad((l) => ((l.checkpoints as { after: number }[])[0]!.after = 10_000)), /checkpoints\[0\]/],
      [bad((l) => delete l.initialState), /initialState/],
    ];
    for (const [text, message] of cases) {
      let error: unknown;
      try {
        parseActionLog(text);
      } catch (caught) {
        error = caught;
      }
      expect(error).toBeInstanceOf(ActionLogError);
      expect((error as Error).message).toMatch(message);
      expect((error as Error).message).not.toContain('\n');
    }
  });

  it('keeps at most the newest actions, and the state before them, in its ring buffer', () => {
    const { recorder, store } = recordingStore({ maxActions: 250, checkpointEvery: 50 });
    for (let i = 0; i < 1_000; i += 1) store.dispatch(location.searchTextChanged(`Straße ${i}`));
    expect(recorder.size).toBeLessThanOrEqual(250);
    expect(recorder.size).toBeGreaterThan(200);
    const log = roundTrip(recorder.exportLog({ redact: false }));
    expect(log.dropped + log.entries.length).toBe(1_000);
    expect(log.entries[0]!.action.payload).toBe(`Straße ${log.dropped}`);
    expect(log.faithful).toBe(true);
    const result = replayLog(log, reducer);
    expect(result.divergences).toEqual([]);
    expect(plain(result.state)).toEqual(plain(store.getState()));
  });

  it('finds the first differing value by path', () => {
    fc.assert(
      fc.property(fc.jsonValue(), fc.jsonValue(), (a, b) => {
        const path = firstDifference(a, b);
        expect(path === null).toBe(JSON.stringify(plain(a)) === JSON.stringify(plain(b)));
      }),
    );
    expect(firstDifference({ a: [1, { b: 2 }] }, { a: [1, { b: 3 }] })).toBe('$.a[1].b');
    // An item or key on one side only differs, even when it is null.
    expect(firstDifference([null], [])).toBe('$[0]');
    expect(firstDifference({ a: null }, {})).toBe('$.a');
  });
});
