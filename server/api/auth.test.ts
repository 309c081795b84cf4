/**
 * @jest-environment node
 *
 * Login by e-mail link, sessions and the nonce (product 2.7, docs/security.md#login-and-sessions):
 * who gets a link, what a key opens and for whom, and how a session ends.
 */
import {
  call,
  loggedIn,
  logIn,
  loginKey,
  raw,
  type Server,
  xsrf,
} from '../../test/server/requests';
import {
  contact,
  keyOf,
  lead,
  newLoggedInContact,
  PREFIX,
  startTestServer,
} from '../../test/server/testServer';
import { configFromEnv } from '../config';
import { DEMO_CUSTOMER } from '../db/seed';

describe('login by e-mail link', () => {
  let server: Server;
  beforeEach(async () => {
    server = await startTestServer();
  });
  afterEach(async () => {
    await server.close();
  });

  it('works on a fresh database for the seeded demo customer, with her data', async () => {
    const client = server.client();
    expect((await call(client, 'post', '/v1/auth/email', { email: DEMO_CUSTOMER })).body).toEqual({
      sent: true,
    });
    const [mail] = await server.mails();
    expect(mail).toMatchObject({ to: DEMO_CUSTOMER, subject: 'Ihr Anmeldelink' });
    const k = keyOf(mail!.links[0]!);
    await call(client, 'post', '/v1/auth/login', { k });
    client.nonce = (
      (await call(client, 'post', '/v1/auth/login/nonce', { k })).body as { nonce: string }
    ).nonce;
    expect((await call(client, 'get', '/v1/saved-search')).body).toHaveLength(1);
    expect((await call(client, 'get', '/v1/expose-inquiry')).body).toHaveLength(1);
    expect((await call(client, 'get', '/v1/contact')).body).toMatchObject({
      lastname: 'Musterkundin',
    });
  });

  it('mails a link for a known address; the link logs in, and again briefly in the browser that asked', async () => {
    await loggedIn(server);
    const client = server.client();
    expect(
      (await call(client, 'post', '/v1/auth/email', { email: 'Erika@Example.de ' })).body,
    ).toEqual({ sent: true });
    const mail = (await server.mails()).find((m) => m.subject === 'Ihr Anmeldelink')!;
    const k = keyOf(mail.links[0]!);
    expect((await call(client, 'post', '/v1/auth/login', { k })).body).toMatchObject({
      login: true,
    });
    // The browser that asked may use it again within minutes (a mail scanner may have opened
    // it first); another browser is told it was used.
    expect((await call(client, 'post', '/v1/auth/login', { k })).status).toBe(200);
    const second = await call(server.client(), 'post', '/v1/auth/login', { k });
    expect(second.status).toBe(403);
    expect(second.body).toMatchObject({
      code: 'key_used',
      message: 'Dieser Link wurde bereits verwendet. Bitte fordern Sie einen neuen Anmeldelink an.',
    });
  });

  it('answers an unknown address alike, and tells its owner by mail', async () => {
    const response = await call(server.client(), 'post', '/v1/auth/email', {
      email: 'nobody@example.de',
    });
    expect(response.body).toEqual({ sent: true });
    expect((await server.mails())[0]).toMatchObject({
      to: 'nobody@example.de',
      subject: 'Anmeldung nicht möglich',
      links: [],
    });
  });

  it('answers sent:false for an address that cannot be one', async () => {
    expect(
      (await call(server.client(), 'post', '/v1/auth/email', { email: 'kein-at-zeichen' })).body,
    ).toEqual({ sent: false });
    expect(await server.mails()).toHaveLength(0);
  });

  it('refuses an unknown key', async () => {
    const response = await call(server.client(), 'post', '/v1/auth/login', { k: 'made-up-key' });
    expect(response.status).toBe(403);
    expect(response.body).toMatchObject({
      code: 'invalid_key',
      message: 'Der Link ist ungültig oder abgelaufen.',
    });
    expect(
      (await call(server.client(), 'post', '/v1/wizard/confirm', { k: 'made-up-key' })).status,
    ).toBe(403);
    expect(
      (await call(server.client(), 'post', '/v1/auth/login/nonce', { k: 'made-up-key' })).status,
    ).toBe(403);
  });

  it("names a login key posted to /v1/wizard/confirm 'Login' and confirms nothing with it", async () => {
    const { login, requester } = await loginKey(server);
    const statusBefore = await server.app.sql.all('SELECT id, status FROM submissions ORDER BY id');
    const answer = await call(server.client(), 'post', '/v1/wizard/confirm', { k: login });
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({ opcode: 'Login' });
    expect(await server.app.sql.all('SELECT id, status FROM submissions ORDER BY id')).toEqual(
      statusBefore,
    );
    // The key is not spent by it: it still logs in (its first use).
    expect((await requester.post(`${PREFIX}/v1/auth/login`, { k: login })).status).toBe(200);
    // An expired login key is refused as before.
    await server.app.sql.run("UPDATE auth_keys SET expires_at = '2000-01-01T00:00:00.000Z'");
    expect((await call(server.client(), 'post', '/v1/wizard/confirm', { k: login })).status).toBe(
      403,
    );
  });

  it('only a confirmed contact gets a login link; an address typed into a form gets none', async () => {
    const email = 'owner@example.de';
    // A stranger types the owner's address into a form and never confirms.
    const stranger = server.client();
    expect(
      (
        await stranger.post(`${PREFIX}/v1/wizard/lead`, {
          contact: contact({ email, firstname: 'Fremder', phone: '0170 666' }),
          lead: lead(),
        })
      ).status,
    ).toBe(201);
    const confirmMail = (await server.mails()).find((m) => m.to === email)!;
    expect((await server.client().post(`${PREFIX}/v1/auth/email`, { email })).body).toEqual({
      sent: true,
    });
    const loginMail = (await server.mails())[0]!;
    expect(loginMail.to).toBe(email);
    expect(loginMail.links).toEqual([]);
    // Once the owner confirms (the mail went to them), the address is an account.
    await server.client().post(`${PREFIX}/v1/wizard/confirm`, { k: keyOf(confirmMail.links[0]!) });
    await server.client().post(`${PREFIX}/v1/auth/email`, { email });
    expect((await server.mails())[0]!.links).toHaveLength(1);
  });

  it.each([
    ['a foreign host', 'evil.example'],
    ['a malformed port', 'x:99999'],
    ['a broken IPv6 host', '[::1'],
    ['a host with a space', 'a b'],
  ])('with %s in Host, the login link still points here', async (_name, host) => {
    const answer = await raw(server, {
      method: 'POST',
      path: `${PREFIX}/v1/auth/email`,
      headers: { Host: host, 'Content-Type': 'application/json', ...(await xsrf(server)) },
      body: JSON.stringify({ email: DEMO_CUSTOMER }),
    });
    expect(answer.status).toBe(200);
    const [mail] = await server.mails();
    expect(mail!.links[0]!.startsWith(`${server.base}/demo/login?k=`)).toBe(true);
  });

  it('takes the public URL and the login page from the environment', async () => {
    // A local test under a public URL: the dev mailbox is asked for explicitly.
    const configured = await startTestServer({
      DEV_MAILBOX: '1',
      PUBLIC_URL: 'https://makler.example/',
      LOGIN_URL: 'https://makler.example/kundenportal',
    });
    try {
      await configured.client().post(`${PREFIX}/v1/auth/email`, { email: DEMO_CUSTOMER });
      const [mail] = await configured.mails();
      expect(mail!.links[0]).toMatch(/^https:\/\/makler\.example\/kundenportal\?k=/);
    } finally {
      await configured.close();
    }
    expect(configFromEnv({ PUBLIC_URL: 'javascript:alert(1)' }).publicUrl).toBeNull();
    expect(configFromEnv({ PUBLIC_URL: 'https://makler.example/' }).publicUrl).toBe(
      'https://makler.example',
    );
  });
});

