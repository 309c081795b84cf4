import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Activity, type ComponentType, type ReactNode } from 'react';
import { I18nextProvider } from 'react-i18next';
import { ThemeProvider } from 'styled-components';
import { createI18n } from '../i18n';
import { BUNDLED } from '../i18n/bundled';
import type { Language } from '../i18n/language';
import { OutOfSight, retryableLazy } from './LazyPart';
import { DEFAULT_THEME, makeTheme } from './theme';

function show(
  Part: ComponentType<{ text: string; fallback?: React.ReactNode }>,
  language: Language = 'de',
) {
  return render(
    <I18nextProvider i18n={createI18n(language, BUNDLED)}>
      <ThemeProvider theme={makeTheme(DEFAULT_THEME)}>
        <Part text="Karte" fallback={<p>lädt</p>} />
      </ThemeProvider>
    </I18nextProvider>,
  );
}

/** A loader that fails its first `failures` loads, then gives a part showing its text. */
function flakyLoader(failures: number) {
  const loader = Object.assign(
    () => {
      loader.attempts += 1;
      return loader.attempts <= failures
        ? Promise.reject(new Error('Loading chunk map failed'))
        : Promise.resolve({ default: ({ text }: { text: string }) => <p>{text}</p> });
    },
    { attempts: 0 },
  );
  return loader;
}

/** A part in a wizard's step, hidden (prepared out of sight) or shown, as the wizard shell puts it. */
function inStep(
  Part: ComponentType<{ text: string; fallback?: ReactNode }>,
  mode: 'hidden' | 'visible',
) {
  return (
    <I18nextProvider i18n={createI18n('de', BUNDLED)}>
      <ThemeProvider theme={makeTheme(DEFAULT_THEME)}>
        <Activity mode={mode}>
          <OutOfSight value={mode === 'hidden'}>
            <Part text="Details" fallback={<p>lädt</p>} />
          </OutOfSight>
        </Activity>
      </ThemeProvider>
    </I18nextProvider>
  );
}

describe('a lazy part', () => {
  let warn: jest.SpyInstance;
  beforeEach(() => {
    warn = jest.spyOn(console, 'warn').mockImplementation(() => {});
    jest.spyOn(console, 'error').mockImplementation(() => {});
  });
  afterEach(() => jest.restoreAllMocks());

  it('names the part whose code could not load, asks to check the connection, and loads it again on "Erneut versuchen"', async () => {
    const user = userEvent.setup({ delay: null });
    const load = flakyLoader(1);
    show(retryableLazy(load, 'map'));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Die Karte konnte nicht geladen werden. Bitte prüfen Sie Ihre Internetverbindung.',
    );
    expect(warn).toHaveBeenCalledWith('[immosuite] a part of the widget failed', expect.any(Error));
    await user.click(screen.getByRole('button', { name: 'Erneut versuchen' }));
    expect(await screen.findByText('Karte')).toBeInTheDocument();
    expect(screen.queryByRole('alert')).toBeNull();
    expect(load.attempts).toBe(2);
  });

  it('loads a part prepared out of sight, whose load failed, again as it comes into view', async () => {
    const load = flakyLoader(1);
    const Part = retryableLazy(load, 'part');
    const at = (mode: 'hidden' | 'visible') => inStep(Part, mode);
    const { rerender } = render(at('hidden'));
    await act(async () => {});
    expect(load.attempts).toBe(1);
    expect(screen.queryByText('Details')).toBeNull();
    rerender(at('visible'));
    expect(await screen.findByText('Details')).toBeInTheDocument();
    expect(screen.queryByRole('alert')).toBeNull();
    expect(load.attempts).toBe(2);
  });

  it('leaves a load that failed in view, and failed again after coming back into view, to the visitor', async () => {
    const load = flakyLoader(5);
    const Part = retryableLazy(load, 'part');
    const at = (mode: 'hidden' | 'visible') => inStep(Part, mode);
    const { rerender } = render(at('hidden'));
    await act(async () => {});
    rerender(at('visible'));
    expect(await screen.findByRole('alert')).toBeInTheDocument();
    await act(async () => {});
    // Tried again once as it came into view; that failure, seen, waits for the visitor.
    expect(load.attempts).toBe(2);
    rerender(at('hidden'));
    rerender(at('visible'));
    await act(async () => {});
    expect(load.attempts).toBe(2);
  });

  it('loads a part again by itself when the browser is back online', async () => {
    const load = flakyLoader(1);
    show(retryableLazy(load, 'contactForm'), 'en');
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'The contact form could not be loaded. Please check your internet connection.',
    );
    act(() => void window.dispatchEvent(new Event('online')));
    expect(await screen.findByText('Karte')).toBeInTheDocument();
    expect(load.attempts).toBe(2);
  });

  it('says that a part which loaded but failed to render is our fault, not the connection, and mounts it afresh on "Erneut versuchen"', async () => {
    const user = userEvent.setup({ delay: null });
    let broken = true;
    function Broken({ text }: { text: string }) {
      if (broken) throw new Error('Map container is being reused by another instance');
      return <p>{text}</p>;
    }
    let loads = 0;
    show(
      retryableLazy(() => {
        loads += 1;
        return Promise.resolve({ default: Broken });
      }, 'map'),
    );
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(
      'Die Karte konnte wegen eines Fehlers im Programm nicht angezeigt werden. Ihre Eingaben bleiben erhalten.',
    );
    expect(alert).not.toHaveTextContent(/Internetverbindung/);
    expect(warn).toHaveBeenCalledWith('[immosuite] a part of the widget failed', expect.any(Error));
    // Going online is no cure for a fault of ours: nothing happens.
    act(() => void window.dispatchEvent(new Event('online')));
    expect(screen.getByRole('alert')).toBeInTheDocument();
    broken = false;
    await user.click(screen.getByRole('button', { name: 'Erneut versuchen' }));
    expect(await screen.findByText('Karte')).toBeInTheDocument();
    expect(screen.queryByRole('alert')).toBeNull();
    // Its code had arrived: it is mounted again, not loaded again.
    expect(loads).toBe(1);
  });
});
