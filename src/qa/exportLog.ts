/**
 * Turns a recording into an action log (log.ts): the state before the first action, the
 * actions, checkpoints and hashes from replaying them, personal data redacted unless told
 * otherwise. In the widget this loads only when a log is exported.
 */
import { nanoid, type UnknownAction } from '@reduxjs/toolkit';
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
import type { RecordingSnapshot } from './recording';

export interface LogContext {
  /** The store's reducer: replays the exported actions for the checkpoints. */
  reducer: Reducer;
  /** The route shown now (e.g. 'lead-wizard'). */
  route: string;
  appVersion: string;
  /** Now, in ms since the epoch. */
  exportedAt: number;
}

export function buildActionLog(
  snapshot: RecordingSnapshot,
  { reducer, route, appVersion, exportedAt }: LogContext,
  options: { redact?: boolean } = {},
): ActionLog {
  const { startedAt, count, dropped, entries, base, live, lastState, chunk } = snapshot;
  const redact = options.redact ?? true;
  const placeholder = makePlaceholder(nanoid());
  const initialState = base === undefined ? reducer(undefined, { type: '@@immosuite/none' }) : base;
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
    route,
    startedAt: new Date(startedAt).toISOString(),
    exportedAt: new Date(exportedAt).toISOString(),
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
}
