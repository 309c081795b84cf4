/**
 * The anonymous wizard submissions (spec 7, double opt-in): lead, saved search, listing
 * inquiry, contact message and newsletter, and the confirmation that closes them.
 */
import crypto from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { CONSENT_BOXES } from '../../contract/contact';
import { keyHash, timedKey, uuidv7 } from '../auth/crypto';
import { now } from '../db/clock';
import { insertRow, insertRowId, insertSubmissionAtOnce, storeContact, type Row } from '../db/rows';
import { DatabaseUnavailable, isUniqueViolation, type Param, type Queryable } from '../db/sql';
import { CONSENT_COLUMNS, CONTACT_COLUMNS, Q } from '../db/statements';
import type { SubmissionRecord } from '../agency/records';
import { funnelRow, WIZARD_OF_KIND } from '../agency/funnel';
import { searchTextOf } from '../agency/inbox';
import { agencyNotice } from '../delivery/notices';
import { confirmMail, type SubmissionKind } from '../mail/templates';
import {
  clean,
  langOfRequest,
  linkFor,
  route,
  type ApiContext,
  type Handler,
  type ContactInput,
  type LeadInput,
  type Meta,
  type SavedSearchInput,
} from './context';
import { ApiError } from './errors';
import { idempotency, type RequestId, type StoredAnswer } from './idempotency';
import { clientLimit } from './rateLimit';
import {
  checkCategory,
  checkFields,
  checkSavedSearch,
  savedSearchRow,
  updateSavedSearch,
} from './savedSearches';

const CONFIRM_KEY_MS = 7 * 24 * 60 * 60 * 1000;
const IDEMPOTENCY_INDEX = {
  table: 'submissions',
  column: 'idempotency_key',
  index: 'submissions_idempotency',
};

export function requireConsent(contact: ContactInput) {
  if (contact.customFields?.dataPrivacy !== true || contact.customFields?.acceptContact !== true) {
    throw new ApiError(400, 'consent_required', 'consentRequired');
  }
}

/** The consent boxes sent with a submission, as the submission keeps them (1 given, 0 not). */
function consentsOf(contact: ContactInput): string {
  const boxes: Record<string, number> = {};
  for (const box of CONSENT_BOXES) {
    const given = contact.customFields?.[box];
    if (typeof given === 'boolean') boxes[box] = given ? 1 : 0;
  }
  return JSON.stringify(boxes);
}

/** A submission's answer: 201 with its uuid, alike for a bot, a first try and a retry. */
function accepted(reply: FastifyReply, uuid: string) {
  return reply.code(201).send({ success: true, uuid });
}

