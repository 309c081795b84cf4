/**
 * The anonymous wizards' submissions (product §7, double opt-in): a submission is checked for
 * a bot, counted against its client's limit, bound to its Idempotency-Key, stored with its
 * confirmation key and mail (and the agency's notice or webhook when they are due at once),
 * and confirmed by the mailed link, which tells the agency. Storage goes through the store of
 * the server's database (store.ts).
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import { CONSENT_BOXES } from '../../contract/contact';
import { funnelRow, WIZARD_OF_KIND, type FunnelCounts } from '../agency/funnel';
import { listColumnsOf, type ListedParts } from '../agency/inbox';
import type { SubmissionReader } from '../agency/records';
import { keyHash, timedKey, uuidv7 } from '../auth/crypto';
import { now } from '../db/clock';
import type { Row } from '../db/rows';
import { DatabaseUnavailable, type Param, type Queryable } from '../db/sql';
import { CONSENT_COLUMNS, CONTACT_COLUMNS } from '../db/statements';
import {
  clean,
  langOfRequest,
  linkFor,
  type ApiContext,
  type ContactInput,
  type Handler,
  type Meta,
} from '../http/context';
import { ApiError } from '../http/errors';
import { clientLimit } from '../http/rateLimit';
import { confirmMail, type Lang, type SubmissionKind } from '../mail/templates';
import { idempotency, type RequestId, type StoredAnswer } from './idempotency';
import { requireConsent } from './input';
import {
  IdempotencyKeyTaken,
  type NewSubmission,
  type SubmissionStore,
  type WithStored,
} from './store';
import { agencyTeller } from './tellAgency';
import { writeSubmissionSearchTerms } from '../matching/terms';

const CONFIRM_KEY_MS = 7 * 24 * 60 * 60 * 1000;

/** The consent boxes sent with a submission, as the submission keeps them (1 given, 0 not). */
function consentsOf(contact: ContactInput): string {
  const boxes: Record<string, number> = {};
  for (const box of CONSENT_BOXES) {
    const given = contact.customFields?.[box];
    if (typeof given === 'boolean') boxes[box] = given ? 1 : 0;
  }
  return JSON.stringify(boxes);
}

/**
 * What a submission's answer says: its uuid, what its kind adds (`answer`, kept with the
 * submission), and whether it is a stored one's again.
 */
export interface Accepted {
  uuid: string;
  replayed: boolean;
  answer?: Record<string, unknown>;
}

/** What a kind adds to a submission: to its answer, and a paragraph to its confirmation mail. */
export interface SubmissionExtras {
  answer?: Record<string, unknown>;
  note?: (lang: Lang) => string;
  /**
   * More work in the transaction that stores it (a lead's entry for matching's job on SQLite,
   * or its telling where no search can pair with it).
   */
  alsoStored?: AlsoStored;
  /** More rows stored with it, in its statement (a lead's place in the lead-side index). */
  rows?: Row[];
  /**
   * The service does not tell the agency of it in its transaction: the kind sees to that (a
   * lead: matching's job, with its pairs, or its own `alsoStored` work).
   */
  toldLater?: boolean;
}

/** Work in a submission's transaction: `before` the agency is told of it, and `after`. */
export interface AlsoStored {
  before?: WithStored;
  after?: WithStored;
}

export type ConfirmOpcode = 'Contact' | 'AlreadyConfirmed' | 'Login';

/** Takes a lead's tell from matching's job (server/matching/job.ts): one row changed when due. */
const TELL_NOW = 'UPDATE lead_changes SET tell = 0 WHERE submission_id = ? AND tell = 1';

