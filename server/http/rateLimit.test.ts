/**
 * @jest-environment node
 */
import type { Sql } from '../db/sql';
import { openPostgres } from '../db/postgres';
import { testDialects } from '../../test/server/dialects';
import { createTestDatabase, testPostgresUrl } from '../../test/server/postgres';
import {
  databaseCounter,
  MemoryCounter,
  rateLimitStore,
  waitFor,
  type RateCounter,
} from './rateLimit';

const opened: Sql[] = [];
afterEach(async () => {
  await Promise.all(opened.splice(0).map((sql) => sql.close()));
});

/** A counter on each place counts can live, with a clock the test moves. */
const counters: [string, (clock: () => number) => Promise<RateCounter>][] = [
  ['memory', async (clock) => new MemoryCounter(clock)],
  ...testDialects().map(([name, open]): [string, (clock: () => number) => Promise<RateCounter>] => [
    `the database (${name})`,
    async (clock) => {
      const sql = await open();
      opened.push(sql);
      return databaseCounter(sql, clock);
    },
  ]),
];

describe.each(counters)('rate limits counted in %s', (_name, make) => {
  it('allows `limit` hits per window and says how long to wait', async () => {
    let now = 1_000_000;
    const counter = await make(() => now);
    const wait = (key: string) => waitFor(counter, key, 2, 60_000, () => now);
    expect(await wait('a@example.de')).toBe(0);
    expect(await wait('a@example.de')).toBe(0);
    now += 15_000;
    expect(await wait('a@example.de')).toBe(45);
    expect(await wait('b@example.de')).toBe(0);
    now += 45_000;
    expect(await wait('a@example.de')).toBe(0);
  });

  it('counts every hit of many at once', async () => {
    const counter = await make(() => 1_000_000);
    const hits = await Promise.all(
      Array.from({ length: 50 }, () => counter.hit('10.0.0.1submissions', 60_000)),
    );
    expect(hits.map((hit) => hit.count).sort((a, b) => a - b)).toEqual(
      Array.from({ length: 50 }, (_, i) => i + 1),
    );
  });

  it("shares a group's count between its routes, and keeps a route without a group apart", async () => {
    const Store = rateLimitStore(await make(() => 1_000_000), () => 1_000_000);
    const root = new Store({});
    const route = (url: string, groupId?: string) =>
      root.child({ groupId, routeInfo: { method: 'POST', url } });
    const incr = (store: InstanceType<typeof Store>, key: string) =>
      new Promise<{ current: number; ttl: number }>((resolve, reject) =>
        store.incr(key, (error, result) => (error ? reject(error) : resolve(result!)), 60_000),
      );
    // The plugin adds the group to the client's key.
    expect(await incr(route('/lead', 'submissions'), '10.0.0.1submissions')).toEqual({
      current: 1,
      ttl: 60_000,
    });
    expect((await incr(route('/contact', 'submissions'), '10.0.0.1submissions')).current).toBe(2);
    expect((await incr(route('/a'), '10.0.0.1')).current).toBe(1);
    expect((await incr(route('/b'), '10.0.0.1')).current).toBe(1);
  });
});

describe('rate limits in memory', () => {
  it('keep memory bounded however many keys are tried, and keep counting the keys in use', async () => {
    let now = 0;
    const counter = new MemoryCounter(() => now, 1000);
    const wait = (key: string) => waitFor(counter, key, 3, 60_000, () => now);
    // A client that keeps sending while 10,000 other keys are tried stays counted.
    for (let i = 0; i < 10_000; i += 1) {
      if (i % 400 === 0) await counter.hit('steady@example.de', 60_000);
      await wait(`user${i}@example.de`);
      expect(counter.size).toBeLessThanOrEqual(1000);
    }
    expect((await counter.hit('steady@example.de', 60_000)).count).toBe(26);
    // The newest keys are kept and still counted; the oldest are gone.
    expect(counter.size).toBeGreaterThanOrEqual(500);
    expect(await wait('user9999@example.de')).toBe(0);
    expect(await wait('user9999@example.de')).toBe(0);
    expect(await wait('user9999@example.de')).toBeGreaterThan(0);
    expect(await wait('user0@example.de')).toBe(0);
    // Ended windows go at the next sweep.
    now = 61_000;
    await wait('late@example.de');
    expect(counter.size).toBe(1);
  });

  it('starts a new window for a key whose window ended, before any sweep', async () => {
    let now = 30_000;
    const counter = new MemoryCounter(() => now);
    expect(await counter.hit('a', 1_000)).toEqual({ count: 1, resetAt: 31_000 });
    expect(await counter.hit('a', 1_000)).toEqual({ count: 2, resetAt: 31_000 });
    now = 31_000;
    expect(await counter.hit('a', 1_000)).toEqual({ count: 1, resetAt: 32_000 });
  });
});

const cluster = testPostgresUrl();
(cluster ? describe : describe.skip)('rate limits on PostgreSQL', () => {
  it('are counted together by every process on the database', async () => {
    // Two processes: two counters, each with a pool of its own, on one database.
    const url = await createTestDatabase(cluster!);
    const [first, second] = await Promise.all([
      openPostgres({ url, pool: 2 }),
      openPostgres({ url, pool: 2 }),
    ]);
    opened.push(first, second);
    const one = databaseCounter(first);
    const other = databaseCounter(second);
    const hits = await Promise.all(
      Array.from({ length: 20 }, (_, i) => (i % 2 ? one : other).hit('shared', 60_000)),
    );
    expect(hits.map((hit) => hit.count).sort((a, b) => a - b)).toEqual(
      Array.from({ length: 20 }, (_, i) => i + 1),
    );
  });
});
