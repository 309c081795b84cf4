/**
 * The matched pairs (docs/matching.md#matched-pairs): each live saved search with each lead and
 * listing it matches, in `search_matches`, since when. A new lead's pairs are written with it
 * (from the index, `matchingSearches`); a saved search's pairs are written again with every
 * change of it (made, confirmed, edited, deactivated: `writeSearchTerms`), its leads and
 * listings decided by `matchSearch`. Each new pair is announced by a `match.found` webhook in
 * the same transaction; the pairs written at start-up for data stored before are not.
 */
import { categoryById } from '../../contract/catalog';
import { now } from '../db/clock';
import type { Queryable, Sql } from '../db/sql';
import {
  berlinPlaces,
  matchSearch,
  propertyOfLead,
  propertyOfListing,
  type MatchPlaces,
  type MatchSearch,
} from './match';
import { matchingSearches } from './terms';

/** Where new pairs are announced: the outbox's webhook, with links into the inbox. */
export interface MatchNews {
  outbox: {
    webhook(
      tx: Queryable,
      type: 'match.found',
      data: unknown,
      submissionId: number | null,
      contacts: readonly number[],
    ): Promise<void>;
  };
  publicUrl(): string;
}

/** A pair: a saved search and a lead's submission or a listing. */
export interface Pair {
  searchId: number;
  submissionId: number | null;
  listingId: number | null;
}

/** `?` as the ids of a JSON array (one parameter for any number of them). */
const idsOf = (q: Queryable) =>
  q.dialect === 'postgres'
    ? 'SELECT jsonb_array_elements_text(?::jsonb)::bigint AS id'
    : 'SELECT value AS id FROM json_each(?)';

