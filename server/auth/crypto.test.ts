/**
 * @jest-environment node
 */
import { randomToken } from './crypto';

describe('randomToken', () => {
  it('hands out distinct URL-safe tokens of the asked length across refills of its pool', () => {
    // 32 bytes = 43 base64url characters; 1,000 tokens draw the 4 KB pool about eight times.
    const tokens = Array.from({ length: 1000 }, () => randomToken());
    expect(new Set(tokens).size).toBe(tokens.length);
    for (const token of tokens) expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(randomToken(16)).toMatch(/^[A-Za-z0-9_-]{22}$/);
    expect(randomToken(5000)).toHaveLength(Math.ceil((5000 * 4) / 3));
  });

  it('never hands out a run of zero bytes (used bytes are wiped, not reused)', () => {
    const zeros = Buffer.alloc(32).toString('base64url');
    for (let i = 0; i < 300; i += 1) expect(randomToken()).not.toBe(zeros);
  });
});
