/**
 * Rows given by their columns, and the INSERT statements made of them. A statement's text is
 * made once per shape of row (its table, columns, links and conflict clause) and kept; its
 * parameters are the row's values in the order of its columns.
 */
import type { Param, Queryable } from './sql';

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
export function insertText(row: Row, link: (column: Link) => string, from?: string) {
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
export interface Shape {
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

export function shapeOf(row: Row): Shape {
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

/** Appends a row's values to `params`, in the order of its columns (its INSERT's order). */
export function pushValues(params: Param[], row: Row) {
  for (const column in row.values) params.push(row.values[column] ?? null);
}

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