const M = {
  searchesOf: (
    q: Queryable,
  ) => `SELECT ss.id, ss.uuid, s.uuid AS submission_uuid, c.id AS contact_id, c.email,
    c.firstname, c.lastname FROM saved_searches ss JOIN contacts c ON c.id = ss.contact_id
    LEFT JOIN submissions s ON s.id = ss.submission_id WHERE ss.id IN (${idsOf(q)})`,
  uuidsOf: (q: Queryable) => `SELECT id, uuid FROM submissions WHERE id IN (${idsOf(q)})`,
  listingsOf: (q: Queryable) =>
    `SELECT id, custom_id, title FROM listings WHERE id IN (${idsOf(q)})`,
  // Only the searches still live when the lead is stored (they have terms), each row locked
  // against a delete on PostgreSQL until the pair is written (SQLite writes one at a time).
  leadPairs: (q: Queryable) =>
    `INSERT INTO search_matches (saved_search_id, submission_id, found_at)
     SELECT ss.id, ?, ? FROM saved_searches ss WHERE ss.id IN (${idsOf(q)})
       AND EXISTS (SELECT 1 FROM saved_search_terms t WHERE t.saved_search_id = ss.id)
     ${q.dialect === 'postgres' ? 'FOR KEY SHARE OF ss' : ''} ON CONFLICT DO NOTHING`,
  insertPair: `INSERT INTO search_matches (saved_search_id, submission_id, listing_id, found_at)
    VALUES (?, ?, ?, ?) ON CONFLICT DO NOTHING`,
  pairsOfLead:
    'SELECT saved_search_id FROM search_matches WHERE submission_id = ? ORDER BY saved_search_id',
  pairsOfSearch: 'SELECT submission_id, listing_id FROM search_matches WHERE saved_search_id = ?',
  dropLeadPair: 'DELETE FROM search_matches WHERE saved_search_id = ? AND submission_id = ?',
  dropListingPair: 'DELETE FROM search_matches WHERE saved_search_id = ? AND listing_id = ?',
  leadsOfCategory: `SELECT submission_id, object_type, category_id, marketing_type, location,
    fields FROM leads WHERE category_id = ? AND marketing_type = ?`,
  listingsOfCategory: `SELECT id, zip, category_id, price_title, price_text FROM listings
    WHERE category_id = ?`,
  unmatchedLeads: (batch: number) => `SELECT l.submission_id, l.object_type, l.category_id,
    l.marketing_type, l.location, l.fields FROM leads_to_match m
    JOIN leads l ON l.submission_id = m.submission_id ORDER BY m.submission_id LIMIT ${batch}`,
  leadMatched: 'DELETE FROM leads_to_match WHERE submission_id = ?',
  /** The submissions whose counts pairs of `where` (on search_matches m) are part of. */
  countedBy: (where: string) => `SELECT m.submission_id AS id FROM search_matches m
    WHERE (${where}) AND m.submission_id IS NOT NULL
    UNION SELECT ss.submission_id FROM search_matches m
    JOIN saved_searches ss ON ss.id = m.saved_search_id
    WHERE (${where}) AND ss.submission_id IS NOT NULL`,
  searchSubmission: 'SELECT submission_id FROM saved_searches WHERE id = ?',
  searchSubmissions: (q: Queryable) =>
    `SELECT DISTINCT submission_id FROM saved_searches WHERE id IN (${idsOf(q)})
     AND submission_id IS NOT NULL`,
  /** One more pair for each search of `ids` (a JSON array; a search once a pair) that a
   * submission made, found at `?`. */
  addToSearchCounts: (q: Queryable) => `INSERT INTO submission_match_counts
      (submission_id, kind, matches, last_found_at)
    SELECT ss.submission_id, 'savedSearch', count(*), max(?) FROM (${idsOf(q)}) ids
    JOIN saved_searches ss ON ss.id = ids.id WHERE ss.submission_id IS NOT NULL
    GROUP BY ss.submission_id ORDER BY ss.submission_id
    ON CONFLICT (submission_id) DO UPDATE
      SET matches = submission_match_counts.matches + excluded.matches,
      last_found_at = CASE WHEN excluded.last_found_at > submission_match_counts.last_found_at
        THEN excluded.last_found_at ELSE submission_match_counts.last_found_at END`,
  lockSubmissions: (q: Queryable) =>
    `SELECT id FROM submissions WHERE id IN (${idsOf(q)}) ORDER BY id FOR NO KEY UPDATE`,
  // Each submission's pairs found from the ids, by the indexes on the pairs' lead and search
  // and on the searches' submission. On SQLite CROSS JOIN keeps the ids the outer loop and the
  // indexes are named, so statistics taken while a table was empty cannot make it a scan.
  countMatches: (q: Queryable) => {
    const sqlite = q.dialect === 'sqlite';
    const join = sqlite ? 'CROSS JOIN' : 'JOIN';
    const by = (index: string) => (sqlite ? `INDEXED BY ${index}` : '');
    return `INSERT INTO submission_match_counts (submission_id, kind, matches, last_found_at)
    SELECT p.sid, s.kind, count(*), max(p.found_at) FROM (
      SELECT i.id AS sid, m.found_at FROM (${idsOf(q)}) i
      ${join} search_matches m ${by('search_matches_lead')} ON m.submission_id = i.id
      UNION ALL
      SELECT i.id, m.found_at FROM (${idsOf(q)}) i
      ${join} saved_searches ss ON ss.submission_id = i.id
      ${join} search_matches m ${by('search_matches_search_lead')} ON m.saved_search_id = ss.id
    ) p JOIN submissions s ON s.id = p.sid WHERE true GROUP BY p.sid, s.kind
    ON CONFLICT (submission_id) DO UPDATE SET matches = excluded.matches,
      last_found_at = excluded.last_found_at`;
  },
  dropEmptyCounts: (q: Queryable) => `DELETE FROM submission_match_counts
    WHERE submission_id IN (${idsOf(q)}) AND NOT EXISTS
      (SELECT 1 FROM search_matches m WHERE m.submission_id = submission_match_counts.submission_id)
    AND NOT EXISTS (SELECT 1 FROM saved_searches ss JOIN search_matches m
      ON m.saved_search_id = ss.id WHERE ss.submission_id = submission_match_counts.submission_id)`,
};