export function submissionService(
  ctx: ApiContext,
  agency: { records: SubmissionReader; funnel: FunnelCounts },
  store: SubmissionStore,
) {
  const { config, outbox, sessions } = ctx;
  const limits = config.limits;
  const idem = idempotency(store);
  const teller = agencyTeller(ctx, agency.records, store);
  const toldAtSubmit = (tx: Queryable, submissionId: number) =>
    teller.tell(tx, submissionId, 'submission.created');
  // Every submission route counts against one limit per client, each request once: in the
  // statement that stores it where the store can, else before it is stored, and a request
  // refused before that when it is refused.
  const limit = clientLimit(ctx.rateCounter, {
    max: limits.submissionsPerWindow,
    windowMs: limits.windowMs,
    group: 'submissions',
  });

  /**
   * Stores a submission without looking its Idempotency-Key up first. Only when the key is
   * taken (the unique index refuses it, also when another process stored a try of this request
   * a moment before; nothing is stored, the request counted) is it looked up: this request's
   * stored answer (a retry), a 422 (another request), or a day-old key released, and the
   * submission stored once more. Resolves to the stored answer of a retry.
   */
  async function storeOnce(
    p: NewSubmission,
    id: RequestId | null,
    alsoStored: AlsoStored,
    toldLater: boolean,
  ): Promise<StoredAnswer | null> {
    const steps = [
      alsoStored.before,
      teller.atSubmit && !toldLater ? toldAtSubmit : undefined,
      alsoStored.after,
    ].filter((step): step is WithStored => step !== undefined);
    const withStored: WithStored | undefined = steps.length
      ? async (tx, submissionId) => {
          for (const step of steps) await step(tx, submissionId);
        }
      : undefined;
    for (let tries = 1; ; tries += 1) {
      try {
        await store.add(p, limit, withStored);
        return null;
      } catch (error) {
        if (!id || !(error instanceof IdempotencyKeyTaken)) throw error;
        await limit.count(p.request, p.reply);
        const stored = await idem.find(id);
        if (stored) return stored;
        if (tries === 2) throw error.cause;
      }
    }
  }

  return {
    /**
     * `handler` with the submissions' limit: a request the handler refuses counts too (a
     * database that cannot be reached cannot count it: its 503 goes out at once).
     */
    limited:
      (handler: Handler): Handler =>
      async (request, reply) => {
        try {
          return await handler(request, reply);
        } catch (error) {
          if (!(error instanceof DatabaseUnavailable)) await limit.count(request, reply);
          throw error;
        }
      },

    /** Whether the agency hears of a submission when it is stored (else at its confirmation). */
    tellsAtSubmit: teller.atSubmit,

    /**
     * Tells the agency of stored submission `submissionId` through `tx`, as its submission
     * would have (for a submission stored with `toldLater`).
     */
    tellStored: toldAtSubmit,

    /** A listing a visitor may ask about, or undefined. */
    listing: (id: number) => store.listing(id),

    /** Counts a request that stores no submission (the wizard's edit of a saved search). */
    count: (request: FastifyRequest, reply: FastifyReply) => limit.count(request, reply),

    /**
     * A visitor's submission of `kind`: bot check, Idempotency-Key, consent, storage with its
     * confirmation mail. `detail` is the kind's own row, linked to the submission; `parts`
     * what the inbox's list shows and finds it by besides its contact (its 'Ort', message,
     * listing, regions); `extras` what its answer and mail say besides, and more work in the
     * transaction that stores it, before the agency is told of it and after (a lead's matched
     * pairs, which its notice and webhook count, then their announcements).
     */
    async submit(
      request: FastifyRequest,
      reply: FastifyReply,
      kind: SubmissionKind,
      detail: Row,
      parts: ListedParts = {},
      {
        answer,
        note,
        alsoStored = {},
        rows: extraRows = [],
        toldLater = false,
      }: SubmissionExtras = {},
    ): Promise<Accepted> {
      const body = request.body as { contact: ContactInput; meta?: Meta };
      const uuid = uuidv7();
      // Bots fill the hidden field, or leave out what the widget always sends: no fill time
      // counts as too fast, no honeypot as filled (both only while the timer is on). A bot is
      // answered as if its submission were stored.
      const checks = limits.minFillMs > 0;
      const bot =
        (body.meta?.website ?? '') !== '' ||
        (checks &&
          (body.meta?.website === undefined || (body.meta?.fillMs ?? 0) < limits.minFillMs));
      if (bot) {
        await limit.count(request, reply);
        request.log.info({ ip: request.ip, kind }, 'submission dropped as a bot');
        return { uuid, replayed: false, answer };
      }
      const id = idem.keyOf(request, (await sessions.current(request))?.tokenHash ?? request.ip);
      const contact = clean(body.contact);
      requireConsent(contact);
      const language = langOfRequest(request);
      const key = timedKey();
      const link = linkFor(ctx, key, language);
      const mail = {
        to: contact.email,
        ...confirmMail(language, kind, link, note?.(language)),
        links: [link],
      };
      const at = now();
      const contactValues: Record<string, Param> = { email: contact.email };
      for (const column of CONTACT_COLUMNS) contactValues[column] = contact[column] ?? '';
      contactValues.language = language;
      contactValues.created_at = at;
      contactValues.updated_at = at;
      // What the submission brings: its kind's row, the confirmation key, the mail (the
      // outbox: stored with the submission) and the funnel's count.
      const listed = listColumnsOf(contact, parts);
      const rows: Row[] = [
        detail,
        {
          table: 'submission_texts',
          values: { text: listed.search_text },
          links: ['submission_id'],
        },
        {
          table: 'auth_keys',
          values: {
            key_hash: keyHash(key),
            purpose: 'confirm',
            created_at: at,
            expires_at: new Date(Date.now() + CONFIRM_KEY_MS).toISOString(),
          },
          links: ['contact_id', 'submission_id'],
        },
        ...outbox.mailWithNewSubmission(mail, 'confirm'),
        funnelRow(WIZARD_OF_KIND[kind], 'sent'),
        ...extraRows,
      ];
      const replayed = await storeOnce(
        {
          request,
          reply,
          contact: { table: 'contacts', values: contactValues },
          submission: {
            table: 'submissions',
            values: {
              uuid,
              kind,
              contact_data: JSON.stringify(contact),
              language,
              created_at: at,
              consents: consentsOf(contact),
              consent_text_version: config.consentTextVersion,
              idempotency_key: id?.key ?? null,
              fingerprint: id?.fingerprint ?? null,
              sort_name: listed.sort_name,
              place: listed.place,
              answer: answer ? JSON.stringify(answer) : null,
            },
            links: ['contact_id'],
          },
          rows,
        },
        id,
        alsoStored,
        toldLater,
      );
      if (replayed) {
        // A stored answer is not given again once its contact has withdrawn consent since.
        if (await store.withdrawnSince(replayed.id))
          throw new ApiError(409, 'consent_withdrawn', 'consentWithdrawn');
        idem.replayed(reply);
        return { uuid: replayed.uuid, replayed: true, answer: replayed.answer };
      }
      outbox.nudge();
      ctx.matcher.wake();
      return { uuid, replayed: false, answer };
    },

    /**
     * The mailed link's key confirms its submission, once: the submission and its contact
     * confirmed, the consents it puts in force recorded, the funnel's count, and the agency
     * told (unless AGENCY_NOTICE=on-submit told it already), in one transaction.
     */
    async confirm(k: string): Promise<ConfirmOpcode> {
      const key = await store.key(keyHash(k));
      // A login link's key is posted here first too (the widget cannot tell the two apart):
      // it is named for what it is, so that a normal login shows no refusal.
      if (key?.purpose === 'login' && Date.parse(key.expires_at) > Date.now()) return 'Login';
      if (
        !key ||
        key.purpose !== 'confirm' ||
        !key.submission_id ||
        Date.parse(key.expires_at) <= Date.now()
      ) {
        throw new ApiError(403, 'invalid_key', 'invalidKey');
      }
      const opcode = await store.transaction(async (tx): Promise<ConfirmOpcode> => {
        const submission = await store.submission(tx, key.submission_id!);
        if (!submission || submission.status === 'confirmed') return 'AlreadyConfirmed';
        const at = now();
        const data = JSON.parse(submission.contact_data) as ContactInput;
        const newsletter = data.customFields?.newsletter;
        // Two confirmations at once (two processes): the one that changes the status tells.
        if (!(await store.markConfirmed(tx, submission.id, at))) return 'AlreadyConfirmed';
        const newsletterNow =
          submission.kind === 'newsletter' && typeof newsletter === 'boolean'
            ? Number(newsletter)
            : newsletter === true
              ? 1
              : null;
        // The consents this confirmation puts in force (or, on the newsletter page, takes back)
        // are changes of the contact's consents: recorded with their time, as the portal's are.
        const before = await store.contact(tx, submission.contact_id);
        const after = { data_privacy: 1, accept_contact: 1, newsletter: newsletterNow };
        for (const [box, column] of Object.entries(CONSENT_COLUMNS)) {
          const value = after[column];
          if (value !== null && value !== before[column])
            await store.recordConsent(tx, {
              contactId: submission.contact_id,
              submissionId: submission.id,
              box,
              given: value,
              textVersion: submission.consent_text_version ?? config.consentTextVersion,
              at,
            });
        }
        await store.confirmContact(tx, {
          ...Object.fromEntries(CONTACT_COLUMNS.map((c) => [c, data[c] ?? ''])),
          newsletter: newsletterNow,
          at,
          id: submission.contact_id,
        } as Record<string, Param>);
        // A confirmed saved search counts for matching from now on: its change recorded for the
        // job, which writes and announces its pairs.
        await writeSubmissionSearchTerms(tx, submission.id, ctx);
        // A lead matching's job has not told the agency of yet is told of first, with its pairs
        // as they stand; the job then does not tell again (decision 176).
        if (teller.atSubmit && (await tx.run(TELL_NOW, submission.id)) === 1)
          await toldAtSubmit(tx, submission.id);
        await teller.tell(tx, submission.id, 'submission.confirmed');
        await agency.funnel.count(
          tx,
          WIZARD_OF_KIND[submission.kind as SubmissionKind],
          'confirmed',
        );
        return 'Contact';
      });
      outbox.nudge();
      ctx.matcher.wake();
      return opcode;
    },
  };
}

export type SubmissionService = ReturnType<typeof submissionService>;
