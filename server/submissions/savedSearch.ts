/**
 * A saved search (product 2.3, 2.8): its checks against the catalogue and the regions, its row
 * (made by the saved-search wizard's submission or in the portal), its one update path (the
 * portal's PUT and the wizard's edit), and how the API shows it.
 */
import crypto from 'node:crypto';
import type { FastifyReply } from 'fastify';
import { categoryById } from '../../contract/catalog';
import { now } from '../db/clock';
import { insertRow, type Row } from '../db/rows';
import type { Queryable } from '../db/sql';
import { Q } from '../db/statements';
import type { ApiContext, FieldValue, SavedSearchInput } from '../http/context';
import { ApiError } from '../http/errors';
import { waitFor } from '../http/rateLimit';
import { checkCategory, checkFields } from './input';
import { relistSavedSearch } from '../agency/listed';
import type { MatchNews } from '../matching/pairs';
import { writeSearchTerms } from '../matching/terms';

export function toSavedSearch(
  ctx: Pick<ApiContext, 'regionNameById'>,
  row: Record<string, unknown>,
) {
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

export function checkSavedSearch(ctx: Pick<ApiContext, 'regionNameById'>, input: SavedSearchInput) {
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
  news: MatchNews | null,
): Promise<string> {
  const row = savedSearchRow(input, active);
  await insertRow(tx, { ...row, values: { ...row.values, contact_id: contactId } });
  await writeSearchTerms(tx, row.values.uuid as string, news);
  return row.values.uuid as string;
}

/**
 * Counts a change of one of `contactId`'s saved searches: over RATE_LIMIT_SEARCH_CHANGES in the
 * window, a 429 with Retry-After (docs/security.md#rate-limits). Each change costs the job a
 * walk over the leads of its localities (docs/matching.md#the-job).
 */
export async function countSearchChange(
  ctx: Pick<ApiContext, 'rateCounter' | 'config'>,
  reply: FastifyReply,
  contactId: number,
) {
  const { searchChangesPerContact, windowMs } = ctx.config.limits;
  const wait = await waitFor(
    ctx.rateCounter,
    `search-changes ${contactId}`,
    searchChangesPerContact,
    windowMs,
  );
  if (wait) {
    reply.header('Retry-After', String(wait));
    throw new ApiError(429, 'rate_limited', 'tooManySearchChanges');
  }
}

/** The one update of a saved search (the portal's PUT and the wizard's edit); 404 if not theirs. */
export async function updateSavedSearch(
  ctx: ApiContext,
  contactId: number,
  uuid: string,
  input: SavedSearchInput,
  reply: FastifyReply,
) {
  const existing = await ctx.sql.one(Q.savedSearch, uuid, contactId);
  if (!existing) throw new ApiError(404, 'not_found', 'savedSearchNotFound');
  checkSavedSearch(ctx, input);
  await countSearchChange(ctx, reply, contactId);
  const active =
    typeof input.active === 'boolean' ? (input.active ? 1 : 0) : (existing.active as number);
  const saved = await ctx.sql.transaction(async (tx) => {
    await tx.run(Q.updateSavedSearch, { ...values(input), uuid, contactId, active });
    // The inbox lists and finds its submission by its regions.
    await relistSavedSearch(tx, uuid);
    await writeSearchTerms(tx, uuid, ctx);
    return (await tx.one(Q.savedSearch, uuid, contactId))!;
  });
  // Woken once the answer is read: the contact's answer does not wait for a step of the job.
  ctx.matcher.wake();
  return toSavedSearch(ctx, saved);
}
