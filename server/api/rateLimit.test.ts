import { RateLimiter } from './rateLimit';

describe('rate limiter', () => {
  it('allows `limit` hits per window and says how long to wait', () => {
    let now = 0;
    const limiter = new RateLimiter(2, 60_000, () => now);
    expect(limiter.hit('a@example.de')).toBe(0);
    expect(limiter.hit('a@example.de')).toBe(0);
    now = 15_000;
    expect(limiter.hit('a@example.de')).toBe(45);
    expect(limiter.hit('b@example.de')).toBe(0);
    now = 60_000;
    expect(limiter.hit('a@example.de')).toBe(0);
  });

  it('keeps memory bounded however many keys are tried', () => {
    let now = 0;
    const limiter = new RateLimiter(3, 60_000, () => now, 1000);
    for (let i = 0; i < 10_000; i += 1) limiter.hit(`user${i}@example.de`);
    expect(limiter.size).toBe(1000);
    // The newest keys are kept and still counted.
    expect(limiter.hit('user9999@example.de')).toBe(0);
    expect(limiter.hit('user9999@example.de')).toBe(0);
    expect(limiter.hit('user9999@example.de')).toBeGreaterThan(0);
    // Expired windows go at the next sweep.
    now = 61_000;
    limiter.hit('late@example.de');
    expect(limiter.size).toBe(1);
  });
});
