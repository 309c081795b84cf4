/**
 * Rows given by their columns, and the INSERT statements made of them: one row at a time on
 * either database, or (PostgreSQL) a submission with every row it brings in one statement.
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

/** The INSERT of a row, its values as parameters named `prefix` + column, its links as `link` says. */
function insertText(row: Row, prefix: string, link: (column: Link) => string) {
  const columns = Object.keys(row.values);
  const links = row.links ?? [];
  return `INSERT INTO ${row.table} (${[...columns, ...links].join(', ')})
      VALUES (${[...columns.map((column) => `@${prefix}${column}`), ...links.map(link)].join(', ')})
      ${row.conflict ?? ''}`;
}

/** A row's table, columns, links and conflict clause: what its INSERT text is made of. */
const shapeOf = (row: Row) =>
  `${row.table} ${Object.keys(row.values).join()} ${(row.links ?? []).join()} ${row.conflict ?? ''}`;

/** INSERT texts by their rows' shapes: a few dozen shapes in all. */
const insertTexts = new Map<string, string>();
const atOnceTexts = new Map<string, string>();

/** Inserts `row`; its links take `ids`. Resolves to the first row RETURNING gives, if asked. */
export async function insertRow<T = undefined>(
  tx: Queryable,
  row: Row,
  ids: Partial<Record<Link, number>> = {},
  returning?: string,
): Promise<T | undefined> {
  const links = row.links ?? [];
  const shape = `${shapeOf(row)} ${returning ?? ''}`;
  let text = insertTexts.get(shape);
  if (text === undefined) {
    text = insertText(row, '', (link) => `@${link}`) + (returning ? ` RETURNING ${returning}` : '');
    insertTexts.set(shape, text);
  }
  const params: Record<string, Param> = { ...row.values };
  for (const link of links) params[link] = ids[link] ?? null;
  if (!returning) {
    await tx.run(text, params);
    return undefined;
  }
  return tx.one<T>(text, params);
}

/**
 * PostgreSQL: the contact (added, or found by its unique e-mail address), the submission and
 * each of `rows` in one statement of data-modifying CTEs. One round trip, atomic on its own.
 * Resolves to the submission's id and its contact's.
 */
export async function insertSubmissionAtOnce(
  sql: Queryable,
  contact: Row,
  submission: Row,
  rows: readonly Row[],
): Promise<{ id: number; contact_id: number }> {
  const named: [Row, string][] = [
    [contact, 'c_'],
    [submission, 's_'],
    ...rows.map((row, i): [Row, string] => [row, `r${i}_`]),
  ];
  const params: Record<string, Param> = {};
  for (const [row, prefix] of named)
    for (const column in row.values) params[prefix + column] = row.values[column] ?? null;
  const shape = named.map(([row]) => shapeOf(row)).join('|');
  let text = atOnceTexts.get(shape);
  if (text === undefined) {
    // A known contact's row is returned as well: DO UPDATE, with the address it already has.
    const contactPart = insertText(
      { ...contact, conflict: 'ON CONFLICT (email) DO UPDATE SET email = EXCLUDED.email' },
      'c_',
      () => 'NULL',
    );
    const submissionPart = insertText(
      { ...submission, links: ['contact_id'] },
      's_',
      () => '(SELECT id FROM contact)',
    );
    const rowParts = rows.map((row, i) =>
      insertText(row, `r${i}_`, (link) =>
        link === 'submission_id'
          ? '(SELECT id FROM submission)'
          : '(SELECT contact_id FROM submission)',
      ),
    );
    text =
      [
        `WITH contact AS (${contactPart} RETURNING id)`,
        `submission AS (${submissionPart} RETURNING id, contact_id)`,
        ...rowParts.map((rowPart, i) => `r${i} AS (${rowPart})`),
      ].join(',\n') + '\nSELECT id, contact_id FROM submission';
    atOnceTexts.set(shape, text);
  }
  return (await sql.one<{ id: number; contact_id: number }>(text, params))!;
}
