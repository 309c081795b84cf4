/**
 * Matching a property against 100,000 live saved searches (docs/benchmarks.md#matching): the
 * database on SQLite and on PostgreSQL, each filled with SEARCHES saved searches of one contact
 * (rows and their index written as the server writes them, in one transaction) spread over
 * Berlin's localities and districts, buy and rent, the categories and price, living-space and
 * rooms ranges; then `matchingSearches` asked TIMES in a row for each of a few properties.
 * Figures: median and p99 per property, in ms, and how many searches it matched; the target
 * is a p99 under 20 ms on both. Then LEADS leads are stored beside them, and a few of the
 * searches have their pairs written again (`writeSearchPairs`, as every change of a search
 * does: its leads read by category and marketing type and decided by matchSearch).
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { FIELD_IDS } from '../contract/catalog';
import { openPostgres } from '../server/db/postgres';
import { seed } from '../server/db/seed';
import { openDatabase } from '../server/db/sqlite';
import { sqliteSql, type Sql } from '../server/db/sql';
import { berlinPlaces, type MatchProperty } from '../server/matching/match';
import { writeSearchPairs } from '../server/matching/pairs';
import { matchingSearches } from '../server/matching/terms';
import { random as seeded } from '../test/server/fuzz';
import { createTestDatabase, startTestCluster } from '../test/server/postgres';
import {
  categoryOf,
  fillSearchesPostgres,
  fillSearchesSqlite,
  SEARCHES,
  type BenchSearch,
} from './searchFill';
import { timed } from './visitor';

const TIMES = 200;
export const LEADS = 100_000;
const PAIR_TIMES = 20;
const { price, livingSpace, numberRooms, yearBuilt } = FIELD_IDS;
export { SEARCHES };

const PROPERTIES: Record<string, MatchProperty> = {
  'flat for sale, Prenzlauer Berg (exact), 450,000 €, 80 m², 3 rooms': {
    marketingType: 'buy',
    objectType: 'LIVING',
    categoryId: 30225,
    location: { lat: 52.5367, lng: 13.4178, approximate: false, zip: '10435' },
    figures: { [price]: 450_000, [livingSpace]: 80, [numberRooms]: 3, [yearBuilt]: 1905 },
    choices: {},
  },
  'flat to let, approximate, postcode 10435 (Mitte and Prenzlauer Berg), 1,200 €': {
    marketingType: 'rent',
    objectType: 'LIVING',
    categoryId: 30225,
    location: { lat: 52.5219, lng: 13.4132, approximate: true, zip: '10435' },
    figures: { [price]: 1200 },
    choices: {},
  },
  'house for sale, postcode 13465 (Frohnau and Hermsdorf), no figures': {
    marketingType: 'buy',
    objectType: 'LIVING',
    categoryId: 22332,
    location: { zip: '13465' },
    figures: {},
    choices: {},
  },
  'shop to let, Kreuzberg (exact), 3,200 €': {
    marketingType: 'rent',
    objectType: 'COMMERCIAL',
    categoryId: 82397,
    location: { lat: 52.5016, lng: 13.4187, approximate: false, zip: '10997' },
    figures: { [price]: 3200 },
    choices: {},
  },
};

type Figures = Record<string, { medianMs: number; p99Ms: number; matched: number }>;

/**
 * LEADS leads with their submissions, in batches: six in ten flats, a quarter houses, the rest
 * plots and shops; rent four in ten; placed by a postcode of Berlin's; a price on most, a living
 * space on half.
 */
async function storeLeads(sql: Sql) {
  const { next: random, pick } = seeded(145);
  const postcodes = Object.keys(
    (
      JSON.parse(
        fs.readFileSync(path.join(__dirname, '../server/data/berlin-postcodes.json'), 'utf8'),
      ) as { postcodes: Record<string, string[]> }
    ).postcodes,
  );
  const at = new Date().toISOString();
  await sql.run(
    `INSERT INTO contacts (id, email, created_at, updated_at) VALUES (900000, 'owner@example.de', ?, ?)`,
    at,
    at,
  );
  const BATCH = 500;
  for (let from = 0; from < LEADS; from += BATCH) {
    const submissions: (string | number)[] = [];
    const leads: (string | number)[] = [];
    for (let i = from; i < Math.min(from + BATCH, LEADS); i += 1) {
      const id = 1_000_000 + i;
      const rent = random() < 0.4;
      const [categoryId, objectType] = categoryOf(random(), rent);
      const fields: unknown[] = [];
      if (random() < 0.8)
        fields.push({
          name: price,
          valueType: 'NUMBER',
          value: Math.round((300 + random() * 3000) * (rent ? 1 : 400)),
        });
      if (random() < 0.5)
        fields.push({
          name: livingSpace,
          valueType: 'NUMBER',
          value: 30 + Math.round(random() * 150),
        });
      submissions.push(id, crypto.randomUUID(), 'lead', 900000, '{}', 'de', at);
      leads.push(
        id,
        objectType,
        categoryId,
        rent ? 'rent' : 'buy',
        JSON.stringify({ zip: pick(postcodes), city: 'Berlin' }),
        JSON.stringify(fields),
      );
    }
    await sql.transaction(async (tx) => {
      await tx.run(
        `INSERT INTO submissions (id, uuid, kind, contact_id, contact_data, language, created_at)
         VALUES ${Array.from({ length: submissions.length / 7 }, () => '(?, ?, ?, ?, ?, ?, ?)').join(', ')}`,
        ...submissions,
      );
      await tx.run(
        `INSERT INTO leads (submission_id, object_type, category_id, marketing_type, location, fields)
         VALUES ${Array.from({ length: leads.length / 6 }, () => '(?, ?, ?, ?, ?, ?)').join(', ')}`,
        ...leads,
      );
    });
  }
  await sql.run('ANALYZE');
}

