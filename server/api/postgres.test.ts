/**
 * @jest-environment node
 */
import { createTestDatabase, testPostgresUrl } from '../db/testPostgres';
import {
  contact,
  keyOf,
  lead,
  newLoggedInContact,
  PREFIX,
  startTestServer,
  type TestClient,
} from '../testing';

type Server = Awaited<ReturnType<typeof startTestServer>>;
const cluster = testPostgresUrl();
const onPostgres = cluster ? describe : describe.skip;
const AGENCY = 'makler@immosuite.local';
const AGENCY_API = '/agency/api';

async function signInStaff(server: Server): Promise<TestClient> {
  const staff = server.client();
  await staff.post(`${AGENCY_API}/auth/email`, { email: AGENCY });
  const link = (await server.mails()).find((mail) => mail.to === AGENCY)!.links[0]!;
  expect((await staff.post(`${AGENCY_API}/auth/login`, { k: keyOf(link) })).status).toBe(200);
  return staff;
}

onPostgres('the server on PostgreSQL (DATABASE_URL)', () => {
  let one: Server;
  let other: Server;
  beforeAll(async () => {
    const env = { DATABASE_URL: await createTestDatabase(cluster!), AGENCY_EMAIL: AGENCY };
    one = await startTestServer(env);
    // A second server process on the same database and secret (DATA_DIR).
    other = await startTestServer(env, one.dataDir);
  });
  afterAll(async () => {
    await one.close();
    await other.close();
  });

  it('stores a lead once under its Idempotency-Key, on either server, and confirms it once', async () => {
    const email = 'pg.lead@example.de';
    const body = { contact: contact({ email }), lead: lead(), message: 'Bitte abends anrufen.' };
    const headers = { 'Idempotency-Key': 'pg-lead-key-0001' };
    const first = await one
      .client()
      .post<{ uuid: string }>(`${PREFIX}/v1/wizard/lead`, body, headers);
    expect(first.status).toBe(201);
    // The retry reaches the other server: the stored answer, nothing stored again.
    const retry = await other
      .client()
      .post<{ uuid: string }>(`${PREFIX}/v1/wizard/lead`, body, headers);
    expect(retry.status).toBe(201);
    expect(retry.body.uuid).toBe(first.body.uuid);
    expect(retry.headers.get('idempotent-replayed')).toBe('true');
    const confirmations = (await one.mails()).filter((mail) => mail.to === email);
    expect(confirmations).toHaveLength(1);
    const k = keyOf(confirmations[0]!.links[0]!);
    const confirm = (server: Server) =>
      server.client().post<{ opcode: string }>(`${PREFIX}/v1/wizard/confirm`, { k });
    const answers = await Promise.all([confirm(one), confirm(other)]);
    expect(answers.map((answer) => answer.body.opcode).sort()).toEqual([
      'AlreadyConfirmed',
      'Contact',
    ]);
    // One notice to the agency, however many confirmations came.
    expect((await one.mails()).filter((mail) => mail.to === AGENCY)).toHaveLength(1);
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
    }>(`${AGENCY_API}/funnel?from=2000-01-01&to=2199-12-31`);
    const leadStages = funnel.body.wizards.find((w) => w.wizard === 'lead-wizard')!.stages;
    expect(leadStages.find((s) => s.stage === 'sent')!.count).toBeGreaterThanOrEqual(1);
    expect(leadStages.find((s) => s.stage === 'confirmed')!.count).toBeGreaterThanOrEqual(1);
  });
});
