/** The three contact pages as a visitor uses them: found by role and label, through the App. */
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import nock from 'nock';
import { API, createTestEnv, renderApp, sendInit } from '../../../test/helpers';
import { conforming } from '../../../test/contract';

type User = ReturnType<typeof userEvent.setup>;

async function open(
  route: string,
  options: { query?: Record<string, string>; config?: object; english?: boolean } = {},
) {
  const env = createTestEnv({ query: options.query ?? {} });
  const view = renderApp({ route, env, language: options.english ? 'en' : 'de' });
  await act(async () =>
    sendInit(view.env, {
      ...(options.english ? { language: 'en-US' } : {}),
      config: { privacyUrl: 'https://agency.test/datenschutz', ...options.config },
    }),
  );
  await screen.findByRole('heading', { level: 1 });
  return { ...view, user: userEvent.setup({ delay: null }) };
}

async function fillContact(user: User, labels = GERMAN) {
  await user.type(screen.getByRole('textbox', { name: labels.firstname }), 'Erika');
  await user.type(screen.getByRole('textbox', { name: labels.lastname }), 'Mustermann');
  await user.type(screen.getByRole('textbox', { name: labels.email }), 'erika@example.de');
  await user.click(screen.getByRole('checkbox', { name: labels.privacy }));
  await user.click(screen.getByRole('checkbox', { name: labels.accept }));
}

const GERMAN = {
  firstname: /Vorname/,
  lastname: /Nachname/,
  email: /E-Mail/,
  privacy: /Datenschutzerklärung/,
  accept: /kontaktiert/,
};
const ENGLISH = {
  firstname: /First name/,
  lastname: /Last name/,
  email: /Email/,
  privacy: /privacy policy/,
  accept: /contacted/,
};

afterEach(() => nock.cleanAll());

describe('contact page screen', () => {
  it("starts with the configured message, sends on 'Anfrage senden' and shows the success in place of the form", async () => {
    const { user } = await open('/contact-form-wizard', {
      config: { defaultMessage: 'Ich interessiere mich für eine Bewertung.' },
    });
    expect(screen.getByRole('heading', { level: 1, name: 'Kontakt' })).toBeInTheDocument();
    const message = screen.getByRole('textbox', { name: 'Nachricht' });
    expect(message).toHaveValue('Ich interessiere mich für eine Bewertung.');
    await fillContact(user);
    await user.type(message, ' Danke!');
    let sent: { message?: string } = {};
    nock(API)
      .post(
        '/v1/wizard/contact',
        (b) => conforming('post', '/v1/wizard/contact')(b) && Boolean((sent = b)),
      )
      .reply(201, { success: true });
    await user.click(screen.getByRole('button', { name: 'Anfrage senden' }));
    expect(
      await screen.findByText(
        /Ihre Anfrage wurde abgeschickt, bitte überprüfen Sie Ihr E-Mail-Postfach/,
      ),
    ).toBeInTheDocument();
    expect(sent.message).toBe('Ich interessiere mich für eine Bewertung. Danke!');
    expect(screen.queryByRole('form')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Anfrage senden' })).not.toBeInTheDocument();
  });

  it('shows the input-check message above the form and keeps what was typed', async () => {
    const { user } = await open('/contact-form-wizard');
    await user.type(screen.getByRole('textbox', { name: 'Nachricht' }), 'Hallo');
    await user.click(screen.getByRole('button', { name: 'Anfrage senden' }));
    expect(await screen.findByText('Bitte prüfen Sie Ihre Eingaben.')).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Nachricht' })).toHaveValue('Hallo');
  });

  it("shows 'Es ist ein Fehler aufgetreten.' when sending fails, with the inputs kept", async () => {
    const { user } = await open('/contact-form-wizard');
    await fillContact(user);
    nock(API).post('/v1/wizard/contact').reply(502, 'Bad gateway');
    await user.click(screen.getByRole('button', { name: 'Anfrage senden' }));
    const form = screen.getByRole('form', { name: 'Kontaktdaten' });
    expect(await within(form).findByText('Es ist ein Fehler aufgetreten.')).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: /Vorname/ })).toHaveValue('Erika');
  });

  it("says once that a send found no connection, and 'Erneut senden' sends it with the same key", async () => {
    const { user } = await open('/contact-form-wizard');
    await fillContact(user);
    const keys: string[] = [];
    const key = (value: string) => Boolean(keys.push(value));
    nock(API)
      .post('/v1/wizard/contact')
      .matchHeader('idempotency-key', key)
      .replyWithError('socket hang up');
    await user.click(screen.getByRole('button', { name: 'Anfrage senden' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(/^Keine Verbindung zum Server: noch nicht gesendet\./);
    expect(screen.getAllByRole('alert')).toHaveLength(1);
    expect(screen.getByRole('status')).not.toHaveTextContent(/Verbindung/);
    nock(API)
      .post('/v1/wizard/contact')
      .matchHeader('idempotency-key', key)
      .reply(201, { success: true });
    await user.click(screen.getByRole('button', { name: 'Erneut senden' }));
    expect(await screen.findByText(/Ihre Anfrage wurde abgeschickt/)).toBeInTheDocument();
    expect(keys).toHaveLength(2);
    expect(keys[1]).toBe(keys[0]);
  });
});

describe('newsletter page screen', () => {
  it('requires the newsletter box and saves with its button, in English', async () => {
    const { user } = await open('/newsletter-wizard', { english: true });
    const save = await screen.findByRole('button', { name: 'Save changes' });
    expect(screen.getByRole('heading', { level: 1, name: 'Newsletter' })).toBeInTheDocument();
    expect(screen.queryByRole('textbox', { name: 'Message' })).not.toBeInTheDocument();
    await fillContact(user, ENGLISH);
    const box = screen.getByRole('checkbox', { name: /newsletter/ });
    expect(box).toBeRequired();
    await user.click(save);
    expect(await screen.findByText('Please check your entries.')).toBeInTheDocument();
    expect(box).toHaveAttribute('aria-invalid', 'true');
    await user.click(box);
    let sent: { type?: string } = {};
    nock(API)
      .post('/v1/wizard/contact', (b) => Boolean((sent = b)))
      .reply(201, {});
    await user.click(save);
    expect(await screen.findByText(/Your newsletter settings have been sent/)).toBeInTheDocument();
    expect(sent.type).toBe('newsletter');
  });

  it('says in English that the settings were not sent for want of a connection, and sends them once back online', async () => {
    const { user } = await open('/newsletter-wizard', { english: true });
    await fillContact(user, ENGLISH);
    await user.click(screen.getByRole('checkbox', { name: /newsletter/ }));
    nock(API).post('/v1/wizard/contact').replyWithError('offline');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'No connection to the server: not sent yet. Everything you entered is kept and will be sent as soon as the connection is back.',
    );
    const sent = nock(API).post('/v1/wizard/contact').reply(201, {});
    await act(async () => void window.dispatchEvent(new Event('online')));
    expect(await screen.findByText(/Your newsletter settings have been sent/)).toBeInTheDocument();
    expect(sent.isDone()).toBe(true);
  });
});

