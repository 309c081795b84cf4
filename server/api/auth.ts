/** Login by e-mail link, the nonce, the current user and logout (product 2.7, §7). */
import type { FastifyInstance } from 'fastify';
import { keyHash as hashOf, sha256, timedKey } from '../auth/crypto';
import { now } from '../db/clock';
import { Q } from '../db/statements';
import { plainAddress } from '../mail/address';
import { loginMail, noAccountMail } from '../mail/templates';
import { langOfRequest, linkFor, route, type ApiContext } from '../http/context';
import { ApiError } from '../http/errors';
import { keptAnswers } from '../http/idempotency';
import { waitFor } from '../http/rateLimit';
import { XSRF_COOKIE } from '../http/security';

const LOGIN_KEY_MS = 30 * 60 * 1000;
/** A used key works again for a while: mail scanners that open links must not burn them. */
const KEY_REUSE_MS = 10 * 60 * 1000;

export async function authRoutes(app: FastifyInstance, ctx: ApiContext) {
  const { sql, config, outbox, sessions, rateCounter } = ctx;
  const kept = keptAnswers(sql);
  const limits = config.limits;
  // Per client by @fastify/rate-limit (route config); per address here, after the body is read.
  const insertLoginKey = `INSERT INTO auth_keys (key_hash, purpose, contact_id, created_at,
    expires_at, requested_by) VALUES (?, 'login', ?, ?, ?, ?)`;

  route(
    app,
    'POST',
    '/v1/auth/email',
    async (request, reply) => {
      // A request sent again after a network failure with its Idempotency-Key gets the first
      // answer again, and no second mail; the key belongs to the browser (its XSRF cookie),
      // else to the client's address.
      const xsrf = request.cookies[XSRF_COOKIE];
      const browser = xsrf ? `browser ${sha256(xsrf)}` : request.ip;
      const { id, first } = await kept.repeatOf(request, reply, browser);
      if (first) return first.body;
      // One plain address, as the mailer reads it: the limit counts what a mail would go to.
      const email = plainAddress((request.body as { email: string }).email);
      if (!email) return { sent: false };
      const wait = await waitFor(
        rateCounter,
        `login-mail ${email}`,
        limits.loginMailsPerAddress,
        limits.windowMs,
      );
      if (wait) {
        reply.header('Retry-After', String(wait));
        throw new ApiError(429, 'rate_limited', 'rateLimited');
      }
      // Only a confirmed contact has an account: an address someone typed into a form (and
      // never confirmed) gets no login link, so its owner never sees a stranger's typed data.
      const found = await sql.one<{ id: number; confirmed_at: string | null }>(
        Q.contactByEmail,
        email,
      );
      const contact = found?.confirmed_at ? found : undefined;
      const language = langOfRequest(request);
      // The key and its mail (and the answer kept under the Idempotency-Key) commit together;
      // the mail leaves after the answer (the outbox).
      const answer = await kept.run(id, reply, async (tx) => {
        if (contact) {
          const key = timedKey();
          await tx.run(
            insertLoginKey,
            hashOf(key),
            contact.id,
            now(),
            new Date(Date.now() + LOGIN_KEY_MS).toISOString(),
            xsrf ? sha256(xsrf) : null,
          );
          const link = linkFor(ctx, key, language);
          await outbox.mail(
            tx,
            { to: email, ...loginMail(language, link), links: [link] },
            { kind: 'login', contactId: contact.id },
          );
        } else {
          // Same answer as for a known address; the mail tells the owner there is no account.
          await outbox.mail(
            tx,
            { to: email, ...noAccountMail(language), links: [] },
            { kind: 'noAccount' },
          );
        }
        return { status: 200, body: { sent: true } };
      });
      outbox.nudge();
      return answer.body;
    },
    {
      config: {
        rateLimit: {
          max: limits.loginMailsPerClient,
          timeWindow: limits.windowMs,
          groupId: 'login-mail',
          hook: 'preHandler',
        },
      },
    },
  );

  /**
   * The contact a login key opens: unexpired, within its reuse window. Only a login key logs
   * in: a confirmation key (mailed to whoever typed an address into a form) confirms that
   * submission and nothing more, so a typed-in address never opens someone's account.
   */
  async function loginKey(k: string) {
    const keyHash = hashOf(k);
    const key = await sql.one<{
      purpose: string;
      contact_id: number;
      expires_at: string;
      first_used_at: string | null;
      requested_by: string | null;
    }>(Q.key, keyHash);
    const at = Date.now();
    if (!key || key.purpose !== 'login' || Date.parse(key.expires_at) <= at)
      throw new ApiError(403, 'invalid_key', 'invalidKey');
    if (key.first_used_at && at - Date.parse(key.first_used_at) > KEY_REUSE_MS)
      throw new ApiError(403, 'invalid_key', 'invalidKey');
    return { ...key, keyHash };
  }

  /**
   * A login link opens a session once. Used again within its reuse window, it opens one only
   * for the browser that asked for it (its XSRF cookie), which then replaces the first use's
   * session: a mail scanner that opened the link first burns nothing for the contact. Anyone
   * else (another browser, another device) is told the link was used and may ask for a new one:
   * nobody joins the session of whoever used a link first (login CSRF; docs/security.md#login-and-sessions).
   */
  route(app, 'POST', '/v1/auth/login', async (request, reply) => {
    const key = await loginKey((request.body as { k: string }).k);
    if (key.first_used_at) {
      const current = await sessions.current(request);
      const sameBrowser = current !== null && (await sessions.loginKeyOf(current)) === key.keyHash;
      const xsrf = request.cookies[XSRF_COOKIE];
      const requester = key.requested_by !== null && !!xsrf && sha256(xsrf) === key.requested_by;
      if (!sameBrowser && !requester) throw new ApiError(403, 'key_used', 'keyUsed');
      if (!sameBrowser)
        await sessions.replaceKeySessions(request, reply, key.contact_id, key.keyHash);
    } else {
      await sql.transaction(async (tx) => {
        // Two first uses at once (two processes): the one that marks the key opens the session.
        if ((await tx.run(Q.useKey, now(), key.keyHash)) !== 1)
          throw new ApiError(403, 'key_used', 'keyUsed');
        await sessions.start(tx, request, reply, key.contact_id, key.keyHash);
      });
    }
    const contact = (await sql.one<{ email: string }>(Q.contactById, key.contact_id))!;
    return { user: { email: contact.email, loggedIn: true }, login: true };
  });

  route(app, 'POST', '/v1/auth/login/nonce', async (request) => {
    const keyHash = hashOf((request.body as { k: string }).k);
    const user = await sessions.current(request);
    if (!user || (await sessions.loginKeyOf(user)) !== keyHash)
      throw new ApiError(403, 'invalid_key', 'invalidKey');
    return { nonce: sessions.nonce(user) };
  });

  // A reload in a frame of another site keeps the session cookie but has no nonce (no host
  // page passes one): the widget restores its session here. The XSRF token (route()) makes
  // sure only the widget's own page can ask; its answer is readable by that origin alone.
  route(app, 'POST', '/v1/auth/session', async (request, reply) => {
    const user = await sessions.current(request);
    if (!user) throw new ApiError(403, 'rest_not_logged_in', 'notLoggedIn');
    const nonce = sessions.nonce(user);
    reply.header('X-WP-Nonce', nonce);
    return { email: user.email, loggedIn: true, nonce };
  });

  // Asked with probe=1 (the login page asks on every visit), no session is an answer, not a
  // refusal that would stand in the browser's console; without it, 403 as product §7 has it.
  // A session without its nonce is refused either way.
  route(app, 'GET', '/v1/auth/me', async (request, reply) => {
    const current = await sessions.current(request);
    if (!current && (request.query as { probe?: string }).probe === '1')
      return { loggedIn: false as const };
    const user = await sessions.require(request, reply, current ?? undefined);
    return { email: user.email, loggedIn: true };
  });

  route(app, 'DELETE', '/v1/auth/me', async (request, reply) => {
    const user = await sessions.require(request, reply);
    // ?all=1 ends every session of the contact (e.g. after a lost device).
    await sessions.end(request, reply, user, (request.query as { all?: string }).all === '1');
    reply.removeHeader('X-WP-Nonce');
    return { loggedOut: true };
  });
}
