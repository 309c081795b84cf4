/**
 * The agency's staff: sign-in by a mailed link, only for the addresses in AGENCY_USERS, and
 * sessions of their own (table and cookie), apart from contacts' sessions both ways.
 *
 * A staff link is used once: the inbox page posts its key, which opens a session and spends the
 * key. Opening the link (a mail scanner's GET) spends nothing; a second post of the same key is
 * refused, so a forwarded or replayed link never joins someone's session.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import { keyHash, randomToken, sha256, timedKey } from '../auth/crypto';
import { ApiError } from '../http/errors';
import { STAFF_COOKIE, type CookiePolicy } from '../http/security';
import { now } from '../db/clock';
import type { Queryable, Sql } from '../db/sql';

export { STAFF_COOKIE };
export const STAFF_KEY_MS = 30 * 60 * 1000;
export const STAFF_SESSION_MS = 12 * 60 * 60 * 1000;

export interface StaffUser {
  email: string;
  tokenHash: string;
}

export function createStaff(sql: Sql, agencyUsers: readonly string[], policy: CookiePolicy) {
  const q = {
    insertKey:
      'INSERT INTO staff_keys (key_hash, email, created_at, expires_at) VALUES (?, ?, ?, ?)',
    useKey: `UPDATE staff_keys SET used_at = ? WHERE key_hash = ? AND used_at IS NULL AND expires_at > ?
       RETURNING email`,
    insertSession:
      'INSERT INTO staff_sessions (token_hash, email, created_at, expires_at) VALUES (?, ?, ?, ?)',
    session: 'SELECT token_hash, email FROM staff_sessions WHERE token_hash = ? AND expires_at > ?',
    deleteSession: 'DELETE FROM staff_sessions WHERE token_hash = ?',
  };
  const allowed = new Set(agencyUsers.map((address) => address.toLowerCase()));
  const cookieOptions = (request: FastifyRequest) => ({
    path: '/agency',
    httpOnly: true,
    // The inbox is a page of its own, never framed: its cookie goes to its own site only.
    sameSite: 'strict' as const,
    secure: policy.alwaysSecure || request.protocol === 'https',
  });

  async function insertKey(tx: Queryable, address: string): Promise<string> {
    const key = timedKey();
    await tx.run(
      q.insertKey,
      keyHash(key),
      address,
      now(),
      new Date(Date.now() + STAFF_KEY_MS).toISOString(),
    );
    return key;
  }

  async function current(request: FastifyRequest): Promise<StaffUser | null> {
    const token = request.cookies[STAFF_COOKIE];
    if (!token) return null;
    const row = await sql.one<{ token_hash: string; email: string }>(
      q.session,
      sha256(token),
      now(),
    );
    return row ? { email: row.email, tokenHash: row.token_hash } : null;
  }

  return {
    isStaff: (email: string) => allowed.has(email.trim().toLowerCase()),

    /** Every staff address (AGENCY_USERS), lower case, in the configured order. */
    members: (): string[] => [...allowed],

    /**
     * A login key for a staff address (the caller mails its link, in the same transaction
     * `tx`); null for anyone else.
     */
    async issueKey(tx: Queryable, email: string): Promise<string | null> {
      const address = email.trim().toLowerCase();
      if (!allowed.has(address)) return null;
      return insertKey(tx, address);
    },

    /**
     * The statement of `issueKey` for an address that is not staff, in a transaction the
     * caller rolls back: the same work, nothing kept (a key of such an address would open
     * nothing either: sign-in checks AGENCY_USERS).
     */
    decoyKey: (tx: Queryable, email: string) => insertKey(tx, email.trim().toLowerCase()),

    /** Spends a key and opens its session; a used, expired or unknown key is refused. */
    async login(request: FastifyRequest, reply: FastifyReply, key: string): Promise<StaffUser> {
      const row = await sql.one<{ email: string }>(q.useKey, now(), keyHash(key), now());
      // A key of an address no longer in AGENCY_USERS opens nothing.
      if (!row || !allowed.has(row.email)) throw new ApiError(403, 'invalid_key', 'invalidKey');
      const token = randomToken(32);
      const expires = new Date(Date.now() + STAFF_SESSION_MS);
      await sql.run(q.insertSession, sha256(token), row.email, now(), expires.toISOString());
      reply.setCookie(STAFF_COOKIE, token, { ...cookieOptions(request), expires });
      return { email: row.email, tokenHash: sha256(token) };
    },

    current,

    /** The staff member of an inbox call (403 without a staff session). */
    async require(request: FastifyRequest): Promise<StaffUser> {
      const user = await current(request);
      if (!user || !allowed.has(user.email))
        throw new ApiError(403, 'rest_not_logged_in', 'notLoggedIn');
      return user;
    },

    async logout(request: FastifyRequest, reply: FastifyReply, user: StaffUser) {
      await sql.run(q.deleteSession, user.tokenHash);
      reply.clearCookie(STAFF_COOKIE, cookieOptions(request));
    },
  };
}

export type Staff = ReturnType<typeof createStaff>;
