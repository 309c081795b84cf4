/**
 * The inbox's list: every submission of every kind, filtered by kind, status, confirmation and
 * date range, searched in a text written with each submission (name, e-mail, places, message,
 * the listing's number and title, a saved search's regions), sorted by date, name or status in
 * either direction and paged by key (the sort value and id of the last row seen, never an
 * offset), so a deep page costs what the first does. The first page counts every match.
 */
import { HANDLINGS } from '../../contract/agency';
import { shiftDay } from '../../contract/days';
import type { components } from '../../contract/types';
import type { Param, Sql } from '../db/sql';
import { ApiError } from '../http/errors';
import type { Handling, SubmissionKind } from './records';

export interface InboxFilter {
  kind?: SubmissionKind;
  handling?: Handling;
  confirmed?: boolean;
  /** Days in the agency's time zone (Europe/Berlin), inclusive: 'YYYY-MM-DD'. */
  from?: string;
  to?: string;
  /** Part of a name, an e-mail address, a place, a message, a listing's number or a region. */
  q?: string;
  /** The staff member whose read marks the rows carry (and `unread` means). */
  viewer?: string;
  /** Only submissions the viewer has not read. */
  unread?: boolean;
  /** Only submissions assigned to this staff address; null: to nobody. */
  assignee?: string | null;
  /** Only leads with a matching saved search and saved searches with a matching lead or listing. */
  matching?: boolean;
}

/** What the list is sorted by: the date (newest first by default), the name, the status. */
export const SORTS = ['date', 'name', 'status'] as const;
export const ORDERS = ['asc', 'desc'] as const;
export interface InboxSort {
  by: (typeof SORTS)[number];
  order: (typeof ORDERS)[number];
}
export const DEFAULT_SORT: InboxSort = { by: 'date', order: 'desc' };

/**
 * The status's place in the list sorted by status: new, in progress, done, spam (HANDLINGS'
 * order). The same expression is indexed (migrations.ts, submissions_by_handling), so the
 * database reads the sort from its index.
 */
export const HANDLING_RANK = `(CASE handling ${HANDLINGS.slice(0, -1)
  .map((handling, rank) => `WHEN '${handling}' THEN ${rank}`)
  .join(' ')} ELSE ${HANDLINGS.length - 1} END)`;

/** The sort value a page's key holds: none for the date (the id is the key), else the column's. */
type SortValue = string | number | null;

/** A page's key: the sort, the last row's sort value and id, as URL-safe base64 of JSON. */
export function cursorOf(sort: InboxSort, value: SortValue, id: number): string {
  return Buffer.from(JSON.stringify([sort.by, value, id])).toString('base64url');
}

