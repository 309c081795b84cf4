/**
 * The agency inbox's API under /agency/api (issue #20): staff sign-in by mail, the list with
 * its filters, a submission with its delivery log, its status, a failed delivery sent again,
 * the CSV export and the wizards' drop-off funnel over a period. Every call but the sign-in needs a staff session; every change the XSRF
 * token.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ApiError } from '../api/errors';
import { checkXsrf } from '../api/security';
import type { ApiContext } from '../api/context';
import { langOfRequest } from '../api/context';
import { staffLoginMail } from '../mail/templates';
import { exportCsv } from './csv';
import { inboxQueries, type InboxFilter } from './inbox';
import { HANDLINGS, SUBMISSION_KINDS, type Handling } from './records';
import type { Staff } from './staff';

export const AGENCY_API = '/agency/api';

const DAY = '^\\d{4}-\\d{2}-\\d{2}$';
const filterSchema = {
  type: 'object',
  additionalProperties: false,
  properties: {
    kind: { type: 'string', enum: SUBMISSION_KINDS },
    handling: { type: 'string', enum: HANDLINGS },
    confirmed: { type: 'string', enum: ['true', 'false'] },
    from: { type: 'string', pattern: DAY },
    to: { type: 'string', pattern: DAY },
    q: { type: 'string', maxLength: 100 },
    before: { type: 'integer', minimum: 1 },
  },
};

type FilterQuery = Omit<InboxFilter, 'confirmed'> & {
  confirmed?: 'true' | 'false';
  before?: number;
};

const filterOf = (query: FilterQuery): InboxFilter => ({
  ...(query.kind ? { kind: query.kind } : {}),
  ...(query.handling ? { handling: query.handling } : {}),
  ...(query.confirmed ? { confirmed: query.confirmed === 'true' } : {}),
  ...(query.from ? { from: query.from } : {}),
  ...(query.to ? { to: query.to } : {}),
  ...(query.q ? { q: query.q } : {}),
});

export async function agencyRoutes(
  app: FastifyInstance,
  { ctx, staff }: { ctx: ApiContext; staff: Staff },
) {
  const { sql, outbox, config } = ctx;
  const inbox = inboxQueries(sql);
  const { records } = ctx;
  const xsrf = async (request: FastifyRequest) => checkXsrf(request, app.ownOrigin());
  const signedIn = async (request: FastifyRequest) => {
    await staff.require(request);
  };

  app.post(
    `${AGENCY_API}/auth/email`,
    {
      preValidation: xsrf,
      schema: {
        body: {
          type: 'object',
          required: ['email'],
          additionalProperties: false,
          properties: { email: { type: 'string', maxLength: 254 } },
        },
      },
      config: {
        rateLimit: {
          max: config.limits.loginMailsPerClient,
          timeWindow: config.limits.windowMs,
          groupId: 'staff-login-mail',
          hook: 'preHandler',
        },
      },
    },
    async (request) => {
      const { email } = request.body as { email: string };
      // The key and its mail are stored together.
      const sent = await sql.transaction(async (tx) => {
        const key = await staff.issueKey(tx, email);
        if (!key) return false;
        const url = new URL(`${ctx.publicUrl()}/agency`);
        url.searchParams.set('k', key);
        await outbox.mail(
          tx,
          {
            to: email.trim().toLowerCase(),
            ...staffLoginMail(langOfRequest(request), url.href),
            links: [url.href],
          },
          { kind: 'login' },
        );
        return true;
      });
      if (sent) outbox.nudge();
      // The same answer for every address: the form tells no one who is staff.
      return { sent: true };
    },
  );

  app.post(
    `${AGENCY_API}/auth/login`,
    {
      preValidation: xsrf,
      schema: {
        body: {
          type: 'object',
          required: ['k'],
          additionalProperties: false,
          properties: { k: { type: 'string', maxLength: 200 } },
        },
      },
    },
    async (request, reply) => {
      const user = await staff.login(request, reply, (request.body as { k: string }).k);
      return { email: user.email };
    },
  );

  app.get(`${AGENCY_API}/auth/me`, async (request) => ({
    email: (await staff.require(request)).email,
  }));

  app.delete(`${AGENCY_API}/auth/me`, { preValidation: xsrf }, async (request, reply) => {
    await staff.logout(request, reply, await staff.require(request));
    return { loggedOut: true };
  });

  app.get(
    `${AGENCY_API}/submissions`,
    { onRequest: signedIn, schema: { querystring: filterSchema } },
    async (request) => {
      const query = request.query as FilterQuery;
      return inbox.page(filterOf(query), query.before);
    },
  );

  app.get(
    `${AGENCY_API}/submissions.csv`,
    { onRequest: signedIn, schema: { querystring: filterSchema } },
    async (request, reply) => {
      const day = new Date().toISOString().slice(0, 10);
      return reply
        .type('text/csv; charset=utf-8')
        .header('Content-Disposition', `attachment; filename="anfragen-${day}.csv"`)
        .header('Cache-Control', 'no-store')
        .send(exportCsv(filterOf(request.query as FilterQuery), inbox, records, sql));
    },
  );

  app.get(
    `${AGENCY_API}/funnel`,
    {
      onRequest: signedIn,
      schema: {
        querystring: {
          type: 'object',
          required: ['from', 'to'],
          additionalProperties: false,
          properties: {
            from: { type: 'string', pattern: DAY },
            to: { type: 'string', pattern: DAY },
          },
        },
      },
    },
    async (request) => {
      const { from, to } = request.query as { from: string; to: string };
      if (from > to) throw new ApiError(400, 'bad_period', 'badRequest');
      return ctx.funnel.report(from, to);
    },
  );

  const uuidParams = {
    type: 'object',
    required: ['uuid'],
    properties: { uuid: { type: 'string', pattern: '^[0-9a-f-]{36}$' } },
  };

  app.get(
    `${AGENCY_API}/submissions/:uuid`,
    { onRequest: signedIn, schema: { params: uuidParams } },
    async (request) => {
      const record = await records.byUuid((request.params as { uuid: string }).uuid);
      if (!record) throw new ApiError(404, 'not_found', 'submissionNotFound');
      const { id, ...submission } = record;
      return { submission, deliveries: await outbox.deliveriesOf(id) };
    },
  );

  app.put(
    `${AGENCY_API}/submissions/:uuid/handling`,
    {
      onRequest: signedIn,
      preValidation: xsrf,
      schema: {
        params: uuidParams,
        body: {
          type: 'object',
          required: ['handling'],
          additionalProperties: false,
          properties: { handling: { type: 'string', enum: HANDLINGS } },
        },
      },
    },
    async (request) => {
      const { uuid } = request.params as { uuid: string };
      const { handling } = request.body as { handling: Handling };
      if (!(await inbox.setHandling(uuid, handling)))
        throw new ApiError(404, 'not_found', 'submissionNotFound');
      return { uuid, handling };
    },
  );

  app.post(
    `${AGENCY_API}/deliveries/:id/retry`,
    {
      onRequest: signedIn,
      preValidation: xsrf,
      schema: {
        params: {
          type: 'object',
          required: ['id'],
          properties: { id: { type: 'integer', minimum: 1 } },
        },
      },
    },
    async (request) => {
      const { id } = request.params as { id: number };
      if (!(await outbox.delivery(id))) throw new ApiError(404, 'not_found', 'deliveryNotFound');
      // Only a failed delivery is sent again; anything else is left as it is.
      await outbox.retry(id);
      return outbox.delivery(id);
    },
  );
}
