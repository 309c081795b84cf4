/**
 * A contract fuzzer for the reference backend: for every operation of contract/openapi.ts it
 * sends bodies made from the operation's schema (valid ones, and ones broken on purpose:
 * wrong types, missing and unknown fields, huge and odd strings, deep nesting, bad
 * encodings), as a logged-in client with its XSRF token and nonce, sometimes without them.
 * Seeded, so a failure can be replayed. Counts the answers by status; a 5xx is a finding.
 */
import { openapi } from '../../contract/openapi';
import { requestBodySchema, type Method } from '../../contract/schema';
import { newLoggedInContact, PREFIX, type startTestServer, type TestClient } from './testServer';

type Schema = Record<string, unknown>;
type Server = Awaited<ReturnType<typeof startTestServer>>;

/** mulberry32: a small seeded generator. */
export function random(seed: number) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (max: number) => Math.floor(next() * max);
  const pick = <T>(items: readonly T[]): T => items[int(items.length)]!;
  return { next, int, pick, chance: (p: number) => next() < p };
}
type Random = ReturnType<typeof random>;

const ODD_STRINGS = [
  '',
  ' ',
  'ä€𝄞\u0000\u202e',
  '<script>alert(1)</script>',
  "' OR 1=1 --",
  '../../etc/passwd',
  '%s%n',
  '\ud800',
  'a'.repeat(10_000),
  '1e309',
  'null',
  '__proto__',
];

function nested(depth: number): unknown {
  let value: unknown = 'x';
  for (let i = 0; i < depth; i += 1) value = { d: value };
  return value;
}

/** Any JSON value, often odd. */
function anything(r: Random, depth = 0): unknown {
  switch (r.int(depth > 2 ? 6 : 9)) {
    case 0:
      return null;
    case 1:
      return r.chance(0.5);
    case 2:
      return r.pick([0, -1, 1.5, 2 ** 53, -(2 ** 31), 1e308, Number.MIN_VALUE]);
    case 3:
      return r.pick(ODD_STRINGS);
    case 4:
      return `s${r.int(1000)}`;
    case 5:
      return r.int(100_000);
    case 6:
      return Array.from({ length: r.int(4) }, () => anything(r, depth + 1));
    case 7:
      return Object.fromEntries(
        Array.from({ length: r.int(4) }, () => [
          r.pick(['a', 'constructor', '__proto__', 'x y']),
          anything(r, depth + 1),
        ]),
      );
    default:
      return nested(r.pick([20, 200, 3000]));
  }
}

/** A value for a schema: valid most of the time, broken some of the time. */
export function valueFor(
  schema: Schema | undefined,
  r: Random,
  breakRate: number,
  depth = 0,
): unknown {
  if (!schema || r.chance(breakRate) || depth > 8) return anything(r);
  if (Array.isArray(schema.enum)) return r.pick(schema.enum as unknown[]);
  if ('const' in schema) return schema.const;
  if (Array.isArray(schema.allOf)) return valueFor(schema.allOf[0] as Schema, r, breakRate, depth);
  const type = Array.isArray(schema.type) ? r.pick(schema.type as string[]) : schema.type;
  switch (type) {
    case 'object': {
      const properties = (schema.properties ?? {}) as Record<string, Schema>;
      const required = new Set((schema.required ?? []) as string[]);
      const out: Record<string, unknown> = {};
      for (const [name, inner] of Object.entries(properties)) {
        if (required.has(name) ? !r.chance(breakRate / 2) : r.chance(0.6))
          out[name] = valueFor(inner, r, breakRate, depth + 1);
      }
      if (r.chance(breakRate / 2)) out[`unknown${r.int(10)}`] = anything(r);
      return out;
    }
    case 'array': {
      const items = schema.items as Schema | undefined;
      const max = Math.min(Number(schema.maxItems ?? 4), 6);
      return Array.from({ length: r.int(max + 1) }, () => valueFor(items, r, breakRate, depth + 1));
    }
    case 'string': {
      if (schema.format === 'email') return `f${r.int(1e6)}@example.de`;
      if (schema.format === 'uuid') return crypto.randomUUID();
      const max = Number(schema.maxLength ?? 40);
      return 'x'.repeat(r.int(Math.min(max, 60) + 1));
    }
    case 'integer':
      return r.int(100_000);
    case 'number':
      return r.next() * 180 - 90;
    case 'boolean':
      return r.chance(0.5);
    case 'null':
      return null;
    default:
      return anything(r);
  }
}

interface Operation {
  method: Method;
  path: string;
  body: Schema | undefined;
}

export function operations(): Operation[] {
  return Object.entries(openapi.paths).flatMap(([path, item]) =>
    (['get', 'post', 'put', 'delete'] as const)
      .filter((method) => method in (item as object))
      .map((method) => ({ method, path, body: requestBodySchema(method, path) })),
  );
}

/** A confirmed, logged-in contact with a saved search to aim at. */
async function loggedInClient(server: Server): Promise<{ client: TestClient; uuid: string }> {
  const client = await newLoggedInContact(server, `fuzz${Date.now()}@example.de`);
  const { uuid } = (
    await client.post<{ uuid: string }>(`${PREFIX}/v1/saved-search`, {
      objectType: 'LIVING',
      categoryId: 30225,
      marketingType: 'buy',
      locations: [{ locationId: 1 }],
      fields: [],
    })
  ).body;
  return { client, uuid };
}

export interface FuzzResult {
  requests: number;
  byStatus: Record<string, number>;
  failures: { method: string; path: string; status: number; body: string }[];
}

/** Sends `count` fuzzed requests, `parallel` at a time. */
export async function fuzz(
  server: Server,
  count: number,
  seed = 1,
  parallel = 8,
): Promise<FuzzResult> {
  const r = random(seed);
  const ops = operations();
  const { client, uuid } = await loggedInClient(server);
  const result: FuzzResult = { requests: 0, byStatus: {}, failures: [] };
  async function one() {
    const op = r.pick(ops);
    const path = op.path.replace(
      '{uuid}',
      r.chance(0.7) ? uuid : r.pick(['x', crypto.randomUUID(), '%00', '..']),
    );
    const headers: Record<string, string> = {};
    if (r.chance(0.1)) headers['X-XSRF-TOKEN'] = 'wrong';
    if (r.chance(0.1)) headers['X-WP-Nonce'] = r.pick(['', 'x', 'a'.repeat(200)]);
    if (r.chance(0.3))
      headers['Idempotency-Key'] = r.pick([`fuzz-${r.int(50)}-key`, 'bad key', '']);
    if (r.chance(0.1)) headers['Accept-Language'] = r.pick(['en-US', 'xx', '*', '']);
    let raw: string | undefined;
    let body: unknown;
    if (op.method !== 'get') {
      if (r.chance(0.05)) {
        raw = r.pick(['{', '[]', 'null', '"x"', '{"a":1,}', '\u0000', '']);
        headers['Content-Type'] = 'application/json';
      } else body = valueFor(op.body, r, 0.15);
    }
    const answer = await client.request(op.method.toUpperCase(), PREFIX + path, {
      body,
      headers,
      raw,
    });
    result.requests += 1;
    result.byStatus[answer.status] = (result.byStatus[answer.status] ?? 0) + 1;
    if (answer.status >= 500 && result.failures.length < 20)
      result.failures.push({
        method: op.method,
        path,
        status: answer.status,
        body: JSON.stringify(body ?? raw).slice(0, 300),
      });
  }
  let sent = 0;
  await Promise.all(
    Array.from({ length: parallel }, async () => {
      while (sent < count) {
        sent += 1;
        await one();
      }
    }),
  );
  return result;
}
