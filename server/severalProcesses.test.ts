/**
 * @jest-environment node
 */
import pg from 'pg';
import { createTestDatabase, testPostgresUrl, untilWaitingForLocks } from '../test/server/postgres';
import {
  contact,
  keyOf,
  lead,
  newLoggedInContact,
  PREFIX,
  staffSignIn,
  startTestServer,
  type TestClient,
} from '../test/server/testServer';

type Server = Awaited<ReturnType<typeof startTestServer>>;
const cluster = testPostgresUrl();
const onPostgres = cluster ? describe : describe.skip;
const AGENCY = 'makler@immosuite.local';
const AGENCY_API = '/agency/api';

const signInStaff = (server: Server): Promise<TestClient> => staffSignIn(server, AGENCY);

onPostgres('the server on PostgreSQL (DATABASE_URL)', () => {
  let one: Server;
  let other: Server;
  /** The test's own connection, for locks that line two servers' requests up. */
  let admin: pg.Client;
  beforeAll(async () => {
    const env = { DATABASE_URL: await createTestDatabase(cluster!), AGENCY_EMAIL: AGENCY };
    admin = new pg.Client({ connectionString: env.DATABASE_URL });
    await admin.connect();
    one = await startTestServer(env);
    // A second server process on the same database and secret (DATA_DIR).
    other = await startTestServer(env, one.dataDir);
  });
  afterAll(async () => {
    await admin.end();
    await one.close();
    await other.close();
  });

  it('stores a lead once when two servers take the same Idempotency-Key at the same moment', async () => {
    const email = 'pg.lead@example.de';
    const body = { contact: contact({ email }), lead: lead(), message: 'Bitte abends anrufen.' };
    const headers = { 'Idempotency-Key': 'pg-lead-key-0001' };
    // Lines both tries up: a contact of the same address is being written (not committed), so
    // both wait in the middle of their transactions until the test lets them go together.
    await admin.query('BEGIN');
    await admin.query('INSERT INTO contacts (email, created_at, updated_at) VALUES ($1, $2, $2)', [
      email,
      new Date().toISOString(),
    ]);
    const send = (server: Server) =>
      server.client().post<{ uuid: string }>(`${PREFIX}/v1/wizard/lead`, body, headers);
    const tries = Promise.all([send(one), send(other)]);
    await untilWaitingForLocks(admin, 2);
    await admin.query('COMMIT');
    const [first, second] = await tries;
    expect([first.status, second.status]).toEqual([201, 201]);
    expect(second.body.uuid).toBe(first.body.uuid);
    // Exactly one of them was a replay of the other.
    expect(
      [first, second].filter((answer) => answer.headers.get('idempotent-replayed') === 'true'),
    ).toHaveLength(1);
    const stored = await admin.query('SELECT count(*) AS n FROM submissions WHERE uuid = $1', [
      first.body.uuid,
    ]);
    expect(Number(stored.rows[0].n)).toBe(1);
    expect((await one.mails()).filter((mail) => mail.to === email)).toHaveLength(1);
  });

  it('confirms once, and tells the agency once, when both servers take the link at the same moment', async () => {
    const email = 'pg.lead@example.de';
    const k = keyOf((await one.mails()).find((mail) => mail.to === email)!.links[0]!);
    // The submission's row is locked: both confirmations read it as unconfirmed and then wait
    // to change it, until the test lets them go together.
    await admin.query('BEGIN');
    await admin.query(
      `SELECT id FROM submissions WHERE contact_id = (SELECT id FROM contacts WHERE email = $1)
       FOR UPDATE`,
      [email],
    );
    const confirm = (server: Server) =>
      server.client().post<{ opcode: string }>(`${PREFIX}/v1/wizard/confirm`, { k });
    const answers = Promise.all([confirm(one), confirm(other)]);
    await untilWaitingForLocks(admin, 2);
    await admin.query('COMMIT');
    expect((await answers).map((answer) => answer.body.opcode).sort()).toEqual([
      'AlreadyConfirmed',
      'Contact',
    ]);
    expect((await one.mails()).filter((mail) => mail.to === AGENCY)).toHaveLength(1);
  });

  it('answers another request under a used key with 422, and takes a day-old key as new', async () => {
    const headers = { 'Idempotency-Key': 'pg-reused-key-01' };
    const body = (message: string) => ({
      contact: contact({ email: 'pg.reuse@example.de' }),
      message,
    });
    const send = (message: string) =>
      one.client().post<{ uuid: string }>(`${PREFIX}/v1/wizard/contact`, body(message), headers);
    const first = await send('Erste Nachricht');
    expect(first.status).toBe(201);
    expect((await send('Eine andere Nachricht')).status).toBe(422);
    await admin.query(
      `UPDATE submissions SET created_at = '2020-01-01T00:00:00.000Z' WHERE uuid = $1`,
      [first.body.uuid],
    );
    const later = await send('Eine andere Nachricht');
    expect(later.status).toBe(201);
    expect(later.headers.get('idempotent-replayed')).toBeNull();
    expect(later.body.uuid).not.toBe(first.body.uuid);
  });

  it('keeps a session opened on one server valid on the other', async () => {
    const client = await newLoggedInContact(one, 'pg.portal@example.de');
    const elsewhere = other.client();
    for (const [name, value] of client.cookies) elsewhere.cookies.set(name, value);
    elsewhere.nonce = client.nonce;
    const me = await elsewhere.get<{ email: string }>(`${PREFIX}/v1/contact`);
    expect(me.status).toBe(200);
    expect(me.body.email).toBe('pg.portal@example.de');
  });

  it("shows the agency its inbox, a submission's record, the CSV and the funnel", async () => {
    const staff = await signInStaff(other);
    const list = await staff.get<{ items: { uuid: string; email: string; confirmed: boolean }[] }>(
      `${AGENCY_API}/submissions?q=pg.lead`,
    );
    expect(list.status).toBe(200);
    expect(list.body.items).toEqual([
      expect.objectContaining({ email: 'pg.lead@example.de', confirmed: true }),
    ]);
    const record = await staff.get<{ submission: { message: string; lead: { category: string } } }>(
      `${AGENCY_API}/submissions/${list.body.items[0]!.uuid}`,
    );
    expect(record.body.submission).toMatchObject({
      message: 'Bitte abends anrufen.',
      lead: { category: expect.any(String) },
    });
    const csv = await fetch(`${other.base}${AGENCY_API}/submissions.csv?q=pg.lead`, {
      headers: { Cookie: [...staff.cookies].map(([k, v]) => `${k}=${v}`).join('; ') },
    });
    expect(await csv.text()).toContain('pg.lead@example.de');
    const funnel = await staff.get<{
      wizards: { wizard: string; stages: { stage: string; count: number }[] }[];
    }>(`${AGENCY_API}/funnel?from=2000-01-01&to=2099-12-31`);
    const leadStages = funnel.body.wizards.find((w) => w.wizard === 'lead-wizard')!.stages;
    expect(leadStages.find((s) => s.stage === 'sent')!.count).toBeGreaterThanOrEqual(1);
    expect(leadStages.find((s) => s.stage === 'confirmed')!.count).toBeGreaterThanOrEqual(1);
  });
});

