/**
 * The index of saved searches that matching reads: each live search (active; confirmed, or made
 * in the portal) as one row per locality it covers in saved_search_terms, with its marketing type,
 * category, object type and the ranges it narrows by, and whether that is all it asks (exact).
 * `matchingSearches` narrows by them in SQL and decides the searches that ask more with
 * `matchSearch`, the one definition of a match; a test holds both to the same answers.
 */
import { categoryById } from '../../contract/catalog';
import { now } from '../db/clock';
import type { Queryable, Sql } from '../db/sql';
import {
  berlinPlaces,
  criteriaOf,
  INDEXED_FIELDS,
  matchSearchIn,
  propertyLocalities,
  searchLocalities,
  type MatchPlaces,
  type MatchProperty,
} from './match';
import { dropPairs, writeSearchPairs, type MatchNews } from './pairs';
import { recordSearchChange } from './changes';

/** One row of saved_search_terms. */
export interface SearchTerm {
  saved_search_id: number;
  locality_id: number;
  marketing_type: string;
  category_id: number;
  object_type: string;
  price_min: number | null;
  price_max: number | null;
  living_space_min: number | null;
  rooms_min: number | null;
  /** 1: the row's columns are all the search asks; 0: matchSearch decides the rest. */
  exact: number;
}

interface StoredSearch {
  id: number;
  marketing_type: string;
  object_type: string;
  category_id: number;
  locations: string;
  fields: string;
}

/**
 * A search's terms: one per locality its regions cover; none when its fields or regions cannot
 * be read (matchSearch matches it with nothing then either).
 */
export function termsOf(search: StoredSearch, places: MatchPlaces): SearchTerm[] {
  const criteria = criteriaOf(search.fields);
  const localities = searchLocalities(search.locations, places);
  if (!criteria || !localities) return [];
  const rangeOf = (field: string) => {
    const c = criteria.find((x) => x.kind === 'range' && x.field === field);
    return c?.kind === 'range' ? c : { min: null, max: null };
  };
  const price = rangeOf(INDEXED_FIELDS.price);
  const indexed: readonly string[] = Object.values(INDEXED_FIELDS);
  const fields = criteria.map((c) => c.field);
  const exact =
    criteria.every(
      (c) =>
        c.kind === 'range' &&
        indexed.includes(c.field) &&
        (c.field === INDEXED_FIELDS.price || c.max === null),
    ) && new Set(fields).size === fields.length;
  return localities.map((locality) => ({
    saved_search_id: Number(search.id),
    locality_id: locality,
    marketing_type: String(search.marketing_type),
    category_id: Number(search.category_id),
    object_type: String(search.object_type),
    price_min: price.min,
    price_max: price.max,
    living_space_min: rangeOf(INDEXED_FIELDS.livingSpace).min,
    rooms_min: rangeOf(INDEXED_FIELDS.rooms).min,
    exact: exact ? 1 : 0,
  }));
}

/** The saved searches matching counts: active, and confirmed where a submission made them. */
export const LIVE = `ss.active = 1 AND (ss.submission_id IS NULL
  OR EXISTS (SELECT 1 FROM submissions s WHERE s.id = ss.submission_id AND s.status = 'confirmed'))`;

export const SEARCH_COLUMNS =
  'ss.id, ss.marketing_type, ss.object_type, ss.category_id, ss.locations, ss.fields';

/** The columns of saved_search_terms, in order. */
export const TERM_COLUMNS = [
  'saved_search_id',
  'locality_id',
  'marketing_type',
  'category_id',
  'object_type',
  'price_min',
  'price_max',
  'living_space_min',
  'rooms_min',
  'exact',
] as const satisfies readonly (keyof SearchTerm)[];

// Two processes that fill the same search at start-up write the same row: the later one wins.
// `live_since`: since when the search has asked for this place and kind (an owner's count counts
// the row only once it is old enough, docs/matching.md#the-threat-model).
const INSERT_TERM = `INSERT INTO saved_search_terms (${TERM_COLUMNS.join(', ')}, live_since)
  VALUES (${TERM_COLUMNS.map((c) => `@${c}`).join(', ')}, @live_since)
  ON CONFLICT (saved_search_id, locality_id) DO UPDATE SET ${[
    ...TERM_COLUMNS.slice(2),
    'live_since',
  ]
    .map((c) => `${c} = excluded.${c}`)
    .join(', ')}`;

