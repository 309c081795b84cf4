import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { I18nextProvider } from 'react-i18next';
import { ThemeProvider } from 'styled-components';
import { DEFAULT_THEME } from '../../ui/theme';
import { createI18n } from '../../i18n';
import { BUNDLED } from '../../i18n/bundled';
import { makeTheme } from '../../ui/theme';
import { ContactForm } from './ContactForm';
import { EMPTY_CONTACT, type ContactValues } from './model';
import type { ContactFormOptions } from './schema';

/** The form's checks load on demand (a chunk of their own); a test can make that load fail. */
let mockChecksFail = false;
let mockChecksLoads = 0;
jest.mock('./schema', () => {
  mockChecksLoads += 1;
  if (mockChecksFail) throw new Error('Loading chunk contact-checks failed.');
  return jest.requireActual('./schema');
});

/** The caller keeps the values, as a slice does: the form's one source. */
function Caller(props: {
  options: ContactFormOptions;
  initial?: ContactValues;
  onSubmit?: (values: ContactValues) => void;
  onInvalid?: () => void;
  expose?: (set: (values: ContactValues) => void) => void;
}) {
  const [values, setValues] = useState(props.initial ?? EMPTY_CONTACT);
  props.expose?.(setValues);
  return (
    <ContactForm
      values={values}
      options={props.options}
      privacyUrl="https://agency.test/datenschutz"
      submitLabel="Senden"
      busy={false}
      error={null}
      onChange={setValues}
      onSubmit={props.onSubmit ?? (() => {})}
      onInvalid={props.onInvalid ?? (() => {})}
    />
  );
}

function renderForm(props: Parameters<typeof Caller>[0]) {
  return render(
    <ThemeProvider theme={makeTheme(DEFAULT_THEME)}>
      <I18nextProvider i18n={createI18n('de', BUNDLED)}>
        <Caller {...props} />
      </I18nextProvider>
    </ThemeProvider>,
  );
}

const NONE: ContactFormOptions = { message: false, wish: false, newsletter: 'off' };
const filled: ContactValues = {
  ...EMPTY_CONTACT,
  firstname: '  Erika ',
  lastname: 'Mustermann',
  email: 'erika@example.de',
  customFields: { dataPrivacy: true, acceptContact: true, newsletter: false },
};

describe('contact form options', () => {
  it('shows no message, wish or newsletter box unless asked', () => {
    renderForm({ options: NONE });
    expect(screen.queryByRole('textbox', { name: 'Nachricht' })).not.toBeInTheDocument();
    expect(screen.queryByRole('combobox', { name: 'Ihr Wunsch' })).not.toBeInTheDocument();
    expect(
      screen.queryByRole('checkbox', { name: 'Ich möchte den Newsletter erhalten.' }),
    ).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Datenschutzerklärung' })).toHaveAttribute(
      'href',
      'https://agency.test/datenschutz',
    );
  });

  it('sends the message, the wish and an optional newsletter box', async () => {
    const onSubmit = jest.fn();
    const user = userEvent.setup({ delay: null });
    renderForm({
      options: { message: true, wish: true, newsletter: 'optional' },
      initial: filled,
      onSubmit,
    });
    await user.type(screen.getByRole('textbox', { name: 'Nachricht' }), ' Bitte anrufen ');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Ihr Wunsch' }), 'Rückruf');
    const newsletter = screen.getByRole('checkbox', {
      name: 'Ich möchte den Newsletter erhalten.',
    });
    expect(newsletter).not.toBeRequired();
    await user.click(screen.getByRole('button', { name: 'Senden' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    expect(onSubmit.mock.calls[0][0]).toMatchObject({
      firstname: 'Erika',
      message: 'Bitte anrufen',
      wish: 'call',
      customFields: { newsletter: false },
    });
  });

  it('refuses to send without the newsletter box when it is required', async () => {
    const onSubmit = jest.fn();
    const onInvalid = jest.fn();
    const user = userEvent.setup({ delay: null });
    renderForm({
      options: { ...NONE, newsletter: 'required' },
      initial: filled,
      onSubmit,
      onInvalid,
    });
    const newsletter = screen.getByRole('checkbox', { name: /Newsletter/ });
    expect(newsletter).toBeRequired();
    await user.click(screen.getByRole('button', { name: 'Senden' }));
    await waitFor(() => expect(onInvalid).toHaveBeenCalledTimes(1));
    expect(onSubmit).not.toHaveBeenCalled();
    expect(newsletter).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByText('Bitte bestätigen Sie dies.')).toBeInTheDocument();
    await user.click(newsletter);
    await waitFor(() => expect(newsletter).not.toHaveAttribute('aria-invalid'));
    await user.click(screen.getByRole('button', { name: 'Senden' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
  });
});

describe('contact form values', () => {
  it('shows errors only after a submit attempt', async () => {
    const user = userEvent.setup({ delay: null });
    renderForm({ options: NONE });
    await user.type(screen.getByRole('textbox', { name: 'E-Mail' }), 'kaputt');
    expect(screen.queryByText('Pflichtfeld')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Senden' }));
    expect(await screen.findAllByText('Pflichtfeld')).toHaveLength(2);
    expect(
      screen.getByText('Bitte geben Sie eine gültige E-Mail-Adresse ein.'),
    ).toBeInTheDocument();
  });

  it('takes values that arrive after it is shown, and sends those', async () => {
    const onSubmit = jest.fn();
    let setValues: (values: ContactValues) => void = () => {};
    const user = userEvent.setup({ delay: null });
    renderForm({ options: NONE, onSubmit, expose: (set) => (setValues = set) });
    expect(screen.getByRole('textbox', { name: 'Vorname' })).toHaveValue('');
    // e.g. the account's contact, loaded after the form appeared
    act(() => setValues(filled));
    expect(screen.getByRole('textbox', { name: 'Vorname' })).toHaveValue('  Erika ');
    expect(screen.getByRole('checkbox', { name: /Datenschutzerklärung/ })).toBeChecked();
    await user.click(screen.getByRole('button', { name: 'Senden' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    expect(onSubmit.mock.calls[0][0]).toMatchObject({
      firstname: 'Erika',
      email: 'erika@example.de',
    });
  });
});

describe('contact form checks', () => {
  beforeEach(() => {
    jest.resetModules();
    mockChecksLoads = 0;
  });
  afterEach(() => {
    mockChecksFail = false;
  });

  it('starts loading its checks when the visitor enters the form', async () => {
    const user = userEvent.setup({ delay: null });
    renderForm({ options: NONE });
    expect(mockChecksLoads).toBe(0);
    await user.click(screen.getByRole('textbox', { name: 'Vorname' }));
    await waitFor(() => expect(mockChecksLoads).toBe(1));
  });

  it('says so when its checks cannot be loaded, keeps the input and sends on the next try', async () => {
    mockChecksFail = true;
    const onSubmit = jest.fn();
    const warn = jest.spyOn(console, 'warn').mockImplementation(() => {});
    const user = userEvent.setup({ delay: null });
    renderForm({ options: NONE, initial: filled, onSubmit });
    await user.click(screen.getByRole('button', { name: 'Senden' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Die Prüfung Ihrer Eingaben konnte nicht geladen werden.',
    );
    expect(onSubmit).not.toHaveBeenCalled();
    expect(screen.getByRole('textbox', { name: 'Vorname' })).toHaveValue('  Erika ');
    mockChecksFail = false;
    await user.click(screen.getByRole('button', { name: 'Senden' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    warn.mockRestore();
  });
});