onPostgres('rate limits of servers on one PostgreSQL database', () => {
  it('counts a client and an address on either server against one limit', async () => {
    const env = {
      DATABASE_URL: await createTestDatabase(cluster!),
      RATE_LIMIT_SUBMISSIONS: '3',
      RATE_LIMIT_LOGIN_MAILS: '2',
    };
    const one = await startTestServer(env);
    const other = await startTestServer(env, one.dataDir);
    try {
      const statuses: number[] = [];
      for (const server of [one, other, one, other]) {
        const answer = await server
          .client()
          .post(`${PREFIX}/v1/wizard/contact`, { contact: contact(), message: 'Hallo' });
        statuses.push(answer.status);
      }
      expect(statuses).toEqual([201, 201, 201, 429]);
      const mails: number[] = [];
      for (const server of [other, one, other]) {
        const answer = await server
          .client()
          .post(`${PREFIX}/v1/auth/email`, { email: 'kunde@example.de' });
        mails.push(answer.status);
      }
      expect(mails).toEqual([200, 200, 429]);
      // A staff address the same, from any client, on either server.
      const staffMails: number[] = [];
      for (const server of [one, other, one])
        staffMails.push(
          (await server.client().post(`${AGENCY_API}/auth/email`, { email: AGENCY })).status,
        );
      expect(staffMails).toEqual([200, 200, 429]);
    } finally {
      await one.close();
      await other.close();
    }
  });
});
