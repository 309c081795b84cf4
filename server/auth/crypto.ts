import crypto from 'node:crypto';

// Random bytes are drawn from the system 4 KB at a time (one system call instead of one per
// token, as Node does for randomUUID); each byte is handed out once and wiped after use.
const pool = Buffer.alloc(4096);
let poolOffset = pool.length;

/** `bytes` random bytes as text in `encoding`. */
function random(bytes: number, encoding: 'base64url' | 'hex'): string {
  if (bytes > pool.length) return crypto.randomBytes(bytes).toString(encoding);
  if (poolOffset + bytes > pool.length) {
    crypto.randomFillSync(pool);
    poolOffset = 0;
  }
  const token = pool.subarray(poolOffset, poolOffset + bytes).toString(encoding);
  pool.fill(0, poolOffset, poolOffset + bytes);
  poolOffset += bytes;
  return token;
}

/** A random, URL-safe secret (keys, session tokens, XSRF tokens). */
export const randomToken = (bytes = 32): string => random(bytes, 'base64url');

/**
 * Keys and tokens are stored hashed: a leaked database opens no session. Node's one-shot
 * `crypto.hash` (20.12 on) where there is one, a Hash object otherwise.
 */
export const sha256: (text: string) => string =
  typeof crypto.hash === 'function'
    ? (text) => crypto.hash('sha256', text, 'hex')
    : (text) => crypto.createHash('sha256').update(text).digest('hex');

/** Milliseconds since 1970 as 12 hex digits: sorts like the time until the year 10889. */
const timeHex = (at: number) => at.toString(16).padStart(12, '0');

/**
 * A UUID version 7 (RFC 9562): the creation time in milliseconds, then 74 random bits. Rows
 * keyed by it are appended at the end of their index instead of landing on a random page,
 * which keeps the pages a commit writes few. It tells when it was made, which is no secret
 * for a submission.
 */
export function uuidv7(at = Date.now()): string {
  const hex = timeHex(at) + random(10, 'hex');
  const variant = ((parseInt(hex[16]!, 16) & 0x3) | 0x8).toString(16);
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-7${hex.slice(13, 16)}-${variant}${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

const TIMED_KEY = /^[0-9a-f]{12}[A-Za-z0-9_-]{43}$/;

/**
 * A mailed key (login, confirmation): its creation time in 12 hex digits, then 32 random
 * bytes. Its stored form, `keyHash`, starts with the same time, so new keys are appended to
 * their index; the secret part is the random one.
 */
export const timedKey = (at = Date.now()) => timeHex(at) + randomToken(32);

/** How a key is stored: the time prefix of a timed key and the SHA-256 of the whole key. */
export const keyHash = (key: string) =>
  TIMED_KEY.test(key) ? key.slice(0, 12) + sha256(key) : sha256(key);

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
