/**
 * The saved searches of the matching benches (bench/matching.ts, bench/leads.ts,
 * bench/matchingJob.ts): SEARCHES live saved searches of SEARCHERS contacts, rows and their
 * index written as the server writes them, on SQLite or PostgreSQL.
 */
import crypto from 'node:crypto';
import type Database from 'better-sqlite3';
import type pg from 'pg';
import { FIELD_IDS } from '../contract/catalog';
import { BERLIN_DISTRICTS } from '../server/data/berlin';
import { berlinPlaces } from '../server/matching/match';
import { TERM_COLUMNS, termsOf, type SearchTerm } from '../server/matching/terms';
import { random as seeded } from '../test/server/fuzz';

export const SEARCHES = 100_000;
/** The first search's id: after the seeded ones. */
export const SEARCH_IDS_FROM = 100_000;
const { price, livingSpace, numberRooms, yearBuilt } = FIELD_IDS;

export interface BenchSearch {
  id: number;
  uuid: string;
  object_type: string;
  category_id: number;
  marketing_type: string;
  locations: string;
  fields: string;
}

/** Six in ten flats, a quarter houses, the rest plots (to buy) and shops, by a draw in [0, 1). */
export function categoryOf(draw: number, rent: boolean): [number, string] {
  if (draw < 0.6) return [30225, 'LIVING'];
  if (draw < 0.85) return [22332, 'LIVING'];
  return draw < 0.9 && !rent ? [19795, 'LIVING'] : [82397, 'COMMERCIAL'];
}

/**
 * SEARCHES saved searches: one to three regions each (one in ten a district), rent six in ten,
 * flats six in ten, houses a quarter, the rest plots and shops; a price range on most, a
 * minimum living space or number of rooms on a third, a year built (which the index does not
 * hold) on one in ten.
 */
export function searches(firstId: number): BenchSearch[] {
  const { next: random, pick } = seeded(139);
  const districts = Object.keys(BERLIN_DISTRICTS).map((_, d) => d + 1);
  const localities = Object.values(BERLIN_DISTRICTS).flatMap((names, d) =>
    names.map((_, l) => (d + 1) * 100 + l + 1),
  );
  return Array.from({ length: SEARCHES }, (_, i) => {
    const rent = random() < 0.6;
    const [categoryId, objectType] = categoryOf(random(), rent);
    const regions = Array.from({ length: 1 + Math.floor(random() * 3) }, () =>
      random() < 0.1 ? pick(districts) : pick(localities),
    );
    const scale = rent ? 1 : 400;
    const fields: unknown[] = [];
    if (random() < 0.8) {
      const low = random() < 0.5 ? Math.round(random() * 1000 * scale) : null;
      const high = Math.round((800 + random() * 2500) * scale);
      fields.push({ name: price, valueType: 'RANGE', minValue: low, maxValue: high });
    }
    if (random() < 0.33)
      fields.push({
        name: livingSpace,
        valueType: 'NUMBER',
        minValue: 30 + Math.round(random() * 90),
      });
    if (random() < 0.33)
      fields.push({ name: numberRooms, valueType: 'NUMBER', minValue: pick([1, 2, 3, 4]) });
    // A criterion the index does not hold: these searches are decided by matchSearch.
    if (random() < 0.1)
      fields.push({ name: yearBuilt, valueType: 'RANGE', minValue: 1950, maxValue: null });
    return {
      id: firstId + i,
      uuid: crypto.randomUUID(),
      object_type: objectType,
      category_id: categoryId,
      marketing_type: rent ? 'rent' : 'buy',
      locations: JSON.stringify([...new Set(regions)]),
      fields: JSON.stringify(fields),
    };
  });
}

/** How many contacts the searches are spread over: five searches each. */
export const SEARCHERS = SEARCHES / 5;
/** The contact of search `i` (from 0): the `i % SEARCHERS`th of those the fill adds. */
const searcherOf = (firstContact: number, i: number) => firstContact + (i % SEARCHERS);

