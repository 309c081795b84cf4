/**
 * The agency inbox page with its real store and sagas, the inbox API answered by nock: the
 * sign-in form, a mailed link's key, the list with its filters and further pages, a
 * submission's detail with its status and a failed delivery sent again, a lost session, and
 * English.
 */
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import nock from 'nock';
import type { FunnelReport, FunnelStage } from '../../contract/funnel';
import { AGENCY_API, detailPath, openFilters, openInbox, row } from './testing';
import type { ConsentEvent, Delivery, InboxRow, Submission } from './types';

const API = AGENCY_API;
const FORBIDDEN = { code: 'rest_not_logged_in', message: 'x', data: { status: 403 } };

/** The texts of a funnel region's steps, as a reader goes down its list. */
const stepsOf = (region: string) =>
  within(screen.getByRole('region', { name: region }))
    .getAllByRole('listitem')
    .map((item) => item.textContent);

/** What a detail answer carries of the working day: read, nobody assigned, no notes. */
const WORK = { read: true, assignee: null, notes: [] };

const SUBMISSION: Submission = {
  uuid: row(1).uuid,
  kind: 'lead',
  confirmed: true,
  handling: 'new',
  language: 'de',
  createdAt: '2026-11-24T09:30:00.000Z',
  confirmedAt: '2026-11-24T09:45:00.000Z',
  contact: {
    salutation: 'Frau',
    firstname: 'Erika',
    lastname: 'Mustermann',
    email: 'erika@example.de',
    phone: '030 1234567',
    street: '',
    number: '',
    zip: '',
    city: '',
    company: '',
  },
  consent: {
    boxes: { dataPrivacy: true, acceptContact: true, newsletter: true },
    at: '2026-11-24T09:30:00.000Z',
    textVersion: '2026-11-01',
    current: {
      dataPrivacy: { state: 'given', givenAt: '2026-11-24T09:45:00.000Z', withdrawnAt: null },
      acceptContact: { state: 'given', givenAt: '2026-11-24T09:45:00.000Z', withdrawnAt: null },
      newsletter: {
        state: 'withdrawn',
        givenAt: '2026-11-24T09:45:00.000Z',
        withdrawnAt: '2026-11-26T13:05:00.000Z',
      },
    },
  },
  message: '<b>Bitte</b> abends anrufen.',
  lead: {
    objectType: 'LIVING',
    marketingType: 'buy',
    categoryId: 30225,
    category: 'Wohnung',
    address: {
      street: 'Kastanienallee',
      number: '12',
      zip: '10435',
      city: 'Berlin',
      lat: 52.538,
      lng: 13.41,
      approximate: true,
    },
    fields: [{ name: 'price.price', label: 'Kaufpreis', text: '350.000 €' }],
  },
};

const CONSENT_LOG: ConsentEvent[] = [
  ...(['dataPrivacy', 'acceptContact', 'newsletter'] as const).map((box): ConsentEvent => ({
    box,
    given: true,
    at: '2026-11-24T09:30:00.000Z',
    via: 'form',
    submission: SUBMISSION.uuid,
  })),
  {
    box: 'newsletter',
    given: true,
    at: '2026-11-24T09:45:00.000Z',
    via: 'confirmation',
    submission: SUBMISSION.uuid,
  },
  {
    box: 'newsletter',
    given: false,
    at: '2026-11-26T13:05:00.000Z',
    via: 'account',
    submission: null,
  },
];

const FAILED: Delivery = {
  id: 7,
  channel: 'webhook',
  kind: 'submission.confirmed',
  recipient: 'https://crm.example/hooks',
  status: 'failed',
  attempts: 21,
  nextAttemptAt: '2026-11-27T09:45:00.000Z',
  lastError: 'the receiver answered 503',
  error: { code: 'http_status', status: 503 },
  createdAt: '2026-11-24T09:45:00.000Z',
  sentAt: null,
};

const open = (options: Parameters<typeof openInbox>[0] = {}) => openInbox(options);

/**
 * A signed-in staff member and one submission's detail, as the server answers them; the list
 * (`items`) when the test goes to it.
 */
function signedInWithDetail({
  items,
  submission = SUBMISSION,
  deliveries = [] as Delivery[],
  consentLog = [] as typeof CONSENT_LOG,
  language = 'de',
}: {
  items?: InboxRow[];
  submission?: Submission;
  deliveries?: Delivery[];
  consentLog?: typeof CONSENT_LOG;
  language?: 'de' | 'en';
} = {}) {
  nock(API)
    .get('/auth/me')
    .reply(200, { email: 'team@makler.example' })
    .get(detailPath(SUBMISSION.uuid, language))
    .reply(200, { submission, deliveries, consentLog, ...WORK });
  if (items) nock(API).get('/submissions').reply(200, { items, next: null, total: items.length });
}

afterEach(() => nock.cleanAll());

