/** Test helpers: the real server on a temporary database, and a client with a cookie jar. */
import fs from 'node:fs';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { buildServer, type BuildOptions } from '../../server/app';
import { configFromEnv } from '../../server/config';
import type { Outbox } from '../../server/delivery/outbox';
import { createTestDatabase, testPostgresUrl } from './postgres';

export const PREFIX = '/wp-json/sw-immosuite';

export interface TestResponse<T = unknown> {
  status: number;
  headers: Headers;
  body: T;
}

export class TestClient {
  readonly cookies = new Map<string, string>();
  nonce: string | null = null;

  constructor(
    readonly base: string,
    readonly ip = '127.0.0.1',
  ) {}

  private store(response: Response) {
    for (const cookie of response.headers.getSetCookie()) {
      const [pair, ...attributes] = cookie.split(';');
      const eq = pair!.indexOf('=');
      const name = pair!.slice(0, eq).trim();
      const value = pair!.slice(eq + 1).trim();
      const expired = attributes.some((a) => /expires=Thu, 01 Jan 1970/i.test(a)) || value === '';
      if (expired) this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
  }

  async request<T = unknown>(
    method: string,
    pathname: string,
    options: { body?: unknown; headers?: Record<string, string>; raw?: string } = {},
  ): Promise<TestResponse<T>> {
    if (method !== 'GET' && !this.cookies.has('XSRF-TOKEN'))
      await this.request('GET', `${PREFIX}/v1/wizard/locations`);
    const headers: Record<string, string> = { 'Accept-Language': 'de', ...options.headers };
    if (this.cookies.size)
      headers.Cookie = [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
    if (method !== 'GET' && this.cookies.has('XSRF-TOKEN') && !('X-XSRF-TOKEN' in headers)) {
      headers['X-XSRF-TOKEN'] = decodeURIComponent(this.cookies.get('XSRF-TOKEN')!);
    }
    if (this.nonce && !('X-WP-Nonce' in headers)) headers['X-WP-Nonce'] = this.nonce;
    let body: string | undefined = options.raw;
    if (options.body !== undefined) {
      body = JSON.stringify(options.body);
      headers['Content-Type'] = 'application/json';
    }
    const response = await fetch(this.base + pathname, { method, headers, body });
    this.store(response);
    const fresh = response.headers.get('x-wp-nonce');
    if (fresh) this.nonce = fresh;
    const text = await response.text();
    let parsed: unknown = text;
    try {
      parsed = text ? JSON.parse(text) : null;
    } catch {
      /* not JSON */
    }
    return { status: response.status, headers: response.headers, body: parsed as T };
  }

  get = <T = unknown>(p: string, headers?: Record<string, string>) =>
    this.request<T>('GET', p, { headers });
  post = <T = unknown>(p: string, body: unknown, headers?: Record<string, string>) =>
    this.request<T>('POST', p, { body, headers });
  put = <T = unknown>(p: string, body: unknown, headers?: Record<string, string>) =>
    this.request<T>('PUT', p, { body, headers });
  del = <T = unknown>(p: string, headers?: Record<string, string>) =>
    this.request<T>('DELETE', p, { headers });
}

/** The test server's environment: quiet, limits and the bot timer relaxed. */
export const DEFAULT_TEST_ENV = {
  LOG: process.env.TEST_LOG ?? '0',
  MIN_FILL_MS: '0',
  RATE_LIMIT_SUBMISSIONS: '1000',
  RATE_LIMIT_LOGIN_CLIENT: '1000',
  RATE_LIMIT_LOGIN_MAILS: '1000',
  RATE_LIMIT_FUNNEL_DAY: '1000',
  RATE_LIMIT_SEARCH_CHANGES: '1000',
};

const databaseOfDir = new Map<string, string>();

/**
 * With IMMOSUITE_TEST_DATABASE=postgres (and jest's PostgreSQL cluster), every test server runs
 * on a PostgreSQL database of its own, kept for its DATA_DIR (a restart finds its data).
 */
async function postgresOfRun(dir: string): Promise<{ DATABASE_URL?: string }> {
  const cluster = testPostgresUrl();
  if (process.env.IMMOSUITE_TEST_DATABASE !== 'postgres' || !cluster) return {};
  let url = databaseOfDir.get(dir);
  if (!url) databaseOfDir.set(dir, (url = await createTestDatabase(cluster)));
  return { DATABASE_URL: url };
}

/**
 * The real server on loopback; `dataDir` and `port` let a test restart it where it was;
 * `options` is what buildServer takes besides the configuration.
 */
export async function startTestServer(
  env: Record<string, string> = {},
  dataDir?: string,
  port = 0,
  options: BuildOptions = {},
) {
  const dir = dataDir ?? fs.mkdtempSync(path.join(os.tmpdir(), 'immosuite-'));
  const config = configFromEnv({
    DATA_DIR: dir,
    ...DEFAULT_TEST_ENV,
    ...(await postgresOfRun(dir)),
    ...env,
  });
  const app = await buildServer(config, options);
  await app.listen({ host: '127.0.0.1', port });
  const base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
  return {
    app,
    base,
    dataDir: dir,
    client: () => new TestClient(base),
    mails: async () => (await (await fetch(`${base}/dev/mailbox.json`)).json()) as TestMail[],
    close: () => app.close(),
  };
}

export const keyOf = (link: string) => new URL(link).searchParams.get('k')!;

export interface TestMail {
  to: string;
  subject: string;
  text: string;
  links: string[];
}

/** What `mailTo` needs of a test server: its dev mailbox and its outbox. */
export interface MailboxServer {
  mails(): Promise<TestMail[]>;
  app: { outbox: Pick<Outbox, 'nudged'> };
}

/**
 * The newest mail that `match`es once there are `count` of them. Some mails are stored after
 * the answer (a staff sign-in link): the mailbox is read again each time the outbox is nudged
 * (a commit wrote a mail), never on a timer. `deadlineMs` only bounds a wait for a mail that
 * never comes, with a message that says so.
 */
export async function mailTo(
  server: MailboxServer,
  match: (mail: TestMail) => boolean,
  count = 1,
  deadlineMs = 15_000,
): Promise<TestMail> {
  let timer: NodeJS.Timeout | undefined;
  let found: TestMail[] = [];
  const deadline = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(
      () => reject(new Error(`${found.length} of ${count} mails arrived in ${deadlineMs} ms`)),
      deadlineMs,
    );
  });
  // Handled here too: it may pass while the mailbox is being read.
  deadline.catch(() => {});
  try {
    for (;;) {
      // Listening before the read: a mail stored meanwhile wakes the next read.
      const written = server.app.outbox.nudged();
      found = (await server.mails()).filter(match);
      if (found.length >= count) return found[0]!;
      await Promise.race([written, deadline]);
    }
  } finally {
    clearTimeout(timer);
  }
}

