/**
 * The agency inbox's API under /agency/api: staff sign-in by mail, the list with its filters,
 * a submission with its delivery log and its contact's consents, its status, its contact
 * erased, a failed delivery sent again, the CSV export and the wizards' drop-off funnel over a period.
 *
 * One encapsulated plugin (prefix AGENCY_API). Every route is a contract route (`route()`,
 * contract/openapi.ts): its parameters and body are validated before a handler runs, so a
 * malformed one is a 400. One hook signs every call in but the sign-in's own; every change
 * needs the XSRF token.
 */
import { finished } from 'node:stream';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AGENCY_API, type Handling } from '../../contract/agency';
import { berlinDay } from '../../contract/days';
import { now } from '../db/clock';
import { ApiError } from '../http/errors';
import { langOfRequest, route, type ApiContext } from '../http/context';
import { waitFor } from '../http/rateLimit';
import { plainAddress } from '../mail/address';
import { staffLoginMail } from '../mail/templates';
import { ERASED_TABLES, eraseContact, eraseDemoContacts, settled } from './erasure';
import { notesNaming } from './mentions';
import { exportCsv } from './csv';
import {
  feedbackSender,
  OPENIMMO_FEEDBACK_FILENAME,
  OPENIMMO_FEEDBACK_TYPE,
  openimmoFeedback,
} from './openimmo';
import type { FunnelCounts } from './funnel';
import { inboxQueries, type InboxFilter, type InboxSort } from './inbox';
import { workQueries } from './work';
import { matchQueries } from './matches';
import type { SubmissionReader } from './records';
import type { Staff, StaffUser } from './staff';

export { AGENCY_API };

/** Ends the transaction of a stranger's sign-in request, which keeps nothing. */
const ROLLED_BACK = new Error('rolled back: not a staff address');

declare module 'fastify' {
  interface FastifyContextConfig {
    /** A route anyone may call (the sign-in's own); every other agency route needs staff. */
    anyone?: boolean;
  }
  interface FastifyRequest {
    /** The signed-in staff member of an agency route (set by the agency plugin's hook). */
    staffUser: StaffUser | null;
  }
}

interface FilterQuery {
  kind?: InboxFilter['kind'];
  handling?: Handling;
  confirmed?: 'true' | 'false';
  from?: string;
  to?: string;
  q?: string;
  unread?: 'true';
  assignee?: string;
  matching?: 'true';
  sort?: InboxSort['by'];
  order?: InboxSort['order'];
  after?: string;
}

/** The list's order: by date newest first unless asked; by name A to Z, by status new first. */
const sortOf = (query: FilterQuery): InboxSort => {
  const by = query.sort ?? 'date';
  return { by, order: query.order ?? (by === 'date' ? 'desc' : 'asc') };
};

/** The list's filter, for staff member `viewer` (their read marks; 'me' is them). */
const filterOf = (query: FilterQuery, viewer: string): InboxFilter => ({
  viewer,
  ...(query.unread ? { unread: true } : {}),
  ...(query.matching ? { matching: true } : {}),
  ...(query.assignee
    ? {
        assignee:
          query.assignee === 'me'
            ? viewer
            : query.assignee === 'none'
              ? null
              : query.assignee.trim().toLowerCase(),
      }
    : {}),
  ...(query.kind ? { kind: query.kind } : {}),
  ...(query.handling ? { handling: query.handling } : {}),
  ...(query.confirmed ? { confirmed: query.confirmed === 'true' } : {}),
  ...(query.from ? { from: query.from } : {}),
  ...(query.to ? { to: query.to } : {}),
  ...(query.q ? { q: query.q } : {}),
});

export interface AgencyRoutesOptions {
  ctx: ApiContext;
  staff: Staff;
  records: SubmissionReader;
  funnel: FunnelCounts;
}

