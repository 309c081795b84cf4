/**
 * @jest-environment node
 *
 * Findings of the second probe of the backend (issue #22) that are closed: each test failed
 * before its fix.
 */
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { buildServer } from '../app';
import { configFromEnv } from '../config';
import { keyOf, newLoggedInContact, PREFIX, startTestServer } from '../testing';

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
      expect(mode('immosuite.sqlite')).toBe(0o600);
      expect(mode('secret')).toBe(0o600);
    } finally {
      await server.close();
    }
  });
});
