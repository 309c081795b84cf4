/**
 * The widget's QA recorder: the recording ships with the shell, and the code that turns it
 * into a log (replay, hashes, redaction) loads when a log is first exported.
 */
import type { ActionLog } from './log';
import { createRecording, type Recording } from './recording';
import type { RecorderOptions } from './recorder';

export interface LazyActionRecorder extends Omit<Recording, 'snapshot'> {
  exportLog(options?: { redact?: boolean }): Promise<ActionLog>;
}

export function createLazyActionRecorder(options: RecorderOptions): LazyActionRecorder {
  const recording = createRecording(options);
  const now = options.now ?? (() => Date.now());
  return Object.assign(recording, {
    async exportLog(exportOptions: { redact?: boolean } = {}) {
      // What was recorded up to the call, whatever is dispatched while the code loads.
      const snapshot = recording.snapshot();
      const route = options.route?.() ?? '';
      const exportedAt = now();
      const { buildActionLog } = await import(/* webpackChunkName: "qa-export" */ './exportLog');
      return buildActionLog(
        snapshot,
        { reducer: options.reducer, route, appVersion: options.appVersion ?? 'dev', exportedAt },
        exportOptions,
      );
    },
  });
}
