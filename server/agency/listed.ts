/**
 * The list's columns of submissions (search text, sort name, 'Ort') written from what is
 * stored: at start-up for the rows written before these columns were (their sort name is
 * NULL), and for a saved search its owner edited. A new submission is written with them
 * (submissions/service.ts); both go through listColumnsOf.
 */
import type { Queryable, Sql } from '../db/sql';
import { listColumnsOf, type ListedParts } from './inbox';

/** Rows filled per transaction at start-up. */
const BATCH = 500;

const READ = `SELECT s.id, s.contact_data,
    l.location AS lead_location, l.message AS lead_message,
    ei.message AS inquiry_message, li.custom_id, li.title, li.zip AS listing_zip,
    li.city AS listing_city, cm.message AS contact_message, ss.locations
  FROM submissions s
  LEFT JOIN leads l ON l.submission_id = s.id
  LEFT JOIN expose_inquiries ei ON ei.submission_id = s.id
  LEFT JOIN listings li ON li.id = ei.listing_id
  LEFT JOIN contact_messages cm ON cm.submission_id = s.id
  LEFT JOIN saved_searches ss ON ss.submission_id = s.id`;

// The search text lives in submission_texts; the column it had before is emptied.
const WRITE = `UPDATE submissions SET sort_name = @sort_name, place = @place, search_text = ''
  WHERE id = @id`;
const WRITE_TEXT = `INSERT INTO submission_texts (submission_id, text) VALUES (?, ?)
  ON CONFLICT (submission_id) DO UPDATE SET text = excluded.text`;

type Stored = Record<string, string | number | null>;

const parsed = <T>(text: unknown, fallback: T): T => {
  try {
    return typeof text === 'string' ? (JSON.parse(text) as T) : fallback;
  } catch {
    return fallback;
  }
};
const textOf = (value: unknown) => (typeof value === 'string' ? value : '');

/** The parts of a stored submission (its kind's row read beside it). */
function partsOf(row: Stored, regionName: (id: number) => string | undefined): ListedParts {
  const parts: ListedParts = {};
  const location = parsed<Record<string, unknown> | null>(row.lead_location, null);
  if (location) parts.place = { zip: textOf(location.zip), city: textOf(location.city) };
  if (row.custom_id !== null && row.custom_id !== undefined)
    parts.listing = {
      customId: textOf(row.custom_id),
      title: textOf(row.title),
      zip: textOf(row.listing_zip),
      city: textOf(row.listing_city),
    };
  const locations = parsed<unknown[]>(row.locations, []);
  if (Array.isArray(locations) && locations.length)
    parts.regions = locations
      .map((id) => (typeof id === 'number' ? regionName(id) : undefined))
      .filter((name): name is string => !!name);
  parts.message = textOf(row.lead_message ?? row.inquiry_message ?? row.contact_message);
  return parts;
}

async function regionNames(tx: Queryable) {
  const names = new Map(
    (
      await tx.all<{ location_id: number; name: string }>('SELECT location_id, name FROM regions')
    ).map((r) => [Number(r.location_id), r.name]),
  );
  return (id: number) => names.get(id);
}

async function write(
  tx: Queryable,
  rows: Stored[],
  regionName: (id: number) => string | undefined,
) {
  for (const row of rows) {
    const id = Number(row.id);
    const { search_text: text, ...columns } = listColumnsOf(
      parsed<Record<string, string>>(row.contact_data, {}),
      partsOf(row, regionName),
    );
    await tx.run(WRITE, { id, ...columns });
    await tx.run(WRITE_TEXT, id, text);
  }
}

/**
 * Fills the list's columns of every row written before them (sort name NULL), a batch per
 * transaction; returns how many. Processes starting together may both fill a row: with the
 * same values.
 */
export async function fillListColumns(sql: Sql): Promise<number> {
  const regionName = await regionNames(sql);
  let filled = 0;
  for (;;) {
    const rows = await sql.all<Stored>(
      `${READ} WHERE s.sort_name IS NULL ORDER BY s.id LIMIT ${BATCH}`,
    );
    if (!rows.length) return filled;
    await sql.transaction((tx) => write(tx, rows, regionName));
    filled += rows.length;
  }
}

/** Writes the list's columns of the submission of a saved search again (its regions changed). */
export async function relistSavedSearch(tx: Queryable, savedSearchUuid: string): Promise<void> {
  const rows = await tx.all<Stored>(`${READ} WHERE ss.uuid = ?`, savedSearchUuid);
  if (rows.length) await write(tx, rows, await regionNames(tx));
}
