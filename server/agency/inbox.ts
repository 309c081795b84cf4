/**
 * The inbox's list: every submission of every kind, newest first, filtered by kind, status,
 * confirmation and date range, searched by name, e-mail and place, paged by key (the id of the
 * last row seen), so a deep page costs what the first does.
 */
import { shiftDay } from '../../contract/days';
import type { components } from '../../contract/types';
import type { Param, Sql } from '../db/sql';
import type { Handling, SubmissionKind } from './records';

export interface InboxFilter {
  kind?: SubmissionKind;
  handling?: Handling;
  confirmed?: boolean;
  /** Days in the agency's time zone (Europe/Berlin), inclusive: 'YYYY-MM-DD'. */
  from?: string;
  to?: string;
  /** Part of a name, an e-mail address or a place. */
  q?: string;
  /** The staff member whose read marks the rows carry (and `unread` means). */
  viewer?: string;
  /** Only submissions the viewer has not read. */
  unread?: boolean;
  /** Only submissions assigned to this staff address; null: to nobody. */
  assignee?: string | null;
}

/** A row of the list, as the contract describes it (InboxRow). */
export type InboxRow = components['schemas']['InboxRow'];

export const PAGE_SIZE = 50;

/** The UTC instant of midnight in Berlin at the start of `day` ('YYYY-MM-DD'). */
export function berlinMidnight(day: string): string {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  const utcMidnight = Date.UTC(y, m - 1, d);
  // Berlin's offset on that day (CET +1, CEST +2), read from Intl.
  const offsetText =
    new Intl.DateTimeFormat('en-US', { timeZone: 'Europe/Berlin', timeZoneName: 'shortOffset' })
      .formatToParts(new Date(utcMidnight + 12 * 3600 * 1000))
      .find((part) => part.type === 'timeZoneName')?.value ?? 'GMT+1';
  const offsetHours = Number(/GMT([+-]\d+)/.exec(offsetText)?.[1] ?? 1);
  return new Date(utcMidnight - offsetHours * 3600 * 1000).toISOString();
}

/**
 * The text the inbox's search looks in, written with each submission: name, e-mail, the
 * contact's place and (for a lead) the property's place, lower case.
 */
export function searchTextOf(
  contact: { firstname?: string; lastname?: string; email?: string; zip?: string; city?: string },
  place?: { zip?: string; city?: string },
): string {
  return [
    contact.firstname,
    contact.lastname,
    contact.email,
    contact.zip,
    contact.city,
    place?.zip,
    place?.city,
  ]
    .map((part) => part ?? '')
    .join(' ')
    .toLowerCase();
}

/** The WHERE clause and parameters of a filter (only the conditions it names). */
export function whereOf(filter: InboxFilter, before?: number) {
  const conditions: string[] = [];
  const params: Record<string, Param> = {};
  if (filter.kind) {
    conditions.push('s.kind = @kind');
    params.kind = filter.kind;
  }
  if (filter.handling) {
    conditions.push('s.handling = @handling');
    params.handling = filter.handling;
  }
  if (filter.confirmed !== undefined) {
    conditions.push(filter.confirmed ? "s.status = 'confirmed'" : "s.status <> 'confirmed'");
  }
  if (filter.from) {
    conditions.push('s.created_at >= @from');
    params.from = berlinMidnight(filter.from);
  }
  if (filter.to) {
    conditions.push('s.created_at < @to');
    params.to = berlinMidnight(shiftDay(filter.to, 1));
  }
  if (filter.q?.trim()) {
    conditions.push(`s.search_text LIKE @q ESCAPE '\\'`);
    params.q = `%${filter.q
      .trim()
      .toLowerCase()
      .replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  }
  if (filter.unread) conditions.push('r.submission_id IS NULL');
  // Assigned to someone: their rows come from the assignee index in key order, so the
  // order is by that key (the submission's id), and no row is sorted.
  let order = 's.id';
  if (filter.assignee === null) conditions.push('a.submission_id IS NULL');
  else if (filter.assignee !== undefined) {
    conditions.push('a.staff = @assignee');
    params.assignee = filter.assignee;
    order = 'a.submission_id';
  }
  if (before !== undefined) {
    conditions.push('s.id < @before');
    params.before = before;
  }
  return { sql: conditions.length ? `WHERE ${conditions.join(' AND ')}` : '', params, order };
}

export function inboxQueries(sql: Sql) {
  /** A value of a JSON text column, in the database's own words. */
  const json = (column: string, key: string) =>
    sql.dialect === 'postgres'
      ? `(${column}::jsonb ->> '${key}')`
      : `json_extract(${column}, '$.${key}')`;

  async function page(filter: InboxFilter, before?: number, size = PAGE_SIZE) {
    const where = whereOf(filter, before);
    // The viewer's read mark, the assignee and the count of notes come in the same statement
    // (a key lookup each per row), never a query per row.
    const rows = await sql.all<Record<string, string | number | null>>(
      `SELECT s.id, s.uuid, s.kind, s.status, s.handling, s.created_at,
        ${json('s.contact_data', 'salutation')} AS salutation,
        ${json('s.contact_data', 'firstname')} AS firstname,
        ${json('s.contact_data', 'lastname')} AS lastname,
        ${json('s.contact_data', 'email')} AS email,
        ${json('s.contact_data', 'zip')} AS zip,
        ${json('s.contact_data', 'city')} AS city,
        ${json('l.location', 'zip')} AS lead_zip,
        ${json('l.location', 'city')} AS lead_city,
        a.staff AS assignee, r.read_at,
        (SELECT count(*) FROM submission_notes n WHERE n.submission_id = s.id) AS notes
       FROM submissions s LEFT JOIN leads l ON l.submission_id = s.id
       LEFT JOIN submission_reads r ON r.staff = @viewer AND r.submission_id = s.id
       LEFT JOIN submission_assignees a ON a.submission_id = s.id
       ${where.sql} ORDER BY ${where.order} DESC LIMIT ${size + 1}`,
      { ...where.params, viewer: filter.viewer ?? '' },
    );
    const items: InboxRow[] = rows.slice(0, size).map((row) => {
      const text = (key: string) => (typeof row[key] === 'string' ? (row[key] as string) : '');
      const place =
        row.kind === 'lead'
          ? [text('lead_zip'), text('lead_city')].filter(Boolean).join(' ')
          : [text('zip'), text('city')].filter(Boolean).join(' ');
      return {
        id: row.id as number,
        uuid: row.uuid as string,
        kind: row.kind as SubmissionKind,
        name: [text('firstname'), text('lastname')].filter(Boolean).join(' '),
        email: text('email'),
        place,
        confirmed: row.status === 'confirmed',
        handling: row.handling as Handling,
        createdAt: row.created_at as string,
        read: row.read_at !== null,
        assignee: (row.assignee as string | null) ?? null,
        notes: Number(row.notes),
      };
    });
    return { items, next: rows.length > size ? items.at(-1)!.id : null };
  }

  return {
    page,
    setHandling: async (uuid: string, handling: Handling) =>
      (await sql.run('UPDATE submissions SET handling = ? WHERE uuid = ?', handling, uuid)) === 1,
  };
}