/** A search's pairs written again against LEADS leads, for a few kinds of search. */
async function measurePairs(sql: Sql, label: string): Promise<Figures> {
  const started = Date.now();
  await storeLeads(sql);
  console.log(`  ${label}: ${LEADS} leads stored in ${Date.now() - started} ms`);
  const all = await sql.all<BenchSearch>(
    'SELECT id, uuid, object_type, category_id, marketing_type, locations, fields FROM saved_searches WHERE id >= 100000 ORDER BY id LIMIT 2000',
  );
  const places = berlinPlaces();
  const kinds: Record<string, (s: BenchSearch) => boolean> = {
    'a flat to let': (s) => Number(s.category_id) === 30225 && s.marketing_type === 'rent',
    'a flat to buy in a whole district': (s) =>
      Number(s.category_id) === 30225 &&
      s.marketing_type === 'buy' &&
      (JSON.parse(s.locations) as number[]).some((id) => id < 100),
    'a house to buy': (s) => Number(s.category_id) === 22332 && s.marketing_type === 'buy',
  };
  const figures: Figures = {};
  for (const [name, kind] of Object.entries(kinds)) {
    const search = all.find(kind)!;
    let matched = 0;
    const { medianMs, p99Ms } = await timed(PAIR_TIMES, 2, () =>
      sql.transaction(async (tx) => {
        await writeSearchPairs(tx, search, true, null, places);
        matched = Number(
          (await tx.one<{ n: number }>(
            'SELECT count(*) AS n FROM search_matches WHERE saved_search_id = ?',
            search.id,
          ))!.n,
        );
      }),
    );
    figures[`pairs of ${name}`] = { medianMs, p99Ms, matched };
    console.log(
      `  ${label}, pairs of ${name} against ${LEADS} leads: median ${medianMs} ms, p99 ${p99Ms} ms (${matched} pairs, ${PAIR_TIMES} times)`,
    );
  }
  return figures;
}

async function measure(sql: Sql, label: string): Promise<Figures> {
  const figures: Figures = {};
  for (const [name, property] of Object.entries(PROPERTIES)) {
    const {
      medianMs,
      p99Ms,
      last: matched,
    } = await timed(TIMES, 10, async () => (await matchingSearches(sql, property)).length);
    figures[name] = { medianMs, p99Ms, matched };
    console.log(
      `  ${label}, ${name}: median ${medianMs} ms, p99 ${p99Ms} ms (${matched} searches, ${TIMES} times)`,
    );
  }
  return figures;
}

async function onSqlite(): Promise<Figures> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'immosuite-matching-'));
  const db = openDatabase(path.join(dir, 'immosuite.sqlite'));
  try {
    const sql = sqliteSql(db);
    await seed(sql);
    const started = Date.now();
    const terms = fillSearchesSqlite(db);
    db.exec('ANALYZE');
    console.log(
      `matching on SQLite: ${SEARCHES} saved searches (${terms} terms) written in ${Date.now() - started} ms`,
    );
    return { ...(await measure(sql, 'SQLite')), ...(await measurePairs(sql, 'SQLite')) };
  } finally {
    db.close();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

async function onPostgres(): Promise<Figures | null> {
  const cluster = await startTestCluster({ durable: true });
  if (!cluster) {
    console.log('matching on PostgreSQL: skipped (PostgreSQL is not installed)');
    return null;
  }
  try {
    const url = await createTestDatabase(cluster.url);
    const sql = await openPostgres({ url, pool: 2 });
    try {
      await seed(sql);
      const client = new pg.Client({ connectionString: url });
      await client.connect();
      const started = Date.now();
      let terms = 0;
      try {
        await client.query('BEGIN');
        terms = await fillSearchesPostgres(client, new Date().toISOString());
        await client.query('COMMIT');
        await client.query('ANALYZE');
      } finally {
        await client.end();
      }
      console.log(
        `matching on PostgreSQL: ${SEARCHES} saved searches (${terms} terms) written in ${Date.now() - started} ms`,
      );
      return {
        ...(await measure(sql, 'PostgreSQL')),
        ...(await measurePairs(sql, 'PostgreSQL')),
      };
    } finally {
      await sql.close();
    }
  } finally {
    cluster.stop();
  }
}

export async function matching(db?: 'sqlite' | 'postgres') {
  const results: { sqlite?: Figures; postgres?: Figures | null } = {};
  if (db !== 'postgres') results.sqlite = await onSqlite();
  if (db !== 'sqlite') results.postgres = await onPostgres();
  return results;
}
