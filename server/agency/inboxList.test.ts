/**
 * @jest-environment node
 *
 * The inbox's list as an agent works it (docs/agency.md#the-list): sorted by date, name and
 * status both ways and paged by key in each order, every match counted, the search in
 * messages, listings' numbers and saved searches' regions, 'Ort' for every kind, and the
 * list's columns of rows written before them filled at start-up.
 */
import type { components } from '../../contract/types';
import { fillListColumns } from './listed';
import { sortNameOf } from './inbox';
import {
  contact,
  lead,
  PREFIX,
  savedSearch,
  staffSignIn,
  startTestServer,
  type TestClient,
} from '../../test/server/testServer';

type Server = Awaited<ReturnType<typeof startTestServer>>;
const API = '/agency/api';
type Row = components['schemas']['InboxRow'];
type Page = components['schemas']['InboxPage'];
const STAFF = 'team@makler.example';

/** Names given many times over: pages break inside a run of equal names. */
const NAMES = [
  ['Anna', 'Zimmer'],
  ['Ärger', 'Bauer'],
  ['anna', 'Zimmer'],
  ['Bert', 'Otto'],
  ['Bert', 'Otto'],
  ['Çelik', 'Deniz'],
];
const HANDLING_ORDER = ['new', 'inProgress', 'done', 'spam'];
const MANY = 130;

