/**
 * Idempotency-Key (one key per submission, kept by the widget across retries): the first
 * answer is stored with the key and route, and a repeat gets that answer again.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import { now } from '../db/database';
import type { Statements } from '../db/statements';
import { ApiError } from './errors';

const IDEMPOTENCY_MS = 24 * 60 * 60 * 1000;
const SWEEP_EVERY_MS = 60 * 1000;
const KEY = /^[A-Za-z0-9_-]{8,100}$/;

export interface StoredAnswer {
  status: number;
  body: string;
}

export function idempotency(q: Statements) {
  let lastSweep = 0;
  return {
    /** The request's key and route, or null without a key (400 for a malformed one). */
    keyOf(request: FastifyRequest): { key: string; route: string } | null {
      const key = request.headers['idempotency-key'];
      if (typeof key !== 'string') return null;
      if (!KEY.test(key))
        throw new ApiError(400, 'rest_invalid_param', 'invalidParam', {
          header: 'Idempotency-Key',
        });
      return { key, route: `${request.method} ${request.routeOptions.url}` };
    },
    find(id: { key: string; route: string } | null): StoredAnswer | undefined {
      return id ? (q.idempotent.get(id.key, id.route) as StoredAnswer | undefined) : undefined;
    },
    /** Keeps the answer (inside the caller's transaction); expired keys go at most once a minute. */
    record(id: { key: string; route: string } | null, status: number, body: unknown) {
      if (!id) return;
      q.insertIdempotent.run(id.key, id.route, status, JSON.stringify(body), now());
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
