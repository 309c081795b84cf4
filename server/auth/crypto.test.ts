/**
 * @jest-environment node
 */
import { keyHash, randomToken, sha256, timedKey, uuidv7 } from './crypto';

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

describe('time-ordered identifiers', () => {
  it('makes RFC 9562 version 7 UUIDs that sort by their time and differ within one millisecond', () => {
    const at = Date.UTC(2026, 10, 23, 12, 0, 0);
    const ids = [uuidv7(at), uuidv7(at), uuidv7(at + 1), uuidv7(at + 60_000)];
    for (const id of ids)
      expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(ids[0]).not.toBe(ids[1]);
    expect(ids[0]!.replace(/-/g, '').slice(0, 12)).toBe(at.toString(16).padStart(12, '0'));
    expect(ids[2]! > ids[1]!).toBe(true);
    expect(ids[3]! > ids[2]!).toBe(true);
  });

  it('stores a timed key under its time and the hash of the whole key, an older key under its hash', () => {
    const at = Date.UTC(2026, 10, 23, 12, 0, 0);
    const key = timedKey(at);
    expect(key).toMatch(/^[0-9a-f]{12}[A-Za-z0-9_-]{43}$/);
    expect(keyHash(key)).toBe(at.toString(16).padStart(12, '0') + sha256(key));
    expect(keyHash(timedKey(at + 1)) > keyHash(key)).toBe(true);
    // Keys mailed before timed keys existed (43 characters) are still found.
    const older = randomToken();
    expect(keyHash(older)).toBe(sha256(older));
    // Whatever a visitor sends is only hashed, never trusted as a time.
    expect(keyHash('0'.repeat(12))).toBe(sha256('0'.repeat(12)));
  });
});
