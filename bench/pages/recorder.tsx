/**
 * The QA recorder's cost per action in the browser: the store with the lead wizard's slices
 * (no sagas) takes a recorded journey's real actions, repeated to 10,000, with the recorder
 * recording and without it; runs alternate. Results in `window.recorderBench`.
 */
import { makeStore, rootReducer } from '../../src/app/store';
import type { AppEnv } from '../../src/app/env';
import { feature } from '../../src/features/leadWizard';
import type { Reducer } from '../../src/qa/log';
import { createActionRecorder } from '../../src/qa/recorder';
import journey from '../../test/fixtures/action-logs/lead-wizard-category-first-de.json';

const ACTIONS = 10_000;
const RUNS = 9;

const none = () => {};
const env = {
  origin: location.origin,
  cookies: () => '',
  request: () => Promise.reject(new Error('no requests in the bench')),
  messages: window,
  parent: null,
  allowList: [],
  observeHeight: () => none,
  urlLanguage: 'de',
  query: {},
  setLanguage: none,
  localStore: null,
  sessionStore: null,
  now: () => Date.now(),
  afterPaint: () => Promise.resolve(),
  log: none,
  qa: null,
} as unknown as AppEnv;

const actions = Array.from(
  { length: ACTIONS },
  (_, i) => journey.entries[i % journey.entries.length]!.action,
);

function run(record: boolean): number {
  const recorder = createActionRecorder({ reducer: rootReducer as Reducer });
  const store = makeStore({
    env,
    runSagas: false,
    features: [feature],
    ...(record ? { recorder } : {}),
  });
  if (record) recorder.start();
  const started = performance.now();
  for (const action of actions) store.dispatch(action);
  const elapsed = performance.now() - started;
  if (record && recorder.size === 0) throw new Error('nothing recorded');
  return elapsed;
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[values.length >> 1]!;

run(true);
run(false);
const withRecorder: number[] = [];
const without: number[] = [];
for (let i = 0; i < RUNS; i += 1) {
  withRecorder.push(run(true));
  without.push(run(false));
}
(window as unknown as { recorderBench: unknown }).recorderBench = {
  actions: ACTIONS,
  runs: RUNS,
  withMsMedian: median(withRecorder),
  withoutMsMedian: median(without),
  overheadPerActionMs: (median(withRecorder) - median(without)) / ACTIONS,
};
