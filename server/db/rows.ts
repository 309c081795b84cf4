/**
 * Rows given by their columns, and the INSERT statements made of them: one row at a time on
 * either database, or (PostgreSQL) a submission with every row it brings in one statement.
 */
import type { Param, Queryable } from './sql';
import { Q } from './statements';

/** Columns that take the ids of the submission a row belongs to (known once it is stored). */
export type Link = 'submission_id' | 'contact_id';

export interface Row {
  table: string;
  values: Record<string, Param>;
  /** Columns filled with the new submission's id or its contact's. */
  links?: readonly Link[];
  /** What happens when a unique key is taken (an ON CONFLICT clause). */
  conflict?: string;
}

/**
 * The INSERT of a row: its values as `?` parameters in the order of its columns, its links as
 * `link` says; VALUES, or (`from`) one row for each row of `from`, e.g. 'contact'.
 */
function insertText(row: Row, link: (column: Link) => string, from?: string) {
  const columns = Object.keys(row.values);
  const links = row.links ?? [];
  const values = [...columns.map(() => '?'), ...links.map(link)].join(', ');
  return `INSERT INTO ${row.table} (${[...columns, ...links].join(', ')})
      ${from ? `SELECT ${values} FROM ${from}` : `VALUES (${values})`}
      ${row.conflict ?? ''}`;
}

/**
 * A row's table, columns (in order), links and conflict clause: what its INSERT text is made
 * of. A few dozen in all; each is found again by comparing a row's column names with its
 * own, which builds no string for a row on the way.
 */
interface Shape {
  /** A short name of the shape, for keys made of several rows' shapes. */
  id: number;
  columns: string[];
  links: readonly Link[];
  conflict: string | undefined;
  /** Its INSERT texts: '' the plain one; 'sqlite', 'postgres' the one giving the new id. */
  texts: Map<string, string>;
}
const shapesByTable = new Map<string, Shape[]>();
let shapeCount = 0;

function fits(shape: Shape, row: Row): boolean {
  if (shape.conflict !== row.conflict) return false;
  const links = row.links ?? [];
  if (links.length !== shape.links.length) return false;
  for (let i = 0; i < links.length; i += 1) if (links[i] !== shape.links[i]) return false;
  let i = 0;
  for (const column in row.values) if (shape.columns[i++] !== column) return false;
  return i === shape.columns.length;
}

function shapeOf(row: Row): Shape {
  let known = shapesByTable.get(row.table);
  if (!known) shapesByTable.set(row.table, (known = []));
  for (const shape of known) if (fits(shape, row)) return shape;
  const shape: Shape = {
    id: (shapeCount += 1),
    columns: Object.keys(row.values),
    links: [...(row.links ?? [])],
    conflict: row.conflict,
    texts: new Map(),
  };
  known.push(shape);
  return shape;
}

/**
 * A contact's row as a submission stores it on PostgreSQL: a known address gives its existing
 * row (DO UPDATE, with the address it already has), so the contact's id comes back either way.
 */
const contactUpsert = (contact: Row): Row => ({
  ...contact,
  conflict: 'ON CONFLICT (email) DO UPDATE SET email = EXCLUDED.email',
});

/** Appends a row's values to `params`, in the order of its columns (its INSERT's order). */
function pushValues(params: Param[], row: Row) {
  for (const column in row.values) params.push(row.values[column] ?? null);
}

/** One-statement submissions' texts by the gate's text, then by their rows' shapes (ids). */
const atOnceTexts = new Map<string, Map<string, string>>();

/**
 * The INSERT of `row` and its parameters (its links take `ids`); with `withId`, a statement
 * that gives the new row's id as `Queryable.insert` reads it (RETURNING id on PostgreSQL;
 * SQLite's last inserted rowid needs no clause, and a RETURNING clause costs it a result table).
 */
function insertOf(tx: Queryable, row: Row, ids: Partial<Record<Link, number>>, withId: boolean) {
  const { texts } = shapeOf(row);
  const key = withId ? tx.dialect : '';
  let text = texts.get(key);
  if (text === undefined) {
    text =
      insertText(row, () => '?') + (withId && tx.dialect === 'postgres' ? ' RETURNING id' : '');
    texts.set(key, text);
  }
  // Positional parameters: both drivers bind them faster than named ones.
  const params: Param[] = [];
  pushValues(params, row);
  for (const link of row.links ?? []) params.push(ids[link] ?? null);
  return { text, params };
}

