/**
 * The reference backend as a process of its own, for the checks that kill it (npm run crash,
 * npm run cluster), and the requests they send as the widget sends them.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import net from 'node:net';
import path from 'node:path';

const root = path.resolve(__dirname, '..');
export const PREFIX = '/wp-json/sw-immosuite';
/** The XSRF token the checks send as cookie and header (double submit). */
export const XSRF = 'crash-test-xsrf-token';

export function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const probe = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}

/** Starts `server/main.ts` on `port` with `env`; resolves once it answers. */
export async function startServer(
  env: Record<string, string>,
  port: number,
): Promise<ChildProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    cwd: root,
    env: { ...process.env, PORT: String(port), LOG: '0', MIN_FILL_MS: '0', ...env },
    stdio: 'ignore',
  });
  for (let i = 0; i < 200; i += 1) {
    try {
      await fetch(`http://127.0.0.1:${port}${PREFIX}/v1/wizard/locations`);
      return child;
    } catch {
      await new Promise((r) => setTimeout(r, 100));
    }
  }
  throw new Error('the server did not start');
}

export interface Sent {
  key: string;
  email: string;
}

export interface Answer {
  /** 0: the connection died with the server. */
  status: number;
  body: Record<string, unknown> | null;
  headers: Headers | null;
}

/** A POST as the widget sends it (XSRF double submit, JSON); never throws. */
export async function post(
  port: number,
  route: string,
  body: unknown,
  headers: Record<string, string> = {},
): Promise<Answer> {
  try {
    const answer = await fetch(`http://127.0.0.1:${port}${PREFIX}${route}`, {
      method: 'POST',
      headers: {
        'Content-Type': 'application/json',
        Cookie: `XSRF-TOKEN=${XSRF}`,
        'X-XSRF-TOKEN': XSRF,
        ...headers,
      },
      body: JSON.stringify(body),
    });
    const text = await answer.text();
    return {
      status: answer.status,
      body: text ? (JSON.parse(text) as Record<string, unknown>) : null,
      headers: answer.headers,
    };
  } catch {
    return { status: 0, body: null, headers: null };
  }
}

/** A contact message with its Idempotency-Key (the message names the key, to count it by). */
export const submit = (port: number, sent: Sent) =>
  post(
    port,
    '/v1/wizard/contact',
    {
      contact: {
        firstname: 'Crash',
        lastname: 'Test',
        email: sent.email,
        customFields: { dataPrivacy: true, acceptContact: true },
      },
      message: sent.key,
    },
    { 'Idempotency-Key': sent.key },
  );

export const confirm = (port: number, k: string) => post(port, '/v1/wizard/confirm', { k });

/** The key of a mailed link. */
export const keyOfLink = (link: string) => new URL(link).searchParams.get('k')!;
