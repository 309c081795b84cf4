/**
 * @jest-environment node
 *
 * The agency hears of every submission (docs/agency.md#notices): a German notice for each kind with the
 * contact, the message, the consent record and the inbox link; AGENCY_NOTICE=on-submit; values
 * escaped and no header from a field; signed webhooks that reach a receiver that was down.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { Webhook } from 'standardwebhooks';
import { webhookConforms } from '../../contract/validator';
import type { Queryable } from '../db/sql';
import {
  confirmedSearch,
  contact,
  keyOf,
  lead,
  newLoggedInContact,
  PREFIX,
  savedSearch,
  startTestServer,
} from '../../test/server/testServer';

type Server = Awaited<ReturnType<typeof startTestServer>>;
const AGENCY = 'makler@immosuite.local';

const SUBMISSIONS: [kind: string, path: string, body: (email: string) => unknown][] = [
  [
    'lead',
    '/v1/wizard/lead',
    (email) => ({ contact: contact({ email }), lead: lead(), message: 'Bitte abends anrufen.' }),
  ],
  [
    'exposeInquiry',
    '/v1/wizard/expose-inquiry',
    (email) => ({
      contact: contact({ email }),
      exposeInquiry: { objectId: 1, message: 'Ist die Wohnung noch frei?' },
    }),
  ],
  [
    'contact',
    '/v1/wizard/contact',
    (email) => ({ contact: contact({ email }), message: 'Rufen Sie mich an.' }),
  ],
  [
    'savedSearch',
    '/v1/wizard/saved-search',
    (email) => ({ contact: contact({ email }), savedSearch: savedSearch() }),
  ],
  [
    'newsletter',
    '/v1/wizard/contact',
    (email) => ({
      type: 'newsletter',
      contact: contact({
        email,
        customFields: { dataPrivacy: true, acceptContact: true, newsletter: true },
      }),
    }),
  ],
];

/** Sends one submission of each kind from its own address; returns the confirmation keys. */
async function submitAll(server: Server, tag: string) {
  const client = server.client();
  const keys: string[] = [];
  for (const [kind, path, body] of SUBMISSIONS) {
    const email = `${kind.toLowerCase()}.${tag}@example.de`;
    const answer = await client.post(PREFIX + path, body(email));
    expect(answer.status).toBe(201);
    keys.push(keyOf((await server.mails()).find((m) => m.to === email)!.links[0]!));
  }
  return { client, keys };
}

const notices = async (server: Server) =>
  (await server.mails()).filter((m) => m.to === AGENCY).reverse();

