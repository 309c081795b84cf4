/**
 * @jest-environment node
 *
 * A body read up to a limit, from a real HTTP server on loopback: cut to its first bytes, or
 * refused whole, and the transfer ended once the limit is passed.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { readBody } from './body';

let server: http.Server;
let base: string;
/** Bytes the server has written of its endless answer, and whether that answer was cut off. */
let offered = 0;
let cutOff!: Promise<void>;

beforeAll(async () => {
  server = http.createServer((request, response) => {
    const url = new URL(request.url!, 'http://x');
    if (url.pathname === '/endless') {
      let closed!: () => void;
      cutOff = new Promise((resolve) => (closed = resolve));
      response.on('close', closed);
      const chunk = Buffer.alloc(16 * 1024, 'x');
      const write = () => {
        while (!response.destroyed) {
          offered += chunk.length;
          if (!response.write(chunk)) return void response.once('drain', write);
        }
      };
      return write();
    }
    const body = url.searchParams.get('body') ?? '';
    // Declared, or sent chunked (no Content-Length): a refusal must not depend on the header.
    if (url.searchParams.has('chunked')) response.write(body);
    else response.setHeader('Content-Length', Buffer.byteLength(body));
    response.end(url.searchParams.has('chunked') ? undefined : body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

const get = (body: string, chunked = false) =>
  fetch(`${base}/?body=${encodeURIComponent(body)}${chunked ? '&chunked' : ''}`);

describe('readBody', () => {
  it.each([false, true])('keeps a body within the limit whole (chunked: %s)', async (chunked) => {
    expect(await readBody(await get('Grüße', chunked), 7, 'refuse')).toBe('Grüße');
    expect(await readBody(await get('Grüße', chunked), 7, 'cut')).toBe('Grüße');
  });

  it.each([false, true])(
    'cuts a longer body to its first bytes, or refuses it (chunked: %s)',
    async (chunked) => {
      expect(await readBody(await get('abcdefgh', chunked), 7, 'cut')).toBe('abcdefg');
      expect(await readBody(await get('abcdefgh', chunked), 7, 'refuse')).toBeNull();
    },
  );

  it('ends the transfer of an endless answer once it has its bytes', async () => {
    for (const longer of ['cut', 'refuse'] as const) {
      offered = 0;
      const text = await readBody(await fetch(`${base}/endless`), 4096, longer);
      expect(text).toBe(longer === 'cut' ? 'x'.repeat(4096) : null);
      await cutOff;
      // What the socket buffers took before the reader hung up, not an endless stream.
      expect(offered).toBeLessThan(32 * 1024 * 1024);
    }
  });
});
