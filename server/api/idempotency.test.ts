/**
 * @jest-environment node
 *
 * The Idempotency-Key of a contact's own requests (docs/security.md#idempotency): a saved search
 * made in the portal, the contact's record and the login mail. The widget sends a request again
 * after a network failure with the same key; the server answers the first answer again, kept
 * with the work in one transaction, and changes nothing twice.
 */
import { call, loggedIn, type Server } from '../../test/server/requests';
import { contact, savedSearch, startTestServer } from '../../test/server/testServer';
import { DEMO_CUSTOMER } from '../db/seed';

const DAY_MS = 24 * 60 * 60 * 1000;
const key = (value: string) => ({ 'Idempotency-Key': value });

interface SavedSearchAnswer {
  uuid: string;
}

let server: Server;
beforeEach(async () => {
  server = await startTestServer();
});
afterEach(async () => {
  await server.close();
});

/** The rows kept under keys, by key (without the route). */
async function keptKeys() {
  const rows = await server.app.sql.all<{ request_key: string; created_at: string }>(
    'SELECT request_key, created_at FROM idempotency_keys ORDER BY request_key',
  );
  return rows.map((row) => row.request_key.split(' ').pop());
}

describe('a saved search made in the portal', () => {
  it('is made once for a repeat with the same key and body, whose answer is the first one again', async () => {
    const client = await loggedIn(server);
    const first = await call(client, 'post', '/v1/saved-search', savedSearch(), key('ss-key-0001'));
    expect(first.status).toBe(201);
    expect(first.headers.get('idempotent-replayed')).toBeNull();
    const again = await call(client, 'post', '/v1/saved-search', savedSearch(), key('ss-key-0001'));
    expect(again.status).toBe(201);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expect(again.body).toEqual(first.body);
    expect((await call(client, 'get', '/v1/saved-search')).body).toEqual([first.body]);
    // Another key is another create.
    const other = await call(client, 'post', '/v1/saved-search', savedSearch(), key('ss-key-0002'));
    expect(other.status).toBe(201);
    expect((other.body as SavedSearchAnswer).uuid).not.toBe((first.body as SavedSearchAnswer).uuid);
    expect((await call(client, 'get', '/v1/saved-search')).body).toHaveLength(2);
  });

  it('is made once when the widget sends the same create several times at once', async () => {
    const client = await loggedIn(server);
    const answers = await Promise.all(
      Array.from({ length: 8 }, () =>
        call(client, 'post', '/v1/saved-search', savedSearch(), key('ss-concurrent-01')),
      ),
    );
    expect(answers.map((answer) => answer.status)).toEqual(Array(8).fill(201));
    const uuids = new Set(answers.map((answer) => (answer.body as SavedSearchAnswer).uuid));
    expect(uuids.size).toBe(1);
    const replayed = answers.filter((a) => a.headers.get('idempotent-replayed') === 'true');
    expect(replayed).toHaveLength(7);
    expect((await call(client, 'get', '/v1/saved-search')).body).toHaveLength(1);
  });

  it('answers another body, or another contact, under the key with a 422, never with the first answer', async () => {
    const erika = await loggedIn(server, 'erika@example.de');
    const max = await loggedIn(server, 'max@example.de');
    const first = await call(
      erika,
      'post',
      '/v1/saved-search',
      savedSearch(),
      key('ss-reused-001'),
    );
    expect(first.status).toBe(201);
    const otherBody = await call(
      erika,
      'post',
      '/v1/saved-search',
      savedSearch({ marketingType: 'buy' }),
      key('ss-reused-001'),
    );
    expect(otherBody.status).toBe(422);
    expect(otherBody.body).toMatchObject({ code: 'idempotency_key_reused' });
    const otherContact = await call(
      max,
      'post',
      '/v1/saved-search',
      savedSearch(),
      key('ss-reused-001'),
    );
    expect(otherContact.status).toBe(422);
    expect((await call(erika, 'get', '/v1/saved-search')).body).toEqual([first.body]);
    expect((await call(max, 'get', '/v1/saved-search')).body).toEqual([]);
  });

  it('refuses a malformed key with a 400, making nothing', async () => {
    const client = await loggedIn(server);
    for (const malformed of ['short', 'has spaces in it', 'x'.repeat(101), 'umlaut-ä-key']) {
      const answer = await call(client, 'post', '/v1/saved-search', savedSearch(), key(malformed));
      expect([malformed, answer.status]).toEqual([malformed, 400]);
      expect(answer.body).toMatchObject({
        code: 'rest_invalid_param',
        data: { params: { header: 'Idempotency-Key' } },
      });
    }
    expect((await call(client, 'get', '/v1/saved-search')).body).toEqual([]);
  });

  it('releases a key after a day: the same key then makes a new saved search', async () => {
    const client = await loggedIn(server);
    const first = await call(
      client,
      'post',
      '/v1/saved-search',
      savedSearch(),
      key('ss-day-old-01'),
    );
    const { sql } = server.app;
    await sql.run(
      'UPDATE idempotency_keys SET created_at = ?',
      new Date(Date.now() - DAY_MS - 60_000).toISOString(),
    );
    const later = await call(
      client,
      'post',
      '/v1/saved-search',
      savedSearch({ marketingType: 'buy' }),
      key('ss-day-old-01'),
    );
    expect(later.status).toBe(201);
    expect(later.headers.get('idempotent-replayed')).toBeNull();
    expect((later.body as SavedSearchAnswer).uuid).not.toBe((first.body as SavedSearchAnswer).uuid);
    expect((await call(client, 'get', '/v1/saved-search')).body).toHaveLength(2);
    // The key now answers the second request.
    const again = await call(
      client,
      'post',
      '/v1/saved-search',
      savedSearch({ marketingType: 'buy' }),
      key('ss-day-old-01'),
    );
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expect(again.body).toEqual(later.body);
  });

  it("keeps the answer in the create's transaction: when it cannot be kept, no saved search is made", async () => {
    const client = await loggedIn(server);
    const { sql } = server.app;
    // The database refuses every kept answer.
    if (sql.dialect === 'sqlite')
      await sql.run(`CREATE TRIGGER refuse_kept BEFORE INSERT ON idempotency_keys
        BEGIN SELECT RAISE(ABORT, 'refused'); END`);
    else {
      await sql.run(`CREATE FUNCTION refuse_kept() RETURNS trigger LANGUAGE plpgsql
        AS $$ BEGIN RAISE EXCEPTION 'refused'; END $$`);
      await sql.run(`CREATE TRIGGER refuse_kept BEFORE INSERT ON idempotency_keys
        FOR EACH ROW EXECUTE FUNCTION refuse_kept()`);
    }
    const refused = await call(
      client,
      'post',
      '/v1/saved-search',
      savedSearch(),
      key('ss-atomic-001'),
    );
    expect(refused.status).toBe(500);
    expect((await call(client, 'get', '/v1/saved-search')).body).toEqual([]);
    // Without a key nothing is kept, and the create is made.
    expect((await call(client, 'post', '/v1/saved-search', savedSearch())).status).toBe(201);
    expect((await call(client, 'get', '/v1/saved-search')).body).toHaveLength(1);
  });
});