/** Inserts `row`; its links take `ids`. */
export async function insertRow(
  tx: Queryable,
  row: Row,
  ids: Partial<Record<Link, number>> = {},
): Promise<void> {
  const { text, params } = insertOf(tx, row, ids, false);
  await tx.run(text, ...params);
}

/** Inserts `row` (its links take `ids`); resolves to its id, null when its conflict clause
 * left it out. */
export function insertRowId(
  tx: Queryable,
  row: Row,
  ids: Partial<Record<Link, number>> = {},
): Promise<number | null> {
  const { text, params } = insertOf(tx, row, ids, true);
  return tx.insert(text, ...params);
}

/**
 * Stores a submission's contact: its row added, or for a known e-mail address the row it has
 * (a contact is found by its unique address); resolves to its id. On PostgreSQL one upsert
 * (contactUpsert) gives the id either way; on SQLite a new contact's id needs no RETURNING
 * and a known one's row is looked up rather than written again.
 */
export async function storeContact(tx: Queryable, contact: Row): Promise<number> {
  if (tx.dialect === 'postgres') return (await insertRowId(tx, contactUpsert(contact)))!;
  const id = await insertRowId(tx, { ...contact, conflict: 'ON CONFLICT (email) DO NOTHING' });
  if (id !== null) return id;
  return (await tx.one<{ id: number }>(Q.contactByEmail, contact.values.email!))!.id;
}

/**
 * A rate-limit hit the statement counts first: the upsert `text` (RETURNING count, reset_at)
 * and its `params`; the statement stores nothing when it is hit number `max` + 1 or later of
 * its window.
 */
export interface Gate {
  text: string;
  params: Param[];
  max: number;
}

/** What a submission stored in one statement gives: its ids (none when the gate closed). */
export interface StoredAtOnce {
  id: number | null;
  contact_id: number | null;
  /** The gate's hit: the count in its window and when that ends. */
  hit?: { count: number; resetAt: number };
}

/**
 * PostgreSQL: the contact (added, or found by its unique e-mail address), the submission and
 * each of `rows` in one statement of data-modifying CTEs. One round trip, atomic on its own;
 * with a `gate`, its rate-limit hit is counted in the same statement.
 */
export async function insertSubmissionAtOnce(
  sql: Queryable,
  contact: Row,
  submission: Row,
  rows: readonly Row[],
  gate?: Gate,
): Promise<StoredAtOnce> {
  // The parameters in the order the text names them: the gate's, the contact's (then the
  // gate's limit), the submission's, each row's.
  const params: Param[] = gate ? [...gate.params] : [];
  pushValues(params, contact);
  if (gate) params.push(gate.max);
  pushValues(params, submission);
  for (const row of rows) pushValues(params, row);
  // Texts by the gate's text (one string, its hash kept), then by the rows' shapes.
  let texts = atOnceTexts.get(gate?.text ?? '');
  if (!texts) atOnceTexts.set(gate?.text ?? '', (texts = new Map()));
  let shape = `${shapeOf(contact).id} ${shapeOf(submission).id}`;
  for (const row of rows) shape += ` ${shapeOf(row).id}`;
  let text = texts.get(shape);
  if (text === undefined) {
    const contactPart = insertText(
      contactUpsert(contact),
      () => 'NULL',
      gate ? 'hit WHERE hit.count <= ?' : undefined,
    );
    // Each further row only for the row it belongs to: none when the gate stored no contact.
    const submissionPart = insertText(
      { ...submission, links: ['contact_id'] },
      () => 'contact.id',
      'contact',
    );
    const rowParts = rows.map((row) =>
      insertText(
        row,
        (link) => (link === 'submission_id' ? 'submission.id' : 'submission.contact_id'),
        'submission',
      ),
    );
    text =
      [
        ...(gate ? [`WITH hit AS (${gate.text})`] : []),
        `${gate ? '' : 'WITH '}contact AS (${contactPart} RETURNING id)`,
        `submission AS (${submissionPart} RETURNING id, contact_id)`,
        ...rowParts.map((rowPart, i) => `r${i} AS (${rowPart})`),
      ].join(',\n') +
      (gate
        ? '\nSELECT submission.id, submission.contact_id, hit.count, hit.reset_at FROM hit LEFT JOIN submission ON TRUE'
        : '\nSELECT id, contact_id FROM submission');
    texts.set(shape, text);
  }
  const stored = (await sql.one<{
    id: number | null;
    contact_id: number | null;
    count?: number;
    reset_at?: number;
  }>(text, ...params))!;
  return {
    id: stored.id,
    contact_id: stored.contact_id,
    ...(gate ? { hit: { count: stored.count!, resetAt: stored.reset_at! } } : {}),
  };
}
