/**
 * @jest-environment node
 */
import crypto from 'node:crypto';
import { webhookConforms } from '../../contract/validator';
import { call, loggedIn, type Server } from '../../test/server/requests';
import { contact, keyOf, lead, savedSearch, startTestServer } from '../../test/server/testServer';
import { BATCH, batchOf, FORGET_EVERY_MS } from './job';
import { TERM_COLUMNS } from './terms';

const SECRET = `whsec_${Buffer.alloc(32, 5).toString('base64')}`;
/** A flat to let in Prenzlauer Berg for 900 €: the default test search (500–1,500 €) wants it. */
const flatToLet = (overrides: Record<string, unknown> = {}) =>
  lead({
    marketingType: 'rent',
    fields: [{ name: 'price.price', valueType: 'NUMBER', value: 900 }],
    ...overrides,
  });

interface NamedPair {
  savedSearch: { uuid: string; contact: { email: string }; submission: string | null };
  lead: { submission: string; link: string } | null;
  listing: { customId: string } | null;
}
interface MatchEvent {
  type: string;
  data: {
    match: {
      total: number;
      link: string;
      savedSearch: { uuid: string; submission: string | null } | null;
      lead: { submission: string; link: string } | null;
      pairs: NamedPair[];
    };
  };
}

describe('matched pairs', () => {
  let server: Server;
  beforeEach(async () => {
    // Webhooks on, the worker stopped: each event stays a pending delivery to read.
    server = await startTestServer({
      WEBHOOK_URL: 'http://127.0.0.1:9/hooks',
      WEBHOOK_SECRET: SECRET,
      PUBLIC_URL: 'https://makler.example',
      DEV_MAILBOX: '1',
    });
    await server.app.outbox.stop();
  });
  afterEach(() => server.close());

  const sql = () => server.app.sql;
  /** The pairs as 'search uuid → lead uuid or listing number', sorted. */
  const pairs = async () =>
    (
      await sql().all<{ search: string; lead: string | null; listing: string | null }>(
        `SELECT ss.uuid AS search, s.uuid AS lead, l.custom_id AS listing FROM search_matches m
         JOIN saved_searches ss ON ss.id = m.saved_search_id
         LEFT JOIN submissions s ON s.id = m.submission_id
         LEFT JOIN listings l ON l.id = m.listing_id`,
      )
    )
      .map((p) => `${p.search} → ${p.lead ?? p.listing}`)
      .sort();
  const events = async () =>
    (
      await sql().all<{ payload: string }>(
        `SELECT payload FROM deliveries WHERE kind = 'match.found' ORDER BY id`,
      )
    ).map((row) => JSON.parse(row.payload) as MatchEvent);
  const demoSearch = async () =>
    (await sql().one<{ uuid: string }>(
      `SELECT ss.uuid FROM saved_searches ss JOIN contacts c ON c.id = ss.contact_id
       WHERE c.demo = 1`,
    ))!.uuid;
  const sendLead = async (email: string, body = flatToLet()) => {
    const answer = await server
      .client()
      .post<{ uuid: string }>('/wp-json/sw-immosuite/v1/wizard/lead', {
        contact: contact({ email }),
        lead: body,
      });
    expect(answer.status).toBe(201);
    return answer.body.uuid;
  };

  it('pairs the seeded search with its listing at start-up, unannounced', async () => {
    // The demo search (a flat to let in Prenzlauer Berg, Friedrichshain or Kreuzberg, 800–1,600 €)
    // and W-1004 (Friedrichshain, 1,480 € rent).
    expect(await pairs()).toEqual([`${await demoSearch()} → W-1004`]);
    expect(await events()).toEqual([]);
  });

  it('stores a new lead with its pairs and announces them in one event; a pending or deactivated search is not paired', async () => {
    const client = await loggedIn(server, 'sucher@example.de');
    const portal = await call(client, 'post', '/v1/saved-search', savedSearch());
    const live = (portal.body as { uuid: string }).uuid;
    await call(client, 'post', '/v1/saved-search', savedSearch({ active: false }));
    // A wizard search never confirmed.
    await server.client().post('/wp-json/sw-immosuite/v1/wizard/saved-search', {
      contact: contact({ email: 'wartend@example.de' }),
      savedSearch: savedSearch(),
    });
    await server.app.matcher.runDue();
    const before = (await events()).length;

    const uuid = await sendLead('eigentuemer@example.de');
    // Its pairs are the job's, after the answer.
    await server.app.matcher.runDue();
    expect((await pairs()).filter((p) => p.endsWith(uuid))).toEqual(
      [`${live} → ${uuid}`, `${await demoSearch()} → ${uuid}`].sort(),
    );
    const announced = (await events()).slice(before);
    expect(announced).toHaveLength(1);
    expect(webhookConforms('match.found', announced[0])).toEqual({ ok: true });
    const { match } = announced[0]!.data;
    expect(match).toMatchObject({
      total: 2,
      savedSearch: null,
      lead: { submission: uuid, link: `https://makler.example/agency/submissions/${uuid}` },
      link: `https://makler.example/agency/submissions/${uuid}`,
    });
    expect(match.pairs.map((p) => p.savedSearch.uuid).sort()).toEqual(
      [live, await demoSearch()].sort(),
    );
    expect(match.pairs.find((p) => p.savedSearch.uuid === live)).toMatchObject({
      savedSearch: { contact: { email: 'sucher@example.de' }, submission: null },
      lead: { submission: uuid },
      listing: null,
    });

    // A lead no search wants (a flat for sale) has no pairs and no event.
    const forSale = await sendLead('verkauf@example.de', lead());
    await server.app.matcher.runDue();
    expect((await pairs()).filter((p) => p.endsWith(forSale))).toEqual([]);
    expect(await events()).toHaveLength(before + 1);
  });

  it('pairs a lead only with the searches still live when the job reaches it', async () => {
    const client = await loggedIn(server, 'sucher@example.de');
    const made = async (active = true) => {
      const answer = await call(client, 'post', '/v1/saved-search', savedSearch({ active }));
      const uuid = (answer.body as { uuid: string }).uuid;
      return Number(
        (await sql().one<{ id: number }>('SELECT id FROM saved_searches WHERE uuid = ?', uuid))!.id,
      );
    };
    const live = await made();
    const gone = await made();
    const deactivated = await made();
    const inactive = await made(false);
    await server.app.matcher.runDue();
    // The job is held: the lead is stored and queued while two of the searches it matched go.
    await server.app.matcher.stop();
    const before = (await events()).length;
    const owner = await sendLead('eigentuemer@example.de');
    const leadId = Number(
      (await sql().one<{ id: number }>('SELECT id FROM submissions WHERE uuid = ?', owner))!.id,
    );
    expect(
      await sql().all('SELECT saved_search_id FROM search_matches WHERE submission_id = ?', leadId),
    ).toEqual([]);
    const [goneUuid, deactivatedUuid] = await Promise.all(
      [gone, deactivated].map(
        async (id) =>
          (await sql().one<{ uuid: string }>('SELECT uuid FROM saved_searches WHERE id = ?', id))!
            .uuid,
      ),
    );
    expect((await call(client, 'delete', `/v1/saved-search/${goneUuid}`)).status).toBe(200);
    expect(
      (
        await call(
          client,
          'put',
          `/v1/saved-search/${deactivatedUuid}`,
          savedSearch({ active: false }),
        )
      ).status,
    ).toBeLessThan(300);
    await server.app.matcher.runDue();
    const paired = (
      await sql().all<{ saved_search_id: number }>(
        'SELECT saved_search_id FROM search_matches WHERE submission_id = ? ORDER BY 1',
        leadId,
      )
    ).map((row) => Number(row.saved_search_id));
    expect(paired).toContain(live);
    expect(paired).not.toContain(gone);
    expect(paired).not.toContain(deactivated);
    expect(paired).not.toContain(inactive);
    // One event for the lead, naming its pairs and no search that went.
    const leadEvents = (await events())
      .slice(before)
      .filter((event) => event.data.match.lead?.submission === owner);
    expect(leadEvents).toHaveLength(1);
    const named = leadEvents[0]!.data.match.pairs.map((pair) => pair.savedSearch.uuid);
    expect(named).not.toContain(goneUuid);
    expect(named).not.toContain(deactivatedUuid);
    expect(leadEvents[0]!.data.match.total).toBe(paired.length);
  });

  it("follows a search's changes in the job: confirmed, edited away and back, deactivated, deleted", async () => {
    const owner = await sendLead('eigentuemer@example.de');
    const client = await loggedIn(server, 'sucher@example.de');
    await call(client, 'post', '/v1/wizard/saved-search', {
      contact: contact({ email: 'sucher@example.de' }),
      savedSearch: savedSearch(),
    });
    const { uuid, submission } = (await sql().one<{ uuid: string; submission: string }>(
      `SELECT ss.uuid, s.uuid AS submission FROM saved_searches ss
       JOIN submissions s ON s.id = ss.submission_id ORDER BY ss.id DESC`,
    ))!;
    const ofSearch = async () => (await pairs()).filter((p) => p.startsWith(uuid));
    const settled = () => server.app.matcher.runDue();
    // Pending: no pairs yet.
    await settled();
    expect(await ofSearch()).toEqual([]);
    const before = (await events()).length;
    const mail = (await server.mails()).find(
      (m) => m.to === 'sucher@example.de' && m.links.length && m.subject.includes('Suchprofil'),
    )!;
    // The job is held: the confirmation records the change, the pairs come after it.
    await server.app.matcher.stop();
    await call(client, 'post', '/v1/wizard/confirm', { k: keyOf(mail.links[0]!) });
    expect(await ofSearch()).toEqual([]);
    await settled();
    // Confirmed: the lead and the listing, announced in one event.
    expect(await ofSearch()).toEqual([`${uuid} → ${owner}`, `${uuid} → W-1004`].sort());
    let announced = (await events()).slice(before);
    expect(announced).toHaveLength(1);
    expect(webhookConforms('match.found', announced[0])).toEqual({ ok: true });
    expect(announced[0]!.data.match).toMatchObject({
      total: 2,
      savedSearch: { uuid, submission },
      lead: null,
      link: `https://makler.example/agency/submissions/${submission}`,
    });
    expect(
      announced[0]!.data.match.pairs.map((p) => p.lead?.submission ?? p.listing?.customId).sort(),
    ).toEqual([owner, 'W-1004'].sort());

    const put = async (body: Record<string, unknown>) => {
      const answer = await call(client, 'put', `/v1/saved-search/${uuid}`, savedSearch(body));
      await settled();
      return answer;
    };
    // Edited to Mitte only: neither matches any more.
    expect((await put({ locations: [{ locationId: 101 }] })).status).toBe(200);
    expect(await ofSearch()).toEqual([]);
    // Edited back within a day: both pairs again, but not new: nothing announced.
    expect((await put({})).status).toBe(200);
    expect(await ofSearch()).toHaveLength(2);
    expect((await events()).slice(before)).toHaveLength(1);
    // An edit that keeps both pairs announces nothing.
    expect(
      (
        await put({
          fields: [{ name: 'price.price', valueType: 'RANGE', minValue: 600, maxValue: 1500 }],
        })
      ).status,
    ).toBe(200);
    expect(await ofSearch()).toHaveLength(2);
    expect((await events()).slice(before)).toHaveLength(1);
    // Deactivated: no pairs; live again within the day: back, not new.
    expect((await put({ active: false })).status).toBe(200);
    expect(await ofSearch()).toEqual([]);
    expect((await put({ active: true })).status).toBe(200);
    expect(await ofSearch()).toHaveLength(2);
    expect((await events()).slice(before)).toHaveLength(1);
    // Gone for more than a day, then back: new again, one event of both.
    expect((await put({ active: false })).status).toBe(200);
    await sql().run(
      'UPDATE search_matches_gone SET gone_at = ?',
      new Date(Date.now() - 25 * 60 * 60 * 1000).toISOString(),
    );
    expect((await put({ active: true })).status).toBe(200);
    announced = (await events()).slice(before);
    expect(announced).toHaveLength(2);
    expect(announced[1]!.data.match.total).toBe(2);
    expect((await call(client, 'delete', `/v1/saved-search/${uuid}`)).status).toBe(200);
    expect(await ofSearch()).toEqual([]);
  });

  it('forgets pairs gone over a day ago, once a minute at most', async () => {
    const search = Number(
      (await sql().one<{ id: number }>('SELECT id FROM saved_searches ORDER BY id LIMIT 1'))!.id,
    );
    const gone = async () =>
      Number((await sql().one<{ n: number }>('SELECT count(*) AS n FROM search_matches_gone'))!.n);
    const start = Date.now();
    const at = (ms: number) => jest.spyOn(Date, 'now').mockReturnValue(start + ms);
    const goneAt = (ms: number) =>
      sql().run(
        `INSERT INTO search_matches_gone (saved_search_id, gone_at) VALUES (?, ?)`,
        search,
        new Date(start + ms - 25 * 60 * 60 * 1000).toISOString(),
      );
    try {
      await goneAt(0);
      // The job ran at its start: the next forgetting is due a minute after.
      at(FORGET_EVERY_MS + 1_000);
      await server.app.matcher.runDue();
      expect(await gone()).toBe(0);
      await goneAt(FORGET_EVERY_MS + 1_000);
      at(FORGET_EVERY_MS + 2_000);
      await server.app.matcher.runDue();
      expect(await gone()).toBe(1);
      at(2 * FORGET_EVERY_MS + 2_000);
      await server.app.matcher.runDue();
      expect(await gone()).toBe(0);
    } finally {
      jest.restoreAllMocks();
    }
  });

  it("names at most 50 new pairs in a search's one event, with the total of them", async () => {
    // 53 leads the search will want, stored before it; as a broad search's leads are.
    for (let i = 0; i < 53; i += 1) await sendLead(`eigner${i}@example.de`);
    await server.app.matcher.runDue();
    const before = (await events()).length;
    const client = await loggedIn(server, 'sucher@example.de');
    const made = await call(client, 'post', '/v1/saved-search', savedSearch());
    const uuid = (made.body as { uuid: string }).uuid;
    await server.app.matcher.runDue();
    expect((await pairs()).filter((p) => p.startsWith(uuid))).toHaveLength(53 + 1);
    const announced = (await events()).slice(before);
    expect(announced).toHaveLength(1);
    expect(webhookConforms('match.found', announced[0])).toEqual({ ok: true });
    expect(announced[0]!.data.match.total).toBe(54);
    expect(announced[0]!.data.match.pairs).toHaveLength(50);
    expect(announced[0]!.data.match.link).toBe('https://makler.example/agency/');
  });

  it('writes the pairs of a lead that matches more searches than a step writes over several steps, with one event and the agency told once', async () => {
    const client = await loggedIn(server, 'sucher@example.de');
    const made = await call(client, 'post', '/v1/saved-search', savedSearch());
    const original = (await sql().one<{ id: number }>(
      'SELECT id FROM saved_searches WHERE uuid = ?',
      (made.body as { uuid: string }).uuid,
    ))!.id;
    await server.app.matcher.runDue();
    // Copies of it with their terms, as many as a step writes and ten more.
    const copies = batchOf(sql()) + 10;
    for (let i = 0; i < copies; i += 1) {
      const copy = await sql().one<{ id: number }>(
        `INSERT INTO saved_searches (uuid, contact_id, active, object_type, category_id,
           marketing_type, locations, fields, created_at, updated_at, terms_written)
         SELECT ?, contact_id, active, object_type, category_id, marketing_type, locations,
           fields, created_at, updated_at, 1 FROM saved_searches WHERE id = ? RETURNING id`,
        crypto.randomUUID(),
        original,
      );
      await sql().run(
        `INSERT INTO saved_search_terms (${TERM_COLUMNS.join(', ')})
         SELECT ?, ${TERM_COLUMNS.slice(1).join(', ')} FROM saved_search_terms
         WHERE saved_search_id = ?`,
        Number(copy!.id),
        original,
      );
    }
    const before = (await events()).length;
    const told = await sql().all('SELECT id FROM deliveries WHERE kind = ?', 'submission.created');

    // The job runs when the test says, not when the lead's request wakes it.
    await server.app.matcher.stop();
    const uuid = await sendLead('eigentuemer@example.de');
    const steps = jest.spyOn(sql(), 'transaction');
    await server.app.matcher.runDue();
    // Its own, each copy, and the seeded search: a step's worth, then the rest.
    const wanted = 1 + copies + 1;
    expect((await pairs()).filter((p) => p.endsWith(uuid))).toHaveLength(wanted);
    expect(steps).toHaveBeenCalledTimes(Math.ceil(wanted / batchOf(sql())));
    steps.mockRestore();
    const announced = (await events()).slice(before);
    expect(announced).toHaveLength(1);
    expect(webhookConforms('match.found', announced[0])).toEqual({ ok: true });
    expect(announced[0]!.data.match.total).toBe(wanted);
    expect(announced[0]!.data.match.pairs).toHaveLength(50);
    expect(announced[0]!.data.match.lead?.submission).toBe(uuid);
    // Told once, after its last step: the event of its creation comes before its match.found.
    const created = await sql().all<{ id: number; payload: string }>(
      'SELECT id, payload FROM deliveries WHERE kind = ? ORDER BY id',
      'submission.created',
    );
    expect(created).toHaveLength(told.length + 1);
    expect(JSON.parse(created[created.length - 1]!.payload)).toMatchObject({
      data: { submission: { uuid } },
    });
    const found = await sql().one<{ id: number }>(
      `SELECT max(id) AS id FROM deliveries WHERE kind = 'match.found'`,
    );
    expect(Number(created[created.length - 1]!.id)).toBeLessThan(Number(found!.id));
    expect(await sql().one<{ n: number }>('SELECT count(*) AS n FROM lead_changes')).toMatchObject({
      n: 0,
    });
  });

  it('a change acknowledged before a restart is matched by the job after it', async () => {
    const owner = await sendLead('eigentuemer@example.de');
    await server.app.matcher.runDue();
    const client = await loggedIn(server, 'sucher@example.de');
    // The job stopped, as a process killed after the answer: the change waits in the database.
    await server.app.matcher.stop();
    const made = await call(client, 'post', '/v1/saved-search', savedSearch());
    expect(made.status).toBe(201);
    const uuid = (made.body as { uuid: string }).uuid;
    expect((await pairs()).filter((p) => p.startsWith(uuid))).toEqual([]);
    // A claim whose process died: its lease runs out, then the change is claimed again.
    await sql().run(
      `UPDATE search_changes SET lease_until = ?`,
      new Date(Date.now() - 1).toISOString(),
    );
    await server.close();
    server = await startTestServer(
      { WEBHOOK_URL: 'http://127.0.0.1:9/hooks', WEBHOOK_SECRET: SECRET },
      server.dataDir,
    );
    await server.app.outbox.stop();
    await server.app.matcher.runDue();
    expect((await pairs()).filter((p) => p.startsWith(uuid))).toEqual(
      [`${uuid} → ${owner}`, `${uuid} → W-1004`].sort(),
    );
    expect(
      Number((await sql().one<{ n: number }>('SELECT count(*) AS n FROM search_changes'))!.n),
    ).toBe(0);
  });

  it("walks a search's localities in batches: every lead of each, one in two localities once", async () => {
    // More leads than two batches of the job, in Friedrichshain (201) and Prenzlauer Berg (301),
    // as the lead's statement places them; one in three in both (a postcode of two localities).
    const count = 2 * BATCH + 150;
    const contactId = Number(
      (await sql().one<{ id: number }>(
        `INSERT INTO contacts (email, created_at, updated_at)
         VALUES ('viele@example.de', '2026-11-01T00:00:00.000Z', '2026-11-01T00:00:00.000Z')
         RETURNING id`,
      ))!.id,
    );
    const ids: number[] = [];
    await sql().transaction(async (tx) => {
      for (let i = 0; i < count; i += 1) {
        const id = Number(
          (await tx.one<{ id: number }>(
            `INSERT INTO submissions (uuid, kind, contact_id, contact_data, language, created_at)
             VALUES (?, 'lead', ?, '{}', 'de', '2026-11-01T00:00:00.000Z') RETURNING id`,
            `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`,
            contactId,
          ))!.id,
        );
        ids.push(id);
        await tx.run(
          `INSERT INTO leads (submission_id, object_type, category_id, marketing_type, location,
             fields) VALUES (?, 'LIVING', 30225, 'rent', ?, ?)`,
          id,
          JSON.stringify({ zip: '10245', city: 'Berlin' }),
          JSON.stringify([{ name: 'price.price', valueType: 'NUMBER', value: 900 }]),
        );
        for (const locality of i % 3 === 0 ? [201, 301] : [i % 2 ? 201 : 301])
          await tx.run(
            `INSERT INTO lead_localities (submission_id, locality_id, marketing_type, category_id)
             VALUES (?, ?, 'rent', 30225)`,
            id,
            locality,
          );
      }
    });
    const client = await loggedIn(server, 'sucher@example.de');
    const before = (await events()).length;
    const made = await call(client, 'post', '/v1/saved-search', savedSearch());
    const uuid = (made.body as { uuid: string }).uuid;
    await server.app.matcher.runDue();
    const paired = new Set(
      (
        await sql().all<{ submission_id: number }>(
          `SELECT m.submission_id FROM search_matches m JOIN saved_searches ss
           ON ss.id = m.saved_search_id WHERE ss.uuid = ? AND m.submission_id IS NOT NULL`,
          uuid,
        )
      ).map((row) => Number(row.submission_id)),
    );
    expect(ids.filter((id) => !paired.has(id))).toEqual([]);
    // One event for the change, counting each lead once.
    const announced = (await events())
      .slice(before)
      .filter((event) => event.data.match.savedSearch?.uuid === uuid);
    expect(announced).toHaveLength(1);
    // Its leads and its listing (W-1004), each once.
    expect(announced[0]!.data.match.total).toBe(paired.size + 1);
    expect((await pairs()).filter((p) => p.startsWith(uuid))).toHaveLength(paired.size + 1);
  });

  it("reads a search's leads by the lead-side index: a lead the index does not place is paired by its own check", async () => {
    const owner = await sendLead('eigentuemer@example.de');
    await server.app.matcher.runDue();
    const leadId = Number(
      (await sql().one<{ id: number }>('SELECT id FROM submissions WHERE uuid = ?', owner))!.id,
    );
    // Prenzlauer Berg (301), a flat to let.
    expect(
      await sql().all(
        'SELECT locality_id, marketing_type FROM lead_localities WHERE submission_id = ?',
        leadId,
      ),
    ).toEqual([{ locality_id: 301, marketing_type: 'rent' }]);
    await sql().run('DELETE FROM lead_localities WHERE submission_id = ?', leadId);
    const client = await loggedIn(server, 'sucher@example.de');
    const made = await call(client, 'post', '/v1/saved-search', savedSearch());
    const uuid = (made.body as { uuid: string }).uuid;
    await server.app.matcher.runDue();
    // Not in the index: the search's change did not read it.
    expect((await pairs()).filter((p) => p.startsWith(uuid))).toEqual([`${uuid} → W-1004`]);
    // The lead's own check places it and pairs it.
    await sql().run(`INSERT INTO lead_changes (submission_id, changed_at) VALUES (?, '')`, leadId);
    await server.app.matcher.runDue();
    expect((await pairs()).filter((p) => p.startsWith(uuid))).toEqual(
      [`${uuid} → ${owner}`, `${uuid} → W-1004`].sort(),
    );
  });

  it("an erasure takes the pairs of the contact's searches and leads", async () => {
    const client = await loggedIn(server, 'sucher@example.de');
    await call(client, 'post', '/v1/saved-search', savedSearch());
    const owner = await sendLead('eigentuemer@example.de');
    await server.app.matcher.runDue();
    expect((await pairs()).filter((p) => p.endsWith(owner))).toHaveLength(2);
    // The searcher deletes their account: their search's pairs go, the demo search's stays.
    expect((await call(client, 'delete', '/v1/contact')).status).toBe(200);
    expect((await pairs()).filter((p) => p.endsWith(owner))).toEqual([
      `${await demoSearch()} → ${owner}`,
    ]);
    // The owner is erased by staff: the lead's pairs go with it.
    const ownerId = (await sql().one<{ id: number }>(
      "SELECT id FROM contacts WHERE email = 'eigentuemer@example.de'",
    ))!.id;
    await sql().transaction(async (tx) => {
      const { eraseContact } = await import('../agency/erasure');
      await eraseContact(tx, server.app.outbox, Number(ownerId), { by: 'staff', staff: 'a@b.de' });
    });
    expect((await pairs()).filter((p) => p.endsWith(owner))).toEqual([]);
  });

  it('pairs the leads stored before the pairs once at start-up, unannounced', async () => {
    const client = await loggedIn(server, 'sucher@example.de');
    await call(client, 'post', '/v1/saved-search', savedSearch());
    const owner = await sendLead('eigentuemer@example.de');
    // The job has written and announced what the search's change and the lead brought.
    await server.app.matcher.runDue();
    const all = await pairs();
    // As a database migrated from before the pairs has them: none, every lead to match.
    await sql().run('DELETE FROM search_matches');
    await sql().run('INSERT INTO leads_to_match SELECT submission_id FROM leads');
    await sql().run('UPDATE saved_searches SET terms_written = 0');
    const announced = (await events()).length;
    await server.close();
    server = await startTestServer(
      { WEBHOOK_URL: 'http://127.0.0.1:9/hooks', WEBHOOK_SECRET: SECRET },
      server.dataDir,
    );
    await server.app.outbox.stop();
    expect(await pairs()).toEqual(all);
    expect(all.filter((p) => p.endsWith(owner))).toHaveLength(2);
    expect(await events()).toHaveLength(announced);
    expect(
      Number((await sql().one<{ n: number }>('SELECT count(*) AS n FROM leads_to_match'))!.n),
    ).toBe(0);
  });
});
