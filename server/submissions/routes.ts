/**
 * The wizards' submission routes, one plugin per kind (product §7): each checks its kind's
 * input and makes its kind's row; the service (service.ts) does the rest. Every one answers
 * 201 `{success: true, uuid}` (a lead's with its waiting buyers), alike for a bot, a first try
 * and a retry.
 */
import crypto from 'node:crypto';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { now } from '../db/clock';
import {
  clean,
  route,
  type ApiContext,
  type ContactInput,
  type LeadInput,
  type SavedSearchInput,
} from '../http/context';
import { ApiError } from '../http/errors';
import { waitingBuyersText } from '../mail/templates';
import {
  berlinPlaces,
  propertyLocalities,
  propertyOfLead,
  propertyOfListing,
} from '../matching/match';
import { peopleWaiting, waitingBuyers } from '../matching/owner';
import { searchProposal } from '../matching/proposal';
import { categoryById } from '../../contract/catalog';
import { checkCategory, checkFields, requireConsent } from './input';
import { checkSavedSearch, savedSearchRow, updateSavedSearch } from './savedSearch';
import type { Accepted, AlsoStored, SubmissionService } from './service';
import { insertRow, type Row } from '../db/rows';
import { couldPair } from '../matching/terms';

export interface SubmissionRoutesOptions {
  ctx: ApiContext;
  service: SubmissionService;
}

function accepted(reply: FastifyReply, { uuid, answer }: Accepted) {
  return reply.code(201).send({ ...answer, success: true, uuid });
}

/** The lead wizard's property to sell or let (product 2.1). */
export async function leadRoute(app: FastifyInstance, { ctx, service }: SubmissionRoutesOptions) {
  const people = peopleWaiting(ctx.config.ownerCountWaitHours);
  route(
    app,
    'POST',
    '/v1/wizard/lead',
    service.limited(async (request, reply) => {
      const { lead, message } = request.body as {
        lead: LeadInput;
        message?: string;
        contact: ContactInput;
      };
      checkCategory(lead);
      checkFields(lead.categoryId, lead.fields);
      const row = {
        table: 'leads',
        values: {
          object_type: lead.objectType,
          category_id: lead.categoryId,
          marketing_type: lead.marketingType,
          location: JSON.stringify(lead.location),
          fields: JSON.stringify(lead.fields),
          message: (message ?? '').trim(),
        },
        links: ['submission_id'] as const,
      };
      // What the owner is told, in the answer and the confirmation mail, is not read from the
      // saved searches it matches: the people waiting for its kind of property in its place,
      // whatever its figures (docs/matching.md#what-an-owner-may-be-shown).
      const places = berlinPlaces();
      const property = propertyOfLead({
        ...row.values,
        location: lead.location,
        fields: lead.fields,
      });
      const localities = propertyLocalities(property.location, places);
      const waiting = await waitingBuyers(
        ctx.sql,
        property,
        localities,
        lead.location as Record<string, unknown>,
        people,
      );
      const category = categoryById(lead.categoryId)?.name;
      // Its pairs are matching's job's, after the answer (server/matching/job.ts): stored with
      // the submission are its place in the lead-side index, which a search's change reads,
      // and its entry for the job, which also tells the agency of it when that is due at
      // submission, with its pairs counted (decision 176).
      const entry: Row = {
        table: 'lead_changes',
        values: { changed_at: now(), tell: service.tellsAtSubmit ? 1 : 0 },
        links: ['submission_id'],
      };
      const indexed = localities.map((locality): Row => ({
        table: 'lead_localities',
        values: {
          locality_id: locality,
          marketing_type: lead.marketingType,
          category_id: lead.categoryId,
        },
        links: ['submission_id'],
      }));
      // On SQLite, whose writers take turns, the entry is written only where a live search
      // may pair with the lead as the index stands in its transaction; a search whose terms
      // commit later finds the lead in its own change's walk. Without one, the agency is told
      // of it in its transaction where that is due at submission (decision 196).
      const onSqlite = ctx.sql.dialect === 'sqlite';
      const entryWhereDue: AlsoStored = {
        before: async (tx, submissionId) => {
          if (await couldPair(tx, property, localities))
            await insertRow(tx, entry, { submission_id: submissionId });
          else if (service.tellsAtSubmit) await service.tellStored(tx, submissionId);
        },
      };
      return accepted(
        reply,
        await service.submit(
          request,
          reply,
          'lead',
          row,
          { place: lead.location, message: row.values.message },
          {
            answer: { waitingBuyers: waiting },
            note: (lang) => waitingBuyersText(lang, waiting, category, lead.marketingType),
            rows: onSqlite ? indexed : [...indexed, entry],
            alsoStored: onSqlite ? entryWhereDue : undefined,
            toldLater: true,
          },
        ),
      );
    }),
  );
}