/** Every submission's count of pairs written from the pairs (as migration 24 does). */
export const COUNT_ALL_PAIRS = `INSERT INTO submission_match_counts
    (submission_id, kind, matches, last_found_at)
  SELECT sid, s.kind, count(*), max(found_at) FROM (
    SELECT submission_id AS sid, found_at FROM search_matches WHERE submission_id IS NOT NULL
    UNION ALL
    SELECT ss.submission_id, m.found_at FROM search_matches m
      JOIN saved_searches ss ON ss.id = m.saved_search_id WHERE ss.submission_id IS NOT NULL
  ) pairs JOIN submissions s ON s.id = pairs.sid GROUP BY sid, s.kind`;

/**
 * The counts of matched pairs of submissions `ids` (a lead's, a saved search's by its
 * submission) written again from the pairs, in the transaction that changed them: the inbox's
 * list reads them by key (server/agency/inbox.ts). A submission without a pair has no row.
 */
export async function refreshMatchCounts(tx: Queryable, ids: Iterable<number | null>) {
  const list = idList(ids);
  if (list === '[]') return;
  await holdCounted(tx, list);
  await countAgain(tx, list);
}

const idList = (ids: Iterable<number | null>) =>
  JSON.stringify([...new Set([...ids].filter((id) => id !== null).map(Number))]);

/**
 * On PostgreSQL, transactions that change pairs of one submission at once count it one after
 * the other: each holds the submissions' rows (in the order of their ids) until it ends, and
 * its count, a statement of its own, then sees the pairs of those before it. SQLite writes
 * one transaction at a time.
 */
async function holdCounted(tx: Queryable, list: string) {
  if (tx.dialect === 'postgres') await tx.all(M.lockSubmissions(tx), list);
}

async function countAgain(tx: Queryable, list: string) {
  await tx.run(M.countMatches(tx), list, list);
  await tx.run(M.dropEmptyCounts(tx), list);
}

/**
 * The counts of the submissions that made the saved searches `searchIds` (one entry a new
 * pair, a search as often as it gained one) each raised by the pairs they gained, found at `at`:
 * no pair of theirs is read. On PostgreSQL their submissions are held first, as for a count.
 */
export async function addToOwnerCounts(tx: Queryable, searchIds: readonly number[], at: string) {
  if (!searchIds.length) return;
  const list = JSON.stringify(searchIds);
  if (tx.dialect === 'postgres') {
    const owners = await tx.all<{ submission_id: number }>(M.searchSubmissions(tx), list);
    await holdCounted(tx, idList(owners.map((row) => row.submission_id)));
  }
  await tx.run(M.addToSearchCounts(tx), at, list);
}

/**
 * Deletes the pairs `where` names (a condition on search_matches m, with `params`) and counts
 * the submissions they were part of again.
 */
export async function dropPairs(tx: Queryable, where: string, ...params: (string | number)[]) {
  const counted = await tx.all<{ id: number }>(M.countedBy(where), ...params, ...params);
  await tx.run(
    `DELETE FROM search_matches WHERE id IN (SELECT m.id FROM search_matches m WHERE ${where})`,
    ...params,
  );
  await refreshMatchCounts(
    tx,
    counted.map((row) => row.id),
  );
}

const inboxLink = (news: MatchNews, uuid: string | null) =>
  uuid ? `${news.publicUrl()}/agency/submissions/${uuid}` : null;

/** The most pairs one `match.found` event names; its `total` counts them all. */
export const MATCH_EVENT_CAP = 50;

/** What a `match.found` event is about: one search's change, or one stored lead. */
export type MatchCause = { searchId: number } | { leadId: number };

/**
 * One `match.found` webhook for the new pairs of one change (`cause`): the first
 * MATCH_EVENT_CAP of `pairs` named, each with the search's contact and the lead or listing,
 * with `total` (how many pairs the change made new) and the inbox link of the search's or the
 * lead's submission. Pairs gone since they were found are left out of the names.
 */