/** What an owner's count reads of a term: its place and kind of property. */
const kindKey = (
  t: Pick<SearchTerm, 'locality_id' | 'marketing_type' | 'category_id' | 'object_type'>,
) => `${Number(t.locality_id)} ${t.marketing_type} ${Number(t.category_id)} ${t.object_type}`;

/**
 * Writes the terms of the saved searches `where` names again (none for one not live). Their
 * pairs are the job's (server/matching/job.ts): with `news`, each change is recorded for it,
 * and the job writes and announces them after the commit; at start-up (`news` 'silent') their
 * pairs with the listings are written here, unannounced (the leads' own fill pairs them).
 */
async function writeTerms(
  tx: Queryable,
  where: string,
  params: (string | number)[],
  news: MatchNews | null | 'silent',
  places: MatchPlaces,
): Promise<number> {
  const rows = await tx.all<{ id: number; live: number } & StoredSearch>(
    `SELECT ${SEARCH_COLUMNS}, CASE WHEN ${LIVE} THEN 1 ELSE 0 END AS live
     FROM saved_searches ss WHERE ${where}`,
    ...params,
  );
  for (const row of rows) {
    // A term that asks for the same place and kind as before keeps its age; a new one (new
    // regions, another category, a search live again) starts now.
    const since = new Map(
      (
        await tx.all<SearchTerm & { live_since: string }>(
          `SELECT locality_id, marketing_type, category_id, object_type, live_since
           FROM saved_search_terms WHERE saved_search_id = ?`,
          row.id,
        )
      ).map((t) => [kindKey(t), t.live_since]),
    );
    await tx.run('DELETE FROM saved_search_terms WHERE saved_search_id = ?', row.id);
    const live = Number(row.live) === 1;
    const written = now();
    if (live)
      for (const term of termsOf(row, places))
        await tx.run(INSERT_TERM, { ...term, live_since: since.get(kindKey(term)) ?? written });
    if (news === 'silent') await writeSearchPairs(tx, row, live, null, places, false);
    else await recordSearchChange(tx, Number(row.id));
    await tx.run('UPDATE saved_searches SET terms_written = 1 WHERE id = ?', row.id);
  }
  return rows.length;
}

/**
 * After a saved search was made or changed: its terms as it stands, and the change recorded for
 * the job, which writes its pairs and announces the new ones.
 */
export const writeSearchTerms = (
  tx: Queryable,
  uuid: string,
  news: MatchNews | null,
  places = berlinPlaces(),
) => writeTerms(tx, 'ss.uuid = ?', [uuid], news, places);

/** After a submission was confirmed: the terms of the saved search it made, if any, and its change. */
export const writeSubmissionSearchTerms = (
  tx: Queryable,
  submissionId: number,
  news: MatchNews | null,
  places = berlinPlaces(),
) => writeTerms(tx, 'ss.submission_id = ?', [submissionId], news, places);

/** Before saved searches are deleted (`where` on saved_searches): their terms and pairs go first. */
export async function dropSearchTerms(
  tx: Queryable,
  where: string,
  ...params: (string | number)[]
) {
  const ofSearches = `saved_search_id IN (SELECT id FROM saved_searches WHERE ${where})`;
  await tx.run(`DELETE FROM saved_search_terms WHERE ${ofSearches}`, ...params);
  await dropPairs(tx, `m.${ofSearches}`, ...params);
}

const BATCH = 500;

/**
 * Writes the terms of every saved search stored before them (terms_written 0), and their pairs
 * with the listings (unannounced), a batch per transaction; returns how many. Processes starting together write the same rows.
 */
export async function fillSearchTerms(sql: Sql, places = berlinPlaces()): Promise<number> {
  let filled = 0;
  for (;;) {
    const ids = await sql.all<{ id: number }>(
      `SELECT id FROM saved_searches WHERE terms_written = 0 ORDER BY id LIMIT ${BATCH}`,
    );
    if (!ids.length) return filled;
    const list = ids.map((r) => Number(r.id));
    await sql.transaction((tx) =>
      writeTerms(tx, `ss.id IN (${list.map(() => '?').join(', ')})`, list, 'silent', places),
    );
    filled += ids.length;
  }
}

/**
 * The conditions on saved_search_terms (as `t`) for the searches of `property`'s place and kind:
 * one of its `localities`, its marketing type and category, and its object type where its
 * category has one (a category offered under either, the plot, fits a search of either); null
 * where none can match (no such category, no locality).
 */
