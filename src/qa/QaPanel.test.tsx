import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { I18nextProvider } from 'react-i18next';
import { ThemeProvider } from 'styled-components';
import { leadJourney } from '../../test/actionLogs';
import { createI18n } from '../i18n';
import { BUNDLED } from '../i18n/bundled';
import { DEFAULT_THEME, makeTheme } from '../ui/theme';
import { QaPanelWhileRecording } from './QaPanelWhileRecording';
import type { ActionRecorder } from './recorder';

function renderPanel(recorder: ActionRecorder) {
  return render(
    <I18nextProvider i18n={createI18n('de', BUNDLED)}>
      <ThemeProvider theme={makeTheme(DEFAULT_THEME)}>
        <QaPanelWhileRecording recorder={recorder} />
      </ThemeProvider>
    </I18nextProvider>,
  );
}

describe('QA panel', () => {
  it('shows only while recording, and copies the redacted log unless asked otherwise', async () => {
    const user = userEvent.setup({ delay: null });
    const writeText = jest.fn((_text: string) => Promise.resolve());
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    const { recorder } = leadJourney();
    recorder.stop();
    renderPanel(recorder);
    expect(screen.queryByRole('region', { name: 'QA-Aufzeichnung läuft' })).toBeNull();
    act(() => recorder.start());
    const panel = await screen.findByRole('region', { name: 'QA-Aufzeichnung läuft' });
    expect(panel).toBeVisible();

    await user.click(screen.getByRole('button', { name: 'Protokoll kopieren' }));
    const copied = JSON.parse(writeText.mock.calls[0]![0]) as { redacted: boolean };
    expect(copied.redacted).toBe(true);
    expect(screen.getByRole('status')).toHaveTextContent(
      'Protokoll mit 0 Aktionen in die Zwischenablage kopiert.',
    );

    await user.click(
      screen.getByRole('checkbox', { name: 'Persönliche Daten nicht unkenntlich machen' }),
    );
    await user.click(screen.getByRole('button', { name: 'Protokoll kopieren' }));
    expect((JSON.parse(writeText.mock.calls[1]![0]) as { redacted: boolean }).redacted).toBe(false);

    writeText.mockRejectedValueOnce(new Error('denied'));
    await user.click(screen.getByRole('button', { name: 'Protokoll kopieren' }));
    expect(screen.getByRole('status')).toHaveTextContent(
      'Kopieren war nicht möglich. Bitte laden Sie das Protokoll herunter.',
    );

    act(() => recorder.stop());
    expect(screen.queryByRole('region', { name: 'QA-Aufzeichnung läuft' })).toBeNull();
  });

  it('downloads the log as a JSON file named after the route', async () => {
    const user = userEvent.setup({ delay: null });
    const created: Blob[] = [];
    Object.assign(URL, {
      createObjectURL: jest.fn((blob: Blob) => {
        created.push(blob);
        return 'blob:log';
      }),
      revokeObjectURL: jest.fn(),
    });
    const clicks: HTMLAnchorElement[] = [];
    jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
      this: HTMLAnchorElement,
    ) {
      clicks.push(this);
    });
    const { recorder } = leadJourney();
    renderPanel(recorder);
    await user.click(await screen.findByRole('button', { name: 'Protokoll herunterladen' }));
    expect(clicks[0]!.download).toMatch(/^immosuite-action-log-lead-wizard-.*\.json$/);
    expect(created[0]!.type).toBe('application/json');
    expect(screen.getByRole('status')).toHaveTextContent(
      `Protokoll mit ${recorder.size} Aktionen heruntergeladen.`,
    );
  });
});
