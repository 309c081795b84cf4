/**
 * The QA action log (decision 17): its versioned document, reading one from untrusted text,
 * state checkpoints (hash and state), and replaying a log through reducers alone, reporting
 * where the replay departs from the recorded checkpoints. Shared by the recorder, the Node
 * replay (`npm run replay`) and the replay screen; it imports nothing of the app.
 */
export const ACTION_LOG_FORMAT = 'immosuite-action-log';
export const ACTION_LOG_SCHEMA_VERSION = 2;

export interface LoggedAction {
  type: string;
  payload?: unknown;
  [key: string]: unknown;
}

export interface ActionLogEntry {
  /** Milliseconds since recording started. */
  t: number;
  action: LoggedAction;
}

/** The state after the first `after` entries, as its hash and the state itself. */
export interface Checkpoint {
  after: number;
  hash: string;
  state: unknown;
}

export interface ActionLog {
  format: typeof ACTION_LOG_FORMAT;
  schemaVersion: typeof ACTION_LOG_SCHEMA_VERSION;
  appVersion: string;
  /** The route the widget showed when the log was exported (e.g. 'lead-wizard'). */
  route: string;
  startedAt: string;
  exportedAt: string;
  redacted: boolean;
  /** The host's init config (host.config) at export, secrets (keys, nonces) always hidden. */
  config: unknown;
  /** The store's state before the first entry. */
  initialState: unknown;
  /**
   * The store's slices when the log was exported. Hashes and comparisons look at these
   * alone, so a replay with more screens loaded (every reducer) still agrees.
   */
  slices: string[];
  /** Actions the ring buffer let go before the first entry (0: the log is whole). */
  dropped: number;
  entries: ActionLogEntry[];
  checkpointEvery: number;
  checkpoints: Checkpoint[];
  /** The state's hash after each entry: a divergence is placed at the very action. */
  hashes: string[];
  /**
   * Unredacted exports: whether replaying the entries reproduced the live store's state at
   * every live checkpoint and at the end. Null for redacted exports (their text differs).
   */
  faithful: boolean | null;
}

export class ActionLogError extends Error {}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** Reads a log from untrusted text; throws ActionLogError with a one-line reason. */
export function parseActionLog(text: string): ActionLog {
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch (error) {
    throw new ActionLogError(`not JSON: ${(error as Error).message}`);
  }
  if (!isRecord(data) || data.format !== ACTION_LOG_FORMAT)
    throw new ActionLogError(`not an action log (format is not "${ACTION_LOG_FORMAT}")`);
  if (data.schemaVersion !== ACTION_LOG_SCHEMA_VERSION)
    throw new ActionLogError(
      `schema version ${JSON.stringify(data.schemaVersion ?? data.version ?? null)} is not supported (this build reads ${ACTION_LOG_SCHEMA_VERSION})`,
    );
  if (!Array.isArray(data.entries)) throw new ActionLogError('entries: not a list');
  data.entries.forEach((entry, i) => {
    if (!isRecord(entry) || typeof entry.t !== 'number' || !Number.isFinite(entry.t))
      throw new ActionLogError(`entries[${i}]: no time offset`);
    if (!isRecord(entry.action) || typeof entry.action.type !== 'string')
      throw new ActionLogError(`entries[${i}]: no action type`);
  });
  if (!Array.isArray(data.checkpoints)) throw new ActionLogError('checkpoints: not a list');
  data.checkpoints.forEach((checkpoint, i) => {
    if (
      !isRecord(checkpoint) ||
      !Number.isInteger(checkpoint.after) ||
      (checkpoint.after as number) < 0 ||
      (checkpoint.after as number) > (data.entries as unknown[]).length ||
      typeof checkpoint.hash !== 'string' ||
      !('state' in checkpoint)
    )
      throw new ActionLogError(`checkpoints[${i}]: malformed`);
  });
  if (
    !Array.isArray(data.hashes) ||
    data.hashes.length !== data.entries.length ||
    !data.hashes.every((hash) => typeof hash === 'string')
  )
    throw new ActionLogError('hashes: not one per entry');
  if (!isRecord(data.initialState)) throw new ActionLogError('initialState: not an object');
  if (!Array.isArray(data.slices) || !data.slices.every((slice) => typeof slice === 'string'))
    throw new ActionLogError('slices: not a list of names');
  for (const key of ['appVersion', 'route', 'startedAt', 'exportedAt'] as const)
    if (typeof data[key] !== 'string') throw new ActionLogError(`${key}: not a string`);
  if (typeof data.redacted !== 'boolean') throw new ActionLogError('redacted: not a boolean');
  if (!Number.isInteger(data.checkpointEvery) || (data.checkpointEvery as number) < 1)
    throw new ActionLogError('checkpointEvery: not a positive integer');
  return data as unknown as ActionLog;
}