describe('login mails per address', () => {
  it('rate-limits login mails per address', async () => {
    const limited = await startTestServer({ RATE_LIMIT_LOGIN_MAILS: '2' });
    try {
      const client = limited.client();
      await call(client, 'post', '/v1/auth/email', { email: 'a@example.de' });
      await call(client, 'post', '/v1/auth/email', { email: 'A@example.de' });
      expect((await call(client, 'post', '/v1/auth/email', { email: 'a@example.de' })).status).toBe(
        429,
      );
      expect((await call(client, 'post', '/v1/auth/email', { email: 'b@example.de' })).status).toBe(
        200,
      );
    } finally {
      await limited.close();
    }
  });

  it('a login mail goes to one plain address, and the limit counts that address', async () => {
    // Three mails per address: the log-in below takes one.
    const server = await startTestServer({ RATE_LIMIT_LOGIN_MAILS: '3' });
    try {
      const victim = 'victim@example.de';
      await newLoggedInContact(server, victim);
      const before = (await server.mails()).length;
      for (const email of [
        'a,victim@example.de',
        '<victim@example.de>',
        'x(comment)@example.de',
        'victim(x)@example.de',
        'Victim <victim@example.de>',
        'g: victim@example.de;',
        'victim@example.de, victim@example.de',
      ]) {
        const answer = await server.client().post(`${PREFIX}/v1/auth/email`, { email });
        expect([email, answer.body]).toEqual([email, { sent: false }]);
      }
      expect((await server.mails()).length).toBe(before);
      // Spelled differently, the same address: two mails, then the limit.
      const statuses = [];
      for (const email of [' Victim@Example.de', 'VICTIM@example.de ', 'victim@EXAMPLE.DE'])
        statuses.push((await server.client().post(`${PREFIX}/v1/auth/email`, { email })).status);
      expect(statuses).toEqual([200, 200, 429]);
      const mailed = (await server.mails()).slice(0, 2);
      expect(mailed.map((m) => m.to)).toEqual([victim, victim]);
    } finally {
      await server.close();
    }
  });
});