describe('the keys kept', () => {
  it('are cleared once a day old by each kept answer, through the index on their time', async () => {
    const client = await loggedIn(server);
    const { sql } = server.app;
    const insert = `INSERT INTO idempotency_keys (request_key, fingerprint, status, answer,
      created_at) VALUES (?, 'fp', 201, '{}', ?)`;
    await sql.run(
      insert,
      'POST /v1/saved-search day-old-key',
      new Date(Date.now() - DAY_MS - 1000).toISOString(),
    );
    await sql.run(
      insert,
      'POST /v1/saved-search hour-old-key',
      new Date(Date.now() - 3_600_000).toISOString(),
    );
    expect(await keptKeys()).toEqual(['day-old-key', 'hour-old-key']);
    await call(client, 'post', '/v1/saved-search', savedSearch(), key('ss-prune-0001'));
    expect(await keptKeys()).toEqual(['hour-old-key', 'ss-prune-0001']);

    const prune = 'DELETE FROM idempotency_keys WHERE created_at < ?';
    const at = new Date(Date.now() - DAY_MS).toISOString();
    if (sql.dialect === 'sqlite') {
      const plan = await sql.all<{ detail: string }>(`EXPLAIN QUERY PLAN ${prune}`, at);
      expect(plan.map((row) => row.detail).join(' ')).toMatch(/idempotency_keys_created/);
    } else {
      // With a few rows the planner would rather read the table; whether it can use the
      // index is the question.
      const plan = await sql.transaction(async (tx) => {
        await tx.run('SET LOCAL enable_seqscan = off');
        return tx.all<{ 'QUERY PLAN': string }>(`EXPLAIN ${prune}`, at);
      });
      expect(plan.map((row) => row['QUERY PLAN']).join(' ')).toMatch(/idempotency_keys_created/);
    }
  });
});

