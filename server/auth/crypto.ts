import crypto from 'node:crypto';

// Random bytes are drawn from the system 4 KB at a time (one system call instead of one per
// token, as Node does for randomUUID); each byte is handed out once and wiped after use.
const pool = Buffer.alloc(4096);
let poolOffset = pool.length;

/** A random, URL-safe secret (keys, session tokens, XSRF tokens). */
export function randomToken(bytes = 32): string {
  if (bytes > pool.length) return crypto.randomBytes(bytes).toString('base64url');
  if (poolOffset + bytes > pool.length) {
    crypto.randomFillSync(pool);
    poolOffset = 0;
  }
  const token = pool.subarray(poolOffset, poolOffset + bytes).toString('base64url');
  pool.fill(0, poolOffset, poolOffset + bytes);
  poolOffset += bytes;
  return token;
}

/** Keys and tokens are stored hashed: a leaked database opens no session. */
export const sha256 = (text: string) => crypto.createHash('sha256').update(text).digest('hex');

export function safeEqual(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && crypto.timingSafeEqual(x, y);
}

/** WordPress-style nonce: tied to the session, valid for the current and the previous tick. */
export const NONCE_TICK_MS = 12 * 60 * 60 * 1000;

export function nonceFor(secret: string, sessionHash: string, tick: number): string {
  return crypto
    .createHmac('sha256', secret)
    .update(`${sessionHash}|${tick}`)
    .digest('hex')
    .slice(0, 12);
}

export function currentTick(at = Date.now()): number {
  return Math.floor(at / NONCE_TICK_MS);
}

export function verifyNonce(
  secret: string,
  sessionHash: string,
  nonce: string,
  at = Date.now(),
): boolean {
  const tick = currentTick(at);
  return [tick, tick - 1].some((t) => safeEqual(nonceFor(secret, sessionHash, t), nonce));
}
