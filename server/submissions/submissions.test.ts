/**
 * @jest-environment node
 *
 * The wizards' submissions through the real server (product §7, double opt-in): every kind
 * stored once with its confirmation mail, what is refused, bots, the Idempotency-Key, the
 * client's limit, the confirmation, and a saved search edited through its wizard.
 */
import {
  call,
  loggedIn,
  logIn,
  loginKey,
  raw,
  type Server,
  xsrf,
} from '../../test/server/requests';
import {
  contact,
  keyOf,
  lead,
  PREFIX,
  savedSearch,
  startTestServer,
} from '../../test/server/testServer';
import { MIN_FILL_MS } from '../../contract/contact';
import { configFromEnv } from '../config';
import { DEMO_CUSTOMER } from '../db/seed';
import { Q } from '../db/statements';

describe('submissions and double opt-in', () => {
  let server: Server;
  beforeEach(async () => {
    server = await startTestServer();
  });
  afterEach(async () => {
    await server.close();
  });

  it('stores a lead, mails a confirmation link and confirms it once', async () => {
    const client = server.client();
    const response = await call(client, 'post', '/v1/wizard/lead', {
      contact: contact(),
      lead: lead(),
    });
    expect(response.status).toBe(201);
    const [mail] = await server.mails();
    expect(mail).toMatchObject({
      to: 'erika@example.de',
      subject: 'Bitte bestätigen Sie Ihre Anfrage zu Ihrer Immobilie',
    });
    expect(mail!.links[0]).toMatch(/\/demo\/login\?k=/);
    const k = keyOf(mail!.links[0]!);
    expect((await call(client, 'post', '/v1/wizard/confirm', { k })).body).toEqual({
      opcode: 'Contact',
    });
    expect((await call(client, 'post', '/v1/wizard/confirm', { k })).body).toEqual({
      opcode: 'AlreadyConfirmed',
    });
  });

  it("stores the visitor's message with the lead and tells the agency once it is confirmed", async () => {
    const client = server.client();
    const email = 'message.lead@example.de';
    await call(client, 'post', '/v1/wizard/lead', {
      contact: contact({ email }),
      lead: lead(),
      message: '  Bitte abends anrufen.  ',
    });
    const toAgency = async () =>
      (await server.mails()).filter((m) => m.to === 'makler@immosuite.local');
    const before = (await toAgency()).length;
    const k = keyOf((await server.mails()).find((m) => m.to === email)!.links[0]!);
    await call(client, 'post', '/v1/wizard/confirm', { k });
    await call(client, 'post', '/v1/wizard/confirm', { k });
    const agency = await toAgency();
    expect(agency).toHaveLength(before + 1);
    expect(agency[0]!.subject).toBe('Neue Anfrage: Wohnung in 10435 Berlin');
    expect(agency[0]!.text).toContain('Adresse: Kastanienallee 12, 10435 Berlin');
    expect(agency[0]!.text).toContain(`E-Mail: ${email}`);
    expect(agency[0]!.text).toContain('Nachricht:\nBitte abends anrufen.\n');
    expect(agency[0]!.text).toContain('Kaufpreis: 350.000\u00a0€');
    expect(agency[0]!.text).toContain('Wohnfläche: 82,5 m²');
  });

  it('writes mails in English for an English visitor', async () => {
    const client = server.client();
    await call(
      client,
      'post',
      '/v1/wizard/contact',
      { contact: contact(), message: 'Hello' },
      { 'Accept-Language': 'en-US' },
    );
    expect((await server.mails())[0]!.subject).toBe('Please confirm your message');
  });

  it.each([
    [
      'de',
      [
        'Bitte bestätigen Sie Ihr Suchprofil',
        'Bitte bestätigen Sie Ihre Anfrage zum Exposé',
        'Bitte bestätigen Sie Ihre Nachricht',
        'Bitte bestätigen Sie Ihre Newsletter-Einstellungen',
      ],
    ],
    [
      'en-US',
      [
        'Please confirm your search profile',
        'Please confirm your inquiry about the listing',
        'Please confirm your message',
        'Please confirm your newsletter settings',
      ],
    ],
  ])('names in the confirmation subject what it confirms (%s)', async (language, subjects) => {
    const client = server.client();
    const headers = { 'Accept-Language': language };
    const bodies: [string, Record<string, unknown>][] = [
      ['saved-search', { contact: contact({ email: 's@example.de' }), savedSearch: savedSearch() }],
      [
        'expose-inquiry',
        {
          contact: contact({ email: 'e@example.de' }),
          exposeInquiry: { objectId: 1, message: 'Frei?' },
        },
      ],
      ['contact', { contact: contact({ email: 'c@example.de' }), message: 'Hallo' }],
      [
        'contact',
        {
          type: 'newsletter',
          contact: contact({
            email: 'n@example.de',
            customFields: { dataPrivacy: true, acceptContact: true, newsletter: true },
          }),
        },
      ],
    ];
    for (const [route, body] of bodies)
      expect((await call(client, 'post', `/v1/wizard/${route}`, body, headers)).status).toBe(201);
    const mails = await server.mails();
    expect(
      ['s', 'e', 'c', 'n'].map((who) => mails.find((m) => m.to === `${who}@example.de`)?.subject),
    ).toEqual(subjects);
  });

  it('takes every kind of submission', async () => {
    const client = server.client();
    await call(client, 'post', '/v1/wizard/saved-search', {
      contact: contact(),
      savedSearch: savedSearch(),
    });
    await call(client, 'post', '/v1/wizard/expose-inquiry', {
      contact: contact(),
      exposeInquiry: { objectId: 1, message: 'Ist die Wohnung noch frei?' },
    });
    await call(client, 'post', '/v1/wizard/contact', {
      contact: contact(),
      message: 'Bitte rufen Sie mich an.',
    });
    await call(client, 'post', '/v1/wizard/contact', {
      type: 'newsletter',
      contact: contact({
        customFields: { dataPrivacy: true, acceptContact: true, newsletter: true },
      }),
    });
    expect(await server.mails()).toHaveLength(4);
  });

  it('files a known address under its contact, whose data the next form does not change', async () => {
    const client = server.client();
    const email = 'known.contact@example.de';
    await call(client, 'post', '/v1/wizard/lead', { contact: contact({ email }), lead: lead() });
    const second = await call(client, 'post', '/v1/wizard/contact', {
      contact: contact({ email, firstname: 'Erik' }),
      message: 'Noch eine Frage.',
    });
    expect(second.status).toBe(201);
    const contacts = await server.app.sql.all<{ id: number; firstname: string }>(
      'SELECT id, firstname FROM contacts WHERE email = ?',
      email,
    );
    expect(contacts).toEqual([{ id: expect.any(Number), firstname: 'Erika' }]);
    const submissions = await server.app.sql.all<{ kind: string; contact_id: number }>(
      'SELECT kind, contact_id FROM submissions WHERE contact_id = ? ORDER BY id',
      contacts[0]!.id,
    );
    expect(submissions).toEqual([
      { kind: 'lead', contact_id: contacts[0]!.id },
      { kind: 'contact', contact_id: contacts[0]!.id },
    ]);
  });

  it('a confirmation mail is written whatever the Host, and its link points here', async () => {
    const answer = await raw(server, {
      method: 'POST',
      path: `${PREFIX}/v1/wizard/lead`,
      headers: {
        Host: 'evil.example',
        'Content-Type': 'application/json',
        ...(await xsrf(server)),
      },
      body: JSON.stringify({ contact: contact(), lead: lead() }),
    });
    expect(answer.status).toBe(201);
    const [mail] = await server.mails();
    expect(mail!.links[0]!.startsWith(`${server.base}/demo/login?k=`)).toBe(true);
  });

  it("confirming someone else's form never overwrites a confirmed account", async () => {
    await loginKey(server, 'erika@example.de');
    const client = server.client();
    await client.post(`${PREFIX}/v1/wizard/contact`, {
      contact: contact({ firstname: 'Mallory', lastname: 'Fremd', phone: '0000' }),
      message: 'Hallo',
    });
    const k = keyOf((await server.mails())[0]!.links[0]!);
    expect((await client.post(`${PREFIX}/v1/wizard/confirm`, { k })).body).toEqual({
      opcode: 'Contact',
    });
    await server.client().post(`${PREFIX}/v1/auth/email`, { email: 'erika@example.de' });
    const erika = await logIn(server, keyOf((await server.mails())[0]!.links[0]!));
    expect((await erika.client.get(`${PREFIX}/v1/contact`)).body).toMatchObject({
      firstname: 'Erika',
      lastname: 'Mustermann',
    });
  });
});

