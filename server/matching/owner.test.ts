/**
 * @jest-environment node
 *
 * What the owner of a lead is told of the saved searches waiting for a property like theirs,
 * through the real server: the lead's answer and its confirmation mail, counts only and none
 * below 3, from live searches only, the place it is for, and a retry answered the same.
 */
import { call, loggedIn, type Server } from '../../test/server/requests';
import {
  confirmedSearch,
  contact,
  keyOf,
  lead,
  savedSearch,
  startTestServer,
  type TestClient,
} from '../../test/server/testServer';

/** A search for a flat to buy in Prenzlauer Berg (301) for 300,000 to 400,000 €. */
const flatToBuy = (overrides: Record<string, unknown> = {}) =>
  savedSearch({
    marketingType: 'buy',
    locations: [{ locationId: 301 }],
    fields: [{ name: 'price.price', valueType: 'RANGE', minValue: 300000, maxValue: 400000 }],
    ...overrides,
  });

describe("the owner's count of waiting buyers", () => {
  let server: Server;
  let portal: TestClient;
  beforeEach(async () => {
    server = await startTestServer();
    portal = await loggedIn(server, 'searcher@example.de');
  });
  afterEach(() => server.close());

  let searchers = 0;
  /** Saved searches of `n` people, each made in the wizard and confirmed by its mail. */
  const searches = async (n: number, overrides: Record<string, unknown> = {}) => {
    for (let i = 0; i < n; i += 1)
      await confirmedSearch(
        server,
        { email: `searcher${(searchers += 1)}@example.de` },
        flatToBuy(overrides),
      );
  };
  /** Saved searches of the logged-in portal contact: live at once. */
  const portalSearches = async (n: number) => {
    for (let i = 0; i < n; i += 1)
      expect((await call(portal, 'post', '/v1/saved-search', flatToBuy())).status).toBe(201);
  };
  let sent = 0;
  /** Sends a lead (Kastanienallee 12, a flat to buy for 350,000 €): its answer and its mail. */
  const sendLead = async (
    overrides: Record<string, unknown> = {},
    headers: Record<string, string> = {},
  ) => {
    const email = `owner${(sent += 1)}@example.de`;
    const response = await call(
      server.client(),
      'post',
      '/v1/wizard/lead',
      { contact: contact({ email }), lead: lead(overrides) },
      headers,
    );
    expect(response.status).toBe(201);
    const mail = (await server.mails()).find((m) => m.to === email);
    return {
      response,
      waiting: (response.body as { waitingBuyers: unknown }).waitingBuyers,
      text: mail?.text ?? '',
    };
  };

  it('says no number below 3 and the count from 3 on, of live searches only, in the answer and the mail', async () => {
    const none = await sendLead();
    expect(none.waiting).toEqual({ count: null, place: null });
    expect(none.text).toContain('Ihr Makler prüft passende Interessenten.');
    expect(none.text).not.toMatch(/suchen \d+ vorgemerkte/);

    await searches(2);
    // A deactivated search and one that waits for its confirmation do not count.
    expect(
      (await call(portal, 'post', '/v1/saved-search', flatToBuy({ active: false }))).status,
    ).toBe(201);
    const wizard = server.client();
    await call(wizard, 'post', '/v1/wizard/saved-search', {
      contact: contact({ email: 'pending@example.de' }),
      savedSearch: flatToBuy(),
    });
    const two = await sendLead();
    expect(two.waiting).toEqual({ count: null, place: null });
    expect(two.text).toContain('Ihr Makler prüft passende Interessenten.');
    expect(two.text).not.toMatch(/\d+ vorgemerkte/);

    // Confirmed by its mail, the wizard's search is the third.
    const link = (await server.mails()).find((m) => m.to === 'pending@example.de')!.links[0]!;
    expect((await call(wizard, 'post', '/v1/wizard/confirm', { k: keyOf(link) })).status).toBe(200);
    const three = await sendLead();
    expect(three.waiting).toEqual({ count: 3, place: 'Prenzlauer Berg' });
    expect(three.text).toContain(
      'In Prenzlauer Berg suchen 3 vorgemerkte Interessenten eine Wohnung wie Ihre.',
    );
    expect(three.text).not.toContain('Ihr Makler prüft');

    // A search that asks for a lower price does not wait for this flat.
    await searches(1, {
      fields: [{ name: 'price.price', valueType: 'RANGE', minValue: 100000, maxValue: 200000 }],
    });
    await searches(11);
    const english = await sendLead({}, { 'Accept-Language': 'en-US' });
    expect(english.waiting).toEqual({ count: 14, place: 'Prenzlauer Berg' });
    expect(english.text).toContain(
      'In Prenzlauer Berg, 14 registered buyers are looking for an apartment like yours.',
    );
    const german = await sendLead();
    expect(german.text).toContain(
      'In Prenzlauer Berg suchen 14 vorgemerkte Interessenten eine Wohnung wie Ihre.',
    );
  });

  it('counts people, not searches: one searcher with three searches is one, and the owner is none', async () => {
    // One contact's three searches: one person waits, below the threshold.
    await portalSearches(3);
    expect((await sendLead()).waiting).toEqual({ count: null, place: null });
    // Two more people: three people wait (five searches).
    await searches(2);
    const three = await sendLead();
    expect(three.waiting).toEqual({ count: 3, place: 'Prenzlauer Berg' });
    expect(three.text).toContain('suchen 3 vorgemerkte Interessenten');
    // The owner's own search does not count them as waiting for their own flat.
    const own = await call(server.client(), 'post', '/v1/wizard/lead', {
      contact: contact({ email: `searcher${searchers}@example.de` }),
      lead: lead(),
    });
    expect((own.body as { waitingBuyers: unknown }).waitingBuyers).toEqual({
      count: null,
      place: null,
    });
  });

  it('answers a retried lead as it was answered first', async () => {
    await searches(3);
    const headers = { 'Idempotency-Key': 'owner-retry-0001' };
    const body = { contact: contact({ email: 'retry@example.de' }), lead: lead() };
    const first = await call(server.client(), 'post', '/v1/wizard/lead', body, headers);
    expect(first.body).toMatchObject({ waitingBuyers: { count: 3, place: 'Prenzlauer Berg' } });
    // More searches since: the retry still gets the first answer, and no second mail.
    await searches(2);
    const again = await call(server.client(), 'post', '/v1/wizard/lead', body, headers);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expect(again.body).toEqual(first.body);
    expect((await server.mails()).filter((m) => m.to === 'retry@example.de')).toHaveLength(1);
  });

  it('names the district a postcode lies in, no place where it spans districts or the visitor says otherwise', async () => {
    await searches(3, { locations: [{ locationId: 3 }] });
    const placed = (location: Record<string, unknown>) =>
      sendLead({ location: { ...lead().location, ...location } });
    // Approximate coordinates: the postcode decides. 10439 is Prenzlauer Berg and Pankow.
    const district = await placed({ zip: '10439', approximate: true });
    expect(district.waiting).toEqual({ count: 3, place: 'Pankow' });
    expect(district.text).toContain('In Pankow suchen 3 vorgemerkte Interessenten');
    // 10435 is Prenzlauer Berg (Pankow) and Mitte (Mitte): the area, unnamed.
    await searches(3, { locations: [{ locationId: 101 }] });
    const spanning = await placed({ approximate: true });
    expect(spanning.waiting).toEqual({ count: 6, place: null });
    expect(spanning.text).toContain(
      'In Ihrer Gegend suchen 6 vorgemerkte Interessenten eine Wohnung wie Ihre.',
    );
    // The address's Ortsteil says which of the postcode's localities it lies in.
    expect((await placed({ approximate: true, district: 'Prenzlauer Berg' })).waiting).toEqual({
      count: 6,
      place: 'Prenzlauer Berg',
    });
    // The visitor's own town or Ortsteil wins over ours.
    expect((await placed({ city: 'Potsdam' })).waiting).toEqual({ count: 3, place: null });
    expect((await placed({ district: 'Wedding' })).waiting).toEqual({ count: 3, place: null });
    expect((await placed({ district: 'Prenzlauer Berg' })).waiting).toEqual({
      count: 3,
      place: 'Prenzlauer Berg',
    });
    const english = await sendLead(
      { location: { ...lead().location, approximate: true } },
      { 'Accept-Language': 'en-US' },
    );
    expect(english.text).toContain(
      'Near you, 6 registered buyers are looking for an apartment like yours.',
    );
  });

  it('words the category and letting in both languages', async () => {
    const house = { categoryId: 22332, marketingType: 'rent' };
    await searches(3, house);
    const de = await sendLead(house);
    expect(de.text).toContain(
      'In Prenzlauer Berg suchen 3 vorgemerkte Interessenten ein Haus wie Ihres.',
    );
    const en = await sendLead(house, { 'Accept-Language': 'en-US' });
    expect(en.text).toContain(
      'In Prenzlauer Berg, 3 registered tenants are looking for a house like yours.',
    );
    const office = { categoryId: 42723, objectType: 'COMMERCIAL', marketingType: 'rent' };
    const en2 = await sendLead({ ...office, fields: [] }, { 'Accept-Language': 'en-US' });
    expect(en2.waiting).toEqual({ count: null, place: null });
    expect(en2.text).toContain('Your agent is checking which registered tenants match.');
    await searches(3, office);
    expect((await sendLead({ ...office, fields: [] })).text).toContain(
      'In Prenzlauer Berg suchen 3 vorgemerkte Interessenten eine Büro- oder Praxisfläche wie Ihre.',
    );
  });
});
