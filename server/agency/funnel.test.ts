/**
 * @jest-environment node
 *
 * The wizards' drop-off funnel on the server (docs/agency.md#the-funnel): step beacons from the
 * embedding pages, 'sent' and 'confirmed' counted from the submissions, daily counts in
 * Berlin's days, the staff's report over a period, and everything a beacon may not be.
 */
import fc from 'fast-check';
import { FUNNEL_WIZARDS, type FunnelReport } from '../../contract/funnel';
import type { Sql } from '../db/sql';
import { testDialects } from '../../test/server/dialects';
import {
  contact,
  keyOf,
  lead,
  PREFIX,
  staffSignIn,
  startTestServer,
  type TestClient,
} from '../../test/server/testServer';
import { FUNNEL_SHARDS, funnelCounts } from './funnel';

type Server = Awaited<ReturnType<typeof startTestServer>>;
const API = '/agency/api';
const STAFF = 'team@makler.example';
const AGENCY_SITE = 'https://makler-site.example';

/** A beacon as navigator.sendBeacon sends a string: text/plain, with the page's Origin. */
function beacon(server: Server, body: string, origin: string | null = AGENCY_SITE) {
  return fetch(`${server.base}/funnel`, {
    method: 'POST',
    headers: {
      'Content-Type': 'text/plain;charset=UTF-8',
      ...(origin ? { Origin: origin } : {}),
    },
    body,
  });
}

const send = (server: Server, wizard: string, stage: string) =>
  beacon(server, JSON.stringify({ wizard, stage }));

const signIn = (server: Server): Promise<TestClient> => staffSignIn(server, STAFF);

/** Every day a test may run on, so that a test crossing midnight counts the same. */
const ALL_DAYS = 'from=2000-01-01&to=2099-12-31';
const stagesOf = (report: FunnelReport, wizard: string): Record<string, number> =>
  Object.fromEntries(
    report.wizards.find((w) => w.wizard === wizard)!.stages.map((s) => [s.stage, s.count]),
  );

const opened: Sql[] = [];
afterEach(async () => {
  await Promise.all(opened.splice(0).map((sql) => sql.close()));
});

describe.each(testDialects())('funnel counts (in the database) on %s', (_name, openDatabase) => {
  const open = async () => {
    const sql = await openDatabase();
    opened.push(sql);
    return { sql, funnel: funnelCounts(sql) };
  };

  it('counts per day in Berlin, and a period holds the days from its first to its last', async () => {
    const { funnel, sql } = await open();
    // 23:30 UTC on 30 June is already 1 July in Berlin (CEST).
    await funnel.count(sql, 'lead-wizard', 'started', new Date('2026-06-30T21:30:00Z'));
    await funnel.count(sql, 'lead-wizard', 'started', new Date('2026-06-30T23:30:00Z'));
    await funnel.count(sql, 'lead-wizard', 'started', new Date('2026-07-01T21:59:00Z'));
    await funnel.count(sql, 'lead-wizard', 'started', new Date('2026-07-01T22:00:00Z'));
    const started = async (from: string, to: string) =>
      stagesOf(await funnel.report(from, to), 'lead-wizard').started;
    expect(await started('2026-06-30', '2026-06-30')).toBe(1);
    expect(await started('2026-07-01', '2026-07-01')).toBe(2);
    expect(await started('2026-07-02', '2026-07-02')).toBe(1);
    expect(await started('2026-06-01', '2026-07-31')).toBe(4);
  });

  it('keeps a few rows per day, wizard and stage however many visitors come', async () => {
    const { sql, funnel } = await open();
    const at = new Date('2026-11-24T12:00:00Z');
    // 500 visitors at once: the upsert counts each (on PostgreSQL over several connections).
    await Promise.all(
      Array.from({ length: 500 }, () => funnel.count(sql, 'saved-search-wizard', 'regions', at)),
    );
    const rows = await sql.all<{ day: string; wizard: string; stage: string; count: number }>(
      'SELECT day, wizard, stage, count FROM funnel_counts',
    );
    expect(rows.length).toBeLessThanOrEqual(FUNNEL_SHARDS);
    expect(new Set(rows.map((row) => `${row.day} ${row.wizard} ${row.stage}`))).toEqual(
      new Set(['2026-11-24 saved-search-wizard regions']),
    );
    expect(rows.reduce((sum, row) => sum + row.count, 0)).toBe(500);
    expect(
      stagesOf(await funnel.report('2026-11-24', '2026-11-24'), 'saved-search-wizard').regions,
    ).toBe(500);
  });

  it("orders every wizard: started, its steps in the wizard's order, sent, confirmed", async () => {
    const { funnel, sql } = await open();
    // Address first: more visitors reach the address than the category. Far more 'details'
    // than anything before it (a script) leave it where it is.
    for (const [stage, n] of [
      ['started', 10],
      ['address', 9],
      ['category', 6],
      ['details', 40],
      ['contact', 3],
      ['sent', 2],
      ['confirmed', 1],
    ] as const)
      for (let i = 0; i < n; i += 1) await funnel.count(sql, 'lead-wizard', stage);
    const report = await funnel.report('2000-01-01', '2099-12-31');
    expect(report.wizards.map((w) => w.wizard)).toEqual(Object.keys(FUNNEL_WIZARDS));
    expect(report.wizards[0]!.stages).toEqual([
      { stage: 'started', count: 10 },
      { stage: 'address', count: 9 },
      { stage: 'category', count: 6 },
      { stage: 'details', count: 40 },
      { stage: 'contact', count: 3 },
      { stage: 'sent', count: 2 },
      { stage: 'confirmed', count: 1 },
    ]);
    // Nothing counted: the wizard's own order, every count 0.
    expect(report.wizards[1]!.stages.map((s) => `${s.stage} ${s.count}`)).toEqual([
      'started 0',
      'regions 0',
      'category 0',
      'details 0',
      'contact 0',
      'sent 0',
      'confirmed 0',
    ]);
    expect(report.wizards[3]!.stages.map((s) => s.stage)).toEqual(['started', 'sent', 'confirmed']);
  });
});

