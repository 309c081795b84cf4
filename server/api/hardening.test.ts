/**
 * @jest-environment node
 *
 * What an attacker tries against the reference backend on its defaults, each as a regression
 * test against the real server: redirected links, walked-around XSRF checks, hostile bodies.
 */
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { HEADERS_TIMEOUT_MS, MAX_BODY_DEPTH, REQUEST_TIMEOUT_MS } from '../app';
import { configFromEnv } from '../config';
import {
  contact,
  DEFAULT_TEST_ENV,
  keyOf,
  lead,
  PREFIX,
  savedSearch,
  startTestServer,
} from '../../test/server/testServer';
import { DEMO_CUSTOMER } from '../db/seed';
import { Q } from '../db/statements';

type Server = Awaited<ReturnType<typeof startTestServer>>;

/**
 * A raw HTTP/1.1 request over a socket: any Host header and request target, as a client may
 * send them (http.request would normalise both).
 */
function raw(
  server: Server,
  options: { method: string; path: string; headers?: Record<string, string>; body?: string },
): Promise<{ status: number; body: string }> {
  const { port } = new URL(server.base);
  const body = options.body ?? '';
  const headers = {
    Host: `127.0.0.1:${port}`,
    Connection: 'close',
    'Content-Length': String(Buffer.byteLength(body)),
    ...options.headers,
  };
  const text = [
    `${options.method} ${options.path} HTTP/1.1`,
    ...Object.entries(headers).map(([name, value]) => `${name}: ${value}`),
    '',
    body,
  ].join('\r\n');
  return new Promise((resolve, reject) => {
    let answer = '';
    // Written, not ended: the server answers and then closes (Connection: close).
    const socket = net.connect(Number(port), '127.0.0.1', () => socket.write(text));
    socket.setEncoding('utf8');
    socket.on('data', (chunk: string) => (answer += chunk));
    socket.on('error', reject);
    socket.on('close', () => {
      const status = Number(/^HTTP\/1\.1 (\d{3})/.exec(answer)?.[1] ?? 0);
      resolve({ status, body: answer.slice(answer.indexOf('\r\n\r\n') + 4) });
    });
  });
}

/** A client's XSRF cookie and header, as the widget holds them. */
async function xsrf(server: Server) {
  const client = server.client();
  await client.get(`${PREFIX}/v1/wizard/locations`);
  const token = decodeURIComponent(client.cookies.get('XSRF-TOKEN')!);
  return { Cookie: `XSRF-TOKEN=${token}`, 'X-XSRF-TOKEN': token };
}

