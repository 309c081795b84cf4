/**
 * @jest-environment node
 *
 * The saved search a listing inquiry proposes (docs/matching.md, 'A search from an inquiry'):
 * the bands as a table, and through the real server: the inquiry's answer for listings in a
 * postcode of one locality, of several, with a price that cannot be read and with an unknown
 * postcode; the proposal sent as a saved search, confirmed by its mail, listed in the portal
 * and matched.
 */
import { call, type Server } from '../../test/server/requests';
import { contact, keyOf, startTestServer } from '../../test/server/testServer';
import { berlinPlaces, propertyOfListing } from './match';
import { areaMinimum, priceBand, searchProposal } from './proposal';
import { matchingSearches } from './terms';

describe('the bands', () => {
  it.each([
    [465_000, 395_000, 535_000],
    [789_000, 670_000, 910_000],
    [3_200, 2_700, 3_700],
    [1_480, 1_250, 1_750],
    [95, 80, 110],
  ])(
    'a price of %p gives %p to %p (±15 %%, rounded outwards to 5 in its third digit)',
    (price, min, max) => {
      expect(priceBand(price)).toEqual({ minValue: min, maxValue: max });
    },
  );

  it('gives a living space minimum 15 % below, rounded down to 5 m²', () => {
    expect(areaMinimum(82.5)).toBe(70);
    expect(areaMinimum(120)).toBe(100);
  });

  it("takes a property's living space where it has one, and none for a category without it", () => {
    const [kreuzberg] = berlinPlaces().localitiesOfPostcode('10997');
    const names = new Map([[kreuzberg!, 'Kreuzberg']]);
    const flat = {
      marketingType: 'rent',
      objectType: 'LIVING',
      categoryId: 30225,
      location: { zip: '10997' },
      figures: { 'price.price': 1000, 'area.livingSpace': 60 },
      choices: {},
    };
    expect(searchProposal(flat, berlinPlaces(), names)?.fields).toEqual([
      { name: 'price.price', valueType: 'RANGE', minValue: 850, maxValue: 1150 },
      { name: 'area.livingSpace', valueType: 'NUMBER', minValue: 50 },
    ]);
    const shop = { ...flat, objectType: 'COMMERCIAL', categoryId: 82397 };
    expect(searchProposal(shop, berlinPlaces(), names)?.fields).toEqual([
      { name: 'price.price', valueType: 'RANGE', minValue: 850, maxValue: 1150 },
    ]);
    // A category a search cannot choose proposes nothing.
    expect(searchProposal({ ...flat, categoryId: 36561 }, berlinPlaces(), names)).toBeNull();
  });
});