export async function announce(
  tx: Queryable,
  news: MatchNews,
  cause: MatchCause,
  pairs: Pair[],
  total = pairs.length,
) {
  if (!total) return;
  const named = pairs.slice(0, MATCH_EVENT_CAP);
  const searchIds = [
    ...new Set([...named.map((p) => p.searchId), ...('searchId' in cause ? [cause.searchId] : [])]),
  ];
  const searches = new Map(
    (
      await tx.all<{
        id: number;
        uuid: string;
        submission_uuid: string | null;
        contact_id: number;
        email: string;
        firstname: string;
        lastname: string;
      }>(M.searchesOf(tx), JSON.stringify(searchIds))
    ).map((row) => [Number(row.id), row]),
  );
  const listingIds = [
    ...new Set(named.flatMap((p) => (p.listingId === null ? [] : [p.listingId]))),
  ];
  const listings = new Map(
    listingIds.length
      ? (
          await tx.all<{ id: number; custom_id: string; title: string }>(
            M.listingsOf(tx),
            JSON.stringify(listingIds),
          )
        ).map((row) => [Number(row.id), row])
      : [],
  );
  const leadIds = [
    ...new Set([
      ...named.flatMap((p) => (p.submissionId === null ? [] : [p.submissionId])),
      ...('leadId' in cause ? [cause.leadId] : []),
    ]),
  ];
  const leadUuids = new Map(
    leadIds.length
      ? (await tx.all<{ id: number; uuid: string }>(M.uuidsOf(tx), JSON.stringify(leadIds))).map(
          (row) => [Number(row.id), row.uuid],
        )
      : [],
  );
  const searchOf = (id: number) => {
    const search = searches.get(id);
    return search
      ? {
          uuid: search.uuid,
          submission: search.submission_uuid,
          link: inboxLink(news, search.submission_uuid),
          contact: { email: search.email, firstname: search.firstname, lastname: search.lastname },
        }
      : null;
  };
  const leadOf = (id: number | null) => {
    const uuid = id === null ? null : (leadUuids.get(id) ?? null);
    return uuid ? { submission: uuid, link: inboxLink(news, uuid)! } : null;
  };
  const listed = named.flatMap((pair) => {
    const savedSearch = searchOf(pair.searchId);
    const lead = leadOf(pair.submissionId);
    const row = pair.listingId === null ? null : listings.get(pair.listingId);
    const listing = row ? { id: Number(row.id), customId: row.custom_id, title: row.title } : null;
    return savedSearch && (lead || listing) ? [{ savedSearch, lead, listing }] : [];
  });
  const about =
    'searchId' in cause
      ? { savedSearch: searchOf(cause.searchId), lead: null }
      : { savedSearch: null, lead: leadOf(cause.leadId) };
  if (!about.savedSearch && !about.lead) return;
  // No submission lane: the event names contacts' data; it names the searchers' contacts for
  // an erasure of any of them to find it (server/agency/erasure.ts).
  const searchers = [...searches.values()].map((search) => Number(search.contact_id));
  await news.outbox.webhook(
    tx,
    'match.found',
    {
      match: {
        foundAt: now(),
        total,
        link: about.savedSearch?.link ?? about.lead?.link ?? `${news.publicUrl()}/agency/`,
        ...about,
        pairs: listed,
      },
    },
    null,
    searchers,
  );
}

/**
 * A lead's pairs with the live searches `searchIds` (matchingSearches' answer for it), for a
 * lead stored before the pairs were (fillLeadPairs, unannounced).
 */
export async function storeLeadPairs(
  tx: Queryable,
  submissionId: number,
  searchIds: readonly number[],
) {
  if (!searchIds.length) return;
  const at = now();
  const stored = await tx.all<{ saved_search_id: number }>(
    `${M.leadPairs(tx)} RETURNING saved_search_id`,
    submissionId,
    at,
    JSON.stringify(searchIds),
  );
  // The lead counted from its pairs; each search's submission one more, not counted again: a
  // broad search's thousands of pairs are not read for each lead it matches.
  if (stored.length) {
    const fresh = JSON.stringify(stored.map((row) => Number(row.saved_search_id)));
    const searches = await tx.all<{ submission_id: number }>(M.searchSubmissions(tx), fresh);
    await holdCounted(tx, idList([submissionId, ...searches.map((row) => row.submission_id)]));
    await countAgain(tx, idList([submissionId]));
    if (searches.length) await tx.run(M.addToSearchCounts(tx), at, fresh);
  }
}

