/**
 * @jest-environment node
 */
import http from 'node:http';
import net from 'node:net';
import { call, type Server } from '../../test/server/requests';
import {
  confirmedSearch,
  contact,
  lead,
  PREFIX,
  savedSearch,
  startTestServer,
} from '../../test/server/testServer';

/** Lets the event loop turn until `done` holds. */
async function until(done: () => boolean) {
  while (!done()) await new Promise((resolve) => setImmediate(resolve));
}

describe("matching's job beside the requests", () => {
  let server: Server;
  let slow: net.Socket | null = null;
  /**
   * The job's waits for timers: setTimeout called by server/matching/job.ts itself, each made
   * to end at once.
   */
  let jobWaits = 0;
  beforeEach(async () => {
    server = await startTestServer();
    // A search the test's leads (flats to buy in Prenzlauer Berg) pair with: each lead is the
    // job's to pair (on SQLite a lead no search can pair with is not, decision 196).
    await confirmedSearch(
      server,
      { email: 'searcher@example.de' },
      savedSearch({ marketingType: 'buy', fields: [] }),
    );
    // The job runs when the test says (runDue), not when a request wakes it.
    await server.app.matcher.stop();
    const setTimeoutBefore = global.setTimeout;
    jest.spyOn(global, 'setTimeout').mockImplementation(((
      ...args: Parameters<typeof setTimeout>
    ) => {
      // Whose call this is: the first frame outside this file and jest's mock.
      const caller = (new Error().stack ?? '')
        .split('\n')
        .slice(1)
        .find((frame) => !frame.includes('job.test.ts') && !frame.includes('jest-mock'));
      if (!caller?.includes('matching/job.ts')) return setTimeoutBefore(...args);
      // The job's wait is counted, and over at the next turn: no test waits real time for it.
      jobWaits += 1;
      const [callback, , ...rest] = args;
      return setTimeoutBefore(callback, 0, ...rest);
    }) as typeof setTimeout);
  });
  afterEach(async () => {
    jest.restoreAllMocks();
    slow?.destroy();
    await server.close();
  });

  const waiting = async () =>
    Number((await server.app.sql.one<{ n: number }>('SELECT COUNT(*) AS n FROM lead_changes'))!.n);

  const submitLeads = async (n: number) => {
    for (let i = 0; i < n; i += 1)
      expect(
        (
          await call(server.client(), 'post', '/v1/wizard/lead', {
            contact: contact({ email: `owner-${i}@example.de` }),
            lead: lead(),
          })
        ).status,
      ).toBe(201);
  };

  it('waits between its steps while a request is being served, and runs straight on once none is', async () => {
    // A visitor's request whose body is still coming: the process is serving it.
    slow = net.connect(Number(new URL(server.base).port), '127.0.0.1');
    await new Promise((resolve) => slow!.once('connect', resolve));
    slow.write(
      `POST ${PREFIX}/v1/wizard/lead HTTP/1.1\r\nHost: 127.0.0.1\r\n` +
        'Content-Type: application/json\r\nContent-Length: 1000\r\n\r\n{',
    );
    await until(() => server.app.serving() === 1);
    await submitLeads(3);
    expect(await waiting()).toBe(3);
    jobWaits = 0;
    await server.app.matcher.runDue();
    expect(await waiting()).toBe(0);
    expect(jobWaits).toBeGreaterThan(0);

    // Gone: the job no longer waits for it.
    slow.destroy();
    await until(() => server.app.serving() === 0);
    await submitLeads(3);
    await until(() => server.app.serving() === 0);
    expect(await waiting()).toBe(3);
    jobWaits = 0;
    await server.app.matcher.runDue();
    expect(await waiting()).toBe(0);
    expect(jobWaits).toBe(0);
  });

  it('counts no request as served once its connection is gone, answered or not', async () => {
    // A geocoder upstream that takes connections and never answers: a search waits for it.
    const silent = net.createServer(() => {});
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    const upstream = `http://127.0.0.1:${(silent.address() as net.AddressInfo).port}`;
    const geocoding = await startTestServer({ GEOCODER_UPSTREAM: upstream });
    try {
      // Thirteen requests in one packet, the first waiting for the geocoder, then the connection
      // closed: the twelve behind it never get their turn to answer, and none is served any
      // more; nor does the connection collect a listener for each of them.
      let accepted: net.Socket | null = null;
      geocoding.app.server.once('connection', (socket: net.Socket) => (accepted = socket));
      slow = net.connect(Number(new URL(geocoding.base).port), '127.0.0.1');
      await new Promise((resolve) => slow!.once('connect', resolve));
      const get = (path: string) => `GET ${path} HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n`;
      slow.write(
        get('/api/geocoder?q=Kastanienallee') + get(`${PREFIX}/v1/wizard/locations`).repeat(12),
      );
      await until(() => geocoding.app.serving() === 13);
      // Node's own listeners and the count's one, not one a request.
      expect(accepted!.listenerCount('close')).toBeLessThan(5);
      slow.destroy();
      await until(() => geocoding.app.serving() === 0);
    } finally {
      await geocoding.close();
      silent.close();
    }
    // And one answered on a connection kept open: counted while served, not after.
    const kept = new http.Agent({ keepAlive: true });
    for (let i = 0; i < 3; i += 1)
      await new Promise<void>((resolve, reject) =>
        http
          .get(`${server.base}${PREFIX}/v1/wizard/locations`, { agent: kept }, (response) => {
            response.resume();
            response.once('end', resolve);
          })
          .once('error', reject),
      );
    await until(() => server.app.serving() === 0);
    kept.destroy();
  });
});

