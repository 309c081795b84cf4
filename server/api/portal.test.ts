/**
 * @jest-environment node
 *
 * The logged-in contact's own data (product 2.8 to 2.10): the account, saved searches and
 * listing inquiries, kept across a restart, and as lenient as WordPress with well-meaning
 * clients (decision 20).
 */
import crypto from 'node:crypto';
import { call, loggedIn, type Server } from '../../test/server/requests';
import { contact, keyOf, PREFIX, savedSearch, startTestServer } from '../../test/server/testServer';

describe('the logged-in contact', () => {
  let server: Server;
  beforeEach(async () => {
    server = await startTestServer();
  });
  afterEach(async () => {
    await server.close();
  });

  it('reads and updates the contact; the e-mail address stays; consent changes are kept', async () => {
    const client = await loggedIn(server);
    const before = await call(client, 'get', '/v1/contact');
    expect(before.body).toMatchObject({
      firstname: 'Erika',
      email: 'erika@example.de',
      customFields: { dataPrivacy: true, acceptContact: true, newsletter: false },
    });
    const updated = await call(
      client,
      'put',
      '/v1/contact',
      contact({
        firstname: '  Erika Maria ',
        email: 'other@example.de',
        customFields: { dataPrivacy: true, acceptContact: true, newsletter: true },
      }),
    );
    expect(updated.body).toMatchObject({
      firstname: 'Erika Maria',
      email: 'erika@example.de',
      customFields: { newsletter: true },
    });
  });

  it('creates, lists, updates, activates and deletes saved searches', async () => {
    const client = await loggedIn(server);
    const created = await call(client, 'post', '/v1/saved-search', savedSearch({ active: false }));
    expect(created.status).toBe(201);
    const item = created.body as {
      uuid: string;
      active: boolean;
      category: { name: string };
      locations: { name: string }[];
    };
    expect(item).toMatchObject({
      active: false,
      category: { name: 'wohnung' },
      locations: [{ name: 'Prenzlauer Berg' }, { name: 'Friedrichshain' }],
    });
    const list = await call(client, 'get', '/v1/saved-search');
    expect((list.body as unknown[]).length).toBe(1);
    const activated = await call(
      client,
      'put',
      `/v1/saved-search/${item.uuid}`,
      savedSearch({ active: true, marketingType: 'buy' }),
    );
    expect(activated.body).toMatchObject({ active: true, marketingType: 'buy' });
    expect((await call(client, 'delete', `/v1/saved-search/${item.uuid}`)).body).toEqual({
      deleted: true,
    });
    expect((await call(client, 'delete', `/v1/saved-search/${item.uuid}`)).status).toBe(404);
    expect((await call(client, 'get', '/v1/saved-search')).body).toEqual([]);
  });

  it("limits a contact's changes of saved searches: 429 with Retry-After and a message, nothing of theirs lost", async () => {
    await server.close();
    server = await startTestServer({ RATE_LIMIT_SEARCH_CHANGES: '3' });
    const client = await loggedIn(server);
    const created = await call(client, 'post', '/v1/saved-search', savedSearch());
    const { uuid } = created.body as { uuid: string };
    expect(
      (await call(client, 'put', `/v1/saved-search/${uuid}`, savedSearch({ active: false })))
        .status,
    ).toBe(200);
    expect(
      (await call(client, 'put', `/v1/saved-search/${uuid}`, savedSearch({ active: true }))).status,
    ).toBe(200);
    // The fourth change in the window: each route of a change counts, none is made.
    for (const over of [
      await call(client, 'put', `/v1/saved-search/${uuid}`, savedSearch({ active: false })),
      await call(client, 'post', '/v1/saved-search', savedSearch()),
      await call(client, 'delete', `/v1/saved-search/${uuid}`),
    ]) {
      expect(over.status).toBe(429);
      expect(Number(over.headers.get('retry-after'))).toBeGreaterThan(0);
      expect(over.body).toMatchObject({
        code: 'rate_limited',
        message: expect.stringContaining('Suchprofile in kurzer Zeit sehr oft geändert'),
      });
    }
    const listed = await call(client, 'get', '/v1/saved-search');
    expect(listed.body).toEqual([expect.objectContaining({ uuid, active: true })]);
    // Another contact has a window of their own.
    const other = await loggedIn(server, 'other@example.de');
    expect((await call(other, 'post', '/v1/saved-search', savedSearch())).status).toBe(201);
  });

  it("cannot touch another contact's saved search", async () => {
    const erika = await loggedIn(server, 'erika@example.de');
    const max = await loggedIn(server, 'max@example.de');
    const { uuid } = (await call(erika, 'post', '/v1/saved-search', savedSearch())).body as {
      uuid: string;
    };
    expect((await call(max, 'put', `/v1/saved-search/${uuid}`, savedSearch())).status).toBe(404);
    expect((await call(max, 'delete', `/v1/saved-search/${uuid}`)).status).toBe(404);
    const wizardEdit = await call(max, 'post', '/v1/wizard/saved-search', {
      contact: contact({ email: 'max@example.de' }),
      savedSearch: savedSearch({ uuid }),
    });
    expect(wizardEdit.status).toBe(404);
  });

  it('lists confirmed listing inquiries only, and confirmed wizard saved searches', async () => {
    const client = await loggedIn(server);
    await call(client, 'post', '/v1/wizard/expose-inquiry', {
      contact: contact(),
      exposeInquiry: { objectId: 1 },
    });
    await call(client, 'post', '/v1/wizard/saved-search', {
      contact: contact(),
      savedSearch: savedSearch(),
    });
    expect((await call(client, 'get', '/v1/expose-inquiry')).body).toEqual([]);
    expect((await call(client, 'get', '/v1/saved-search')).body).toEqual([]);
    for (const mail of (await server.mails()).slice(0, 2)) {
      await call(client, 'post', '/v1/wizard/confirm', { k: keyOf(mail.links[0]!) });
    }
    const inquiries = (await call(client, 'get', '/v1/expose-inquiry')).body as unknown[];
    expect(inquiries).toEqual([
      expect.objectContaining({
        title: 'Helle 3-Zimmer-Altbauwohnung mit Balkon',
        zip: '10435',
        price: { title: 'Kaufpreis', text: '465.000 €' },
      }),
    ]);
    expect((await call(client, 'get', '/v1/saved-search')).body).toHaveLength(1);
  });

  it('keeps its data across a restart', async () => {
    const client = await loggedIn(server);
    await call(client, 'post', '/v1/saved-search', savedSearch());
    const { dataDir } = server;
    const cookies = new Map(client.cookies);
    const nonce = client.nonce;
    await server.close();
    server = await startTestServer({}, dataDir);
    const again = server.client();
    cookies.forEach((v, k) => again.cookies.set(k, v));
    again.nonce = nonce;
    expect((await call(again, 'get', '/v1/auth/me')).body).toEqual({
      email: 'erika@example.de',
      loggedIn: true,
    });
    expect((await call(again, 'get', '/v1/saved-search')).body).toHaveLength(1);
    expect((await server.mails()).length).toBeGreaterThan(0);
  });
});

