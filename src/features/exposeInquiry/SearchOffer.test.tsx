/**
 * The listing inquiry's offer of a saved search as a visitor uses it, through the App with the
 * real store and sagas, answered by nock: its summary, its own consents, one click that sends
 * the saved search with the inquiry's contact, success, failure and a retry, declining, and no
 * offer for an answer without a proposal or with one the widget cannot read.
 */
import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import nock from 'nock';
import { API, createTestEnv, renderApp, sendInit } from '../../../test/helpers';
import { conforming } from '../../../test/contract';
import { selectOffer } from './offer';

const PROPOSAL = {
  objectType: 'LIVING',
  categoryId: 30225,
  marketingType: 'buy',
  locations: [
    { locationId: 305, name: 'Prenzlauer Berg' },
    { locationId: 101, name: 'Mitte' },
  ],
  fields: [
    { name: 'price.price', valueType: 'RANGE', minValue: 395000, maxValue: 535000 },
    { name: 'area.livingSpace', valueType: 'NUMBER', minValue: 70 },
  ],
};

const LABELS = {
  de: {
    firstname: /Vorname/,
    lastname: /Nachname/,
    email: /E-Mail/,
    privacy: /Datenschutzerklärung/,
    accept: /kontaktiert/,
    send: 'Anfrage senden',
    sent: /Ihre Anfrage wurde abgeschickt/,
    offer: 'Ähnliche Angebote per E-Mail erhalten?',
    summary: 'Ihr Suchprofil',
    create: 'Suchprofil anlegen',
    retry: 'Erneut versuchen',
    decline: 'Nein, danke',
    consentMissing: /Bitte stimmen Sie beidem zu/,
    failed: /Ihr Suchprofil wurde nicht angelegt/,
    offline: /Keine Verbindung zum Server/,
    done: /Bitte bestätigen Sie Ihr Suchprofil über den Link in der E-Mail/,
    declined: /wir legen kein Suchprofil an/,
    lines: [
      'Wohnung kaufen',
      'in Prenzlauer Berg oder Mitte',
      'Kaufpreis 395.000\u00a0€ bis 535.000\u00a0€',
      'ab 70 m² Wohnfläche',
    ],
  },
  en: {
    firstname: /First name/,
    lastname: /Last name/,
    email: /Email/,
    privacy: /privacy policy/,
    accept: /contacted/,
    send: 'Send inquiry',
    sent: /Your inquiry has been sent/,
    offer: 'Get similar offers by email?',
    summary: 'Your search profile',
    create: 'Create search profile',
    retry: 'Try again',
    decline: 'No, thanks',
    consentMissing: /Please agree to both/,
    failed: /Your search profile was not created/,
    offline: /No connection to the server/,
    done: /please confirm your search profile with the link in the email/,
    declined: /we will not create a search profile/,
    lines: [
      'Apartment to buy',
      'in Prenzlauer Berg or Mitte',
      'Price €395,000 to €535,000',
      'from 70 m² living space',
    ],
  },
};
type Labels = (typeof LABELS)['de'];

/** Opens the inquiry about listing 1, sends it and gets `answer` back. */
async function inquire(language: 'de' | 'en', answer: unknown) {
  const labels = LABELS[language];
  nock(API).get('/v1/wizard/listing/1').reply(200, { objectId: 1, customObjectId: 'W-1001' });
  const env = createTestEnv({ query: { objectId: '1', customObjectId: 'W-1001' } });
  const view = renderApp({ route: '/expose-inquiry-wizard', env, language });
  await act(async () =>
    sendInit(view.env, {
      ...(language === 'en' ? { language: 'en-US' } : {}),
      config: { privacyUrl: 'https://agency.test/datenschutz' },
    }),
  );
  const user = userEvent.setup({ delay: null });
  const form = await screen.findByRole('form', {
    name: language === 'en' ? 'Contact details' : 'Kontaktdaten',
  });
  await user.type(within(form).getByRole('textbox', { name: labels.firstname }), 'Erika');
  await user.type(within(form).getByRole('textbox', { name: labels.lastname }), 'Mustermann');
  await user.type(within(form).getByRole('textbox', { name: labels.email }), 'erika@example.de');
  await user.click(within(form).getByRole('checkbox', { name: labels.privacy }));
  await user.click(within(form).getByRole('checkbox', { name: labels.accept }));
  let inquiryKey: string | undefined;
  nock(API)
    .post('/v1/wizard/expose-inquiry')
    .reply(function () {
      inquiryKey = this.req.headers['idempotency-key'] as string;
      return [201, answer as nock.Body];
    });
  await user.click(within(form).getByRole('button', { name: labels.send }));
  await screen.findByText(labels.sent);
  return { ...view, user, inquiryKey: () => inquiryKey };
}