describe('a lead no live search can pair with (decision 196)', () => {
  let server: Server;
  beforeEach(async () => {
    server = await startTestServer({ AGENCY_NOTICE: 'on-submit' });
    await server.app.matcher.stop();
  });
  afterEach(() => server.close());

  const entries = async () =>
    Number((await server.app.sql.one<{ n: number }>('SELECT COUNT(*) AS n FROM lead_changes'))!.n);
  /** The owners whose leads have pairs, each once. */
  const paired = async () =>
    (
      await server.app.sql.all<{ email: string }>(
        `SELECT DISTINCT c.email FROM search_matches m JOIN submissions s ON s.id = m.submission_id
         JOIN contacts c ON c.id = s.contact_id ORDER BY c.email`,
      )
    ).map((r) => r.email);
  /** The agency's notices of leads (its address: the test server's default). */
  const notices = async () =>
    (await server.mails()).filter(
      (m) => m.to === 'makler@immosuite.local' && m.subject.includes(': Wohnung in 10435'),
    ).length;
  const sendLead = async (email: string, overrides: Record<string, unknown> = {}) =>
    expect(
      (
        await call(server.client(), 'post', '/v1/wizard/lead', {
          contact: contact({ email }),
          lead: lead(overrides),
        })
      ).status,
    ).toBe(201);

  it('is told of at once and left out of the job on SQLite; a search made later pairs it', async () => {
    const sqlite = server.app.sql.dialect === 'sqlite';
    // A search of flats to rent in Prenzlauer Berg: a flat to buy there is not for it, nor is
    // a flat to rent above its price.
    await confirmedSearch(server, { email: 'mieter@example.de' }, savedSearch());
    await server.app.matcher.runDue();
    await sendLead('verkauf@example.de');
    await sendLead('teuer@example.de', {
      marketingType: 'rent',
      fields: [{ name: 'price.price', valueType: 'NUMBER', value: 2500 }],
    });
    // On SQLite the agency has both notices at once; on PostgreSQL the job tells of them.
    expect(await entries()).toBe(sqlite ? 0 : 2);
    expect(await notices()).toBe(sqlite ? 2 : 0);
    // A flat to rent within its price: the job's, and told of by it with its pair.
    await sendLead('passt@example.de', {
      marketingType: 'rent',
      fields: [{ name: 'price.price', valueType: 'NUMBER', value: 1200 }],
    });
    expect(await entries()).toBe(sqlite ? 1 : 3);
    await server.app.matcher.runDue();
    expect(await entries()).toBe(0);
    expect(await notices()).toBe(3);
    expect(await paired()).toEqual(['passt@example.de']);

    // A search for flats to buy there, made after: its change's walk pairs the first lead.
    await confirmedSearch(
      server,
      { email: 'kaeufer@example.de' },
      savedSearch({ marketingType: 'buy', fields: [] }),
    );
    await server.app.matcher.runDue();
    expect(await paired()).toEqual(['passt@example.de', 'verkauf@example.de']);
  });
});