describe('keys and sessions', () => {
  let server: Server;
  beforeEach(async () => {
    server = await startTestServer();
  });
  afterEach(async () => {
    await server.close();
  });

  it('a confirmation key confirms but never logs in; a login key does', async () => {
    const { confirmation, login } = await loginKey(server);
    expect((await logIn(server, confirmation)).status).toBe(403);
    expect((await logIn(server, login)).status).toBe(200);
  });

  it('a login key opens a session once; after a scanner only the browser that asked gets one, and nobody joins another', async () => {
    const { login, requester } = await loginKey(server);
    // A mail scanner opens the link first.
    const scanner = await logIn(server, login);
    expect(scanner.status).toBe(200);
    // The browser that asked for it gets a session of its own; the scanner's ends.
    expect((await requester.post(`${PREFIX}/v1/auth/login`, { k: login })).status).toBe(200);
    const session = requester.cookies.get('immosuite_session');
    expect(session).toBeDefined();
    expect(session).not.toBe(scanner.client.cookies.get('immosuite_session'));
    expect((await scanner.client.get(`${PREFIX}/v1/auth/me`)).status).toBe(403);
    expect((await scanner.client.get(`${PREFIX}/v1/auth/me?probe=1`)).body).toEqual({
      loggedIn: false,
    });
    // That browser again (a reload): its own session, unchanged.
    expect((await requester.post(`${PREFIX}/v1/auth/login`, { k: login })).status).toBe(200);
    expect(requester.cookies.get('immosuite_session')).toBe(session);
    // Anyone else is told the link was used, and gets no session.
    const other = await logIn(server, login);
    expect(other.status).toBe(403);
    expect(other.client.cookies.has('immosuite_session')).toBe(false);
  });

  it("nobody joins the session of a link's first user (login CSRF); a scanner's use burns nothing", async () => {
    // The attacker asks for a link to their own account and opens it.
    const email = 'attacker@example.de';
    const attacker = await newLoggedInContact(server, email);
    await attacker.post(`${PREFIX}/v1/auth/email`, { email });
    const k = keyOf((await server.mails()).find((m) => m.to === email)!.links[0]!);
    expect((await attacker.post(`${PREFIX}/v1/auth/login`, { k })).status).toBe(200);
    // The victim's browser opens the agency page with the same key within minutes.
    const victim = server.client();
    const refused = await victim.post<{ code: string; message: string }>(
      `${PREFIX}/v1/auth/login`,
      { k },
    );
    expect(refused.status).toBe(403);
    expect(refused.body).toMatchObject({
      code: 'key_used',
      message: 'Dieser Link wurde bereits verwendet. Bitte fordern Sie einen neuen Anmeldelink an.',
    });
    expect(victim.cookies.has('immosuite_session')).toBe(false);
    expect((await victim.post(`${PREFIX}/v1/auth/login/nonce`, { k })).status).toBe(403);

    // A contact whose mail scanner opened the link first still logs in, in the browser
    // that asked for it.
    const contactEmail = 'scanned@example.de';
    await newLoggedInContact(server, contactEmail);
    const browser = server.client();
    await browser.post(`${PREFIX}/v1/auth/email`, { email: contactEmail });
    const key = keyOf((await server.mails()).find((m) => m.to === contactEmail)!.links[0]!);
    expect((await server.client().post(`${PREFIX}/v1/auth/login`, { k: key })).status).toBe(200);
    expect((await browser.post(`${PREFIX}/v1/auth/login`, { k: key })).status).toBe(200);
    const nonce = await browser.post<{ nonce: string }>(`${PREFIX}/v1/auth/login/nonce`, {
      k: key,
    });
    browser.nonce = nonce.body.nonce;
    expect((await browser.get(`${PREFIX}/v1/auth/me`)).body).toEqual({
      email: contactEmail,
      loggedIn: true,
    });
  });

  it('logout ends the session and its key; all=1 ends every session of the contact', async () => {
    const first = await loginKey(server);
    const phone = await logIn(server, first.login);
    expect((await call(phone.client, 'delete', '/v1/auth/me')).body).toEqual({
      loggedOut: true,
    });
    expect((await call(phone.client, 'get', '/v1/auth/me')).status).toBe(403);
    expect((await logIn(server, first.login)).status).toBe(403);

    await server.client().post(`${PREFIX}/v1/auth/email`, { email: 'erika@example.de' });
    const laptop = await logIn(server, keyOf((await server.mails())[0]!.links[0]!));
    await server.client().post(`${PREFIX}/v1/auth/email`, { email: 'erika@example.de' });
    const tablet = await logIn(server, keyOf((await server.mails())[0]!.links[0]!));
    expect((await laptop.client.get(`${PREFIX}/v1/auth/me`)).status).toBe(200);
    expect((await tablet.client.del(`${PREFIX}/v1/auth/me?all=1`)).status).toBe(200);
    expect((await laptop.client.get(`${PREFIX}/v1/auth/me`)).status).toBe(403);
  });

  it("'log out everywhere' voids the mailed login links not used yet", async () => {
    const email = 'everywhere@example.de';
    const client = await newLoggedInContact(server, email);
    await server.client().post(`${PREFIX}/v1/auth/email`, { email });
    const unused = keyOf((await server.mails()).find((m) => m.to === email)!.links[0]!);
    expect((await client.del(`${PREFIX}/v1/auth/me?all=1`)).status).toBe(200);
    expect((await server.client().post(`${PREFIX}/v1/auth/login`, { k: unused })).status).toBe(403);
    // A plain logout leaves other links alone: they are for other devices.
    const again = await newLoggedInContact(server, 'plain@example.de');
    await server.client().post(`${PREFIX}/v1/auth/email`, { email: 'plain@example.de' });
    const other = keyOf((await server.mails()).find((m) => m.to === 'plain@example.de')!.links[0]!);
    await again.del(`${PREFIX}/v1/auth/me`);
    expect((await server.client().post(`${PREFIX}/v1/auth/login`, { k: other })).status).toBe(200);
  });

  it('says at /v1/auth/me?probe=1 that there is no session (200), so the login page meets no refusal', async () => {
    const response = await call(server.client(), 'get', '/v1/auth/me?probe=1');
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ loggedIn: false });
    // An unknown or ended session cookie is no session either.
    const stranger = server.client();
    stranger.cookies.set('immosuite_session', 'made-up-token');
    expect((await call(stranger, 'get', '/v1/auth/me?probe=1')).body).toEqual({
      loggedIn: false,
    });
    // A session with a wrong nonce is refused, probe or not.
    const client = await newLoggedInContact(server, 'probe@example.de');
    const wrong = await call(client, 'get', '/v1/auth/me?probe=1', undefined, {
      'X-WP-Nonce': 'wrong',
    });
    expect(wrong.status).toBe(403);
    expect(wrong.body).toMatchObject({ code: 'rest_cookie_invalid_nonce' });
    expect((await call(client, 'get', '/v1/auth/me?probe=1')).body).toEqual({
      email: 'probe@example.de',
      loggedIn: true,
    });
  });

  it('answers 403 WordPress-style when not logged in', async () => {
    for (const [method, path] of [
      ['get', '/v1/auth/me'],
      ['get', '/v1/contact'],
      ['get', '/v1/saved-search'],
      ['get', '/v1/expose-inquiry'],
      ['delete', '/v1/auth/me'],
    ] as const) {
      const response = await call(server.client(), method, path);
      expect(response.status).toBe(403);
      expect(response.body).toEqual({
        code: 'rest_not_logged_in',
        message: 'Sie sind nicht angemeldet.',
        data: { status: 403 },
      });
    }
  });

  it('needs the nonce besides the session cookie, and hands out a fresh one', async () => {
    const client = await loggedIn(server);
    const nonce = client.nonce!;
    const without = await call(client, 'get', '/v1/auth/me', undefined, { 'X-WP-Nonce': '' });
    expect(without.body).toMatchObject({ code: 'rest_cookie_invalid_nonce' });
    const wrong = await call(client, 'get', '/v1/auth/me', undefined, {
      'X-WP-Nonce': 'abcdefabcdef',
    });
    expect(wrong.status).toBe(403);
    const me = await call(client, 'get', '/v1/auth/me', undefined, { 'X-WP-Nonce': nonce });
    expect(me.body).toEqual({ email: 'erika@example.de', loggedIn: true });
    expect(me.headers.get('x-wp-nonce')).toMatch(/^[0-9a-f]{12}$/);
  });

  it('does not let a nonce of one session serve another', async () => {
    const erika = await loggedIn(server, 'erika@example.de');
    const max = await loggedIn(server, 'max@example.de');
    const response = await call(max, 'get', '/v1/auth/me', undefined, {
      'X-WP-Nonce': erika.nonce!,
    });
    expect(response.status).toBe(403);
  });
});