describe('what a submission must be', () => {
  let server: Server;
  beforeEach(async () => {
    server = await startTestServer();
  });
  afterEach(async () => {
    await server.close();
  });

  it('refuses a submission without both consents', async () => {
    const response = await call(server.client(), 'post', '/v1/wizard/lead', {
      contact: contact({ customFields: { dataPrivacy: true, acceptContact: false } }),
      lead: lead(),
    });
    expect(response.status).toBe(400);
    expect(response.body).toMatchObject({ code: 'consent_required', data: { status: 400 } });
    expect(await server.mails()).toHaveLength(0);
  });

  it.each([
    ['an invalid e-mail', { contact: contact({ email: 'not-an-address' }), lead: lead() }],
    ['a missing last name', { contact: contact({ lastname: '' }), lead: lead() }],
    ['an unknown category', { contact: contact(), lead: lead({ categoryId: 1 }) }],
    ['an unknown key', { contact: contact(), lead: lead(), admin: true }],
    [
      'a latitude off the globe',
      { contact: contact(), lead: lead({ location: { lat: 200, lng: 0 } }) },
    ],
    ['no lead', { contact: contact() }],
  ])('answers 400 with a message for %s', async (_, body) => {
    const response = await call(server.client(), 'post', '/v1/wizard/lead', body);
    expect(response.status).toBe(400);
    expect(response.body).toMatchObject({
      code: 'rest_invalid_param',
      message: expect.stringMatching(/^Ungültige Eingabe/),
    });
  });

  it('refuses a category that does not fit, fields of another category, an unknown listing or region', async () => {
    const client = server.client();
    const wrongType = await call(client, 'post', '/v1/wizard/lead', {
      contact: contact(),
      lead: lead({ objectType: 'COMMERCIAL' }),
    });
    expect(wrongType.body).toMatchObject({ code: 'category_mismatch' });
    const plotForRent = await call(client, 'post', '/v1/wizard/lead', {
      contact: contact(),
      lead: lead({ categoryId: 19795, marketingType: 'rent', fields: [] }),
    });
    expect(plotForRent.body).toMatchObject({ code: 'category_mismatch' });
    const field = await call(client, 'post', '/v1/wizard/lead', {
      contact: contact(),
      lead: lead({
        fields: [{ name: 'property[zustand]', valueType: 'RAW', value: 'gepflegt' }],
      }),
    });
    expect(field.body).toMatchObject({
      code: 'unknown_field',
      data: { params: { fields: ['property[zustand]'] } },
    });
    const listing = await call(client, 'post', '/v1/wizard/expose-inquiry', {
      contact: contact(),
      exposeInquiry: { objectId: 999 },
    });
    expect(listing.body).toMatchObject({ code: 'unknown_object' });
    const region = await call(client, 'post', '/v1/wizard/saved-search', {
      contact: contact(),
      savedSearch: savedSearch({ locations: [{ locationId: 424242 }] }),
    });
    expect(region.body).toMatchObject({ code: 'unknown_location' });
  });

  it('refuses field data over 2,000 characters, takes a little', async () => {
    const client = server.client();
    const withData = (data: unknown) => ({
      contact: contact(),
      lead: lead({ fields: [{ name: 'price.price', valueType: 'NUMBER', value: 1, data }] }),
    });
    expect((await client.post(`${PREFIX}/v1/wizard/lead`, withData('x'.repeat(3000)))).status).toBe(
      400,
    );
    expect(
      (await client.post(`${PREFIX}/v1/wizard/lead`, withData({ source: 'Makler' }))).status,
    ).toBe(201);
  });
});