describe('funnel beacons and report (the server)', () => {
  let server: Server;
  let staff: TestClient;
  beforeAll(async () => {
    server = await startTestServer({
      AGENCY_USERS: STAFF,
      ALLOWED_ORIGINS: AGENCY_SITE,
      PUBLIC_URL: 'https://makler.example',
      DEV_MAILBOX: '1',
      RATE_LIMIT_BEACONS: '1000',
    });
    staff = await signIn(server);
  });
  afterAll(() => server.close());

  const report = async () => {
    const answer = await staff.get<FunnelReport>(`${API}/funnel?${ALL_DAYS}`);
    expect(answer.status).toBe(200);
    return answer.body;
  };

  it('counts the beacons of a page, and the submissions sent and confirmed, without a cookie', async () => {
    for (const stage of ['started', 'category', 'address', 'details', 'contact']) {
      const answer = await send(server, 'lead-wizard', stage);
      expect(answer.status).toBe(204);
      // No cookie is read or set: the host page's beacon is anonymous.
      expect(answer.headers.getSetCookie()).toEqual([]);
    }
    await send(server, 'newsletter-wizard', 'started');
    const visitor = server.client();
    const email = 'funnel.lead@example.de';
    expect(
      (
        await visitor.post(`${PREFIX}/v1/wizard/lead`, {
          contact: contact({ email }),
          lead: lead(),
        })
      ).status,
    ).toBe(201);
    const link = (await server.mails()).find((m) => m.to === email)!.links[0]!;
    await visitor.post(`${PREFIX}/v1/wizard/confirm`, { k: keyOf(link) });
    // A second confirmation is no second count.
    await visitor.post(`${PREFIX}/v1/wizard/confirm`, { k: keyOf(link) });
    const body = await report();
    expect(body).toMatchObject({ from: '2000-01-01', to: '2099-12-31' });
    expect(stagesOf(body, 'lead-wizard')).toEqual({
      started: 1,
      category: 1,
      address: 1,
      details: 1,
      contact: 1,
      sent: 1,
      confirmed: 1,
    });
    expect(stagesOf(body, 'newsletter-wizard')).toEqual({ started: 1, sent: 0, confirmed: 0 });
  });

  it('takes beacons only from the widget origin and the allowed pages', async () => {
    const before = stagesOf(await report(), 'contact-form-wizard').started;
    expect((await send(server, 'contact-form-wizard', 'started')).status).toBe(204);
    const own = await beacon(
      server,
      JSON.stringify({ wizard: 'contact-form-wizard', stage: 'started' }),
      'https://makler.example',
    );
    expect(own.status).toBe(204);
    const foreign = await beacon(
      server,
      JSON.stringify({ wizard: 'contact-form-wizard', stage: 'started' }),
      'https://elsewhere.example',
    );
    expect(foreign.status).toBe(403);
    const none = await beacon(
      server,
      JSON.stringify({ wizard: 'contact-form-wizard', stage: 'started' }),
      null,
    );
    expect(none.status).toBe(403);
    expect(stagesOf(await report(), 'contact-form-wizard').started).toBe(before! + 2);
  });

  it('refuses anything but a wizard and one of its stages, and stores nothing of it', async () => {
    const before = await report();
    const refused = [
      '',
      'lead-wizard',
      '[]',
      '{"wizard":"lead-wizard"}',
      '{"wizard":"lead-wizard","stage":"regions"}',
      '{"wizard":"lead-wizard","stage":"sent"}',
      '{"wizard":"lead-wizard","stage":"confirmed"}',
      '{"wizard":"login","stage":"started"}',
      '{"wizard":"__proto__","stage":"started"}',
      '{"wizard":"lead-wizard","stage":"started","email":"erika@example.de"}',
      '{"wizard":"lead-wizard","stage":"Erika Mustermann"}',
    ];
    for (const body of refused) expect((await beacon(server, body)).status).toBe(400);
    const large = await beacon(
      server,
      JSON.stringify({ wizard: 'lead-wizard', x: 'x'.repeat(400) }),
    );
    expect(large.status).toBe(413);
    expect(await report()).toEqual(before);
  });

  it('stores only words of the vocabulary, whatever a beacon holds (property)', async () => {
    const words = [
      ...Object.keys(FUNNEL_WIZARDS),
      ...Object.values(FUNNEL_WIZARDS).flat(),
      'started',
      'sent',
      'confirmed',
    ];
    await fc.assert(
      fc.asyncProperty(
        fc.record(
          {
            wizard: fc.oneof(fc.constantFrom(...words), fc.string()),
            stage: fc.oneof(fc.constantFrom(...words), fc.string()),
          },
          { requiredKeys: [] },
        ),
        async (body) => {
          const answer = await beacon(server, JSON.stringify(body));
          const steps: readonly string[] =
            FUNNEL_WIZARDS[body.wizard as keyof typeof FUNNEL_WIZARDS] ?? [];
          const valid =
            typeof body.wizard === 'string' &&
            Object.hasOwn(FUNNEL_WIZARDS, body.wizard) &&
            (body.stage === 'started' || steps.includes(body.stage as string));
          expect(answer.status).toBe(valid ? 204 : 400);
        },
      ),
      { numRuns: 25 },
    );
    // Every row of the table is a day, a wizard and a stage of the vocabulary.
    const rows = await server.app.sql.all<{
      day: string;
      wizard: keyof typeof FUNNEL_WIZARDS;
      stage: string;
    }>('SELECT day, wizard, stage FROM funnel_counts');
    for (const row of rows) {
      expect(row.day).toMatch(/^\d{4}-\d\d-\d\d$/);
      expect(Object.keys(FUNNEL_WIZARDS)).toContain(row.wizard);
      expect(['started', ...FUNNEL_WIZARDS[row.wizard], 'sent', 'confirmed']).toContain(row.stage);
    }
  });

  it('shows the report to staff only, for a period from its first to its last day', async () => {
    const visitor = server.client();
    expect((await visitor.get(`${API}/funnel?${ALL_DAYS}`)).status).toBe(403);
    expect((await staff.get(`${API}/funnel?from=2026-11-01`)).status).toBe(400);
    expect((await staff.get(`${API}/funnel?from=2026-12-02&to=2026-12-01`)).status).toBe(400);
    expect((await staff.get(`${API}/funnel?from=gestern&to=heute`)).status).toBe(400);
    const empty = (await staff.get<FunnelReport>(`${API}/funnel?from=2020-01-01&to=2020-01-31`))
      .body;
    expect(empty.wizards.every((w) => w.stages.every((s) => s.count === 0))).toBe(true);
  });
});