describe("the contact's record", () => {
  it('is not changed back by a repeat of an earlier change: the repeat gets its first answer', async () => {
    const client = await loggedIn(server);
    const subscribe = contact({
      customFields: { dataPrivacy: true, acceptContact: true, newsletter: true },
    });
    const unsubscribe = contact({
      customFields: { dataPrivacy: true, acceptContact: true, newsletter: false },
    });
    const first = await call(client, 'put', '/v1/contact', subscribe, key('contact-key-01'));
    expect(first.body).toMatchObject({ customFields: { newsletter: true } });
    // The contact changes it back in another tab; then the widget's retry of the first comes.
    await call(client, 'put', '/v1/contact', unsubscribe, key('contact-key-02'));
    const retry = await call(client, 'put', '/v1/contact', subscribe, key('contact-key-01'));
    expect(retry.status).toBe(200);
    expect(retry.headers.get('idempotent-replayed')).toBe('true');
    expect(retry.body).toEqual(first.body);
    expect((await call(client, 'get', '/v1/contact')).body).toMatchObject({
      customFields: { newsletter: false },
    });
    // Given once and withdrawn once: the retry recorded no consent.
    const newsletter = await server.app.sql.all(
      `SELECT given FROM consents WHERE kind = 'newsletter' ORDER BY id`,
    );
    expect(newsletter).toEqual([{ given: 1 }, { given: 0 }]);
    const otherBody = await call(client, 'put', '/v1/contact', unsubscribe, key('contact-key-01'));
    expect(otherBody.status).toBe(422);
  });
});

describe('the login mail', () => {
  it('is sent once for a repeat with the same key, whose answer is the first one again', async () => {
    const client = server.client();
    const mailsTo = async (to: string) => (await server.mails()).filter((m) => m.to === to);
    const body = { email: DEMO_CUSTOMER };
    const first = await call(client, 'post', '/v1/auth/email', body, key('login-key-0001'));
    const again = await call(client, 'post', '/v1/auth/email', body, key('login-key-0001'));
    expect(again.status).toBe(200);
    expect(again.body).toEqual(first.body);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expect(await mailsTo(DEMO_CUSTOMER)).toHaveLength(1);
    // Another address, or another browser, under the key: a 422 and no mail.
    const otherAddress = await call(
      client,
      'post',
      '/v1/auth/email',
      { email: 'someone@example.de' },
      key('login-key-0001'),
    );
    expect(otherAddress.status).toBe(422);
    const otherBrowser = await call(
      server.client(),
      'post',
      '/v1/auth/email',
      body,
      key('login-key-0001'),
    );
    expect(otherBrowser.status).toBe(422);
    expect(await mailsTo('someone@example.de')).toHaveLength(0);
    expect(await mailsTo(DEMO_CUSTOMER)).toHaveLength(1);
    // A new request (a new key) is a new mail.
    await call(client, 'post', '/v1/auth/email', body, key('login-key-0002'));
    expect(await mailsTo(DEMO_CUSTOMER)).toHaveLength(2);
  });
});
