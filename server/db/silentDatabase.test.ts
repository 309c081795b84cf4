/**
 * @jest-environment node
 *
 * PostgreSQL that says nothing (frozen, or a network partition that drops packets) between the
 * server and its database: requests answer 503 with Retry-After once the database timeout has
 * passed, rather than hanging until the request timeout; a visitor's retry with its
 * Idempotency-Key, once the database answers again, stores the submission once, also when the
 * first try was stored but its answer never came back.
 */
import net from 'node:net';
import pg from 'pg';
import { createTestDatabase, testPostgresUrl } from '../../test/server/postgres';
import {
  contact,
  lead,
  PREFIX,
  startTestServer,
  type TestClient,
} from '../../test/server/testServer';

type Server = Awaited<ReturnType<typeof startTestServer>>;
const cluster = testPostgresUrl();
const onPostgres = cluster ? describe : describe.skip;

/**
 * A TCP proxy in front of PostgreSQL that can stop passing bytes: both ways (`freeze`: the
 * database seems frozen), or only the database's answers (`loseAnswers`: what the server sends
 * arrives and is carried out, nothing comes back). Held bytes flow on `thaw`; those of a
 * connection whose client has gone are dropped, its statements still reach the database.
 */
async function startProxy(target: URL) {
  let toDatabase = true;
  let toClient = true;
  const pairs = new Set<{ flush: () => void; close: () => void; holding: () => boolean }>();
  const server = net.createServer((client) => {
    const database = net.connect(Number(target.port), target.hostname);
    const up: Buffer[] = [];
    const down: Buffer[] = [];
    let clientGone = false;
    const flush = () => {
      if (toDatabase) for (const chunk of up.splice(0)) database.write(chunk);
      if (toClient) for (const chunk of down.splice(0)) if (!clientGone) client.write(chunk);
      if (clientGone && toDatabase && up.length === 0) database.end();
    };
    const pair = {
      flush,
      holding: () => up.length > 0,
      close: () => {
        client.destroy();
        database.destroy();
      },
    };
    pairs.add(pair);
    client.on('data', (chunk: Buffer) => {
      up.push(chunk);
      flush();
    });
    database.on('data', (chunk: Buffer) => {
      down.push(chunk);
      flush();
    });
    const clientEnded = () => {
      clientGone = true;
      down.length = 0;
      flush();
    };
    client.on('end', clientEnded);
    client.on('close', clientEnded);
    client.on('error', () => {});
    database.on('error', () => client.destroy());
    database.on('close', () => {
      pairs.delete(pair);
      client.destroy();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = new URL(target);
  url.port = String((server.address() as net.AddressInfo).port);
  const set = (database: boolean, client: boolean) => {
    toDatabase = database;
    toClient = client;
    for (const pair of pairs) pair.flush();
  };
  return {
    url: url.toString(),
    freeze: () => set(false, false),
    loseAnswers: () => set(true, false),
    thaw: () => set(true, true),
    /** Connections whose statements wait for the database to take them. */
    waiting: () => [...pairs].filter((pair) => pair.holding()).length,
    close: async () => {
      for (const pair of pairs) pair.close();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}

onPostgres('a PostgreSQL that does not answer', () => {
  let proxy: Awaited<ReturnType<typeof startProxy>>;
  let server: Server;
  let admin: pg.Client;
  let visitor: TestClient;
  const body = (email: string) => ({ contact: contact({ email }), lead: lead() });
  // A lead outside Berlin: no saved search can wait for it, so storing it is the request's one
  // statement (a Berlin lead's first is the read of the searches waiting for it).
  const elsewhere = (email: string) => ({
    contact: contact({ email }),
    lead: lead({
      location: { zip: '70173', city: 'Stuttgart', street: 'Königstraße', lat: 48.78, lng: 9.18 },
    }),
  });
  const storedWithKey = async (key: string) =>
    (
      await admin.query<{ uuid: string }>(
        `SELECT uuid FROM submissions WHERE idempotency_key LIKE '%' || $1`,
        [key],
      )
    ).rows.map((row) => row.uuid);

  beforeAll(async () => {
    const url = await createTestDatabase(cluster!);
    admin = new pg.Client({ connectionString: url });
    await admin.connect();
    proxy = await startProxy(new URL(url));
    // A short timeout for the requests' statements, so that the test does not wait 16 s for
    // each answer; the migrations and the seed run under the start-up's own.
    server = await startTestServer({ DATABASE_URL: proxy.url, DATABASE_TIMEOUT_MS: '1000' });
    visitor = server.client();
    // The visitor's XSRF cookie, and the server's pool, before the database falls silent.
    const first = await visitor.post(`${PREFIX}/v1/wizard/lead`, body('first@example.de'), {
      'Idempotency-Key': 'silent-key-0000',
    });
    expect(first.status).toBe(201);
    // Only the requests of the test talk to the database.
    await server.app.outbox.stop();
    await server.app.matcher.stop();
  });
  afterEach(() => proxy.thaw());
  afterAll(async () => {
    await server.close();
    await proxy.close();
    await admin.end();
  });

  it('answers 503 with Retry-After while it is silent, and stores the retried submission once', async () => {
    proxy.freeze();
    const headers = { 'Idempotency-Key': 'silent-key-0001' };
    const during = await visitor.post(
      `${PREFIX}/v1/wizard/lead`,
      body('frozen@example.de'),
      headers,
    );
    expect(during.status).toBe(503);
    expect(during.headers.get('retry-after')).toBe('30');
    expect(during.body).toMatchObject({ code: 'database_unavailable' });
    // One statement waited, not one more to count the failed request (a second wait would
    // take the answer past the request timeout with the default database timeout).
    expect(proxy.waiting()).toBe(1);
    const read = await visitor.get(`${PREFIX}/v1/wizard/locations`);
    expect(read.status).toBe(503);
    expect(read.headers.get('retry-after')).toBe('30');
    expect(proxy.waiting()).toBe(2);

    proxy.thaw();
    const retry = await visitor.post<{ uuid: string }>(
      `${PREFIX}/v1/wizard/lead`,
      body('frozen@example.de'),
      headers,
    );
    expect(retry.status).toBe(201);
    expect(await storedWithKey('silent-key-0001')).toEqual([retry.body.uuid]);
    // Reads work again too.
    expect((await visitor.get(`${PREFIX}/v1/wizard/locations`)).status).toBe(200);
  });

  it('answers the retry of a submission stored while its answer was lost with that submission', async () => {
    proxy.loseAnswers();
    const headers = { 'Idempotency-Key': 'silent-key-0002' };
    const during = await visitor.post(
      `${PREFIX}/v1/wizard/lead`,
      elsewhere('lost@example.de'),
      headers,
    );
    expect(during.status).toBe(503);
    expect(during.headers.get('retry-after')).toBe('30');
    // The database carried the statement out: the submission is stored, unacknowledged.
    const [stored] = await storedWithKey('silent-key-0002');
    expect(stored).toBeDefined();

    proxy.thaw();
    const retry = await visitor.post<{ uuid: string }>(
      `${PREFIX}/v1/wizard/lead`,
      elsewhere('lost@example.de'),
      headers,
    );
    expect(retry.status).toBe(201);
    expect(retry.headers.get('idempotent-replayed')).toBe('true');
    expect(retry.body.uuid).toBe(stored);
    expect(await storedWithKey('silent-key-0002')).toEqual([stored]);
  });
});