export async function submissionRoutes(app: FastifyInstance, ctx: ApiContext) {
  const { sql, config, outbox, sessions } = ctx;
  const limits = config.limits;
  const { records } = ctx;
  const markNoticed = 'UPDATE submissions SET noticed_at = ? WHERE id = ?';
  const inboxUrl = (uuid: string) => `${ctx.publicUrl()}/agency/submissions/${uuid}`;

  /**
   * Inside the transaction of a submission or its confirmation: the agency's notice (once per
   * submission, AGENCY_NOTICE decides when) and the webhook of the event.
   */
  async function tellAgency(
    tx: Queryable,
    submissionId: number,
    event: 'submission.created' | 'submission.confirmed',
  ) {
    const record = (await records.read(tx, submissionId)) as SubmissionRecord;
    const noticeDue =
      config.agencyEmail &&
      (event === 'submission.confirmed' || config.agencyNotice === 'on-submit') &&
      !(await tx.one<{ noticed_at: string | null }>(Q.submissionById, submissionId))!.noticed_at;
    if (noticeDue) {
      await outbox.mail(
        tx,
        { to: config.agencyEmail!, ...agencyNotice(record, inboxUrl(record.uuid)), links: [] },
        { kind: 'notice', submissionId },
      );
      await tx.run(markNoticed, now(), submissionId);
    }
    if (outbox.webhooksOn) {
      const { id: _id, ...submission } = record;
      await outbox.webhook(tx, event, { submission }, submissionId);
    }
  }
  const idem = idempotency();
  // Every submission route counts against one limit per client, each request once: in the
  // statement that stores it where that is one (PostgreSQL), else before it is stored, and a
  // request refused before that when it is refused.
  const limit = clientLimit(ctx.rateCounter, {
    max: limits.submissionsPerWindow,
    windowMs: limits.windowMs,
    group: 'submissions',
  });
  const limited =
    (handler: Handler): Handler =>
    async (request, reply) => {
      try {
        return await handler(request, reply);
      } catch (error) {
        // A database that cannot be reached cannot count the request either: the 503 goes
        // out at once, after the one wait for the database.
        if (!(error instanceof DatabaseUnavailable)) await limit.count(request, reply);
        throw error;
      }
    };

  /** A stored answer is not replayed once its contact has withdrawn consent since. */
  async function refuseWithdrawn(answer: StoredAnswer) {
    if (await sql.one(Q.withdrawnSince, answer.id))
      throw new ApiError(409, 'consent_withdrawn', 'consentWithdrawn');
  }

  /** A submission ready to store: its rows, and what decides how they are stored. */
  interface Pending {
    request: FastifyRequest;
    reply: FastifyReply;
    /** Its Idempotency-Key and fingerprint, when the request has a key. */
    id: RequestId | null;
    contactRow: Row;
    submissionRow: Row;
    /** What it brings besides: its kind's row, confirmation key, mail and funnel count. */
    rows: Row[];
    tellsAgency: boolean;
  }

  // PostgreSQL without a notice or webhook on submit: one statement, one round trip, the
  // rate-limit hit counted in it. Else one transaction, whose commit concurrent submissions
  // share (group commit on SQLite).
  async function store(p: Pending) {
    const { request, reply } = p;
    if (sql.dialect === 'postgres' && !p.tellsAgency) {
      // No gate once the request is counted (a second try): the statement stores it as it is.
      const gate = await limit.gate(request);
      if (!gate) await limit.count(request, reply);
      const stored = await insertSubmissionAtOnce(
        sql,
        p.contactRow,
        p.submissionRow,
        p.rows,
        gate ?? undefined,
      );
      if (stored.hit) limit.answer(request, reply, stored.hit);
      return;
    }
    await limit.count(request, reply);
    await sql.batch(async (tx) => {
      const contactId = await storeContact(tx, p.contactRow);
      const ids = {
        contact_id: contactId,
        submission_id: (await insertRowId(tx, p.submissionRow, { contact_id: contactId }))!,
      };
      for (const row of p.rows) await insertRow(tx, row, ids);
      if (p.tellsAgency) await tellAgency(tx, ids.submission_id, 'submission.created');
    });
  }

  /**
   * Stores a submission without looking its Idempotency-Key up first. Only when the key is
   * taken (the unique index refuses it, also when another process stored a try of this request
   * a moment before; the statement or transaction is undone, with a hit counted in it) is it
   * looked up: this request's stored answer (a retry), a 422 (another request), or a day-old
   * key released, and the submission stored once more. Resolves to the stored answer of a retry.
   */
  async function storeOnce(p: Pending): Promise<StoredAnswer | null> {
    for (let tries = 1; ; tries += 1) {
      try {
        await store(p);
        return null;
      } catch (error) {
        if (!p.id || !isUniqueViolation(error, IDEMPOTENCY_INDEX)) throw error;
        await limit.count(p.request, p.reply);
        const stored = await idem.find(sql, p.id);
        if (stored) return stored;
        if (tries === 2) throw error;
      }
    }
  }

  /** Rate limit, honeypot, idempotency, consent, storage and the confirmation mail. */
  async function submit(
    request: FastifyRequest,
    reply: FastifyReply,
    kind: SubmissionKind,
    /** The kind's own row (lead, saved search, inquiry, message), linked to the submission. */
    detail: Row,
    /** A lead's property: the inbox's search finds it by its place too. */
    place?: { zip?: string; city?: string },
  ) {
    const body = request.body as { contact: ContactInput; meta?: Meta };
    const uuid = uuidv7();
    // Bots fill the hidden field, or leave out what the widget always sends: no fill time
    // counts as too fast, no honeypot as filled (both only while the timer is on).
    const checks = limits.minFillMs > 0;
    const bot =
      (body.meta?.website ?? '') !== '' ||
      (checks && (body.meta?.website === undefined || (body.meta?.fillMs ?? 0) < limits.minFillMs));
    if (bot) {
      await limit.count(request, reply);
      request.log.info({ ip: request.ip, kind }, 'submission dropped as a bot');
      return accepted(reply, uuid);
    }
    const id = idem.keyOf(request, (await sessions.current(request))?.tokenHash ?? request.ip);
    const contact = clean(body.contact);
    requireConsent(contact);
    const language = langOfRequest(request);
    const key = timedKey();
    const link = linkFor(ctx, key, language);
    const mail = { to: contact.email, ...confirmMail(language, kind, link), links: [link] };
    const tellsAgency = outbox.webhooksOn || config.agencyNotice === 'on-submit';
    const at = now();
    const contactValues: Record<string, Param> = { email: contact.email };
    for (const column of CONTACT_COLUMNS) contactValues[column] = contact[column] ?? '';
    contactValues.language = language;
    contactValues.created_at = at;
    contactValues.updated_at = at;
    const contactRow: Row = { table: 'contacts', values: contactValues };
    const submissionRow: Row = {
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
        search_text: searchTextOf(contact, place),
      },
      links: ['contact_id'],
    };
    // What the submission brings: its kind's row, the confirmation key, the mail (the
    // outbox: stored with the submission) and the funnel's count.
    const rows: Row[] = [
      detail,
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
    ];
    const replayed = await storeOnce({
      request,
      reply,
      id,
      contactRow,
      submissionRow,
      rows,
      tellsAgency,
    });
    if (replayed) {
      await refuseWithdrawn(replayed);
      return accepted(idem.replayed(reply), replayed.uuid);
    }
    outbox.nudge();
    return accepted(reply, uuid);
  }

  route(
    app,
    'POST',
    '/v1/wizard/lead',
    limited(async (request, reply) => {
      const { lead, message } = request.body as { lead: LeadInput; message?: string };
      checkCategory(lead);
      checkFields(lead.categoryId, lead.fields);
      return submit(
        request,
        reply,
        'lead',
        {
          table: 'leads',
          values: {
            object_type: lead.objectType,
            category_id: lead.categoryId,
            marketing_type: lead.marketingType,
            location: JSON.stringify(lead.location),
            fields: JSON.stringify(lead.fields),
            message: (message ?? '').trim(),
          },
          links: ['submission_id'],
        },
        lead.location,
      );
    }),
  );

  route(
    app,
    'POST',
    '/v1/wizard/saved-search',
    limited(async (request, reply) => {
      const { savedSearch, contact } = request.body as {
        savedSearch: SavedSearchInput;
        contact: ContactInput;
      };
      if (savedSearch.uuid) {
        // Editing: only the logged-in owner with the session's nonce, and no new opt-in.
        await limit.count(request, reply);
        const user = await sessions.require(request, reply);
        requireConsent(clean(contact));
        await updateSavedSearch(ctx, user.contactId, savedSearch.uuid, savedSearch);
        return reply.code(201).send({ success: true, uuid: savedSearch.uuid });
      }
      checkSavedSearch(ctx, savedSearch);
      return submit(request, reply, 'savedSearch', {
        ...savedSearchRow(savedSearch, true),
        links: ['contact_id', 'submission_id'],
      });
    }),
  );

  route(
    app,
    'POST',
    '/v1/wizard/expose-inquiry',
    limited(async (request, reply) => {
      const { exposeInquiry } = request.body as {
        exposeInquiry: { objectId: number; message?: string };
      };
      if (!(await sql.one(Q.listing, exposeInquiry.objectId)))
        throw new ApiError(400, 'unknown_object', 'unknownObject');
      return submit(request, reply, 'exposeInquiry', {
        table: 'expose_inquiries',
        values: {
          uuid: crypto.randomUUID(),
          listing_id: exposeInquiry.objectId,
          message: (exposeInquiry.message ?? '').trim(),
          created_at: now(),
        },
        links: ['submission_id', 'contact_id'],
      });
    }),
  );

  route(
    app,
    'POST',
    '/v1/wizard/contact',
    limited(async (request, reply) => {
      const body = request.body as { message?: string; type?: 'contact' | 'newsletter' };
      const type = body.type ?? 'contact';
      return submit(request, reply, type === 'newsletter' ? 'newsletter' : 'contact', {
        table: 'contact_messages',
        values: { type, message: (body.message ?? '').trim(), created_at: now() },
        links: ['submission_id', 'contact_id'],
      });
    }),
  );

  route(app, 'POST', '/v1/wizard/confirm', async (request) => {
    const key = await sql.one<{
      purpose: string;
      submission_id: number | null;
      expires_at: string;
    }>(Q.key, keyHash((request.body as { k: string }).k));
    if (
      !key ||
      key.purpose !== 'confirm' ||
      !key.submission_id ||
      Date.parse(key.expires_at) <= Date.now()
    ) {
      throw new ApiError(403, 'invalid_key', 'invalidKey');
    }
    const opcode = await sql.transaction(async (tx) => {
      const submission = await tx.one<{
        id: number;
        kind: string;
        contact_id: number;
        contact_data: string;
        status: string;
        consent_text_version: string | null;
      }>(Q.submissionById, key.submission_id);
      if (!submission || submission.status === 'confirmed') return 'AlreadyConfirmed' as const;
      const at = now();
      const data = JSON.parse(submission.contact_data) as ContactInput;
      const newsletter = data.customFields?.newsletter;
      // Two confirmations at once (two processes): the one that changes the status tells.
      if ((await tx.run(Q.confirmSubmission, at, submission.id)) !== 1)
        return 'AlreadyConfirmed' as const;
      const newsletterNow =
        submission.kind === 'newsletter' && typeof newsletter === 'boolean'
          ? Number(newsletter)
          : newsletter === true
            ? 1
            : null;
      // The consents this confirmation puts in force (or, on the newsletter page, takes back)
      // are changes of the contact's consents: recorded with their time, as the portal's are.
      const before = (await tx.one<Record<string, number>>(Q.contactById, submission.contact_id))!;
      const after = { data_privacy: 1, accept_contact: 1, newsletter: newsletterNow };
      for (const [box, column] of Object.entries(CONSENT_COLUMNS)) {
        const value = after[column];
        if (value !== null && value !== before[column])
          await tx.run(
            Q.insertConsent,
            submission.contact_id,
            submission.id,
            box,
            value,
            submission.consent_text_version ?? config.consentTextVersion,
            at,
          );
      }
      await tx.run(Q.confirmContact, {
        ...Object.fromEntries(CONTACT_COLUMNS.map((c) => [c, data[c] ?? ''])),
        newsletter: newsletterNow,
        at,
        id: submission.contact_id,
      } as Record<string, Param>);
      // The agency hears of it now (unless AGENCY_NOTICE=on-submit told it already).
      await tellAgency(tx, submission.id, 'submission.confirmed');
      await ctx.funnel.count(tx, WIZARD_OF_KIND[submission.kind as SubmissionKind], 'confirmed');
      return 'Contact' as const;
    });
    outbox.nudge();
    return { opcode };
  });
}
