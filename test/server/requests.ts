/**
 * Requests as server tests send them: through the test client with every answer held to the
 * contract (`call`), as a raw HTTP/1.1 text over a socket (`raw`), and the visitor who becomes
 * a logged-in contact.
 */
import net from 'node:net';
import { responseConforms } from '../../contract/validator';
import type { Method } from '../../contract/schema';
import {
  contact,
  keyOf,
  lead,
  PREFIX,
  type startTestServer,
  type TestClient,
  type TestResponse,
} from './testServer';

export type Server = Awaited<ReturnType<typeof startTestServer>>;

/** Throws unless `response` is an answer the contract describes for `method` and `path`. */
export function conforms(method: Method, path: string, response: TestResponse) {
  const result = responseConforms(method, path, response.status, response.body);
  if (!result.ok)
    throw new Error(
      `${method} ${path} ${response.status}: ${result.errors}\n${JSON.stringify(response.body)}`,
    );
}

/** A request of the API (`path` below PREFIX) whose answer must conform to the contract. */
export async function call(
  client: TestClient,
  method: Method,
  path: string,
  body?: unknown,
  headers?: Record<string, string>,
) {
  const response = await client.request(method.toUpperCase(), PREFIX + path, { body, headers });
  conforms(method, path, response);
  return response;
}

/** Submits, confirms by mail, asks for a login link, logs in with it, fetches the nonce. */
export async function loggedIn(server: Server, email = 'erika@example.de') {
  const client = server.client();
  await call(client, 'post', '/v1/wizard/lead', { contact: contact({ email }), lead: lead() });
  const confirmation = (await server.mails()).find((m) => m.to === email)!.links[0]!;
  await call(client, 'post', '/v1/wizard/confirm', { k: keyOf(confirmation) });
  await call(client, 'post', '/v1/auth/email', { email });
  const link = (await server.mails()).find((m) => m.to === email && m.links.length)!.links[0]!;
  const k = keyOf(link);
  const login = await call(client, 'post', '/v1/auth/login', { k });
  expect(login.body).toEqual({ user: { email, loggedIn: true }, login: true });
  const nonce = await call(client, 'post', '/v1/auth/login/nonce', { k });
  client.nonce = (nonce.body as { nonce: string }).nonce;
  return client;
}

/**
 * A confirmed contact and a fresh login key of theirs: the confirmation key, the login key,
 * and `requester`, the browser that asked for the login link.
 */
export async function loginKey(server: Server, email = 'erika@example.de') {
  const client = server.client();
  await client.post(`${PREFIX}/v1/wizard/lead`, { contact: contact({ email }), lead: lead() });
  const confirmation = keyOf((await server.mails())[0]!.links[0]!);
  expect((await client.post(`${PREFIX}/v1/wizard/confirm`, { k: confirmation })).status).toBe(200);
  await client.post(`${PREFIX}/v1/auth/email`, { email });
  return {
    confirmation,
    login: keyOf((await server.mails())[0]!.links[0]!),
    requester: client,
  };
}

/** A new browser that logs in with `k` (and fetches its nonce when it may). */
export async function logIn(server: Server, k: string) {
  const client = server.client();
  const answer = await client.post(`${PREFIX}/v1/auth/login`, { k });
  if (answer.status === 200) {
    const nonce = await client.post<{ nonce: string }>(`${PREFIX}/v1/auth/login/nonce`, { k });
    client.nonce = nonce.body.nonce;
  }
  return { client, status: answer.status };
}

/**
 * A raw HTTP/1.1 request over a socket: any Host header and request target, as a client may
 * send them (http.request would normalise both).
 */
export function raw(
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
export async function xsrf(server: Server) {
  const client = server.client();
  await client.get(`${PREFIX}/v1/wizard/locations`);
  const token = decodeURIComponent(client.cookies.get('XSRF-TOKEN')!);
  return { Cookie: `XSRF-TOKEN=${token}`, 'X-XSRF-TOKEN': token };
}
