/**
 * @jest-environment node
 *
 * An erasure costs what it erases, not what is stored (decision 216): on SQLite, every
 * statement it runs (and the notes' search that lists the mentions first) finds its rows
 * through an index, read from the query plans of the migrated schema. The one table read
 * whole is the dev outbox (`mails`), which a server with SMTP_URL never writes. A note's
 * terms, written with it, stay few however many digits it holds.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Database } from 'better-sqlite3';
import { openDatabase } from '../db/sqlite';
import { ERASURE_STATEMENTS } from './erasure';
import { MAX_DIGIT_PLACES, MENTION_CANDIDATES, termsOf } from './mentions';

let dir: string;
let db: Database;

beforeAll(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'immosuite-plan-'));
  db = openDatabase(path.join(dir, 'immosuite.sqlite'));
});
afterAll(() => {
  db.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

/** The tables a statement reads whole (SQLite's plan says SCAN for them). */
function scanned(statement: string): string[] {
  const params = statement.split('?').length - 1;
  const plan = db
    .prepare(`EXPLAIN QUERY PLAN ${statement}`)
    .all(...Array<number>(params).fill(1)) as { detail: string }[];
  return plan.flatMap(({ detail }) => /^SCAN (\w+)/.exec(detail)?.[1] ?? []);
}

it('finds every row it erases or clears through an index', () => {
  const whole = Object.entries(ERASURE_STATEMENTS)
    .filter(([name]) => name !== 'searchPairs')
    .map(([name, statement]) => [name, scanned(statement)] as const)
    .filter(([, tables]) => tables.length > 0);
  expect(whole).toEqual([['devMails', ['mails']]]);
});

it("finds the pairs of the contact's searches and leads through an index", () => {
  const where = ERASURE_STATEMENTS.searchPairs;
  expect(scanned(`SELECT m.id FROM search_matches m WHERE ${where}`)).toEqual([]);
});

it('finds the notes that may name the contact through their terms', () => {
  expect(scanned(MENTION_CANDIDATES)).toEqual([]);
});

it("keeps a note's terms bounded: 2,000 digits are looked for at their first places only", () => {
  const terms = termsOf('7'.repeat(1000) + ' ' + '1234567890'.repeat(100));
  expect(terms.filter((term) => term.startsWith('d:')).length).toBeLessThanOrEqual(
    MAX_DIGIT_PLACES,
  );
  expect(termsOf('Tel. 030 / 555 01 23').filter((t) => t.startsWith('d:'))).toHaveLength(5);
});