/** The sort value and id of a page's key; a key of another sort or of no shape is a 400. */
export function readCursor(sort: InboxSort, cursor: string): { value: SortValue; id: number } {
  let parts: unknown;
  try {
    parts = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
  } catch {
    parts = null;
  }
  const [by, value, id] = Array.isArray(parts) && parts.length === 3 ? parts : [];
  const valueFits =
    sort.by === 'date'
      ? value === null
      : sort.by === 'name'
        ? typeof value === 'string' && value.length <= 1000
        : Number.isInteger(value) && (value as number) >= 0 && (value as number) <= 3;
  if (by !== sort.by || !valueFits || !Number.isSafeInteger(id) || (id as number) < 1)
    throw new ApiError(400, 'rest_invalid_param', 'invalidParam', {
      params: { after: 'unknown page key' },
    });
  return { value: value as SortValue, id: id as number };
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

/** What a submission brings to the list besides its contact (each kind its own part). */
export interface ListedParts {
  /** A lead's property. */
  place?: { zip?: string; city?: string };
  /** The visitor's message (a lead's, an inquiry's, a contact message). */
  message?: string;
  /** The listing an inquiry asks about. */
  listing?: { customId: string; title: string; zip: string; city: string };
  /** A saved search's regions, by name. */
  regions?: readonly string[];
}

interface ListedContact {
  firstname?: string;
  lastname?: string;
  email?: string;
  phone?: string;
  zip?: string;
  city?: string;
}

/** A phone number's digits alone ('+49 (30) 123-45' → '493012345'). */
const digitsOf = (text: string | undefined) => (text ?? '').replace(/\D/g, '');

/**
 * A search that is a phone number as people write one (digits with spaces, '+', '-', '/',
 * brackets or dots, at least 3 digits): its digits alone, to find the number however it was
 * written (decision 215); otherwise null.
 */
export function phoneQueryOf(q: string): string | null {
  const digits = digitsOf(q);
  return /^[\d\s+\-/().]+$/.test(q) && digits.length >= 3 ? digits : null;
}

/**
 * The text the inbox's search looks in, written with each submission: name, e-mail, phone
 * (as written and as its digits alone), the contact's place, a lead's property place, the
 * message, an inquiry's listing (number, title, place) and a saved search's regions, lower case.
 */
export function searchTextOf(contact: ListedContact, parts: ListedParts = {}): string {
  return [
    contact.firstname,
    contact.lastname,
    contact.email,
    contact.phone,
    digitsOf(contact.phone),
    contact.zip,
    contact.city,
    parts.place?.zip,
    parts.place?.city,
    parts.listing?.customId,
    parts.listing?.title,
    parts.listing?.zip,
    parts.listing?.city,
    ...(parts.regions ?? []),
    parts.message,
  ]
    .map((part) => (part ?? '').replace(/\s+/g, ' '))
    .join(' ')
    .toLowerCase();
}

const placeLine = (place?: { zip?: string; city?: string }) =>
  [place?.zip, place?.city].filter(Boolean).join(' ');

/** How many of a saved search's regions 'Ort' names before '+N'. */
const REGIONS_NAMED = 2;

/**
 * The list's 'Ort' (decision 133): a lead's property, a saved search's regions ('Mitte,
 * Prenzlauer Berg +3'), an inquiry's listing; the contact's own place where the kind has none
 * (contact messages, newsletter) or its part names none.
 */
export function placeOf(contact: ListedContact, parts: ListedParts = {}): string {
  const regions = parts.regions ?? [];
  if (regions.length)
    return (
      regions.slice(0, REGIONS_NAMED).join(', ') +
      (regions.length > REGIONS_NAMED ? ` +${regions.length - REGIONS_NAMED}` : '')
    );
  return placeLine(parts.place) || placeLine(parts.listing) || placeLine(contact);
}

/**
 * What the list sorts a row by name on: the name as shown (first and last name), else the
 * e-mail address, lower case and without accents ('Ärger' sorts with 'arger'), so the
 * database's byte order is the alphabet's.
 */
export function sortNameOf(contact: ListedContact): string {
  const name = [contact.firstname, contact.lastname].filter(Boolean).join(' ').trim();
  return (name || contact.email || '')
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .replace(/ß/g, 'ss')
    .toLowerCase();
}

/** The list's columns of a submission, written with it (and by fillListColumns for older rows). */
export function listColumnsOf(contact: ListedContact, parts: ListedParts = {}) {
  return {
    search_text: searchTextOf(contact, parts),
    sort_name: sortNameOf(contact),
    place: placeOf(contact, parts),
  };
}

/**
 * A submission's matched pairs (docs/matching.md#matched-pairs) as the list reads them: their
 * count and when the newest was found, by key (submission_match_counts, written with the
 * pairs); no row, no pair.
 */
export const MATCH_COUNTS = 'LEFT JOIN submission_match_counts mc ON mc.submission_id = s.id';

/** How many pairs a row has: a lead's matching searches, a saved search's leads and listings. */
const MATCHES = 'COALESCE(mc.matches, 0)';

/** A row's pairs found after `since`: a lead's by its submission, a saved search's by its search. */
const pairsSince = (since: string) => `CASE s.kind
  WHEN 'lead' THEN (SELECT count(*) FROM search_matches m
    WHERE m.submission_id = s.id AND m.found_at > ${since})
  ELSE (SELECT count(*) FROM saved_searches ss JOIN search_matches m ON m.saved_search_id = ss.id
    WHERE ss.submission_id = s.id AND m.found_at > ${since}) END`;

/**
 * How many of them were found after the viewer last read the row (decision 159); none while
 * it is unread (all of it is new to them). Counted only where the newest is newer than the
 * read mark.
 */
export const NEW_MATCHES = `CASE WHEN r.read_at IS NULL OR mc.last_found_at IS NULL
  OR mc.last_found_at <= r.read_at THEN 0 ELSE ${pairsSince('r.read_at')} END`;

/** The sort's column (an expression the database has an index on) and its direction. */
function sortColumn(by: InboxSort['by']): string | null {
  return by === 'name'
    ? 's.sort_name'
    : by === 'status'
      ? HANDLING_RANK.replace('handling', 's.handling')
      : null;
}

/**
 * The WHERE clause and parameters of a filter (only the conditions it names), and of the rows
 * after a page's key in the sort's order.
 */
export function whereOf(
  filter: InboxFilter,
  dialect: Sql['dialect'],
  after?: { sort: InboxSort; value: SortValue; id: number },
) {
  const conditions: string[] = [];
  const params: Record<string, Param> = {};
  if (filter.kind) {
    conditions.push('s.kind = @kind');
    params.kind = filter.kind;
  }
  if (filter.handling) {
    // By its rank: the status sort's index finds the rows and counts them.
    conditions.push(`${sortColumn('status')} = @handlingRank`);
    params.handlingRank = HANDLINGS.indexOf(filter.handling);
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
    // A plain substring of the lower-case text (instr, strpos: no pattern to match, so '%' and
    // '_' are searched for as typed), read from the narrow table of texts.
    const found = dialect === 'postgres' ? 'strpos' : 'instr';
    params.q = filter.q.trim().toLowerCase().replace(/\s+/g, ' ');
    // A phone number is also found by its digits, however it was written.
    const phone = phoneQueryOf(params.q as string);
    if (phone) params.phone = phone;
    conditions.push(
      `s.id IN (SELECT submission_id FROM submission_texts WHERE ${found}(text, @q) > 0${phone ? ` OR ${found}(text, @phone) > 0` : ''})`,
    );
  }
  if (filter.unread) conditions.push('r.submission_id IS NULL');
  if (filter.matching) conditions.push('mc.submission_id IS NOT NULL');
  // Assigned to someone: their rows come from the assignee index in key order, so the key is
  // that index's (the submission's id, as the assignee's row names it).
  let id = 's.id';
  if (filter.assignee === null) conditions.push('a.submission_id IS NULL');
  else if (filter.assignee !== undefined) {
    conditions.push('a.staff = @assignee');
    params.assignee = filter.assignee;
    id = 'a.submission_id';
  }
  if (after) {
    const beyond = after.sort.order === 'desc' ? '<' : '>';
    const column = sortColumn(after.sort.by);
    // After (value, id) in the sort's order, written so that both databases read on from the
    // key in the sort's index (a range on its first column, then the id).
    conditions.push(
      column
        ? `${column} ${beyond}= @afterValue AND (${column} ${beyond} @afterValue OR ${id} ${beyond} @afterId)`
        : `${id} ${beyond} @afterId`,
    );
    if (column) params.afterValue = after.value;
    params.afterId = after.id;
  }
  return { sql: conditions.length ? `WHERE ${conditions.join(' AND ')}` : '', params, id };
}

export interface PageOptions {
  sort?: InboxSort;
  /** The key of the page before (its `next`). */
  after?: string;
  /** Count every row of the filter (the list's first page). */
  count?: boolean;
}

/** The viewer's read mark of each row (a key lookup). */
const READ_MARK = 'LEFT JOIN submission_reads r ON r.staff = @viewer AND r.submission_id = s.id';
/** The assignee of each row (a key lookup). */
const ASSIGNEE = 'LEFT JOIN submission_assignees a ON a.submission_id = s.id';
const JOINS = `${READ_MARK} ${ASSIGNEE} ${MATCH_COUNTS}`;

/**
 * The joins a count of `filter` needs: only those its conditions name. Neither database leaves
 * out an unused one here, and a key lookup for each of 100,000 rows is most of a count's time.
 */
const countJoins = (filter: InboxFilter) =>
  [
    filter.unread ? READ_MARK : '',
    filter.assignee !== undefined ? ASSIGNEE : '',
    filter.matching ? MATCH_COUNTS : '',
  ]
    .filter(Boolean)
    .join(' ');

export function inboxQueries(sql: Sql) {
  /** A value of a JSON text column, in the database's own words. */
  const json = (column: string, key: string) =>
    sql.dialect === 'postgres'
      ? `(${column}::jsonb ->> '${key}')`
      : `json_extract(${column}, '$.${key}')`;

  /** How many rows the filter has (the search reads one column of each row). */
  async function total(filter: InboxFilter): Promise<number> {
    // Only those with matches: every count's row names a submission with a pair (an erasure
    // takes it with its submission), so its rows are the count, read without the submissions;
    // with other conditions, the submissions are read from its rows (of one kind: its column).
    const { matching, ...others } = filter;
    if (matching && !whereOf(others, sql.dialect).sql) {
      const row = await sql.one<{ n: number | string }>(
        'SELECT count(*) AS n FROM submission_match_counts',
      );
      return Number(row?.n ?? 0);
    }
    if (matching) {
      // Read from the counts' rows: the kind is their own column, a read mark, an assignee or
      // a search is found by their id; the submissions' rows only for what else they hold.
      const where = whereOf(others, sql.dialect);
      const needsRows =
        others.handling || others.confirmed !== undefined || others.from || others.to;
      const rows = needsRows
        ? 'submission_match_counts mc JOIN submissions s ON s.id = mc.submission_id'
        : '(SELECT submission_id AS id, kind FROM submission_match_counts) s';
      const row = await sql.one<{ n: number | string }>(
        `SELECT COUNT(*) AS n FROM ${rows} ${countJoins(others)} ${where.sql}`,
        filter.unread ? { ...where.params, viewer: filter.viewer ?? '' } : where.params,
      );
      return Number(row?.n ?? 0);
    }
    const where = whereOf(filter, sql.dialect);
    const row = await sql.one<{ n: number | string }>(
      `SELECT COUNT(*) AS n FROM submissions s ${countJoins(filter)} ${where.sql}`,
      filter.unread ? { ...where.params, viewer: filter.viewer ?? '' } : where.params,
    );
    return Number(row?.n ?? 0);
  }

  async function page(filter: InboxFilter, options: PageOptions = {}, size = PAGE_SIZE) {
    const sort = options.sort ?? DEFAULT_SORT;
    const key = options.after ? { sort, ...readCursor(sort, options.after) } : undefined;
    const where = whereOf(filter, sql.dialect, key);
    const column = sortColumn(sort.by);
    const direction = sort.order === 'desc' ? 'DESC' : 'ASC';
    const orderBy = column
      ? `${column} ${direction}, ${where.id} ${direction}`
      : `${where.id} ${direction}`;
    // The viewer's read mark, the assignee, the count of notes and of matched pairs (new ones
    // too) come in the same statement (a key lookup each per row), never a query per row.
    const rows = await sql.all<Record<string, string | number | null>>(
      `SELECT s.id, s.uuid, s.kind, s.status, s.handling, s.created_at, s.place, s.sort_name,
        ${json('s.contact_data', 'salutation')} AS salutation,
        ${json('s.contact_data', 'firstname')} AS firstname,
        ${json('s.contact_data', 'lastname')} AS lastname,
        ${json('s.contact_data', 'email')} AS email,
        ${json('s.contact_data', 'phone')} AS phone,
        a.staff AS assignee, r.read_at,
        (SELECT count(*) FROM submission_notes n WHERE n.submission_id = s.id) AS notes,
        ${MATCHES} AS matches, ${NEW_MATCHES} AS new_matches
       FROM submissions s ${JOINS}
       ${where.sql} ORDER BY ${orderBy} LIMIT ${size + 1}`,
      { ...where.params, viewer: filter.viewer ?? '' },
    );
    // A first page that is not full holds every match: it is its own count (a rare search
    // reads the table once, not twice).
    const count =
      options.count && !key ? (rows.length <= size ? rows.length : await total(filter)) : null;
    const items: InboxRow[] = rows.slice(0, size).map((row) => {
      const text = (key: string) => (typeof row[key] === 'string' ? (row[key] as string) : '');
      return {
        id: row.id as number,
        uuid: row.uuid as string,
        kind: row.kind as SubmissionKind,
        name: [text('firstname'), text('lastname')].filter(Boolean).join(' '),
        email: text('email'),
        phone: text('phone'),
        place: text('place'),
        confirmed: row.status === 'confirmed',
        handling: row.handling as Handling,
        createdAt: row.created_at as string,
        read: row.read_at !== null,
        assignee: (row.assignee as string | null) ?? null,
        notes: Number(row.notes),
        matches: Number(row.matches),
        newMatches: Number(row.new_matches),
      };
    });
    const last = rows.length > size ? rows[size - 1]! : null;
    const next = last
      ? cursorOf(
          sort,
          sort.by === 'name'
            ? (last.sort_name as string)
            : sort.by === 'status'
              ? HANDLINGS.indexOf(last.handling as Handling)
              : null,
          Number(last.id),
        )
      : null;
    return { items, next, total: count };
  }

  return {
    page,
    setHandling: async (uuid: string, handling: Handling) =>
      (await sql.run('UPDATE submissions SET handling = ? WHERE uuid = ?', handling, uuid)) === 1,
  };
}