describe('a session in a frame of another site', () => {
  it('logout clears the session cookie with the attributes that set it (cross-site)', async () => {
    const server = await startTestServer({ ALLOWED_ORIGINS: 'https://agency.example' });
    try {
      const client = await newLoggedInContact(server, 'cross@example.de');
      const answer = await client.del(`${PREFIX}/v1/auth/me`);
      expect(answer.status).toBe(200);
      const cleared = answer.headers
        .getSetCookie()
        .find((cookie) => cookie.startsWith('immosuite_session='));
      expect(cleared).toMatch(/Expires=Thu, 01 Jan 1970/);
      expect(cleared).toMatch(/SameSite=None/);
      expect(cleared).toMatch(/Secure/);
      expect(cleared).toMatch(/Partitioned/);
    } finally {
      await server.close();
    }
  });

  it('a session whose nonce was lost (a reload on another site) is restored by the widget alone', async () => {
    const server = await startTestServer({ ALLOWED_ORIGINS: 'https://agency.example' });
    try {
      const client = await newLoggedInContact(server, 'reload@example.de');
      client.nonce = null;
      // The session cookie lives, the nonce is gone: /me says which of the two is missing.
      const me = await client.get<{ code: string }>(`${PREFIX}/v1/auth/me`);
      expect([me.status, me.body.code]).toEqual([403, 'rest_cookie_invalid_nonce']);
      const restored = await client.post<{ email: string; loggedIn: boolean; nonce: string }>(
        `${PREFIX}/v1/auth/session`,
        {},
      );
      expect(restored.status).toBe(200);
      expect(restored.body).toEqual({
        email: 'reload@example.de',
        loggedIn: true,
        nonce: expect.stringMatching(/^[A-Za-z0-9_-]+$/),
      });
      client.nonce = restored.body.nonce;
      expect((await client.get(`${PREFIX}/v1/auth/me`)).status).toBe(200);
      // Only the widget's own page can ask: without the XSRF header, nothing.
      const forged = await client.post(`${PREFIX}/v1/auth/session`, {}, { 'X-XSRF-TOKEN': 'x' });
      expect(forged.status).toBe(403);
      // And it is the way out too: logged out, the session is not restored.
      expect((await client.del(`${PREFIX}/v1/auth/me`)).status).toBe(200);
      const gone = await client.post<{ code: string }>(`${PREFIX}/v1/auth/session`, {});
      expect([gone.status, gone.body.code]).toEqual([403, 'rest_not_logged_in']);
    } finally {
      await server.close();
    }
  });
});
