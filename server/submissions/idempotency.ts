/**
 * Idempotency-Key of a submission (one key per submission, kept by the widget across
 * retries; the rules in http/idempotency.ts): the key is stored with the submission it
 * created, so storing a submission is one write. A repeat of the same request gets that
 * submission's answer again, anything else under the key a 422. A key older than a day is
 * released when it comes again: the old submission keeps its row and the request counts as new.
 */
import type { FastifyReply } from 'fastify';
import { ApiError } from '../http/errors';
import { IDEMPOTENCY_MS, markReplayed, requestId, type RequestId } from '../http/idempotency';
import type { SubmissionStore } from './store';

export type { RequestId };

/** The submission a key created, and what its answer said besides its uuid. */
export interface StoredAnswer {
  id: number;
  uuid: string;
  answer?: Record<string, unknown>;
}

function answerOf(text: string | null): Record<string, unknown> | undefined {
  if (!text) return undefined;
  try {
    const value: unknown = JSON.parse(text);
    return typeof value === 'object' && value !== null && !Array.isArray(value)
      ? (value as Record<string, unknown>)
      : undefined;
  } catch {
    return undefined;
  }
}

export function idempotency(
  store: Pick<SubmissionStore, 'byIdempotencyKey' | 'releaseIdempotencyKey'>,
) {
  return {
    /** The request's key and fingerprint; null without a key (400 for a malformed one). */
    keyOf: requestId,
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
      return { id: stored.id, uuid: stored.uuid, answer: answerOf(stored.answer) };
    },
    /** Marks the answer to a repeated request as the stored submission's answer again. */
    replayed: (reply: FastifyReply) => markReplayed(reply),
  };
}

export type Idempotency = ReturnType<typeof idempotency>;