/**
 * SEARCHES searches of SEARCHERS new contacts in SQLite's `db`, in one transaction; resolves
 * to the number of terms.
 */
export function fillSearchesSqlite(db: Database.Database): number {
  const at = new Date().toISOString();
  const insertContact = db.prepare(
    `INSERT INTO contacts (email, created_at, updated_at) VALUES (?, '${at}', '${at}')`,
  );
  const insertSearch = db.prepare(
    `INSERT INTO saved_searches (id, uuid, contact_id, active, object_type, category_id,
      marketing_type, locations, fields, created_at, updated_at, terms_written)
     VALUES (@id, @uuid, @contact_id, 1, @object_type, @category_id, @marketing_type,
      @locations, @fields, '${at}', '${at}', 1)`,
  );
  const insertTerm = db.prepare(
    `INSERT INTO saved_search_terms (${TERM_COLUMNS.join(', ')})
     VALUES (${TERM_COLUMNS.map((c) => `@${c}`).join(', ')})`,
  );
  const places = berlinPlaces();
  let terms = 0;
  db.transaction(() => {
    let first = 0;
    for (let i = 0; i < SEARCHERS; i += 1) {
      const id = Number(insertContact.run(`searcher${i}@bench.example`).lastInsertRowid);
      if (i === 0) first = id;
    }
    searches(SEARCH_IDS_FROM).forEach((search, i) => {
      insertSearch.run({ ...search, contact_id: searcherOf(first, i) });
      for (const term of termsOf(search, places)) {
        insertTerm.run(term);
        terms += 1;
      }
    });
  })();
  return terms;
}

/**
 * SEARCHES searches of SEARCHERS new contacts through `client` (in its transaction); resolves
 * to the number of terms.
 */
export async function fillSearchesPostgres(client: pg.Client, at: string): Promise<number> {
  let terms = 0;
  const places = berlinPlaces();
  const first = Number(
    (
      await client.query<{ id: string }>(
        `INSERT INTO contacts (email, created_at, updated_at)
         SELECT 'searcher' || i || '@bench.example', $1, $1 FROM generate_series(0, $2 - 1) i
         RETURNING id`,
        [at, SEARCHERS],
      )
    ).rows.reduce((low, row) => Math.min(low, Number(row.id)), Infinity),
  );
  const all = searches(SEARCH_IDS_FROM);
  for (let from = 0; from < all.length; from += 5000) {
    const batch = all.slice(from, from + 5000);
    await client.query(
      `INSERT INTO saved_searches (id, uuid, contact_id, active, object_type, category_id,
        marketing_type, locations, fields, created_at, updated_at, terms_written)
       SELECT id, uuid, contact_id, 1, object_type, category_id, marketing_type, locations,
        fields, $1, $1, 1
       FROM unnest($2::bigint[], $3::text[], $4::text[], $5::bigint[], $6::text[], $7::text[],
        $8::text[], $9::bigint[])
        AS s(id, uuid, object_type, category_id, marketing_type, locations, fields, contact_id)`,
      [
        at,
        batch.map((s) => s.id),
        batch.map((s) => s.uuid),
        batch.map((s) => s.object_type),
        batch.map((s) => s.category_id),
        batch.map((s) => s.marketing_type),
        batch.map((s) => s.locations),
        batch.map((s) => s.fields),
        batch.map((_, i) => searcherOf(first, from + i)),
      ],
    );
    const rows: SearchTerm[] = batch.flatMap((s) => termsOf(s, places));
    terms += rows.length;
    await client.query(
      `INSERT INTO saved_search_terms (${TERM_COLUMNS.join(', ')})
       SELECT * FROM unnest($1::bigint[], $2::int[], $3::text[], $4::int[], $5::text[],
        $6::float8[], $7::float8[], $8::float8[], $9::float8[], $10::int[])`,
      TERM_COLUMNS.map((c) => rows.map((r) => r[c])),
    );
  }
  await client.query(
    `SELECT setval(pg_get_serial_sequence('saved_searches', 'id'), (SELECT MAX(id) FROM saved_searches))`,
  );
  return terms;
}
