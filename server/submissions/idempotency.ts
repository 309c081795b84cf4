/**
 * Idempotency-Key (one key per submission, kept by the widget across retries): the key is
 * stored with the submission it created, bound to the route and to a fingerprint of the
 * client and the body. A repeat of the same request gets that submission's answer again,
 * anything else under the key a 422. A key older than a day is released when it comes again:
 * the old submission keeps its row and the request counts as new.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import { sha256 } from '../auth/crypto';
import { ApiError } from '../http/errors';
import type { SubmissionStore } from './store';

const IDEMPOTENCY_MS = 24 * 60 * 60 * 1000;
const KEY = /^[A-Za-z0-9_-]{8,100}$/;

/** The submission a key created. */
export interface StoredAnswer {
  id: number;
  uuid: string;
}

export interface RequestId {
  /** The route and the client's key, as the submission stores it. */
  key: string;
  /** Who asks (session, else address) and what (the body without its bot data). */
  fingerprint: string;
}

export function idempotency(
  store: Pick<SubmissionStore, 'byIdempotencyKey' | 'releaseIdempotencyKey'>,
) {
  return {
    /** The request's key and fingerprint; null without a key (400 for a malformed one). */
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
        key: `${request.method} ${request.routeOptions.url} ${key}`,
        fingerprint: sha256(`${client}\n${JSON.stringify(body)}`),
      };
    },
    /**
     * The submission this very request created; a 422 when the key was used for another
     * request; nothing for an unknown key, or a day-old one (released for this request).
     */
    async find(id: RequestId | null): Promise<StoredAnswer | undefined> {
      if (!id) return undefined;
      const stored = await store.byIdempotencyKey(id.key);
      if (!stored) return undefined;
      if (Date.parse(stored.created_at) <= Date.now() - IDEMPOTENCY_MS) {
        await store.releaseIdempotencyKey(stored.id);
        return undefined;
      }
      if (stored.fingerprint !== id.fingerprint)
        throw new ApiError(422, 'idempotency_key_reused', 'idempotencyMismatch');
      return { id: stored.id, uuid: stored.uuid };
    },
    /** Marks the answer to a repeated request as the stored submission's answer again. */
    replayed(reply: FastifyReply) {
      return reply.header('Idempotent-Replayed', 'true');
    },
  };
}

export type Idempotency = ReturnType<typeof idempotency>;
