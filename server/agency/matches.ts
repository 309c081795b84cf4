/**
 * A submission's matched pairs as the inbox shows them (docs/agency.md#matches): a lead's
 * matching saved searches with their searchers and criteria in words, a saved search's
 * matching leads (with their key figures) and listings. Read from `search_matches`, newest
 * first, each list capped at MATCH_LIMIT with its total, so a lead with thousands of matches
 * stays a small answer (decision 158). The count alone goes with the agency's notice and webhook.
 */
import { FIELD_IDS } from '../../contract/catalog';
import type { components } from '../../contract/types';
import type { Queryable, Sql } from '../db/sql';
import {
  categoryName,
  labelledFields,
  type LabelledValue,
  type RecordLanguage,
  type SubmissionReader,
} from './records';

/** How many of each list a detail shows at most (the total is said beside them). */
export const MATCH_LIMIT = 50;

/** A lead's figures the inbox names beside it, in this order. */
const KEY_FIGURES: readonly string[] = [
  FIELD_IDS.price,
  FIELD_IDS.livingSpace,
  FIELD_IDS.plotArea,
  FIELD_IDS.totalArea,
  FIELD_IDS.numberRooms,
];

const Q = {
  submission: 'SELECT id, kind FROM submissions WHERE uuid = ?',
  searchOf: 'SELECT id FROM saved_searches WHERE submission_id = ?',
  /** A submission's pairs: as a lead, and as the saved search it made. */
  count: `SELECT
      (SELECT COUNT(*) FROM search_matches WHERE submission_id = ?)
      + (SELECT COUNT(*) FROM search_matches m JOIN saved_searches ss ON ss.id = m.saved_search_id
         WHERE ss.submission_id = ?) AS n`,
  searchesTotal: 'SELECT COUNT(*) AS n FROM search_matches WHERE submission_id = ?',
  searches: `SELECT m.found_at, s.uuid AS submission, c.salutation, c.firstname, c.lastname,
      c.email, ss.uuid, ss.object_type, ss.category_id, ss.marketing_type, ss.locations, ss.fields
    FROM search_matches m JOIN saved_searches ss ON ss.id = m.saved_search_id
    JOIN contacts c ON c.id = ss.contact_id LEFT JOIN submissions s ON s.id = ss.submission_id
    WHERE m.submission_id = ? ORDER BY m.found_at DESC, m.id DESC LIMIT ${MATCH_LIMIT}`,
  leadsTotal: `SELECT COUNT(*) AS n FROM search_matches
    WHERE saved_search_id = ? AND submission_id IS NOT NULL`,
  leads: `SELECT m.found_at, s.uuid, s.contact_data, l.object_type, l.category_id,
      l.marketing_type, l.location, l.fields
    FROM search_matches m JOIN submissions s ON s.id = m.submission_id
    JOIN leads l ON l.submission_id = s.id
    WHERE m.saved_search_id = ? ORDER BY m.found_at DESC, m.id DESC LIMIT ${MATCH_LIMIT}`,
  listingsTotal: `SELECT COUNT(*) AS n FROM search_matches
    WHERE saved_search_id = ? AND listing_id IS NOT NULL`,
  listings: `SELECT m.found_at, li.id, li.custom_id, li.title, li.zip, li.city, li.price_title,
      li.price_text, li.link
    FROM search_matches m JOIN listings li ON li.id = m.listing_id
    WHERE m.saved_search_id = ? ORDER BY m.found_at DESC, m.id DESC LIMIT ${MATCH_LIMIT}`,
};

type Schemas = components['schemas'];
export type MatchedSearch = Schemas['MatchedSearch'];
export type MatchedLead = Schemas['MatchedLead'];
export type MatchedListing = Schemas['MatchedListing'];
export type SubmissionMatches = Schemas['SubmissionMatches'];

const text = (value: unknown) => (typeof value === 'string' ? value : '');
const place = (zip: unknown, city: unknown) => [text(zip), text(city)].filter(Boolean).join(' ');

/** An object's JSON text read as an object ({} when it is not one). */
function objectOf(json: unknown): Record<string, unknown> {
  try {
    const value: unknown = JSON.parse(text(json));
    return typeof value === 'object' && value !== null && !Array.isArray(value)
      ? (value as Record<string, unknown>)
      : {};
  } catch {
    return {};
  }
}

