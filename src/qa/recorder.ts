/**
 * The QA action recorder (DECISIONS 17): a middleware that keeps every action with its time,
 * off until started, in a ring buffer of the last `maxActions` actions. The exported log
 * (log.ts) carries the state before its first action, and checkpoints computed by replaying
 * the exported actions through the reducers; personal data is redacted (redaction.ts) unless
 * the caller says otherwise.
 */
import { nanoid, type Middleware, type UnknownAction } from '@reduxjs/toolkit';
import {
  ACTION_LOG_FORMAT,
  ACTION_LOG_SCHEMA_VERSION,
  checkpointsOf,
  project,
  stateHash,
  type ActionLog,
  type ActionLogEntry,
  type Reducer,
} from './log';
import { makePlaceholder, redactAction, redactValue, withoutSecrets } from './redaction';

export const DEFAULT_MAX_ACTIONS = 10_000;
export const DEFAULT_CHECKPOINT_EVERY = 100;

export interface ActionRecorder {
  middleware: Middleware;
  start(): void;
  stop(): void;
  readonly recording: boolean;
  /** Actions held now (at most maxActions). */
  readonly size: number;
  /** Called when recording starts or stops. */
  subscribe(listener: () => void): () => void;
  exportLog(options?: { redact?: boolean }): ActionLog;
}

export interface RecorderOptions {
  now?: () => number;
  /** Starts recording when this action arrives (e.g. an init that asks for recording). */
  startWhen?: (action: unknown) => boolean;
  /** The store's reducer: replays the exported actions for the checkpoints. */
  reducer: Reducer;
  /** The route shown now (e.g. 'lead-wizard'). */
  route?: () => string;
  appVersion?: string;
  maxActions?: number;
  checkpointEvery?: number;
}

export function createActionRecorder({
  now = () => Date.now(),
  startWhen,
  reducer,
  route = () => '',
  appVersion = 'dev',
  maxActions = DEFAULT_MAX_ACTIONS,
  checkpointEvery = DEFAULT_CHECKPOINT_EVERY,
}: RecorderOptions): ActionRecorder {
  // Whole chunks of `checkpointEvery` actions leave the buffer, so it holds at least
  // maxActions - checkpointEvery + 1 of the newest.
  const chunk = Math.max(1, Math.min(checkpointEvery, maxActions));
  let recording = false;
  let startedAt = 0;
  /** Actions recorded since the start, including those the buffer let go. */
  let count = 0;
  let dropped = 0;
  let entries: ActionLogEntry[] = [];
  /** The live state before entries[0], once known. */
  let base: unknown;
  /** Live states (immutable references, no copies) after every chunk of actions. */
  let live = new Map<number, unknown>();
  let lastState: unknown;
  const listeners = new Set<() => void>();
  const notify = () => listeners.forEach((listener) => listener());

  const recorder: ActionRecorder = {
    middleware: (api) => (next) => (action) => {
      if (!recording && startWhen?.(action)) recorder.start();
      if (!recording) return next(action);
      if (base === undefined) base = api.getState();
      // Redux actions are not changed after dispatch: kept by reference, copied on export.
      entries.push({ t: now() - startedAt, action: action as UnknownAction });
      const result = next(action);
      count += 1;
      lastState = api.getState();
      if (count % chunk === 0) live.set(count, lastState);
      if (entries.length > maxActions) {
        entries = entries.slice(chunk);
        dropped += chunk;
        base = live.get(dropped);
        live.delete(dropped);
      }
      return result;
    },
    start() {
      if (recording) return;
      recording = true;
      startedAt = now();
      count = 0;
      dropped = 0;
      entries = [];
      base = undefined;
      live = new Map();
      notify();
    },
    stop() {
      if (!recording) return;
      recording = false;
      notify();
    },
    get recording() {
      return recording;
    },
    get size() {
      return entries.length;
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    exportLog(options = {}) {
      const redact = options.redact ?? true;
      const placeholder = makePlaceholder(nanoid());
      const initialState =
        base === undefined ? reducer(undefined, { type: '@@immosuite/none' }) : base;
      const shown = redact ? redactValue(initialState, placeholder) : initialState;
      const out = entries.map((entry) => ({
        t: entry.t,
        action: (redact ? redactAction(entry.action, placeholder) : entry.action) as UnknownAction,
      }));
      // The slices the live store has now (a screen's slices join when its chunk loads).
      const slices = Object.keys((lastState ?? initialState) as object);
      const { checkpoints, hashes } = checkpointsOf(shown, out, reducer, chunk, slices);
      let faithful: boolean | null = null;
      if (!redact) {
        // The live states kept every chunk and the last, against the replay's hash there.
        const expected = new Map(live);
        if (entries.length) expected.set(count, lastState);
        faithful = [...expected].every(
          ([at, state]) => hashes[at - dropped - 1] === stateHash(project(state, slices)),
        );
      }
      const liveConfig =
        ((lastState ?? initialState) as { host?: { config?: unknown } }).host?.config ?? null;
      const config = withoutSecrets(redact ? redactValue(liveConfig, placeholder) : liveConfig);
      return {
        format: ACTION_LOG_FORMAT,
        schemaVersion: ACTION_LOG_SCHEMA_VERSION,
        appVersion,
        route: route(),
        startedAt: new Date(startedAt).toISOString(),
        exportedAt: new Date(now()).toISOString(),
        redacted: redact,
        config,
        initialState: JSON.parse(JSON.stringify(shown)) as unknown,
        slices,
        dropped,
        entries: JSON.parse(JSON.stringify(out)) as ActionLogEntry[],
        checkpointEvery: chunk,
        checkpoints,
        hashes,
        faithful,
      };
    },
  };
  return recorder;
}