describe('bots', () => {
  it('quietly drops bots: honeypot filled or form filled too fast', async () => {
    const slow = await startTestServer({ MIN_FILL_MS: '3000' });
    try {
      const client = slow.client();
      const trap = await call(client, 'post', '/v1/wizard/lead', {
        contact: contact(),
        lead: lead(),
        meta: { website: 'http://spam.example' },
      });
      expect(trap.status).toBe(201);
      const fast = await call(client, 'post', '/v1/wizard/lead', {
        contact: contact(),
        lead: lead(),
        meta: { fillMs: 400 },
      });
      expect(fast.status).toBe(201);
      expect(await slow.mails()).toHaveLength(0);
      await call(client, 'post', '/v1/wizard/lead', {
        contact: contact(),
        lead: lead(),
        meta: { website: '', fillMs: 9000 },
      });
      expect(await slow.mails()).toHaveLength(1);
    } finally {
      await slow.close();
    }
  });

  it("stores a send held for the widget's minimum fill time, and refuses a longer minimum at start (decision 191)", async () => {
    const timed = await startTestServer({ MIN_FILL_MS: String(MIN_FILL_MS) });
    try {
      const held = await call(timed.client(), 'post', '/v1/wizard/lead', {
        contact: contact(),
        lead: lead(),
        meta: { website: '', fillMs: MIN_FILL_MS },
      });
      expect(held.status).toBe(201);
      expect((await timed.mails()).map((m) => m.to)).toEqual(['erika@example.de']);
    } finally {
      await timed.close();
    }
    expect(configFromEnv({ MIN_FILL_MS: String(MIN_FILL_MS + 1) }).startupErrors).toEqual([
      expect.stringMatching(/^MIN_FILL_MS must be a whole number of milliseconds from 0 to 3000/),
    ]);
    expect(configFromEnv({ MIN_FILL_MS: '0' }).startupErrors).toEqual([]);
  });

  it('takes a submission without a fill time for a bot: answered like a stored one, not stored', async () => {
    const timed = await startTestServer({ MIN_FILL_MS: '3000' });
    try {
      const client = timed.client();
      const silent = await client.post(`${PREFIX}/v1/wizard/lead`, {
        contact: contact({ email: 'bot@example.de' }),
        lead: lead(),
      });
      expect(silent.status).toBe(201);
      expect(silent.body).toMatchObject({ success: true, uuid: expect.any(String) });
      // A fill time but no honeypot at all: the widget always sends it, a bot may not.
      const noHoneypot = await client.post(`${PREFIX}/v1/wizard/lead`, {
        contact: contact({ email: 'bot2@example.de' }),
        lead: lead(),
        meta: { fillMs: 45_000 },
      });
      expect(noHoneypot.status).toBe(201);
      const person = await client.post(`${PREFIX}/v1/wizard/lead`, {
        contact: contact(),
        lead: lead(),
        meta: { website: '', fillMs: 45_000 },
      });
      expect(person.status).toBe(201);
      expect((await timed.mails()).map((m) => m.to)).toEqual(['erika@example.de']);
    } finally {
      await timed.close();
    }
  });
});

