/**
 * A submission's detail with the real agency store and sagas, the inbox API answered by nock:
 * its delivery log in words (the event, the state, the next try, the last error from its code)
 * and the consents given with it, in German and English.
 */
import { screen, waitFor, within } from '@testing-library/react';
import nock from 'nock';
import { AGENCY_API as API, detailOf, detailPath, openInbox, submissionOf } from './testing';
import type { Delivery, Submission } from './types';

/** An unconfirmed contact message of Erika Mustermann. */
const SUBMISSION: Submission = submissionOf(
  1,
  {
    confirmed: false,
    createdAt: '2026-11-26T13:05:00.000Z',
    consent: {
      boxes: { dataPrivacy: true, acceptContact: true, newsletter: false },
      at: '2026-11-26T13:05:00.000Z',
      textVersion: null,
      current: {
        dataPrivacy: { state: 'given', givenAt: null, withdrawnAt: null },
        acceptContact: { state: 'given', givenAt: null, withdrawnAt: null },
        newsletter: { state: 'none', givenAt: null, withdrawnAt: null },
      },
    },
    message: 'Rückruf bitte.',
  },
  {
    firstname: 'Erika',
    lastname: 'Mustermann',
    email: 'erika.mustermann@beispiel-immobilien.example.de',
  },
);

const delivery = (id: number, extra: Partial<Delivery>): Delivery => ({
  id,
  channel: 'mail',
  kind: 'notice',
  recipient: 'makler@makler.example',
  status: 'sent',
  attempts: 1,
  nextAttemptAt: '2026-11-26T13:05:00.000Z',
  lastError: null,
  error: null,
  createdAt: '2026-11-26T13:05:00.000Z',
  sentAt: '2026-11-26T13:05:01.000Z',
  ...extra,
});

/** A webhook call tried three times, the last answered 500, the next try at 15:40 Berlin. */
const RETRYING = delivery(2, {
  channel: 'webhook',
  kind: 'submission.created',
  recipient: 'https://crm.example/hooks',
  status: 'pending',
  attempts: 3,
  nextAttemptAt: '2026-11-26T14:40:00.000Z',
  lastError: 'the receiver answered 500: <b>oops</b>',
  error: { code: 'http_status', status: 500 },
  sentAt: null,
});

function openDetail(language: 'de' | 'en', deliveries: Delivery[], shown = SUBMISSION) {
  nock(API)
    .get('/auth/me')
    .reply(200, { email: 'team@makler.example' })
    .get(detailPath(shown.uuid, language))
    .reply(200, detailOf(shown, { deliveries }));
  openInbox({ language, route: `/submissions/${SUBMISSION.uuid}` });
}

/** The delivery log's cards, each as its text. */
async function cards(name: string) {
  // The first detail a test file opens also loads its lazy parts: a wide margin on a loaded machine.
  const log = await screen.findByRole('list', { name }, { timeout: 5000 });
  return within(log)
    .getAllByRole('listitem')
    .map((card) => card.textContent);
}

afterEach(() => nock.cleanAll());

describe("a submission's delivery log", () => {
  it('names each event and says a 500, the tries and the next try in German', async () => {
    openDetail('de', [delivery(1, {}), RETRYING]);
    expect(await cards('Benachrichtigungen und Webhooks zu diesem Eingang')).toEqual([
      'Benachrichtigung an das Maklerbüro' +
        'An makler@makler.example' +
        'Zugestellt · 26.11.2026, 14:05 Uhr · 1 Versuch' +
        'Angelegt: 26.11.2026, 14:05 Uhr',
      'Webhook submission.created' +
        'An https://crm.example/hooks' +
        'Ausstehend · 3 Versuche' +
        'Nächster Versuch: 26.11.2026, 15:40 Uhr' +
        'Letzter Fehler: Der Empfänger antwortete mit HTTP-Status 500.' +
        'Angelegt: 26.11.2026, 14:05 Uhr',
    ]);
    // The server's own text is not shown.
    expect(screen.queryByText(/receiver answered|oops/)).toBeNull();
  });

  it('says a webhook call waits for the one before it, instead of a next try that has passed', async () => {
    openDetail('de', [
      RETRYING,
      delivery(3, {
        channel: 'webhook',
        kind: 'submission.confirmed',
        recipient: 'https://crm.example/hooks',
        status: 'pending',
        attempts: 0,
        sentAt: null,
      }),
    ]);
    const [, waiting] = await cards('Benachrichtigungen und Webhooks zu diesem Eingang');
    expect(waiting).toContain('Ausstehend · 0 Versuche');
    expect(waiting).toContain('Wartet, bis der Webhook davor zugestellt ist.');
    expect(waiting).not.toContain('Nächster Versuch');
  });

  it('says the same in English, and a refusal for good with its SMTP reply', async () => {
    openDetail('en', [
      RETRYING,
      delivery(3, {
        kind: 'confirm',
        recipient: SUBMISSION.contact.email,
        status: 'failed',
        lastError: 'the mail server refused it: 550 5.1.1 no such user',
        error: { code: 'smtp_rejected', status: 550, enhanced: '5.1.1' },
        sentAt: null,
      }),
    ]);
    const [retrying, refused] = await cards('Notices and webhooks of this submission');
    expect(retrying).toContain('Pending · 3 attempts');
    expect(retrying).toContain('Next try: 26 Nov 2026, 15:40');
    expect(retrying).toContain('Last error: The receiver answered with HTTP status 500.');
    expect(refused).toContain('Confirmation mail to the contact');
    expect(refused).toContain(
      'Last error: The mail server refused the email for good (reply 550 5.1.1). Please check the address.',
    );
    expect(
      screen.getByRole('button', { name: 'Send Confirmation mail to the contact again' }),
    ).toBeInTheDocument();
  });

  it('says a general sentence for a code it does not know and for an error stored as text only', async () => {
    openDetail('de', [
      delivery(4, {
        status: 'failed',
        lastError: 'quota exceeded <script>alert(1)</script>',
        error: { code: 'quota_exceeded' } as unknown as Delivery['error'],
        sentAt: null,
      }),
      delivery(5, {
        status: 'failed',
        lastError: 'something odd',
        error: null,
        sentAt: null,
      }),
    ]);
    const texts = await cards('Benachrichtigungen und Webhooks zu diesem Eingang');
    for (const text of texts)
      expect(text).toContain(
        'Letzter Fehler: Der Versand ist fehlgeschlagen. Einzelheiten stehen im Protokoll des Servers.',
      );
    expect(screen.queryByText(/quota|script|odd/)).toBeNull();
  });
});

