/** Shows the QA panel while the recorder records; its code loads only then. */
import { useSyncExternalStore } from 'react';
import { retryableLazy } from '../ui/LazyPart';
import type { PanelRecorder } from './QaPanel';

interface ShownRecorder extends PanelRecorder {
  readonly recording: boolean;
  subscribe(listener: () => void): () => void;
}

const QaPanel = retryableLazy(() => import(/* webpackChunkName: "qa-panel" */ './QaPanel'));

export function QaPanelWhileRecording({ recorder }: { recorder: ShownRecorder }) {
  const recording = useSyncExternalStore(recorder.subscribe, () => recorder.recording);
  if (!recording) return null;
  return <QaPanel recorder={recorder} />;
}
