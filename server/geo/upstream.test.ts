/**
 * @jest-environment node
 *
 * GEOCODER_UPSTREAM is asked within bounds: an upstream that hangs or trickles is given up
 * on (504), one that answers too much, fails or answers no JSON is a 502, each in the API's
 * error shape; the server's memory never holds more than the bound of an answer.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { startTestServer } from '../../test/server/testServer';
import { UPSTREAM_MAX_BYTES, upstreamGeocoder } from './routes';

/** A local upstream that answers every request with `answer`; its address. */
async function upstream(answer: (response: http.ServerResponse) => void) {
  const sockets = new Set<import('node:net').Socket>();
  const server = http.createServer((_request, response) => answer(response));
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () => {
      for (const socket of sockets) socket.destroy();
      return new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

const PLACE = { type: 'FeatureCollection', features: [] };

describe('an upstream geocoder', () => {
  const opened: { close(): Promise<void> }[] = [];
  afterEach(async () => {
    await Promise.all(opened.splice(0).map((server) => server.close()));
  });
  const start = async (answer: (response: http.ServerResponse) => void) => {
    const up = await upstream(answer);
    opened.push(up);
    const server = await startTestServer({ GEOCODER_UPSTREAM: up.url });
    opened.push(server);
    return server;
  };

  it('that answers is passed on', async () => {
    const server = await start((response) =>
      response.writeHead(200, { 'Content-Type': 'application/json' }).end(JSON.stringify(PLACE)),
    );
    const answer = await fetch(`${server.base}/api/geocoder?q=Berlin`);
    expect([answer.status, await answer.json()]).toEqual([200, PLACE]);
  });

  it('that answers more than the bound is a 502, whether it says so first or not', async () => {
    const chunk = Buffer.alloc(64 * 1024, 0x20);
    const endless = await start((response) => {
      response.writeHead(200, { 'Content-Type': 'application/json' });
      // About 2 MB without a length, then it would go on.
      for (let i = 0; i < 32; i += 1) response.write(chunk);
    });
    const answer = await fetch(`${endless.base}/api/geocoder/reverse?lat=52.5&lon=13.4`);
    expect(answer.status).toBe(502);
    expect(await answer.json()).toEqual({
      code: 'geocoder_unavailable',
      message: 'Die Adresssuche ist gerade nicht erreichbar.',
      data: { status: 502 },
    });
    const declared = await start((response) => {
      response.writeHead(200, { 'Content-Length': String(10 * UPSTREAM_MAX_BYTES) });
      response.write(chunk);
    });
    expect((await fetch(`${declared.base}/api/geocoder?q=Berlin`)).status).toBe(502);
  });

  it('that fails, answers no JSON or cannot be reached is a 502', async () => {
    const failing = await start((response) => response.writeHead(500).end('kaputt'));
    expect((await fetch(`${failing.base}/api/geocoder?q=Berlin`)).status).toBe(502);
    const html = await start((response) => response.writeHead(200).end('<html>'));
    expect((await fetch(`${html.base}/api/geocoder?q=Berlin`)).status).toBe(502);
    const gone = await upstream(() => {});
    await gone.close();
    const server = await startTestServer({ GEOCODER_UPSTREAM: gone.url });
    opened.push(server);
    const answer = await fetch(`${server.base}/api/geocoder?q=Berlin`);
    expect(answer.status).toBe(502);
    expect(answer.headers.get('content-type')).toMatch(/^application\/json/);
  });

  it('that hangs, or trickles its answer, is given up on with a 504', async () => {
    const log: string[] = [];
    // The server's bound is seconds; here a short one, so the test does not wait for it.
    const ask = (url: string) =>
      upstreamGeocoder(url, (message) => log.push(message), { timeoutMs: 100 })('/api', {
        q: 'Berlin',
      });
    const hanging = await upstream(() => {});
    opened.push(hanging);
    await expect(ask(hanging.url)).rejects.toMatchObject({ status: 504, code: 'geocoder_timeout' });
    const trickling = await upstream((response) => {
      response.writeHead(200, { 'Content-Type': 'application/json' });
      response.write('{"type":');
      // One byte now and then, never the end.
      const timer = setInterval(() => response.write(' '), 20);
      response.on('close', () => clearInterval(timer));
    });
    opened.push(trickling);
    await expect(ask(trickling.url)).rejects.toMatchObject({
      status: 504,
      code: 'geocoder_timeout',
    });
    expect(log).toEqual([
      'the upstream geocoder did not answer within 100 ms',
      'the upstream geocoder did not answer within 100 ms',
    ]);
  });
});
