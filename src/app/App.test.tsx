import nock from 'nock';
import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { API, receiveMessage, renderApp, sendInit } from '../../test/helpers';
import { REGIONS_ANSWER, SHAPES_ANSWER } from '../../test/fixtures';
import { hostMessage, widgetMessage } from '../host/protocol';
import { apiCallSettled, apiCallStarted, messageShown } from './uiSlice';

describe('app shell', () => {
  it('shows only the progress bar until the host has sent init, and while the screen loads', async () => {
    const { env } = renderApp({ route: '/lead-wizard' });
    expect(screen.getByRole('progressbar', { name: 'Wird geladen …' })).toBeInTheDocument();
    expect(screen.queryByRole('heading')).not.toBeInTheDocument();
    act(() => sendInit(env));
    // The screen's own chunk loads now; the progress bar stays until it is there.
    expect(screen.getByRole('progressbar', { name: 'Wird geladen …' })).toBeInTheDocument();
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Immobilie verkaufen oder vermieten' }),
    ).toBeInTheDocument();
    expect(screen.queryByRole('progressbar')).not.toBeInTheDocument();
  });

  describe("index.html's loading shell", () => {
    /** The shell as index.html has it, in front of the app's root. */
    function pageShell() {
      const shell = document.createElement('main');
      shell.id = 'shell';
      document.body.prepend(shell);
      return shell;
    }
    afterEach(() => document.getElementById('shell')?.remove());

    it('stands while the app starts, loads its screen and the screen its regions, then goes', async () => {
      const shell = pageShell();
      let answerRegions: () => void = () => {};
      const regionsAsked = new Promise<void>((resolve) => (answerRegions = resolve));
      nock(API)
        .get('/v1/wizard/locations')
        .reply(async () => {
          await regionsAsked;
          return [200, REGIONS_ANSWER];
        });
      nock(API).get('/v1/wizard/locations/geojson').reply(200, SHAPES_ANSWER);
      const { env } = renderApp({ route: '/saved-search-wizard' });
      expect(shell).toBeInTheDocument();
      act(() => sendInit(env));
      expect(shell).toBeInTheDocument();
      // The screen is there, loading its regions: the shell still stands in front of it.
      expect(await screen.findByText('Regionen werden geladen …')).toBeInTheDocument();
      expect(shell).toBeInTheDocument();
      answerRegions();
      expect(await screen.findByRole('tree', { name: 'Regionen' })).toBeInTheDocument();
      expect(shell).not.toBeInTheDocument();
    });

    it('goes for a notice in place of the screen', async () => {
      const shell = pageShell();
      const { env } = renderApp({ route: '/no-such-route' });
      expect(shell).toBeInTheDocument();
      await act(async () => sendInit(env));
      expect(screen.getByText('Diese Seite gibt es nicht.')).toBeInTheDocument();
      expect(shell).not.toBeInTheDocument();
    });
  });

  it('gives the progress bar up for a notice when no init comes within 10 s', async () => {
    jest.useFakeTimers();
    try {
      renderApp({ route: '/lead-wizard' });
      await act(async () => jest.advanceTimersByTime(9_999));
      expect(screen.getByRole('progressbar')).toBeInTheDocument();
      await act(async () => jest.advanceTimersByTime(1));
      expect(screen.queryByRole('progressbar')).toBeNull();
      expect(
        screen.getByText(/^Dieses Formular lässt sich hier gerade nicht anzeigen\./),
      ).toHaveAttribute('role', 'status');
    } finally {
      jest.useRealTimers();
    }
  });

  it('speaks English when the host page is en-US', async () => {
    nock(API)
      .get('/v1/auth/me?probe=1')
      .reply(403, { code: 'rest_forbidden', message: 'x', data: { status: 403 } });
    const { env } = renderApp({ route: '/login' });
    await act(async () => sendInit(env, { language: 'en-US' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Sign in' })).toBeInTheDocument();
    expect(await screen.findByRole('button', { name: 'Send email' })).toBeInTheDocument();
    expect(document.title).toBe('Sign in – Property service');
  });

  it('sets the page title from route title and app title', async () => {
    const { env } = renderApp({ route: '/saved-search-wizard' });
    await act(async () => sendInit(env, { config: { appTitle: 'Muster Immobilien' } }));
    await screen.findByRole('heading', { level: 1, name: 'Suchprofil anlegen' });
    expect(document.title).toBe('Suchprofil anlegen – Muster Immobilien');
  });

  it.each([
    ['/lead-wizard', 'Immobilie verkaufen oder vermieten'],
    ['/saved-search-wizard', 'Suchprofil anlegen'],
    ['/expose-inquiry-wizard', 'Anfrage zum Exposé'],
    ['/contact-form-wizard', 'Kontakt'],
    ['/newsletter-wizard', 'Newsletter'],
    ['/login', 'Anmeldung'],
  ])('routes %s', async (route, heading) => {
    const { env } = renderApp({ route });
    act(() => sendInit(env));
    expect(await screen.findByRole('heading', { level: 1, name: heading })).toBeInTheDocument();
  });

  it('says so for an unknown route', () => {
    const { env } = renderApp({ route: '/nope' });
    act(() => sendInit(env));
    expect(screen.getByText('Diese Seite gibt es nicht.')).toBeInTheDocument();
  });

  it('shows the progress bar while calls are under way', async () => {
    const { env, store } = renderApp();
    act(() => sendInit(env));
    await screen.findByRole('heading', { level: 1 });
    act(() => {
      store.dispatch(apiCallStarted());
    });
    expect(screen.getByRole('progressbar')).toBeInTheDocument();
    act(() => {
      store.dispatch(apiCallSettled());
    });
    expect(screen.queryByRole('progressbar')).not.toBeInTheDocument();
  });
});

describe('snackbar', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  it('shows a message for 6 seconds', async () => {
    const { env, store } = renderApp();
    act(() => sendInit(env));
    act(() => {
      store.dispatch(messageShown({ severity: 'error', key: 'errors.generic' }));
    });
    const status = screen.getByRole('status');
    expect(within(status).getByText('Es ist ein Fehler aufgetreten.')).toBeInTheDocument();
    await act(() => jest.advanceTimersByTimeAsync(5999));
    expect(within(status).getByText('Es ist ein Fehler aufgetreten.')).toBeInTheDocument();
    await act(() => jest.advanceTimersByTimeAsync(1));
    expect(within(status).queryByText('Es ist ein Fehler aufgetreten.')).not.toBeInTheDocument();
  });

  it('asks the host page to bring a new message into view when it is below what the visitor sees', () => {
    const { env, store } = renderApp();
    act(() => sendInit(env));
    act(() => receiveMessage(env, hostMessage('viewport', { top: 0, height: 600 })));
    const scrolls = () =>
      env
        .posted()
        .filter(([m]) => (m as { type: string }).type === 'scroll')
        .map(([m]) => m);
    const rect = jest
      .spyOn(HTMLElement.prototype, 'getBoundingClientRect')
      .mockReturnValue({ top: 2000, bottom: 2072 } as DOMRect);
    try {
      act(() => {
        store.dispatch(messageShown({ severity: 'error', key: 'errors.generic' }));
      });
      expect(scrolls()).toEqual([widgetMessage('scroll', { top: 2072, align: 'end' })]);
      // The visitor scrolls on: nothing pulls them back.
      act(() => receiveMessage(env, hostMessage('viewport', { top: 100, height: 600 })));
      expect(scrolls()).toHaveLength(1);
    } finally {
      rect.mockRestore();
    }
  });

  it('closes on "Schließen" and shows server text as text, never HTML', async () => {
    const user = userEvent.setup({ advanceTimers: jest.advanceTimersByTime });
    const { env, store } = renderApp();
    act(() => sendInit(env));
    act(() => {
      store.dispatch(
        messageShown({
          severity: 'error',
          key: 'errors.server',
          text: '<img src=x onerror=alert(1)>',
        }),
      );
    });
    expect(screen.getByText('<img src=x onerror=alert(1)>')).toBeInTheDocument();
    expect(document.querySelector('img')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Schließen' }));
    expect(screen.queryByText('<img src=x onerror=alert(1)>')).not.toBeInTheDocument();
  });

  it('says a lost connection in words, and logs the HTTP-ERROR line to the console', async () => {
    const user = userEvent.setup({ delay: null });
    nock(API).post('/v1/wizard/fields').replyWithError('socket hang up');
    const { env } = renderApp({ route: '/lead-wizard' });
    act(() => sendInit(env));
    await user.click(await screen.findByRole('button', { name: 'Wohnung' }));
    expect(
      await screen.findByText('Keine Verbindung zum Server. Bitte versuchen Sie es erneut.'),
    ).toBeInTheDocument();
    expect(screen.queryByText(/HTTP-ERROR/)).toBeNull();
    expect(env.log).toHaveBeenCalledWith(
      expect.stringMatching(new RegExp(`^HTTP-ERROR ${API}/v1/wizard/fields: `)),
    );
  });
});
