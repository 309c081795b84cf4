/**
 * @jest-environment node
 *
 * Every parameter of every agency route is checked against the contract before a handler
 * runs: a malformed one is a 400 in the API's error shape, never a 500 (on SQLite and, with
 * `npm run test:postgres`, on PostgreSQL, whose bigint, date and text refuse more than
 * SQLite does).
 */
import fc from 'fast-check';
import { responseConforms } from '../../contract/validator';
import {
  contact,
  lead,
  PREFIX,
  staffSignIn,
  startTestServer,
  type TestClient,
} from '../../test/server/testServer';

type Server = Awaited<ReturnType<typeof startTestServer>>;
const API = '/agency/api';
const STAFF = 'team@makler.example';

/** Days that match YYYY-MM-DD but are none, or lie outside the days the inbox takes. */
const NO_DAYS = ['2026-13-45', '9999-12-31', '0000-00-00', '2026-02-30', '1999-12-31', '2026-1-5'];
/** Numbers PostgreSQL's bigint (or any row id) cannot take. */
const NO_IDS = [
  '1e20',
  '99999999999999999999',
  '9223372036854775808',
  '1e308',
  '1e999',
  'Infinity',
  '-Infinity',
  '0',
  '-1',
  '1.5',
  'abc',
];

describe('agency parameters', () => {
  let server: Server;
  let staff: TestClient;
  let uuid: string;
  beforeAll(async () => {
    server = await startTestServer({ AGENCY_USERS: STAFF });
    await server.client().post(`${PREFIX}/v1/wizard/lead`, {
      contact: contact({ email: 'p@example.de' }),
      lead: lead(),
    });
    staff = await staffSignIn(server, STAFF);
    uuid = (await staff.get<{ items: { uuid: string }[] }>(`${API}/submissions`)).body.items[0]!
      .uuid;
  });
  afterAll(() => server.close());

  /** The request, answered 400 in the contract's error shape. */
  async function expectRefused(method: 'GET' | 'POST' | 'PUT', path: string, body?: unknown) {
    const answer = await staff.request<{ code: string; data: { status: number } }>(method, path, {
      ...(body !== undefined ? { body } : {}),
    });
    expect({ path, status: answer.status, code: answer.body?.code }).toEqual({
      path,
      status: 400,
      code: 'rest_invalid_param',
    });
    expect(responseConforms(method.toLowerCase() as 'get', path, 400, answer.body)).toEqual({
      ok: true,
    });
  }

  it('refuses a day that is no day, on the list, the CSV and the funnel', async () => {
    for (const day of NO_DAYS) {
      for (const end of ['from', 'to']) {
        await expectRefused('GET', `${API}/submissions?${end}=${day}`);
        await expectRefused('GET', `${API}/submissions.csv?${end}=${day}`);
      }
      await expectRefused('GET', `${API}/funnel?from=2026-01-01&to=${day}`);
      await expectRefused('GET', `${API}/funnel?from=${day}&to=2026-01-01`);
    }
    await expectRefused('GET', `${API}/funnel?from=2026-01-01`);
  });

  it('refuses page keys and delivery ids no row can have', async () => {
    for (const id of NO_IDS) {
      await expectRefused('GET', `${API}/submissions?after=${encodeURIComponent(id)}`);
      await expectRefused(
        'GET',
        `${API}/submissions?after=${Buffer.from(`["date",null,${id}]`).toString('base64url')}`,
      );
      await expectRefused('POST', `${API}/deliveries/${id}/retry`, {});
    }
  });

  it('refuses a search with a control character, and parameters the route does not take', async () => {
    for (const q of ['%00', 'a%0Ab', '%7F', 'x'.repeat(101)]) {
      await expectRefused('GET', `${API}/submissions?q=${q}`);
      await expectRefused('GET', `${API}/submissions.csv?q=${q}`);
    }
    await expectRefused('GET', `${API}/submissions?kind=house`);
    await expectRefused('GET', `${API}/submissions?handling=archived`);
    await expectRefused('GET', `${API}/submissions?confirmed=yes`);
    await expectRefused('GET', `${API}/submissions?sort=size`);
    await expectRefused('GET', `${API}/submissions?order=newest`);
    await expectRefused('GET', `${API}/submissions.csv?sort=name%00`);
    await expectRefused('GET', `${API}/submissions.csv?after=abc`);
    await expectRefused('GET', `${API}/submissions.csv?before=5`);
  });

  it('refuses a malformed submission id and status', async () => {
    for (const bad of ['x', '1', `${uuid}x`, 'zzzzzzzz-zzzz-zzzz-zzzz-zzzzzzzzzzzz']) {
      await expectRefused('GET', `${API}/submissions/${bad}`);
      await expectRefused('PUT', `${API}/submissions/${bad}/handling`, { handling: 'done' });
    }
    await expectRefused('PUT', `${API}/submissions/${uuid}/handling`, { handling: 'archived' });
    await expectRefused('PUT', `${API}/submissions/${uuid}/handling`, {});
    await expectRefused('PUT', `${API}/submissions/${uuid}/handling`, {
      handling: 'done',
      more: 1,
    });
  });

  it('refuses a malformed sign-in', async () => {
    const anyone = server.client();
    for (const body of [
      {},
      { email: { at: 'a@b.de' } },
      { email: 'x'.repeat(255) },
      { email: 'a@b.de', x: 1 },
    ]) {
      const answer = await anyone.post<{ code: string }>(`${API}/auth/email`, body);
      expect([answer.status, answer.body.code]).toEqual([400, 'rest_invalid_param']);
    }
    for (const body of [{}, { k: '' }, { k: 'k'.repeat(201) }]) {
      const answer = await anyone.post<{ code: string }>(`${API}/auth/login`, body);
      expect([answer.status, answer.body.code]).toEqual([400, 'rest_invalid_param']);
    }
  });

  it('answers any text in any filter parameter with a page or a 400, never with a failure (property)', async () => {
    const parameter = fc.constantFrom('kind', 'handling', 'confirmed', 'from', 'to', 'q', 'before');
    // Texts a form or a script might send: numbers, days, control characters, any Unicode.
    const value = fc.oneof(
      fc.string({ unit: 'binary', maxLength: 30 }),
      fc.integer().map(String),
      fc.double().map(String),
      fc.bigInt().map(String),
      fc
        .tuple(
          fc.integer({ min: 0, max: 99999 }),
          fc.integer({ min: 0, max: 99 }),
          fc.integer({ min: 0, max: 99 }),
        )
        .map(
          ([y, m, d]) =>
            `${String(y).padStart(4, '0')}-${String(m).padStart(2, '0')}-${String(d).padStart(2, '0')}`,
        ),
    );
    await fc.assert(
      fc.asyncProperty(parameter, value, fc.boolean(), async (name, text, csv) => {
        const query = new URLSearchParams({ [name]: text }).toString();
        const path = `${API}/submissions${csv && name !== 'before' ? '.csv' : ''}?${query}`;
        const answer = await staff.get(path);
        expect([200, 400]).toContain(answer.status);
        if (answer.status === 400 || !csv)
          expect(responseConforms('get', path, answer.status, answer.body)).toEqual({ ok: true });
      }),
      { numRuns: 150 },
    );
    // And the server is still there.
    expect((await staff.get(`${API}/auth/me`)).status).toBe(200);
  });
});
