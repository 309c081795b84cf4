/**
 * @jest-environment node
 *
 * The inbox's changes need the XSRF token like every other (docs/security.md#cookies-xsrf-and-the-nonce):
 * a staff session is a session, so the exception for a browser without cookies never covers it.
 * Every state-changing /agency route of the contract, sent with only the staff cookie, a JSON
 * body and the server's own Origin, is a 403 and changes nothing; with the token it works.
 */
import { openapi } from '../../contract/openapi';
import { STAFF_COOKIE } from '../http/security';
import {
  contact,
  keyOf,
  lead,
  mailTo,
  PREFIX,
  staffSignIn,
  startTestServer,
  type TestClient,
} from '../../test/server/testServer';

type Server = Awaited<ReturnType<typeof startTestServer>>;
const API = '/agency/api';
const ANNA = 'anna@makler.example';

/** A body each route would take (the contract's own shapes); the rest send `{}`. */
const BODIES: Record<string, unknown> = {
  [`${API}/auth/email`]: { email: ANNA },
  [`${API}/auth/login`]: { k: 'a'.repeat(40) },
  [`${API}/submissions/{uuid}/read`]: { read: true },
  [`${API}/submissions/{uuid}/notes`]: { text: 'ohne Token' },
  [`${API}/submissions/{uuid}/assignee`]: { assignee: ANNA },
  [`${API}/submissions/{uuid}/handling`]: { handling: 'done' },
};

/** Every state-changing operation of the inbox in the contract. */
const CHANGES = Object.entries(openapi.paths).flatMap(([path, item]) =>
  path.startsWith(`${API}/`)
    ? (['post', 'put', 'delete'] as const)
        .filter((method) => method in item)
        .map((method) => [method.toUpperCase(), path] as const)
    : [],
);

interface Detail {
  read: boolean;
  assignee: string | null;
  notes: { id: number; text: string }[];
  submission: { handling: string };
  deliveries: { id: number }[];
}

describe('the XSRF check for staff sessions', () => {
  let server: Server;
  let anna: TestClient;
  let uuid: string;
  let noteId: number;
  let deliveryId: number;

  beforeAll(async () => {
    server = await startTestServer({ AGENCY_USERS: ANNA });
    anna = await staffSignIn(server, ANNA);
    const visitor = server.client();
    const sent = await visitor.post<{ uuid: string }>(`${PREFIX}/v1/wizard/lead`, {
      contact: contact(),
      lead: lead(),
    });
    uuid = sent.body.uuid;
    // Confirmed, so the agency's notice is a delivery in the log.
    const confirmation = await mailTo(server, (m) => m.to === contact().email);
    await visitor.post(`${PREFIX}/v1/wizard/confirm`, { k: keyOf(confirmation.links[0]!) });
    const note = await anna.post<{ id: number }>(`${API}/submissions/${uuid}/notes`, {
      text: 'mit Token',
    });
    expect(note.status).toBe(201);
    noteId = note.body.id;
    const detail = await anna.get<Detail>(`${API}/submissions/${uuid}`);
    deliveryId = detail.body.deliveries[0]!.id;
  });
  afterAll(async () => {
    await server.close();
  });

  it('covers every state-changing inbox route of the contract', () => {
    expect(CHANGES.length).toBeGreaterThanOrEqual(11);
    expect(CHANGES).toEqual(
      expect.arrayContaining([
        ['PUT', `${API}/submissions/{uuid}/handling`],
        ['PUT', `${API}/submissions/{uuid}/read`],
        ['PUT', `${API}/submissions/{uuid}/assignee`],
        ['POST', `${API}/submissions/{uuid}/notes`],
        ['POST', `${API}/deliveries/{id}/retry`],
      ]),
    );
  });

  it.each(CHANGES)(
    '%s %s with only the staff cookie and the own Origin is a 403',
    async (method, path) => {
      const url = path
        .replace('{uuid}', uuid)
        .replace('{id}', String(path.includes('/notes/') ? noteId : deliveryId));
      const answer = await fetch(server.base + url, {
        method,
        headers: {
          Cookie: `${STAFF_COOKIE}=${anna.cookies.get(STAFF_COOKIE)}`,
          'Content-Type': 'application/json',
          Origin: server.base,
          'Accept-Language': 'de',
        },
        body: JSON.stringify(BODIES[path] ?? {}),
      });
      expect(answer.status).toBe(403);
      expect(await answer.json()).toMatchObject({ code: 'rest_xsrf_invalid' });
    },
  );

  it('changed nothing, and the same changes with the token are made', async () => {
    const before = (await anna.get<Detail>(`${API}/submissions/${uuid}`)).body;
    expect(before).toMatchObject({
      read: false,
      assignee: null,
      notes: [{ id: noteId, text: 'mit Token' }],
      submission: { handling: 'new' },
    });
    expect((await anna.get(`${API}/auth/me`)).status).toBe(200);
    for (const path of ['read', 'assignee', 'handling']) {
      const body = BODIES[`${API}/submissions/{uuid}/${path}`];
      expect((await anna.put(`${API}/submissions/${uuid}/${path}`, body)).status).toBe(200);
    }
    expect((await anna.get<Detail>(`${API}/submissions/${uuid}`)).body).toMatchObject({
      read: true,
      assignee: ANNA,
      submission: { handling: 'done' },
    });
  });
});
