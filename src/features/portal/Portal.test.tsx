/** The login route as a contact uses it: found by role and label, through the App. */
import { act, cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import nock from 'nock';
import { API, createTestEnv, renderApp, sendInit } from '../../../test/helpers';
import { EMPTY_CONTACT } from '../../parts/contactForm/model';

const FORBIDDEN = { code: 'rest_forbidden', message: 'x', data: { status: 403 } };
const {
  wish: _w,
  message: _m,
  website: _s,
  ...CONTACT
} = {
  ...EMPTY_CONTACT,
  email: 'erika@example.de',
  firstname: 'Erika',
  lastname: 'Mustermann',
  customFields: { dataPrivacy: true, acceptContact: true, newsletter: false },
};
const SEARCH = {
  uuid: '0b9a2f8e-4c1d-4e7a-9f3b-2a6c8d1e5f70',
  active: false,
  objectType: 'LIVING',
  categoryId: 22332,
  category: { name: 'haus' },
  marketingType: 'buy',
  locations: [1, 2, 3, 4, 5].map((id) => ({ locationId: id, name: `Ort ${id}` })),
  fields: [{ name: 'price.price', valueType: 'RANGE', minValue: 300000, maxValue: 600000 }],
};
const INQUIRY = {
  uuid: 'i1',
  image: '/media/listings/altbau.svg',
  title: 'Helle Altbauwohnung',
  zip: '10435',
  city: 'Berlin',
  category: 'wohnung',
  price: { title: 'Kaufpreis', text: '465.000 €' },
  link: 'javascript:alert(1)',
};

async function open(options: { loggedIn?: boolean; contact?: object; english?: boolean } = {}) {
  if (options.loggedIn)
    nock(API)
      .get('/v1/auth/me?probe=1')
      .reply(200, { email: 'erika@example.de', loggedIn: true })
      .get('/v1/contact')
      .reply(200, options.contact ?? CONTACT)
      .get('/v1/saved-search')
      .reply(200, [SEARCH]);
  else nock(API).get('/v1/auth/me?probe=1').reply(403, FORBIDDEN);
  const view = renderApp({
    route: '/login',
    env: createTestEnv(),
    language: options.english ? 'en' : 'de',
  });
  await act(async () => sendInit(view.env, options.english ? { language: 'en-US' } : {}));
  return { ...view, user: userEvent.setup({ delay: null }) };
}

afterEach(() => nock.cleanAll());

describe('login screen', () => {
  it.each([
    [
      'de',
      'Vielen Dank für Ihre Anfrage!',
      'Ihre Anfrage ist bestätigt, wir melden uns bei Ihnen.',
      'Ihre Anfragen und Suchprofile online verwalten (freiwillig)',
      'E-Mail verschicken',
    ],
    [
      'en',
      'Thank you for your inquiry!',
      'Your inquiry is confirmed; we will be in touch.',
      'Manage your inquiries and search profiles online (optional)',
      'Send email',
    ],
  ])(
    'after a confirmation link (%s) thanks first and offers signing in as optional',
    async (lang, thanks, text, manage, send) => {
      const env = createTestEnv();
      env.query = { k: 'confirm-key' };
      nock(API)
        .post('/v1/wizard/confirm', { k: 'confirm-key' })
        .reply(200, { opcode: 'Contact' })
        .get('/v1/auth/me?probe=1')
        .reply(403, FORBIDDEN);
      renderApp({ route: '/login', env, language: lang as 'de' | 'en' });
      await act(async () => sendInit(env, lang === 'en' ? { language: 'en-US' } : {}));
      const status = await waitFor(() => {
        const found = screen.getAllByRole('status').find((el) => el.textContent?.includes(thanks));
        expect(found).toBeDefined();
        return found!;
      });
      expect(status).toHaveTextContent(`${thanks} ${text}`);
      expect(within(status).getByText(thanks).tagName).toBe('STRONG');
      const offer = await screen.findByRole('heading', { level: 2, name: manage });
      // The offer stands after the thanks, above the form it offers.
      expect(status.compareDocumentPosition(offer) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
      expect(screen.getByRole('button', { name: send })).toBeInTheDocument();
    },
  );

  it('offers signing in without the thanks and the heading of the offer when no link was followed', async () => {
    await open();
    await screen.findByRole('button', { name: 'E-Mail verschicken' });
    expect(screen.queryByRole('heading', { level: 2 })).not.toBeInTheDocument();
    expect(screen.queryByText('Vielen Dank für Ihre Anfrage!')).not.toBeInTheDocument();
  });

  it("asks for the e-mail address and says 'Die E-Mail wurde verschickt.'", async () => {
    const { user } = await open();
    expect(await screen.findByRole('heading', { level: 1, name: 'Anmeldung' })).toBeInTheDocument();
    expect(await screen.findByText(/Bitte geben Sie Ihre E-Mail-Adresse ein/)).toBeInTheDocument();
    await user.type(screen.getByRole('textbox', { name: 'E-Mail' }), 'erika@example.de');
    nock(API).post('/v1/auth/email', { email: 'erika@example.de' }).reply(200, { sent: true });
    await user.click(screen.getByRole('button', { name: 'E-Mail verschicken' }));
    expect(await screen.findByText('Die E-Mail wurde verschickt.')).toBeInTheDocument();
  });

  it('says once that the mail was not asked for without a connection, and asks again once online', async () => {
    const { user } = await open();
    await user.type(await screen.findByRole('textbox', { name: 'E-Mail' }), 'erika@example.de');
    let key = '';
    nock(API)
      .post('/v1/auth/email')
      .matchHeader('Idempotency-Key', (value: string) => Boolean((key = value)))
      .replyWithError('offline');
    await user.click(screen.getByRole('button', { name: 'E-Mail verschicken' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(/^Keine Verbindung zum Server: noch nicht gesendet\./);
    expect(screen.getByRole('button', { name: 'Erneut senden' })).toBeInTheDocument();
    expect(screen.getAllByRole('alert')).toHaveLength(1);
    expect(screen.queryByText(/Bitte versuchen Sie es erneut/)).not.toBeInTheDocument();
    // Asked again with the first try's key: one mail, should the first have gone through.
    expect(key).toMatch(/^[A-Za-z0-9_-]{30}$/);
    nock(API)
      .post('/v1/auth/email', { email: 'erika@example.de' })
      .matchHeader('Idempotency-Key', (value: string) => value === key)
      .reply(200, { sent: true });
    await act(async () => void window.dispatchEvent(new Event('online')));
    expect(await screen.findByText('Die E-Mail wurde verschickt.')).toBeInTheDocument();
  });
});

describe('logged-in home', () => {
  it('shows the tabs after the APG pattern, saved searches first, and moves with the arrows', async () => {
    const { user } = await open({ loggedIn: true });
    const tablist = await screen.findByRole('tablist', { name: 'Bereiche' });
    const tabs = within(tablist).getAllByRole('tab');
    expect(tabs.map((tab) => tab.textContent)).toEqual(['Anfragen', 'Suchprofile', 'Mein Konto']);
    const searches = within(tablist).getByRole('tab', { name: 'Suchprofile' });
    expect(searches).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('tabpanel')).toHaveAttribute('aria-labelledby', searches.id);
    nock(API).get('/v1/expose-inquiry').reply(200, [INQUIRY]);
    searches.focus();
    await user.keyboard('{ArrowLeft}');
    const inquiries = within(tablist).getByRole('tab', { name: 'Anfragen' });
    expect(inquiries).toHaveFocus();
    expect(inquiries).toHaveAttribute('aria-selected', 'true');
    expect(
      await screen.findByRole('heading', { level: 3, name: 'Helle Altbauwohnung' }),
    ).toBeInTheDocument();
    // A link that is not http(s) is not shown.
    expect(screen.queryByRole('link', { name: /Exposé/ })).not.toBeInTheDocument();
    await user.keyboard('{End}');
    expect(within(tablist).getByRole('tab', { name: 'Mein Konto' })).toHaveFocus();
    expect(
      await screen.findByRole('heading', { level: 3, name: 'Ihre Angaben' }),
    ).toBeInTheDocument();
  });

  it('shows a saved search as a card: type, title, three regions and more, the price range', async () => {
    await open({ loggedIn: true });
    const card = (await screen.findByRole('heading', { level: 3, name: 'Haus kaufen' })).closest(
      'li',
    )!;
    expect(within(card).getByText('Wohnen, inaktiv')).toBeInTheDocument();
    expect(within(card).getByText('Ort 1, Ort 2, Ort 3 +2')).toBeInTheDocument();
    expect(within(card).getByText('300.000 € – 600.000 €')).toBeInTheDocument();
    expect(
      within(card).getByRole('button', { name: 'Suchprofil bearbeiten: Haus kaufen' }),
    ).toBeInTheDocument();
  });

  it('asks before deleting a saved search, deletes it and reloads the list', async () => {
    const { user } = await open({ loggedIn: true });
    await user.click(
      await screen.findByRole('button', { name: 'Suchprofil löschen: Haus kaufen' }),
    );
    const dialog = screen.getByRole('dialog', { name: 'Suchprofil löschen' });
    expect(
      within(dialog).getByText('Möchten Sie Ihr Suchprofil wirklich löschen?'),
    ).toBeInTheDocument();
    nock(API)
      .delete(`/v1/saved-search/${SEARCH.uuid}`)
      .reply(200, { deleted: true })
      .get('/v1/saved-search')
      .reply(200, []);
    await user.click(within(dialog).getByRole('button', { name: 'Löschen' }));
    expect(await screen.findByText('Sie haben noch kein Suchprofil angelegt.')).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('says in the dialog that a delete found no connection, and deletes once back online', async () => {
    const { user } = await open({ loggedIn: true });
    await user.click(
      await screen.findByRole('button', { name: 'Suchprofil löschen: Haus kaufen' }),
    );
    const dialog = screen.getByRole('dialog', { name: 'Suchprofil löschen' });
    nock(API).delete(`/v1/saved-search/${SEARCH.uuid}`).replyWithError('offline');
    await user.click(within(dialog).getByRole('button', { name: 'Löschen' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      /^Keine Verbindung zum Server: noch nicht gesendet\./,
    );
    expect(screen.getAllByRole('alert')).toHaveLength(1);
    expect(within(dialog).getByRole('button', { name: 'Erneut senden' })).toBeEnabled();
    nock(API)
      .delete(`/v1/saved-search/${SEARCH.uuid}`)
      .reply(200, { deleted: true })
      .get('/v1/saved-search')
      .reply(200, []);
    await act(async () => void window.dispatchEvent(new Event('online')));
    expect(await screen.findByText('Sie haben noch kein Suchprofil angelegt.')).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it("logs out with 'Abmelden': 'Sie wurden abgemeldet.' and the login form again", async () => {
    const { user } = await open({ loggedIn: true });
    nock(API).delete('/v1/auth/me').reply(200, { loggedOut: true });
    await user.click(await screen.findByRole('button', { name: 'Abmelden' }));
    expect(await screen.findByText('Sie wurden abgemeldet.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'E-Mail verschicken' })).toBeInTheDocument();
    expect(screen.queryByRole('tablist')).not.toBeInTheDocument();
  });

  it('puts the focus on the heading once logged in and after logging out, not on an anonymous visit', async () => {
    const { user } = await open({ loggedIn: true });
    const home = await screen.findByRole('heading', { level: 1, name: 'Ihr Kundenbereich' });
    expect(screen.getByRole('main', { name: 'Ihr Kundenbereich' })).toBeInTheDocument();
    await waitFor(() => expect(home).toHaveFocus());
    nock(API).delete('/v1/auth/me').reply(200, { loggedOut: true });
    await user.click(screen.getByRole('button', { name: 'Abmelden' }));
    const login = await screen.findByRole('heading', { level: 1, name: 'Anmeldung' });
    await waitFor(() => expect(login).toHaveFocus());
    cleanup();
    await open();
    await screen.findByRole('button', { name: 'E-Mail verschicken' });
    expect(screen.getByRole('heading', { level: 1, name: 'Anmeldung' })).not.toHaveFocus();
    expect(document.activeElement).toBe(document.body);
  });

  it('opens the account dialog by itself while the disclaimer is open, and saves the details', async () => {
    const { user } = await open({
      loggedIn: true,
      contact: {
        ...CONTACT,
        customFields: { dataPrivacy: false, acceptContact: false, newsletter: false },
      },
    });
    const dialog = await screen.findByRole('dialog', {
      name: 'Bitte vervollständigen Sie Ihre Angaben',
    });
    await user.click(await within(dialog).findByRole('checkbox', { name: /Datenschutzerklärung/ }));
    await user.click(within(dialog).getByRole('checkbox', { name: /kontaktiert/ }));
    nock(API).put('/v1/contact').reply(200, CONTACT);
    await user.click(within(dialog).getByRole('button', { name: 'Änderungen speichern' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it("keeps the account's changes when saving finds no connection, and 'Erneut senden' saves them", async () => {
    const { user } = await open({ loggedIn: true });
    await user.click(await screen.findByRole('tab', { name: 'Mein Konto' }));
    const phone = await screen.findByRole('textbox', { name: 'Telefon' });
    await user.type(phone, '030 1234567');
    let key = '';
    nock(API)
      .put('/v1/contact')
      .matchHeader('Idempotency-Key', (value: string) => Boolean((key = value)))
      .replyWithError('offline');
    await user.click(screen.getByRole('button', { name: 'Änderungen speichern' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(/^Keine Verbindung zum Server: noch nicht gesendet\./);
    expect(screen.getAllByRole('alert')).toHaveLength(1);
    expect(phone).toHaveValue('030 1234567');
    let saved: { phone?: string } = {};
    expect(key).toMatch(/^[A-Za-z0-9_-]{30}$/);
    nock(API)
      .put('/v1/contact', (body) => Boolean((saved = body)))
      .matchHeader('Idempotency-Key', (value: string) => value === key)
      .reply(200, { ...CONTACT, phone: '030 1234567' });
    await user.click(screen.getByRole('button', { name: 'Erneut senden' }));
    expect(await screen.findByText(/gespeichert/)).toBeInTheDocument();
    expect(saved.phone).toBe('030 1234567');
  });

  it("deletes the account with 'Konto löschen': 'Ihr Konto wurde gelöscht.' and the login form again", async () => {
    const { user } = await open({ loggedIn: true });
    await user.click(await screen.findByRole('tab', { name: 'Mein Konto' }));
    await user.click(await screen.findByRole('button', { name: 'Konto löschen' }));
    const dialog = screen.getByRole('dialog', { name: 'Konto löschen' });
    expect(dialog).toHaveTextContent('Das lässt sich nicht rückgängig machen.');
    // A failure is said in the dialog, which stays to try again.
    nock(API)
      .delete('/v1/contact')
      .reply(500, { code: 'internal', message: 'x', data: { status: 500 } });
    await user.click(within(dialog).getByRole('button', { name: 'Konto löschen' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'Ihr Konto konnte nicht gelöscht werden. Bitte versuchen Sie es noch einmal.',
    );
    const erased = nock(API).delete('/v1/contact').reply(200, { erased: true, removed: {} });
    await user.click(within(dialog).getByRole('button', { name: 'Konto löschen' }));
    expect(await screen.findByText('Ihr Konto wurde gelöscht.')).toBeInTheDocument();
    expect(erased.isDone()).toBe(true);
    expect(screen.getByRole('button', { name: 'E-Mail verschicken' })).toBeInTheDocument();
    expect(screen.queryByRole('tablist')).not.toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.queryByText('Sie wurden abgemeldet.')).not.toBeInTheDocument();
  });

  it('says in English that the account has been deleted', async () => {
    const { user } = await open({ loggedIn: true, english: true });
    await user.click(await screen.findByRole('tab', { name: 'My account' }));
    await user.click(await screen.findByRole('button', { name: 'Delete account' }));
    const dialog = screen.getByRole('dialog', { name: 'Delete account' });
    nock(API).delete('/v1/contact').reply(200, { erased: true, removed: {} });
    await user.click(within(dialog).getByRole('button', { name: 'Delete account' }));
    expect(await screen.findByText('Your account has been deleted.')).toBeInTheDocument();
  });

  it("says 'Ungültiger Benutzer' for a contact without e-mail", async () => {
    const { user } = await open({ loggedIn: true, contact: { ...CONTACT, email: '' } });
    const tablist = await screen.findByRole('tablist');
    await user.click(within(tablist).getByRole('tab', { name: 'Mein Konto' }));
    expect(await screen.findByText('Ungültiger Benutzer')).toBeInTheDocument();
  });

  it('speaks English', async () => {
    await open({ loggedIn: true, english: true });
    const tablist = await screen.findByRole('tablist', { name: 'Sections' });
    expect(within(tablist).getByRole('tab', { name: 'Search profiles' })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    expect(
      await screen.findByRole('heading', { level: 3, name: 'House to buy' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Sign out' })).toBeInTheDocument();
  });
});
