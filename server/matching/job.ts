/**
 * Matching's job (docs/matching.md#the-job, decisions 170, 177, 179): it writes the pairs of each
 * saved search's change and of each stored lead, after the request that recorded them
 * (server/matching/changes.ts, server/submissions/routes.ts) has answered.
 *
 * - A change is claimed with a lease, as the delivery outbox claims its rows
 *   (server/delivery/worker.ts): its `lease_until` moves LEASE_MS ahead, and on PostgreSQL rows
 *   another process is claiming are skipped; a process killed mid-way leaves its claim to run
 *   out, and the next claims the change again where its last committed batch left it.
 * - A search's change is walked in batches (`batchOf`: 500, 50 on SQLite), each a short
 *   transaction of its own, the event loop let turn between them: its listings; the leads of
 *   its localities (the lead-side index, `lead_localities`), locality by locality and by
 *   submission id, their pairs written or dropped; its pairs with leads, by submission id,
 *   those it no longer matches dropped. A search that is not live has its pairs dropped, a
 *   batch at a time. Where the walk stands (phase, cursor) and its new pairs so far are kept
 *   with the change, so a restart goes on from there. The last step counts the search's
 *   submission again and announces the new pairs in one `match.found` event.
 * - A stored lead's pairs are those of the live searches the index gives (`matchingSearches`):
 *   pairs missing written and announced, pairs of searches gone dropped; where its agency is
 *   due to be told of it, told first (decision 176). Leads are claimed in a batch and taken in
 *   order, one transaction until their pairs to write reach a batch; a lead with more is
 *   written over several, its plan (the searches still to pair with) read once a claim and
 *   each step's part of it read again.
 * - While the process serves requests (`options.busy`), the job waits between steps
 *   GIVE_WAY times as long as the last took: the requests keep most of the process.
 * - A pair that goes is kept for SEEN_FOR_MS in `search_matches_gone`: if it comes back
 *   meanwhile, it is not new and not announced.
 *
 * On PostgreSQL each batch takes its row locks in one order: the leads (their submissions),
 * then the search (FOR UPDATE) and its change, or the searches of a lead step's pairs (FOR
 * SHARE, read again once held), so a search's batch and a lead's step each see what the other
 * committed.
 */
import { categoryById } from '../../contract/catalog';
import type { Queryable, Sql } from '../db/sql';
import { monotonic } from '../db/clock';
import {
  berlinPlaces,
  matchSearch,
  propertyLocalities,
  propertyOfLead,
  propertyOfListing,
  searchLocalities,
  type MatchPlaces,
  type MatchSearch,
} from './match';
import {
  addToOwnerCounts,
  announce,
  MATCH_EVENT_CAP,
  refreshMatchCounts,
  type MatchNews,
  type Pair,
} from './pairs';
import { LIVE, matchingSearches, SEARCH_COLUMNS } from './terms';

/** Leads (or pairs) a batch reads and writes at most. */
export const BATCH = 500;
/**
 * On SQLite, whose statements hold the process while they run and whose one writer holds every
 * other request's write, a step reads and writes at most this many: a few milliseconds each.
 */
export const SQLITE_BATCH = 50;
/** The most a step of the job reads and writes on `q`'s database. */
export const batchOf = (q: Queryable) => (q.dialect === 'sqlite' ? SQLITE_BATCH : BATCH);
/** How long a claim holds a change; a batch ends far sooner. */
export const LEASE_MS = 60_000;
/** How often the job looks for changes when nothing wakes it. */
export const POLL_MS = 2_000;
/** How long a pair that went is remembered: one back within it is not new. */
export const SEEN_FOR_MS = 24 * 60 * 60 * 1000;
/** How often, at most, the pairs gone longer ago than that are deleted. */
export const FORGET_EVERY_MS = 60_000;
/**
 * While the process serves requests, the job waits this many times as long as its last step
 * took before the next: it takes at most a quarter of the process's time from them.
 */
export const GIVE_WAY = 3;
/** The least it waits between steps while requests are being served, in milliseconds. */
export const GIVE_WAY_MIN_MS = 1;
/** The most it waits between two steps: well inside a claim's lease. */
export const GIVE_WAY_MAX_MS = 5_000;
/** Leads a claim takes at most. */
export const LEADS_A_CLAIM = 20;

const iso = (ms: number) => new Date(ms).toISOString();

/**
 * Lets the event loop turn between steps: SQLite's statements run synchronously, so a job of
 * many steps would otherwise hold the process until its end, the requests that came meanwhile
 * unread; they go first now, and wait at most for one step.
 */
const breathe = () => new Promise<void>((resolve) => setImmediate(resolve));

/**
 * The leads phase's cursor: the position of a locality among the search's (ascending) and the
 * last submission read in it, as one integer.
 */
const SPAN = 2 ** 40;
const cursorAt = (k: number, after: number) => k * SPAN + after;
const placeOf = (cursor: number) => ({ k: Math.floor(cursor / SPAN), after: cursor % SPAN });

/** `?` as the ids of a JSON array. */
const idsOf = (q: Queryable) =>
  q.dialect === 'postgres'
    ? 'SELECT jsonb_array_elements_text(?::jsonb)::bigint AS id'
    : 'SELECT value AS id FROM json_each(?)';
