/**
 * @jest-environment node
 *
 * A contact's erasure, asked for by staff in the inbox or by the contact deleting its account
 * in 'Mein Konto': afterwards no row of any table holds the contact's address or name, an
 * erasure record without personal data says when and who asked, a `contact.erased` webhook
 * call carries only the former id, another contact keeps everything, and a second erasure is
 * a 404 (staff) or finds no session (the contact).
 */
import { responseConforms } from '../../contract/validator';
import {
  contact,
  keyOf,
  lead,
  mailTo,
  PREFIX,
  savedSearch,
  staffSignIn,
  startTestServer,
  type TestClient,
} from '../../test/server/testServer';

type Server = Awaited<ReturnType<typeof startTestServer>>;
const STAFF = 'team@makler.example';
const EMAIL = 'zorabel.quistorp@example.de';
const FIRSTNAME = 'Zorabel';
const LASTNAME = 'Quistorp';
const OTHER = 'erika@example.de';

/** Every table's rows (views left out), to look for a contact's data anywhere. */
async function everyRow(server: Server): Promise<Record<string, unknown[]>> {
  const sql = server.app.sql;
  const tables =
    sql.dialect === 'sqlite'
      ? await sql.all<{ name: string }>(
          "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'",
        )
      : await sql.all<{ name: string }>(
          `SELECT table_name AS name FROM information_schema.tables
           WHERE table_schema = current_schema() AND table_type = 'BASE TABLE'`,
        );
  const rows: Record<string, unknown[]> = {};
  for (const { name } of tables) rows[name] = await sql.all(`SELECT * FROM ${name}`);
  return rows;
}

/** The tables with a row whose text holds any of `needles` (case-insensitive). */
async function tablesHolding(server: Server, needles: string[]): Promise<string[]> {
  const found: string[] = [];
  for (const [table, rows] of Object.entries(await everyRow(server))) {
    const text = JSON.stringify(rows).toLowerCase();
    if (needles.some((needle) => text.includes(needle.toLowerCase()))) found.push(table);
  }
  return found;
}

/**
 * A visitor sends a lead, confirms it, logs in, saves a search and changes its phone in
 * 'Mein Konto' (both with an Idempotency-Key, whose answers are kept); the client holds the
 * session and nonce. Returns the lead's uuid.
 */
async function busyContact(server: Server, email: string, names = {}) {
  const client = server.client();
  const sent = await client.post<{ uuid: string }>(`${PREFIX}/v1/wizard/lead`, {
    contact: contact({ email, ...names }),
    lead: lead(),
  });
  expect(sent.status).toBe(201);
  const toIt = (m: { to: string; links: string[] }) => m.to === email && m.links.length > 0;
  await client.post(`${PREFIX}/v1/wizard/confirm`, {
    k: keyOf((await mailTo(server, toIt)).links[0]!),
  });
  await client.post(`${PREFIX}/v1/auth/email`, { email });
  const k = keyOf((await mailTo(server, toIt, 2)).links[0]!);
  await client.post(`${PREFIX}/v1/auth/login`, { k });
  client.nonce = (
    await client.post<{ nonce: string }>(`${PREFIX}/v1/auth/login/nonce`, { k })
  ).body.nonce;
  const saved = await client.post(`${PREFIX}/v1/saved-search`, savedSearch(), {
    'Idempotency-Key': `search-${email.length}-0001`,
  });
  expect(saved.status).toBeLessThan(300);
  const record = contact({ email, ...names, phone: '0171 555 0100' });
  const changed = await client.put(`${PREFIX}/v1/contact`, record, {
    'Idempotency-Key': `record-${email.length}-0001`,
  });
  expect(changed.status).toBe(200);
  return { client, uuid: sent.body.uuid };
}

