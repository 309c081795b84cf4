/**
 * @jest-environment node
 *
 * What the owner of a lead is told of the saved searches waiting for a property like theirs,
 * through the real server: the lead's answer and its confirmation mail, people in bands and no
 * number below 3, from live searches old enough only, the place it is for, and a retry answered
 * the same. And each attack of the threat model (docs/matching.md#the-threat-model), which
 * must tell the attacker nothing: the lead's own figures, the e-mail address it gives, and a
 * search set up just now leave the answer as it is.
 */
import { call, loggedIn, type Server } from '../../test/server/requests';
import { COUNT_FRESH_MS } from './owner';
import {
  confirmedSearch,
  contact,
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

/** The default wait before a search counts for owners (OWNER_COUNT_WAIT_HOURS): 7 days. */
const WAIT_MS = 7 * 24 * 60 * 60 * 1000;
const MINUTE = 60 * 1000;

// Only the clock is fake: the server and its sockets run as they do.
beforeEach(() =>
  jest.useFakeTimers({
    now: Date.parse('2026-11-02T09:00:00.000Z'),
    doNotFake: [
      'nextTick',
      'setImmediate',
      'clearImmediate',
      'queueMicrotask',
      'setTimeout',
      'clearTimeout',
      'setInterval',
      'clearInterval',
      'hrtime',
      'performance',
    ],
  }),
);
afterEach(() => jest.useRealTimers());

/** The clock moves on by `ms`. */
const later = (ms: number) => jest.setSystemTime(Date.now() + ms);
/** Every search made so far has waited long enough to count. */
const waited = () => later(WAIT_MS);
/** The count a lead is answered with is read from the database again. */
const fresh = () => later(COUNT_FRESH_MS);

describe("the owner's count of waiting buyers", () => {
  let server: Server;
  let portal: TestClient;
  beforeEach(async () => {
    server = await startTestServer();
    // Matching's job runs when a test says (runDue), not beside its requests, where it would
    // wait in real time for them to end (decision 179).
    await server.app.matcher.stop();
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
  /** Saved searches of the logged-in portal contact: live at once; their uuids. */
  const portalSearches = async (n: number, overrides: Record<string, unknown> = {}) => {
    const uuids: string[] = [];
    for (let i = 0; i < n; i += 1) {
      const made = await call(portal, 'post', '/v1/saved-search', flatToBuy(overrides));
      expect(made.status).toBe(201);
      uuids.push((made.body as { uuid: string }).uuid);
    }
    return uuids;
  };
  let sent = 0;
  /**
   * Sends a lead (Kastanienallee 12, a flat to buy for 350,000 € of 82.5 m²) from `email` (a
   * new owner's by default): its answer, its mail and how many pairs the inbox holds for it.
   */
  const sendLead = async (
    overrides: Record<string, unknown> = {},
    headers: Record<string, string> = {},
    email = `owner${(sent += 1)}@example.de`,
  ) => {
    const response = await call(
      server.client(),
      'post',
      '/v1/wizard/lead',
      { contact: contact({ email }), lead: lead(overrides) },
      headers,
    );
    expect(response.status).toBe(201);
    const uuid = (response.body as { uuid: string }).uuid;
    const mail = (await server.mails()).find((m) => m.to === email);
    // The agency's pairs, as matching's job writes them after the answer.
    await server.app.matcher.runDue();
    const pairs = await server.app.sql.one<{ n: number }>(
      `SELECT count(*) AS n FROM search_matches m JOIN submissions s ON s.id = m.submission_id
       WHERE s.uuid = ?`,
      uuid,
    );
    return {
      response,
      waiting: (response.body as { waitingBuyers: unknown }).waitingBuyers,
      text: mail?.text ?? '',
      pairs: Number(pairs?.n),
    };
  };
  const figures = (price: number, livingSpace: number, rooms: number) => ({
    fields: [
      { name: 'price.price', valueType: 'NUMBER', value: price },
      { name: 'area.livingSpace', valueType: 'NUMBER', value: livingSpace },
      { name: 'area.numberRooms', valueType: 'NUMBER', value: rooms },
    ],
  });

  it('says no number below 3 and the band from 3 on, of live searches only, in the answer and the mail', async () => {
    const none = await sendLead();
    expect(none.waiting).toEqual({ count: null, place: null });
    expect(none.text).toContain('Ihr Makler prüft passende Interessenten.');
    expect(none.text).not.toMatch(/\d+ vorgemerkte/);

    await searches(2);
    // A deactivated search and one that waits for its confirmation do not count, however old.
    await portalSearches(1, { active: false });
    await call(server.client(), 'post', '/v1/wizard/saved-search', {
      contact: contact({ email: 'pending@example.de' }),
      savedSearch: flatToBuy(),
    });
    waited();
    const two = await sendLead();
    expect(two.waiting).toEqual({ count: null, place: null });
    expect(two.text).toContain('Ihr Makler prüft passende Interessenten.');
    expect(two.text).not.toMatch(/\d+ vorgemerkte/);

    // A third person's search, once it has waited.
    await searches(1);
    waited();
    const three = await sendLead();
    expect(three.waiting).toEqual({ count: 3, place: 'Prenzlauer Berg' });
    expect(three.text).toContain(
      'In Prenzlauer Berg suchen mindestens 3 vorgemerkte Interessenten eine Wohnung wie Ihre.',
    );
    expect(three.text).not.toContain('Ihr Makler prüft');

    // Nine people: still the band of 3. The tenth makes it the band of 10.
    await searches(6);
    waited();
    expect((await sendLead()).waiting).toEqual({ count: 3, place: 'Prenzlauer Berg' });
    await searches(1);
    waited();
    const english = await sendLead({}, { 'Accept-Language': 'en-US' });
    expect(english.waiting).toEqual({ count: 10, place: 'Prenzlauer Berg' });
    expect(english.text).toContain(
      'In Prenzlauer Berg, at least 10 registered buyers are looking for an apartment like yours.',
    );
    const german = await sendLead();
    expect(german.text).toContain(
      'In Prenzlauer Berg suchen mindestens 10 vorgemerkte Interessenten eine Wohnung wie Ihre.',
    );
    expect(german.text).not.toMatch(/\b1[1-9]\b vorgemerkte/);
  });

  it('counts people, not searches: one searcher with three searches is one', async () => {
    await portalSearches(3);
    waited();
    expect((await sendLead()).waiting).toEqual({ count: null, place: null });
    // Two more people: three people wait (five searches).
    await searches(2);
    waited();
    const three = await sendLead();
    expect(three.waiting).toEqual({ count: 3, place: 'Prenzlauer Berg' });
    expect(three.text).toContain('suchen mindestens 3 vorgemerkte Interessenten');
  });

  it("binary search on the lead's figures learns nothing: leads that differ only in price, living space or rooms get the same answer", async () => {
    // Two throwaway searches, broad (the district, no ranges), and one real person's with
    // ranges: a lower and upper price, a minimum living space and rooms.
    await searches(2, { locations: [{ locationId: 3 }], fields: [] });
    await searches(1, {
      fields: [
        { name: 'price.price', valueType: 'RANGE', minValue: 300000, maxValue: 400000 },
        { name: 'area.livingSpace', valueType: 'RANGE', minValue: 60 },
        { name: 'area.numberRooms', valueType: 'RANGE', minValue: 3 },
      ],
    });
    waited();
    const inside = await sendLead(figures(350000, 82.5, 3));
    expect(inside.waiting).toEqual({ count: 3, place: 'Prenzlauer Berg' });
    // Outside each of the real person's ranges in turn, and without any figure: the same.
    for (const probe of [
      figures(900000, 82.5, 3),
      figures(299000, 82.5, 3),
      figures(401000, 82.5, 3),
      figures(350000, 59, 3),
      figures(350000, 82.5, 2),
      { fields: [] },
    ]) {
      fresh();
      const answer = await sendLead(probe);
      expect(answer.waiting).toEqual(inside.waiting);
      expect(answer.text).toContain('suchen mindestens 3 vorgemerkte Interessenten');
      // The agency's inbox keeps the exact pairs: the real person's search does not match these.
      expect(answer.pairs).toBe(probe.fields.length ? 2 : 3);
    }
    expect(inside.pairs).toBe(3);
  });

  it("probing an address learns nothing: a lead giving a searcher's e-mail gets the stranger's answer", async () => {
    await searches(3);
    waited();
    const stranger = await sendLead({}, {}, 'stranger@example.de');
    expect(stranger.waiting).toEqual({ count: 3, place: 'Prenzlauer Berg' });
    for (const email of ['searcher1@example.de', 'SEARCHER2@example.de']) {
      fresh();
      const probe = await sendLead({}, {}, email);
      expect(probe.waiting).toEqual(stranger.waiting);
    }
    // Also with a search of the address at the edge of a band: 10 people, one of them probed.
    await searches(7);
    waited();
    const ten = (await sendLead({}, {}, 'stranger2@example.de')).waiting;
    expect(ten).toEqual({ count: 10, place: 'Prenzlauer Berg' });
    fresh();
    expect((await sendLead({}, {}, `searcher${searchers}@example.de`)).waiting).toEqual(ten);
  });

  it('throwaway searches count only once they have waited 7 days: a search confirmed a minute ago does not', async () => {
    await searches(2);
    waited();
    // A third search, confirmed a minute ago: not yet counted.
    await searches(1);
    later(MINUTE);
    const fresh = await sendLead();
    expect(fresh.waiting).toEqual({ count: null, place: null });
    // The inbox has it once the job has run.
    expect(fresh.pairs).toBe(3);
    later(WAIT_MS - 2 * MINUTE);
    expect((await sendLead()).waiting).toEqual({ count: null, place: null });
    later(MINUTE);
    expect((await sendLead()).waiting).toEqual({ count: 3, place: 'Prenzlauer Berg' });
  });

  it('a search re-aimed at another place or switched off and on starts its wait again; a new price keeps it', async () => {
    await searches(2);
    // The portal contact's search of Mitte, old enough, then aimed at Prenzlauer Berg.
    const [uuid] = await portalSearches(1, { locations: [{ locationId: 101 }] });
    waited();
    expect((await sendLead()).waiting).toEqual({ count: null, place: null });
    // Signed in again (the first session has expired meanwhile).
    portal = await loggedIn(server, 'searcher@example.de');
    const edit = (changes: Record<string, unknown>) =>
      call(portal, 'put', `/v1/saved-search/${uuid}`, { ...flatToBuy(), ...changes });
    expect((await edit({})).status).toBe(200);
    fresh();
    expect((await sendLead()).waiting).toEqual({ count: null, place: null });
    waited();
    expect((await sendLead()).waiting).toEqual({ count: 3, place: 'Prenzlauer Berg' });
    // Another price: the same place and kind, still counted.
    portal = await loggedIn(server, 'searcher@example.de');
    expect(
      (
        await edit({
          fields: [{ name: 'price.price', valueType: 'RANGE', minValue: 100000, maxValue: 900000 }],
        })
      ).status,
    ).toBe(200);
    fresh();
    expect((await sendLead()).waiting).toEqual({ count: 3, place: 'Prenzlauer Berg' });
    // Switched off and on again: a new search for the count.
    expect((await edit({ active: false })).status).toBe(200);
    expect((await edit({ active: true })).status).toBe(200);
    fresh();
    expect((await sendLead()).waiting).toEqual({ count: null, place: null });
    waited();
    expect((await sendLead()).waiting).toEqual({ count: 3, place: 'Prenzlauer Berg' });
  });

  it('reads the count once a minute for a kind and place: a search switched off counts until the minute is up', async () => {
    await searches(2);
    const [uuid] = await portalSearches(1);
    waited();
    const reads = jest.spyOn(server.app.sql, 'one');
    const countReads = () =>
      reads.mock.calls.filter(([text]) => text.includes('DISTINCT ss.contact_id')).length;
    expect((await sendLead()).waiting).toEqual({ count: 3, place: 'Prenzlauer Berg' });
    expect((await sendLead()).waiting).toEqual({ count: 3, place: 'Prenzlauer Berg' });
    expect(countReads()).toBe(1);
    // Another kind (to rent) in the same place is its own count.
    expect((await sendLead({ marketingType: 'rent' })).waiting).toEqual({
      count: null,
      place: null,
    });
    expect(countReads()).toBe(2);

    portal = await loggedIn(server, 'searcher@example.de');
    const off = await call(portal, 'put', `/v1/saved-search/${uuid}`, {
      ...flatToBuy(),
      active: false,
    });
    expect(off.status).toBe(200);
    later(COUNT_FRESH_MS - 1000);
    expect((await sendLead()).waiting).toEqual({ count: 3, place: 'Prenzlauer Berg' });
    later(1000);
    expect((await sendLead()).waiting).toEqual({ count: null, place: null });
    expect(countReads()).toBe(3);
  });

  it('answers a retried lead as it was answered first', async () => {
    await searches(3);
    waited();
    await searches(7);
    later(WAIT_MS - MINUTE);
    const headers = { 'Idempotency-Key': 'owner-retry-0001' };
    const body = { contact: contact({ email: 'retry@example.de' }), lead: lead() };
    const first = await call(server.client(), 'post', '/v1/wizard/lead', body, headers);
    expect(first.body).toMatchObject({ waitingBuyers: { count: 3, place: 'Prenzlauer Berg' } });
    // Ten people count now: the retry still gets the first answer, and no second mail.
    later(2 * MINUTE);
    expect((await sendLead()).waiting).toEqual({ count: 10, place: 'Prenzlauer Berg' });
    const again = await call(server.client(), 'post', '/v1/wizard/lead', body, headers);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expect(again.body).toEqual(first.body);
    expect((await server.mails()).filter((m) => m.to === 'retry@example.de')).toHaveLength(1);
  });

  it('names the district a postcode lies in, no place where it spans districts or the visitor says otherwise', async () => {
    await searches(3, { locations: [{ locationId: 3 }] });
    waited();
    const placed = (location: Record<string, unknown>) =>
      sendLead({ location: { ...lead().location, ...location } });
    // Approximate coordinates: the postcode decides. 10439 is Prenzlauer Berg and Pankow.
    const district = await placed({ zip: '10439', approximate: true });
    expect(district.waiting).toEqual({ count: 3, place: 'Pankow' });
    expect(district.text).toContain('In Pankow suchen mindestens 3 vorgemerkte Interessenten');
    // 10435 is Prenzlauer Berg (Pankow) and Mitte (Mitte): the area, unnamed. Searchers of
    // either count.
    await searches(7, { locations: [{ locationId: 101 }] });
    waited();
    const spanning = await placed({ approximate: true });
    expect(spanning.waiting).toEqual({ count: 10, place: null });
    expect(spanning.text).toContain(
      'In Ihrer Gegend suchen mindestens 10 vorgemerkte Interessenten eine Wohnung wie Ihre.',
    );
    // The address's Ortsteil says which of the postcode's localities it lies in.
    expect((await placed({ approximate: true, district: 'Prenzlauer Berg' })).waiting).toEqual({
      count: 10,
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
      'Near you, at least 10 registered buyers are looking for an apartment like yours.',
    );
  });

  it('words the category and letting in both languages', async () => {
    const house = { categoryId: 22332, marketingType: 'rent' };
    await searches(3, house);
    waited();
    const de = await sendLead(house);
    expect(de.text).toContain(
      'In Prenzlauer Berg suchen mindestens 3 vorgemerkte Interessenten ein Haus wie Ihres.',
    );
    const en = await sendLead(house, { 'Accept-Language': 'en-US' });
    expect(en.text).toContain(
      'In Prenzlauer Berg, at least 3 registered tenants are looking for a house like yours.',
    );
    const office = { categoryId: 42723, objectType: 'COMMERCIAL', marketingType: 'rent' };
    const en2 = await sendLead({ ...office, fields: [] }, { 'Accept-Language': 'en-US' });
    expect(en2.waiting).toEqual({ count: null, place: null });
    expect(en2.text).toContain('Your agent is checking which registered tenants match.');
    await searches(3, office);
    waited();
    expect((await sendLead({ ...office, fields: [] })).text).toContain(
      'In Prenzlauer Berg suchen mindestens 3 vorgemerkte Interessenten eine Büro- oder Praxisfläche wie Ihre.',
    );
  });
});

describe('the wait before a search counts for owners', () => {
  it('is OWNER_COUNT_WAIT_HOURS where set', async () => {
    const server = await startTestServer({ OWNER_COUNT_WAIT_HOURS: '24' });
    await server.app.matcher.stop();
    try {
      for (const n of [1, 2, 3])
        await confirmedSearch(server, { email: `day${n}@example.de` }, flatToBuy());
      const answer = async () =>
        (
          await call(server.client(), 'post', '/v1/wizard/lead', {
            contact: contact({ email: 'owner@example.de' }),
            lead: lead(),
          })
        ).body as { waitingBuyers: unknown };
      later(23 * 60 * MINUTE);
      expect((await answer()).waitingBuyers).toEqual({ count: null, place: null });
      later(60 * MINUTE);
      expect((await answer()).waitingBuyers).toEqual({ count: 3, place: 'Prenzlauer Berg' });
    } finally {
      await server.close();
    }
  });
});