/**
 * A saved search sent through the wizard by a visitor (`contact`'s fields over the default
 * contact) and confirmed from its mail, as a visitor does; the uuid of its submission.
 */
export async function confirmedSearch(
  server: MailboxServer & { client(): TestClient },
  contactFields: Record<string, unknown> & { email: string },
  search: Record<string, unknown> = savedSearch(),
): Promise<string> {
  const visitor = server.client();
  const sent = await visitor.post<{ uuid: string }>(`${PREFIX}/v1/wizard/saved-search`, {
    contact: contact(contactFields),
    savedSearch: search,
  });
  if (sent.status !== 201) throw new Error(`saved search refused: ${sent.status}`);
  const mail = await mailTo(server, (m) => m.to === contactFields.email && m.links.length > 0);
  const confirmed = await visitor.post(`${PREFIX}/v1/wizard/confirm`, { k: keyOf(mail.links[0]!) });
  if (confirmed.status !== 200) throw new Error(`confirmation refused: ${confirmed.status}`);
  return sent.body.uuid;
}

/** A staff member signed in to the inbox by a mailed link (its address in AGENCY_USERS). */
export async function staffSignIn(
  server: MailboxServer & { client(): TestClient },
  email: string,
): Promise<TestClient> {
  const client = server.client();
  const link = (m: TestMail) => m.to === email && m.links.length > 0;
  const before = (await server.mails()).filter(link).length;
  const asked = await client.post('/agency/api/auth/email', { email });
  if (asked.status !== 200) throw new Error(`sign-in mail refused: ${asked.status}`);
  const mail = await mailTo(server, link, before + 1);
  const login = await client.post('/agency/api/auth/login', { k: keyOf(mail.links[0]!) });
  if (login.status !== 200) throw new Error(`sign-in refused: ${login.status}`);
  return client;
}

export function contact(overrides: Record<string, unknown> = {}) {
  return {
    salutation: 'Frau',
    firstname: 'Erika',
    lastname: 'Mustermann',
    phone: '030 1234567',
    email: 'erika@example.de',
    street: 'Hauptstraße',
    number: '5',
    zip: '10115',
    city: 'Berlin',
    company: '',
    customFields: { dataPrivacy: true, acceptContact: true, newsletter: false },
    ...overrides,
  };
}

export function lead(overrides: Record<string, unknown> = {}) {
  return {
    objectType: 'LIVING',
    categoryId: 30225,
    marketingType: 'buy',
    location: {
      zip: '10435',
      city: 'Berlin',
      street: 'Kastanienallee',
      number: '12',
      lat: 52.538,
      lng: 13.41,
    },
    fields: [
      { name: 'price.price', valueType: 'NUMBER', value: 350000 },
      { name: 'area.livingSpace', valueType: 'NUMBER', value: 82.5 },
    ],
    ...overrides,
  };
}

export function savedSearch(overrides: Record<string, unknown> = {}) {
  return {
    objectType: 'LIVING',
    categoryId: 30225,
    marketingType: 'rent',
    locations: [{ locationId: 301 }, { locationId: 201 }],
    fields: [{ name: 'price.price', valueType: 'RANGE', minValue: 500, maxValue: 1500 }],
    ...overrides,
  };
}

/**
 * A new contact as a visitor becomes one: sends a lead, confirms it from the mail, asks for a
 * login link and logs in with it. The client holds the session and the nonce.
 */
export async function newLoggedInContact(
  server: { client(): TestClient; mails(): Promise<{ links: string[] }[]> },
  email = contact().email,
): Promise<TestClient> {
  const client = server.client();
  await client.post(`${PREFIX}/v1/wizard/lead`, { contact: contact({ email }), lead: lead() });
  await client.post(`${PREFIX}/v1/wizard/confirm`, {
    k: keyOf((await server.mails())[0]!.links[0]!),
  });
  await client.post(`${PREFIX}/v1/auth/email`, { email });
  const k = keyOf((await server.mails())[0]!.links[0]!);
  await client.post(`${PREFIX}/v1/auth/login`, { k });
  client.nonce = (
    await client.post<{ nonce: string }>(`${PREFIX}/v1/auth/login/nonce`, { k })
  ).body.nonce;
  return client;
}