const forUpdate = (q: Queryable, lock = 'FOR UPDATE') => (q.dialect === 'postgres' ? lock : '');
const skipLocked = (q: Queryable) => (q.dialect === 'postgres' ? 'FOR UPDATE SKIP LOCKED' : '');

type LeadRow = Parameters<typeof propertyOfLead>[0] & { submission_id: number };

/**
 * A lead's pairs still to write, made at its first step of a claim: its property as matching
 * reads it (null: not a lead to pair), the searches to pair with, the pairs to drop, and
 * whether a step has changed its pairs (its count is written at its last).
 */
interface LeadPlan {
  /** The entry's changed_at the plan was made for: a lead marked again is planned again. */
  changedAt: string;
  property: ReturnType<typeof propertyOfLead> | null;
  todo: number[];
  gone: number[];
  changed: boolean;
}

const J = {
  /** Whether any search's change is due: one row of the index on lease_until, no write. */
  searchDue: 'SELECT 1 AS due FROM search_changes WHERE lease_until <= ? LIMIT 1',
  leadDue: 'SELECT 1 AS due FROM lead_changes WHERE lease_until <= ? LIMIT 1',
  claimSearch: (q: Queryable) => `UPDATE search_changes SET lease_until = ?
    WHERE saved_search_id IN (SELECT saved_search_id FROM search_changes WHERE lease_until <= ?
      ORDER BY changed_at, saved_search_id LIMIT 1 ${skipLocked(q)})
    RETURNING saved_search_id`,
  // In the order the leads were stored, read by key (on SQLite the table in key order, not the
  // index on lease_until), so a claim reads about as many rows as it takes, not every lead
  // waiting and a sort of them.
  claimLeads: (q: Queryable) => `UPDATE lead_changes SET lease_until = ?
    WHERE submission_id IN (SELECT submission_id FROM lead_changes
      ${q.dialect === 'sqlite' ? 'NOT INDEXED' : ''} WHERE lease_until <= ?
      ORDER BY submission_id LIMIT ? ${skipLocked(q)})
    RETURNING submission_id`,
  change: (q: Queryable, lock = true) => `SELECT version, phase, cursor, found_total,
    found_sample FROM search_changes WHERE saved_search_id = ? ${lock ? forUpdate(q) : ''}`,
  search: (q: Queryable) => `SELECT ${SEARCH_COLUMNS}, ss.submission_id,
    CASE WHEN ${LIVE} THEN 1 ELSE 0 END AS live FROM saved_searches ss WHERE ss.id = ?
    ${forUpdate(q, 'FOR UPDATE OF ss')}`,
  lockLeads: (q: Queryable) =>
    `SELECT id FROM submissions WHERE id IN (${idsOf(q)}) ORDER BY id FOR NO KEY UPDATE`,
  leads: (q: Queryable) => `SELECT submission_id, object_type, category_id, marketing_type,
    location, fields FROM leads WHERE submission_id IN (${idsOf(q)})`,
  leadsOfLocality: `SELECT submission_id FROM lead_localities
    WHERE locality_id = ? AND marketing_type = ? AND category_id = ? AND submission_id > ?
    ORDER BY submission_id LIMIT ?`,
  pairedLeads: `SELECT submission_id FROM search_matches
    WHERE saved_search_id = ? AND submission_id > ? ORDER BY submission_id LIMIT ?`,
  pairsWith: (q: Queryable) => `SELECT submission_id FROM search_matches
    WHERE saved_search_id = ? AND submission_id IN (${idsOf(q)})`,
  listingPairs: `SELECT listing_id FROM search_matches
    WHERE saved_search_id = ? AND listing_id IS NOT NULL`,
  listingsOfCategory: `SELECT id, zip, category_id, price_title, price_text FROM listings
    WHERE category_id = ?`,
  insertPair: `INSERT INTO search_matches (saved_search_id, submission_id, listing_id, found_at)
    VALUES (?, ?, ?, ?) ON CONFLICT DO NOTHING`,
  dropLeadPair: 'DELETE FROM search_matches WHERE saved_search_id = ? AND submission_id = ?',
  dropListingPair: 'DELETE FROM search_matches WHERE saved_search_id = ? AND listing_id = ?',
  forgetLead: `DELETE FROM search_matches_gone WHERE saved_search_id = ? AND submission_id = ?`,
  forgetListing: `DELETE FROM search_matches_gone WHERE saved_search_id = ? AND listing_id = ?`,
  goneLead: `INSERT INTO search_matches_gone (saved_search_id, submission_id, gone_at)
    VALUES (?, ?, ?)`,
  goneListing: `INSERT INTO search_matches_gone (saved_search_id, listing_id, gone_at)
    VALUES (?, ?, ?)`,
  seenLead: `SELECT 1 AS seen FROM search_matches_gone
    WHERE saved_search_id = ? AND submission_id = ? AND gone_at > ?`,
  seenListing: `SELECT 1 AS seen FROM search_matches_gone
    WHERE saved_search_id = ? AND listing_id = ? AND gone_at > ?`,
  // Each step also holds the claim LEASE_MS longer: a walk that gives way to requests for
  // longer than that stays this process's.
  progress: `UPDATE search_changes SET phase = ?, cursor = ?, found_total = ?, found_sample = ?,
    lease_until = ? WHERE saved_search_id = ?`,
  done: 'DELETE FROM search_changes WHERE saved_search_id = ? AND version = ?',
  release: `UPDATE search_changes SET lease_until = '' WHERE saved_search_id = ?`,
  leadMarks: (q: Queryable) =>
    `SELECT submission_id, changed_at, tell, found_total, found_sample, stepped
     FROM lead_changes WHERE submission_id IN (${idsOf(q)})`,
  /** A lead's pairs written so far, where its step ended before all of them were. */
  leadProgress: `UPDATE lead_changes SET found_total = ?, found_sample = ?, stepped = 1
    WHERE submission_id = ?`,
  /** The claim on a step's leads held LEASE_MS longer. */
  renewLeads: (q: Queryable) =>
    `UPDATE lead_changes SET lease_until = ? WHERE submission_id IN (${idsOf(q)})`,
  /** Rows [submission, locality, marketing type, category] of `?`, a JSON array of them. */
  placeLeads: (q: Queryable) =>
    q.dialect === 'postgres'
      ? `INSERT INTO lead_localities (submission_id, locality_id, marketing_type, category_id)
         SELECT (r->>0)::bigint, (r->>1)::int, r->>2, (r->>3)::int
         FROM jsonb_array_elements(?::jsonb) r ON CONFLICT DO NOTHING`
      : `INSERT INTO lead_localities (submission_id, locality_id, marketing_type, category_id)
         SELECT json_extract(value, '$[0]'), json_extract(value, '$[1]'),
           json_extract(value, '$[2]'), json_extract(value, '$[3]') FROM json_each(?) WHERE true
         ON CONFLICT DO NOTHING`,
  pairsOfLeads: (q: Queryable) => `SELECT submission_id, saved_search_id FROM search_matches
    WHERE submission_id IN (${idsOf(q)}) ORDER BY submission_id, saved_search_id`,
  holdSearches: (q: Queryable) =>
    `SELECT id FROM saved_searches WHERE id IN (${idsOf(q)}) ORDER BY id FOR SHARE`,
  searchesNow: (q: Queryable) => `SELECT ${SEARCH_COLUMNS},
    CASE WHEN ${LIVE} THEN 1 ELSE 0 END AS live FROM saved_searches ss
    WHERE ss.id IN (${idsOf(q)})`,
  pairLead: (q: Queryable) => `INSERT INTO search_matches (saved_search_id, submission_id, found_at)
    SELECT ids.id, ?, ? FROM (${idsOf(q)}) ids WHERE true
    ON CONFLICT DO NOTHING RETURNING saved_search_id`,
  pairLeads: (q: Queryable) => `INSERT INTO search_matches (saved_search_id, submission_id,
    found_at) SELECT ?, ids.id, ? FROM (${idsOf(q)}) ids WHERE true
    ON CONFLICT DO NOTHING RETURNING submission_id`,
  dropLeadPairs: (q: Queryable) => `DELETE FROM search_matches
    WHERE saved_search_id = ? AND submission_id IN (${idsOf(q)})`,
  goneLeads: (q: Queryable) => `INSERT INTO search_matches_gone (saved_search_id, submission_id,
    gone_at) SELECT ?, ids.id, ? FROM (${idsOf(q)}) ids`,
  seenOfSearch: (q: Queryable) => `SELECT submission_id FROM search_matches_gone
    WHERE saved_search_id = ? AND gone_at > ? AND submission_id IN (${idsOf(q)})`,
  forgetOfSearch: (q: Queryable) => `DELETE FROM search_matches_gone
    WHERE saved_search_id = ? AND submission_id IN (${idsOf(q)})`,
  seenOfLead: (q: Queryable) => `SELECT saved_search_id FROM search_matches_gone
    WHERE submission_id = ? AND gone_at > ? AND saved_search_id IN (${idsOf(q)})`,
  forgetOfLead: (q: Queryable) => `DELETE FROM search_matches_gone
    WHERE submission_id = ? AND saved_search_id IN (${idsOf(q)})`,
  searchSubmissions: (q: Queryable) => `SELECT submission_id FROM saved_searches
    WHERE id IN (${idsOf(q)}) AND submission_id IS NOT NULL`,
  /**
   * Of leads `[id, localities, marketing type, category]` (JSON), those a live search's terms
   * ask for in one of their localities with their marketing type and category: a wider net
   * than matchingSearches' (no object type, no figures), so a lead left out has no match.
   */
  askedFor: (q: Queryable) =>
    q.dialect === 'postgres'
      ? `SELECT DISTINCT (l->>0)::bigint AS id FROM jsonb_array_elements(?::jsonb) l,
           jsonb_array_elements_text(l->1) loc
         WHERE EXISTS (SELECT 1 FROM saved_search_terms t WHERE t.locality_id = loc::int
           AND t.marketing_type = l->>2 AND t.category_id = (l->>3)::int)`
      : `SELECT DISTINCT json_extract(l.value, '$[0]') AS id FROM json_each(?) l,
           json_each(json_extract(l.value, '$[1]')) loc
         WHERE EXISTS (SELECT 1 FROM saved_search_terms t WHERE t.locality_id = loc.value
           AND t.marketing_type = json_extract(l.value, '$[2]')
           AND t.category_id = json_extract(l.value, '$[3]'))`,
  /** The entries of leads done, each as it was marked (`[id, changed_at]` pairs, JSON). */
  leadsDone: (q: Queryable) =>
    q.dialect === 'postgres'
      ? `DELETE FROM lead_changes l USING jsonb_array_elements(?::jsonb) d
         WHERE l.submission_id = (d->>0)::bigint AND l.changed_at = d->>1`
      : `DELETE FROM lead_changes WHERE (submission_id, changed_at) IN
         (SELECT json_extract(value, '$[0]'), json_extract(value, '$[1]') FROM json_each(?))`,
  forgetOld: (q: Queryable) => `DELETE FROM search_matches_gone WHERE id IN
    (SELECT id FROM search_matches_gone WHERE gone_at < ? LIMIT ${BATCH} ${skipLocked(q)})`,
};

