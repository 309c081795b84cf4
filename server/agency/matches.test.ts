/**
 * @jest-environment node
 *
 * A submission's matches as the inbox shows them (docs/agency.md#matches), from pairs made
 * through the API: a lead's live saved searches, a saved search's leads and listings, newest
 * first and capped with their total; the count in the agency's webhook and notice.
 */
import type { components } from '../../contract/types';
import { webhookConforms } from '../../contract/validator';
import { call, conforms, loggedIn } from '../../test/server/requests';
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
import { MATCH_LIMIT } from './matches';

type Server = Awaited<ReturnType<typeof startTestServer>>;
type Matches = components['schemas']['SubmissionMatches'];
const API = '/agency/api';
const ANNA = 'anna@makler.example';
const AGENCY = 'makler@immosuite.local';
const SECRET = `whsec_${Buffer.alloc(32, 7).toString('base64')}`;

/** A flat to let in Prenzlauer Berg for 900 €: the default test search (500–1,500 €) wants it. */
const flatToLet = (price = 900) =>
  lead({
    marketingType: 'rent',
    fields: [
      { name: 'price.price', valueType: 'NUMBER', value: price },
      { name: 'area.livingSpace', valueType: 'NUMBER', value: 62 },
      { name: 'area.numberRooms', valueType: 'NUMBER', value: 2 },
    ],
  });

interface SubmissionEvent {
  type: string;
  data: { submission: { uuid: string; matches: number } };
}

