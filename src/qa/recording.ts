/**
 * The QA recording (decision 17): a middleware that keeps every action with its time, off
 * until started, in a ring buffer of the last `maxActions` actions, with the live states a
 * log's checkpoints are checked against. Small, so it ships with the shell; turning it into
 * a log (exportLog.ts: replay, hashes, redaction) loads only when a log is exported.
 */
import type { Middleware, UnknownAction } from '@reduxjs/toolkit';
import type { ActionLogEntry } from './log';

export const DEFAULT_MAX_ACTIONS = 10_000;
export const DEFAULT_CHECKPOINT_EVERY = 100;

/** What a recording holds at the moment of export. */
export interface RecordingSnapshot {
  startedAt: number;
  /** Actions recorded since the start, including those the buffer let go. */
  count: number;
  dropped: number;
  entries: readonly ActionLogEntry[];
  /** The live state before entries[0], once known. */
  base: unknown;
  /** Live states (immutable references, no copies) after every chunk of actions. */
  live: ReadonlyMap<number, unknown>;
  lastState: unknown;
  /** Actions per chunk (and per checkpoint). */
  chunk: number;
}

export interface Recording {
  middleware: Middleware;
  start(): void;
  stop(): void;
  readonly recording: boolean;
  /** Actions held now (at most maxActions). */
  readonly size: number;
  /** Called when recording starts or stops. */
  subscribe(listener: () => void): () => void;
  snapshot(): RecordingSnapshot;
}

export interface RecordingOptions {
  now?: () => number;
  /** Starts recording when this action arrives (e.g. an init that asks for recording). */
  startWhen?: (action: unknown) => boolean;
  maxActions?: number;
  checkpointEvery?: number;
}

export function createRecording({
  now = () => Date.now(),
  startWhen,
  maxActions = DEFAULT_MAX_ACTIONS,
  checkpointEvery = DEFAULT_CHECKPOINT_EVERY,
}: RecordingOptions): Recording {
  // Whole chunks of `checkpointEvery` actions leave the buffer, so it holds at least
  // maxActions - checkpointEvery + 1 of the newest.
  const chunk = Math.max(1, Math.min(checkpointEvery, maxActions));
  let recording = false;
  let startedAt = 0;
  let count = 0;
  let dropped = 0;
  let entries: ActionLogEntry[] = [];
  let base: unknown;
  let live = new Map<number, unknown>();
  let lastState: unknown;
  const listeners = new Set<() => void>();
  const notify = () => listeners.forEach((listener) => listener());

  const self: Recording = {
    middleware: (api) => (next) => (action) => {
      if (!recording && startWhen?.(action)) self.start();
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
    // Copies of what later actions change: an export in progress sees the moment it began.
    snapshot: () => ({
      startedAt,
      count,
      dropped,
      entries: entries.slice(),
      base,
      live: new Map(live),
      lastState,
      chunk,
    }),
  };
  return self;
}