describe('the Idempotency-Key', () => {
  let server: Server;
  beforeEach(async () => {
    server = await startTestServer();
  });
  afterEach(async () => {
    await server.close();
  });

  it('answers a repeated submission with the same Idempotency-Key once, storing once', async () => {
    const client = server.client();
    const headers = { 'Idempotency-Key': 'retry-key-0001' };
    const body = { contact: contact(), lead: lead() };
    const first = await call(client, 'post', '/v1/wizard/lead', body, headers);
    const again = await call(client, 'post', '/v1/wizard/lead', body, headers);
    expect(again.body).toEqual(first.body);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expect(await server.mails()).toHaveLength(1);
    const other = await call(client, 'post', '/v1/wizard/lead', body, {
      'Idempotency-Key': 'retry-key-0002',
    });
    expect(other.body).not.toEqual(first.body);
  });

  it('stores concurrent submissions exactly once each', async () => {
    const clients = Array.from({ length: 8 }, () => server.client());
    const responses = await Promise.all(
      Array.from({ length: 40 }, (_, i) =>
        call(
          clients[i % 8]!,
          'post',
          '/v1/wizard/lead',
          { contact: contact({ email: `p${i % 10}@example.de` }), lead: lead() },
          { 'Idempotency-Key': `concurrent-${i % 20}` },
        ),
      ),
    );
    expect(responses.every((r) => r.status === 201)).toBe(true);
    expect(new Set(responses.map((r) => (r.body as { uuid: string }).uuid)).size).toBe(20);
    expect(await server.mails()).toHaveLength(20);
  });

  it('answers the same key with another body with a 422, never with the first answer', async () => {
    const client = server.client();
    const headers = { 'Idempotency-Key': 'reused-key-0001' };
    const first = await client.post(
      `${PREFIX}/v1/wizard/lead`,
      { contact: contact(), lead: lead(), meta: { fillMs: 5000 } },
      headers,
    );
    expect(first.status).toBe(201);
    // A retry of the widget: the same request, a later fill time.
    const retry = await client.post(
      `${PREFIX}/v1/wizard/lead`,
      { contact: contact(), lead: lead(), meta: { fillMs: 9000 } },
      headers,
    );
    expect(retry.status).toBe(201);
    expect(retry.body).toEqual(first.body);
    const other = await client.post(
      `${PREFIX}/v1/wizard/lead`,
      { contact: contact({ email: 'someone@example.de' }), lead: lead() },
      headers,
    );
    expect(other.status).toBe(422);
    expect(other.body).toMatchObject({ code: 'idempotency_key_reused' });
    expect((await server.mails()).map((m) => m.to)).toEqual(['erika@example.de']);
  });

  it('does not replay a stored submission once its contact has withdrawn consent', async () => {
    const client = server.client();
    const headers = { 'Idempotency-Key': 'withdrawn-key-01' };
    const body = { contact: contact(), lead: lead() };
    expect((await client.post(`${PREFIX}/v1/wizard/lead`, body, headers)).status).toBe(201);
    // The contact confirms, logs in and takes the consent back.
    await client.post(`${PREFIX}/v1/wizard/confirm`, {
      k: keyOf((await server.mails())[0]!.links[0]!),
    });
    await client.post(`${PREFIX}/v1/auth/email`, { email: 'erika@example.de' });
    const k = keyOf((await server.mails())[0]!.links[0]!);
    await client.post(`${PREFIX}/v1/auth/login`, { k });
    client.nonce = (
      await client.post<{ nonce: string }>(`${PREFIX}/v1/auth/login/nonce`, { k })
    ).body.nonce;
    expect(
      (
        await client.put(`${PREFIX}/v1/contact`, {
          ...contact(),
          customFields: { dataPrivacy: false, acceptContact: false },
        })
      ).status,
    ).toBe(200);
    // The anonymous visitor's retry (the key is bound to the client that sent it first).
    const replay = await server.client().post(`${PREFIX}/v1/wizard/lead`, body, headers);
    expect(replay.status).toBe(409);
    expect(replay.body).toMatchObject({ code: 'consent_withdrawn' });
  });

  it('releases a key after a day: the same key with another body is then a new submission', async () => {
    const client = server.client();
    const headers = { 'Idempotency-Key': 'day-old-key-01' };
    const first = await client.post<{ uuid: string }>(
      `${PREFIX}/v1/wizard/lead`,
      { contact: contact({ email: 'day-one@example.de' }), lead: lead() },
      headers,
    );
    expect(first.status).toBe(201);
    const { sql } = server.app;
    // The first submission was made 25 hours ago.
    await sql.run(
      'UPDATE submissions SET created_at = ? WHERE uuid = ?',
      new Date(Date.now() - 25 * 60 * 60 * 1000).toISOString(),
      first.body.uuid,
    );
    const later = await client.post<{ uuid: string }>(
      `${PREFIX}/v1/wizard/lead`,
      { contact: contact({ email: 'day-two@example.de' }), lead: lead() },
      headers,
    );
    expect(later.status).toBe(201);
    expect(later.headers.get('idempotent-replayed')).toBeNull();
    expect(later.body.uuid).not.toBe(first.body.uuid);
    // Both submissions are kept; the key now belongs to the second.
    const rows = await sql.all(
      `SELECT uuid, CASE WHEN idempotency_key IS NULL THEN 0 ELSE 1 END AS keyed
       FROM submissions WHERE uuid IN (?, ?) ORDER BY id`,
      first.body.uuid,
      later.body.uuid,
    );
    expect(rows).toEqual([
      { uuid: first.body.uuid, keyed: 0 },
      { uuid: later.body.uuid, keyed: 1 },
    ]);
    // The server's lookup of a key goes through its index, never a scan of the submissions.
    const lookup = Q.submissionByIdempotencyKey;
    if (sql.dialect === 'sqlite') {
      const plan = await sql.all<{ detail: string }>(
        `EXPLAIN QUERY PLAN ${lookup}`,
        'POST /v1/wizard/lead day-old-key-01',
      );
      expect(plan.map((row) => row.detail).join(' ')).toMatch(
        /SEARCH submissions USING INDEX submissions_idempotency/,
      );
    } else {
      const plan = await sql.all<{ 'QUERY PLAN': string }>(
        `EXPLAIN ${lookup}`,
        'POST /v1/wizard/lead day-old-key-01',
      );
      expect(plan.map((row) => row['QUERY PLAN']).join(' ')).toMatch(
        /Index Scan using submissions_idempotency/,
      );
    }
  });
});

