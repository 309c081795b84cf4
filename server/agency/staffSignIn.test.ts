/**
 * @jest-environment node
 *
 * The staff sign-in form tells no one who is staff, by its answer or by its timing, mails
 * nothing to an address that is not staff, and cannot be used to flood a staff address:
 * RATE_LIMIT_LOGIN_MAILS counts per address as it does for contacts, whatever client asks.
 */
import type { ServerResponse } from 'node:http';
import type { Queryable } from '../db/sql';
import { mailTo, startTestServer } from '../../test/server/testServer';

type Server = Awaited<ReturnType<typeof startTestServer>>;
const API = '/agency/api';
const STAFF = 'team@makler.example';
const STRANGER = 'niemand@makler.example';

describe('staff sign-in mails', () => {
  let server: Server;
  beforeAll(async () => {
    server = await startTestServer({
      AGENCY_USERS: `${STAFF}, chefin@makler.example, buero@makler.example`,
      TRUST_PROXY: '1',
      // Behind a proxy the dev mailbox is asked for explicitly.
      DEV_MAILBOX: '1',
      RATE_LIMIT_LOGIN_MAILS: '3',
      RATE_LIMIT_LOGIN_CLIENT: '1000',
    });
  });
  afterAll(() => server.close());
  afterEach(() => jest.restoreAllMocks());

  /** Asks for a link to `email` from the client address `ip` (through the trusted proxy). */
  const ask = (email: string, ip: string) =>
    server.client().post(`${API}/auth/email`, { email }, { 'X-Forwarded-For': ip });

  it('are limited per address, whichever clients ask, for staff and strangers alike', async () => {
    for (const email of [STAFF, STRANGER]) {
      const statuses: number[] = [];
      for (let round = 0; round < 2; round += 1)
        for (let client = 1; client <= 5; client += 1)
          statuses.push((await ask(email, `203.0.113.${client}`)).status);
      expect(statuses).toEqual([200, 200, 200, ...Array<number>(7).fill(429)]);
    }
    // Three links reached the staff address; the other address got nothing (no backscatter).
    // Another staff member asks last: once that link is stored, every earlier request's work
    // is done.
    expect((await ask('buero@makler.example', '203.0.113.9')).status).toBe(200);
    await mailTo(server, (m) => m.to === 'buero@makler.example');
    await mailTo(server, (m) => m.to === STAFF, 3);
    const mails = await server.mails();
    expect(mails.filter((m) => m.to === STAFF).map((m) => m.subject)).toEqual(
      Array<string>(3).fill('Ihr Anmeldelink zum Posteingang'),
    );
    expect(mails.filter((m) => m.to === STRANGER)).toEqual([]);
  });

  it("answers before the key and its mail are made, and does the same work for every address before the answer and after it, a stranger's rolled back", async () => {
    const sql = server.app.sql;
    // The worker's polls are no part of a request.
    await server.app.outbox.stop();
    // Responses finished so far, and each statement with the count when it was asked.
    let finished = 0;
    const onRequest = (_request: unknown, response: ServerResponse) =>
      response.on('finish', () => (finished += 1));
    server.app.server.on('request', onRequest);
    const asked: { finished: number; what: string }[] = [];
    const record = (what: string) => asked.push({ finished, what });
    /** `queryable` with every statement recorded. */
    const watched = (queryable: Queryable): Queryable => ({
      dialect: queryable.dialect,
      one: (text, ...params) => (record(text), queryable.one(text, ...params)),
      all: (text, ...params) => (record(text), queryable.all(text, ...params)),
      run: (text, ...params) => (record(text), queryable.run(text, ...params)),
      insert: (text, ...params) => (record(text), queryable.insert(text, ...params)),
    });
    for (const method of ['one', 'all', 'run', 'insert'] as const) {
      const original = sql[method].bind(sql);
      jest
        .spyOn(sql, method)
        .mockImplementation(((text: string, ...params: never[]) =>
          watched({ ...sql, [method]: original })[method](text, ...params)) as never);
    }
    const transaction = sql.transaction.bind(sql);
    jest.spyOn(sql, 'transaction').mockImplementation(((work: (tx: Queryable) => unknown) => {
      record('BEGIN');
      return transaction(async (tx) => work(watched(tx)));
    }) as never);
    try {
      /** The statements of one request for a link, split at its answer. */
      const statementsOf = async (email: string) => {
        const client = server.client();
        await client.get(`${API}/auth/me`); // its XSRF cookie
        asked.length = 0;
        const before = finished;
        // The work after the answer ends by nudging the outbox.
        const done = server.app.outbox.nudged();
        const answer = await client.post(`${API}/auth/email`, { email });
        expect([answer.status, answer.body]).toEqual([200, { sent: true }]);
        const beforeAnswer = asked.filter((a) => a.finished === before).map((a) => a.what);
        await done;
        return {
          beforeAnswer,
          afterAnswer: asked.filter((a) => a.finished > before).map((a) => a.what),
        };
      };
      const staff = await statementsOf('chefin@makler.example');
      // The staff member's link is made after the answer.
      expect(staff.afterAnswer).toContainEqual(expect.stringMatching(/^INSERT INTO staff_keys/));
      await mailTo(server, (m) => m.to === 'chefin@makler.example');
      const stranger = await statementsOf('keiner@makler.example');
      expect(staff.beforeAnswer).toEqual(stranger.beforeAnswer);
      // After the answer the server does a staff address's work for a stranger too, and keeps
      // none of it: the time of a next request tells nothing either.
      expect(stranger.afterAnswer).toEqual(staff.afterAnswer);
      expect(
        await sql.all(`SELECT 1 FROM staff_keys WHERE email = 'keiner@makler.example'`),
      ).toEqual([]);
      expect((await server.mails()).filter((m) => m.to === 'keiner@makler.example')).toEqual([]);
    } finally {
      server.app.server.off('request', onRequest);
      server.app.outbox.start();
    }
  });
});
