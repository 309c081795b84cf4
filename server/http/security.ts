/** XSRF double-submit cookie, cookie sessions and WordPress-style nonces. */
import '@fastify/cookie';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Queryable, Sql } from '../db/sql';
import { now } from '../db/clock';
import { currentTick, nonceFor, randomToken, safeEqual, sha256, verifyNonce } from '../auth/crypto';
import { isLoopback } from '../config';
import { ApiError } from './errors';

export const SESSION_COOKIE = 'immosuite_session';
/** A staff member's session in the inbox (server/agency/staff.ts). */
export const STAFF_COOKIE = 'immosuite_staff';
export const XSRF_COOKIE = 'XSRF-TOKEN';
export const SESSION_DAYS = 14;

export interface SessionUser {
  contactId: number;
  email: string;
  tokenHash: string;
}

/**
 * How the widget's cookies are set. Framed by another site (ALLOWED_ORIGINS), a cookie reaches
 * the widget only as `SameSite=None; Secure`, kept per embedding site (`Partitioned`, CHIPS);
 * browsers take Secure cookies from https and from loopback. Otherwise `SameSite=Lax`, Secure
 * when the public URL is https or the request came over https.
 */
export interface CookiePolicy {
  crossSite: boolean;
  alwaysSecure: boolean;
}

export function cookiePolicy(config: {
  allowedOrigins: string[];
  publicUrl: string | null;
  host: string;
}): CookiePolicy {
  const https = config.publicUrl?.startsWith('https:') ?? false;
  const loopback = config.publicUrl
    ? isLoopback(new URL(config.publicUrl).hostname)
    : isLoopback(config.host);
  return {
    crossSite: config.allowedOrigins.length > 0 && (https || loopback),
    alwaysSecure: https,
  };
}

function cookieOptions(request: FastifyRequest, policy: CookiePolicy) {
  return policy.crossSite
    ? { sameSite: 'none' as const, secure: true, partitioned: true }
    : { sameSite: 'lax' as const, secure: policy.alwaysSecure || request.protocol === 'https' };
}

/** Every visitor gets an XSRF cookie, readable by the widget, sent back as X-XSRF-TOKEN. */
export function ensureXsrfCookie(
  request: FastifyRequest,
  reply: FastifyReply,
  policy: CookiePolicy = { crossSite: false, alwaysSecure: false },
) {
  if (request.cookies[XSRF_COOKIE]) return;
  reply.setCookie(XSRF_COOKIE, randomToken(24), {
    path: '/',
    ...cookieOptions(request, policy),
    httpOnly: false,
  });
}

/**
 * The double-submit check of every mutating route. One exception: a browser that keeps no
 * cookie at all in a frame of another site (third-party cookies blocked, even partitioned
 * ones) may still send an anonymous form, when the request comes from the widget's own origin
 * (the browser's Origin header, which a page cannot forge) as JSON (which another origin could
 * send only after a CORS preflight this server never grants). Rate limits apply as ever. A
 * request carrying a session, a contact's or a staff member's, is never anonymous: it needs
 * its token.
 */
export function checkXsrf(request: FastifyRequest, ownOrigin?: string) {
  const cookie = request.cookies[XSRF_COOKIE];
  const header = request.headers['x-xsrf-token'];
  if (cookie && typeof header === 'string' && safeEqual(cookie, header)) return;
  const cookieless = !cookie && !request.cookies[SESSION_COOKIE] && !request.cookies[STAFF_COOKIE];
  const json = /^application\/json\b/i.test(request.headers['content-type'] ?? '');
  if (cookieless && json && ownOrigin && request.headers.origin === ownOrigin) return;
  throw new ApiError(403, 'rest_xsrf_invalid', 'badXsrf');
}