describe("the client's limit", () => {
  it('rate-limits submissions per client, each request once, storing nothing over the limit', async () => {
    // Clients behind one proxy, told apart by the address it forwards.
    const limited = await startTestServer({ RATE_LIMIT_SUBMISSIONS: '4', TRUST_PROXY: '1' });
    try {
      const client = limited.client();
      const from = { 'X-Forwarded-For': '198.51.100.7' };
      const send = (path: string, body: unknown, headers?: Record<string, string>) =>
        call(client, 'post', path, body, { ...from, ...headers });
      const first = await send('/v1/wizard/contact', { contact: contact(), message: 'hi' });
      expect(first.status).toBe(201);
      expect(first.headers.get('x-ratelimit-limit')).toBe('4');
      expect(first.headers.get('x-ratelimit-remaining')).toBe('3');
      expect(Number(first.headers.get('x-ratelimit-reset'))).toBeGreaterThan(0);
      // A refused submission counts, a bot's too, and a retry with its Idempotency-Key.
      const refused = await send('/v1/wizard/lead', {
        contact: contact({ customFields: { dataPrivacy: false, acceptContact: true } }),
        lead: lead(),
      });
      expect([refused.status, refused.headers.get('x-ratelimit-remaining')]).toEqual([400, '2']);
      const bot = await send('/v1/wizard/contact', {
        contact: contact(),
        meta: { website: 'spam.example', fillMs: 9000 },
      });
      expect([bot.status, bot.headers.get('x-ratelimit-remaining')]).toEqual([201, '1']);
      const keyed = { 'Idempotency-Key': 'aaaaaaaaaaaa-retry' };
      const body = { contact: contact({ email: 'lea@example.de' }), lead: lead() };
      const once = await send('/v1/wizard/lead', body, keyed);
      expect([once.status, once.headers.get('x-ratelimit-remaining')]).toEqual([201, '0']);
      const retry = await send('/v1/wizard/lead', body, keyed);
      expect(retry.status).toBe(429);
      expect(Number(retry.headers.get('retry-after'))).toBeGreaterThan(0);
      expect(retry.headers.get('x-ratelimit-remaining')).toBe('0');
      // Every submission route counts against the same limit; over it, nothing is stored.
      const over = await send('/v1/wizard/lead', {
        contact: contact({ email: 'over@example.de' }),
        lead: lead(),
      });
      expect(over.status).toBe(429);
      const stored = await limited.app.sql.all<{ email: string }>(
        `SELECT c.email FROM submissions s JOIN contacts c ON c.id = s.contact_id
         WHERE c.email <> ? ORDER BY s.id`,
        DEMO_CUSTOMER,
      );
      expect(stored.map((row) => row.email)).toEqual([contact().email, 'lea@example.de']);
      expect(await limited.app.sql.one(Q.contactByEmail, 'over@example.de')).toBeUndefined();
      // Another client has its own window.
      const other = await call(
        client,
        'post',
        '/v1/wizard/contact',
        { contact: contact(), message: 'hi' },
        { 'X-Forwarded-For': '198.51.100.8' },
      );
      expect([other.status, other.headers.get('x-ratelimit-remaining')]).toEqual([201, '3']);
    } finally {
      await limited.close();
    }
  });
});