/** Registered with `{ prefix: AGENCY_API }` (server/routes.ts). */
export async function agencyRoutes(
  app: FastifyInstance,
  { ctx, staff, records, funnel }: AgencyRoutesOptions,
) {
  const { sql, outbox, scrubber, config, rateCounter } = ctx;
  const inbox = inboxQueries(sql);
  const work = workQueries(sql);
  const matches = matchQueries(sql, records);
  const limits = config.limits;

  app.decorateRequest('staffUser', null);
  app.addHook('onRequest', async (request) => {
    if (!request.routeOptions.config.anyone) request.staffUser = await staff.require(request);
  });
  const signedIn = (request: FastifyRequest) => request.staffUser!;

  /**
   * A staff address's key and its sign-in mail, stored together. For any other address the
   * same statements run in a transaction that is then rolled back: nothing is kept and nothing
   * is mailed, but the server does a staff address's work after the answer, so the time a next
   * request takes tells no one who is staff (docs/security.md#login-and-sessions).
   */
  async function mailKey(address: string, request: FastifyRequest) {
    const lang = langOfRequest(request);
    const isStaff = staff.isStaff(address);
    try {
      await sql.transaction(async (tx) => {
        const key = isStaff ? await staff.issueKey(tx, address) : await staff.decoyKey(tx, address);
        const url = new URL(`${ctx.publicUrl()}/agency`);
        url.searchParams.set('k', key!);
        await outbox.mail(
          tx,
          { to: address, ...staffLoginMail(lang, url.href), links: [url.href] },
          { kind: 'login' },
        );
        if (!isStaff) throw ROLLED_BACK;
      });
    } catch (error) {
      if (error !== ROLLED_BACK) throw error;
    }
    outbox.nudge();
  }

  route(
    app,
    'POST',
    '/agency/api/auth/email',
    async (request, reply: FastifyReply) => {
      // Counted per address (staff or not, the same count), per client by the route's limit.
      const address = plainAddress((request.body as { email: string }).email);
      if (address) {
        const wait = await waitFor(
          rateCounter,
          `staff-login-mail ${address}`,
          limits.loginMailsPerAddress,
          limits.windowMs,
        );
        if (wait) {
          reply.header('Retry-After', String(wait));
          throw new ApiError(429, 'rate_limited', 'rateLimited');
        }
      }
      // The same answer for every address, sent before the key and its mail are made (once
      // the answer has left, or the client has gone): neither what it says nor when it comes
      // tells anyone who is staff. Only a staff address is mailed: a mail to whatever someone
      // typed into a public form would be backscatter in the agency's name.
      if (address)
        finished(reply.raw, () => {
          mailKey(address, request).catch((error: unknown) =>
            request.log.error({ err: error }, 'a staff sign-in mail could not be stored'),
          );
        });
      return reply.send({ sent: true });
    },
    {
      config: {
        anyone: true,
        rateLimit: {
          max: limits.loginMailsPerClient,
          timeWindow: limits.windowMs,
          groupId: 'staff-login-mail',
          hook: 'preHandler',
        },
      },
    },
  );

  route(
    app,
    'POST',
    '/agency/api/auth/login',
    async (request, reply) => {
      const user = await staff.login(request, reply, (request.body as { k: string }).k);
      return { email: user.email, agency: config.agencyName };
    },
    { config: { anyone: true } },
  );

  route(app, 'GET', '/agency/api/auth/me', async (request) => ({
    email: signedIn(request).email,
    agency: config.agencyName,
  }));

  route(app, 'DELETE', '/agency/api/auth/me', async (request, reply) => {
    await staff.logout(request, reply, signedIn(request));
    return { loggedOut: true };
  });

  route(app, 'GET', '/agency/api/submissions', async (request) => {
    const query = request.query as FilterQuery;
    const viewer = signedIn(request).email;
    // The staff member's unread count comes with a filter's first page; a page further on (the
    // list growing by 'Weitere laden') does without it.
    const [page, unread] = await Promise.all([
      inbox.page(filterOf(query, viewer), {
        sort: sortOf(query),
        ...(query.after ? { after: query.after } : {}),
        count: true,
      }),
      query.after === undefined ? work.unread(viewer) : undefined,
    ]);
    return { ...page, ...(unread === undefined ? {} : { unread }) };
  });

  route(app, 'GET', '/agency/api/staff', async () => ({ staff: staff.members() }));

  route(app, 'GET', '/agency/api/submissions.csv', async (request, reply) => {
    // The first page is read before the answer starts: a failure there is an error answer
    // (a 503 when the database is gone); one later ends the download unfinished.
    const query = request.query as FilterQuery;
    const csv = await exportCsv(filterOf(query, signedIn(request).email), inbox, records, sql, {
      sort: sortOf(query),
      log: (error) => request.log.error({ err: error }, 'the CSV export failed part way'),
    });
    // The agency's day (Europe/Berlin), as the list's days are.
    const day = berlinDay(new Date(now()));
    return reply
      .type('text/csv; charset=utf-8')
      .header('Content-Disposition', `attachment; filename="anfragen-${day}.csv"`)
      .header('Cache-Control', 'no-store')
      .send(csv);
  });

  route(app, 'GET', '/agency/api/funnel', async (request) => {
    const { from, to } = request.query as { from: string; to: string };
    if (from > to) throw new ApiError(400, 'bad_period', 'badRequest');
    return funnel.report(from, to);
  });

  route(app, 'GET', '/agency/api/submissions/{uuid}', async (request) => {
    const { lang } = request.query as { lang?: 'de' | 'en' };
    const record = await records.byUuid((request.params as { uuid: string }).uuid, lang);
    if (!record) throw new ApiError(404, 'not_found', 'submissionNotFound');
    const { id, ...submission } = record;
    return {
      submission,
      deliveries: await outbox.deliveriesOf(id),
      consentLog: await records.consentLog(id),
      ...(await work.of(id, signedIn(request).email)),
    };
  });

  // Apart from the detail: the detail stays light, and the matches load (and fail) on their own.
  route(app, 'GET', '/agency/api/submissions/{uuid}/matches', async (request) => {
    const { lang } = request.query as { lang?: 'de' | 'en' };
    const found = await matches.of((request.params as { uuid: string }).uuid, lang);
    if (!found) throw new ApiError(404, 'not_found', 'submissionNotFound');
    return found;
  });

  route(app, 'PUT', '/agency/api/submissions/{uuid}/read', async (request) => {
    const { uuid } = request.params as { uuid: string };
    const { read } = request.body as { read: boolean };
    const saved = await work.setRead(uuid, signedIn(request).email, read);
    if (!saved) throw new ApiError(404, 'not_found', 'submissionNotFound');
    return saved;
  });

  route(app, 'POST', '/agency/api/submissions/{uuid}/notes', async (request, reply) => {
    const { uuid } = request.params as { uuid: string };
    const { text } = request.body as { text: string };
    const note = await work.addNote(uuid, signedIn(request).email, text);
    if (!note) throw new ApiError(404, 'not_found', 'submissionNotFound');
    return reply.code(201).send(note);
  });

  route(app, 'DELETE', '/agency/api/submissions/{uuid}/notes/{id}', async (request) => {
    const { uuid, id } = request.params as { uuid: string; id: number };
    const result = await work.deleteNote(uuid, id, signedIn(request).email);
    if (result === 'notFound') throw new ApiError(404, 'not_found', 'noteNotFound');
    if (result === 'notYours') throw new ApiError(409, 'not_your_note', 'notYourNote');
    return { deleted: true as const };
  });

  route(app, 'PUT', '/agency/api/submissions/{uuid}/assignee', async (request) => {
    const { uuid } = request.params as { uuid: string };
    const { assignee } = request.body as { assignee: string | null };
    const address = assignee === null ? null : assignee.trim().toLowerCase();
    // Only a staff member (AGENCY_USERS) or nobody.
    if (address !== null && !staff.isStaff(address))
      throw new ApiError(400, 'not_staff', 'notStaff');
    if (!(await work.assign(uuid, address)))
      throw new ApiError(404, 'not_found', 'submissionNotFound');
    return { uuid, assignee: address };
  });

  route(
    app,
    'GET',
    '/agency/api/submissions/{uuid}/openimmo-feedback.xml',
    async (request, reply) => {
      const record = await records.byUuid((request.params as { uuid: string }).uuid);
      const xml = record && openimmoFeedback(record, feedbackSender(config), ctx.publicUrl());
      if (!xml) throw new ApiError(404, 'not_found', 'submissionNotFound');
      return reply
        .type(OPENIMMO_FEEDBACK_TYPE)
        .header('Content-Disposition', `attachment; filename="${OPENIMMO_FEEDBACK_FILENAME}"`)
        .header('Cache-Control', 'no-store')
        .send(xml);
    },
  );

  route(app, 'PUT', '/agency/api/submissions/{uuid}/handling', async (request) => {
    const { uuid } = request.params as { uuid: string };
    const { handling } = request.body as { handling: Handling };
    if (!(await inbox.setHandling(uuid, handling)))
      throw new ApiError(404, 'not_found', 'submissionNotFound');
    return { uuid, handling };
  });

  // The submission's contact, erased with everything that holds its data (docs/security.md#erasure).
  // Staff are shown the notes elsewhere that name it, before and as they erase it.
  route(app, 'DELETE', '/agency/api/submissions/{uuid}/contact', async (request) => {
    const { uuid } = request.params as { uuid: string };
    const erased = await sql.transaction(async (tx) => {
      const of = await tx.one<{ contact_id: number }>(
        'SELECT contact_id FROM submissions WHERE uuid = ?',
        uuid,
      );
      if (!of) return null;
      const mentions = await notesNaming(tx, of.contact_id);
      const removed = await eraseContact(tx, outbox, of.contact_id, {
        by: 'staff',
        staff: signedIn(request).email,
      });
      return removed && { erasure: removed, mentions };
    });
    if (!erased) throw new ApiError(404, 'not_found', 'submissionNotFound');
    // Answered once the sends under way that carry the contact have ended (settled).
    const removed = await settled(sql, erased.erasure);
    await scrubber.afterErasure(ERASED_TABLES);
    outbox.nudge();
    return { erased: true as const, removed, mentions: erased.mentions };
  });

  route(app, 'GET', '/agency/api/submissions/{uuid}/contact/mentions', async (request) => {
    const { uuid } = request.params as { uuid: string };
    const of = await sql.one<{ contact_id: number }>(
      'SELECT contact_id FROM submissions WHERE uuid = ?',
      uuid,
    );
    if (!of) throw new ApiError(404, 'not_found', 'submissionNotFound');
    return { mentions: await notesNaming(sql, of.contact_id) };
  });

  // The seeded demo entries, erased at once like any contact.
  route(app, 'DELETE', '/agency/api/demo', async (request) => {
    const erasures = await sql.transaction((tx) =>
      eraseDemoContacts(tx, outbox, signedIn(request).email),
    );
    for (const erasure of erasures) await settled(sql, erasure);
    if (erasures.length) await scrubber.afterErasure(ERASED_TABLES);
    outbox.nudge();
    return { contacts: erasures.length };
  });

  route(app, 'POST', '/agency/api/deliveries/{id}/retry', async (request) => {
    const { id } = request.params as { id: number };
    if (!(await outbox.delivery(id))) throw new ApiError(404, 'not_found', 'deliveryNotFound');
    // Its contact was erased: what it carried is gone, and it is never sent again.
    if (await outbox.erased(id)) throw new ApiError(409, 'delivery_erased', 'deliveryErased');
    // Only a failed delivery is sent again; anything else is left as it is.
    await outbox.retry(id);
    return outbox.delivery(id);
  });
}