describe('backend hardening', () => {
  let server: Server;
  beforeEach(async () => {
    server = await startTestServer();
  });
  afterEach(async () => {
    await server.close();
  });

  describe('links are built from configuration, never from the request', () => {
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

    it('a confirmation mail is written whatever the Host, and its link points here', async () => {
      const answer = await raw(server, {
        method: 'POST',
        path: `${PREFIX}/v1/wizard/lead`,
        headers: {
          Host: 'evil.example',
          'Content-Type': 'application/json',
          ...(await xsrf(server)),
        },
        body: JSON.stringify({ contact: contact(), lead: lead() }),
      });
      expect(answer.status).toBe(201);
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

  describe('the XSRF check guards every mutating route, however its path is spelled', () => {
    it.each([
      ['an encoded prefix', `/wp-json/sw-immosuit%65/v1/wizard/lead`],
      ['an encoded path', `${PREFIX}/v1/wizard/%6cead`],
      ['a doubled slash', `${PREFIX}//v1/wizard/lead`],
    ])('%s without a token stores nothing', async (_name, path) => {
      const answer = await raw(server, {
        method: 'POST',
        path,
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ contact: contact(), lead: lead() }),
      });
      expect([403, 404]).toContain(answer.status);
      expect(await server.mails()).toEqual([]);
    });

    it('an absolute-form request target without a token stores nothing', async () => {
      const answer = await raw(server, {
        method: 'POST',
        path: `${server.base}${PREFIX}/v1/wizard/lead`,
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ contact: contact(), lead: lead() }),
      });
      expect([403, 404]).toContain(answer.status);
      expect(await server.mails()).toEqual([]);
    });

    it('is checked before the body, so a request without a token learns nothing of the schema', async () => {
      const answer = await raw(server, {
        method: 'POST',
        path: `${PREFIX}/v1/wizard/lead`,
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ nonsense: true }),
      });
      expect(answer.status).toBe(403);
      expect(JSON.parse(answer.body)).toMatchObject({ code: 'rest_xsrf_invalid' });
    });
  });

  describe('the dev mailbox is for development only', () => {
    it('is open on a loopback bind, closed on another unless DEV_MAILBOX=1', () => {
      expect(configFromEnv({ ...DEFAULT_TEST_ENV, HOST: '127.0.0.1' }).devMailbox).toBe(true);
      expect(configFromEnv({ ...DEFAULT_TEST_ENV, HOST: '0.0.0.0' }).devMailbox).toBe(false);
      expect(configFromEnv({ HOST: '0.0.0.0', DEV_MAILBOX: '1' }).devMailbox).toBe(true);
      expect(configFromEnv({ HOST: '127.0.0.1', SMTP_URL: 'smtp://mail.test' }).devMailbox).toBe(
        false,
      );
    });

    it('is not served when closed', async () => {
      // A public bind needs its public URL now (#22 item 11); the mailbox stays closed there.
      const closed = await startTestServer({
        HOST: '0.0.0.0',
        PUBLIC_URL: 'https://makler.example',
      });
      try {
        expect((await fetch(`${closed.base}/dev/mailbox.json`)).status).toBe(404);
      } finally {
        await closed.close();
      }
    });
  });

  describe('no 500 for any input', () => {
    /** JSON text nesting `depth` objects (written out: JSON.stringify itself would overflow). */
    const nested = (depth: number) => `${'{"d":'.repeat(depth)}"x"${'}'.repeat(depth)}`;

    it.each([
      [
        'a lead',
        '/v1/wizard/lead',
        (data: unknown) => ({
          contact: contact(),
          lead: lead({ fields: [{ name: 'price.price', valueType: 'RAW', value: '1', data }] }),
        }),
      ],
    ])('refuses %s whose field data nests 4,500 deep with a 400', async (_name, path, body) => {
      const answer = await raw(server, {
        method: 'POST',
        path: PREFIX + path,
        headers: { 'Content-Type': 'application/json', ...(await xsrf(server)) },
        body: JSON.stringify(body('DATA')).replace('"DATA"', nested(4500)),
      });
      expect(answer.status).toBe(400);
      expect(JSON.parse(answer.body)).toMatchObject({ code: 'too_deep', data: { status: 400 } });
      expect(await server.mails()).toEqual([]);
    });

    it('takes a body nesting MAX_BODY_DEPTH deep, and refuses one a level deeper', async () => {
      const post = async (depth: number) =>
        raw(server, {
          method: 'POST',
          path: `${PREFIX}/v1/wizard/lead`,
          headers: { 'Content-Type': 'application/json', ...(await xsrf(server)) },
          // The body itself is one level: its field `extra` nests `depth` - 1 more.
          body: JSON.stringify({ contact: contact(), lead: lead(), extra: 'DATA' }).replace(
            '"DATA"',
            nested(depth - 1),
          ),
        });
      // Parsed, then refused by the route's schema for its unknown field.
      const within = await post(MAX_BODY_DEPTH);
      expect(JSON.parse(within.body)).toMatchObject({
        code: 'rest_invalid_param',
        data: { params: [{ params: { additionalProperty: 'extra' } }] },
      });
      const over = await post(MAX_BODY_DEPTH + 1);
      expect(over.status).toBe(400);
      expect(JSON.parse(over.body)).toMatchObject({ code: 'too_deep' });
    });

    it('refuses field data over 2,000 characters, takes a little', async () => {
      const client = server.client();
      const withData = (data: unknown) => ({
        contact: contact(),
        lead: lead({ fields: [{ name: 'price.price', valueType: 'NUMBER', value: 1, data }] }),
      });
      expect(
        (await client.post(`${PREFIX}/v1/wizard/lead`, withData('x'.repeat(3000)))).status,
      ).toBe(400);
      expect(
        (await client.post(`${PREFIX}/v1/wizard/lead`, withData({ source: 'Makler' }))).status,
      ).toBe(201);
    });

    it('answers a malformed URL in the API shape, without echoing it', async () => {
      const answer = await raw(server, { method: 'GET', path: `${PREFIX}/v1/wizard/%E0%A4%A<x>` });
      expect(answer.status).toBe(400);
      const body = JSON.parse(answer.body) as { code: string; message: string };
      expect(body).toMatchObject({ code: 'rest_bad_url', data: { status: 400 } });
      expect(answer.body).not.toContain('<x>');
    });

    it('calls only a broken JSON body invalid_json', async () => {
      const broken = await raw(server, {
        method: 'POST',
        path: `${PREFIX}/v1/auth/email`,
        headers: { 'Content-Type': 'application/json', ...(await xsrf(server)) },
        body: '{"email":',
      });
      expect(JSON.parse(broken.body)).toMatchObject({ code: 'invalid_json' });
    });
  });

  describe('idempotency that means what it says', () => {
    it('answers the same key with another body with a 422, never with the first answer', async () => {
      const client = server.client();
      const headers = { 'Idempotency-Key': 'reused-key-0001' };
      const first = await client.post(
        `${PREFIX}/v1/wizard/lead`,
        { contact: contact(), lead: lead(), meta: { fillMs: 5000 } },
        headers,
      );
      expect(first.status).toBe(201);
      // A retry of the widget: the same request, a later fill time.
      const retry = await client.post(
        `${PREFIX}/v1/wizard/lead`,
        { contact: contact(), lead: lead(), meta: { fillMs: 9000 } },
        headers,
      );
      expect(retry.status).toBe(201);
      expect(retry.body).toEqual(first.body);
      const other = await client.post(
        `${PREFIX}/v1/wizard/lead`,
        { contact: contact({ email: 'someone@example.de' }), lead: lead() },
        headers,
      );
      expect(other.status).toBe(422);
      expect(other.body).toMatchObject({ code: 'idempotency_key_reused' });
      expect((await server.mails()).map((m) => m.to)).toEqual(['erika@example.de']);
    });

    it('does not replay a stored submission once its contact has withdrawn consent', async () => {
      const client = server.client();
      const headers = { 'Idempotency-Key': 'withdrawn-key-01' };
      const body = { contact: contact(), lead: lead() };
      expect((await client.post(`${PREFIX}/v1/wizard/lead`, body, headers)).status).toBe(201);
      // The contact confirms, logs in and takes the consent back.
      await client.post(`${PREFIX}/v1/wizard/confirm`, {
        k: keyOf((await server.mails())[0]!.links[0]!),
      });
      await client.post(`${PREFIX}/v1/auth/email`, { email: 'erika@example.de' });
      const k = keyOf((await server.mails())[0]!.links[0]!);
      await client.post(`${PREFIX}/v1/auth/login`, { k });
      client.nonce = (
        await client.post<{ nonce: string }>(`${PREFIX}/v1/auth/login/nonce`, { k })
      ).body.nonce;
      expect(
        (
          await client.put(`${PREFIX}/v1/contact`, {
            ...contact(),
            customFields: { dataPrivacy: false, acceptContact: false },
          })
        ).status,
      ).toBe(200);
      // The anonymous visitor's retry (the key is bound to the client that sent it first).
      const replay = await server.client().post(`${PREFIX}/v1/wizard/lead`, body, headers);
      expect(replay.status).toBe(409);
      expect(replay.body).toMatchObject({ code: 'consent_withdrawn' });
    });

    it('releases a key after a day: the same key with another body is then a new submission', async () => {
      const client = server.client();
      const headers = { 'Idempotency-Key': 'day-old-key-01' };
      const first = await client.post<{ uuid: string }>(
        `${PREFIX}/v1/wizard/lead`,
        { contact: contact({ email: 'day-one@example.de' }), lead: lead() },
        headers,
      );
      expect(first.status).toBe(201);
      const { sql } = server.app;
      // The first submission was made 25 hours ago.
      await sql.run(
        'UPDATE submissions SET created_at = ? WHERE uuid = ?',
        new Date(Date.now() - 25 * 60 * 60 * 1000).toISOString(),
        first.body.uuid,
      );
      const later = await client.post<{ uuid: string }>(
        `${PREFIX}/v1/wizard/lead`,
        { contact: contact({ email: 'day-two@example.de' }), lead: lead() },
        headers,
      );
      expect(later.status).toBe(201);
      expect(later.headers.get('idempotent-replayed')).toBeNull();
      expect(later.body.uuid).not.toBe(first.body.uuid);
      // Both submissions are kept; the key now belongs to the second.
      const rows = await sql.all(
        `SELECT uuid, CASE WHEN idempotency_key IS NULL THEN 0 ELSE 1 END AS keyed
         FROM submissions WHERE uuid IN (?, ?) ORDER BY id`,
        first.body.uuid,
        later.body.uuid,
      );
      expect(rows).toEqual([
        { uuid: first.body.uuid, keyed: 0 },
        { uuid: later.body.uuid, keyed: 1 },
      ]);
      // The server's lookup of a key goes through its index, never a scan of the submissions.
      const lookup = Q.submissionByIdempotencyKey;
      if (sql.dialect === 'sqlite') {
        const plan = await sql.all<{ detail: string }>(
          `EXPLAIN QUERY PLAN ${lookup}`,
          'POST /v1/wizard/lead day-old-key-01',
        );
        expect(plan.map((row) => row.detail).join(' ')).toMatch(
          /SEARCH submissions USING INDEX submissions_idempotency/,
        );
      } else {
        const plan = await sql.all<{ 'QUERY PLAN': string }>(
          `EXPLAIN ${lookup}`,
          'POST /v1/wizard/lead day-old-key-01',
        );
        expect(plan.map((row) => row['QUERY PLAN']).join(' ')).toMatch(
          /Index Scan using submissions_idempotency/,
        );
      }
    });
  });

  describe('bots, slow clients and proxies', () => {
    it('takes a submission without a fill time for a bot: answered like a stored one, not stored', async () => {
      const timed = await startTestServer({ MIN_FILL_MS: '3000' });
      try {
        const client = timed.client();
        const silent = await client.post(`${PREFIX}/v1/wizard/lead`, {
          contact: contact({ email: 'bot@example.de' }),
          lead: lead(),
        });
        expect(silent.status).toBe(201);
        expect(silent.body).toMatchObject({ success: true, uuid: expect.any(String) });
        // A fill time but no honeypot at all: the widget always sends it, a bot may not.
        const noHoneypot = await client.post(`${PREFIX}/v1/wizard/lead`, {
          contact: contact({ email: 'bot2@example.de' }),
          lead: lead(),
          meta: { fillMs: 45_000 },
        });
        expect(noHoneypot.status).toBe(201);
        const person = await client.post(`${PREFIX}/v1/wizard/lead`, {
          contact: contact(),
          lead: lead(),
          meta: { website: '', fillMs: 45_000 },
        });
        expect(person.status).toBe(201);
        expect((await timed.mails()).map((m) => m.to)).toEqual(['erika@example.de']);
      } finally {
        await timed.close();
      }
    });

    it('cuts off clients that trickle their request', () => {
      expect(server.app.server.requestTimeout).toBe(REQUEST_TIMEOUT_MS);
      expect(server.app.server.headersTimeout).toBe(HEADERS_TIMEOUT_MS);
      expect(HEADERS_TIMEOUT_MS).toBeLessThanOrEqual(REQUEST_TIMEOUT_MS);
    });

    it('sets Secure cookies whenever the public URL is https', async () => {
      const https = await startTestServer({
        PUBLIC_URL: 'https://makler.example',
        DEV_MAILBOX: '1',
      });
      try {
        const answer = await fetch(`${https.base}${PREFIX}/v1/wizard/locations`);
        expect(answer.headers.get('set-cookie')).toMatch(/XSRF-TOKEN=[^;]+;.*Secure/);
      } finally {
        await https.close();
      }
      const plain = await fetch(`${server.base}${PREFIX}/v1/wizard/locations`);
      expect(plain.headers.get('set-cookie')).not.toMatch(/Secure/);
    });

    it('behind a proxy (TRUST_PROXY=1) reads the scheme from X-Forwarded-Proto', async () => {
      const proxied = await startTestServer({ TRUST_PROXY: '1', DEV_MAILBOX: '1' });
      try {
        const answer = await fetch(`${proxied.base}${PREFIX}/v1/wizard/locations`, {
          headers: { 'X-Forwarded-Proto': 'https' },
        });
        expect(answer.headers.get('set-cookie')).toMatch(/Secure/);
      } finally {
        await proxied.close();
      }
      const direct = await fetch(`${server.base}${PREFIX}/v1/wizard/locations`, {
        headers: { 'X-Forwarded-Proto': 'https' },
      });
      expect(direct.headers.get('set-cookie')).not.toMatch(/Secure/);
    });
  });

  describe('assets go out pre-compressed, source maps only when asked for', () => {
    function builtWidget() {
      const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'immosuite-static-'));
      const code = `console.log(${JSON.stringify('x'.repeat(4000))});`;
      fs.writeFileSync(path.join(dir, 'app.1234abcd.js'), code);
      fs.writeFileSync(path.join(dir, 'app.1234abcd.js.gz'), zlib.gzipSync(code));
      fs.writeFileSync(path.join(dir, 'app.1234abcd.js.br'), zlib.brotliCompressSync(code));
      fs.writeFileSync(path.join(dir, 'app.1234abcd.js.map'), '{"version":3}');
      return dir;
    }

    it.each([
      ['br, gzip', 'br'],
      ['gzip', 'gzip'],
      ['identity', null],
    ])('Accept-Encoding %s gets %s', async (accept, encoding) => {
      const dir = builtWidget();
      const served = await startTestServer({ STATIC_DIR: dir });
      try {
        const answer = await fetch(`${served.base}/webapp/static/app.1234abcd.js`, {
          headers: { 'Accept-Encoding': accept },
        });
        expect(answer.status).toBe(200);
        expect(answer.headers.get('content-encoding')).toBe(encoding);
        expect(await answer.text()).toContain('console.log');
        expect(answer.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
      } finally {
        await served.close();
        fs.rmSync(dir, { recursive: true, force: true });
      }
    });

    it('serves source maps only with SOURCE_MAPS=1', async () => {
      const dir = builtWidget();
      for (const [env, status] of [
        [{}, 404],
        [{ SOURCE_MAPS: '1' }, 200],
      ] as const) {
        const served = await startTestServer({ STATIC_DIR: dir, ...env });
        try {
          expect((await fetch(`${served.base}/webapp/static/app.1234abcd.js.map`)).status).toBe(
            status,
          );
        } finally {
          await served.close();
        }
      }
      fs.rmSync(dir, { recursive: true, force: true });
    });
  });

  describe('keys and sessions', () => {
    /** A confirmed contact and a fresh login key of theirs. */
    async function loginKey(email = 'erika@example.de') {
      const client = server.client();
      await client.post(`${PREFIX}/v1/wizard/lead`, { contact: contact({ email }), lead: lead() });
      const confirmation = keyOf((await server.mails())[0]!.links[0]!);
      expect((await client.post(`${PREFIX}/v1/wizard/confirm`, { k: confirmation })).status).toBe(
        200,
      );
      await client.post(`${PREFIX}/v1/auth/email`, { email });
      // `requester`: the browser that asked for the login link.
      return {
        confirmation,
        login: keyOf((await server.mails())[0]!.links[0]!),
        requester: client,
      };
    }

    async function logIn(k: string) {
      const client = server.client();
      const answer = await client.post(`${PREFIX}/v1/auth/login`, { k });
      if (answer.status === 200) {
        const nonce = await client.post<{ nonce: string }>(`${PREFIX}/v1/auth/login/nonce`, { k });
        client.nonce = nonce.body.nonce;
      }
      return { client, status: answer.status };
    }

    it('a confirmation key confirms but never logs in; a login key does', async () => {
      const { confirmation, login } = await loginKey();
      expect((await logIn(confirmation)).status).toBe(403);
      expect((await logIn(login)).status).toBe(200);
    });

    it('a login key opens a session once; after a scanner only the browser that asked gets one, and nobody joins another', async () => {
      const { login, requester } = await loginKey();
      // A mail scanner opens the link first.
      const scanner = await logIn(login);
      expect(scanner.status).toBe(200);
      // The browser that asked for it gets a session of its own; the scanner's ends.
      expect((await requester.post(`${PREFIX}/v1/auth/login`, { k: login })).status).toBe(200);
      const session = requester.cookies.get('immosuite_session');
      expect(session).toBeDefined();
      expect(session).not.toBe(scanner.client.cookies.get('immosuite_session'));
      expect((await scanner.client.get(`${PREFIX}/v1/auth/me`)).status).toBe(403);
      // That browser again (a reload): its own session, unchanged.
      expect((await requester.post(`${PREFIX}/v1/auth/login`, { k: login })).status).toBe(200);
      expect(requester.cookies.get('immosuite_session')).toBe(session);
      // Anyone else is told the link was used, and gets no session.
      const other = await logIn(login);
      expect(other.status).toBe(403);
      expect(other.client.cookies.has('immosuite_session')).toBe(false);
    });

    it('logout ends the session and its key; all=1 ends every session of the contact', async () => {
      const first = await loginKey();
      const phone = await logIn(first.login);
      await phone.client.del(`${PREFIX}/v1/auth/me`);
      expect((await phone.client.get(`${PREFIX}/v1/auth/me`)).status).toBe(403);
      expect((await logIn(first.login)).status).toBe(403);

      await server.client().post(`${PREFIX}/v1/auth/email`, { email: 'erika@example.de' });
      const laptop = await logIn(keyOf((await server.mails())[0]!.links[0]!));
      await server.client().post(`${PREFIX}/v1/auth/email`, { email: 'erika@example.de' });
      const tablet = await logIn(keyOf((await server.mails())[0]!.links[0]!));
      expect((await laptop.client.get(`${PREFIX}/v1/auth/me`)).status).toBe(200);
      expect((await tablet.client.del(`${PREFIX}/v1/auth/me?all=1`)).status).toBe(200);
      expect((await laptop.client.get(`${PREFIX}/v1/auth/me`)).status).toBe(403);
    });

    it("confirming someone else's form never overwrites a confirmed account", async () => {
      await loginKey('erika@example.de');
      const client = server.client();
      await client.post(`${PREFIX}/v1/wizard/contact`, {
        contact: contact({ firstname: 'Mallory', lastname: 'Fremd', phone: '0000' }),
        message: 'Hallo',
      });
      const k = keyOf((await server.mails())[0]!.links[0]!);
      expect((await client.post(`${PREFIX}/v1/wizard/confirm`, { k })).body).toEqual({
        opcode: 'Contact',
      });
      await server.client().post(`${PREFIX}/v1/auth/email`, { email: 'erika@example.de' });
      const erika = await logIn(keyOf((await server.mails())[0]!.links[0]!));
      expect((await erika.client.get(`${PREFIX}/v1/contact`)).body).toMatchObject({
        firstname: 'Erika',
        lastname: 'Mustermann',
      });
    });

    it('editing a saved search through the wizard needs the nonce', async () => {
      const { login } = await loginKey();
      const { client } = await logIn(login);
      const created = await client.post<{ uuid: string }>(
        `${PREFIX}/v1/saved-search`,
        savedSearch(),
      );
      const edit = {
        contact: contact(),
        savedSearch: { ...savedSearch(), uuid: created.body.uuid },
      };
      const nonce = client.nonce;
      client.nonce = null;
      expect(
        (await client.post(`${PREFIX}/v1/wizard/saved-search`, edit, { 'X-WP-Nonce': 'wrong' }))
          .status,
      ).toBe(403);
      client.nonce = nonce;
      expect((await client.post(`${PREFIX}/v1/wizard/saved-search`, edit)).status).toBe(201);
    });
  });

  describe('embedding across sites', () => {
    it('gives SameSite=None; Secure; Partitioned cookies when another site may frame the widget', async () => {
      const embedded = await startTestServer({ ALLOWED_ORIGINS: 'https://agency.example' });
      try {
        const cookie = (await fetch(`${embedded.base}${PREFIX}/v1/wizard/locations`)).headers.get(
          'set-cookie',
        );
        expect(cookie).toMatch(/SameSite=None/);
        expect(cookie).toMatch(/Secure/);
        expect(cookie).toMatch(/Partitioned/);
      } finally {
        await embedded.close();
      }
      const alone = (await fetch(`${server.base}${PREFIX}/v1/wizard/locations`)).headers.get(
        'set-cookie',
      );
      expect(alone).toMatch(/SameSite=Lax/);
      expect(alone).not.toMatch(/Partitioned/);
    });

    it('takes an anonymous form without cookies only as JSON from the widget itself', async () => {
      const form = JSON.stringify({ contact: contact(), message: 'ohne Cookies' });
      const send = (headers: Record<string, string>) =>
        raw(server, {
          method: 'POST',
          path: `${PREFIX}/v1/wizard/contact`,
          headers: { 'Content-Type': 'application/json', ...headers },
          body: form,
        });
      expect((await send({ Origin: 'https://evil.example' })).status).toBe(403);
      expect((await send({})).status).toBe(403);
      expect((await send({ Origin: server.base, Cookie: 'immosuite_session=stolen' })).status).toBe(
        403,
      );
      expect((await send({ Origin: server.base })).status).toBe(201);
      expect(
        (
          await raw(server, {
            method: 'POST',
            path: `${PREFIX}/v1/wizard/contact`,
            headers: { 'Content-Type': 'text/plain', Origin: server.base },
            body: form,
          })
        ).status,
      ).toBe(403);
    });
  });
});
