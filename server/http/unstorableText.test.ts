/**
 * @jest-environment node
 *
 * Text no database can store as sent (docs/security.md#connections-and-requests, decision 211):
 * U+0000 or a lone surrogate in any text field of any contract route's body, and U+0000 in any
 * text query parameter, is a 400 `rest_invalid_param` naming the field, stores nothing, and is
 * never a 5xx, on SQLite and (test:postgres) on PostgreSQL. The fields are read from the
 * contract's schemas, so a field added to the contract is tried too.
 */
import { openapi } from '../../contract/openapi';
import { operation, requestBodySchema, resolveRefs, type Method } from '../../contract/schema';
import { random, valueFor } from '../../test/server/fuzz';
import {
  contact,
  lead,
  newLoggedInContact,
  PREFIX,
  staffSignIn,
  startTestServer,
  type TestClient,
} from '../../test/server/testServer';

type Schema = Record<string, unknown>;
type Server = Awaited<ReturnType<typeof startTestServer>>;
const STAFF = 'anna@makler.example';

/**
 * The paths (property names, `0` for an array's item) to every place in `schema` where a string
 * may stand: typed string, or free-form (no type at all).
 */
function textFields(schema: Schema | undefined, path: string[] = []): string[][] {
  if (!schema || path.length > 8) return [];
  const out: string[][] = [];
  for (const key of ['oneOf', 'anyOf', 'allOf'])
    for (const branch of (schema[key] ?? []) as Schema[]) out.push(...textFields(branch, path));
  const types = ([] as unknown[]).concat(schema.type ?? []);
  const properties = (schema.properties ?? {}) as Record<string, Schema>;
  const items = schema.items as Schema | undefined;
  const freeForm = !types.length && !schema.properties && !items && !schema.oneOf && !schema.anyOf;
  if (types.includes('string') || freeForm) out.push(path);
  for (const [name, inner] of Object.entries(properties))
    out.push(...textFields(inner, [...path, name]));
  if (items) out.push(...textFields(items, [...path, '0']));
  return out;
}

/** `body` with `text` at `path`, the objects and arrays on the way made where missing. */
function withText(body: unknown, path: string[], text: string): unknown {
  if (!path.length) return text;
  const [head, ...rest] = path;
  const container: Record<string, unknown> | unknown[] =
    typeof body === 'object' && body !== null
      ? (structuredClone(body) as Record<string, unknown>)
      : head === '0'
        ? []
        : {};
  const inner = (container as Record<string, unknown>)[head!];
  (container as Record<string, unknown>)[head!] = withText(inner, rest, text);
  return container;
}

const OPERATIONS = Object.entries(openapi.paths).flatMap(([path, item]) =>
  (['get', 'post', 'put', 'delete'] as Method[])
    .filter((method) => method in (item as object))
    .map((method) => ({ method, path })),
);

const unique = (paths: string[][]) => [...new Set(paths.map((p) => p.join('/')))];

/** Every text field of every request body: [method, path, field]. */
const BODY_FIELDS = OPERATIONS.flatMap(({ method, path }) =>
  unique(textFields(requestBodySchema(method, path))).map(
    (field) => [method.toUpperCase(), path, field] as const,
  ),
);

/** Every text query parameter: [method, path, parameter]. */
const QUERY_FIELDS = OPERATIONS.flatMap(({ method, path }) =>
  (operation(method, path).parameters ?? [])
    .filter((p) => p.in === 'query' && textFields(resolveRefs(p.schema) as Schema).length)
    .map((p) => [method.toUpperCase(), path, p.name] as const),
);