describe('the proposal in the inquiry’s answer', () => {
  let server: Server;
  beforeEach(async () => {
    server = await startTestServer();
    const insert = `INSERT INTO listings (id, custom_id, title, zip, city, category_id, price_title,
       price_text, image, link) VALUES (?, ?, ?, ?, ?, ?, ?, ?, '', '')`;
    await server.app.sql.run(
      insert,
      51,
      'W-51',
      'Preis auf Anfrage',
      '10997',
      'Berlin',
      30225,
      'Kaufpreis',
      'auf Anfrage',
    );
    await server.app.sql.run(
      insert,
      52,
      'W-52',
      'In Potsdam',
      '14467',
      'Potsdam',
      30225,
      'Kaufpreis',
      '300.000 €',
    );
  });
  afterEach(async () => {
    await server.close();
  });

  const inquire = (objectId: number, client = server.client()) =>
    call(
      client,
      'post',
      '/v1/wizard/expose-inquiry',
      { contact: contact(), exposeInquiry: { objectId, message: 'Noch frei?' } },
      { 'Idempotency-Key': `inquiry-${objectId}-0001` },
    );

  it('proposes the locality of a postcode with one, the category, the marketing type and the price band', async () => {
    // Listing 3: a shop in 10997 (Kreuzberg) for 3.200 € a month.
    const answer = await inquire(3);
    expect(answer.status).toBe(201);
    expect(answer.body).toMatchObject({ success: true });
    expect((answer.body as Record<string, unknown>).searchProposal).toEqual({
      objectType: 'COMMERCIAL',
      categoryId: 82397,
      marketingType: 'rent',
      locations: [{ locationId: expect.any(Number), name: 'Kreuzberg' }],
      fields: [{ name: 'price.price', valueType: 'RANGE', minValue: 2700, maxValue: 3700 }],
    });
  });

  it('proposes every locality of a postcode that spans several, and gives the same again on a retry', async () => {
    // Listing 1: a flat in 10435 (Prenzlauer Berg and Mitte) for 465.000 €.
    const client = server.client();
    const first = await inquire(1, client);
    const proposal = (first.body as { searchProposal: { locations: { name: string }[] } })
      .searchProposal;
    expect(proposal).toMatchObject({
      objectType: 'LIVING',
      categoryId: 30225,
      marketingType: 'buy',
      fields: [{ name: 'price.price', valueType: 'RANGE', minValue: 395_000, maxValue: 535_000 }],
    });
    expect(proposal.locations.map((l) => l.name).sort()).toEqual(['Mitte', 'Prenzlauer Berg']);
    const again = await inquire(1, client);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expect(again.body).toEqual(first.body);
  });

  it('proposes the place and category without a price it cannot read', async () => {
    const answer = await inquire(51);
    expect((answer.body as Record<string, unknown>).searchProposal).toEqual({
      objectType: 'LIVING',
      categoryId: 30225,
      marketingType: 'buy',
      locations: [{ locationId: expect.any(Number), name: 'Kreuzberg' }],
      fields: [],
    });
  });

  it('proposes nothing for a postcode whose locality is unknown', async () => {
    const answer = await inquire(52);
    expect(answer.status).toBe(201);
    expect(answer.body).not.toHaveProperty('searchProposal');
  });

  it('sends the proposal as a saved search that, once confirmed, the portal lists and matching counts', async () => {
    const client = server.client();
    const inquiry = await inquire(1);
    const { searchProposal: proposal } = inquiry.body as { searchProposal: unknown };
    const made = await call(
      client,
      'post',
      '/v1/wizard/saved-search',
      { contact: contact(), savedSearch: proposal },
      { 'Idempotency-Key': 'proposal-1-000000000000' },
    );
    expect(made.body).toMatchObject({ success: true });
    const listing = propertyOfListing(
      (await server.app.sql.one('SELECT * FROM listings WHERE id = 1'))!,
    );
    // The answer names the submission; the search is the row it made.
    const search = async () =>
      (await server.app.sql.one<{ id: number; uuid: string }>(
        `SELECT s.id, s.uuid FROM saved_searches s JOIN submissions b ON b.id = s.submission_id
          WHERE b.uuid = ?`,
        (made.body as { uuid: string }).uuid,
      ))!;
    const idOf = async () => (await search()).id;
    // Not live before its confirmation.
    expect(await matchingSearches(server.app.sql, listing)).not.toContain(await idOf());
    const mail = (await server.mails()).find(
      (m) => m.subject === 'Bitte bestätigen Sie Ihr Suchprofil',
    );
    expect(mail).toBeDefined();
    await call(client, 'post', '/v1/wizard/confirm', { k: keyOf(mail!.links[0]!) });
    expect(await matchingSearches(server.app.sql, listing)).toContain(await idOf());

    await call(client, 'post', '/v1/auth/email', { email: 'erika@example.de' });
    const login = (await server.mails()).filter((m) => m.subject === 'Ihr Anmeldelink').pop()!;
    const k = keyOf(login.links[0]!);
    await call(client, 'post', '/v1/auth/login', { k });
    client.nonce = (
      (await call(client, 'post', '/v1/auth/login/nonce', { k })).body as {
        nonce: string;
      }
    ).nonce;
    const list = (await call(client, 'get', '/v1/saved-search')).body as {
      uuid: string;
      active: boolean;
      categoryId: number;
      locations: { name: string }[];
      fields: unknown[];
    }[];
    const { uuid } = await search();
    const shown = list.find((s) => s.uuid === uuid);
    expect(shown).toMatchObject({
      active: true,
      categoryId: 30225,
      fields: [{ name: 'price.price', valueType: 'RANGE', minValue: 395_000, maxValue: 535_000 }],
    });
    expect(shown!.locations.map((l) => l.name).sort()).toEqual(['Mitte', 'Prenzlauer Berg']);
  });
});