/**
 * The saved-search wizard (product 2.3): a new saved search is a submission; with a uuid, the
 * logged-in owner edits theirs (with the session's nonce, and no new opt-in).
 */
export async function savedSearchRoute(
  app: FastifyInstance,
  { ctx, service }: SubmissionRoutesOptions,
) {
  route(
    app,
    'POST',
    '/v1/wizard/saved-search',
    service.limited(async (request, reply) => {
      const { savedSearch, contact } = request.body as {
        savedSearch: SavedSearchInput;
        contact: ContactInput;
      };
      if (savedSearch.uuid) {
        await service.count(request, reply);
        const user = await ctx.sessions.require(request, reply);
        requireConsent(clean(contact));
        await updateSavedSearch(ctx, user.contactId, savedSearch.uuid, savedSearch, reply);
        return reply.code(201).send({ success: true, uuid: savedSearch.uuid });
      }
      checkSavedSearch(ctx, savedSearch);
      const row = {
        ...savedSearchRow(savedSearch, true),
        links: ['contact_id', 'submission_id'] as const,
      };
      return accepted(
        reply,
        await service.submit(request, reply, 'savedSearch', row, {
          regions: savedSearch.locations.map((l) => ctx.regionNameById.get(l.locationId) ?? ''),
        }),
      );
    }),
  );
}

/**
 * A question about a listing (product 2.4). Its answer carries the saved search the listing
 * proposes (decision 147), computed from the listing alone, so a repeated request gets it again.
 */
export async function exposeInquiryRoute(
  app: FastifyInstance,
  { ctx, service }: SubmissionRoutesOptions,
) {
  route(
    app,
    'POST',
    '/v1/wizard/expose-inquiry',
    service.limited(async (request, reply) => {
      const { exposeInquiry } = request.body as {
        exposeInquiry: { objectId: number; message?: string };
      };
      const listing = await service.listing(exposeInquiry.objectId);
      if (!listing) throw new ApiError(400, 'unknown_object', 'unknownObject');
      const row = {
        table: 'expose_inquiries',
        values: {
          uuid: crypto.randomUUID(),
          listing_id: exposeInquiry.objectId,
          message: (exposeInquiry.message ?? '').trim(),
          created_at: now(),
        },
        links: ['submission_id', 'contact_id'] as const,
      };
      const { uuid } = await service.submit(request, reply, 'exposeInquiry', row, {
        listing: {
          customId: listing.custom_id,
          title: listing.title,
          zip: listing.zip,
          city: listing.city,
        },
        message: row.values.message,
      });
      const proposal = searchProposal(
        propertyOfListing(listing),
        berlinPlaces(),
        ctx.regionNameById,
      );
      return reply
        .code(201)
        .send({ success: true, uuid, ...(proposal ? { searchProposal: proposal } : {}) });
    }),
  );
}

/** A contact message, or newsletter settings (product 2.5, 2.6). */
export async function contactRoute(app: FastifyInstance, { service }: SubmissionRoutesOptions) {
  route(
    app,
    'POST',
    '/v1/wizard/contact',
    service.limited(async (request, reply) => {
      const body = request.body as { message?: string; type?: 'contact' | 'newsletter' };
      const type = body.type ?? 'contact';
      const row = {
        table: 'contact_messages',
        values: { type, message: (body.message ?? '').trim(), created_at: now() },
        links: ['submission_id', 'contact_id'] as const,
      };
      const kind = type === 'newsletter' ? 'newsletter' : 'contact';
      return accepted(
        reply,
        await service.submit(request, reply, kind, row, { message: row.values.message }),
      );
    }),
  );
}

/** The mailed link's key, which confirms its submission (product 4.10). */
export async function confirmRoute(app: FastifyInstance, { service }: SubmissionRoutesOptions) {
  route(app, 'POST', '/v1/wizard/confirm', async (request) => ({
    opcode: await service.confirm((request.body as { k: string }).k),
  }));
}

/** Every submission route's plugin. */
export const SUBMISSION_ROUTES = [
  leadRoute,
  savedSearchRoute,
  exposeInquiryRoute,
  contactRoute,
  confirmRoute,
];
