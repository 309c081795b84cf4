/**
 * @jest-environment node
 *
 * The agency inbox's API (docs/agency.md#the-inbox): staff sign-in only for AGENCY_USERS, staff and contact
 * sessions apart both ways, the list's filters, search and keyset pages, a submission with its
 * delivery log, its status, a failed delivery sent again, and the CSV export read back.
 */
import type { components } from '../../contract/types';
import { parse } from 'csv-parse/sync';
import {
  contact,
  keyOf,
  lead,
  mailTo,
  newLoggedInContact,
  PREFIX,
  savedSearch,
  startTestServer,
  TestClient,
} from '../../test/server/testServer';
import * as clock from '../db/clock';
import { berlinMidnight } from './inbox';

type Server = Awaited<ReturnType<typeof startTestServer>>;
const API = '/agency/api';
type Page = components['schemas']['InboxPage'];
const STAFF = 'team@makler.example';

async function signIn(server: Server, email = STAFF): Promise<TestClient> {
  const client = server.client();
  expect((await client.post(`${API}/auth/email`, { email })).body).toEqual({ sent: true });
  const mail = await mailTo(server, (m) => m.to === email);
  expect(mail.links[0]).toMatch(/^https:\/\/makler\.example\/agency\?k=/);
  const login = await client.post(`${API}/auth/login`, { k: keyOf(mail.links[0]!) });
  expect(login.status).toBe(200);
  return client;
}

