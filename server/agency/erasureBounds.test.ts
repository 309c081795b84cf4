/**
 * @jest-environment node
 *
 * An erasure takes its contact and nothing else, whatever runs beside it: the address
 * 'a.schmidt@…' erased leaves 'anna.schmidt@…' (who holds it in hers) every webhook call and
 * mail; on PostgreSQL (several connections) an erasure while the same address sends forms
 * answers 200 and every form 201, and two erasures of one contact at once answer 200 and 404.
 */
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

let server: Server;
let staff: TestClient;

beforeAll(async () => {
  server = await startTestServer({
    AGENCY_USERS: STAFF,
    AGENCY_EMAIL: 'postfach@makler.example',
    AGENCY_NOTICE: 'on-submit',
    // Nobody listens there: the webhook calls stay in the outbox, not yet sent.
    WEBHOOK_URL: 'http://127.0.0.1:9/hooks',
    WEBHOOK_SECRET: `whsec_${Buffer.alloc(32, 7).toString('base64')}`,
  });
  await server.app.outbox.stop();
  staff = await staffSignIn(server, STAFF);
});
afterAll(() => server.close());

async function sendLead(email: string) {
  const sent = await server.client().post<{ uuid: string }>(`${PREFIX}/v1/wizard/lead`, {
    contact: contact({ email }),
    lead: lead(),
  });
  return sent;
}

it('erases an address, never a longer one that holds it', async () => {
  const anna = 'anna.schmidt@example.de';
  const visitor = server.client();
  const saved = await visitor.post(`${PREFIX}/v1/wizard/saved-search`, {
    contact: contact({ email: anna, firstname: 'Anna', lastname: 'Schmidt' }),
    savedSearch: savedSearch(),
  });
  expect(saved.status).toBe(201);
  const toAnna = (m: { to: string; links: string[] }) => m.to === anna && m.links.length > 0;
  await visitor.post(`${PREFIX}/v1/wizard/confirm`, {
    k: keyOf((await mailTo(server, toAnna)).links[0]!),
  });
  // Matching's job writes and announces her search's pairs after the confirmation.
  await server.app.matcher.runDue();
  const annas = async () => ({
    deliveries: await server.app.sql.all<{ kind: string; payload: string }>(
      `SELECT kind, payload FROM deliveries WHERE payload LIKE '%anna.schmidt@%' ORDER BY id`,
    ),
    mails: await server.app.sql.all(
      `SELECT * FROM mails WHERE recipient = ? OR body LIKE '%anna.schmidt@%' ORDER BY id`,
      anna,
    ),
  });
  const before = await annas();
  // Her confirmed search matched a listing: a call without a submission that carries her address.
  expect(before.deliveries.map((d) => d.kind)).toContain('match.found');
  expect(before.mails.length).toBeGreaterThan(0);

  const sent = await sendLead('a.schmidt@example.de');
  expect(sent.status).toBe(201);
  const erased = await staff.del(`/agency/api/submissions/${sent.body.uuid}/contact`);
  expect(erased.status).toBe(200);
  expect(await annas()).toEqual(before);
});

it('answers 200 to an erasure while the same address sends forms, and 201 to each form', async () => {
  for (let round = 0; round < 3; round += 1) {
    const email = `gleichzeitig${round}@example.de`;
    const first = await sendLead(email);
    expect(first.status).toBe(201);
    const [erased, ...forms] = await Promise.all([
      staff.del(`/agency/api/submissions/${first.body.uuid}/contact`),
      ...Array.from({ length: 10 }, () => sendLead(email)),
    ]);
    expect(erased.status).toBe(200);
    expect(forms.map((form) => form.status)).toEqual(Array(10).fill(201));
    // Every form the erasure did not take is the new contact's, whole.
    const left = await server.app.sql.all<{ uuid: string }>(
      `SELECT s.uuid FROM submissions s JOIN contacts c ON c.id = s.contact_id WHERE c.email = ?`,
      email,
    );
    expect(left.length).toBeLessThanOrEqual(10);
    for (const { uuid } of left)
      expect((await staff.get(`/agency/api/submissions/${uuid}`)).status).toBe(200);
  }
});

it('answers 200 and 404 to two erasures of one contact at once', async () => {
  const sent = await sendLead('doppelt@example.de');
  const path = `/agency/api/submissions/${sent.body.uuid}/contact`;
  const answers = await Promise.all([staff.del(path), staff.del(path)]);
  expect(answers.map((answer) => answer.status).sort()).toEqual([200, 404]);
  expect(
    await server.app.sql.all('SELECT id FROM erasures WHERE removed LIKE \'%"submissions":0%\''),
  ).toEqual([]);
});