describe('funnel beacons of one client', () => {
  it('add at most RATE_LIMIT_FUNNEL_DAY to a stage in a day; other clients and stages count on', async () => {
    const server = await startTestServer({
      ALLOWED_ORIGINS: AGENCY_SITE,
      AGENCY_USERS: STAFF,
      RATE_LIMIT_FUNNEL_DAY: '3',
      TRUST_PROXY: '1',
      DEV_MAILBOX: '1',
    });
    try {
      const from = (ip: string, stage: string) =>
        fetch(`${server.base}/funnel`, {
          method: 'POST',
          headers: {
            'Content-Type': 'text/plain;charset=UTF-8',
            Origin: AGENCY_SITE,
            'X-Forwarded-For': ip,
          },
          body: JSON.stringify({ wizard: 'lead-wizard', stage }),
        });
      const statuses: number[] = [];
      for (let i = 0; i < 6; i += 1) statuses.push((await from('203.0.113.7', 'details')).status);
      // Past the bound: accepted (no error line in the host page's console), not counted.
      expect(statuses).toEqual([204, 204, 204, 202, 202, 202]);
      expect((await from('203.0.113.7', 'started')).status).toBe(204);
      expect((await from('203.0.113.8', 'details')).status).toBe(204);
      const staff = await signIn(server);
      const report = (await staff.get<FunnelReport>(`${API}/funnel?${ALL_DAYS}`)).body;
      expect(stagesOf(report, 'lead-wizard')).toMatchObject({ started: 1, details: 4 });
    } finally {
      await server.close();
    }
  });

  it('are limited per window', async () => {
    const server = await startTestServer({ ALLOWED_ORIGINS: AGENCY_SITE, RATE_LIMIT_BEACONS: '3' });
    try {
      const statuses = [];
      for (let i = 0; i < 5; i += 1)
        statuses.push((await send(server, 'newsletter-wizard', 'started')).status);
      expect(statuses).toEqual([204, 204, 204, 429, 429]);
    } finally {
      await server.close();
    }
  });
});