const tracked = (env: ReturnType<typeof createTestEnv>) =>
  env
    .posted()
    .map(([m]) => m as { type: string; payload: unknown })
    .filter((m) => m.type === 'tracking')
    .map((m) => m.payload);

/** Answers the saved search's send with `status`, keeping the body and the key it came with. */
function savedSearchAnswer(status: number) {
  const sent: { body?: Record<string, unknown>; key?: string } = {};
  const scope = nock(API)
    .post(
      '/v1/wizard/saved-search',
      (b) => conforming('post', '/v1/wizard/saved-search')(b) && Boolean((sent.body = b)),
    )
    .reply(function () {
      sent.key = this.req.headers['idempotency-key'] as string;
      return status === 201
        ? [201, { success: true, uuid: 'u-1' }]
        : [status, { code: 'internal_server_error', message: 'x', data: { status } }];
    });
  return { sent, scope };
}

async function offer(labels: Labels) {
  return screen.findByRole('region', { name: labels.offer });
}

afterEach(() => nock.cleanAll());

describe.each(['de', 'en'] as const)(
  'the offer of a saved search after an inquiry (%s)',
  (language) => {
    const labels = LABELS[language];

    it('says what it searches, asks its own consents and sends the saved search with the inquiry’s contact in one click', async () => {
      const { user, env, inquiryKey } = await inquire(language, {
        success: true,
        uuid: 'i-1',
        searchProposal: PROPOSAL,
      });
      const box = await offer(labels);
      const summary = within(box).getByRole('list', { name: labels.summary });
      expect(
        within(summary)
          .getAllByRole('listitem')
          .map((li) => li.textContent),
      ).toEqual(labels.lines);
      // Its consents are its own: not ticked by the inquiry's.
      const privacy = within(box).getByRole('checkbox', { name: labels.privacy });
      const accept = within(box).getByRole('checkbox', { name: labels.accept });
      expect(privacy).not.toBeChecked();
      expect(accept).not.toBeChecked();
      const { sent, scope } = savedSearchAnswer(201);
      await user.click(within(box).getByRole('button', { name: labels.create }));
      expect(within(box).getByRole('alert')).toHaveTextContent(labels.consentMissing);
      expect(privacy).toHaveAttribute('aria-invalid', 'true');
      expect(scope.isDone()).toBe(false);
      await user.click(privacy);
      await user.click(accept);
      await user.click(within(box).getByRole('button', { name: labels.create }));
      expect(await within(box).findByRole('status')).toHaveTextContent(labels.done);
      expect(scope.isDone()).toBe(true);
      expect(sent.body).toMatchObject({
        contact: {
          firstname: 'Erika',
          lastname: 'Mustermann',
          email: 'erika@example.de',
          customFields: { dataPrivacy: true, acceptContact: true },
        },
        savedSearch: PROPOSAL,
      });
      expect(sent.key).toMatch(/^[0-9a-z]{9}[\w-]{21}$/);
      expect(sent.key).not.toBe(inquiryKey());
      expect(tracked(env)).toEqual([
        { event: 'immoObjectInquiry', label: 'W-1001' },
        { event: 'SavedSearchWizard', label: 'W-1001' },
      ]);
    });

    it('says so when sending fails, keeps the consents and sends again with the same key', async () => {
      const { user } = await inquire(language, {
        success: true,
        uuid: 'i-1',
        searchProposal: PROPOSAL,
      });
      const box = await offer(labels);
      await user.click(within(box).getByRole('checkbox', { name: labels.privacy }));
      await user.click(within(box).getByRole('checkbox', { name: labels.accept }));
      const failed = savedSearchAnswer(500);
      await user.click(within(box).getByRole('button', { name: labels.create }));
      expect(await within(box).findByRole('alert')).toHaveTextContent(labels.failed);
      expect(within(box).getByRole('checkbox', { name: labels.privacy })).toBeChecked();
      expect(within(box).getByRole('checkbox', { name: labels.accept })).toBeChecked();
      const again = savedSearchAnswer(201);
      await user.click(within(box).getByRole('button', { name: labels.retry }));
      expect(await within(box).findByRole('status')).toHaveTextContent(labels.done);
      expect(again.sent.key).toBe(failed.sent.key);
      // The same saved search again (the fill time aside, which the key's fingerprint leaves out).
      const { meta: _again, ...second } = again.sent.body!;
      const { meta: _failed, ...first } = failed.sent.body!;
      expect(second).toEqual(first);
    });

    it('without a connection says so and sends by itself, with the same key, once the browser is back online', async () => {
      const { user, store } = await inquire(language, {
        success: true,
        uuid: 'i-1',
        searchProposal: PROPOSAL,
      });
      const box = await offer(labels);
      await user.click(within(box).getByRole('checkbox', { name: labels.privacy }));
      await user.click(within(box).getByRole('checkbox', { name: labels.accept }));
      const key = selectOffer(store.getState()).submissionKey;
      nock(API).post('/v1/wizard/saved-search').replyWithError('offline');
      await user.click(within(box).getByRole('button', { name: labels.create }));
      const alert = await within(box).findByRole('alert');
      expect(alert).toHaveTextContent(labels.offline);
      expect(alert).not.toHaveTextContent(labels.failed);
      const again = savedSearchAnswer(201);
      await act(async () => void window.dispatchEvent(new Event('online')));
      expect(await within(box).findByRole('status')).toHaveTextContent(labels.done);
      expect(again.sent.key).toBe(key);
    });

    it('may be declined: nothing is sent', async () => {
      const { user } = await inquire(language, {
        success: true,
        uuid: 'i-1',
        searchProposal: PROPOSAL,
      });
      const box = await offer(labels);
      const { scope } = savedSearchAnswer(201);
      await user.click(within(box).getByRole('button', { name: labels.decline }));
      expect(within(box).getByRole('status')).toHaveTextContent(labels.declined);
      expect(within(box).queryByRole('button')).not.toBeInTheDocument();
      expect(scope.isDone()).toBe(false);
    });
  },
);

