/**
 * Where the submission service keeps submissions: a port with one implementation per database
 * (sqliteStore.ts, postgresStore.ts). They differ in how a new submission is stored, the
 * service's one hot path; the statements around it (an Idempotency-Key's submission, a
 * confirmation key, the confirmation's changes) are the same on both and written once here.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Row } from '../db/rows';
import { isUniqueViolation, type Param, type Queryable, type Sql } from '../db/sql';
import { Q } from '../db/statements';
import type { ClientLimit } from '../http/rateLimit';

/** A submission ready to store: its rows, and the request it came with. */
export interface NewSubmission {
  request: FastifyRequest;
  reply: FastifyReply;
  /** The contact's row; a known e-mail address keeps its existing contact. */
  contact: Row;
  /** The submission's row; its contact_id is a link to the contact's id. */
  submission: Row;
  /** What it brings besides (its kind's row, confirmation key, mail, funnel count), linked. */
  rows: Row[];
}

/** Work inside a new submission's transaction, given its id (the agency's notice, a webhook). */
export type WithStored = (tx: Queryable, submissionId: number) => Promise<void>;

/** Another submission holds the Idempotency-Key: nothing was stored (the request counted). */
export class IdempotencyKeyTaken extends Error {
  constructor(override readonly cause: unknown) {
    super('the Idempotency-Key is taken');
  }
}

/** The unique index that decides between two submissions of one Idempotency-Key. */
const IDEMPOTENCY_INDEX = {
  table: 'submissions',
  column: 'idempotency_key',
  index: 'submissions_idempotency',
};

/** `error`, or IdempotencyKeyTaken when it is the unique index's refusal of the key. */
export const keyTakenOr = (error: unknown) =>
  isUniqueViolation(error, IDEMPOTENCY_INDEX) ? new IdempotencyKeyTaken(error) : error;

/** A submission as its confirmation reads it. */
export interface StoredSubmission {
  id: number;
  kind: string;
  contact_id: number;
  contact_data: string;
  status: string;
  consent_text_version: string | null;
  noticed_at: string | null;
}

export interface SubmissionStore {
  /**
   * Stores `submission` and every row it brings at once (all or nothing), and counts its
   * request against its client's `limit` unless it was counted: over the limit, the answer is
   * a 429 and nothing is stored. `withStored` runs in the same transaction. A taken
   * Idempotency-Key throws IdempotencyKeyTaken.
   */
  add(submission: NewSubmission, limit: ClientLimit, withStored?: WithStored): Promise<void>;
  /** The submission an Idempotency-Key stored, with its fingerprint and time. */
  byIdempotencyKey(
    key: string,
  ): Promise<
    | { id: number; uuid: string; fingerprint: string; created_at: string; answer: string | null }
    | undefined
  >;
  /** Frees a submission's Idempotency-Key for a new request (the submission stays). */
  releaseIdempotencyKey(submissionId: number): Promise<void>;
  /** Whether the submission's contact took back a required consent after sending it. */
  withdrawnSince(submissionId: number): Promise<boolean>;
  /** A listing's number, title and place, its category and price, or undefined. */
  listing(id: number): Promise<
    | {
        custom_id: string;
        title: string;
        zip: string;
        city: string;
        category_id: number;
        price_title: string;
        price_text: string;
      }
    | undefined
  >;
  /** A confirmation or login key, by its hash. */
  key(
    keyHash: string,
  ): Promise<{ purpose: string; submission_id: number | null; expires_at: string } | undefined>;
  /** Runs `work` in one transaction. */
  transaction<T>(work: (tx: Queryable) => Promise<T>): Promise<T>;
  submission(tx: Queryable, id: number): Promise<StoredSubmission | undefined>;
  /** Marks a submission confirmed; false when it was (another process was first). */
  markConfirmed(tx: Queryable, id: number, at: string): Promise<boolean>;
  markNoticed(tx: Queryable, id: number, at: string): Promise<void>;
  contact(tx: Queryable, id: number): Promise<Record<string, Param>>;
  /** A change of one of a contact's consents, with the submission that made it. */
  recordConsent(
    tx: Queryable,
    change: {
      contactId: number;
      submissionId: number;
      box: string;
      given: number;
      textVersion: string;
      at: string;
    },
  ): Promise<void>;
  /** A confirmed contact's data and consents (Q.confirmContact's parameters). */
  confirmContact(tx: Queryable, values: Record<string, Param>): Promise<void>;
}

/** Everything but `add`: the statements both databases run alike. */
export function sharedStatements(sql: Sql): Omit<SubmissionStore, 'add'> {
  return {
    byIdempotencyKey: (key) => sql.one(Q.submissionByIdempotencyKey, key),
    releaseIdempotencyKey: async (submissionId) => {
      await sql.run(Q.releaseIdempotencyKey, submissionId);
    },
    withdrawnSince: async (submissionId) => !!(await sql.one(Q.withdrawnSince, submissionId)),
    listing: (id) => sql.one(Q.listing, id),
    key: (keyHash) => sql.one(Q.key, keyHash),
    transaction: (work) => sql.transaction(work),
    submission: (tx, id) => tx.one(Q.submissionById, id),
    markConfirmed: async (tx, id, at) => (await tx.run(Q.confirmSubmission, at, id)) === 1,
    markNoticed: async (tx, id, at) => {
      await tx.run(Q.markNoticed, at, id);
    },
    contact: async (tx, id) => (await tx.one<Record<string, Param>>(Q.contactById, id))!,
    recordConsent: async (tx, change) => {
      await tx.run(
        Q.insertConsent,
        change.contactId,
        change.submissionId,
        change.box,
        change.given,
        change.textVersion,
        change.at,
      );
    },
    confirmContact: async (tx, values) => {
      await tx.run(Q.confirmContact, values);
    },
  };
}