describe('agency notices', () => {
  let server: Server;
  beforeAll(async () => {
    // A local test under a public URL: the dev mailbox is asked for explicitly.
    server = await startTestServer({ PUBLIC_URL: 'https://makler.example', DEV_MAILBOX: '1' });
  });
  afterAll(() => server.close());

  it('sends one German notice per kind once the visitor confirms, with contact, message, consent and inbox link', async () => {
    const { client, keys } = await submitAll(server, 'confirm');
    // Double opt-in: nothing reaches the agency before the confirmation.
    expect(await notices(server)).toEqual([]);
    for (const k of keys) await client.post(`${PREFIX}/v1/wizard/confirm`, { k });
    // A second confirmation adds no second notice.
    for (const k of keys) await client.post(`${PREFIX}/v1/wizard/confirm`, { k });
    const mails = await notices(server);
    expect(mails.map((m) => m.subject)).toEqual([
      'Neue Anfrage: Wohnung in 10435 Berlin',
      'Neue Exposé-Anfrage: Helle 3-Zimmer-Altbauwohnung mit Balkon (W-1001)',
      'Neue Kontaktnachricht: Frau Erika Mustermann',
      'Neues Suchprofil: Wohnung mieten in Prenzlauer Berg, Friedrichshain',
      'Neue Newsletter-Anmeldung: Frau Erika Mustermann',
    ]);
    const [leadMail, inquiry, message, search, newsletter] = mails.map((m) => m.text);
    for (const text of [leadMail, inquiry, message, search, newsletter]) {
      expect(text).toContain('Name: Frau Erika Mustermann');
      expect(text).toContain('Telefon: 030 1234567');
      expect(text).toContain('Datenschutzerklärung akzeptiert: ja');
      expect(text).toContain('Kontaktaufnahme erlaubt: ja');
      expect(text).toContain('Textversion: 2026-11-01');
      expect(text).toMatch(/Erteilt am: \d\d\.\d\d\.\d{4}, \d\d:\d\d Uhr/);
      expect(text).toMatch(/Bestätigt: ja, am /);
      expect(text).toMatch(
        /Im Posteingang öffnen: https:\/\/makler\.example\/agency\/submissions\/[0-9a-f-]{36}\n/,
      );
    }
    expect(leadMail).toContain('Objekt: Wohnung (Wohnen), verkaufen');
    expect(leadMail).toContain('Adresse: Kastanienallee 12, 10435 Berlin');
    expect(leadMail).toContain('Kaufpreis: 350.000\u00a0€');
    expect(leadMail).toContain('Nachricht:\nBitte abends anrufen.\n');
    expect(inquiry).toContain('Objektnummer: W-1001');
    expect(inquiry).toContain('Objekt-ID: 1');
    expect(inquiry).toContain('Nachricht:\nIst die Wohnung noch frei?\n');
    expect(message).toContain('Nachricht:\nRufen Sie mich an.\n');
    expect(search).toContain('Regionen: Prenzlauer Berg, Friedrichshain');
    expect(search).toContain('Kaltmiete: 500\u00a0€ – 1.500\u00a0€');
    expect(newsletter).toContain('Newsletter: angemeldet');
    expect(newsletter).toContain('Newsletter gewünscht: ja');
    // Each notice is in its submission's delivery log, sent.
    const ids = (
      await server.app.sql.all<{ submission_id: number }>(
        "SELECT submission_id FROM deliveries WHERE kind = 'notice' ORDER BY id",
      )
    ).map((row) => row.submission_id);
    expect(ids).toHaveLength(5);
    for (const id of ids)
      expect(await server.app.outbox.deliveriesOf(id)).toEqual([
        expect.objectContaining({
          channel: 'mail',
          kind: 'notice',
          recipient: AGENCY,
          status: 'sent',
          attempts: 1,
        }),
      ]);
  });

  it('keeps line breaks a visitor typed out of the subject', async () => {
    const client = server.client();
    const email = 'header.injection@example.de';
    await client.post(`${PREFIX}/v1/wizard/contact`, {
      contact: contact({ email, firstname: 'Eve', lastname: 'X\r\nBcc: victim@example.de' }),
      message: 'Hallo',
    });
    const k = keyOf((await server.mails()).find((m) => m.to === email)!.links[0]!);
    await client.post(`${PREFIX}/v1/wizard/confirm`, { k });
    const notice = (await notices(server)).at(-1)!;
    expect(notice.subject).toBe('Neue Kontaktnachricht: Frau Eve X Bcc: victim@example.de');
  });
});

describe('AGENCY_NOTICE=on-submit', () => {
  let server: Server;
  beforeAll(async () => {
    server = await startTestServer({ AGENCY_NOTICE: 'on-submit' });
  });
  afterAll(() => server.close());

  it('tells the agency at once, marked unconfirmed; the confirmation adds no second notice', async () => {
    const { client, keys } = await submitAll(server, 'submit');
    // The lead's notice comes from matching's job, with its pairs counted (decision 176).
    await server.app.matcher.runDue();
    const mails = await notices(server);
    expect(mails).toHaveLength(5);
    expect(mails.every((m) => m.subject.includes('(unbestätigt)'))).toBe(true);
    expect(mails[0]!.text).toContain('Bestätigt: nein (unbestätigt)');
    for (const k of keys) await client.post(`${PREFIX}/v1/wizard/confirm`, { k });
    expect(await notices(server)).toHaveLength(5);
  });

  it("tells of a lead confirmed before matching's job reached it once, at its confirmation", async () => {
    // A search the lead pairs with: the job is to pair it, and tell of it (decision 196).
    await confirmedSearch(
      server,
      { email: 'sucht@example.de' },
      savedSearch({ marketingType: 'buy', fields: [] }),
    );
    await server.app.matcher.runDue();
    await server.app.matcher.stop();
    const email = 'schnell@example.de';
    const client = server.client();
    const sent = await client.post(`${PREFIX}/v1/wizard/lead`, {
      contact: contact({ email }),
      lead: lead(),
    });
    expect(sent.status).toBe(201);
    const before = (await notices(server)).length;
    const k = keyOf((await server.mails()).find((m) => m.to === email)!.links[0]!);
    expect((await client.post(`${PREFIX}/v1/wizard/confirm`, { k })).status).toBe(200);
    const told = await notices(server);
    expect(told).toHaveLength(before + 1);
    expect(told.filter((m) => m.text.includes(`E-Mail: ${email}`))).toHaveLength(1);
    // The job, when it comes, pairs the lead and tells no more.
    await server.app.matcher.runDue();
    expect(await notices(server)).toHaveLength(before + 1);
  });
});