export function termsOfKind(property: MatchProperty, localities: readonly number[]) {
  const category = categoryById(property.categoryId);
  if (!category || !localities.length) return null;
  const params: (string | number)[] = [...localities, property.marketingType, property.categoryId];
  const conditions = [
    `t.locality_id IN (${localities.map(() => '?').join(', ')})`,
    't.marketing_type = ?',
    't.category_id = ?',
  ];
  if (category.objectType !== null) {
    conditions.push('t.object_type = ?');
    params.push(property.objectType);
  }
  return { conditions, params, localities };
}

/**
 * What narrows the index's rows to those of the searches that may want `property` in
 * `localities`: its kind and place (termsOfKind), and the bounds of price, living space and
 * rooms; null where nothing can (no category, no locality).
 */
function candidateTerms(property: MatchProperty, localities: readonly number[]) {
  const kind = termsOfKind(property, localities);
  if (!kind) return null;
  const { conditions, params } = kind;
  const figure = (field: string) => {
    const value = property.figures[field];
    return typeof value === 'number' && Number.isFinite(value) ? value : null;
  };
  const price = figure(INDEXED_FIELDS.price);
  if (price !== null) {
    conditions.push(
      '(t.price_min IS NULL OR t.price_min <= ?)',
      '(t.price_max IS NULL OR t.price_max >= ?)',
    );
    params.push(price, price);
  }
  const livingSpace = figure(INDEXED_FIELDS.livingSpace);
  if (livingSpace !== null) {
    conditions.push('(t.living_space_min IS NULL OR t.living_space_min <= ?)');
    params.push(livingSpace);
  }
  const rooms = figure(INDEXED_FIELDS.rooms);
  if (rooms !== null) {
    conditions.push('(t.rooms_min IS NULL OR t.rooms_min <= ?)');
    params.push(rooms);
  }
  return { conditions, params };
}

/**
 * Whether any live saved search may pair with `property` in `localities` as the index stands:
 * one row of it, read by its kind and place; false means matchingSearches finds none.
 */
export async function couldPair(
  q: Queryable,
  property: MatchProperty,
  localities: readonly number[],
): Promise<boolean> {
  const terms = candidateTerms(property, localities);
  if (!terms) return false;
  return !!(await q.one(
    `SELECT 1 AS found FROM saved_search_terms t WHERE ${terms.conditions.join(' AND ')} LIMIT 1`,
    ...terms.params,
  ));
}

/**
 * The ids of the live saved searches that match `property`, in order: narrowed by the index
 * (its localities, marketing type, category and object type, and the bounds of price, living
 * space and rooms); a search the index holds exactly is taken from it, any other is read by
 * key and decided by matchSearch. `localities`: the property's, where the caller has them
 * already.
 */
export async function matchingSearches(
  q: Queryable,
  property: MatchProperty,
  places = berlinPlaces(),
  localities: readonly number[] = propertyLocalities(property.location, places),
): Promise<number[]> {
  const terms = candidateTerms(property, localities);
  if (!terms) return [];
  const { conditions, params } = terms;
  const candidates = await q.all<{ id: number; exact: number }>(
    `SELECT DISTINCT t.saved_search_id AS id, t.exact FROM saved_search_terms t
     WHERE ${conditions.join(' AND ')}`,
    ...params,
  );
  const matched = candidates.filter((c) => Number(c.exact) === 1).map((c) => Number(c.id));
  const undecided = candidates.filter((c) => Number(c.exact) !== 1).map((c) => Number(c.id));
  if (undecided.length) {
    // The candidates by their keys, one lookup each: PostgreSQL would otherwise hash-join the
    // whole table for a few thousand of them.
    const list =
      q.dialect === 'postgres'
        ? 'SELECT jsonb_array_elements_text(?::jsonb)::bigint'
        : 'SELECT value FROM json_each(?)';
    const rows = await q.all<StoredSearch>(
      `SELECT ${SEARCH_COLUMNS} FROM saved_searches ss WHERE ss.id IN (${list})`,
      JSON.stringify(undecided),
    );
    for (const row of rows)
      if (matchSearchIn(row, property, () => localities, places).match)
        matched.push(Number(row.id));
  }
  return matched.sort((a, b) => a - b);
}
