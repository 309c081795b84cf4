/**
 * The QA action recorder (decision 17): a recording (recording.ts) that exports its log at
 * once (exportLog.ts). Tests, benchmarks and Node use it; the widget uses lazyRecorder.ts,
 * which loads the export code only when a log is exported.
 */
import { buildActionLog } from './exportLog';
import type { ActionLog, Reducer } from './log';
import { createRecording, type Recording, type RecordingOptions } from './recording';

export { DEFAULT_CHECKPOINT_EVERY, DEFAULT_MAX_ACTIONS } from './recording';

export interface ActionRecorder extends Omit<Recording, 'snapshot'> {
  exportLog(options?: { redact?: boolean }): ActionLog;
}

export interface RecorderOptions extends RecordingOptions {
  /** The store's reducer: replays the exported actions for the checkpoints. */
  reducer: Reducer;
  /** The route shown now (e.g. 'lead-wizard'). */
  route?: () => string;
  appVersion?: string;
}

export function createActionRecorder(options: RecorderOptions): ActionRecorder {
  const recording = createRecording(options);
  const now = options.now ?? (() => Date.now());
  return Object.assign(recording, {
    exportLog: (exportOptions: { redact?: boolean } = {}) =>
      buildActionLog(
        recording.snapshot(),
        {
          reducer: options.reducer,
          route: options.route?.() ?? '',
          appVersion: options.appVersion ?? 'dev',
          exportedAt: now(),
        },
        exportOptions,
      ),
  });
}