describe.each([
  ['staff erase a contact from the inbox', 'staff'],
  ["a contact deletes its account in 'Mein Konto'", 'contact'],
] as const)('%s', (_name, by) => {
  let server: Server;
  let staff: TestClient;
  let account: TestClient;
  let uuid = '';
  let otherUuid: string;
  let otherSearches: number;
  beforeAll(async () => {
    server = await startTestServer({
      AGENCY_USERS: STAFF,
      AGENCY_EMAIL: 'postfach@makler.example',
      AGENCY_NOTICE: 'on-submit',
      // Nobody listens there: the webhook calls stay in the outbox, not yet sent.
      WEBHOOK_URL: 'http://127.0.0.1:9/hooks',
      WEBHOOK_SECRET: `whsec_${Buffer.alloc(32, 7).toString('base64')}`,
    });
    ({ client: account, uuid } = await busyContact(server, EMAIL, {
      firstname: FIRSTNAME,
      lastname: LASTNAME,
    }));
    ({ uuid: otherUuid } = await busyContact(server, OTHER));
    otherSearches = await savedSearchesOf(OTHER);
    expect(otherSearches).toBeGreaterThan(0);
    staff = await staffSignIn(server, STAFF);
    // Staff's work on both contacts' submissions: read, a note naming the contact, assigned.
    for (const [of, name] of [
      [uuid, `${FIRSTNAME} ${LASTNAME} (${EMAIL}) ruft zurück`],
      [otherUuid, 'Rückruf'],
    ] as const) {
      expect((await staff.put(`/agency/api/submissions/${of}/read`, { read: true })).status).toBe(
        200,
      );
      expect((await staff.post(`/agency/api/submissions/${of}/notes`, { text: name })).status).toBe(
        201,
      );
      const assigned = await staff.put(`/agency/api/submissions/${of}/assignee`, {
        assignee: STAFF,
      });
      expect(assigned.status).toBe(200);
    }
  });
  afterAll(() => server.close());

  const savedSearchesOf = async (email: string) =>
    Number(
      (await server.app.sql.one<{ n: number }>(
        `SELECT count(*) AS n FROM saved_searches s JOIN contacts c ON c.id = s.contact_id
         WHERE c.email = ?`,
        email,
      ))!.n,
    );

  const erase = () => (by === 'staff' ? staff : account).del(path());
  const path = () =>
    by === 'staff' ? `/agency/api/submissions/${uuid}/contact` : `${PREFIX}/v1/contact`;

  it('leaves no row anywhere with the address or name, and a record of the erasure', async () => {
    // The contact's data is in many tables before.
    expect((await tablesHolding(server, [EMAIL])).length).toBeGreaterThan(4);
    const answer = await erase();
    expect(answer.status).toBe(200);
    expect(responseConforms('delete', path(), 200, answer.body)).toEqual({ ok: true });
    const { removed } = answer.body as { removed: Record<string, number> };
    expect(removed).toMatchObject({ submissions: 1, savedSearches: 1, keptAnswers: 2 });
    expect(removed.sessions).toBeGreaterThanOrEqual(1);
    expect(removed.deliveriesDropped).toBeGreaterThanOrEqual(1);
    expect(removed.deliveriesCleared).toBeGreaterThanOrEqual(1);

    expect(await tablesHolding(server, [EMAIL, FIRSTNAME, LASTNAME])).toEqual([]);
    const records = await server.app.sql.all<Record<string, unknown>>('SELECT * FROM erasures');
    expect(records).toEqual([
      {
        id: expect.anything(),
        at: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
        requested_by: by,
        staff: by === 'staff' ? STAFF : null,
        removed: JSON.stringify(removed),
      },
    ]);
    // The agency's systems learn the former id, and nothing else.
    const erased = await server.app.sql.all<{ payload: string; status: string }>(
      "SELECT payload, status FROM deliveries WHERE kind = 'contact.erased'",
    );
    expect(erased).toHaveLength(1);
    expect(JSON.parse(erased[0]!.payload)).toEqual({
      type: 'contact.erased',
      timestamp: expect.any(String),
      data: { contact: { id: expect.any(Number) }, submissions: [uuid], at: expect.any(String) },
    });
  });

  it("takes staff's notes and read marks on the contact's submissions with them", async () => {
    const left = async (table: string) =>
      (await server.app.sql.all<{ submission_id: number }>(`SELECT submission_id FROM ${table}`))
        .length;
    // Only the other contact's submission keeps its note and read mark.
    expect(await left('submission_notes')).toBe(1);
    expect(await left('submission_reads')).toBe(1);
  });

  it('keeps the other contact whole', async () => {
    const detail = await staff.get<{
      submission: { contact: { email: string } };
      notes: { text: string }[];
      read: boolean;
      assignee: string | null;
    }>(`/agency/api/submissions/${otherUuid}`);
    expect(detail.status).toBe(200);
    expect(detail.body.submission.contact.email).toBe(OTHER);
    expect(detail.body).toMatchObject({ read: true, assignee: STAFF });
    expect(detail.body.notes.map((note) => note.text)).toEqual(['Rückruf']);
    expect(await savedSearchesOf(OTHER)).toBe(otherSearches);
  });

  it('ends the session, and a second erasure finds nothing', async () => {
    expect((await account.get(`${PREFIX}/v1/contact`)).status).toBe(403);
    expect((await staff.get(`/agency/api/submissions/${uuid}`)).status).toBe(404);
    const again = await erase();
    expect(again.status).toBe(by === 'staff' ? 404 : 403);
  });
});

describe('staff remove the seeded demo entries in one action', () => {
  let server: Server;
  let staff: TestClient;
  beforeAll(async () => {
    server = await startTestServer({ AGENCY_USERS: STAFF });
    await busyContact(server, OTHER);
    staff = await staffSignIn(server, STAFF);
  });
  afterAll(() => server.close());

  it('erases the demo customer with its submissions, and keeps everyone else', async () => {
    const demo = ['kunde@example.de', 'Musterkundin'];
    expect((await tablesHolding(server, demo)).length).toBeGreaterThan(1);
    const answer = await staff.del('/agency/api/demo');
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({ contacts: 1 });
    expect(responseConforms('delete', '/agency/api/demo', 200, answer.body)).toEqual({ ok: true });
    expect(await tablesHolding(server, demo)).toEqual([]);
    expect(await server.app.sql.all('SELECT requested_by, staff FROM erasures')).toEqual([
      { requested_by: 'staff', staff: STAFF },
    ]);
    const list = await staff.get<{ items: { email: string }[] }>('/agency/api/submissions');
    expect(list.body.items.map((row) => row.email)).toEqual([OTHER]);
    // Nothing is left to remove.
    expect((await staff.del('/agency/api/demo')).body).toEqual({ contacts: 0 });
  });
});
