/**
 * @jest-environment node
 *
 * Connections and proxies (docs/security.md#connections-and-requests): pipelining and
 * connections per client bounded, slow clients cut off, and proxies trusted only as
 * configured.
 */
import fs from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { type Server } from '../test/server/requests';
import { PREFIX, startTestServer } from '../test/server/testServer';
import { HEADERS_TIMEOUT_MS, REQUEST_TIMEOUT_MS } from './app';
import { configFromEnv } from './config';
import { FD_RESERVE, MAX_IN_FLIGHT, openFilesLimit, SOCKET_IDLE_MS } from './connections';

describe('connections', () => {
  it('a connection that pipelines a thousand requests is cut off after a few answers; others are served', async () => {
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

  it('one client holds at most CONNECTIONS_PER_CLIENT connections; others and a reserve stay free', async () => {
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

  it('reads the open-files limit, and does not cap a trusted proxy per client', async () => {
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
});

describe('slow clients', () => {
  let server: Server;
  beforeEach(async () => {
    server = await startTestServer();
  });
  afterEach(async () => {
    await server.close();
  });

  it('cuts off clients that trickle their request', () => {
    expect(server.app.server.requestTimeout).toBe(REQUEST_TIMEOUT_MS);
    expect(server.app.server.headersTimeout).toBe(HEADERS_TIMEOUT_MS);
    expect(HEADERS_TIMEOUT_MS).toBeLessThanOrEqual(REQUEST_TIMEOUT_MS);
  });
});

describe('proxies', () => {
  it('TRUST_PROXY trusts the configured hops or proxy addresses, never the client', async () => {
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
});
