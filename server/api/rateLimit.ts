/**
 * A fixed-window counter per key, in memory (one process serves the backend), for the limit
 * @fastify/rate-limit cannot key: login mails per address, known only once the body is read.
 * Each hit is constant time; expired windows are swept at most once a window, and the map
 * never holds more than `maxKeys` (the oldest go first), however many addresses are tried.
 */
export class RateLimiter {
  private readonly windows = new Map<string, { count: number; resetAt: number }>();
  private nextSweep = 0;

  constructor(
    readonly limit: number,
    readonly windowMs: number,
    private readonly clock: () => number = Date.now,
    readonly maxKeys = 50_000,
  ) {}

  /** Counts a hit; returns seconds to wait when over the limit, else 0. */
  hit(key: string): number {
    const now = this.clock();
    if (now >= this.nextSweep) this.sweep(now);
    let window = this.windows.get(key);
    if (!window || window.resetAt <= now) {
      window = { count: 0, resetAt: now + this.windowMs };
      this.windows.delete(key);
      this.windows.set(key, window);
      if (this.windows.size > this.maxKeys)
        this.windows.delete(this.windows.keys().next().value as string);
    }
    if (window.count >= this.limit) return Math.ceil((window.resetAt - now) / 1000);
    window.count += 1;
    return 0;
  }

  get size(): number {
    return this.windows.size;
  }

  private sweep(now: number) {
    this.nextSweep = now + this.windowMs;
    for (const [key, window] of this.windows) if (window.resetAt <= now) this.windows.delete(key);
  }
}