/** A new pair as the change keeps it until its event: a lead's submission or a listing. */
type Found = { s: number } | { l: number };

interface Change {
  version: number;
  phase: 'listings' | 'leads' | 'stale' | 'drop' | 'last';
  cursor: number;
  found_total: number;
  found_sample: string;
}

export interface MatcherOptions {
  /** Where new pairs are announced; null: webhooks are off. */
  news: MatchNews | null;
  places?: MatchPlaces;
  now?: () => number;
  log?: (message: string, detail?: unknown) => void;
  /** Whether the process is serving requests now; the job then gives way to them. */
  busy?: () => boolean;
}

export function createMatcher(sql: Sql, options: MatcherOptions) {
  const places = options.places ?? berlinPlaces();
  const clock = options.now ?? (() => Date.now());
  const log = options.log ?? (() => {});
  let forgetDue = 0;
  /** How a lead's agency is told of it, where that was due at its submission (decision 176). */
  let teller: ((tx: Queryable, submissionId: number) => Promise<void>) | null = null;

  /** Whether the pair is new: not gone within SEEN_FOR_MS. Its memory of going is dropped. */
  async function isNew(tx: Queryable, searchId: number, pair: Found): Promise<boolean> {
    const since = iso(clock() - SEEN_FOR_MS);
    const [seen, forget, ref] =
      's' in pair ? [J.seenLead, J.forgetLead, pair.s] : [J.seenListing, J.forgetListing, pair.l];
    const wasSeen = !!(await tx.one(seen, searchId, ref, since));
    await tx.run(forget, searchId, ref);
    return !wasSeen;
  }

  async function drop(tx: Queryable, searchId: number, pair: Found) {
    const at = iso(clock());
    if ('s' in pair) {
      await tx.run(J.dropLeadPair, searchId, pair.s);
      await tx.run(J.forgetLead, searchId, pair.s);
      await tx.run(J.goneLead, searchId, pair.s, at);
    } else {
      await tx.run(J.dropListingPair, searchId, pair.l);
      await tx.run(J.forgetListing, searchId, pair.l);
      await tx.run(J.goneListing, searchId, pair.l, at);
    }
  }

  async function add(tx: Queryable, searchId: number, pair: Found): Promise<boolean> {
    const [lead, listing] = 's' in pair ? [pair.s, null] : [null, pair.l];
    const written = await tx.run(J.insertPair, searchId, lead, listing, iso(clock()));
    return written === 1 && (await isNew(tx, searchId, pair));
  }

  /**
   * Search `searchId`'s pairs with the leads `leadIds` written, in three statements; resolves to
   * the leads whose pair is new (written, and not gone within SEEN_FOR_MS), ascending.
   */
  async function addLeads(tx: Queryable, searchId: number, leadIds: number[]): Promise<number[]> {
    if (!leadIds.length) return [];
    const written = (
      await tx.all<{ submission_id: number }>(
        J.pairLeads(tx),
        searchId,
        iso(clock()),
        JSON.stringify(leadIds),
      )
    ).map((r) => Number(r.submission_id));
    if (!written.length) return [];
    const list = JSON.stringify(written);
    const seen = new Set(
      (
        await tx.all<{ submission_id: number }>(
          J.seenOfSearch(tx),
          searchId,
          iso(clock() - SEEN_FOR_MS),
          list,
        )
      ).map((r) => Number(r.submission_id)),
    );
    await tx.run(J.forgetOfSearch(tx), searchId, list);
    return written.filter((lead) => !seen.has(lead)).sort((a, b) => a - b);
  }

  /** Search `searchId`'s pairs with the leads `leadIds` dropped and remembered as gone. */
  async function dropLeads(tx: Queryable, searchId: number, leadIds: number[]) {
    if (!leadIds.length) return;
    const list = JSON.stringify(leadIds);
    await tx.run(J.dropLeadPairs(tx), searchId, list);
    await tx.run(J.forgetOfSearch(tx), searchId, list);
    await tx.run(J.goneLeads(tx), searchId, iso(clock()), list);
  }

  /** The leads `ids` as matching reads them, their submissions locked first (PostgreSQL). */
  async function leadsOf(tx: Queryable, ids: number[]): Promise<LeadRow[]> {
    if (!ids.length) return [];
    const list = JSON.stringify(ids);
    if (tx.dialect === 'postgres') await tx.all(J.lockLeads(tx), list);
    return tx.all<LeadRow>(J.leads(tx), list);
  }

  /**
   * One batch of search `id`'s change, one transaction; resolves to true when the change is
   * done (or gone).
   */
  async function searchStep(id: number): Promise<boolean> {
    // Read without a lock first: the leads are locked before the search and its change.
    const peek = await sql.one<Change>(J.change(sql, false), id);
    if (!peek) return true;
    return sql.transaction(async (tx) => {
      let ids: number[] = [];
      let localities: number[] = [];
      let walk = placeOf(0);
      const before = await tx.one<{
        live: number;
        category_id: number;
        marketing_type: string;
        locations: string;
      }>(
        `SELECT ss.category_id, ss.marketing_type, ss.locations,
           CASE WHEN ${LIVE} THEN 1 ELSE 0 END AS live FROM saved_searches ss WHERE ss.id = ?`,
        id,
      );
      if (before && (peek.phase === 'leads' || peek.phase === 'stale')) {
        if (peek.phase === 'leads') {
          // One locality at a time, each a range of the index read by key: the next leads of
          // the locality the cursor is in, or of the next one that has any.
          localities = [...new Set(searchLocalities(before.locations, places) ?? [])].sort(
            (a, b) => a - b,
          );
          for (walk = placeOf(Number(peek.cursor)); walk.k < localities.length;) {
            ids = (
              await tx.all<{ submission_id: number }>(
                J.leadsOfLocality,
                localities[walk.k]!,
                String(before.marketing_type),
                Number(before.category_id),
                walk.after,
                batchOf(tx),
              )
            ).map((r) => Number(r.submission_id));
            if (ids.length) break;
            walk = { k: walk.k + 1, after: 0 };
          }
        } else
          ids = (
            await tx.all<{ submission_id: number }>(
              J.pairedLeads,
              id,
              Number(peek.cursor),
              batchOf(tx),
            )
          ).map((r) => Number(r.submission_id));
      }
      const leads = await leadsOf(tx, ids);
      const search = await tx.one<{
        id: number;
        live: number;
        submission_id: number | null;
        marketing_type: string;
        object_type: string;
        category_id: number;
        locations: string;
        fields: string;
      }>(J.search(tx), id);
      const change = await tx.one<Change>(J.change(tx), id);
      if (!change) return true;
      // Changed since the peek: the next batch starts from where it stands now.
      if (change.phase !== peek.phase || Number(change.cursor) !== Number(peek.cursor))
        return false;
      if (
        search &&
        before &&
        (search.locations !== before.locations ||
          Number(search.category_id) !== Number(before.category_id))
      )
        return false;
      const found: Found[] = JSON.parse(change.found_sample) as Found[];
      let foundTotal = Number(change.found_total);
      const changedLeads = new Set<number>();
      const note = (pair: Found) => {
        foundTotal += 1;
        if (found.length < 50) found.push(pair);
      };
      let phase: Change['phase'] = change.phase;
      let cursor = Number(change.cursor);
      const live = !!search && Number(search.live) === 1;
      if (!live && phase !== 'last') phase = 'drop';

      if (phase === 'listings') {
        const had = new Set(
          (await tx.all<{ listing_id: number }>(J.listingPairs, id)).map((r) =>
            Number(r.listing_id),
          ),
        );
        const wanted = new Set<number>();
        const category = categoryById(Number(search!.category_id));
        if (category)
          for (const listing of await tx.all<
            Parameters<typeof propertyOfListing>[0] & { id: number }
          >(J.listingsOfCategory, category.id))
            if (matchSearch(search!, propertyOfListing(listing), places).match)
              wanted.add(Number(listing.id));
        for (const listing of had) if (!wanted.has(listing)) await drop(tx, id, { l: listing });
        for (const listing of wanted)
          if (!had.has(listing) && (await add(tx, id, { l: listing }))) note({ l: listing });
        phase = 'leads';
        cursor = 0;
      } else if (phase === 'leads' || phase === 'stale') {
        const matched = new Set(
          leads
            .filter((lead) => matchSearch(search!, propertyOfLead(lead), places).match)
            .map((lead) => Number(lead.submission_id)),
        );
        const had = new Set(
          ids.length
            ? (
                await tx.all<{ submission_id: number }>(J.pairsWith(tx), id, JSON.stringify(ids))
              ).map((r) => Number(r.submission_id))
            : [],
        );
        const goneLeads = ids.filter((lead) => had.has(lead) && !matched.has(lead));
        const newLeads = ids.filter((lead) => !had.has(lead) && matched.has(lead));
        await dropLeads(tx, id, goneLeads);
        for (const lead of await addLeads(tx, id, newLeads)) note({ s: lead });
        [...goneLeads, ...newLeads].forEach((lead) => changedLeads.add(lead));
        if (phase === 'stale') {
          if (ids.length < batchOf(tx)) {
            phase = 'last';
            cursor = 0;
          } else cursor = ids[ids.length - 1]!;
        } else if (ids.length === batchOf(tx)) cursor = cursorAt(walk.k, ids[ids.length - 1]!);
        else if (walk.k + 1 < localities.length) cursor = cursorAt(walk.k + 1, 0);
        else {
          phase = 'stale';
          cursor = 0;
        }
      } else if (phase === 'drop') {
        const gone = await tx.all<{ submission_id: number | null; listing_id: number | null }>(
          `SELECT submission_id, listing_id FROM search_matches WHERE saved_search_id = ?
           ORDER BY submission_id LIMIT ?`,
          id,
          batchOf(tx),
        );
        const leadIds = gone.flatMap((r) =>
          r.submission_id === null ? [] : [Number(r.submission_id)],
        );
        if (tx.dialect === 'postgres' && leadIds.length)
          await tx.all(J.lockLeads(tx), JSON.stringify([...leadIds].sort((a, b) => a - b)));
        await dropLeads(tx, id, leadIds);
        leadIds.forEach((lead) => changedLeads.add(lead));
        for (const row of gone)
          if (row.submission_id === null) await drop(tx, id, { l: Number(row.listing_id) });
        if (gone.length < batchOf(tx)) phase = 'last';
      } else {
        // The last step: the search's own count, and one event of its new pairs.
        if (search?.submission_id != null) await refreshMatchCounts(tx, [search.submission_id]);
        if (live && options.news)
          await announce(
            tx,
            options.news,
            { searchId: id },
            found.map((pair): Pair => ({
              searchId: id,
              submissionId: 's' in pair ? pair.s : null,
              listingId: 's' in pair ? null : pair.l,
            })),
            foundTotal,
          );
        const finished = await tx.run(J.done, id, change.version);
        return finished === 1;
      }
      if (changedLeads.size) await refreshMatchCounts(tx, changedLeads);
      await tx.run(
        J.progress,
        phase,
        cursor,
        foundTotal,
        JSON.stringify(found),
        iso(clock() + LEASE_MS),
        id,
      );
      return false;
    });
  }

  /**
   * Stored leads (`ids`, ascending), in one transaction: each placed in the lead-side index
   * where it is not yet (a lead stored before the index was; a new one is placed with it), its
   * pairs made those of the live searches it matches (`matchingSearches`), the new ones
   * announced in one event a lead. Leads are taken in order until their pairs to write reach a
   * step's size; a lead with more is written over several steps. Resolves to how many leads
   * it finished (0: the first lead is not finished yet).
   *
   * `plans` keeps, across the steps of one claim, each lead's searches still to pair with (read
   * once, at its first step): each step reads again only the searches of the pairs it writes,
   * and decides them by matchSearch, so a search changed since the plan was made is paired as
   * it is now; a search changed to want the lead pairs it in its own change's walk.
   *
   * On PostgreSQL the leads' submissions are held first, then the searches of the step's pairs
   * (FOR SHARE, in the order of their ids), and the searches are read again after that: a
   * search changed by a request that committed before is seen as it is now, and one changed
   * after waits for this transaction, whose pairs its change's walk then reads.
   */
  async function leadsStep(ids: number[], plans: Map<number, LeadPlan>): Promise<number> {
    const outcome = await sql.transaction(async (tx) => {
      const list = JSON.stringify(ids);
      if (tx.dialect === 'postgres') await tx.all(J.lockLeads(tx), list);
      const marks = new Map(
        (
          await tx.all<{
            submission_id: number;
            changed_at: string;
            tell: number;
            found_total: number;
            found_sample: string;
            stepped: number;
          }>(J.leadMarks(tx), list)
        ).map((r) => [Number(r.submission_id), r]),
      );
      const leads = new Map(
        (await tx.all<LeadRow>(J.leads(tx), list)).map((r) => [Number(r.submission_id), r]),
      );
      // The pairs each lead has that has no plan for its mark yet, read at once for the step.
      const unplanned = ids.filter((id) => {
        const mark = marks.get(id);
        return !!mark && leads.has(id) && plans.get(id)?.changedAt !== mark.changed_at;
      });
      const had = new Map<number, number[]>();
      if (unplanned.length)
        for (const r of await tx.all<{ submission_id: number; saved_search_id: number }>(
          J.pairsOfLeads(tx),
          JSON.stringify(unplanned),
        )) {
          const id = Number(r.submission_id);
          const list = had.get(id);
          if (list) list.push(Number(r.saved_search_id));
          else had.set(id, [Number(r.saved_search_id)]);
        }
      // Their properties, and which of them any live search asks for by kind and place (one
      // read for the step): a lead no search asks for is paired with none, unread by
      // matchingSearches (a lead of an agency's day mostly).
      const properties = new Map(
        unplanned.map((id) => {
          const property = propertyOfLead(leads.get(id)!);
          return [id, { property, localities: propertyLocalities(property.location, places) }];
        }),
      );
      const asked = new Set<number>();
      const kinds = unplanned
        .filter((id) => properties.get(id)!.localities.length)
        .map((id) => {
          const { property, localities } = properties.get(id)!;
          return [id, localities, property.marketingType, property.categoryId];
        });
      if (kinds.length)
        for (const r of await tx.all<{ id: number }>(J.askedFor(tx), JSON.stringify(kinds)))
          asked.add(Number(r.id));
      const index: [number, number, string, number][] = [];
      // This step's part of each lead's plan, in order, until a step's size of pairs.
      const parts: { id: number; plan: LeadPlan; pair: number[] }[] = [];
      let room = batchOf(tx);
      for (const id of ids) {
        if (parts.length && room <= 0) break;
        const lead = leads.get(id);
        const mark = marks.get(id);
        if (!mark || !lead) {
          parts.push({
            id,
            plan: { changedAt: '', property: null, todo: [], gone: [], changed: false },
            pair: [],
          });
          continue;
        }
        // A copy: `plans` changes only once this step has committed (a transaction PostgreSQL
        // retries runs this again from the same plans).
        let plan = plans.get(id);
        if (plan && plan.changedAt === mark.changed_at) plan = { ...plan };
        else {
          const { property, localities } = properties.get(id)!;
          for (const locality of localities)
            index.push([id, locality, String(lead.marketing_type), Number(lead.category_id)]);
          const want = asked.has(id)
            ? await matchingSearches(tx, property, places, localities)
            : [];
          const have = had.get(id) ?? [];
          const wants = new Set(want);
          const has = new Set(have);
          plan = {
            changedAt: mark.changed_at,
            property,
            todo: want.filter((searchId) => !has.has(searchId)),
            gone: have.filter((searchId) => !wants.has(searchId)),
            changed: false,
          };
        }
        // At least one pair a step, so a lead's plan always moves on.
        const pair = plan.todo.slice(0, Math.max(room, 1));
        room -= pair.length + plan.gone.length;
        parts.push({ id, plan, pair });
      }
      if (index.length) await tx.run(J.placeLeads(tx), JSON.stringify(index));
      await tx.run(J.renewLeads(tx), iso(clock() + LEASE_MS), list);
      // The searches of this step's pairs, as they are now (held first on PostgreSQL).
      const searchIds = [...new Set(parts.flatMap((p) => [...p.pair, ...p.plan.gone]))].sort(
        (a, b) => a - b,
      );
      const now = new Map<number, MatchSearch & { live: number }>();
      if (searchIds.length) {
        const ordered = JSON.stringify(searchIds);
        if (tx.dialect === 'postgres') await tx.all(J.holdSearches(tx), ordered);
        for (const row of await tx.all<MatchSearch & { id: number; live: number }>(
          J.searchesNow(tx),
          ordered,
        ))
          now.set(Number(row.id), row);
      }
      const matchesNow = (searchId: number, property: LeadPlan['property']) => {
        const search = now.get(searchId);
        return (
          !!search &&
          !!property &&
          Number(search.live) === 1 &&
          matchSearch(search, property, places).match
        );
      };
      const at = iso(clock());
      let finished = 0;
      const added: number[] = [];
      const counted = new Set<number>();
      const goneFrom: number[] = [];
      /** Each lead's new pairs so far (with those of earlier steps): the total and a sample. */
      const news = new Map<number, { total: number; sample: number[] }>();
      for (const { id, plan, pair } of parts) {
        const mark = marks.get(id);
        if (!mark) continue;
        const leadNews = {
          total: Number(mark.found_total),
          sample: JSON.parse(mark.found_sample) as number[],
        };
        news.set(id, leadNews);
        const fresh = pair.filter((searchId) => matchesNow(searchId, plan.property));
        if (fresh.length) {
          const stored = (
            await tx.all<{ saved_search_id: number }>(J.pairLead(tx), id, at, JSON.stringify(fresh))
          ).map((r) => Number(r.saved_search_id));
          if (stored.length) {
            const storedList = JSON.stringify(stored);
            const seen = new Set(
              (
                await tx.all<{ saved_search_id: number }>(
                  J.seenOfLead(tx),
                  id,
                  iso(clock() - SEEN_FOR_MS),
                  storedList,
                )
              ).map((r) => Number(r.saved_search_id)),
            );
            await tx.run(J.forgetOfLead(tx), id, storedList);
            for (const searchId of stored.sort((a, b) => a - b)) {
              added.push(searchId);
              if (seen.has(searchId)) continue;
              leadNews.total += 1;
              if (leadNews.sample.length < MATCH_EVENT_CAP) leadNews.sample.push(searchId);
            }
            plan.changed = true;
          }
        }
        for (const searchId of plan.gone) {
          if (matchesNow(searchId, plan.property)) continue;
          await drop(tx, searchId, { s: id });
          goneFrom.push(searchId);
          plan.changed = true;
        }
        plan.todo = plan.todo.slice(pair.length);
        plan.gone = [];
        // A lead's own count once, at its last step (where an earlier step of it wrote, in this
        // claim or another's), not again at each of its steps.
        if (!plan.todo.length && (plan.changed || Number(mark.stepped) === 1)) counted.add(id);
      }
      // The leads' counts from their own pairs; a search's owner one more for each pair added
      // (a broad search's thousands of pairs are not read again for each lead it gains), and
      // counted again from its pairs only where one went.
      if (added.length) await addToOwnerCounts(tx, added, at);
      if (goneFrom.length) {
        const owners = await tx.all<{ submission_id: number }>(
          J.searchSubmissions(tx),
          JSON.stringify([...new Set(goneFrom)]),
        );
        owners.forEach((r) => counted.add(Number(r.submission_id)));
      }
      if (counted.size) await refreshMatchCounts(tx, counted);
      /** The leads finished in this step, with the mark each was planned for. */
      const done: [number, string][] = [];
      // Then, lead by lead, the agency told of it where that is due (with its pairs counted),
      // and its new pairs announced after that; a lead not finished keeps what it found so far
      // for its next step, and the leads after it wait for theirs.
      for (const { id, plan } of parts) {
        const mark = marks.get(id);
        if (!mark) {
          finished += 1;
          continue;
        }
        const leadNews = news.get(id)!;
        if (plan.todo.length) {
          await tx.run(J.leadProgress, leadNews.total, JSON.stringify(leadNews.sample), id);
          break;
        }
        if (Number(mark.tell) === 1 && leads.has(id)) {
          if (!teller) throw new Error('a lead is due to be told, and no teller is set');
          await teller(tx, id);
        }
        if (options.news && leadNews.total)
          await announce(
            tx,
            options.news,
            { leadId: id },
            leadNews.sample.map((searchId) => ({ searchId, submissionId: id, listingId: null })),
            leadNews.total,
          );
        done.push([id, mark.changed_at]);
        finished += 1;
      }
      if (done.length) await tx.run(J.leadsDone(tx), JSON.stringify(done));
      return { finished, parts };
    });
    // Committed: each lead's plan as this step left it, for its next step in this claim.
    for (const { id, plan } of outcome.parts)
      if (plan.todo.length && plan.property) plans.set(id, plan);
      else plans.delete(id);
    return outcome.finished;
  }

  /** Claims one search change; null when none is due. */
  async function claimSearch(): Promise<number | null> {
    const at = clock();
    // A claim is a write; most looks find nothing, and a read says so for far less.
    if (!(await sql.one(J.searchDue, iso(at)))) return null;
    const row = await sql.one<{ saved_search_id: number }>(
      J.claimSearch(sql),
      iso(at + LEASE_MS),
      iso(at),
    );
    return row ? Number(row.saved_search_id) : null;
  }

  async function claimLeads(): Promise<number[]> {
    const at = clock();
    if (!(await sql.one(J.leadDue, iso(at)))) return [];
    return (
      await sql.all<{ submission_id: number }>(
        J.claimLeads(sql),
        iso(at + LEASE_MS),
        iso(at),
        LEADS_A_CLAIM,
      )
    ).map((r) => Number(r.submission_id));
  }

  /**
   * Between steps: the event loop let turn; and while requests are being served
   * (`options.busy`), a wait of GIVE_WAY times the step's length, so the requests keep the
   * greater part of the process (decision 179). With none, the next step follows at once.
   */
  async function giveWay(stepStarted: number) {
    await breathe();
    if (!options.busy?.()) return;
    const wait = Math.min(
      GIVE_WAY_MAX_MS,
      Math.max(GIVE_WAY_MIN_MS, (monotonic() - stepStarted) * GIVE_WAY),
    );
    await new Promise<void>((resolve) => setTimeout(resolve, wait));
  }

  /** Does what is due until nothing is; resolves to the number of changes it finished. */
  async function work(): Promise<number> {
    let finished = 0;
    for (;;) {
      let started = monotonic();
      await giveWay(started);
      started = monotonic();
      const leads = await claimLeads();
      const plans = new Map<number, LeadPlan>();
      for (let next = 0; next < leads.length;) {
        next += await leadsStep(leads.slice(next), plans);
        await giveWay(started);
        started = monotonic();
      }
      finished += leads.length;
      const search = await claimSearch();
      if (search !== null) {
        let done = false;
        try {
          while (!done) {
            started = monotonic();
            done = await searchStep(search);
            await giveWay(started);
          }
        } finally {
          if (!done) await sql.run(J.release, search).catch(() => {});
        }
        finished += 1;
      }
      if ((!leads.length && search === null) || stopping) break;
    }
    // Pairs gone over a day ago are forgotten once a minute at most, not after every lead.
    if (clock() >= forgetDue) {
      forgetDue = clock() + FORGET_EVERY_MS;
      await sql.run(J.forgetOld(sql), iso(clock() - SEEN_FOR_MS));
    }
    return finished;
  }

  let running: Promise<number> | null = null;
  let again = false;
  /** Set while stop() waits: the run under way ends after its claim, not with every change. */
  let stopping = false;
  let timer: NodeJS.Timeout | null = null;
  let started = false;

  /**
   * Runs the job now, or once more after the run under way (whose promise then covers both): one
   * loop, so wakes during a run never start a second one beside it or a chain of them.
   */
  function run(): Promise<number> {
    if (running) {
      again = true;
      return running;
    }
    running = (async () => {
      let finished = 0;
      do {
        again = false;
        finished += await work().catch((error: unknown) => {
          log('matching job failed', error instanceof Error ? error.message : String(error));
          return 0;
        });
      } while (again && started);
      return finished;
    })().finally(() => {
      running = null;
    });
    return running;
  }

  return {
    /** Starts polling every POLL_MS. */
    start() {
      started = true;
      timer ??= setInterval(() => void run(), POLL_MS);
      timer.unref();
      void run();
    },
    async stop() {
      started = false;
      stopping = true;
      if (timer) clearInterval(timer);
      timer = null;
      try {
        await running;
      } finally {
        stopping = false;
      }
    },
    /** Sets how a lead's agency is told of it (the submissions' service: its notice, webhook). */
    tellWith(tell: (tx: Queryable, submissionId: number) => Promise<void>) {
      teller = tell;
    },
    /** After a commit that recorded a change: work on it now rather than at the next poll. */
    wake() {
      if (started) void run();
    },
    /** Works until nothing is due (tests); resolves to the number of changes finished. */
    async runDue(): Promise<number> {
      let total = 0;
      for (;;) {
        const n = await run();
        total += n;
        if (n === 0) return total;
      }
    },
  };
}

export type Matcher = ReturnType<typeof createMatcher>;
