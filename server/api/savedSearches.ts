/** The logged-in contact's saved searches (product 2.8, §7). */
import type { FastifyInstance } from 'fastify';
import { Q } from '../db/statements';
import { route, type ApiContext, type SavedSearchInput } from '../http/context';
import { ApiError } from '../http/errors';
import {
  checkSavedSearch,
  insertSavedSearch,
  toSavedSearch,
  updateSavedSearch,
} from '../submissions/savedSearch';

export async function savedSearchRoutes(app: FastifyInstance, ctx: ApiContext) {
  const { sql, sessions } = ctx;

  route(app, 'GET', '/v1/saved-search', async (request, reply) => {
    const user = await sessions.require(request, reply);
    return (await sql.all(Q.savedSearches, user.contactId)).map((row) => toSavedSearch(ctx, row));
  });

  route(app, 'POST', '/v1/saved-search', async (request, reply) => {
    const user = await sessions.require(request, reply);
    const input = request.body as SavedSearchInput;
    checkSavedSearch(ctx, input);
    const uuid = await insertSavedSearch(sql, input, user.contactId, input.active !== false);
    return reply
      .code(201)
      .send(toSavedSearch(ctx, (await sql.one(Q.savedSearch, uuid, user.contactId))!));
  });

  route(app, 'PUT', '/v1/saved-search/{uuid}', async (request, reply) => {
    const user = await sessions.require(request, reply);
    const { uuid } = request.params as { uuid: string };
    return updateSavedSearch(ctx, user.contactId, uuid, request.body as SavedSearchInput);
  });

  route(app, 'DELETE', '/v1/saved-search/{uuid}', async (request, reply) => {
    const user = await sessions.require(request, reply);
    const { uuid } = request.params as { uuid: string };
    if ((await sql.run(Q.deleteSavedSearch, uuid, user.contactId)) === 0)
      throw new ApiError(404, 'not_found', 'savedSearchNotFound');
    return { deleted: true };
  });
}
