/**
 * Idempotency-Key (one key per submission, kept by the widget across retries): the first
 * answer is stored with the key, the route and a fingerprint of the client and the body; a
 * repeat of the same request gets that answer again, anything else under the key a 422.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import { sha256 } from '../auth/crypto';
import { now } from '../db/database';
import type { Statements } from '../db/statements';
import { ApiError } from './errors';

const IDEMPOTENCY_MS = 24 * 60 * 60 * 1000;
const SWEEP_EVERY_MS = 60 * 1000;
const KEY = /^[A-Za-z0-9_-]{8,100}$/;

export interface StoredAnswer {
  status: number;
  body: string;
  fingerprint: string;
}

export interface RequestId {
  key: string;
  route: string;
  /** Who asks (session, else address) and what (the body without its bot data). */
  fingerprint: string;
}

export function idempotency(q: Statements) {
  let lastSweep = 0;
  return {
    /** The request's key, route and fingerprint; null without a key (400 for a malformed one). */
    keyOf(request: FastifyRequest, client: string): RequestId | null {
      const key = request.headers['idempotency-key'];
      if (typeof key !== 'string') return null;
      if (!KEY.test(key))
        throw new ApiError(400, 'rest_invalid_param', 'invalidParam', {
          header: 'Idempotency-Key',
        });
      // The widget's retries carry a new fill time: bot data is not part of the request.
      const { meta: _meta, ...body } = (request.body ?? {}) as Record<string, unknown>;
      return {
        key,
        route: `${request.method} ${request.routeOptions.url}`,
        fingerprint: sha256(`${client}\n${JSON.stringify(body)}`),
      };
    },
    /** The stored answer to this very request; a 422 when the key was used for another. */
    find(id: RequestId | null): StoredAnswer | undefined {
      if (!id) return undefined;
      const stored = q.idempotent.get(id.key, id.route) as StoredAnswer | undefined;
      if (stored && stored.fingerprint !== id.fingerprint)
        throw new ApiError(422, 'idempotency_key_reused', 'idempotencyMismatch');
      return stored;
    },
    /** Keeps the answer (inside the caller's transaction); expired keys go at most once a minute. */
    record(id: RequestId | null, status: number, body: unknown) {
      if (!id) return;
      q.insertIdempotent.run(id.key, id.route, id.fingerprint, status, JSON.stringify(body), now());
      const at = Date.now();
      if (at - lastSweep >= SWEEP_EVERY_MS) {
        lastSweep = at;
        q.pruneIdempotent.run(new Date(at - IDEMPOTENCY_MS).toISOString());
      }
    },
    replay(reply: FastifyReply, answer: StoredAnswer) {
      return reply
        .code(answer.status)
        .header('Idempotent-Replayed', 'true')
        .send(JSON.parse(answer.body));
    },
  };
}

export type Idempotency = ReturnType<typeof idempotency>;