/**
 * The pairs of saved search `search` written again as it stands: none when it is not `live`;
 * else the leads and listings it matches now (`withLeads` false: its listings only). Pairs it
 * no longer matches go, new ones are written and announced when `news` is given.
 */
export async function writeSearchPairs(
  tx: Queryable,
  search: MatchSearch & { id: number },
  live: boolean,
  news: MatchNews | null,
  places: MatchPlaces = berlinPlaces(),
  withLeads = true,
) {
  const id = Number(search.id);
  if (!live) {
    await dropPairs(tx, 'm.saved_search_id = ?', id);
    return;
  }
  const wanted: Pair[] = [];
  const category = categoryById(Number(search.category_id));
  if (category) {
    if (withLeads)
      for (const lead of await tx.all<
        Parameters<typeof propertyOfLead>[0] & { submission_id: number }
      >(M.leadsOfCategory, category.id, String(search.marketing_type)))
        if (matchSearch(search, propertyOfLead(lead), places).match)
          wanted.push({ searchId: id, submissionId: Number(lead.submission_id), listingId: null });
    for (const listing of await tx.all<Parameters<typeof propertyOfListing>[0] & { id: number }>(
      M.listingsOfCategory,
      category.id,
    ))
      if (matchSearch(search, propertyOfListing(listing), places).match)
        wanted.push({ searchId: id, submissionId: null, listingId: Number(listing.id) });
  }
  const key = (p: { submissionId: number | null; listingId: number | null }) =>
    p.submissionId !== null ? `s${p.submissionId}` : `l${p.listingId}`;
  const had = new Map(
    (
      await tx.all<{ submission_id: number | null; listing_id: number | null }>(M.pairsOfSearch, id)
    ).map((row) => {
      const pair = {
        searchId: id,
        submissionId: row.submission_id === null ? null : Number(row.submission_id),
        listingId: row.listing_id === null ? null : Number(row.listing_id),
      };
      return [key(pair), pair];
    }),
  );
  const wantedKeys = new Set(wanted.map(key));
  // The submissions whose counts change: the leads of pairs gone or new, and the search's own.
  const changed = new Set<number | null>();
  for (const [k, pair] of had) {
    if (wantedKeys.has(k)) continue;
    if (pair.listingId !== null) await tx.run(M.dropListingPair, id, pair.listingId);
    else if (withLeads) await tx.run(M.dropLeadPair, id, pair.submissionId);
    else continue;
    changed.add(pair.submissionId);
  }
  const fresh = wanted.filter((pair) => !had.has(key(pair)));
  const at = now();
  for (const pair of fresh) {
    await tx.run(M.insertPair, id, pair.submissionId, pair.listingId, at);
    changed.add(pair.submissionId);
  }
  if (changed.size) {
    const own = await tx.one<{ submission_id: number | null }>(M.searchSubmission, id);
    await refreshMatchCounts(tx, [...changed, own?.submission_id ?? null]);
  }
  if (news) await announce(tx, news, { searchId: id }, fresh);
}

const BATCH = 200;

/**
 * Matches every lead stored before the pairs (leads_to_match) against the live searches, a
 * batch per transaction, unannounced; returns how many. Run after the searches' terms are
 * written (fillSearchTerms). Processes starting together write the same pairs once.
 */
export async function fillLeadPairs(sql: Sql, places = berlinPlaces()): Promise<number> {
  let filled = 0;
  for (;;) {
    const leads = await sql.all<Parameters<typeof propertyOfLead>[0] & { submission_id: number }>(
      M.unmatchedLeads(BATCH),
    );
    if (!leads.length) return filled;
    await sql.transaction(async (tx) => {
      for (const lead of leads) {
        const ids = await matchingSearches(tx, propertyOfLead(lead), places);
        await storeLeadPairs(tx, Number(lead.submission_id), ids);
        await tx.run(M.leadMatched, lead.submission_id);
      }
    });
    filled += leads.length;
  }
}
