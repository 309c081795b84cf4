/** The logged-in contact's saved searches (spec 2.8, 7), and their one update path. */
import crypto from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { categoryById, fieldIdsFor } from '../../contract/catalog';
import { now } from '../db/clock';
import { insertRow, type Row } from '../db/rows';
import type { Queryable } from '../db/sql';
import { Q } from '../db/statements';
import { route, type ApiContext, type FieldValue, type SavedSearchInput } from './context';
import { ApiError } from './errors';

export function toSavedSearch(ctx: ApiContext, row: Record<string, unknown>) {
  const category = categoryById(row.category_id as number);
  return {
    uuid: row.uuid as string,
    active: row.active === 1,
    objectType: row.object_type as string,
    categoryId: row.category_id as number,
    category: { name: category?.name ?? '' },
    marketingType: row.marketing_type as string,
    locations: (JSON.parse(row.locations as string) as number[]).map((id) => ({
      locationId: id,
      name: ctx.regionNameById.get(id) ?? '',
    })),
    fields: JSON.parse(row.fields as string) as FieldValue[],
  };
}

export function checkCategory(input: {
  objectType: string;
  categoryId: number;
  marketingType: string;
}) {
  const category = categoryById(input.categoryId);
  if (
    !category ||
    (category.objectType !== null && category.objectType !== input.objectType) ||
    (category.marketingType !== null && category.marketingType !== input.marketingType)
  ) {
    throw new ApiError(400, 'category_mismatch', 'categoryMismatch');
  }
}

/** The most a field's free-form `data` may hold, as JSON. */
export const MAX_FIELD_DATA = 2000;

export function checkFields(categoryId: number, fields: FieldValue[]) {
  const allowed = new Set(fieldIdsFor(categoryId));
  const unknown = fields.filter((f) => !allowed.has(f.name)).map((f) => f.name);
  if (unknown.length) throw new ApiError(400, 'unknown_field', 'unknownField', { fields: unknown });
  const large = fields
    .filter((f) => f.data !== undefined && JSON.stringify(f.data).length > MAX_FIELD_DATA)
    .map((f) => f.name);
  if (large.length) throw new ApiError(400, 'rest_invalid_param', 'invalidParam', { data: large });
}

export function checkSavedSearch(ctx: ApiContext, input: SavedSearchInput) {
  checkCategory(input);
  checkFields(input.categoryId, input.fields);
  const unknown = input.locations
    .filter((l) => !ctx.regionNameById.has(l.locationId))
    .map((l) => l.locationId);
  if (unknown.length)
    throw new ApiError(400, 'unknown_location', 'unknownLocation', { locations: unknown });
}

/** What is stored of an input; read-only fields a client sends back (uuid, names) are ignored. */
function values(input: SavedSearchInput) {
  return {
    objectType: input.objectType,
    categoryId: input.categoryId,
    marketingType: input.marketingType,
    locations: JSON.stringify([...new Set(input.locations.map((l) => l.locationId))]),
    fields: JSON.stringify(input.fields),
    at: now(),
  };
}

/** A new saved search's row (its owner's ids: columns or links, as the caller gives them). */
export function savedSearchRow(input: SavedSearchInput, active: boolean): Row {
  const { objectType, categoryId, marketingType, locations, fields, at } = values(input);
  return {
    table: 'saved_searches',
    values: {
      uuid: crypto.randomUUID(),
      active: active ? 1 : 0,
      object_type: objectType,
      category_id: categoryId,
      marketing_type: marketingType,
      locations,
      fields,
      created_at: at,
      updated_at: at,
    },
  };
}

/** A contact's own saved search, made in the portal. */
export async function insertSavedSearch(
  tx: Queryable,
  input: SavedSearchInput,
  contactId: number,
  active: boolean,
): Promise<string> {
  const row = savedSearchRow(input, active);
  await insertRow(tx, { ...row, values: { ...row.values, contact_id: contactId } });
  return row.values.uuid as string;
}

/** The one update of a saved search (the portal's PUT and the wizard's edit); 404 if not theirs. */
export async function updateSavedSearch(
  ctx: ApiContext,
  contactId: number,
  uuid: string,
  input: SavedSearchInput,
) {
  const existing = await ctx.sql.one(Q.savedSearch, uuid, contactId);
  if (!existing) throw new ApiError(404, 'not_found', 'savedSearchNotFound');
  checkSavedSearch(ctx, input);
  const active =
    typeof input.active === 'boolean' ? (input.active ? 1 : 0) : (existing.active as number);
  await ctx.sql.run(Q.updateSavedSearch, { ...values(input), uuid, contactId, active });
  return toSavedSearch(ctx, (await ctx.sql.one(Q.savedSearch, uuid, contactId))!);
}

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