describe("a submission's matches in the inbox", () => {
  let server: Server;
  let anna: TestClient;
  /** The portal search of sucher@ (live), made after the first lead. */
  let portal: string;
  /** The wizard search of bestaetigt@, confirmed by mail: its submission's uuid and its own. */
  let wizard: { uuid: string; submission: string };
  /** The first lead (stored before any search), and one stored after them. */
  let early: string;
  let late: string;

  const sql = () => server.app.sql;
  const sendLead = async (email: string, body = flatToLet(), name = {}) => {
    const answer = await server.client().post<{ uuid: string }>(`${PREFIX}/v1/wizard/lead`, {
      contact: contact({ email, ...name }),
      lead: body,
    });
    expect(answer.status).toBe(201);
    // Its pairs are written by matching's job after the answer.
    await server.app.matcher.runDue();
    return answer.body.uuid;
  };
  const matchesOf = async (uuid: string, lang?: 'en') => {
    const path = `${API}/submissions/${uuid}/matches${lang ? `?lang=${lang}` : ''}`;
    const answer = await anna.get<Matches>(path);
    conforms('get', '/agency/api/submissions/{uuid}/matches', answer);
    expect(answer.status).toBe(200);
    return answer.body;
  };
  const submissionEvents = async (uuid: string) =>
    (
      await sql().all<{ payload: string }>(
        `SELECT payload FROM deliveries WHERE kind LIKE 'submission.%' ORDER BY id`,
      )
    )
      .map((row) => JSON.parse(row.payload) as SubmissionEvent)
      .filter((event) => event.data.submission.uuid === uuid);

  beforeAll(async () => {
    server = await startTestServer({
      AGENCY_USERS: ANNA,
      AGENCY_NOTICE: 'on-submit',
      WEBHOOK_URL: 'http://127.0.0.1:9/hooks',
      WEBHOOK_SECRET: SECRET,
      PUBLIC_URL: 'https://makler.example',
      DEV_MAILBOX: '1',
    });
    // Webhooks stay pending deliveries to read.
    await server.app.outbox.stop();
    anna = await staffSignIn(server, ANNA);
    // The seeded demo search is none of this test's.
    expect((await anna.del(`${API}/demo`)).status).toBe(200);

    early = await sendLead('frueh@example.de', flatToLet(900), {
      firstname: 'Frieda',
      lastname: 'Früh',
    });
    // A live portal search; a deactivated one; a wizard search never confirmed.
    const searcher = await loggedIn(server, 'sucher@example.de');
    portal = (
      (await call(searcher, 'post', '/v1/saved-search', savedSearch())).body as { uuid: string }
    ).uuid;
    await call(searcher, 'post', '/v1/saved-search', savedSearch({ active: false }));
    await server.app.matcher.runDue();
    await server.client().post(`${PREFIX}/v1/wizard/saved-search`, {
      contact: contact({ email: 'wartend@example.de' }),
      savedSearch: savedSearch(),
    });
    // A wizard search confirmed by mail (after the portal search: its pairs are newer).
    await confirmedSearch(
      server,
      { email: 'bestaetigt@example.de', firstname: 'Bea', lastname: 'Bestätigt' },
      savedSearch({ locations: [{ locationId: 3 }, { locationId: 201 }] }),
    );
    await server.app.matcher.runDue();
    wizard = (await sql().one<{ uuid: string; submission: string }>(
      `SELECT ss.uuid, s.uuid AS submission FROM saved_searches ss
       JOIN submissions s ON s.id = ss.submission_id JOIN contacts c ON c.id = ss.contact_id
       WHERE c.email = 'bestaetigt@example.de'`,
    ))!;
    late = await sendLead('spaet@example.de', flatToLet(1200), {
      firstname: 'Sven',
      lastname: 'Spät',
    });
  });
  afterAll(() => server.close());

  it("lists a lead's live matching searches, newest first, with searcher and criteria", async () => {
    const matches = await matchesOf(early);
    expect(matches.limit).toBe(MATCH_LIMIT);
    expect(matches.searches.total).toBe(2);
    // Neither the deactivated nor the unconfirmed search; the confirmed wizard search first.
    expect(matches.searches.items.map((m) => m.search.uuid)).toEqual([wizard.uuid, portal]);
    const [fromWizard, fromPortal] = matches.searches.items;
    expect(fromWizard).toMatchObject({
      submission: wizard.submission,
      contact: { firstname: 'Bea', lastname: 'Bestätigt', email: 'bestaetigt@example.de' },
      search: {
        category: 'Wohnung',
        marketingType: 'rent',
        regions: ['Pankow', 'Friedrichshain'],
        fields: [{ name: 'price.price', label: 'Kaltmiete', text: '500\u00a0€ – 1.500\u00a0€' }],
      },
    });
    expect(fromPortal).toMatchObject({
      submission: null,
      contact: { email: 'sucher@example.de' },
      search: { regions: ['Prenzlauer Berg', 'Friedrichshain'] },
    });
    expect(fromWizard!.foundAt > fromPortal!.foundAt).toBe(true);
    expect(matches.leads).toEqual({ total: 0, items: [] });
    expect(matches.listings).toEqual({ total: 0, items: [] });
    // In English: the category and the ranges in the inbox's language.
    const english = await matchesOf(early, 'en');
    expect(english.searches.items[0]!.search).toMatchObject({
      category: 'Apartment',
      fields: [{ text: '€500 – €1,500' }],
    });
  });

  it("lists a saved search's matching leads with their key figures, and its listing", async () => {
    const matches = await matchesOf(wizard.submission);
    expect(matches.searches).toEqual({ total: 0, items: [] });
    expect(matches.leads.total).toBe(2);
    // The later lead first: paired when it was stored, after the search's confirmation.
    expect(matches.leads.items).toEqual([
      {
        foundAt: expect.any(String),
        submission: late,
        name: 'Sven Spät',
        place: '10435 Berlin',
        objectType: 'LIVING',
        marketingType: 'rent',
        category: 'Wohnung',
        figures: [
          { name: 'price.price', label: 'Kaltmiete', text: '1.200\u00a0€' },
          { name: 'area.livingSpace', label: expect.any(String), text: '62 m²' },
          { name: 'area.numberRooms', label: expect.any(String), text: '2' },
        ],
      },
      expect.objectContaining({ submission: early, name: 'Frieda Früh' }),
    ]);
    expect(matches.listings).toEqual({
      total: 1,
      items: [
        {
          foundAt: expect.any(String),
          id: expect.any(Number),
          customId: 'W-1004',
          title: expect.any(String),
          place: expect.stringMatching(/^10\d{3} Berlin$/),
          priceTitle: expect.stringMatching(/miete/i),
          price: expect.stringContaining('€'),
          link: expect.stringContaining('customObjectId=W-1004'),
        },
      ],
    });
    // A kind without pairs: empty lists; no such submission: 404.
    const other = await sendLead('verkauf@example.de', lead());
    expect(await matchesOf(other)).toEqual({
      limit: MATCH_LIMIT,
      searches: { total: 0, items: [] },
      leads: { total: 0, items: [] },
      listings: { total: 0, items: [] },
    });
    const missing = await anna.get(
      `${API}/submissions/0190c1a2-0000-7000-8000-000000000000/matches`,
    );
    expect(missing.status).toBe(404);
    // Staff only.
    expect((await server.client().get(`${API}/submissions/${early}/matches`)).status).toBe(403);
  });

  it("carries the count in the lead's and the search's webhooks and names it in the lead's notice", async () => {
    const [created] = await submissionEvents(late);
    expect(created!.type).toBe('submission.created');
    expect(created!.data.submission.matches).toBe(2);
    expect(webhookConforms('submission.created', created)).toEqual({ ok: true });
    // Its pairs are announced after it, in one event: the agency hears of the lead before its
    // matches.
    const kinds = (
      await sql().all<{ kind: string; payload: string }>(
        `SELECT kind, payload FROM deliveries WHERE channel = 'webhook' ORDER BY id`,
      )
    )
      .filter((row) => row.payload.includes(late))
      .map((row) => row.kind);
    expect(kinds).toEqual(['submission.created', 'match.found']);
    // The early lead came before any search.
    expect((await submissionEvents(early))[0]!.data.submission.matches).toBe(0);
    // The wizard search: none while it awaited its confirmation, nor in its confirmation (the
    // job writes its pairs after it, and announces its lead and listing in one event then).
    const ofSearch = await submissionEvents(wizard.submission);
    expect(ofSearch.map((e) => [e.type, e.data.submission.matches])).toEqual([
      ['submission.created', 0],
      ['submission.confirmed', 0],
    ]);
    const announced = (
      await sql().all<{ payload: string }>(
        `SELECT payload FROM deliveries WHERE kind = 'match.found' ORDER BY id`,
      )
    )
      .map(
        (row) =>
          JSON.parse(row.payload) as {
            data: { match: { total: number; savedSearch: { submission: string } | null } };
          },
      )
      .filter((event) => event.data.match.savedSearch?.submission === wizard.submission);
    expect(announced.map((event) => event.data.match.total)).toEqual([2]);
    expect(webhookConforms('submission.confirmed', ofSearch[1])).toEqual({ ok: true });
    // The notices of the two leads, sent at once.
    const notices = (await server.mails()).filter((m) => m.to === AGENCY);
    const noticeOf = (uuid: string) =>
      notices.find((m) => m.text.includes(`/agency/submissions/${uuid}`))!;
    expect(noticeOf(late).text).toContain('Passende Suchprofile: 2\n');
    expect(noticeOf(early).text).toContain('Passende Suchprofile: 0\n');
  });

  it('caps each list at its limit, newest first, with the total', async () => {
    const more = MATCH_LIMIT + 2;
    const sent: string[] = [];
    for (let i = 0; i < more; i += 1) sent.push(await sendLead(`viele${i}@example.de`));
    const matches = await matchesOf(wizard.submission);
    expect(matches.leads.total).toBe(more + 2);
    expect(matches.leads.items).toHaveLength(MATCH_LIMIT);
    expect(matches.leads.items.map((m) => m.submission)).toEqual(
      sent.slice(-MATCH_LIMIT).reverse(),
    );
  });

  it('drops a search that is deactivated, and an erased searcher, from the lead', async () => {
    const searcher = await loggedIn(server, 'sucher@example.de');
    const put = (active: boolean) =>
      call(searcher, 'put', `/v1/saved-search/${portal}`, savedSearch({ active }));
    expect((await put(false)).status).toBe(200);
    await server.app.matcher.runDue();
    expect((await matchesOf(early)).searches.items.map((m) => m.search.uuid)).toEqual([
      wizard.uuid,
    ]);
    expect((await put(true)).status).toBe(200);
    await server.app.matcher.runDue();
    expect((await matchesOf(early)).searches.total).toBe(2);
    // The searcher deletes their account: gone from every lead's list.
    expect((await call(searcher, 'delete', '/v1/contact')).status).toBe(200);
    const after = await matchesOf(early);
    expect(after.searches.total).toBe(1);
    expect(after.searches.items.map((m) => m.contact.email)).toEqual(['bestaetigt@example.de']);
    // Staff erase the wizard searcher: their search's page goes, and the lead has none left.
    expect((await anna.del(`${API}/submissions/${wizard.submission}/contact`)).status).toBe(200);
    expect((await matchesOf(early)).searches).toEqual({ total: 0, items: [] });
    expect((await anna.get(`${API}/submissions/${wizard.submission}/matches`)).status).toBe(404);
  });
});
