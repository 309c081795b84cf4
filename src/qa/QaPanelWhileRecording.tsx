/** Shows the QA panel while the recorder records; its code loads only then. */
import { useSyncExternalStore } from 'react';
import { retryableLazy } from '../ui/LazyPart';
import type { ActionRecorder } from './recorder';

const QaPanel = retryableLazy(() => import(/* webpackChunkName: "qa-panel" */ './QaPanel'));

export function QaPanelWhileRecording({ recorder }: { recorder: ActionRecorder }) {
  const recording = useSyncExternalStore(recorder.subscribe, () => recorder.recording);
  if (!recording) return null;
  return <QaPanel recorder={recorder} />;
}