describe('webhooks', () => {
  const SECRET = `whsec_${Buffer.alloc(32, 3).toString('base64')}`;
  let down = true;
  const received: { id: string; type: string; uuid?: string }[] = [];
  const bodies: { type: string; body: unknown }[] = [];
  const refused: string[] = [];
  let receiver: http.Server;
  let server: Server;

  beforeAll(async () => {
    const verifier = new Webhook(SECRET);
    receiver = http.createServer((request, response) => {
      let body = '';
      request.on('data', (chunk) => (body += chunk));
      request.on('end', () => {
        if (down) {
          response.writeHead(503).end();
          return;
        }
        try {
          // The receiver's own check: the signature, and a timestamp within five minutes.
          const payload = verifier.verify(body, request.headers as Record<string, string>) as {
            type: string;
            data: { submission?: { uuid: string } };
          };
          bodies.push({ type: payload.type, body: payload });
          received.push({
            id: request.headers['webhook-id'] as string,
            type: payload.type,
            uuid: payload.data.submission?.uuid,
          });
          response.writeHead(204).end();
        } catch (error) {
          refused.push(String(error));
          response.writeHead(400).end();
        }
      });
    });
    await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
    const { port } = receiver.address() as AddressInfo;
    server = await startTestServer({
      WEBHOOK_URL: `http://127.0.0.1:${port}/hooks`,
      WEBHOOK_SECRET: SECRET,
    });
    // These tests drive the worker and matching's job themselves, try by try: no timer of
    // either runs beside them.
    await server.app.outbox.stop();
    await server.app.matcher.stop();
  });
  afterAll(async () => {
    jest.useRealTimers();
    await server.close();
    await new Promise((resolve) => receiver.close(resolve));
  });

  it('posts every event, signed; with the receiver down for a while, every event arrives once it is back', async () => {
    // Only the clock is fake: the server, the receiver and their sockets run as they do.
    jest.useFakeTimers({
      now: Date.now(),
      doNotFake: [
        'nextTick',
        'setImmediate',
        'clearImmediate',
        'queueMicrotask',
        'setTimeout',
        'clearTimeout',
        'setInterval',
        'clearInterval',
        'hrtime',
        'performance',
      ],
    });
    const { client, keys } = await submitAll(server, 'hook');
    for (const k of keys) await client.post(`${PREFIX}/v1/wizard/confirm`, { k });
    // Matching's job writes the confirmed saved search's pairs (docs/matching.md#the-job).
    await server.app.matcher.runDue();
    // The receiver is down: each submission's first event is tried and fails; its confirmation
    // waits for it. The saved search, confirmed, matches a listing: its match.found is tried too.
    expect(await server.app.outbox.runDue()).toBe(6);
    expect(received).toEqual([]);
    // Not due again at once: each waits for its backoff.
    expect(await server.app.outbox.runDue()).toBe(0);
    down = false;
    jest.setSystemTime(Date.now() + 60 * 60 * 1000);
    expect(await server.app.outbox.runDue()).toBe(11);
    expect(refused).toEqual([]);
    expect(received.filter((e) => e.type === 'submission.created')).toHaveLength(5);
    expect(received.filter((e) => e.type === 'submission.confirmed')).toHaveLength(5);
    // Each submission's events arrived in order: created before confirmed.
    for (const { uuid } of received.filter((e) => e.type === 'submission.created'))
      expect(received.filter((e) => e.uuid === uuid).map((e) => e.type)).toEqual([
        'submission.created',
        'submission.confirmed',
      ]);
    expect(received.filter((e) => e.type === 'match.found')).toHaveLength(1);
    // Eleven events, eleven ids, each delivered once, each as the contract's webhooks section says.
    expect(new Set(received.map((e) => e.id)).size).toBe(11);
    for (const { type, body } of bodies) expect(webhookConforms(type, body)).toEqual({ ok: true });
    type SubmissionBody = { data: { submission: { kind: string } } };
    const created = bodies.find(
      (b) =>
        b.type === 'submission.created' &&
        (b.body as SubmissionBody).data.submission.kind === 'lead',
    )!.body as SubmissionBody;
    expect(created.data.submission).toMatchObject({
      kind: 'lead',
      contact: { email: 'lead.hook@example.de' },
      lead: { category: 'Wohnung', address: { city: 'Berlin' } },
    });
    expect(received).toHaveLength(11);
    expect(await server.app.outbox.runDue()).toBe(0);
  });

  it("writes a submission's webhook in its transaction without reading its contact's consents; the event carries the boxes as sent", async () => {
    down = false;
    // Every statement inside a transaction (the submission's, its confirmation's).
    const inTransactions: string[] = [];
    const sql = server.app.sql;
    const recorded = (tx: Queryable): Queryable => ({
      dialect: tx.dialect,
      one: (text, ...params) => (inTransactions.push(text), tx.one(text, ...params)),
      all: (text, ...params) => (inTransactions.push(text), tx.all(text, ...params)),
      run: (text, ...params) => (inTransactions.push(text), tx.run(text, ...params)),
      insert: (text, ...params) => (inTransactions.push(text), tx.insert(text, ...params)),
    });
    for (const method of ['batch', 'transaction'] as const) {
      const original = sql[method].bind(sql);
      jest
        .spyOn(sql, method)
        .mockImplementation(((work: (tx: Queryable) => Promise<unknown>) =>
          original((tx) => work(recorded(tx)))) as never);
    }
    const email = 'no.consent.reads@example.de';
    const client = server.client();
    expect(
      (await client.post(`${PREFIX}/v1/wizard/lead`, { contact: contact({ email }), lead: lead() }))
        .status,
    ).toBe(201);
    const k = keyOf((await server.mails()).find((m) => m.to === email)!.links[0]!);
    expect((await client.post(`${PREFIX}/v1/wizard/confirm`, { k })).status).toBe(200);
    jest.restoreAllMocks();
    await server.app.matcher.runDue();
    // The webhooks (and the notice) were written in those transactions ...
    expect(inTransactions).toContainEqual(expect.stringMatching(/^INSERT INTO deliveries/));
    // ... and nothing read the contact's consents as they stand now.
    expect(inTransactions.filter((text) => /FROM consents|SELECT data_privacy/.test(text))).toEqual(
      [],
    );
    bodies.length = 0;
    expect(await server.app.outbox.runDue()).toBe(2);
    for (const { type, body } of bodies) {
      expect(webhookConforms(type, body)).toEqual({ ok: true });
      expect(
        (body as { data: { submission: { consent: unknown } } }).data.submission.consent,
      ).toEqual({
        boxes: { dataPrivacy: true, acceptContact: true, newsletter: false },
        at: expect.any(String),
        textVersion: '2026-11-01',
      });
    }
  });

  it('posts consent.withdrawn when a contact takes back a consent in the portal', async () => {
    const email = 'withdraws@example.de';
    const client = await newLoggedInContact(server, email);
    await server.app.outbox.runDue();
    received.length = 0;
    const me = await client.get<Record<string, unknown>>(`${PREFIX}/v1/contact`);
    const answer = await client.put(`${PREFIX}/v1/contact`, {
      ...me.body,
      customFields: { dataPrivacy: true, acceptContact: false, newsletter: false },
    });
    expect(answer.status).toBe(200);
    expect(await server.app.outbox.runDue()).toBe(1);
    expect(received).toEqual([
      {
        id: expect.stringMatching(
          /^msg_[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/,
        ),
        type: 'consent.withdrawn',
        uuid: undefined,
      },
    ]);
    const withdrawal = bodies.at(-1)!;
    expect(webhookConforms(withdrawal.type, withdrawal.body)).toEqual({ ok: true });
    expect(withdrawal.body).toMatchObject({
      data: { contact: { email }, withdrawn: ['acceptContact'] },
    });
  });
});
