/**
 * Fixed-window rate limits. The counts live where every server process sees them: in memory
 * when one process serves the backend (SQLite), in the database when several do (PostgreSQL).
 * They back @fastify/rate-limit's per-client limits (as its store), the limit it cannot key
 * (login mails per address, known only once the body is read), and the submissions' limit per
 * client (clientLimit), which a store may count inside the statement that stores a submission
 * (a gate).
 */
import { normalizeIP } from '@fastify/rate-limit';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Param, Sql } from '../db/sql';
import { ApiError } from './errors';

/** A key's window after a hit: the hits counted in it, and when it ends (ms since epoch). */
export interface Hit {
  count: number;
  resetAt: number;
}

/**
 * A rate-limit hit counted inside a statement of the caller's: the upsert `text` (RETURNING
 * count, reset_at) and its `params`; the statement stores nothing when it is hit number
 * `max` + 1 or later of its window.
 */
export interface Gate {
  text: string;
  params: Param[];
  max: number;
}

export interface RateCounter {
  /** Counts a hit of `key` in its current window (a new one of `windowMs` once it ended). */
  hit(key: string, windowMs: number): Promise<Hit>;
  /**
   * A counter in the database: the statement that counts a hit, for a caller to run inside
   * a statement of its own (resolves after deleting ended windows when that is due).
   */
  gate?(key: string, windowMs: number, max: number): Promise<Gate>;
}

/**
 * Counts in this process's memory, in constant time per hit however many keys are tried: keys
 * live in two generations of at most `maxKeys` / 2 each. A hit counts in the newer one (a key
 * found in the older one moves up); when the newer one is full it becomes the older one and the
 * older one is dropped, so the keys counted least recently go first and the counter never holds
 * more than `maxKeys`. Ended windows are dropped at most once a minute. Nothing walks a map
 * from its start on a hit: after many deletions that walk crosses every deleted entry.
 */
export class MemoryCounter implements RateCounter {
  private newer = new Map<string, Hit>();
  private older = new Map<string, Hit>();
  private readonly generation: number;
  private nextSweep = 0;

  constructor(
    private readonly clock: () => number = Date.now,
    readonly maxKeys = 50_000,
  ) {
    this.generation = Math.max(1, Math.floor(maxKeys / 2));
  }

  async hit(key: string, windowMs: number): Promise<Hit> {
    const now = this.clock();
    if (now >= this.nextSweep) this.sweep(now);
    let window = this.newer.get(key);
    if (!window) {
      window = this.older.get(key) ?? { count: 0, resetAt: 0 };
      this.older.delete(key);
      this.add(key, window);
    }
    if (window.resetAt <= now) {
      window.count = 0;
      window.resetAt = now + windowMs;
    }
    window.count += 1;
    return { ...window };
  }

  /** The keys held (ended windows included until the next sweep). */
  get size(): number {
    return this.newer.size + this.older.size;
  }

  private add(key: string, window: Hit) {
    this.newer.set(key, window);
    if (this.newer.size >= this.generation) {
      this.older = this.newer;
      this.newer = new Map();
    }
  }

  /** Keeps the windows that have not ended (in new maps: no deleted entries left behind). */
  private sweep(now: number) {
    this.nextSweep = now + 60_000;
    const live = (map: Map<string, Hit>) =>
      new Map([...map].filter(([, window]) => window.resetAt > now));
    this.older = live(this.older);
    this.newer = live(this.newer);
  }
}

/** The upsert of a hit, its parameters as given: the key's, the window's end, the time now. */
const hitText = (key: string, resetAt: string, now: string) => `INSERT INTO rate_limits
  (key, count, reset_at) VALUES (${key}, 1, ${resetAt})
  ON CONFLICT (key) DO UPDATE SET
    count = CASE WHEN rate_limits.reset_at <= ${now} THEN 1 ELSE rate_limits.count + 1 END,
    reset_at = CASE WHEN rate_limits.reset_at <= ${now} THEN ${resetAt} ELSE rate_limits.reset_at END
  RETURNING count, reset_at`;
const HIT = hitText('@key', '@resetAt', '@now');
/** Positional, for a statement of `?` parameters: key, resetAt, now, now, resetAt. */
const GATE = hitText('?', '?', '?');

/**
 * Counts in the database, one row per key, so that every process counts the same hits: one
 * statement per hit (an upsert, atomic however many processes hit at once). Rows of ended
 * windows are deleted at most once a minute by each process.
 */
export function databaseCounter(sql: Sql, clock: () => number = Date.now): RateCounter {
  let nextSweep = 0;
  const sweep = async (now: number) => {
    if (now < nextSweep) return;
    nextSweep = now + 60_000;
    await sql.run('DELETE FROM rate_limits WHERE reset_at <= ?', now);
  };
  return {
    async gate(key, windowMs, max) {
      const now = clock();
      await sweep(now);
      const resetAt = now + windowMs;
      return { text: GATE, params: [key, resetAt, now, now, resetAt], max };
    },
    async hit(key, windowMs) {
      const now = clock();
      await sweep(now);
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

/**
 * A limit of `max` requests per client (keyed as @fastify/rate-limit keys it: its address, an
 * IPv6 one by its /64) in windows of `windowMs`, shared by the routes of `group`, answered as
 * the plugin answers: X-RateLimit-Limit, -Remaining and -Reset on every counted request,
 * Retry-After and the API's 429 over the limit. Each request counts once: on its own
 * (`count`), or in a statement of the caller's (`gate`, then `answer` with its hit).
 */
export type ClientLimit = ReturnType<typeof clientLimit>;

export function clientLimit(
  counter: RateCounter,
  settings: { max: number; windowMs: number; group: string },
  clock: () => number = Date.now,
) {
  const counted = new WeakSet<FastifyRequest>();
  const keyOf = (request: FastifyRequest) => normalizeIP(request.ip) + settings.group;

  /** Marks `request` counted with `hit`: its headers; a 429 when it is over the limit. */
  function answer(request: FastifyRequest, reply: FastifyReply, hit: Hit) {
    counted.add(request);
    const seconds = Math.max(0, Math.ceil((hit.resetAt - clock()) / 1000));
    reply.header('x-ratelimit-limit', settings.max);
    reply.header('x-ratelimit-remaining', Math.max(0, settings.max - hit.count));
    reply.header('x-ratelimit-reset', seconds);
    if (hit.count > settings.max) {
      reply.header('retry-after', Math.max(1, seconds));
      throw new ApiError(429, 'rate_limited', 'rateLimited');
    }
  }

  return {
    answer,

    /** Counts `request`, unless it was counted; throws the 429 when it is over the limit. */
    async count(request: FastifyRequest, reply: FastifyReply) {
      if (counted.has(request)) return;
      answer(request, reply, await counter.hit(keyOf(request), settings.windowMs));
    },

    /**
     * The statement that counts `request` inside the caller's (a counter in the database),
     * or null (then `count`). Until `answer` gets its hit, the request is not counted.
     */
    async gate(request: FastifyRequest): Promise<Gate | null> {
      if (counted.has(request) || !counter.gate) return null;
      return counter.gate(keyOf(request), settings.windowMs, settings.max);
    },
  };
}