describe('agency inbox page', () => {
  it('asks for a sign-in link and says it is on its way, for any address', async () => {
    nock(API).get('/auth/me').reply(403, FORBIDDEN);
    const { user } = open();
    const email = await screen.findByRole('textbox', { name: 'E-Mail-Adresse' });
    let body: unknown;
    nock(API, { reqheaders: { 'x-xsrf-token': 'xsrf-1' } })
      .post('/auth/email', (b) => Boolean((body = b)))
      .reply(200, { sent: true });
    await user.type(email, 'team@makler.example');
    await user.click(screen.getByRole('button', { name: 'Anmeldelink senden' }));
    expect(await screen.findByText(/ist der Link unterwegs/)).toBeInTheDocument();
    expect(body).toEqual({ email: 'team@makler.example' });
  });

  it('says too many links were asked for, not to try again at once, when the server limits them', async () => {
    nock(API).get('/auth/me').reply(403, FORBIDDEN);
    const { user } = open();
    const email = await screen.findByRole('textbox', { name: 'E-Mail-Adresse' });
    nock(API)
      .post('/auth/email')
      .reply(429, { code: 'rate_limited', message: 'rateLimited' }, { 'Retry-After': '600' });
    await user.type(email, 'team@makler.example');
    await user.click(screen.getByRole('button', { name: 'Anmeldelink senden' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Für diese Adresse wurden gerade zu viele Anmeldelinks angefordert. Bitte nutzen Sie den zuletzt geschickten Link oder versuchen Sie es später erneut.',
    );
    expect(screen.queryByText(/konnte nicht verschickt werden/)).not.toBeInTheDocument();
  });

  it("signs in with a mailed link's key, takes it out of the address, and lists the submissions", async () => {
    nock(API)
      .post('/auth/login', { k: 'key-1' })
      .reply(200, { email: 'team@makler.example' })
      .get('/submissions')
      .reply(200, {
        items: [
          row(1),
          row(2, {
            kind: 'savedSearch',
            confirmed: false,
            handling: 'inProgress',
            assignee: 'lena@makler.example',
          }),
        ],
        next: null,
      });
    const { env } = open({ k: 'key-1' });
    const table = await screen.findByRole('table', { name: 'Eingänge, neueste zuerst' });
    await within(table).findByText('Kunde 2');
    expect(env.forgetKey).toHaveBeenCalled();
    expect(screen.getByText('Angemeldet als team@makler.example')).toBeInTheDocument();
    const rows = within(table).getAllByRole('row').slice(1);
    expect(
      rows.map((r) =>
        within(r)
          .getAllByRole('cell')
          .map((c) => c.textContent),
      ),
    ).toEqual([
      [
        '24.11.26, 10:30',
        'Eigentümer-Anfrage',
        'Kunde 1',
        'kunde1@example.de',
        '10435 Berlin',
        '',
        'bestätigt',
        'neu',
        '',
      ],
      [
        '24.11.26, 10:30',
        'Suchprofil',
        'Kunde 2',
        'kunde2@example.de',
        '10435 Berlin',
        '',
        'unbestätigt',
        'in Bearbeitung',
        'lena',
      ],
    ]);
  });

  it('says when a link was used already, and offers the form', async () => {
    nock(API).post('/auth/login').reply(403, FORBIDDEN).get('/auth/me').reply(403, FORBIDDEN);
    open({ k: 'used-key' });
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Dieser Link ist ungültig, abgelaufen oder wurde bereits verwendet.',
    );
    expect(screen.getByRole('button', { name: 'Anmeldelink senden' })).toBeInTheDocument();
  });

  it('asks again on every filter, waits for the typed search, loads further pages, and exports the filter', async () => {
    nock(API)
      .get('/auth/me')
      .reply(200, { email: 'team@makler.example' })
      .get('/submissions')
      .reply(200, { items: [row(1)], next: 'k999', total: 2 });
    const { user } = open();
    await screen.findByText('Kunde 1');
    nock(API)
      .get('/submissions')
      .query({ after: 'k999' })
      .reply(200, { items: [row(2)], next: null });
    await user.click(screen.getByRole('button', { name: 'Weitere laden' }));
    expect(await screen.findByText('Kunde 2')).toBeInTheDocument();
    expect(screen.getByText('Kunde 1')).toBeInTheDocument();
    // The button went with the last page: the focus is on the first row it brought.
    await waitFor(() => expect(screen.getByRole('link', { name: /Kunde 2/ })).toHaveFocus());
    expect(screen.queryByRole('button', { name: 'Weitere laden' })).not.toBeInTheDocument();

    nock(API)
      .get('/submissions')
      .query({ kind: 'savedSearch' })
      .reply(200, { items: [row(3, { kind: 'savedSearch' })], next: null });
    await openFilters(user);
    await user.selectOptions(screen.getByRole('combobox', { name: 'Art' }), 'savedSearch');
    expect(await screen.findByText('Kunde 3')).toBeInTheDocument();
    expect(screen.queryByText('Kunde 1')).not.toBeInTheDocument();

    // Typing asks once, for the whole word, once the box rests.
    const search = nock(API)
      .get('/submissions')
      .query({ kind: 'savedSearch', q: 'pots' })
      .reply(200, { items: [], next: null });
    await user.type(screen.getByRole('searchbox', { name: 'Suche' }), 'pots');
    // The saga's 300 ms rest runs on the clock: a wide margin to wait for its answer.
    expect(
      await screen.findByText('Keine Eingänge für diesen Filter.', {}, { timeout: 5000 }),
    ).toBeInTheDocument();
    expect(search.isDone()).toBe(true);
    // No request for 'p', 'po' or 'pot' went out (nock would have refused it: an alert).
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'CSV exportieren' })).toHaveAttribute(
      'href',
      '/agency/api/submissions.csv?kind=savedSearch&q=pots',
    );
  });

  it('says what is wrong with a day typed into the filter, and asks for no list or export with it', async () => {
    nock(API)
      .get('/auth/me')
      .reply(200, { email: 'team@makler.example' })
      .get('/submissions')
      .reply(200, { items: [row(1)], next: null });
    const { user } = open();
    await screen.findByText('Kunde 1');
    await openFilters(user);
    const to = screen.getByLabelText('Bis');
    // 31.12.9999 typed into the date field.
    fireEvent.change(to, { target: { value: '9999-12-31' } });
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Bitte ein Datum vom 01.01.2000 bis 31.12.2099 eingeben.',
    );
    expect(to).toHaveAttribute('aria-invalid', 'true');
    expect(to).toHaveAccessibleDescription(
      'Bitte ein Datum vom 01.01.2000 bis 31.12.2099 eingeben.',
    );
    expect(screen.queryByRole('link', { name: 'CSV exportieren' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'CSV exportieren' })).toBeDisabled();
    // A period that ends before it starts, the same.
    fireEvent.change(to, { target: { value: '2026-11-01' } });
    fireEvent.change(screen.getByLabelText('Von'), { target: { value: '2026-11-20' } });
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Das Enddatum liegt vor dem Startdatum.',
    );
    // Nothing was asked for those (nock would have refused the request).
    expect(nock.pendingMocks()).toEqual([]);
    const fixed = nock(API)
      .get('/submissions')
      .query({ from: '2026-11-01', to: '2026-11-30' })
      .reply(200, { items: [row(4)], next: null });
    fireEvent.change(screen.getByLabelText('Von'), { target: { value: '2026-11-01' } });
    fireEvent.change(to, { target: { value: '2026-11-30' } });
    expect(await screen.findByText('Kunde 4')).toBeInTheDocument();
    expect(fixed.isDone()).toBe(true);
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'CSV exportieren' })).toHaveAttribute(
      'href',
      '/agency/api/submissions.csv?from=2026-11-01&to=2026-11-30',
    );
  });

  it("shows a pin the visitor placed to five decimals (about a metre), not the map's full float", async () => {
    signedInWithDetail({
      submission: {
        ...SUBMISSION,
        lead: {
          ...SUBMISSION.lead!,
          address: {
            ...SUBMISSION.lead!.address,
            lat: 52.51998134454223,
            lng: 13.405036926269533,
            approximate: false,
          },
        },
      },
      deliveries: [],
      consentLog: [],
    });
    open({ route: `/submissions/${SUBMISSION.uuid}` });
    const property = await screen.findByRole('region', { name: 'Immobilie' });
    expect(within(property).getByText('Koordinaten').nextSibling).toHaveTextContent(
      /^52\.51998, 13\.40504$/,
    );
  });

  it('shows a submission, saves its status, and sends a failed delivery again', async () => {
    signedInWithDetail({
      items: [row(1)],
      submission: SUBMISSION,
      deliveries: [FAILED],
      consentLog: CONSENT_LOG,
    });
    const { user } = open({ route: `/submissions/${SUBMISSION.uuid}` });
    expect(
      await screen.findByRole('heading', {
        level: 1,
        name: 'Eigentümer-Anfrage: Erika Mustermann',
      }),
    ).toBeInTheDocument();
    const property = screen.getByRole('region', { name: 'Immobilie' });
    expect(within(property).getByText('Kastanienallee 12, 10435 Berlin')).toBeInTheDocument();
    expect(within(property).getByText('350.000 €')).toBeInTheDocument();
    // A position the visitor did not place on the house is said to be one.
    expect(within(property).getByText('Koordinaten').nextSibling).toHaveTextContent(
      '52.538, 13.41 (ungefähr)',
    );
    // The visitor's message is text, never HTML.
    expect(screen.getByText('<b>Bitte</b> abends anrufen.')).toBeInTheDocument();
    // What the visitor ticked with the form, and what stands today.
    const consent = screen.getByRole('region', { name: 'Einwilligung mit diesem Eingang' });
    expect(
      within(consent)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual([
      'Datenschutzerklärung zugestimmt am 24.11.2026, 10:30 Uhr',
      'Kontaktaufnahme erlaubt am 24.11.2026, 10:30 Uhr',
      'Newsletter gewünscht am 24.11.2026, 10:30 Uhr',
      'Fassung des Einwilligungstexts: 2026-11-01',
      'Per E-Mail bestätigt am 24.11.2026, 10:45 Uhr',
    ]);
    const today = screen.getByRole('region', { name: 'Einwilligungen heute' });
    expect(within(today).getByText('Newsletter').nextSibling).toHaveTextContent(
      'abgemeldet am 26.11.2026 (angemeldet am 24.11.2026)',
    );
    expect(within(today).getByText('Datenschutzerklärung').nextSibling).toHaveTextContent(
      'erteilt am 24.11.2026',
    );
    // The withdrawal, last in the contact's history.
    const history = within(
      screen.getByRole('table', {
        name: 'Jede Änderung der Einwilligungen dieses Kontakts, älteste zuerst',
      }),
    )
      .getAllByRole('row')
      .slice(1)
      .map((r) =>
        within(r)
          .getAllByRole('cell')
          .map((c) => c.textContent),
      );
    expect(history).toHaveLength(5);
    expect(history.at(-2)).toEqual([
      '24.11.2026, 10:45',
      'Newsletter',
      'angemeldet',
      'Bestätigung dieses Eingangs',
    ]);
    expect(history.at(-1)).toEqual([
      '26.11.2026, 14:05',
      'Newsletter',
      'abgemeldet',
      'in „Mein Konto“',
    ]);

    nock(API)
      .put(`/submissions/${SUBMISSION.uuid}/handling`, { handling: 'done' })
      .reply(200, { uuid: SUBMISSION.uuid, handling: 'done' });
    await user.selectOptions(screen.getByRole('combobox', { name: 'Status' }), 'done');
    expect(await screen.findByText('Status gespeichert.')).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'Status' })).toHaveValue('done');

    const deliveries = screen.getByRole('list', {
      name: 'Benachrichtigungen und Webhooks zu diesem Eingang',
    });
    expect(deliveries).toHaveTextContent(
      'Letzter Fehler: Der Empfänger antwortete mit HTTP-Status 503.',
    );
    nock(API)
      .post('/deliveries/7/retry')
      .reply(200, {
        ...FAILED,
        status: 'sent',
        sentAt: '2026-11-27T10:00:00.000Z',
        lastError: null,
      });
    await user.click(
      screen.getByRole('button', { name: 'Webhook submission.confirmed erneut senden' }),
    );
    expect(await within(deliveries).findByText('Zugestellt')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /erneut senden/ })).not.toBeInTheDocument();

    await user.click(screen.getByRole('link', { name: 'Zurück zur Liste' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Eingänge' })).toBeInTheDocument();
  });

  it("offers a submission as OpenImmo XML for the agency's CRM, and none for a newsletter setting", async () => {
    signedInWithDetail({
      items: [row(1)],
      submission: SUBMISSION,
      deliveries: [],
      consentLog: [],
      language: 'en',
    });
    open({ route: `/submissions/${SUBMISSION.uuid}`, language: 'en' });
    const link = await screen.findByRole('link', { name: 'Download OpenImmo XML' });
    expect(link).toHaveAttribute(
      'href',
      `/agency/api/submissions/${SUBMISSION.uuid}/openimmo-feedback.xml`,
    );
    expect(link).toHaveAttribute('download');
    cleanup();

    const newsletter: Submission = {
      ...SUBMISSION,
      kind: 'newsletter',
      lead: undefined,
      newsletter: { subscribed: true },
    };
    signedInWithDetail({ items: [row(1)], submission: newsletter, deliveries: [], consentLog: [] });
    open({ route: `/submissions/${SUBMISSION.uuid}` });
    expect(await screen.findByRole('region', { name: 'Newsletter' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'OpenImmo-XML herunterladen' })).toBeNull();
    expect(screen.queryByRole('link', { name: /OpenImmo/ })).toBeNull();
  });

  describe('erasing a contact', () => {
    const ERASED = {
      erased: true,
      removed: {
        submissions: 2,
        savedSearches: 1,
        consents: 3,
        sessions: 1,
        keys: 2,
        keptAnswers: 0,
        deliveriesDropped: 1,
        deliveriesCleared: 2,
      },
      mentions: [],
    };

    it('confirms what goes, erases the contact and goes back to the list, which says so', async () => {
      signedInWithDetail({
        submission: SUBMISSION,
        deliveries: [],
        consentLog: [],
      });
      nock(API)
        .get(`/submissions/${SUBMISSION.uuid}/contact/mentions`)
        .times(2)
        .reply(200, { mentions: [] });
      const { user } = open({ route: `/submissions/${SUBMISSION.uuid}` });
      await user.click(await screen.findByRole('button', { name: 'Kontakt löschen' }));
      const dialog = screen.getByRole('dialog', { name: 'Kontakt löschen?' });
      expect(dialog).toHaveTextContent(
        'Erika Mustermann (erika@example.de) wird mit allem gelöscht',
      );
      expect(
        await within(dialog).findByText(
          'Keine Notiz zu einer anderen Anfrage nennt diesen Kontakt.',
        ),
      ).toBeInTheDocument();
      expect(
        within(dialog)
          .getAllByRole('listitem')
          .map((item) => item.textContent),
      ).toEqual([
        'alle Anfragen, Suchprofile und Nachrichten dieses Kontakts, nicht nur diese',
        'die Nachweise seiner Einwilligungen',
        'seine Anmeldungen und noch nicht benutzten Anmeldelinks',
        'noch nicht versandte E-Mails und Webhooks; versandte verlieren Empfänger und Inhalt',
      ]);
      // Cancelled, nothing is asked.
      await user.click(within(dialog).getByRole('button', { name: 'Abbrechen' }));
      expect(screen.queryByRole('dialog')).not.toBeInTheDocument();

      const erased = nock(API, { reqheaders: { 'x-xsrf-token': 'xsrf-1' } })
        .delete(`/submissions/${SUBMISSION.uuid}/contact`)
        .reply(200, ERASED);
      const listed = nock(API)
        .get('/submissions')
        .reply(200, { items: [row(2)], next: null });
      await user.click(screen.getByRole('button', { name: 'Kontakt löschen' }));
      await user.click(screen.getByRole('button', { name: 'Endgültig löschen' }));
      expect(
        await screen.findByRole('heading', { level: 1, name: 'Eingänge' }),
      ).toBeInTheDocument();
      expect(screen.getByText('Der Kontakt wurde gelöscht.')).toHaveAttribute('role', 'status');
      const table = screen.getByRole('table', { name: 'Eingänge, neueste zuerst' });
      await within(table).findByText('Kunde 2');
      expect(within(table).queryByText('Kunde 1')).not.toBeInTheDocument();
      expect(erased.isDone()).toBe(true);
      expect(listed.isDone()).toBe(true);
    });

    it('shows the notes on other submissions that name the contact, with links to them', async () => {
      signedInWithDetail({ submission: SUBMISSION, deliveries: [], consentLog: [] });
      const other = '01a224a2-4eb5-77b5-b8c6-a6e91c48af2e';
      const note = (id: number, text: string) => ({
        id,
        author: 'team@makler.example',
        text,
        createdAt: '2026-11-20T09:30:00.000Z',
      });
      const mentions = nock(API)
        .get(`/submissions/${SUBMISSION.uuid}/contact/mentions`)
        .reply(200, {
          mentions: [
            { submission: other, by: ['name', 'phone'], note: note(7, '<b>Frau Mustermann</b>') },
            { submission: other, by: ['email'], note: note(8, 'Kopie an erika@example.de') },
          ],
        });
      const { user } = open({ route: `/submissions/${SUBMISSION.uuid}` });
      await user.click(await screen.findByRole('button', { name: 'Kontakt löschen' }));
      const dialog = screen.getByRole('dialog', { name: 'Kontakt löschen?' });
      const list = await within(dialog).findByRole('list', {
        name: /Diese 2 Notizen zu anderen Anfragen nennen den Kontakt/,
      });
      const items = within(list).getAllByRole('listitem');
      // The note's text is shown as typed, never as markup.
      expect(items.map((item) => item.textContent)).toEqual([
        'Notiz von team@makler.example vom 20.11.2026 (nennt Nachname, Telefon):<b>Frau Mustermann</b>',
        'Notiz von team@makler.example vom 20.11.2026 (nennt E-Mail):Kopie an erika@example.de',
      ]);
      const link = within(items[1]!).getByRole('link', { name: /nennt E-Mail/ });
      expect(link).toHaveAttribute(
        'href',
        expect.stringMatching(new RegExp(`/submissions/${other}$`)),
      );
      expect(mentions.isDone()).toBe(true);
    });

    it('says so when the notes naming the contact cannot be looked up', async () => {
      signedInWithDetail({ submission: SUBMISSION, deliveries: [], consentLog: [] });
      nock(API)
        .get(`/submissions/${SUBMISSION.uuid}/contact/mentions`)
        .reply(200, { mentions: [{ submission: 'x' }] });
      const { user } = open({ route: `/submissions/${SUBMISSION.uuid}` });
      await user.click(await screen.findByRole('button', { name: 'Kontakt löschen' }));
      const dialog = screen.getByRole('dialog', { name: 'Kontakt löschen?' });
      expect(
        await within(dialog).findByText(
          'Ob Notizen zu anderen Anfragen diesen Kontakt nennen, konnte nicht geprüft werden.',
        ),
      ).toHaveAttribute('role', 'alert');
    });

    it('says in English when the contact could not be deleted, and stays on the submission', async () => {
      nock(API)
        .get('/auth/me')
        .reply(200, { email: 'team@makler.example' })
        .get('/submissions')
        .reply(200, { items: [row(1)], next: null })
        .get(detailPath(SUBMISSION.uuid, 'en'))
        .reply(200, { submission: SUBMISSION, deliveries: [], consentLog: [], ...WORK })
        .get(`/submissions/${SUBMISSION.uuid}/contact/mentions`)
        .reply(200, { mentions: [] })
        .delete(`/submissions/${SUBMISSION.uuid}/contact`)
        .reply(500, { code: 'internal', message: 'x', data: { status: 500 } });
      const { user } = open({ route: `/submissions/${SUBMISSION.uuid}`, language: 'en' });
      await user.click(await screen.findByRole('button', { name: 'Delete contact' }));
      const dialog = screen.getByRole('dialog', { name: 'Delete contact?' });
      expect(dialog).toHaveTextContent('This cannot be undone.');
      await user.click(within(dialog).getByRole('button', { name: 'Delete for good' }));
      expect(await screen.findByText('The contact could not be deleted.')).toHaveAttribute(
        'role',
        'alert',
      );
      expect(
        screen.getByRole('heading', { level: 1, name: /Erika Mustermann/ }),
      ).toBeInTheDocument();
    });
  });

  it('removes the demo entries in one action after asking, lists again and says so', async () => {
    nock(API)
      .get('/auth/me')
      .reply(200, { email: 'team@makler.example' })
      .get('/submissions')
      .reply(200, { items: [row(1, { name: 'Erika Musterkundin' }), row(2)], next: null });
    const { user } = open();
    const table = await screen.findByRole('table', { name: 'Eingänge, neueste zuerst' });
    await within(table).findByText('Erika Musterkundin');
    await user.click(screen.getByRole('button', { name: 'Demo-Einträge entfernen' }));
    const dialog = screen.getByRole('dialog', { name: 'Demo-Einträge entfernen?' });
    expect(dialog).toHaveTextContent('Echte Eingänge bleiben.');
    const removed = nock(API, { reqheaders: { 'x-xsrf-token': 'xsrf-1' } })
      .delete('/demo')
      .reply(200, { contacts: 1 })
      .get('/submissions')
      .reply(200, { items: [row(2)], next: null });
    await user.click(within(dialog).getByRole('button', { name: 'Entfernen' }));
    expect(await screen.findByText('Die Demo-Einträge wurden entfernt.')).toHaveAttribute(
      'role',
      'status',
    );
    await waitFor(() => expect(within(table).queryByText('Erika Musterkundin')).toBeNull());
    expect(within(table).getByText('Kunde 2')).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(removed.isDone()).toBe(true);

    // Asked again with none left, it says there are none.
    nock(API)
      .delete('/demo')
      .reply(200, { contacts: 0 })
      .get('/submissions')
      .reply(200, { items: [row(2)], next: null });
    await user.click(screen.getByRole('button', { name: 'Demo-Einträge entfernen' }));
    await user.click(screen.getByRole('button', { name: 'Entfernen' }));
    expect(await screen.findByText('Es gibt keine Demo-Einträge.')).toBeInTheDocument();
  });

  it.each([
    ['de', 1, '1 Eingang angezeigt'],
    ['de', 2, '2 Eingänge angezeigt'],
    ['en', 1, '1 submission shown'],
    ['en', 2, '2 submissions shown'],
  ] as const)('counts the list in words (%s, %i)', async (language, count, words) => {
    nock(API)
      .get('/auth/me')
      .reply(200, { email: 'team@makler.example' })
      .get('/submissions')
      .reply(200, { items: Array.from({ length: count }, (_, i) => row(i + 1)), next: null });
    open({ language });
    expect(await screen.findByText(words)).toBeInTheDocument();
  });

  it('says a list answered without its shape failed, instead of breaking the page', async () => {
    nock(API)
      .get('/auth/me')
      .reply(200, { email: 'team@makler.example' })
      .get('/submissions')
      .reply(200, {});
    open();
    expect(await screen.findByRole('alert')).toHaveTextContent('Es ist ein Fehler aufgetreten.');
  });

  it.each([
    ['answered without its shape', 200, {}, 'Es ist ein Fehler aufgetreten.'],
    // A uuid the server refuses names no submission.
    [
      'refused (400)',
      400,
      { code: 'bad_request', message: 'uuid' },
      'Diesen Eingang gibt es nicht.',
    ],
  ])('says what went wrong with a submission %s', async (_name, status, body, message) => {
    nock(API)
      .get('/auth/me')
      .reply(200, { email: 'team@makler.example' })
      .get('/submissions')
      .reply(200, { items: [row(1)], next: null })
      .get(`/submissions/${SUBMISSION.uuid}`)
      .reply(status, body);
    open({ route: `/submissions/${SUBMISSION.uuid}` });
    expect(await screen.findByRole('alert')).toHaveTextContent(message);
  });

  it('goes back to the sign-in form when the session ends (403)', async () => {
    nock(API)
      .get('/auth/me')
      .reply(200, { email: 'team@makler.example' })
      .get('/submissions')
      .reply(403, FORBIDDEN);
    open();
    expect(await screen.findByRole('button', { name: 'Anmeldelink senden' })).toBeInTheDocument();
    expect(screen.queryByText(/Angemeldet als/)).not.toBeInTheDocument();
  });

  it('signs out', async () => {
    nock(API)
      .get('/auth/me')
      .reply(200, { email: 'team@makler.example' })
      .get('/submissions')
      .reply(200, { items: [], next: null })
      .delete('/auth/me')
      .reply(200, { loggedOut: true });
    const { user } = open();
    await user.click(await screen.findByRole('button', { name: 'Abmelden' }));
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Anmeldelink senden' })).toBeInTheDocument(),
    );
  });

  describe('the funnel', () => {
    const stages = (pairs: [FunnelStage, number][]) =>
      pairs.map(([stage, count]) => ({ stage, count }));
    const report = (from: string, to: string): FunnelReport => ({
      from,
      to,
      wizards: [
        {
          wizard: 'lead-wizard',
          stages: stages([
            ['started', 200],
            ['category', 180],
            ['address', 120],
            ['details', 90],
            ['contact', 60],
            ['sent', 30],
            ['confirmed', 24],
          ]),
        },
        {
          wizard: 'saved-search-wizard',
          stages: stages([
            ['started', 0],
            ['regions', 0],
            ['category', 0],
            ['details', 0],
            ['contact', 0],
            ['sent', 0],
            ['confirmed', 0],
          ]),
        },
        {
          wizard: 'newsletter-wizard',
          stages: stages([
            ['started', 40],
            ['sent', 10],
            ['confirmed', 5],
          ]),
        },
      ],
    });
    /** A signed-in staff member, and the report of the default period (the last 30 days). */
    const signedInWithReport = () =>
      nock(API)
        .get('/auth/me')
        .reply(200, { email: 'team@makler.example' })
        .get('/funnel')
        .query(true)
        .reply(200, report('2026-10-27', '2026-11-25'));
    // 23:30 UTC on 24 November is already the 25th in Berlin.
    beforeEach(() => jest.spyOn(Date, 'now').mockReturnValue(Date.parse('2026-11-24T23:30:00Z')));
    afterEach(() => jest.restoreAllMocks());

    it("shows each wizard's stages for the last 30 days of Berlin, and asks again for a chosen period", async () => {
      nock(API)
        .get('/auth/me')
        .reply(200, { email: 'team@makler.example' })
        .get('/funnel')
        .query({ from: '2026-10-27', to: '2026-11-25' })
        .reply(200, report('2026-10-27', '2026-11-25'));
      open({ route: '/funnel' });
      expect(await screen.findByText('Zeitraum vom 27.10.2026 bis 25.11.2026')).toBeInTheDocument();
      expect(screen.getByRole('link', { name: 'Absprünge' })).toHaveAttribute(
        'aria-current',
        'page',
      );
      const lead = screen.getByRole('region', {
        name: 'Eigentümer-Assistent (Immobilie verkaufen oder vermieten)',
      });
      expect(
        within(lead)
          .getAllByRole('listitem')
          .map((item) => item.textContent),
      ).toEqual([
        'Gestartet 200',
        'Schritt Objektart 180 (90\u00a0% der Gestarteten)' +
          'Absprung seit „Gestartet“: -20 (-10\u00a0%)',
        'Schritt Adresse 120 (60\u00a0% der Gestarteten)' +
          'Absprung seit „Schritt Objektart“: -60 (-33\u00a0%)',
        'Schritt Details 90 (45\u00a0% der Gestarteten)' +
          'Absprung seit „Schritt Adresse“: -30 (-25\u00a0%)',
        'Schritt Kontakt 60 (30\u00a0% der Gestarteten)' +
          'Absprung seit „Schritt Details“: -30 (-33\u00a0%)',
        'Gesendet 30 (15\u00a0% der Gestarteten)' +
          'Absprung seit „Schritt Kontakt“: -30 (-50\u00a0%)',
        'Bestätigt 24 (12\u00a0% der Gestarteten)' + 'Absprung seit „Gesendet“: -6 (-20\u00a0%)',
      ]);
      expect(
        within(screen.getByRole('region', { name: 'Suchprofil-Assistent' })).getByText(
          'Keine Besuche in diesem Zeitraum.',
        ),
      ).toBeInTheDocument();
      expect(stepsOf('Newsletter')).toEqual([
        'Gestartet 40',
        'Gesendet 10 (25\u00a0% der Gestarteten)' + 'Absprung seit „Gestartet“: -30 (-75\u00a0%)',
        'Bestätigt 5 (13\u00a0% der Gestarteten)' + 'Absprung seit „Gesendet“: -5 (-50\u00a0%)',
      ]);

      nock(API)
        .get('/funnel')
        .query({ from: '2026-11-01', to: '2026-11-25' })
        .reply(200, report('2026-11-01', '2026-11-25'));
      fireEvent.change(screen.getByLabelText('Von'), { target: { value: '2026-11-01' } });
      expect(await screen.findByText('Zeitraum vom 01.11.2026 bis 25.11.2026')).toBeInTheDocument();
    });

    it('says when a period ends before it starts, and asks for nothing', async () => {
      signedInWithReport();
      open({ route: '/funnel' });
      await screen.findByText('Zeitraum vom 27.10.2026 bis 25.11.2026');
      fireEvent.change(screen.getByLabelText('Bis'), { target: { value: '2026-10-01' } });
      expect(await screen.findByRole('alert')).toHaveTextContent(
        'Das Enddatum liegt vor dem Startdatum.',
      );
      expect(screen.getByLabelText('Bis')).toHaveAttribute('aria-invalid', 'true');
      // No request was made for it: nock has no interceptor left and none was asked for.
      expect(nock.isDone()).toBe(true);
      expect(nock.pendingMocks()).toEqual([]);
    });

    it('keeps the steps in order and marks a step counted more often than the one before as an anomaly', async () => {
      const inflated = report('2026-10-27', '2026-11-25');
      inflated.wizards[0]!.stages = stages([
        ['started', 2],
        ['category', 2],
        ['address', 1],
        ['details', 1500],
        ['contact', 1],
        ['sent', 1],
        ['confirmed', 1],
      ]);
      nock(API)
        .get('/auth/me')
        .reply(200, { email: 'team@makler.example' })
        .get('/funnel')
        .query(true)
        .reply(200, inflated);
      open({ route: '/funnel' });
      await screen.findByText('Zeitraum vom 27.10.2026 bis 25.11.2026');
      expect(stepsOf('Eigentümer-Assistent (Immobilie verkaufen oder vermieten)')).toEqual([
        'Gestartet 2',
        'Schritt Objektart 2 (100\u00a0% der Gestarteten)' + 'Kein Absprung seit „Gestartet“',
        'Schritt Adresse 1 (50\u00a0% der Gestarteten)' +
          'Absprung seit „Schritt Objektart“: -1 (-50\u00a0%)',
        'Schritt Details 1500Auffällig: mehr als „Schritt Adresse“ (1). So weit kommt kein Besucher, ohne den Schritt davor zu sehen: gezählt von Seiten ohne Schrittmeldung oder von einem Skript.',
        // No drop from the anomaly's count.
        'Schritt Kontakt 1 (50\u00a0% der Gestarteten)',
        'Gesendet 1 (50\u00a0% der Gestarteten)' + 'Kein Absprung seit „Schritt Kontakt“',
        'Bestätigt 1 (50\u00a0% der Gestarteten)' + 'Kein Absprung seit „Gesendet“',
      ]);
    });

    it('says when a day is out of what it counts, and asks for nothing', async () => {
      signedInWithReport();
      open({ route: '/funnel' });
      await screen.findByText('Zeitraum vom 27.10.2026 bis 25.11.2026');
      fireEvent.change(screen.getByLabelText('Bis'), { target: { value: '9999-12-31' } });
      expect(await screen.findByRole('alert')).toHaveTextContent(
        'Bitte Daten vom 01.01.2000 bis 31.12.2099 wählen.',
      );
      expect(nock.pendingMocks()).toEqual([]);
    });

    it('speaks English', async () => {
      signedInWithReport();
      open({ route: '/funnel', language: 'en' });
      expect(await screen.findByText('Period from 27 Oct 2026 to 25 Nov 2026')).toBeInTheDocument();
      expect(
        screen.getByRole('heading', { level: 1, name: 'Where visitors drop off' }),
      ).toBeVisible();
      expect(stepsOf('Newsletter')).toEqual([
        'Started 40',
        'Sent 10 (25% of those who started)' + 'Drop since “Started”: -30 (-75%)',
        'Confirmed 5 (13% of those who started)' + 'Drop since “Sent”: -5 (-50%)',
      ]);
      // The help speaks to an agency: what is counted, who is not, what to do.
      const help = screen.getByRole('region', { name: 'How to read the figures' });
      expect(help).toHaveTextContent('Visitors who did not agree to statistics on your website');
      expect(help).toHaveTextContent('check that the confirmation emails arrive');
      expect(document.body).not.toHaveTextContent(/data-analytics/);
    });

    it('offers to try again when the report cannot be loaded', async () => {
      nock(API)
        .get('/auth/me')
        .reply(200, { email: 'team@makler.example' })
        .get('/funnel')
        .query(true)
        .replyWithError('offline')
        .get('/funnel')
        .query(true)
        .reply(200, report('2026-10-27', '2026-11-25'));
      const { user } = open({ route: '/funnel' });
      expect(await screen.findByRole('alert')).toHaveTextContent(
        'Fehler bei der Netzwerkverbindung',
      );
      await user.click(screen.getByRole('button', { name: 'Erneut versuchen' }));
      expect(await screen.findByText('Zeitraum vom 27.10.2026 bis 25.11.2026')).toBeInTheDocument();
      expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    });
  });

  it('speaks English', async () => {
    nock(API)
      .get('/auth/me')
      .reply(200, { email: 'team@makler.example' })
      .get('/submissions')
      .reply(200, { items: [row(1)], next: null });
    open({ language: 'en' });
    expect(
      await screen.findByRole('table', { name: 'Submissions, newest first' }),
    ).toBeInTheDocument();
    expect(screen.getByText('Owner inquiry')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Export CSV' })).toBeInTheDocument();
    // The English page asks for the submission's category and field texts in English.
    nock(API)
      .get(detailPath(SUBMISSION.uuid, 'en'))
      .reply(200, { submission: SUBMISSION, deliveries: [], consentLog: CONSENT_LOG, ...WORK });
    await userEvent
      .setup({ delay: null })
      .click(await screen.findByRole('link', { name: 'Kunde 1' }));
    const today = await screen.findByRole('region', { name: 'Consents today' });
    expect(within(today).getByText('Newsletter').nextSibling).toHaveTextContent(
      'unsubscribed on 26 Nov 2026 (subscribed on 24 Nov 2026)',
    );
    expect(
      within(screen.getByRole('table', { name: /Every change of this contact/ })).getByText(
        'in “My account”',
      ),
    ).toBeInTheDocument();
    expect(
      within(screen.getByRole('navigation', { name: 'Sections' })).getByRole('link', {
        name: 'Drop-off',
      }),
    ).toBeInTheDocument();
  });
});