export function createSessions(
  sql: Sql,
  secret: string,
  policy: CookiePolicy = { crossSite: false, alwaysSecure: false },
) {
  const S = {
    findSession: `SELECT s.token_hash, s.contact_id, c.email FROM sessions s
      JOIN contacts c ON c.id = s.contact_id WHERE s.token_hash = ? AND s.expires_at > ?`,
    insertSession: `INSERT INTO sessions (token_hash, contact_id, login_key_hash, created_at,
      expires_at) VALUES (?, ?, ?, ?, ?)`,
    deleteSession: 'DELETE FROM sessions WHERE token_hash = ?',
    sessionKey: 'SELECT login_key_hash FROM sessions WHERE token_hash = ?',
    sessionsOfContact: 'SELECT token_hash FROM sessions WHERE contact_id = ?',
    // 'Log out everywhere' also voids the contact's mailed links not used yet.
    expireUnusedLoginKeys: `UPDATE auth_keys SET expires_at = ? WHERE contact_id = ?
      AND purpose = 'login' AND first_used_at IS NULL AND expires_at > ?`,
    expireLoginKey: `UPDATE auth_keys SET expires_at = ?
      WHERE key_hash = (SELECT login_key_hash FROM sessions WHERE token_hash = ?)`,
    deleteKeySessions: 'DELETE FROM sessions WHERE login_key_hash = ?',
  };

  async function openSession(
    tx: Queryable,
    request: FastifyRequest,
    reply: FastifyReply,
    contactId: number,
    loginKeyHash: string,
  ) {
    const token = randomToken(32);
    const expires = new Date(Date.now() + SESSION_DAYS * 86400000);
    await tx.run(
      S.insertSession,
      sha256(token),
      contactId,
      loginKeyHash,
      now(),
      expires.toISOString(),
    );
    reply.setCookie(SESSION_COOKIE, token, {
      path: '/',
      httpOnly: true,
      ...cookieOptions(request, policy),
      expires,
    });
    return sha256(token);
  }

  async function current(request: FastifyRequest): Promise<SessionUser | null> {
    const token = request.cookies[SESSION_COOKIE];
    if (!token) return null;
    const row = await sql.one<{ token_hash: string; contact_id: number; email: string }>(
      S.findSession,
      sha256(token),
      now(),
    );
    return row ? { contactId: row.contact_id, email: row.email, tokenHash: row.token_hash } : null;
  }

  return {
    current,
    nonce: (user: SessionUser) => nonceFor(secret, user.tokenHash, currentTick()),
    /**
     * The logged-in user of a /v1 call: session cookie and a valid nonce (403 otherwise); the
     * session when the caller has read it already.
     */
    async require(
      request: FastifyRequest,
      reply: FastifyReply,
      known?: SessionUser,
    ): Promise<SessionUser> {
      const user = known ?? (await current(request));
      if (!user) throw new ApiError(403, 'rest_not_logged_in', 'notLoggedIn');
      const nonce = request.headers['x-wp-nonce'];
      if (typeof nonce !== 'string' || !verifyNonce(secret, user.tokenHash, nonce)) {
        throw new ApiError(403, 'rest_cookie_invalid_nonce', 'badNonce');
      }
      reply.header('X-WP-Nonce', nonceFor(secret, user.tokenHash, currentTick()));
      return user;
    },
    /** Opens the session of a login key's first use (inside the caller's transaction). */
    start(
      tx: Queryable,
      request: FastifyRequest,
      reply: FastifyReply,
      contactId: number,
      loginKeyHash: string,
    ) {
      return openSession(tx, request, reply, contactId, loginKeyHash);
    },
    /**
     * The browser that asked for a login link uses it after someone else (a mail scanner):
     * the sessions the link opened before end, and this browser gets one of its own.
     */
    replaceKeySessions(
      request: FastifyRequest,
      reply: FastifyReply,
      contactId: number,
      loginKeyHash: string,
    ) {
      return sql.transaction(async (tx) => {
        await tx.run(S.deleteKeySessions, loginKeyHash);
        return openSession(tx, request, reply, contactId, loginKeyHash);
      });
    },
    /** Ends this session (or every session of the contact); their login keys expire with them. */
    async end(request: FastifyRequest, reply: FastifyReply, user: SessionUser, everywhere = false) {
      await sql.transaction(async (tx) => {
        const ended = everywhere
          ? await tx.all<{ token_hash: string }>(S.sessionsOfContact, user.contactId)
          : [{ token_hash: user.tokenHash }];
        for (const { token_hash } of ended) {
          await tx.run(S.expireLoginKey, now(), token_hash);
          await tx.run(S.deleteSession, token_hash);
        }
        if (everywhere) await tx.run(S.expireUnusedLoginKeys, now(), user.contactId, now());
      });
      // Cleared with the attributes that set it: a partitioned cookie is cleared only so.
      reply.clearCookie(SESSION_COOKIE, {
        path: '/',
        httpOnly: true,
        ...cookieOptions(request, policy),
      });
    },
    async loginKeyOf(user: SessionUser): Promise<string | null> {
      const row = await sql.one<{ login_key_hash: string | null }>(S.sessionKey, user.tokenHash);
      return row?.login_key_hash ?? null;
    },
  };
}

export type Sessions = ReturnType<typeof createSessions>;