describe('a submission on a slow line', () => {
  it('says it is loading until the submission comes', async () => {
    let answer: (() => void) | undefined;
    nock(API)
      .get('/auth/me')
      .reply(200, { email: 'team@makler.example' })
      .get(`/submissions/${SUBMISSION.uuid}`)
      .reply((_uri, _body, callback) => {
        answer = () =>
          callback(null, [
            200,
            {
              submission: SUBMISSION,
              deliveries: [],
              consentLog: [],
              read: true,
              assignee: null,
              notes: [],
            },
          ]);
      });
    openInbox({ language: 'de', route: `/submissions/${SUBMISSION.uuid}` });
    expect(await screen.findByText('Lädt …')).toBeInTheDocument();
    await waitFor(() => expect(answer).toBeDefined());
    answer!();
    expect(await screen.findByRole('heading', { level: 1 })).toHaveTextContent(/^Kontaktnachricht/);
    expect(screen.queryByText('Lädt …')).not.toBeInTheDocument();
  });
});

describe("a submission's contact", () => {
  it('says a missing phone number and address with a dash, like every empty field', async () => {
    openDetail('de', []);
    const contact = await screen.findByRole('region', { name: 'Kontakt' });
    const terms = within(contact).getAllByRole('term');
    const value = (label: string) =>
      terms.find((term) => term.textContent === label)?.nextElementSibling?.textContent;
    expect(value('Telefon')).toBe('–');
    expect(value('Anschrift')).toBe('–');
  });
});

describe('the consents given with a submission', () => {
  it('are said in words with their date, never as a box name and yes or no', async () => {
    openDetail('de', []);
    const consent = await screen.findByRole('region', { name: 'Einwilligung mit diesem Eingang' });
    expect(
      within(consent)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual([
      'Datenschutzerklärung zugestimmt am 26.11.2026, 14:05 Uhr',
      'Kontaktaufnahme erlaubt am 26.11.2026, 14:05 Uhr',
      'Newsletter nicht gewünscht',
      'Noch nicht per E-Mail bestätigt',
    ]);
    expect(document.body).not.toHaveTextContent(/dataPrivacy|: ja\b/);
  });

  it('stand today as not yet in force while the submission awaits its confirmation by mail', async () => {
    const none = { state: 'none', givenAt: null, withdrawnAt: null } as const;
    const unconfirmed: Submission = {
      ...SUBMISSION,
      consent: {
        ...SUBMISSION.consent,
        current: { dataPrivacy: none, acceptContact: none, newsletter: none },
      },
    };
    openDetail('de', [], unconfirmed);
    const today = await screen.findByRole('region', { name: 'Einwilligungen heute' });
    const stands = (name: string) => within(today).getByText(name).nextSibling;
    expect(stands('Datenschutzerklärung')).toHaveTextContent(
      'noch nicht in Kraft: wartet auf die Bestätigung per E-Mail',
    );
    expect(stands('Kontaktaufnahme')).toHaveTextContent('noch nicht in Kraft');
    // Not ticked with this submission: nothing awaits.
    expect(stands('Newsletter')).toHaveTextContent('nicht angemeldet');
  });

  it('say so in English', async () => {
    openDetail('en', []);
    const consent = await screen.findByRole('region', { name: 'Consent with this submission' });
    expect(
      within(consent)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual([
      'Agreed to the privacy policy on 26 Nov 2026, 14:05',
      'Allowed to be contacted on 26 Nov 2026, 14:05',
      'Did not ask for the newsletter',
      'Not yet confirmed by email',
    ]);
  });
});
