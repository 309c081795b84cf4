/** The logged-in contact's own record (product 2.10, §7). */
import type { FastifyInstance } from 'fastify';
import { CONSENT_BOXES, CONTACT_RECORD_KEYS } from '../../contract/contact';
import type { ConsentBox, RecordContact } from '../agency/records';
import { visitorReplyTo, withdrawalNotice } from '../agency/notices';
import { now } from '../db/clock';
import type { Param } from '../db/sql';
import { CONSENT_COLUMNS, CONTACT_COLUMNS, Q } from '../db/statements';
import { clean, route, type ApiContext, type ContactInput } from '../http/context';
import { ApiError } from '../http/errors';
import { keptAnswers } from '../http/idempotency';
import { ERASED_TABLES, eraseContact, settled } from '../agency/erasure';

export function contactRecord(row: Record<string, unknown>) {
  return {
    email: row.email as string,
    ...(Object.fromEntries(CONTACT_COLUMNS.map((c) => [c, row[c] as string])) as Record<
      (typeof CONTACT_COLUMNS)[number],
      string
    >),
    customFields: {
      dataPrivacy: row.data_privacy === 1,
      acceptContact: row.accept_contact === 1,
      newsletter: row.newsletter === 1,
    },
  };
}

export async function contactRoutes(app: FastifyInstance, ctx: ApiContext) {
  const { sql, config, outbox, scrubber, sessions } = ctx;
  const kept = keptAnswers(sql);

  route(app, 'GET', '/v1/contact', async (request, reply) => {
    const user = await sessions.require(request, reply);
    return contactRecord((await sql.one(Q.contactById, user.contactId))!);
  });

  // A change sent again after a network failure with its Idempotency-Key gets the first answer
  // again: it does not undo a change the contact made in between (another tab).
  route(app, 'PUT', '/v1/contact', async (request, reply) => {
    const user = await sessions.require(request, reply);
    const { id, first } = await kept.repeatOf(
      request,
      reply,
      `contact ${user.contactId}`,
      user.contactId,
    );
    if (first) return first.body;
    const input = clean(request.body as ContactInput);
    const at = now();
    const answer = await kept.run(id, reply, async (tx) => {
      const current = (await tx.one(Q.contactById, user.contactId))!;
      const withdrawn: ConsentBox[] = [];
      const values: Record<string, unknown> = Object.fromEntries(
        CONTACT_COLUMNS.map((c) => [c, input[c] ?? '']),
      );
      // A box not sent stays as it was; a changed one is recorded as a consent given or withdrawn.
      for (const box of CONSENT_BOXES) {
        const column = CONSENT_COLUMNS[box];
        const given = input.customFields?.[box];
        values[column] = typeof given === 'boolean' ? (given ? 1 : 0) : current[column];
        if (typeof given === 'boolean' && (given ? 1 : 0) !== current[column]) {
          await tx.run(
            Q.insertConsent,
            user.contactId,
            null,
            box,
            given ? 1 : 0,
            config.consentTextVersion,
            at,
          );
          if (!given) withdrawn.push(box);
        }
      }
      await tx.run(Q.updateContact, { ...values, at, id: user.contactId } as Record<string, Param>);
      // The agency's systems learn of a withdrawal with the change itself (the outbox).
      if (withdrawn.length)
        await outbox.webhook(
          tx,
          'consent.withdrawn',
          { contact: { email: current.email as string }, withdrawn, at },
          null,
          [user.contactId],
        );
      // And the agency by a notice, filed with the submission that put the consent in force.
      if (withdrawn.length && config.agencyEmail) {
        const source = await tx.one<{ id: number; uuid: string }>(
          Q.consentSource,
          user.contactId,
          withdrawn[0]!,
        );
        const contact = Object.fromEntries(
          CONTACT_RECORD_KEYS.map((key) => [key, String(current[key] ?? '')]),
        ) as unknown as RecordContact;
        const inboxUrl = `${ctx.publicUrl()}/agency${source ? `/submissions/${source.uuid}` : ''}`;
        await outbox.mail(
          tx,
          {
            to: config.agencyEmail,
            ...withdrawalNotice(contact, withdrawn, at, inboxUrl),
            replyTo: visitorReplyTo(contact),
            links: [],
          },
          { kind: 'notice', submissionId: source?.id ?? null, contactId: user.contactId },
        );
      }
      return { status: 200, body: contactRecord((await tx.one(Q.contactById, user.contactId))!) };
    });
    outbox.nudge();
    return answer.body;
  });

  // 'Konto löschen': the contact erases itself as staff would (docs/security.md#erasure); its
  // session ends with it.
  route(app, 'DELETE', '/v1/contact', async (request, reply) => {
    const user = await sessions.require(request, reply);
    const erasure = await sql.transaction((tx) =>
      eraseContact(tx, outbox, user.contactId, { by: 'contact' }),
    );
    // Answered once the sends under way that carry the contact have ended (settled).
    const removed = erasure && (await settled(sql, erasure));
    if (removed) await scrubber.afterErasure(ERASED_TABLES);
    // The session's row went with the contact: this clears its cookie.
    await sessions.end(request, reply, user);
    reply.removeHeader('X-WP-Nonce');
    outbox.nudge();
    // Erased meanwhile (by staff, or another tab): nothing is logged in any more.
    if (!removed) throw new ApiError(403, 'rest_not_logged_in', 'notLoggedIn');
    return { erased: true as const, removed };
  });
}