/** JSON with object keys sorted: equal states give equal text whatever their key order. */
export function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map((v) => canonicalJson(v ?? null)).join(',')}]`;
  if (isRecord(value)) {
    const keys = Object.keys(value)
      .filter((key) => value[key] !== undefined)
      .sort();
    return `{${keys.map((key) => `${JSON.stringify(key)}:${canonicalJson(value[key])}`).join(',')}}`;
  }
  return JSON.stringify(value ?? null);
}

/** cyrb53: a fast 53-bit string hash (not cryptographic: a checkpoint is a fingerprint). */
function cyrb53(text: string): string {
  let h1 = 0xdeadbeef;
  let h2 = 0x41c6ce57;
  for (let i = 0; i < text.length; i += 1) {
    const ch = text.charCodeAt(i);
    h1 = Math.imul(h1 ^ ch, 2654435761);
    h2 = Math.imul(h2 ^ ch, 1597334677);
  }
  h1 = Math.imul(h1 ^ (h1 >>> 16), 2246822507) ^ Math.imul(h2 ^ (h2 >>> 13), 3266489909);
  h2 = Math.imul(h2 ^ (h2 >>> 16), 2246822507) ^ Math.imul(h1 ^ (h1 >>> 13), 3266489909);
  return (4294967296 * (2097151 & h2) + (h1 >>> 0)).toString(16).padStart(14, '0');
}

export const stateHash = (state: unknown) => cyrb53(canonicalJson(state));

/** The state's slices that the log knows (see ActionLog.slices). */
export function project(state: unknown, slices: readonly string[]): unknown {
  if (!isRecord(state)) return state;
  const out: Record<string, unknown> = {};
  for (const slice of slices) if (slice in state) out[slice] = state[slice];
  return out;
}

/** A plain copy of a state as JSON keeps it (undefined values dropped). */
export const plain = (state: unknown): unknown => JSON.parse(canonicalJson(state));

/** The path of the first value where `actual` differs from `expected` ('$' = the root), or null. */
export function firstDifference(expected: unknown, actual: unknown, path = '$'): string | null {
  if (Array.isArray(expected) && Array.isArray(actual)) {
    const length = Math.max(expected.length, actual.length);
    for (let i = 0; i < length; i += 1) {
      const inner = firstDifference(expected[i], actual[i], `${path}[${i}]`);
      if (inner) return inner;
    }
    return null;
  }
  if (isRecord(expected) && isRecord(actual)) {
    const keys = [...new Set([...Object.keys(expected), ...Object.keys(actual)])].sort();
    for (const key of keys) {
      const inner = firstDifference(expected[key], actual[key], `${path}.${key}`);
      if (inner) return inner;
    }
    return null;
  }
  // Present on one side only (an array item past the other's end, a missing key) differs,
  // even from null.
  if (expected === undefined || actual === undefined) return expected === actual ? null : path;
  return canonicalJson(expected) === canonicalJson(actual) ? null : path;
}

export interface Divergence {
  /** The index of the first action whose state departs from the log (-1: before any). */
  index: number;
  /** The checkpoint where it showed: the number of actions applied. */
  after: number;
  actionType: string | null;
  /**
   * The first differing value at that checkpoint; '$hash' when the state there agrees with
   * the stored one but not with the stored hash.
   */
  path: string;
}

export type Reducer = (state: unknown, action: LoggedAction) => unknown;

export interface ReplayResult {
  state: unknown;
  /** Actions applied. */
  applied: number;
  divergences: Divergence[];
}

/**
 * Applies the log's actions to its initial state through `reducer` (no effects run), up to
 * `until` actions, checking every checkpoint on the way. A checkpoint that disagrees sends
 * the replay back over its stretch, comparing each action's hash, to name the first action
 * that departed.
 */
export function replayLog(log: ActionLog, reducer: Reducer, until?: number): ReplayResult {
  const end = Math.min(until ?? log.entries.length, log.entries.length);
  const checkpoints = new Map(log.checkpoints.map((c) => [c.after, c]));
  const divergences: Divergence[] = [];
  let state: unknown = log.initialState;
  let stretchStart = 0;
  let stretchState: unknown = state;
  const known = (value: unknown) => project(value, log.slices);
  const firstDeparted = (from: number, to: number, start: unknown) => {
    let replayed = start;
    for (let i = from; i < to; i += 1) {
      replayed = reducer(replayed, log.entries[i]!.action);
      if (stateHash(known(replayed)) !== log.hashes[i]) return i;
    }
    return to - 1;
  };
  const check = (after: number) => {
    const checkpoint = checkpoints.get(after);
    if (!checkpoint) return;
    const hash = stateHash(known(state));
    if (hash !== checkpoint.hash || stateHash(checkpoint.state) !== checkpoint.hash) {
      const index = after === 0 ? -1 : firstDeparted(stretchStart, after, stretchState);
      divergences.push({
        index,
        after,
        actionType: index >= 0 ? log.entries[index]!.action.type : null,
        path: firstDifference(checkpoint.state, plain(known(state))) ?? '$hash',
      });
    }
    stretchStart = after;
    stretchState = state;
  };
  check(0);
  for (let i = 0; i < end; i += 1) {
    state = reducer(state, log.entries[i]!.action);
    check(i + 1);
  }
  return { state, applied: end, divergences };
}

/** The checkpoints of a log (every `every` actions and after the last) and each action's hash. */
export function checkpointsOf(
  initialState: unknown,
  entries: readonly ActionLogEntry[],
  reducer: Reducer,
  every: number,
  slices: readonly string[],
): { checkpoints: Checkpoint[]; hashes: string[] } {
  const checkpoints: Checkpoint[] = [];
  const hashes: string[] = [];
  let state = initialState;
  // Each state is serialised once: its hash, and at a checkpoint the copy kept, come from it.
  let text = canonicalJson(project(state, slices));
  const take = (after: number) =>
    checkpoints.push({
      after,
      hash: after === 0 ? cyrb53(text) : hashes[after - 1]!,
      state: JSON.parse(text) as unknown,
    });
  entries.forEach((entry, i) => {
    state = reducer(state, entry.action);
    text = canonicalJson(project(state, slices));
    hashes.push(cyrb53(text));
    if ((i + 1) % every === 0 && i + 1 !== entries.length) take(i + 1);
  });
  take(entries.length);
  return { checkpoints, hashes };
}