/**
 * How many pairs submission `submissionId` has now, read through `tx`: as a lead, its saved
 * searches; as the saved search it made, that search's leads and listings; else 0.
 */
export async function matchCount(tx: Queryable, submissionId: number): Promise<number> {
  return Number(
    (await tx.one<{ n: number | string }>(Q.count, submissionId, submissionId))?.n ?? 0,
  );
}

const EMPTY = () => ({ total: 0, items: [] });

export function matchQueries(sql: Sql, records: SubmissionReader) {
  const total = async (statement: string, id: number) =>
    Number((await sql.one<{ n: number | string }>(statement, id))?.n ?? 0);

  /** The key figures of a lead's stored fields, labelled in `lang`. */
  function figuresOf(fields: unknown, marketingType: string, lang: RecordLanguage) {
    let labelled: LabelledValue[];
    try {
      labelled = labelledFields(text(fields), marketingType, records.definitionOf, lang);
    } catch {
      return [];
    }
    return KEY_FIGURES.flatMap((name) => labelled.filter((field) => field.name === name));
  }

  async function searchesOf(submissionId: number, lang: RecordLanguage) {
    const rows = await sql.all(Q.searches, submissionId);
    return {
      total: await total(Q.searchesTotal, submissionId),
      items: rows.map((row): MatchedSearch => ({
        foundAt: text(row.found_at),
        submission: (row.submission as string | null) ?? null,
        contact: {
          salutation: text(row.salutation),
          firstname: text(row.firstname),
          lastname: text(row.lastname),
          email: text(row.email),
        },
        // Its types as stored: the contract checked them when the search was sent.
        search: records.savedSearchPart(row, lang) as MatchedSearch['search'],
      })),
    };
  }

  async function leadsOf(searchId: number, lang: RecordLanguage) {
    const rows = await sql.all(Q.leads, searchId);
    return {
      total: await total(Q.leadsTotal, searchId),
      items: rows.map((row): MatchedLead => {
        const contact = objectOf(row.contact_data);
        const location = objectOf(row.location);
        // As stored: the contract checked them when the lead was sent.
        const marketingType = text(row.marketing_type) as MatchedLead['marketingType'];
        return {
          foundAt: text(row.found_at),
          submission: text(row.uuid),
          name:
            [text(contact.firstname), text(contact.lastname)].filter(Boolean).join(' ') ||
            text(contact.email),
          place: place(location.zip, location.city),
          objectType: text(row.object_type) as MatchedLead['objectType'],
          marketingType,
          category: categoryName(Number(row.category_id), lang),
          figures: figuresOf(row.fields, marketingType, lang),
        };
      }),
    };
  }

  async function listingsOf(searchId: number) {
    const rows = await sql.all(Q.listings, searchId);
    return {
      total: await total(Q.listingsTotal, searchId),
      items: rows.map((row): MatchedListing => ({
        foundAt: text(row.found_at),
        id: Number(row.id),
        customId: text(row.custom_id),
        title: text(row.title),
        place: place(row.zip, row.city),
        priceTitle: text(row.price_title),
        price: text(row.price_text),
        link: text(row.link),
      })),
    };
  }

  return {
    /** The matches of the submission `uuid`, in `lang`; null when there is no such submission. */
    async of(uuid: string, lang: RecordLanguage = 'de'): Promise<SubmissionMatches | null> {
      const submission = await sql.one<{ id: number; kind: string }>(Q.submission, uuid);
      if (!submission) return null;
      const id = Number(submission.id);
      const answer: SubmissionMatches = {
        limit: MATCH_LIMIT,
        searches: EMPTY(),
        leads: EMPTY(),
        listings: EMPTY(),
      };
      if (submission.kind === 'lead') answer.searches = await searchesOf(id, lang);
      else if (submission.kind === 'savedSearch') {
        const search = await sql.one<{ id: number }>(Q.searchOf, id);
        if (search) {
          answer.leads = await leadsOf(Number(search.id), lang);
          answer.listings = await listingsOf(Number(search.id));
        }
      }
      return answer;
    },
  };
}

export type MatchQueries = ReturnType<typeof matchQueries>;
