/**
 * @jest-environment node
 *
 * The inbox's list with the matched pairs (docs/agency.md#matches-in-the-list): each row's count
 * (a lead's matching searches, a saved search's leads and listings), the filter 'matching' with
 * its sort, pages by key and total, the mark of matches new since each staff member last read a
 * row, and the CSV's column. The pairs are made through the API: leads sent by the wizard,
 * searches saved in the portal, a wizard search confirmed by mail.
 */
import { parse } from 'csv-parse/sync';
import type { components } from '../../contract/types';
import { call, loggedIn } from '../../test/server/requests';
import {
  confirmedSearch,
  contact,
  lead,
  PREFIX,
  savedSearch,
  staffSignIn,
  startTestServer,
  type TestClient,
} from '../../test/server/testServer';

type Server = Awaited<ReturnType<typeof startTestServer>>;
type Row = components['schemas']['InboxRow'];
type Page = components['schemas']['InboxPage'];
type Detail = components['schemas']['SubmissionDetail'];
const API = '/agency/api';
const ANNA = 'anna@makler.example';
const BEN = 'ben@makler.example';

/** A flat to let in Prenzlauer Berg at `rent` € a month. */
const flatToLet = (rent: number) =>
  lead({
    marketingType: 'rent',
    fields: [{ name: 'price.price', valueType: 'NUMBER', value: rent }],
  });

/**
 * The searches waiting, each for a flat to let in Prenzlauer Berg or Friedrichshain: the seeded
 * demo search (800–1,600 €), three saved in the portal and the wizard's (500–1,000 €, made
 * below). A flat's rent decides how many want it: 900 € → 4 (demo, wide, narrow, wizard), 600 €
 * → 3 (wide, cheap, wizard), 1,550 € → 1 (demo), 2,000 € → none.
 */
const SEARCHES = {
  wide: [500, 1500],
  narrow: [850, 1000],
  cheap: [500, 700],
} as const;
const RENTS = [900, 600, 1550, 2000] as const;
const WANTED_BY: Record<(typeof RENTS)[number], number> = { 900: 4, 600: 3, 1550: 1, 2000: 0 };
/** Leads sent, more than a page of them with a match. */
const LEADS = 76;

