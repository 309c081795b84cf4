/**
 * The QA panel (decision 17), shown while actions are recorded: downloads the log as a JSON
 * file or copies it. Personal data is redacted unless the box says otherwise.
 */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { addScreenStrings } from '../i18n/screens';
import { QA_STRINGS } from '../i18n/strings/qa';
import styled from 'styled-components';
import { SecondaryButton } from '../ui/primitives';
import type { ActionLog } from './log';

/** What the panel needs of a recorder (recorder.ts, lazyRecorder.ts). */
export interface PanelRecorder {
  exportLog(options: { redact: boolean }): ActionLog | Promise<ActionLog>;
}

const Panel = styled.section`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: 0.5rem 1rem;
  margin: 1rem;
  padding: 0.75rem 1rem;
  border: 2px dashed ${(p) => p.theme.colors.primary};
  border-radius: ${(p) => p.theme.radius};
  font-size: 0.9rem;
`;

const Heading = styled.h2`
  font-size: 1rem;
  margin: 0;
`;

export function fileName(route: string, at: Date): string {
  const stamp = at.toISOString().replace(/[:.]/g, '-');
  return `immosuite-action-log-${route || 'widget'}-${stamp}.json`;
}

export default function QaPanel({ recorder }: { recorder: PanelRecorder }) {
  const { t, i18n } = useTranslation();
  // The panel's strings come with its chunk, before its first word is shown.
  addScreenStrings(i18n, QA_STRINGS);
  const [keepPersonal, setKeepPersonal] = useState(false);
  const [status, setStatus] = useState('');
  const exported = () => Promise.resolve(recorder.exportLog({ redact: !keepPersonal }));

  async function download() {
    const log = await exported();
    const url = URL.createObjectURL(
      new Blob([JSON.stringify(log, null, 2)], { type: 'application/json' }),
    );
    const link = document.createElement('a');
    link.href = url;
    link.download = fileName(log.route, new Date(log.exportedAt));
    document.body.appendChild(link);
    link.click();
    link.remove();
    setTimeout(() => URL.revokeObjectURL(url), 0);
    setStatus(t('qa.panel.downloaded', { count: log.entries.length }));
  }

  async function copy() {
    const log = await exported();
    try {
      await navigator.clipboard.writeText(JSON.stringify(log, null, 2));
      setStatus(t('qa.panel.copied', { count: log.entries.length }));
    } catch {
      setStatus(t('qa.panel.copyFailed'));
    }
  }

  return (
    <Panel aria-labelledby="immosuite-qa-heading">
      <Heading id="immosuite-qa-heading">{t('qa.panel.title')}</Heading>
      <label>
        <input
          type="checkbox"
          checked={keepPersonal}
          onChange={(event) => setKeepPersonal(event.target.checked)}
        />{' '}
        {t('qa.panel.keepPersonal')}
      </label>
      <SecondaryButton type="button" onClick={() => void download()}>
        {t('qa.panel.download')}
      </SecondaryButton>
      <SecondaryButton type="button" onClick={() => void copy()}>
        {t('qa.panel.copy')}
      </SecondaryButton>
      <p role="status" style={{ margin: 0 }}>
        {status}
      </p>
    </Panel>
  );
}