describe('listing-inquiry page screen', () => {
  it.each([
    ['no objectId', {}],
    ['an objectId that is not a positive integer', { objectId: '12abc' }],
    ['objectId 0', { objectId: '0' }],
  ])('says which listing is missing, without a form, given %s', async (_name, query) => {
    await open('/expose-inquiry-wizard', { query });
    expect(screen.getByRole('alert')).toHaveTextContent(/ohne Objektnummer/);
    expect(screen.queryByRole('textbox')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Anfrage senden' })).not.toBeInTheDocument();
  });

  it("names the listing, asks 'Ihr Wunsch' and sends the inquiry", async () => {
    nock(API)
      .get('/v1/wizard/listing/3')
      .reply(200, { objectId: 3, customObjectId: 'W-1003', title: 'Laden' });
    const { user } = await open('/expose-inquiry-wizard', {
      query: { objectId: '3', customObjectId: 'W-1003' },
    });
    expect(await screen.findByText(/Ihre Anfrage zum Objekt W-1003/)).toBeInTheDocument();
    await screen.findByRole('form', { name: 'Kontaktdaten' });
    await fillContact(user);
    await user.selectOptions(screen.getByRole('combobox', { name: 'Ihr Wunsch' }), 'Besichtigung');
    await user.type(screen.getByRole('textbox', { name: 'Nachricht' }), 'Wann geht es?');
    let sent: { exposeInquiry?: unknown; contact?: { wish?: string } } = {};
    nock(API)
      .post('/v1/wizard/expose-inquiry', (b) => Boolean((sent = b)))
      .reply(201, {});
    await user.click(screen.getByRole('button', { name: 'Anfrage senden' }));
    expect(await screen.findByText(/Ihre Anfrage wurde abgeschickt/)).toBeInTheDocument();
    expect(sent.exposeInquiry).toEqual({ objectId: 3, message: 'Wann geht es?' });
    expect(sent.contact?.wish).toBe('viewing');
  });

  it('says at once that a listing the backend does not know is no longer available, and offers the contact form', async () => {
    nock(API)
      .get('/v1/wizard/listing/999')
      .reply(404, { code: 'unknown_object', message: 'x', data: { status: 404 } });
    const { user } = await open('/expose-inquiry-wizard', { query: { objectId: '999' } });
    // No form while the page asks, nor after the answer.
    expect(screen.queryByRole('textbox')).not.toBeInTheDocument();
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Dieses Objekt ist nicht mehr verfügbar.');
    expect(screen.queryByRole('form')).not.toBeInTheDocument();
    await user.click(within(alert).getByRole('link', { name: 'Zum Kontaktformular' }));
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Kontakt' }, { timeout: 5000 }),
    ).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Nachricht' })).toBeInTheDocument();
  });

  it('shows the form when the answer does not come, and says so if the listing turns out to be gone on sending', async () => {
    nock(API).get('/v1/wizard/listing/999').replyWithError('offline');
    const { user } = await open('/expose-inquiry-wizard', { query: { objectId: '999' } });
    await screen.findByRole('form', { name: 'Kontaktdaten' });
    await fillContact(user);
    nock(API)
      .post('/v1/wizard/expose-inquiry')
      .reply(400, {
        code: 'unknown_object',
        message: 'Dieses Objekt gibt es nicht.',
        data: { status: 400 },
      });
    await user.click(screen.getByRole('button', { name: 'Anfrage senden' }));
    await waitFor(() =>
      expect(screen.getByRole('alert')).toHaveTextContent(
        'Dieses Objekt ist nicht mehr verfügbar.',
      ),
    );
    expect(screen.queryByRole('button', { name: 'Anfrage senden' })).not.toBeInTheDocument();
  });
});