describe('the inbox list with matched pairs', () => {
  let server: Server;
  let anna: TestClient;
  let ben: TestClient;
  /** Each lead's uuid and the count of searches that want it. */
  const sent: { uuid: string; wanted: number; name: string }[] = [];
  let wizardSearch: string;
  /** The portal's searches by name: their contact's client and the search's uuid. */
  const portal: Record<string, { client: TestClient; uuid: string }> = {};

  beforeAll(async () => {
    server = await startTestServer({ AGENCY_USERS: `${ANNA},${BEN}`, DEV_MAILBOX: '1' });
    for (const [name, [min, max]] of Object.entries(SEARCHES)) {
      const searcher = await loggedIn(server, `${name}@example.de`);
      const made = await call(
        searcher,
        'post',
        '/v1/saved-search',
        savedSearch({
          fields: [{ name: 'price.price', valueType: 'RANGE', minValue: min, maxValue: max }],
        }),
      );
      expect(made.status).toBe(201);
      portal[name] = { client: searcher, uuid: (made.body as { uuid: string }).uuid };
    }
    const visitor = server.client();
    for (let i = 0; i < LEADS; i += 1) {
      const rent = RENTS[i % RENTS.length]!;
      const name = `Eigner${String(i).padStart(2, '0')}`;
      const answer = await visitor.post<{ uuid: string }>(`${PREFIX}/v1/wizard/lead`, {
        contact: contact({ email: `eigner${i}@example.de`, firstname: name, lastname: 'Test' }),
        lead: flatToLet(rent),
      });
      expect(answer.status).toBe(201);
      sent.push({ uuid: answer.body.uuid, wanted: WANTED_BY[rent], name: `${name} Test` });
    }
    // A wizard search for flats up to 1,000 €, confirmed by its mail: its leads are those at
    // 900 and 600 €, and none of the listings (W-1004 asks 1,480 €).
    wizardSearch = await confirmedSearch(
      server,
      { email: 'wizard@example.de', firstname: 'Wilma', lastname: 'Suche' },
      savedSearch({
        fields: [{ name: 'price.price', valueType: 'RANGE', minValue: 500, maxValue: 1000 }],
      }),
    );
    anna = await staffSignIn(server, ANNA);
    ben = await staffSignIn(server, BEN);
    await server.app.matcher.runDue();
  });
  afterAll(() => server.close());
  // The counts the list reads are the pairs' own after every change, once matching's job has
  // done what the change gave it (docs/matching.md#the-job).
  afterEach(async () => {
    await server.app.matcher.runDue();
    const sql = server.app.sql;
    const kept = await sql.all<{ submission_id: number; matches: number; last_found_at: string }>(
      'SELECT submission_id, matches, last_found_at FROM submission_match_counts ORDER BY 1',
    );
    const counted = await sql.all<{
      submission_id: number;
      matches: number;
      last_found_at: string;
    }>(
      `SELECT sid AS submission_id, count(*) AS matches, max(found_at) AS last_found_at FROM (
         SELECT submission_id AS sid, found_at FROM search_matches WHERE submission_id IS NOT NULL
         UNION ALL SELECT ss.submission_id, m.found_at FROM search_matches m
         JOIN saved_searches ss ON ss.id = m.saved_search_id WHERE ss.submission_id IS NOT NULL
       ) pairs GROUP BY sid ORDER BY 1`,
    );
    const plain = (rows: typeof kept) =>
      rows.map((row) => [Number(row.submission_id), Number(row.matches), row.last_found_at]);
    expect(plain(kept)).toEqual(plain(counted));
    expect(kept.length).toBeGreaterThan(0);
  });

  /** Every row of a query for `staff`, page after page by key, with the first page's total. */
  async function walk(staff: TestClient, query: string) {
    const rows: Row[] = [];
    let after: string | null = null;
    let total: number | null = null;
    let pages = 0;
    do {
      const answer: { status: number; body: Page } = await staff.get<Page>(
        `${API}/submissions?${query}${after ? `&after=${after}` : ''}`,
      );
      expect(answer.status).toBe(200);
      if (pages === 0) total = answer.body.total;
      else expect(answer.body.total).toBeNull();
      rows.push(...answer.body.items);
      after = answer.body.next;
      pages += 1;
    } while (after !== null);
    return { rows, total, pages };
  }

  const rowOf = async (staff: TestClient, uuid: string) =>
    (await walk(staff, 'kind=lead')).rows.find((row) => row.uuid === uuid)!;

  it("counts each lead's matching searches and each saved search's leads and listings", async () => {
    const { rows } = await walk(anna, '');
    const byUuid = new Map(rows.map((row) => [row.uuid, row]));
    for (const lead of sent) expect(byUuid.get(lead.uuid)!.matches).toBe(lead.wanted);
    const searchRows = rows.filter((row) => row.kind === 'savedSearch');
    // The demo search: the leads at 900 and 1,550 € and the listing W-1004 (1,480 €).
    const demo = searchRows.find((row) => row.email === 'kunde@example.de')!;
    expect(demo.matches).toBe(LEADS / 2 + 1);
    // The wizard's search: the leads at 900 and 600 €.
    const wizard = searchRows.find((row) => row.email === 'wizard@example.de')!;
    expect(wizard.uuid).toBe(wizardSearch);
    expect(wizard.matches).toBe(LEADS / 2);
    // Every other kind: none.
    for (const row of rows.filter((r) => r.kind !== 'lead' && r.kind !== 'savedSearch'))
      expect(row.matches).toBe(0);
  });

  it('filters to the rows with matches, sorted and paged by key, with their total', async () => {
    const all = (await walk(anna, '')).rows;
    const expected = all.filter((row) => row.matches > 0);
    // 57 leads (three of four) and two searches: more than one page.
    expect(expected).toHaveLength((LEADS * 3) / 4 + 2);
    for (const [query, order] of [
      ['matching=true', (a: Row, b: Row) => b.id - a.id],
      ['matching=true&sort=name', null],
      ['matching=true&sort=date&order=asc', (a: Row, b: Row) => a.id - b.id],
    ] as const) {
      const { rows, total, pages } = await walk(anna, query);
      expect(pages).toBe(2);
      expect(total).toBe(expected.length);
      expect(rows.map((row) => row.uuid).sort()).toEqual(expected.map((row) => row.uuid).sort());
      expect(new Set(rows.map((row) => row.uuid)).size).toBe(rows.length);
      if (order) expect(rows.map((row) => row.id)).toEqual([...rows].sort(order).map((r) => r.id));
    }
    const byName = (await walk(anna, 'matching=true&sort=name')).rows;
    const names = byName.filter((row) => row.kind === 'lead').map((row) => row.name);
    expect(names).toEqual([...names].sort());
    // With another filter: the leads with matches only, one page, counted.
    const leads = await walk(anna, 'matching=true&kind=lead');
    expect(leads.total).toBe((LEADS * 3) / 4);
    expect(leads.rows.every((row) => row.kind === 'lead' && row.matches > 0)).toBe(true);
    // Counted with the other filters too: by kind and read mark, by confirmation.
    for (const [query, rows] of [
      [
        'matching=true&kind=savedSearch&unread=true',
        expected.filter((r) => r.kind === 'savedSearch'),
      ],
      ['matching=true&confirmed=false', expected.filter((r) => !r.confirmed)],
      ['matching=true&q=eigner0', expected.filter((r) => r.name.startsWith('Eigner0'))],
    ] as const) {
      const found = await walk(anna, query);
      expect(found.total).toBe(rows.length);
      expect(found.rows.map((r) => r.uuid).sort()).toEqual(rows.map((r) => r.uuid).sort());
    }
    // A value the parameter does not take is a 400.
    expect((await anna.get(`${API}/submissions?matching=yes`)).status).toBe(400);
  });

  it('marks the matches found since a staff member last read a row, for them alone', async () => {
    const target = sent.find((lead) => lead.wanted === 1)!;
    expect((await anna.put(`${API}/submissions/${target.uuid}/read`, { read: true })).status).toBe(
      200,
    );
    expect(await rowOf(anna, target.uuid)).toMatchObject({ read: true, matches: 1, newMatches: 0 });

    // A new search that wants flats up to 2,500 €: a new match of the row Anna has read.
    const searcher = await loggedIn(server, 'neu@example.de');
    expect(
      (
        await call(
          searcher,
          'post',
          '/v1/saved-search',
          savedSearch({
            fields: [{ name: 'price.price', valueType: 'RANGE', minValue: 1000, maxValue: 2500 }],
          }),
        )
      ).status,
    ).toBe(201);
    await server.app.matcher.runDue();
    // Anna: still read, one match new to her. Ben has not read it: it is all new to him.
    expect(await rowOf(anna, target.uuid)).toMatchObject({ read: true, matches: 2, newMatches: 1 });
    expect(await rowOf(ben, target.uuid)).toMatchObject({ read: false, matches: 2, newMatches: 0 });
    // Her detail says so; reading it again makes it seen.
    const detail = await anna.get<Detail>(`${API}/submissions/${target.uuid}`);
    expect(detail.body).toMatchObject({ read: true, newMatches: 1 });
    expect((await anna.put(`${API}/submissions/${target.uuid}/read`, { read: true })).status).toBe(
      200,
    );
    expect(await rowOf(anna, target.uuid)).toMatchObject({ read: true, matches: 2, newMatches: 0 });
    expect((await anna.get<Detail>(`${API}/submissions/${target.uuid}`)).body.newMatches).toBe(0);
    // The search made away: the match goes, and nothing is new.
    expect((await call(searcher, 'delete', '/v1/contact')).status).toBe(200);
    expect(await rowOf(anna, target.uuid)).toMatchObject({ matches: 1, newMatches: 0 });
  });

  it('counts again when a search is edited away, deactivated and made live again', async () => {
    const cheap = sent.find((lead) => lead.wanted === 3)!;
    const wizard = async () =>
      (await walk(anna, 'kind=savedSearch')).rows.find((row) => row.uuid === wizardSearch)!;
    const { client, uuid } = portal.cheap!;
    const put = (body: Record<string, unknown>) =>
      call(client, 'put', `/v1/saved-search/${uuid}`, savedSearch(body));
    const cheapRange = {
      fields: [{ name: 'price.price', valueType: 'RANGE', minValue: 500, maxValue: 700 }],
    };
    // Edited to Mitte: the flats in Prenzlauer Berg lose a search each.
    expect((await put({ ...cheapRange, locations: [{ locationId: 101 }] })).status).toBe(200);
    await server.app.matcher.runDue();
    expect((await rowOf(anna, cheap.uuid)).matches).toBe(2);
    expect((await put(cheapRange)).status).toBe(200);
    await server.app.matcher.runDue();
    expect((await rowOf(anna, cheap.uuid)).matches).toBe(3);
    expect((await put({ ...cheapRange, active: false })).status).toBe(200);
    await server.app.matcher.runDue();
    expect((await rowOf(anna, cheap.uuid)).matches).toBe(2);
    expect((await put({ ...cheapRange, active: true })).status).toBe(200);
    await server.app.matcher.runDue();
    expect((await rowOf(anna, cheap.uuid)).matches).toBe(3);
    // The wizard's search keeps its leads throughout.
    expect((await wizard()).matches).toBe(LEADS / 2);
  });

  it("counts right when leads of one search are stored at once (PostgreSQL's transactions run side by side)", async () => {
    const visitor = server.client();
    const wizard = async () =>
      (await walk(anna, 'kind=savedSearch')).rows.find((row) => row.uuid === wizardSearch)!;
    const before = (await wizard()).matches;
    const answers = await Promise.all(
      Array.from({ length: 12 }, (_, i) =>
        visitor.post(`${PREFIX}/v1/wizard/lead`, {
          contact: contact({ email: `gleichzeitig${i}@example.de` }),
          lead: flatToLet(900),
        }),
      ),
    );
    expect(answers.map((answer) => answer.status)).toEqual(answers.map(() => 201));
    // Their pairs, as matching's job writes them after the answers.
    await server.app.matcher.runDue();
    expect((await wizard()).matches).toBe(before + 12);
  });

  it("exports each row's count in the CSV's column 'Treffer'", async () => {
    const cookie = [...anna.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
    const csv = await fetch(`${server.base}${API}/submissions.csv?matching=true`, {
      headers: { Cookie: cookie },
    });
    expect(csv.status).toBe(200);
    const exported = parse((await csv.text()).replace(/^\uFEFF/, ''), {
      delimiter: ';',
      columns: true,
    }) as Record<string, string>[];
    const listed = (await walk(anna, 'matching=true')).rows;
    expect(exported.map((row) => [row.ID, row.Treffer])).toEqual(
      listed.map((row) => [row.uuid, String(row.matches)]),
    );
    expect(exported.every((row) => /^[1-9]\d*$/.test(row.Treffer!))).toBe(true);
  });
});