describe('text no database can store', () => {
  let server: Server;
  let contactClient: TestClient;
  let staff: TestClient;
  let uuid: string;
  let submissions: number;

  const clientOf = (path: string) => (path.startsWith('/agency/') ? staff : contactClient);
  const urlOf = (path: string) =>
    (path.startsWith('/agency/') ? '' : PREFIX) +
    path.replace('{uuid}', uuid).replace('{id}', '1').replace('{objectId}', '1');
  const countSubmissions = async () =>
    Number(
      (await server.app.sql.one<{ n: number | string }>('SELECT count(*) AS n FROM submissions'))!
        .n,
    );

  beforeAll(async () => {
    server = await startTestServer({ AGENCY_USERS: STAFF });
    contactClient = await newLoggedInContact(server);
    staff = await staffSignIn(server, STAFF);
    const sent = await server
      .client()
      .post<{ uuid: string }>(`${PREFIX}/v1/wizard/lead`, { contact: contact(), lead: lead() });
    uuid = sent.body.uuid;
    submissions = await countSubmissions();
  });
  afterAll(async () => {
    await server.close();
  });

  it('reads the text fields of every route from the contract', () => {
    const fields = BODY_FIELDS.map(([method, path, field]) => `${method} ${path} ${field}`);
    for (const wizard of ['lead', 'saved-search', 'contact', 'expose-inquiry'])
      expect(fields).toContain(`POST /v1/wizard/${wizard} contact/email`);
    expect(fields).toEqual(
      expect.arrayContaining([
        'POST /v1/wizard/lead contact/firstname',
        'POST /v1/wizard/lead lead/fields/0/value',
        'POST /v1/wizard/lead lead/fields/0/data',
        'POST /v1/wizard/lead message',
        'POST /v1/wizard/expose-inquiry exposeInquiry/message',
        'POST /v1/wizard/contact message',
        'POST /agency/api/submissions/{uuid}/notes text',
        'PUT /v1/contact lastname',
        'POST /v1/auth/email email',
      ]),
    );
    const params = QUERY_FIELDS.map(([method, path, name]) => `${method} ${path} ${name}`);
    expect(params).toEqual(
      expect.arrayContaining([
        'GET /agency/api/submissions q',
        'GET /agency/api/submissions assignee',
        'GET /agency/api/submissions.csv assignee',
        'GET /agency/api/submissions.csv q',
      ]),
    );
  });

  describe.each([
    ['U+0000', 'Erika\u0000Muster', 'U+0000'],
    ['a lone high surrogate', 'Erika\ud800', 'lone surrogate'],
    ['a lone low surrogate', '\udc00Erika', 'lone surrogate'],
  ])('%s', (_name, text, character) => {
    it.each(BODY_FIELDS)(
      'in %s %s at %s is a 400 naming the field',
      async (method, path, field) => {
        const schema = requestBodySchema(method.toLowerCase() as Method, path);
        const body = withText(valueFor(schema, random(7), 0), field.split('/'), text);
        const answer = await clientOf(path).request(method, urlOf(path), { body });
        expect(answer.status).toBe(400);
        expect(answer.body).toMatchObject({
          code: 'rest_invalid_param',
          message: expect.stringContaining(`body/${field}`),
          data: { status: 400, params: { field: `body/${field}`, character } },
        });
      },
    );
  });

  it.each(QUERY_FIELDS)('U+0000 in %s %s ?%s= is a 400 naming it', async (method, path, name) => {
    const answer = await clientOf(path).request(
      method,
      `${urlOf(path)}?${name}=${encodeURIComponent('erika\u0000@example.de')}`,
    );
    expect(answer.status).toBe(400);
    expect(answer.body).toMatchObject({
      code: 'rest_invalid_param',
      data: { params: { field: `querystring/${name}`, character: 'U+0000' } },
    });
  });

  it('takes a name of its key as an unstorable field too', async () => {
    const answer = await contactClient.post(`${PREFIX}/v1/wizard/lead`, {
      contact: contact(),
      lead: lead({ fields: [{ name: 'x', valueType: 'RAW', data: { 'a\u0000': 1 } }] }),
    });
    expect(answer.body).toMatchObject({
      data: { params: { field: 'body/lead/fields/0/data/a\u0000', character: 'U+0000' } },
    });
  });

  it('stored nothing of it, and the same requests without it are served', async () => {
    expect(await countSubmissions()).toBe(submissions);
    const visitor = server.client();
    const name = 'Erika Muster 𝄞';
    const sent = await visitor.post(`${PREFIX}/v1/wizard/lead`, {
      contact: contact({ firstname: name }),
      lead: lead(),
    });
    expect(sent.status).toBe(201);
    const note = await staff.post(`/agency/api/submissions/${uuid}/notes`, { text: name });
    expect(note.status).toBe(201);
    const list = await staff.get(`/agency/api/submissions?q=${encodeURIComponent(name)}`);
    expect(list.status).toBe(200);
  });
});
