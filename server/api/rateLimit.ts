/**
 * Fixed-window rate limits. The counts live where every server process sees them: in memory
 * when one process serves the backend (SQLite), in the database when several do (PostgreSQL).
 * They back @fastify/rate-limit's per-client limits (as its store) and the limit it cannot
 * key: login mails per address, known only once the body is read.
 */
import type { Sql } from '../db/sql';

/** A key's window after a hit: the hits counted in it, and when it ends (ms since epoch). */
export interface Hit {
  count: number;
  resetAt: number;
}

export interface RateCounter {
  /** Counts a hit of `key` in its current window (a new one of `windowMs` once it ended). */
  hit(key: string, windowMs: number): Promise<Hit>;
}

/**
 * Counts in this process's memory. Each hit is constant time; expired windows are swept at
 * most once a minute, and the map never holds more than `maxKeys` (the oldest go first),
 * however many keys are tried.
 */
export class MemoryCounter implements RateCounter {
  private readonly windows = new Map<string, Hit>();
  private nextSweep = 0;

  constructor(
    private readonly clock: () => number = Date.now,
    readonly maxKeys = 50_000,
  ) {}

  async hit(key: string, windowMs: number): Promise<Hit> {
    const now = this.clock();
    if (now >= this.nextSweep) this.sweep(now);
    let window = this.windows.get(key);
    if (!window || window.resetAt <= now) {
      window = { count: 0, resetAt: now + windowMs };
      this.windows.delete(key);
      this.windows.set(key, window);
      if (this.windows.size > this.maxKeys)
        this.windows.delete(this.windows.keys().next().value as string);
    }
    window.count += 1;
    return { ...window };
  }

  get size(): number {
    return this.windows.size;
  }

  private sweep(now: number) {
    this.nextSweep = now + 60_000;
    for (const [key, window] of this.windows) if (window.resetAt <= now) this.windows.delete(key);
  }
}

const HIT = `INSERT INTO rate_limits (key, count, reset_at) VALUES (@key, 1, @resetAt)
  ON CONFLICT (key) DO UPDATE SET
    count = CASE WHEN rate_limits.reset_at <= @now THEN 1 ELSE rate_limits.count + 1 END,
    reset_at = CASE WHEN rate_limits.reset_at <= @now THEN @resetAt ELSE rate_limits.reset_at END
  RETURNING count, reset_at`;

/**
 * Counts in the database, one row per key, so that every process counts the same hits: one
 * statement per hit (an upsert, atomic however many processes hit at once). Rows of ended
 * windows are deleted at most once a minute by each process.
 */
export function databaseCounter(sql: Sql, clock: () => number = Date.now): RateCounter {
  let nextSweep = 0;
  return {
    async hit(key, windowMs) {
      const now = clock();
      if (now >= nextSweep) {
        nextSweep = now + 60_000;
        await sql.run('DELETE FROM rate_limits WHERE reset_at <= ?', now);
      }
      const row = await sql.one<{ count: number; reset_at: number }>(HIT, {
        key,
        resetAt: now + windowMs,
        now,
      });
      return { count: row!.count, resetAt: row!.reset_at };
    },
  };
}

/** Seconds to wait when `key` is over `limit` hits in its window, else 0 (counting the hit). */
export async function waitFor(
  counter: RateCounter,
  key: string,
  limit: number,
  windowMs: number,
  clock: () => number = Date.now,
): Promise<number> {
  const { count, resetAt } = await counter.hit(key, windowMs);
  return count > limit ? Math.max(1, Math.ceil((resetAt - clock()) / 1000)) : 0;
}

/**
 * @fastify/rate-limit's store over a counter. Routes of one `groupId` share their counts (the
 * plugin adds the group to the key); a limited route without a group counts on its own.
 */
export function rateLimitStore(counter: RateCounter, clock: () => number = Date.now) {
  return class CounterStore {
    readonly prefix: string;

    /** The plugin passes its settings (unused here); a route's child store, its key prefix. */
    constructor(prefixOrSettings?: unknown) {
      this.prefix = typeof prefixOrSettings === 'string' ? prefixOrSettings : '';
    }

    incr(
      key: string,
      done: (error: Error | null, result?: { current: number; ttl: number }) => void,
      timeWindow: number,
    ) {
      counter.hit(this.prefix + key, timeWindow).then(
        ({ count, resetAt }) => done(null, { current: count, ttl: resetAt - clock() }),
        (error: Error) => done(error),
      );
    }

    /** The plugin passes a limited route's settings: its groupId and the route (routeInfo). */
    child(settings: object) {
      const { groupId, routeInfo } = settings as {
        groupId?: string;
        routeInfo?: { method?: unknown; url?: string };
      };
      return new CounterStore(groupId ? '' : `${String(routeInfo?.method)} ${routeInfo?.url} `);
    }
  };
}
