/**
 * The QA action recorder (DECISIONS 17): a middleware that keeps every action with its time,
 * off until started. Exported logs are versioned JSON, with personal data redacted unless
 * the caller says otherwise. Replay lives in its own module; the log format is its contract.
 */
import type { Middleware, UnknownAction } from '@reduxjs/toolkit';

export const ACTION_LOG_FORMAT = 'immosuite-action-log';
export const ACTION_LOG_VERSION = 1;

export interface ActionLogEntry {
  /** Milliseconds since recording started. */
  t: number;
  action: UnknownAction;
}

export interface ActionLog {
  format: typeof ACTION_LOG_FORMAT;
  version: typeof ACTION_LOG_VERSION;
  startedAt: string;
  redacted: boolean;
  entries: ActionLogEntry[];
}

/** Keys whose values identify a person or are secrets, wherever they appear. */
const PERSONAL_KEYS = new Set([
  'salutation',
  'firstname',
  'lastname',
  'email',
  'phone',
  'street',
  'number',
  'company',
  'message',
  'nonce',
  'authenticationToken',
  'k',
  'idempotencyKey',
]);
/** Objects whose every value is personal (the contact record and its form). */
const PERSONAL_OBJECTS = new Set(['contact', 'user']);
export const REDACTED = '[redacted]';

export function redact(value: unknown, inPersonal = false): unknown {
  if (Array.isArray(value)) return value.map((item) => redact(item, inPersonal));
  if (typeof value === 'object' && value !== null) {
    const out: Record<string, unknown> = {};
    for (const [key, inner] of Object.entries(value)) {
      const personal = inPersonal || PERSONAL_OBJECTS.has(key);
      if (PERSONAL_KEYS.has(key) || (personal && typeof inner !== 'object')) {
        out[key] =
          inner === null || inner === undefined || typeof inner === 'boolean' ? inner : REDACTED;
      } else {
        out[key] = redact(inner, personal);
      }
    }
    return out;
  }
  return value;
}

export interface ActionRecorder {
  middleware: Middleware;
  start(): void;
  stop(): void;
  readonly recording: boolean;
  exportLog(options?: { redact?: boolean }): ActionLog;
}

export interface RecorderOptions {
  now?: () => number;
  /** Starts recording when this action arrives (e.g. an init that asks for recording). */
  startWhen?: (action: unknown) => boolean;
}

export function createActionRecorder({
  now = () => Date.now(),
  startWhen,
}: RecorderOptions = {}): ActionRecorder {
  let recording = false;
  let startedAt = 0;
  let entries: ActionLogEntry[] = [];
  const recorder: ActionRecorder = {
    middleware: () => (next) => (action) => {
      if (!recording && startWhen?.(action)) recorder.start();
      if (recording) {
        // Actions are serializable by rule; the copy keeps later mutation out of the log.
        entries.push({ t: now() - startedAt, action: structuredClone(action) as UnknownAction });
      }
      return next(action);
    },
    start() {
      if (recording) return;
      recording = true;
      startedAt = now();
      entries = [];
    },
    stop() {
      recording = false;
    },
    get recording() {
      return recording;
    },
    exportLog(options = {}) {
      const shouldRedact = options.redact ?? true;
      return {
        format: ACTION_LOG_FORMAT,
        version: ACTION_LOG_VERSION,
        startedAt: new Date(startedAt).toISOString(),
        redacted: shouldRedact,
        entries: entries.map((entry) => ({
          t: entry.t,
          action: shouldRedact ? (redact(entry.action) as UnknownAction) : entry.action,
        })),
      };
    },
  };
  return recorder;
}