describe('a saved search edited through its wizard', () => {
  let server: Server;
  beforeEach(async () => {
    server = await startTestServer();
  });
  afterEach(async () => {
    await server.close();
  });

  it('edits its own saved search through the wizard without a new opt-in', async () => {
    const client = await loggedIn(server);
    const { uuid } = (await call(client, 'post', '/v1/saved-search', savedSearch())).body as {
      uuid: string;
    };
    const mailsBefore = (await server.mails()).length;
    const edit = await call(client, 'post', '/v1/wizard/saved-search', {
      contact: contact(),
      savedSearch: savedSearch({ uuid, categoryId: 22332 }),
    });
    expect(edit.body).toEqual({ success: true, uuid });
    expect((await server.mails()).length).toBe(mailsBefore);
    expect((await call(client, 'get', '/v1/saved-search')).body).toEqual([
      expect.objectContaining({ uuid, categoryId: 22332 }),
    ]);
  });

  it('editing a saved search through the wizard needs the nonce', async () => {
    const { login } = await loginKey(server);
    const { client } = await logIn(server, login);
    const created = await client.post<{ uuid: string }>(`${PREFIX}/v1/saved-search`, savedSearch());
    const edit = {
      contact: contact(),
      savedSearch: { ...savedSearch(), uuid: created.body.uuid },
    };
    const nonce = client.nonce;
    client.nonce = null;
    expect(
      (await client.post(`${PREFIX}/v1/wizard/saved-search`, edit, { 'X-WP-Nonce': 'wrong' }))
        .status,
    ).toBe(403);
    client.nonce = nonce;
    expect((await client.post(`${PREFIX}/v1/wizard/saved-search`, edit)).status).toBe(201);
  });
});
