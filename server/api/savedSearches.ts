/** The logged-in contact's saved searches (product 2.8, §7). */
import type { FastifyInstance } from 'fastify';
import { Q } from '../db/statements';
import { route, type ApiContext, type SavedSearchInput } from '../http/context';
import { ApiError } from '../http/errors';
import { keptAnswers } from '../http/idempotency';
import { dropSearchTerms } from '../matching/terms';
import {
  checkSavedSearch,
  countSearchChange,
  insertSavedSearch,
  toSavedSearch,
  updateSavedSearch,
} from '../submissions/savedSearch';

export async function savedSearchRoutes(app: FastifyInstance, ctx: ApiContext) {
  const { sql, sessions } = ctx;
  const kept = keptAnswers(sql);

  route(app, 'GET', '/v1/saved-search', async (request, reply) => {
    const user = await sessions.require(request, reply);
    return (await sql.all(Q.savedSearches, user.contactId)).map((row) => toSavedSearch(ctx, row));
  });

  // A create the widget sends again after a network failure carries the same Idempotency-Key:
  // it gets the first answer again instead of a second saved search.
  route(app, 'POST', '/v1/saved-search', async (request, reply) => {
    const user = await sessions.require(request, reply);
    const { id, first } = await kept.repeatOf(
      request,
      reply,
      `contact ${user.contactId}`,
      user.contactId,
    );
    if (first) return reply.code(first.status).send(first.body);
    const input = request.body as SavedSearchInput;
    checkSavedSearch(ctx, input);
    await countSearchChange(ctx, reply, user.contactId);
    const answer = await kept.run(id, reply, async (tx) => {
      const uuid = await insertSavedSearch(tx, input, user.contactId, input.active !== false, ctx);
      const row = (await tx.one(Q.savedSearch, uuid, user.contactId))!;
      return { status: 201, body: toSavedSearch(ctx, row) };
    });
    ctx.matcher.wake();
    return reply.code(answer.status).send(answer.body);
  });

  route(app, 'PUT', '/v1/saved-search/{uuid}', async (request, reply) => {
    const user = await sessions.require(request, reply);
    const { uuid } = request.params as { uuid: string };
    return updateSavedSearch(ctx, user.contactId, uuid, request.body as SavedSearchInput, reply);
  });

  route(app, 'DELETE', '/v1/saved-search/{uuid}', async (request, reply) => {
    const user = await sessions.require(request, reply);
    const { uuid } = request.params as { uuid: string };
    await countSearchChange(ctx, reply, user.contactId);
    const deleted = await sql.transaction(async (tx) => {
      await dropSearchTerms(tx, 'uuid = ? AND contact_id = ?', uuid, user.contactId);
      return tx.run(Q.deleteSavedSearch, uuid, user.contactId);
    });
    if (deleted === 0) throw new ApiError(404, 'not_found', 'savedSearchNotFound');
    return { deleted: true };
  });
}