describe('the inbox list: sort, count, search, Ort', () => {
  let server: Server;
  let staff: TestClient;
  beforeAll(async () => {
    server = await startTestServer({ AGENCY_USERS: STAFF });
    const visitor = server.client();
    for (let i = 0; i < MANY; i += 1) {
      const [firstname, lastname] = NAMES[i % NAMES.length]!;
      await visitor.post(`${PREFIX}/v1/wizard/contact`, {
        contact: contact({ email: `reihe${i}@example.de`, firstname, lastname }),
        message: `Reihe ${i}`,
      });
    }
    staff = await staffSignIn(server, STAFF);
    const rows = await walk('q=reihe');
    for (const [index, row] of rows.entries()) {
      const handling = HANDLING_ORDER[index % 4]!;
      if (handling !== 'new')
        expect(
          (await staff.put(`${API}/submissions/${row.uuid}/handling`, { handling })).status,
        ).toBe(200);
    }
  });
  afterAll(() => server.close());

  /** Every row of a query, page after page by key; each page's key asked once. */
  async function walk(query: string): Promise<Row[]> {
    const rows: Row[] = [];
    let after: string | null = null;
    do {
      const answer: { status: number; body: Page } = await staff.get<Page>(
        `${API}/submissions?${query}${after ? `&after=${after}` : ''}`,
      );
      expect(answer.status).toBe(200);
      expect(answer.body.items.length).toBeLessThanOrEqual(50);
      rows.push(...answer.body.items);
      after = answer.body.next;
    } while (after !== null);
    return rows;
  }

  const byKeys = (key: (row: Row) => string | number, descending: boolean) => (a: Row, b: Row) => {
    const [ka, kb] = [key(a), key(b)];
    const order = ka < kb ? -1 : ka > kb ? 1 : a.id - b.id;
    return descending ? -order : order;
  };

  it('sorts by name both ways, paged by key through runs of equal names, no row twice or left out', async () => {
    const all = await walk('q=reihe');
    expect(all).toHaveLength(MANY);
    const sortName = (row: Row) => sortNameOf({ firstname: row.name, email: row.email });
    for (const order of ['asc', 'desc'] as const) {
      const sorted = await walk(`q=reihe&sort=name&order=${order}`);
      expect(sorted.map((row) => row.id)).toEqual(
        [...all].sort(byKeys(sortName, order === 'desc')).map((row) => row.id),
      );
    }
    // The alphabet's order, accents with their letter, case aside.
    const firstOfEach = [
      ...new Set((await walk('q=reihe&sort=name')).map((row) => row.name || row.email)),
    ];
    expect(firstOfEach.slice(0, 4)).toEqual([
      'Anna Zimmer',
      'anna Zimmer',
      'Ärger Bauer',
      'Bert Otto',
    ]);
  });

  it('sorts by date (newest first unless asked) and by status (new first) both ways, paged by key', async () => {
    const newestFirst = await walk('q=reihe');
    expect(newestFirst.map((row) => row.id)).toEqual(
      [...newestFirst].sort((a, b) => b.id - a.id).map((row) => row.id),
    );
    expect((await walk('q=reihe&sort=date&order=asc')).map((row) => row.id)).toEqual(
      [...newestFirst].reverse().map((row) => row.id),
    );
    const rank = (row: Row) => HANDLING_ORDER.indexOf(row.handling);
    for (const order of ['asc', 'desc'] as const) {
      const sorted = await walk(`q=reihe&sort=status&order=${order}`);
      expect(sorted.map((row) => row.id)).toEqual(
        [...newestFirst].sort(byKeys(rank, order === 'desc')).map((row) => row.id),
      );
    }
    expect((await walk('q=reihe&sort=status'))[0]!.handling).toBe('new');
    expect((await walk('q=reihe&sort=status&order=desc'))[0]!.handling).toBe('spam');
  });

  it('counts every match on the first page, with filters and search; later pages leave it out', async () => {
    const first = (await staff.get<Page>(`${API}/submissions?q=reihe`)).body;
    expect(first.total).toBe(MANY);
    expect(first.items).toHaveLength(50);
    expect(
      (await staff.get<Page>(`${API}/submissions?q=reihe&after=${first.next}`)).body.total,
    ).toBe(null);
    const done = (await staff.get<Page>(`${API}/submissions?q=reihe&handling=done&sort=name`)).body;
    // Every fourth row from the third of 130.
    expect(done.total).toBe(32);
    expect(done.total).toBe((await walk('q=reihe&handling=done')).length);
    expect((await staff.get<Page>(`${API}/submissions?q=reihe&kind=lead`)).body.total).toBe(0);
    expect((await staff.get<Page>(`${API}/submissions?q=reihe%2012`)).body.total).toBe(
      // 'reihe 12' in the message: 12 and 120 to 129.
      11,
    );
  });

  it("finds a submission by its message, its listing's number and title, and a saved search's regions", async () => {
    const visitor = server.client();
    await visitor.post(`${PREFIX}/v1/wizard/expose-inquiry`, {
      contact: contact({ email: 'frage@example.de', firstname: 'Fritz', lastname: 'Frage' }),
      exposeInquiry: { objectId: 1, message: 'Gibt es einen Tiefgaragenstellplatz?' },
    });
    await visitor.post(`${PREFIX}/v1/wizard/saved-search`, {
      contact: contact({ email: 'sucht@example.de', firstname: 'Sina', lastname: 'Sucht' }),
      savedSearch: savedSearch({ locations: [{ locationId: 301 }] }),
    });
    await visitor.post(`${PREFIX}/v1/wizard/lead`, {
      contact: contact({ email: 'verkauft@example.de', firstname: 'Vera', lastname: 'Kauf' }),
      lead: lead(),
      message: 'Bitte nur vormittags anrufen',
    });
    const emails = async (q: string) =>
      (await walk(`q=${encodeURIComponent(q)}`)).map((row) => row.email);
    expect(await emails('tiefgaragenstellplatz')).toEqual(['frage@example.de']);
    expect(await emails('W-1001')).toContain('frage@example.de');
    expect(await emails('3-Zimmer-Altbau')).toContain('frage@example.de');
    expect(await emails('Prenzlauer')).toContain('sucht@example.de');
    expect(await emails('vormittags')).toEqual(['verkauft@example.de']);
    expect(await emails('Reihe 77')).toEqual(['reihe77@example.de']);
    // LIKE's own characters are searched for as they are.
    expect(await emails('reihe_7')).toEqual([]);
  });

  it('finds a contact by phone number, however it or the search writes it', async () => {
    const visitor = server.client();
    await visitor.post(`${PREFIX}/v1/wizard/contact`, {
      contact: contact({ email: 'ruft-an@example.de', phone: '+49 (30) 1234-5678' }),
      message: 'Bitte um Rückruf',
    });
    await visitor.post(`${PREFIX}/v1/wizard/contact`, {
      contact: contact({ email: 'ortsnetz@example.de', phone: '030 98 76 54' }),
      message: 'Rückruf bitte',
    });
    const emails = async (q: string) =>
      (await walk(`q=${encodeURIComponent(q)}`)).map((row) => row.email);
    for (const q of [
      '+49 (30) 1234-5678',
      '1234-5678',
      '12345678',
      '+49 30 12345678',
      '30/1234 5678',
    ])
      expect({ q, found: await emails(q) }).toEqual({ q, found: ['ruft-an@example.de'] });
    expect(await emails('030 987654')).toEqual(['ortsnetz@example.de']);
    expect(await emails('98-76-54')).toEqual(['ortsnetz@example.de']);
    // Fewer than 3 digits, or letters beside them, search the text as typed.
    expect(await emails('12')).not.toContain('ortsnetz@example.de');
    expect(await emails('5555 5555')).toEqual([]);
  });

  it("shows 'Ort' for every kind: the property, the regions, the listing, the contact's own", async () => {
    const visitor = server.client();
    const away = { zip: '14467', city: 'Potsdam' };
    await visitor.post(`${PREFIX}/v1/wizard/lead`, {
      contact: contact({ email: 'ort-lead@example.de', ...away }),
      lead: lead(),
    });
    await visitor.post(`${PREFIX}/v1/wizard/saved-search`, {
      contact: contact({ email: 'ort-suche@example.de', ...away }),
      savedSearch: savedSearch({
        locations: [
          { locationId: 301 },
          { locationId: 201 },
          { locationId: 202 },
          { locationId: 101 },
        ],
      }),
    });
    await visitor.post(`${PREFIX}/v1/wizard/expose-inquiry`, {
      contact: contact({ email: 'ort-expose@example.de', ...away }),
      exposeInquiry: { objectId: 2 },
    });
    await visitor.post(`${PREFIX}/v1/wizard/contact`, {
      contact: contact({ email: 'ort-kontakt@example.de', ...away }),
      message: 'Hallo',
    });
    await visitor.post(`${PREFIX}/v1/wizard/contact`, {
      contact: contact({
        email: 'ort-news@example.de',
        ...away,
        customFields: { dataPrivacy: true, acceptContact: true, newsletter: true },
      }),
      type: 'newsletter',
    });
    const places = Object.fromEntries((await walk('q=ort-')).map((row) => [row.kind, row.place]));
    expect(places).toEqual({
      lead: '10435 Berlin',
      savedSearch: 'Prenzlauer Berg, Friedrichshain +2',
      exposeInquiry: '13465 Berlin',
      contact: '14467 Potsdam',
      newsletter: '14467 Potsdam',
    });
  });

  it('refuses a sort, an order or a page key it does not know (400), and a key of another sort', async () => {
    const refused = async (query: string) =>
      expect((await staff.get(`${API}/submissions?${query}`)).status).toBe(400);
    await refused('sort=size');
    await refused('order=up');
    await refused('sort=');
    await refused('after=');
    await refused('after=ab%2Bcd');
    await refused(`after=${Buffer.from('not json').toString('base64url')}`);
    await refused(`after=${Buffer.from('["date",null,0]').toString('base64url')}`);
    await refused(`after=${Buffer.from('["name",3,5]').toString('base64url')}`);
    await refused(`after=${Buffer.from('["status",9,5]').toString('base64url')}`);
    const byName = (await staff.get<Page>(`${API}/submissions?q=reihe&sort=name`)).body.next!;
    await refused(`q=reihe&sort=status&after=${byName}`);
    await refused(`q=reihe&after=${byName}`);
    expect((await staff.get(`${API}/submissions.csv?sort=size`)).status).toBe(400);
  });

  it('fills the list columns of rows written before them at start-up: the seeded demo entries, and older rows', async () => {
    // The seeded demo customer's saved search and inquiry are written without them.
    expect((await walk('q=prenzlauer')).map((row) => row.email)).toContain('kunde@example.de');
    expect((await walk('q=W-1001')).map((row) => row.email)).toContain('kunde@example.de');
    const sql = server.app.sql;
    await sql.run(
      `UPDATE submissions SET sort_name = NULL, place = NULL WHERE id IN
        (SELECT submission_id FROM submission_texts WHERE text LIKE '%reihe 1%')`,
    );
    await sql.run("DELETE FROM submission_texts WHERE text LIKE '%reihe 1%'");
    expect(await walk('q=reihe%2011')).toEqual([]);
    expect(await fillListColumns(sql)).toBeGreaterThan(10);
    const filled = await walk('q=reihe%2011&sort=name');
    expect(filled.map((row) => row.email).sort()).toEqual(
      [11, ...Array.from({ length: 10 }, (_, i) => 110 + i)]
        .map((i) => `reihe${i}@example.de`)
        .sort(),
    );
    expect(new Set(filled.map((row) => row.place))).toEqual(new Set(['10115 Berlin']));
    expect(await fillListColumns(sql)).toBe(0);
  });
});