describe('no offer', () => {
  const malformed = (change: Record<string, unknown>) => ({ ...PROPOSAL, ...change });
  it.each([
    ['no proposal', { success: true, uuid: 'i-1' }],
    ['an empty answer', ''],
    ['a proposal that is not an object', { searchProposal: 'Mitte' }],
    ['no places', { searchProposal: malformed({ locations: [] }) }],
    ['a place without a name', { searchProposal: malformed({ locations: [{ locationId: 101 }] }) }],
    ['an unknown category', { searchProposal: malformed({ categoryId: 1 }) }],
    ['a category a search cannot choose', { searchProposal: malformed({ categoryId: 36561 }) }],
    ['a plot to rent', { searchProposal: malformed({ categoryId: 19795, marketingType: 'rent' }) }],
    [
      'a criterion it cannot put in words',
      {
        searchProposal: malformed({
          fields: [
            { name: 'property[baujahr]', valueType: 'RANGE', minValue: 1900, maxValue: 2000 },
          ],
        }),
      },
    ],
    [
      'a price band upside down',
      {
        searchProposal: malformed({
          fields: [{ name: 'price.price', valueType: 'RANGE', minValue: 9, maxValue: 1 }],
        }),
      },
    ],
  ])('for %s', async (_name, answer) => {
    await inquire('de', answer);
    expect(screen.queryByRole('region', { name: LABELS.de.offer })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: LABELS.de.create })).not.toBeInTheDocument();
  });
});
