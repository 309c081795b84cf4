/**
 * The QA action recorder (DECISIONS 17): a middleware that keeps every action with its time,
 * off until started. Exported logs are versioned JSON, with personal data redacted
 * (redaction.ts) unless the caller says otherwise.
 */
import { nanoid, type Middleware, type UnknownAction } from '@reduxjs/toolkit';
import { makePlaceholder, redactAction } from './redaction';

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
      const placeholder = makePlaceholder(nanoid());
      return {
        format: ACTION_LOG_FORMAT,
        version: ACTION_LOG_VERSION,
        startedAt: new Date(startedAt).toISOString(),
        redacted: shouldRedact,
        entries: entries.map((entry) => ({
          t: entry.t,
          action: shouldRedact ? redactAction(entry.action, placeholder) : entry.action,
        })),
      };
    },
  };
  return recorder;
}
