/**
 * @jest-environment node
 *
 * Findings of the second probe of the backend (issue #22) that are closed: each test failed
 * before its fix.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { buildServer } from '../app';
import { configFromEnv } from '../config';
import { FD_RESERVE, MAX_IN_FLIGHT, openFilesLimit, SOCKET_IDLE_MS } from '../connections';
import { StartupError } from '../startupError';
import {
  contact,
  keyOf,
  lead,
  newLoggedInContact,
  PREFIX,
  startTestServer,
} from '../../test/server/testServer';

describe('second probe', () => {
  it('item 9: logout clears the session cookie with the attributes that set it (cross-site)', async () => {
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

  it("item 12: 'log out everywhere' voids the mailed login links not used yet", async () => {
    const server = await startTestServer();
    try {
      const email = 'everywhere@example.de';
      const client = await newLoggedInContact(server, email);
      await server.client().post(`${PREFIX}/v1/auth/email`, { email });
      const unused = keyOf((await server.mails()).find((m) => m.to === email)!.links[0]!);
      expect((await client.del(`${PREFIX}/v1/auth/me?all=1`)).status).toBe(200);
      expect((await server.client().post(`${PREFIX}/v1/auth/login`, { k: unused })).status).toBe(
        403,
      );
      // A plain logout leaves other links alone: they are for other devices.
      const again = await newLoggedInContact(server, 'plain@example.de');
      await server.client().post(`${PREFIX}/v1/auth/email`, { email: 'plain@example.de' });
      const other = keyOf(
        (await server.mails()).find((m) => m.to === 'plain@example.de')!.links[0]!,
      );
      await again.del(`${PREFIX}/v1/auth/me`);
      expect((await server.client().post(`${PREFIX}/v1/auth/login`, { k: other })).status).toBe(
        200,
      );
    } finally {
      await server.close();
    }
  });

  it('item 8: only a confirmed contact gets a login link; an address typed into a form gets none', async () => {
    const server = await startTestServer();
    try {
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
      await server
        .client()
        .post(`${PREFIX}/v1/wizard/confirm`, { k: keyOf(confirmMail.links[0]!) });
      await server.client().post(`${PREFIX}/v1/auth/email`, { email });
      expect((await server.mails())[0]!.links).toHaveLength(1);
    } finally {
      await server.close();
    }
  });

  it('item 7: a login mail goes to one plain address, and the limit counts that address', async () => {
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

  it('item 3: TRUST_PROXY trusts the configured hops or proxy addresses, never the client', async () => {
    // What a client behind one nginx sends: its own forged entry, then the address nginx saw.
    const mailFrom = (server: Awaited<ReturnType<typeof startTestServer>>, n: number) =>
      server
        .client()
        .post(
          `${PREFIX}/v1/auth/email`,
          { email: `nobody${n}@example.de` },
          { 'X-Forwarded-For': `198.51.100.${n}, 203.0.113.9` },
        );
    for (const TRUST_PROXY of ['1', '127.0.0.1', '127.0.0.0/8, 10.0.0.1']) {
      const server = await startTestServer({ TRUST_PROXY, RATE_LIMIT_LOGIN_CLIENT: '3' });
      try {
        const statuses = [];
        for (let n = 0; n < 4; n += 1) statuses.push((await mailFrom(server, n)).status);
        expect([TRUST_PROXY, statuses]).toEqual([TRUST_PROXY, [200, 200, 200, 429]]);
        // Another client behind the same proxy has its own count.
        const other = await server
          .client()
          .post(
            `${PREFIX}/v1/auth/email`,
            { email: 'other@example.de' },
            { 'X-Forwarded-For': '203.0.113.77' },
          );
        expect(other.status).toBe(200);
      } finally {
        await server.close();
      }
    }
    // A list without this server's peer: X-Forwarded-For is not believed at all.
    const server = await startTestServer({ TRUST_PROXY: '10.9.9.9', RATE_LIMIT_LOGIN_CLIENT: '2' });
    try {
      const statuses = [];
      for (const ip of ['203.0.113.1', '203.0.113.2', '203.0.113.3'])
        statuses.push(
          (
            await server
              .client()
              .post(`${PREFIX}/v1/auth/email`, { email: 'x@example.de' }, { 'X-Forwarded-For': ip })
          ).status,
        );
      expect(statuses).toEqual([200, 200, 429]);
    } finally {
      await server.close();
    }
    expect(configFromEnv({ TRUST_PROXY: 'true' }).startupErrors).toEqual([
      expect.stringMatching(/^TRUST_PROXY must be the number of proxies/),
    ]);
  });

  it('item 14: a session whose nonce was lost (a reload on another site) is restored by the widget alone', async () => {
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

  it("item 4: nobody joins the session of a link's first user (login CSRF); a scanner's use burns nothing", async () => {
    const server = await startTestServer();
    try {
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
        message:
          'Dieser Link wurde bereits verwendet. Bitte fordern Sie einen neuen Anmeldelink an.',
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
    } finally {
      await server.close();
    }
  });

  it('item 6: with an SMTP server that never answers, forms and login mails are answered at once; the mails wait in the outbox', async () => {
    const sockets = new Set<net.Socket>();
    let connected = () => {};
    const talking = new Promise<void>((resolve) => (connected = resolve));
    // Accepts connections and never says a word (no greeting).
    const silent = net.createServer((socket) => {
      sockets.add(socket);
      socket.on('error', () => {});
      connected();
    });
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    const smtpPort = (silent.address() as net.AddressInfo).port;
    const server = await startTestServer({ SMTP_URL: `smtp://127.0.0.1:${smtpPort}` });
    /** No SMTP connection given up on: an answer that waited for SMTP would come after that. */
    const noneGivenUp = () =>
      [...sockets].every((socket) => !socket.destroyed && !socket.readableEnded);
    try {
      const client = server.client();
      const submitted = await client.post(`${PREFIX}/v1/wizard/lead`, {
        contact: contact({ email: 'smtp-hang@example.de' }),
        lead: lead(),
      });
      expect(submitted.status).toBe(201);
      expect(noneGivenUp()).toBe(true);
      const mailed = await client.post(`${PREFIX}/v1/auth/email`, { email: 'nobody@example.de' });
      expect(mailed.body).toEqual({ sent: true });
      expect(noneGivenUp()).toBe(true);
      // The worker is talking to the silent server meanwhile.
      await talking;
      const mails = await server.app.sql.all(
        `SELECT kind, status FROM deliveries WHERE channel = 'mail' ORDER BY id`,
      );
      expect(mails).toEqual([
        { kind: 'confirm', status: 'pending' },
        { kind: 'noAccount', status: 'pending' },
      ]);
    } finally {
      for (const socket of sockets) socket.destroy();
      silent.close();
      await server.close();
    }
  });

  it('item 2: no dev mailbox behind a proxy or under a public URL, and none for another Host', async () => {
    const behindProxy = configFromEnv({
      HOST: '127.0.0.1',
      TRUST_PROXY: '1',
      PUBLIC_URL: 'https://makler.example',
    });
    expect(behindProxy.devMailbox).toBe(false);
    expect(configFromEnv({ HOST: '127.0.0.1', TRUST_PROXY: '1' }).devMailbox).toBe(false);
    expect(
      configFromEnv({ HOST: '127.0.0.1', PUBLIC_URL: 'https://makler.example' }).devMailbox,
    ).toBe(false);
    // Said explicitly, it is there; on a plain loopback bind too.
    expect(configFromEnv({ TRUST_PROXY: '1', DEV_MAILBOX: '1' }).devMailbox).toBe(true);
    expect(configFromEnv({ HOST: '127.0.0.1' }).devMailbox).toBe(true);
    const server = await startTestServer();
    try {
      const port = new URL(server.base).port;
      const ask = (host: string) =>
        new Promise<number>((resolve, reject) => {
          const request = http.request(
            { host: '127.0.0.1', port, path: '/dev/mailbox.json', headers: { Host: host } },
            (response) => {
              response.resume();
              resolve(response.statusCode ?? 0);
            },
          );
          request.on('error', reject);
          request.end();
        });
      expect(await ask(`127.0.0.1:${port}`)).toBe(200);
      expect(await ask(`localhost:${port}`)).toBe(200);
      expect(await ask('attacker.example')).toBe(403);
    } finally {
      await server.close();
    }
  });

  it('item 11: refuses to start on a public bind without PUBLIC_URL, unless DEV_MAILBOX=1 says it is a local test', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'immosuite-bind-'));
    // Built anyway (before the fix) it is closed again, so the test fails instead of hanging.
    const refused = await buildServer(
      configFromEnv({ HOST: '0.0.0.0', DATA_DIR: dir, LOG: '0' }),
    ).then(
      async (app) => {
        await app.close();
        return null;
      },
      (error: Error) => error,
    );
    expect(refused?.message).toMatch(
      /PUBLIC_URL must be set when the server listens on 0\.0\.0\.0/,
    );
    const local = await buildServer(
      configFromEnv({ HOST: '0.0.0.0', DEV_MAILBOX: '1', DATA_DIR: dir, LOG: '0' }),
    );
    await local.close();
    const published = await buildServer(
      configFromEnv({
        HOST: '0.0.0.0',
        PUBLIC_URL: 'https://makler.example',
        DATA_DIR: dir,
        LOG: '0',
      }),
    );
    await published.close();
  });

  it('item 13: the data directory is 0700, the database and the secret 0600', async () => {
    const dir = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'immosuite-modes-')), 'data');
    const server = await startTestServer({}, dir);
    try {
      const mode = (file: string) => fs.statSync(path.join(dir, file)).mode & 0o777;
      expect(mode('.')).toBe(0o700);
      // On PostgreSQL (IMMOSUITE_TEST_DATABASE=postgres) the data are not in this folder.
      if (server.app.sql.dialect === 'sqlite') expect(mode('immosuite.sqlite')).toBe(0o600);
      expect(mode('secret')).toBe(0o600);
    } finally {
      await server.close();
    }
  });

  it('item 1: a connection that pipelines a thousand requests is cut off after a few answers; others are served', async () => {
    const server = await startTestServer();
    try {
      const { port } = new URL(server.base);
      const socket = net.connect(Number(port), '127.0.0.1');
      await new Promise((resolve) => socket.once('connect', resolve));
      let received = '';
      socket.on('data', (chunk) => (received += chunk.toString('latin1')));
      socket.on('error', () => {});
      const ended = new Promise((resolve) => socket.once('close', resolve));
      const one = `GET ${PREFIX}/v1/wizard/locations/geojson HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n`;
      socket.write(one.repeat(1000));
      // Meanwhile another connection is answered as ever.
      expect((await fetch(`${server.base}${PREFIX}/v1/wizard/locations`)).status).toBe(200);
      await ended;
      const answers = received.split('HTTP/1.1 200 OK').length - 1;
      expect(answers).toBeLessThanOrEqual(MAX_IN_FLIGHT);
      expect(server.app.server.timeout).toBe(SOCKET_IDLE_MS);
    } finally {
      await server.close();
    }
  });

  it('item 5: one client holds at most CONNECTIONS_PER_CLIENT connections; others and a reserve stay free', async () => {
    const server = await startTestServer({ CONNECTIONS_PER_CLIENT: '5' });
    const { port } = new URL(server.base);
    const connect = (localAddress = '127.0.0.1') =>
      new Promise<net.Socket>((resolve, reject) => {
        const socket = net.connect({ host: '127.0.0.1', port: Number(port), localAddress });
        socket.once('connect', () => resolve(socket));
        socket.once('error', reject);
      });
    /** Resolves with the bytes the server sent before it closed the socket. */
    const closed = (socket: net.Socket) =>
      new Promise<string>((resolve) => {
        let data = '';
        socket.on('data', (chunk) => (data += chunk));
        socket.once('close', () => resolve(data));
      });
    const get = (localAddress: string) =>
      new Promise<number>((resolve) => {
        const request = http.get(
          {
            host: '127.0.0.1',
            port,
            path: `${PREFIX}/v1/wizard/locations`,
            localAddress,
            agent: false,
          },
          (response) => {
            response.resume();
            resolve(response.statusCode ?? 0);
          },
        );
        request.once('error', () => resolve(0));
      });
    const idle: net.Socket[] = [];
    try {
      // Five idle sockets: every one the server takes, as it should.
      for (let i = 0; i < 5; i += 1) idle.push(await connect());
      expect(await get('127.0.0.2')).toBe(200);
      // The sixth of the same client is closed at once, without an answer.
      const sixth = await connect();
      expect(await closed(sixth)).toBe('');
      expect(await get('127.0.0.1')).toBe(0);
      // Another client is served meanwhile.
      expect(await get('127.0.0.3')).toBe(200);
      // One idle socket gone, the client may connect again (once the server saw it go).
      const gone = closed(idle[0]!);
      idle.shift()!.destroy();
      await gone;
      let status = 0;
      for (let attempt = 0; attempt < 50 && status !== 200; attempt += 1)
        status = await get('127.0.0.1');
      expect(status).toBe(200);
      // All clients together stay below the open-files limit, with a reserve.
      const limit = openFilesLimit();
      if (limit !== null) expect(server.app.server.maxConnections).toBe(limit - FD_RESERVE);
    } finally {
      for (const socket of idle) socket.destroy();
      await server.close();
    }
  });

  it('item 5: reads the open-files limit, and does not cap a trusted proxy per client', async () => {
    const limits = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'limits-')), 'limits');
    fs.writeFileSync(
      limits,
      'Limit                     Soft Limit           Hard Limit           Units     \nMax open files            1024                 4096                 files     \n',
    );
    expect(openFilesLimit(limits)).toBe(1024);
    expect(openFilesLimit(path.join(limits, 'missing'))).toBeNull();
    const server = await startTestServer({ CONNECTIONS_PER_CLIENT: '2', TRUST_PROXY: '127.0.0.1' });
    const sockets: net.Socket[] = [];
    try {
      const { port } = new URL(server.base);
      for (let i = 0; i < 4; i += 1)
        sockets.push(
          await new Promise<net.Socket>((resolve) => {
            const socket = net.connect(Number(port), '127.0.0.1', () => resolve(socket));
          }),
        );
      // The proxy's address has more than two open, and is still served.
      const answer = await fetch(`${server.base}${PREFIX}/v1/wizard/locations`);
      expect(answer.status).toBe(200);
    } finally {
      for (const socket of sockets) socket.destroy();
      await server.close();
    }
  });

  describe('item 10: start-up refuses damaged or foreign state, in one line naming the file', () => {
    const dataDir = () => fs.mkdtempSync(path.join(os.tmpdir(), 'immosuite-start-'));
    const start = (dir: string) =>
      buildServer(configFromEnv({ DATA_DIR: dir, LOG: '0', MIN_FILL_MS: '0' }));
    const dbFile = (dir: string) => path.join(dir, 'immosuite.sqlite');

    it('a SQLite file of another program', async () => {
      const dir = dataDir();
      const foreign = new Database(dbFile(dir));
      foreign.exec('CREATE TABLE invoices (id INTEGER PRIMARY KEY, total REAL)');
      foreign.close();
      await expect(start(dir)).rejects.toThrow(
        new StartupError(
          `the database ${dbFile(dir)} is not Immosuite's (it holds tables of another program: invoices): set DATA_DIR to a folder of its own`,
        ),
      );
      // Nothing of ours was added to it.
      const after = new Database(dbFile(dir));
      expect(
        after.prepare(`SELECT name FROM sqlite_master WHERE type = 'table'`).pluck().all(),
      ).toEqual(['invoices']);
      after.close();
    });

    it('a schema newer than this server', async () => {
      const dir = dataDir();
      await (await start(dir)).close();
      const db = new Database(dbFile(dir));
      db.pragma('user_version = 99');
      db.close();
      await expect(start(dir)).rejects.toThrow(
        /schema version 99, newer than this server's \d+: run the server version that wrote it/,
      );
    });

    it('a file that is not a database, and a damaged one', async () => {
      const dir = dataDir();
      fs.writeFileSync(dbFile(dir), 'Dies ist keine Datenbank, sondern ein Brief.'.repeat(200));
      await expect(start(dir)).rejects.toThrow(/it is not a SQLite database or it is damaged/);

      const damaged = dataDir();
      const server = await start(damaged);
      await server.close();
      // Garbage over the pages after the first: the header stays, the trees do not.
      const fd = fs.openSync(dbFile(damaged), 'r+');
      const size = fs.fstatSync(fd).size;
      expect(size).toBeGreaterThan(8 * 4096);
      fs.writeSync(fd, Buffer.alloc(size - 4096, 0x5a), 0, size - 4096, 4096);
      fs.closeSync(fd);
      await expect(start(damaged)).rejects.toThrow(StartupError);
      await expect(start(damaged)).rejects.toThrow(
        new RegExp(`${dbFile(damaged)} (is damaged|cannot be read)`),
      );
    });

    it('an empty database file beside the secret of an earlier start', async () => {
      const dir = dataDir();
      await (await start(dir)).close();
      fs.truncateSync(dbFile(dir), 0);
      fs.rmSync(`${dbFile(dir)}-wal`, { force: true });
      await expect(start(dir)).rejects.toThrow(
        new StartupError(
          `the database ${dbFile(dir)} is empty (0 bytes), though ${path.join(dir, 'secret')} shows this folder held one: restore it from your backup, or delete the empty file to start with an empty database`,
        ),
      );
      // Left as it was; once deleted, the server starts anew.
      expect(fs.statSync(dbFile(dir)).size).toBe(0);
      fs.rmSync(dbFile(dir));
      await (await start(dir)).close();
      // A new folder (no secret yet) with an empty file is a new installation.
      const fresh = dataDir();
      fs.writeFileSync(dbFile(fresh), '');
      await (await start(fresh)).close();
    });

    it('an empty or short secret', async () => {
      const dir = dataDir();
      await (await start(dir)).close();
      fs.writeFileSync(path.join(dir, 'secret'), '\n');
      await expect(start(dir)).rejects.toThrow(
        new StartupError(
          `the secret ${path.join(dir, 'secret')} is empty: restore it from your backup, or delete it to have a new one made (every session then ends)`,
        ),
      );
      fs.writeFileSync(path.join(dir, 'secret'), 'abc123');
      await expect(start(dir)).rejects.toThrow(/is too short/);
    });

    it('a database this process cannot write: the server says so in one line and exits', async () => {
      const dir = dataDir();
      await (await start(dir)).close();
      const asRoot = process.getuid?.() === 0;
      // Root writes anything: the server runs as nobody then, the files stay root's.
      if (asRoot) fs.chmodSync(dir, 0o755);
      else fs.chmodSync(dbFile(dir), 0o444);
      const child = spawnSync(
        process.execPath,
        ['--import', 'tsx', path.join(__dirname, '..', 'main.ts')],
        {
          env: { ...process.env, DATA_DIR: dir, PORT: '0', LOG: '0' },
          encoding: 'utf8',
          timeout: 15_000,
          ...(asRoot ? { uid: 65534, gid: 65534 } : {}),
        },
      );
      expect(child.status).toBe(1);
      expect(
        child.stderr
          .trim()
          .split('\n')
          .filter((line) => !/npm warn/.test(line)),
      ).toEqual([
        expect.stringMatching(
          new RegExp(
            `^Immosuite: this process \\(uid \\d+\\) cannot write the database ${dbFile(dir)} or its folder \\(EACCES\\)`,
          ),
        ),
      ]);
    });
  });
});
