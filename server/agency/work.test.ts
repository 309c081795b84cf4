/**
 * @jest-environment node
 *
 * An agent's working day in the inbox (docs/agency.md#working-the-inbox): read marks of each
 * staff member of their own with an unread count, notes (who, when, the text as typed, its
 * length checked), assignment to a staff address or nobody, and the list's filters by them.
 */
import type { components } from '../../contract/types';
import { parse } from 'csv-parse/sync';
import { responseConforms } from '../../contract/validator';
import { cursorOf, DEFAULT_SORT } from './inbox';
import {
  contact,
  lead,
  PREFIX,
  staffSignIn,
  startTestServer,
  type TestClient,
} from '../../test/server/testServer';

type Server = Awaited<ReturnType<typeof startTestServer>>;
const API = '/agency/api';
type Page = components['schemas']['InboxPage'];
const ANNA = 'anna@makler.example';
const BERT = 'bert@makler.example';

interface Note {
  id: number;
  author: string;
  text: string;
  createdAt: string;
}
interface Detail {
  read: boolean;
  assignee: string | null;
  notes: Note[];
}

describe("an agent's working day", () => {
  let server: Server;
  let anna: TestClient;
  let bert: TestClient;
  /** The uuids of the three visitors' leads, by address. */
  const uuid: Record<string, string> = {};
  const VISITORS = ['carla@example.de', 'dora@example.de', 'emil@example.de'];

  beforeAll(async () => {
    server = await startTestServer({ AGENCY_USERS: `${ANNA}, Bert@Makler.example` });
    // The seeded demo customer is none of this test's: it goes first.
    anna = await staffSignIn(server, ANNA);
    expect((await anna.del(`${API}/demo`)).status).toBe(200);
    const visitor = server.client();
    for (const email of VISITORS) {
      const sent = await visitor.post<{ uuid: string }>(`${PREFIX}/v1/wizard/lead`, {
        contact: contact({ email }),
        lead: lead(),
      });
      expect(sent.status).toBe(201);
      uuid[email] = sent.body.uuid;
    }
    bert = await staffSignIn(server, BERT);
  });
  afterAll(() => server.close());

  const list = async (client: TestClient, query = '') => {
    const page = await client.get<Page>(`${API}/submissions${query}`);
    expect(page.status).toBe(200);
    expect(responseConforms('get', '/agency/api/submissions', 200, page.body)).toEqual({
      ok: true,
    });
    return page.body;
  };
  const detail = async (client: TestClient, email: string) => {
    const answer = await client.get<Detail>(`${API}/submissions/${uuid[email]}`);
    expect(answer.status).toBe(200);
    expect(responseConforms('get', '/agency/api/submissions/{uuid}', 200, answer.body)).toEqual({
      ok: true,
    });
    return answer.body;
  };
  const setRead = (client: TestClient, email: string, read: boolean) =>
    client.put<{ uuid: string; read: boolean; unread: number }>(
      `${API}/submissions/${uuid[email]}/read`,
      { read },
    );

  it('marks a submission read for one staff member only, and counts what each has not read', async () => {
    expect((await list(anna)).unread).toBe(3);
    expect((await list(anna)).items.every((row) => !row.read)).toBe(true);

    const marked = await setRead(anna, VISITORS[0]!, true);
    expect(marked.status).toBe(200);
    expect(marked.body).toEqual({ uuid: uuid[VISITORS[0]!], read: true, unread: 2 });
    // Marking it again changes nothing.
    expect((await setRead(anna, VISITORS[0]!, true)).body.unread).toBe(2);

    const annas = await list(anna);
    expect(annas.unread).toBe(2);
    expect(annas.items.find((row) => row.email === VISITORS[0])!.read).toBe(true);
    expect((await detail(anna, VISITORS[0]!)).read).toBe(true);
    // Bert has read nothing yet.
    const berts = await list(bert);
    expect(berts.unread).toBe(3);
    expect(berts.items.every((row) => !row.read)).toBe(true);
    expect((await detail(bert, VISITORS[0]!)).read).toBe(false);

    // 'Als ungelesen markieren'.
    expect((await setRead(anna, VISITORS[0]!, false)).body).toEqual({
      uuid: uuid[VISITORS[0]!],
      read: false,
      unread: 3,
    });
    expect((await list(anna)).unread).toBe(3);
  });

  it("lists only what the staff member has not read, with 'unread=true'", async () => {
    await setRead(anna, VISITORS[1]!, true);
    const unread = await list(anna, '?unread=true');
    expect(unread.items.map((row) => row.email).sort()).toEqual([VISITORS[0], VISITORS[2]]);
    expect((await list(bert, '?unread=true')).items).toHaveLength(3);
    // Someone else's marks do not count for the viewer, whatever the filter.
    expect((await list(anna, '?unread=true')).unread).toBe(2);
    // A page further on comes without the count.
    const first = await list(anna, '?unread=true');
    expect(first.next).toBeNull();
    expect(
      (await list(anna, `?after=${cursorOf(DEFAULT_SORT, null, Number.MAX_SAFE_INTEGER)}`)).unread,
    ).toBeUndefined();
    expect((await anna.get(`${API}/submissions?unread=yes`)).status).toBe(400);
    expect((await setRead(anna, VISITORS[1]!, false)).status).toBe(200);
  });

  it('keeps notes with who and when, the text as typed, oldest first', async () => {
    const path = `${API}/submissions/${uuid[VISITORS[0]!]}/notes`;
    const html = '<b>Rückruf</b> <script>alert(1)</script> & "Preis" ab 450.000 €\nZweite Zeile';
    const before = Date.now();
    const first = await anna.post<Note>(path, { text: html });
    expect(first.status).toBe(201);
    expect(
      responseConforms('post', '/agency/api/submissions/{uuid}/notes', 201, first.body),
    ).toEqual({ ok: true });
    expect(first.body).toEqual({
      id: expect.any(Number),
      author: ANNA,
      text: html,
      createdAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d/),
    });
    expect(Date.parse(first.body.createdAt)).toBeGreaterThanOrEqual(before - 1000);
    const second = await bert.post<Note>(path, { text: 'Termin am Freitag' });
    // The address as AGENCY_USERS names it, lower case.
    expect(second.body.author).toBe(BERT);

    const notes = (await detail(bert, VISITORS[0]!)).notes;
    expect(notes.map((note) => [note.author, note.text])).toEqual([
      [ANNA, html],
      [BERT, 'Termin am Freitag'],
    ]);
    const row = (await list(anna)).items.find((r) => r.email === VISITORS[0])!;
    expect(row.notes).toBe(2);
    expect((await list(anna)).items.find((r) => r.email === VISITORS[1])!.notes).toBe(0);
  });

  it('refuses an empty, blank or too long note, and one on no submission', async () => {
    const path = `${API}/submissions/${uuid[VISITORS[1]!]}/notes`;
    expect((await anna.post(path, { text: '' })).status).toBe(400);
    expect((await anna.post(path, { text: ' \n\t ' })).status).toBe(400);
    expect((await anna.post(path, { text: 'x'.repeat(2001) })).status).toBe(400);
    expect((await anna.post(path, {})).status).toBe(400);
    expect((await anna.post(path, { text: 'x'.repeat(2000) })).status).toBe(201);
    const nowhere = `${API}/submissions/00000000-0000-4000-8000-000000000000/notes`;
    expect((await anna.post(nowhere, { text: 'Hallo' })).status).toBe(404);
    expect((await detail(anna, VISITORS[1]!)).notes.map((note) => note.text.length)).toEqual([
      2000,
    ]);
  });

  it("deletes a staff member's own note, and not another's", async () => {
    const path = `${API}/submissions/${uuid[VISITORS[2]!]}/notes`;
    const own = (await anna.post<Note>(path, { text: 'Meine Notiz' })).body;
    const others = (await bert.post<Note>(path, { text: 'Berts Notiz' })).body;
    expect((await anna.del(`${path}/${others.id}`)).status).toBe(409);
    expect((await anna.del(`${path}/${own.id}`)).body).toEqual({ deleted: true });
    expect((await anna.del(`${path}/${own.id}`)).status).toBe(404);
    expect((await detail(anna, VISITORS[2]!)).notes.map((note) => note.text)).toEqual([
      'Berts Notiz',
    ]);
  });

  it('answers one of two deletes of a note at once with 200, the other with 404', async () => {
    const path = `${API}/submissions/${uuid[VISITORS[2]!]}/notes`;
    const note = (await anna.post<Note>(path, { text: 'Doppelt gelöscht' })).body;
    const answers = await Promise.all([
      anna.del(`${path}/${note.id}`),
      anna.del(`${path}/${note.id}`),
    ]);
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 404]);
  });

  it('assigns a submission to a staff address or nobody, and refuses any other address', async () => {
    expect((await anna.get<{ staff: string[] }>(`${API}/staff`)).body).toEqual({
      staff: [ANNA, BERT],
    });
    const path = `${API}/submissions/${uuid[VISITORS[0]!]}/assignee`;
    const assigned = await anna.put(path, { assignee: 'BERT@makler.example' });
    expect(assigned.status).toBe(200);
    expect(assigned.body).toEqual({ uuid: uuid[VISITORS[0]!], assignee: BERT });
    expect((await detail(anna, VISITORS[0]!)).assignee).toBe(BERT);
    expect((await list(anna)).items.find((row) => row.email === VISITORS[0])!.assignee).toBe(BERT);

    for (const assignee of ['carla@example.de', '', 'nobody', 42])
      expect((await anna.put(path, { assignee })).status).toBe(400);
    expect((await anna.put(path, {})).status).toBe(400);
    expect((await detail(anna, VISITORS[0]!)).assignee).toBe(BERT);
    const nowhere = `${API}/submissions/00000000-0000-4000-8000-000000000000/assignee`;
    expect((await anna.put(nowhere, { assignee: ANNA })).status).toBe(404);

    expect((await anna.put(path, { assignee: null })).body).toEqual({
      uuid: uuid[VISITORS[0]!],
      assignee: null,
    });
    expect((await detail(anna, VISITORS[0]!)).assignee).toBeNull();
  });

  it("filters the list by assignee: 'me', 'none' or an address", async () => {
    const assign = (email: string, assignee: string | null) =>
      anna.put(`${API}/submissions/${uuid[email]}/assignee`, { assignee });
    await assign(VISITORS[0]!, ANNA);
    await assign(VISITORS[1]!, BERT);
    await assign(VISITORS[2]!, null);
    const emails = async (client: TestClient, query: string) =>
      (await list(client, query)).items.map((row) => row.email);
    expect(await emails(anna, '?assignee=me')).toEqual([VISITORS[0]]);
    expect(await emails(bert, '?assignee=me')).toEqual([VISITORS[1]]);
    expect(await emails(anna, '?assignee=none')).toEqual([VISITORS[2]]);
    expect(await emails(anna, `?assignee=${encodeURIComponent(BERT)}`)).toEqual([VISITORS[1]]);
    // With the other filters: unread and assigned to me.
    await setRead(anna, VISITORS[0]!, true);
    expect(await emails(anna, '?assignee=me&unread=true')).toEqual([]);
    expect(await emails(bert, '?assignee=none&unread=true')).toEqual([VISITORS[2]]);
    // Newest first, and paged by key, as every list.
    await assign(VISITORS[2]!, ANNA);
    expect(await emails(anna, '?assignee=me')).toEqual([VISITORS[2], VISITORS[0]]);
    const newest = (await list(anna, '?assignee=me')).items[0]!;
    const after = await anna.get<Page>(
      `${API}/submissions?assignee=me&after=${cursorOf(DEFAULT_SORT, null, newest.id)}`,
    );
    expect(after.body.items.map((row) => row.email)).toEqual([VISITORS[0]]);
    await assign(VISITORS[2]!, null);
  });

  it("exports the filter with 'Zuständig'", async () => {
    const csv = await anna.get<string>(
      `${API}/submissions.csv?assignee=${encodeURIComponent(BERT)}`,
    );
    expect(csv.status).toBe(200);
    const rows = parse(String(csv.body).replace(/^\uFEFF/, ''), {
      delimiter: ';',
      columns: true,
    }) as Record<string, string>[];
    expect(rows.map((row) => [row['E-Mail'], row['Zuständig']])).toEqual([[VISITORS[1], BERT]]);
    const all = await anna.get<string>(`${API}/submissions.csv?unread=true`);
    const unread = parse(String(all.body).replace(/^\uFEFF/, ''), {
      delimiter: ';',
      columns: true,
    }) as Record<string, string>[];
    expect(unread.map((row) => [row['E-Mail'], row['Zuständig']])).toEqual([
      [VISITORS[2], ''],
      [VISITORS[1], BERT],
    ]);
  });

  it('is for staff only', async () => {
    const stranger = server.client();
    expect((await stranger.get(`${API}/staff`)).status).toBe(403);
    expect(
      (await stranger.put(`${API}/submissions/${uuid[VISITORS[0]!]}/read`, { read: true })).status,
    ).toBe(403);
    expect(
      (await stranger.post(`${API}/submissions/${uuid[VISITORS[0]!]}/notes`, { text: 'x' })).status,
    ).toBe(403);
    expect(
      (await stranger.put(`${API}/submissions/${uuid[VISITORS[0]!]}/assignee`, { assignee: null }))
        .status,
    ).toBe(403);
  });
});