describe('as lenient as WordPress with well-meaning clients (decision 20)', () => {
  let server: Server;
  beforeEach(async () => {
    server = await startTestServer();
  });
  afterEach(async () => {
    await server.close();
  });

  it('takes back what GET gave for a saved search, read-only fields ignored', async () => {
    const client = await loggedIn(server);
    const created = await call(client, 'post', '/v1/saved-search', savedSearch());
    const [listed] = (await call(client, 'get', '/v1/saved-search')).body as Record<
      string,
      unknown
    >[];
    expect(listed).toMatchObject({ category: { name: expect.any(String) } });
    const sent = {
      ...listed!,
      active: false,
      uuid: crypto.randomUUID(),
      category: { name: 'x' },
    };
    const updated = await call(
      client,
      'put',
      `/v1/saved-search/${(created.body as { uuid: string }).uuid}`,
      sent,
    );
    expect(updated.status).toBe(200);
    expect(updated.body).toMatchObject({
      uuid: (created.body as { uuid: string }).uuid,
      active: false,
      category: { name: (listed as { category: { name: string } }).category.name },
    });
  });

  it('reads an empty JSON body as {}: a DELETE with a JSON content type is fine', async () => {
    const client = await loggedIn(server);
    const { uuid } = (await call(client, 'post', '/v1/saved-search', savedSearch())).body as {
      uuid: string;
    };
    const deleted = await client.request('DELETE', `${PREFIX}/v1/saved-search/${uuid}`, {
      raw: '',
      headers: { 'Content-Type': 'application/json' },
    });
    expect(deleted.status).toBe(200);
    expect(deleted.body).toEqual({ deleted: true });
    // Still strict with what is not JSON.
    const broken = await client.request('POST', `${PREFIX}/v1/auth/email`, {
      raw: '{"email":',
      headers: { 'Content-Type': 'application/json' },
    });
    expect(broken.status).toBe(400);
  });
});
