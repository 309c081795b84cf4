/**
 * @jest-environment node
 *
 * The dev mailbox is for development only (docs/security.md#the-dev-mailbox): open on a
 * loopback bind, closed behind a proxy, under a public URL or with SMTP, and never for another
 * Host.
 */
import http from 'node:http';
import { type Server } from '../../test/server/requests';
import { DEFAULT_TEST_ENV, startTestServer } from '../../test/server/testServer';
import { configFromEnv } from '../config';

describe('the dev mailbox', () => {
  let server: Server;
  beforeEach(async () => {
    server = await startTestServer();
  });
  afterEach(async () => {
    await server.close();
  });

  it('is open on a loopback bind, closed on another unless DEV_MAILBOX=1', () => {
    expect(configFromEnv({ ...DEFAULT_TEST_ENV, HOST: '127.0.0.1' }).devMailbox).toBe(true);
    expect(configFromEnv({ ...DEFAULT_TEST_ENV, HOST: '0.0.0.0' }).devMailbox).toBe(false);
    expect(configFromEnv({ HOST: '0.0.0.0', DEV_MAILBOX: '1' }).devMailbox).toBe(true);
    expect(configFromEnv({ HOST: '127.0.0.1', SMTP_URL: 'smtp://mail.test' }).devMailbox).toBe(
      false,
    );
  });

  it('is not served when closed', async () => {
    // A public bind needs its public URL (see startup.test.ts); the mailbox stays closed there.
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

  it('no dev mailbox behind a proxy or under a public URL, and none for another Host', async () => {
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
  });
});
