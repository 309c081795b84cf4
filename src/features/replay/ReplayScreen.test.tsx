import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { leadJourney } from '../../../test/actionLogs';
import { renderApp, sendInit } from '../../../test/helpers';
import type { ActionLog } from '../../qa/log';

function logFile(log: ActionLog | string, name = 'log.json') {
  return new File([typeof log === 'string' ? log : JSON.stringify(log)], name, {
    type: 'application/json',
  });
}

async function openReplay() {
  const user = userEvent.setup({ delay: null });
  const app = renderApp({ route: '/replay' });
  act(() => sendInit(app.env));
  await screen.findByRole('heading', { name: 'Aktionsprotokoll abspielen' });
  return { user, ...app };
}

describe('replay screen', () => {
  it('plays a lead journey into the real lead wizard, step by step and to the end', async () => {
    const { user } = await openReplay();
    const { recorder } = leadJourney();
    const log = recorder.exportLog();
    await user.upload(screen.getByLabelText('Protokolldatei (JSON)'), logFile(log));
    const total = log.entries.length;
    expect(
      await screen.findByText(new RegExp(`^${total} Aktionen, Route „lead-wizard“`)),
    ).toBeVisible();
    const controls = screen.getByRole('group', { name: 'Wiedergabe' });
    expect(within(controls).getByRole('status')).toHaveTextContent(`Aktion 0 von ${total}`);

    await user.click(within(controls).getByRole('button', { name: 'Einzelschritt' }));
    expect(within(controls).getByRole('status')).toHaveTextContent(`Aktion 1 von ${total}`);
    expect(screen.getByText('Nr. 0: host/initAccepted (nach 0.0 s)')).toBeVisible();
    // The replayed lead wizard shows, display only.
    const view = screen.getByRole('region', { name: 'Abgespielte Ansicht (nur Anzeige)' });
    await waitFor(() => expect(view.querySelector('[inert]')).not.toBeNull());

    await user.selectOptions(within(controls).getByLabelText('Geschwindigkeit'), 'ohne Pausen');
    await user.click(within(controls).getByRole('button', { name: 'Abspielen' }));
    await waitFor(() =>
      expect(within(controls).getByRole('status')).toHaveTextContent(
        `Aktion ${total} von ${total} Ende des Protokolls.`,
      ),
    );
    expect(
      screen.getByText(`Nr. ${total - 1}: leadWizard/submitRequested`, { exact: false }),
    ).toBeVisible();
    expect(screen.getByText('Alle Prüfpunkte bis hier stimmen überein.')).toBeVisible();
    // The replayed wizard shows the address typed by hand, as the redacted log holds it.
    expect(await within(view).findByRole('textbox', { name: 'Straße' })).toHaveValue(
      (
        log.entries.find(
          (e) =>
            e.action.type === 'leadWizard/addressFieldEdited' &&
            (e.action.payload as { field: string }).field === 'street',
        )!.action.payload as { value: string }
      ).value,
    );

    // Seek back to the start: the view and position follow.
    await user.click(within(controls).getByRole('button', { name: 'Zum Anfang' }));
    expect(within(controls).getByRole('status')).toHaveTextContent(`Aktion 0 von ${total}`);
    expect(screen.getByText('Noch keine Aktion abgespielt.')).toBeVisible();
  });

  it('marks a divergence where it happens', async () => {
    const { user } = await openReplay();
    const { recorder } = leadJourney();
    const log = recorder.exportLog();
    const index = log.entries.findIndex((e) => e.action.type === 'leadWizard/categoryChosen');
    log.entries[index]!.action.payload = 22332;
    await user.upload(screen.getByLabelText('Protokolldatei (JSON)'), logFile(log));
    const slider = await screen.findByRole('slider', { name: 'Position' });
    expect(screen.queryByText(/Abweichung/)).toBeNull();
    // Seek to just before the tampered action, then play it: the divergence shows then.
    fireEvent.change(slider, { target: { value: String(index) } });
    expect(screen.queryByText(/Abweichung/)).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Einzelschritt' }));
    expect(screen.getByRole('alert')).toHaveTextContent(
      `Abweichung nach Aktion ${index} (leadWizard/categoryChosen): $.leadWizard.categoryId`,
    );
  });

  it('says why a file cannot be played', async () => {
    const { user } = await openReplay();
    await user.upload(screen.getByLabelText('Protokolldatei (JSON)'), logFile('{"format":"x"}'));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Diese Datei lässt sich nicht abspielen: not an action log',
    );
  });
});
