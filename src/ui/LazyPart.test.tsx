import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { I18nextProvider } from 'react-i18next';
import { ThemeProvider } from 'styled-components';
import { createI18n } from '../i18n';
import { BUNDLED } from '../i18n/bundled';
import { retryableLazy } from './LazyPart';
import { DEFAULT_THEME, makeTheme } from './theme';

describe('a lazy part', () => {
  it('says when its code could not load, and loads it again on "Erneut versuchen"', async () => {
    const user = userEvent.setup({ delay: null });
    const warn = jest.spyOn(console, 'warn').mockImplementation(() => {});
    jest.spyOn(console, 'error').mockImplementation(() => {});
    let attempts = 0;
    const Part = retryableLazy<{ text: string }>(() => {
      attempts += 1;
      return attempts === 1
        ? Promise.reject(new Error('Loading chunk map failed'))
        : Promise.resolve({ default: ({ text }: { text: string }) => <p>{text}</p> });
    });
    render(
      <I18nextProvider i18n={createI18n('de', BUNDLED)}>
        <ThemeProvider theme={makeTheme(DEFAULT_THEME)}>
          <Part text="Karte" fallback={<p>lädt</p>} />
        </ThemeProvider>
      </I18nextProvider>,
    );
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Dieser Teil konnte nicht geladen werden. Bitte prüfen Sie Ihre Internetverbindung.',
    );
    expect(warn).toHaveBeenCalledWith(
      '[immosuite] a part of the widget could not be loaded',
      expect.any(Error),
    );
    await user.click(screen.getByRole('button', { name: 'Erneut versuchen' }));
    expect(await screen.findByText('Karte')).toBeInTheDocument();
    expect(screen.queryByRole('alert')).toBeNull();
    expect(attempts).toBe(2);
  });
});
