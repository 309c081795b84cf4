/**
 * Idempotency-Key (docs/security.md#idempotency): a client that sends a request again after a
 * network failure sends the same key, and gets the first answer instead of a second effect. A
 * key is bound to its route and to a fingerprint of the client and the body: a repeat of the
 * same request gets the first answer again, anything else under the key a 422. A key older
 * than a day is released when it comes again; each kept answer clears those of `idempotency_keys`.
 *
 * The wizards' submissions keep their key on the submission they created (submissions/); the
 * contact's own requests that change something (a saved search made in the portal, the
 * contact's record, a login mail) keep theirs with their answer in `idempotency_keys`, written
 * in the transaction of the work, so the work and its answer commit together or not at all.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import { sha256 } from '../auth/crypto';
import { now } from '../db/clock';
import { isUniqueViolation, type Queryable, type Sql } from '../db/sql';
import { ApiError } from './errors';

/** How long a key answers its request; after that it is released for a new one. */
export const IDEMPOTENCY_MS = 24 * 60 * 60 * 1000;
const KEY = /^[A-Za-z0-9_-]{8,100}$/;

export interface RequestId {
  /** The route and the client's key. */
  key: string;
  /** Who asks and what (the body without its bot data). */
  fingerprint: string;
  /** The logged-in contact whose request it is: its kept answer goes with its erasure. */
  contactId: number | null;
}

/**
 * The request's Idempotency-Key with its route and a fingerprint of `client` (a session or
 * contact, else the client's address) and the body; null without a key, a 400 for a malformed
 * one.
 */
export function requestId(
  request: FastifyRequest,
  client: string,
  contactId: number | null = null,
): RequestId | null {
  const key = request.headers['idempotency-key'];
  if (typeof key !== 'string') return null;
  if (!KEY.test(key))
    throw new ApiError(400, 'rest_invalid_param', 'invalidParam', { header: 'Idempotency-Key' });
  // The widget's retries of a submission carry a new fill time: bot data is not part of it.
  const { meta: _meta, ...body } = (request.body ?? {}) as Record<string, unknown>;
  return {
    key: `${request.method} ${request.routeOptions.url} ${key}`,
    fingerprint: sha256(`${client}\n${JSON.stringify(body)}`),
    contactId,
  };
}

/** Marks the answer to a repeated request as the first one's. */
export const markReplayed = (reply: FastifyReply) => reply.header('Idempotent-Replayed', 'true');

/** An answer as a key keeps it. */
export interface Answer<T = unknown> {
  status: number;
  body: T;
}

const Q = {
  find: 'SELECT fingerprint, status, answer, created_at FROM idempotency_keys WHERE request_key = ?',
  release: 'DELETE FROM idempotency_keys WHERE request_key = ? AND created_at = ?',
  keep: `INSERT INTO idempotency_keys (request_key, fingerprint, status, answer, created_at,
    contact_id) VALUES (?, ?, ?, ?, ?, ?)`,
  prune: 'DELETE FROM idempotency_keys WHERE created_at < ?',
};
const KEY_INDEX = {
  table: 'idempotency_keys',
  column: 'request_key',
  index: 'idempotency_keys_pkey',
};

/** The answers of the contact's requests, kept by their keys (`idempotency_keys`). */
export function keptAnswers(sql: Sql) {
  /**
   * The answer this very request got; a 422 when the key was used for another request;
   * nothing for an unknown key, or a day-old one (released).
   */
  async function find(id: RequestId): Promise<Answer | undefined> {
    const row = await sql.one<{
      fingerprint: string;
      status: number;
      answer: string;
      created_at: string;
    }>(Q.find, id.key);
    if (!row) return undefined;
    if (Date.parse(row.created_at) <= Date.now() - IDEMPOTENCY_MS) {
      await sql.run(Q.release, id.key, row.created_at);
      return undefined;
    }
    if (row.fingerprint !== id.fingerprint)
      throw new ApiError(422, 'idempotency_key_reused', 'idempotencyMismatch');
    return { status: Number(row.status), body: JSON.parse(row.answer) as unknown };
  }

  return {
    find,

    /**
     * Runs `work` in a transaction and keeps its answer under the request's key in the same
     * transaction; without a key it just runs it. When another try of this request kept its
     * answer first (the key is taken: nothing of this try is kept), that answer is given,
     * marked replayed (or a 422 for another request under the key); a key taken by a day-old
     * answer is released, and the work runs once more.
     */
    async run<T>(
      id: RequestId | null,
      reply: FastifyReply,
      work: (tx: Queryable) => Promise<Answer<T>>,
    ): Promise<Answer<T>> {
      if (!id) return sql.transaction(work);
      for (let tries = 1; ; tries += 1) {
        try {
          return await sql.transaction(async (tx) => {
            const answer = await work(tx);
            const at = now();
            // Keys a day old answer nothing any more: each kept answer clears them (by the
            // index on created_at; mostly none).
            await tx.run(Q.prune, new Date(Date.parse(at) - IDEMPOTENCY_MS).toISOString());
            await tx.run(
              Q.keep,
              id.key,
              id.fingerprint,
              answer.status,
              JSON.stringify(answer.body),
              at,
              id.contactId,
            );
            return answer;
          });
        } catch (error) {
          if (!isUniqueViolation(error, KEY_INDEX)) throw error;
          const first = await find(id);
          if (first) {
            markReplayed(reply);
            return first as Answer<T>;
          }
          if (tries === 2) throw error;
        }
      }
    },

    /**
     * The request's key (of `contactId`'s request when a contact is logged in), and the first answer when it is a repeat (marked replayed on
     * `reply`); a 422 for another request under the key.
     */
    async repeatOf(
      request: FastifyRequest,
      reply: FastifyReply,
      client: string,
      contactId: number | null = null,
    ): Promise<{ id: RequestId | null; first?: Answer }> {
      const id = requestId(request, client, contactId);
      const first = id ? await find(id) : undefined;
      if (first) markReplayed(reply);
      return { id, first };
    },
  };
}

export type KeptAnswers = ReturnType<typeof keptAnswers>;