describe('agency inbox API', () => {
  let server: Server;
  let staff: TestClient;
  beforeAll(async () => {
    server = await startTestServer({
      AGENCY_USERS: `${STAFF}, chefin@makler.example`,
      PUBLIC_URL: 'https://makler.example',
      // A local test under a public URL: the dev mailbox is asked for explicitly.
      DEV_MAILBOX: '1',
    });
    const visitor = server.client();
    const send = async (path: string, body: unknown, confirm: boolean) => {
      const email = (body as { contact: { email: string } }).contact.email;
      await visitor.post(PREFIX + path, body);
      if (confirm)
        await visitor.post(`${PREFIX}/v1/wizard/confirm`, {
          k: keyOf((await server.mails()).find((m) => m.to === email)!.links[0]!),
        });
    };
    await send(
      '/v1/wizard/lead',
      {
        contact: contact({ email: 'anna@example.de', firstname: 'Anna', lastname: 'Lehmann' }),
        lead: lead(),
      },
      true,
    );
    await send(
      '/v1/wizard/saved-search',
      {
        contact: contact({
          email: 'bert@example.de',
          firstname: 'Bert',
          lastname: 'Sucher',
          city: 'Potsdam',
          zip: '14467',
        }),
        savedSearch: savedSearch(),
      },
      false,
    );
    await send(
      '/v1/wizard/contact',
      {
        contact: contact({
          email: 'carla@example.de',
          firstname: 'Carla',
          lastname: 'Semikolon; "Zitat"',
        }),
        message: 'Zeile 1\nZeile 2; mit "Anführung"',
      },
      true,
    );
    staff = await signIn(server);
  });
  afterAll(() => server.close());

  it('mails a sign-in link only to AGENCY_USERS, with the same answer for anyone', async () => {
    const stranger = server.client();
    expect((await stranger.post(`${API}/auth/email`, { email: 'fremd@example.de' })).body).toEqual({
      sent: true,
    });
    // A staff address asked for after it has its link; the stranger's address got nothing,
    // neither a key nor word of one (a mail to any typed address would be backscatter).
    expect((await stranger.post(`${API}/auth/email`, { email: STAFF })).body).toEqual({
      sent: true,
    });
    await mailTo(server, (m) => m.to === STAFF, 2);
    expect((await server.mails()).filter((m) => m.to === 'fremd@example.de')).toEqual([]);
    expect(
      await server.app.sql.all(`SELECT kind FROM deliveries WHERE recipient = 'fremd@example.de'`),
    ).toEqual([]);
    expect((await stranger.get(`${API}/submissions`)).status).toBe(403);
  });

  it('uses a staff link once: a second use, from any browser, opens nothing', async () => {
    const client = server.client();
    await client.post(`${API}/auth/email`, { email: 'chefin@makler.example' });
    const k = keyOf((await mailTo(server, (m) => m.to === 'chefin@makler.example')).links[0]!);
    expect((await client.post(`${API}/auth/login`, { k })).status).toBe(200);
    const other = server.client();
    expect((await other.post(`${API}/auth/login`, { k })).status).toBe(403);
    expect((await other.get(`${API}/submissions`)).status).toBe(403);
    expect((await client.get(`${API}/auth/me`)).body).toEqual({
      email: 'chefin@makler.example',
      agency: 'Immobilienservice',
    });
    expect((await client.del(`${API}/auth/me`)).status).toBe(200);
    expect((await client.get(`${API}/submissions`)).status).toBe(403);
  });

  it('keeps staff and contact sessions apart, both ways', async () => {
    const contactClient = await newLoggedInContact(server, 'dora@example.de');
    expect((await contactClient.get(`${PREFIX}/v1/contact`)).status).toBe(200);
    // A contact's session never opens the inbox...
    expect((await contactClient.get(`${API}/submissions`)).status).toBe(403);
    expect((await contactClient.get(`${API}/auth/me`)).status).toBe(403);
    // ...and a staff session never a contact's account.
    expect((await staff.get(`${PREFIX}/v1/contact`)).status).toBe(403);
    expect((await staff.get(`${PREFIX}/v1/auth/me`)).status).toBe(403);
    // A staff member's address gets no contact login either (there is no such contact).
    expect((await staff.get(`${API}/auth/me`)).body).toEqual({
      email: STAFF,
      agency: 'Immobilienservice',
    });
  });

  it('lists every kind newest first with name, e-mail, place, confirmation and status', async () => {
    const page = (await staff.get<Page>(`${API}/submissions`)).body;
    const mine = page.items.filter((i) => /anna|bert|carla/.test(i.email));
    expect(mine.map((i) => [i.kind, i.name, i.place, i.confirmed, i.handling])).toEqual([
      ['contact', 'Carla Semikolon; "Zitat"', '10115 Berlin', true, 'new'],
      ['savedSearch', 'Bert Sucher', 'Prenzlauer Berg, Friedrichshain', false, 'new'],
      ['lead', 'Anna Lehmann', '10435 Berlin', true, 'new'],
    ]);
  });

  it('filters by kind, confirmation, status and date, and searches name, e-mail and place', async () => {
    const emails = async (query: string) =>
      (await staff.get<Page>(`${API}/submissions?${query}`)).body.items
        .map((i) => i.email)
        .filter((e) => /anna|bert|carla/.test(e));
    expect(await emails('kind=savedSearch')).toEqual(['bert@example.de']);
    expect(await emails('confirmed=false')).toEqual(['bert@example.de']);
    expect(await emails('confirmed=true')).toEqual(['carla@example.de', 'anna@example.de']);
    expect(await emails('q=potsdam')).toEqual(['bert@example.de']);
    expect(await emails('q=LEHMANN')).toEqual(['anna@example.de']);
    expect(await emails('q=carla%40example')).toEqual(['carla@example.de']);
    // A % typed in the search box is a character, not a wildcard.
    expect(await emails('q=%25')).toEqual([]);
    const today = new Intl.DateTimeFormat('sv-SE', { timeZone: 'Europe/Berlin' }).format(
      new Date(),
    );
    expect(await emails(`from=${today}&to=${today}`)).toHaveLength(3);
    expect(await emails('to=2020-01-01')).toEqual([]);
    const { uuid } = (await staff.get<Page>(`${API}/submissions?kind=lead&q=anna`)).body.items[0]!;
    expect(
      (await staff.put(`${API}/submissions/${uuid}/handling`, { handling: 'inProgress' })).body,
    ).toEqual({
      uuid,
      handling: 'inProgress',
    });
    expect(await emails('handling=inProgress')).toEqual(['anna@example.de']);
    expect((await staff.get(`${API}/submissions?kind=house`)).status).toBe(400);
    expect((await staff.get(`${API}/submissions?from=yesterday`)).status).toBe(400);
  });

  it('pages by key: each page follows on from the last row of the one before', async () => {
    const visitor = server.client();
    for (let i = 0; i < 120; i += 1)
      await visitor.post(`${PREFIX}/v1/wizard/contact`, {
        contact: contact({ email: `many${i}@example.de` }),
        message: `Nr. ${i}`,
      });
    const walk = async (query: string) => {
      const seen: string[] = [];
      let after: string | null = null;
      let pages = 0;
      do {
        const separator = query ? '&' : '';
        const page: Page = (
          await staff.get<Page>(
            `${API}/submissions?${query}${after ? `${separator}after=${after}` : ''}`,
          )
        ).body;
        expect(page.items.length).toBeLessThanOrEqual(50);
        seen.push(...page.items.map((i) => i.uuid));
        after = page.next;
        pages += 1;
      } while (after !== null);
      return { seen, pages };
    };
    const many = await walk('q=many');
    expect(many.pages).toBe(3);
    expect(new Set(many.seen).size).toBe(120);
    // Unfiltered: every submission once, none skipped, none twice, the 120 among them.
    const all = await walk('');
    expect(new Set(all.seen).size).toBe(all.seen.length);
    for (const uuid of many.seen) expect(all.seen).toContain(uuid);
    expect(all.seen.length).toBeGreaterThanOrEqual(123);
  });

  it('shows a submission with every part and its delivery log, and sends a failed delivery again', async () => {
    const { uuid } = (await staff.get<Page>(`${API}/submissions?kind=lead&q=anna`)).body.items[0]!;
    const detail = await staff.get<{
      submission: Record<string, unknown>;
      deliveries: { id: number; kind: string; status: string }[];
    }>(`${API}/submissions/${uuid}`);
    expect(detail.body.submission).toMatchObject({
      uuid,
      kind: 'lead',
      confirmed: true,
      contact: { firstname: 'Anna', email: 'anna@example.de' },
      consent: { boxes: { dataPrivacy: true, acceptContact: true, newsletter: false } },
      lead: {
        category: 'Wohnung',
        address: {
          street: 'Kastanienallee',
          number: '12',
          zip: '10435',
          city: 'Berlin',
          lat: 52.538,
          lng: 13.41,
        },
        fields: [
          { name: 'price.price', label: 'Kaufpreis', text: '350.000\u00a0€' },
          { name: 'area.livingSpace', label: 'Wohnfläche', text: '82,5 m²' },
        ],
      },
    });
    expect(detail.body.deliveries).toEqual([
      expect.objectContaining({ channel: 'mail', kind: 'notice', status: 'sent' }),
    ]);
    expect(
      (await staff.get(`${API}/submissions/00000000-0000-0000-0000-000000000000`)).status,
    ).toBe(404);
    // Sending again is for a failed delivery; a sent one stays as it is. The inbox asks with no
    // body (the contract names none); a client that sends an empty object is answered the same.
    const id = detail.body.deliveries[0]!.id;
    for (const body of [undefined, {}]) {
      expect((await staff.post(`${API}/deliveries/${id}/retry`, body)).body).toMatchObject({
        status: 'sent',
      });
    }
    expect((await staff.post(`${API}/deliveries/999999/retry`, {})).status).toBe(404);
  });

  it("says a lead's category and fields in the inbox's language when asked, German by default", async () => {
    const { uuid } = (await staff.get<Page>(`${API}/submissions?kind=lead&q=anna`)).body.items[0]!;
    const english = await staff.get<{ submission: { lead: Record<string, unknown> } }>(
      `${API}/submissions/${uuid}?lang=en`,
    );
    expect(english.body.submission.lead).toMatchObject({
      category: 'Apartment',
      fields: [
        { name: 'price.price', label: 'Purchase price', text: '€350,000' },
        { name: 'area.livingSpace', label: 'Living space', text: '82.5 m²' },
      ],
    });
    const german = await staff.get<{ submission: { lead: Record<string, unknown> } }>(
      `${API}/submissions/${uuid}?lang=de`,
    );
    expect(german.body.submission.lead).toMatchObject({
      category: 'Wohnung',
      fields: [{ label: 'Kaufpreis', text: '350.000\u00a0€' }, { label: 'Wohnfläche' }],
    });
    expect((await staff.get(`${API}/submissions/${uuid}?lang=fr`)).status).toBe(400);
  });

  it("says where a position is only the geocoder's guess: in the detail and in the notice", async () => {
    const visitor = server.client();
    const guessed = lead({ location: { ...lead().location, approximate: true } });
    const sent = await visitor.post(`${PREFIX}/v1/wizard/lead`, {
      contact: contact({ email: 'dora@example.de', firstname: 'Dora', lastname: 'Ungefähr' }),
      lead: guessed,
    });
    expect(sent.status).toBe(201);
    const confirmation = await mailTo(server, (m) => m.to === 'dora@example.de');
    await visitor.post(`${PREFIX}/v1/wizard/confirm`, { k: keyOf(confirmation.links[0]!) });
    const { uuid } = (await staff.get<Page>(`${API}/submissions?kind=lead&q=dora`)).body.items[0]!;
    const detail = await staff.get<{ submission: { lead: { address: unknown } } }>(
      `${API}/submissions/${uuid}`,
    );
    expect(detail.body.submission.lead.address).toMatchObject({ lat: 52.538, approximate: true });
    const notice = await mailTo(
      server,
      (m) => m.to === 'makler@immosuite.local' && m.text.includes('Dora'),
    );
    expect(notice.text).toContain('Koordinaten: 52.538, 13.41 (ungefähr)');
    // A position the visitor placed is given as it is.
    const anna = (await staff.get<Page>(`${API}/submissions?kind=lead&q=anna`)).body.items[0]!;
    const placed = await staff.get<{ submission: { lead: { address: unknown } } }>(
      `${API}/submissions/${anna.uuid}`,
    );
    expect(placed.body.submission.lead.address).toMatchObject({ approximate: false });
  });

  it('refuses a change without the XSRF token', async () => {
    const { uuid } = (await staff.get<Page>(`${API}/submissions?kind=lead&q=anna`)).body.items[0]!;
    const forged = await staff.request('PUT', `${API}/submissions/${uuid}/handling`, {
      body: { handling: 'spam' },
      headers: { 'X-XSRF-TOKEN': 'forged' },
    });
    expect(forged.status).toBe(403);
  });

  it('exports the filter as CSV for German Excel: BOM, semicolons, one row per submission', async () => {
    const response = await fetch(`${server.base}${API}/submissions.csv?q=example.de&kind=contact`, {
      headers: { Cookie: [...staff.cookies].map(([k, v]) => `${k}=${v}`).join('; ') },
    });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(response.headers.get('content-disposition')).toMatch(
      /^attachment; filename="anfragen-\d{4}-\d\d-\d\d\.csv"$/,
    );
    const bytes = Buffer.from(await response.arrayBuffer());
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    // Named by the agency's day: at 23:30 UTC on 28 March it is the 29th in Berlin. The
    // server's clock says so; no timer is touched.
    const clockNow = jest.spyOn(clock, 'now').mockReturnValue('2026-03-28T23:30:00.000Z');
    try {
      const late = await fetch(`${server.base}${API}/submissions.csv?kind=contact`, {
        headers: { Cookie: [...staff.cookies].map(([k, v]) => `${k}=${v}`).join('; ') },
      });
      expect(late.headers.get('content-disposition')).toBe(
        'attachment; filename="anfragen-2026-03-29.csv"',
      );
      await late.arrayBuffer();
    } finally {
      clockNow.mockRestore();
    }
    const rows = parse(bytes.toString('utf8').slice(1), {
      delimiter: ';',
      columns: true,
    }) as Record<string, string>[];
    expect(Object.keys(rows[0]!)).toEqual([
      'Eingang',
      'Art',
      'Status',
      'Zuständig',
      'Bestätigt',
      'Anrede',
      'Vorname',
      'Nachname',
      'E-Mail',
      'Telefon',
      'Firma',
      'Anschrift',
      'Objekt',
      'Ort des Objekts',
      'Angaben',
      'Treffer',
      'Nachricht',
      'Datenschutzerklärung',
      'Kontaktaufnahme',
      'Newsletter',
      'ID',
    ]);
    // Every contact message: Carla's and the 120 of the paging test.
    expect(rows).toHaveLength(121);
    const carla = rows.find((r) => r['E-Mail'] === 'carla@example.de')!;
    expect(carla).toMatchObject({
      Art: 'Kontaktnachricht',
      Status: 'neu',
      Bestätigt: 'ja',
      Nachname: 'Semikolon; "Zitat"',
      Nachricht: 'Zeile 1\nZeile 2; mit "Anführung"',
      Datenschutzerklärung: expect.stringMatching(/^erteilt am \d\d\.\d\d\.\d{4}$/),
      Kontaktaufnahme: expect.stringMatching(/^erteilt am \d\d\.\d\d\.\d{4}$/),
      Newsletter: 'nicht angemeldet',
    });
    const leads = parse(
      (
        await (
          await fetch(`${server.base}${API}/submissions.csv?kind=lead&q=anna`, {
            headers: { Cookie: [...staff.cookies].map(([k, v]) => `${k}=${v}`).join('; ') },
          })
        ).text()
      ).slice(1),
      { delimiter: ';', columns: true },
    ) as Record<string, string>[];
    expect(leads).toEqual([
      expect.objectContaining({
        Art: 'Eigentümer-Anfrage',
        Status: 'in Bearbeitung',
        Objekt: 'Wohnung (Wohnen), verkaufen',
        'Ort des Objekts': 'Kastanienallee 12, 10435 Berlin',
        Angaben: 'Kaufpreis: 350.000\u00a0€; Wohnfläche: 82,5 m²',
      }),
    ]);
    expect((await fetch(`${server.base}${API}/submissions.csv`)).status).toBe(403);
  });
});

describe('inbox dates', () => {
  it("reads a day as the agency's day in Berlin, summer and winter", () => {
    expect(berlinMidnight('2026-01-15')).toBe('2026-01-14T23:00:00.000Z');
    expect(berlinMidnight('2026-07-15')).toBe('2026-07-14T22:00:00.000Z');
  });
});
