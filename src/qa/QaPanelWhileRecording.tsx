/** Shows the QA panel while the recorder records; its code loads only then. */
import { lazy, Suspense, useSyncExternalStore } from 'react';
import type { ActionRecorder } from './recorder';

const QaPanel = lazy(() => import(/* webpackChunkName: "qa-panel" */ './QaPanel'));

export function QaPanelWhileRecording({ recorder }: { recorder: ActionRecorder }) {
  const recording = useSyncExternalStore(recorder.subscribe, () => recorder.recording);
  if (!recording) return null;
  return (
    <Suspense fallback={null}>
      <QaPanel recorder={recorder} />
    </Suspense>
  );
}
