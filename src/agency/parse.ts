/**
 * The inbox API's answers, typed by the contract but read as untrusted input (product 7.2):
 * an answer without the shape the screens read is null (the caller shows its failed state),
 * never passed to a reducer.
 */
import type { FunnelReport } from '../../contract/funnel';
import type {
  Delivery,
  Handling,
  InboxRow,
  Note,
  NoteMention,
  SubmissionDetail,
  SubmissionMatches,
} from './types';

type Fields = Record<string, unknown>;

const isRecord = (value: unknown): value is Fields =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** Whether `value` is an object whose named fields are of the named `typeof`s. */
const has = (value: unknown, fields: Record<string, string>): value is Fields =>
  isRecord(value) && Object.entries(fields).every(([key, type]) => typeof value[key] === type);

const ROW = {
  id: 'number',
  uuid: 'string',
  kind: 'string',
  name: 'string',
  email: 'string',
  phone: 'string',
  place: 'string',
  confirmed: 'boolean',
  handling: 'string',
  createdAt: 'string',
  read: 'boolean',
  notes: 'number',
  matches: 'number',
  newMatches: 'number',
};

/** A staff address, or null for nobody. */
const isAssignee = (value: unknown): value is string | null =>
  value === null || typeof value === 'string';

const NOTE = { id: 'number', author: 'string', text: 'string', createdAt: 'string' };

const DELIVERY = {
  id: 'number',
  channel: 'string',
  kind: 'string',
  recipient: 'string',
  status: 'string',
  attempts: 'number',
  createdAt: 'string',
};

/**
 * A page of the list: its rows, where the next one starts, (a first page) how many match in
 * all, and how many submissions the signed-in staff member has not read.
 */
export function readPage(
  body: unknown,
): { items: InboxRow[]; next: string | null; total: number | null; unread?: number } | null {
  if (!isRecord(body) || !Array.isArray(body.items)) return null;
  if (body.next !== null && typeof body.next !== 'string') return null;
  if (body.unread !== undefined && typeof body.unread !== 'number') return null;
  const total =
    typeof body.total === 'number' && Number.isSafeInteger(body.total) && body.total >= 0
      ? body.total
      : null;
  if (!body.items.every((row) => has(row, ROW) && isAssignee(row.assignee))) return null;
  // A page without the unread count leaves the count shown as it was.
  return {
    items: body.items as InboxRow[],
    next: body.next,
    total,
    ...(typeof body.unread === 'number' ? { unread: body.unread } : {}),
  };
}

/** A note as saved. */
export const readNote = (body: unknown): Note | null =>
  has(body, NOTE) ? (body as unknown as Note) : null;

/** The notes elsewhere that name a contact (its erasure's dialog lists them). */
export function readMentions(body: unknown): NoteMention[] | null {
  if (!has(body, {}) || !Array.isArray((body as { mentions?: unknown }).mentions)) return null;
  const mentions = (body as { mentions: unknown[] }).mentions;
  const valid = mentions.every(
    (item) =>
      has(item, { submission: 'string' }) &&
      Array.isArray((item as { by?: unknown }).by) &&
      readNote((item as { note?: unknown }).note) !== null,
  );
  return valid ? (mentions as NoteMention[]) : null;
}

/** A read mark saved: the submission, read or not, and the staff member's unread count now. */
export const readReadMark = (
  body: unknown,
): { uuid: string; read: boolean; unread: number } | null =>
  has(body, { uuid: 'string', read: 'boolean', unread: 'number' })
    ? { uuid: body.uuid as string, read: body.read as boolean, unread: body.unread as number }
    : null;

/** An assignment saved: the submission and its staff address (null: nobody). */
export const readAssignment = (body: unknown): { uuid: string; assignee: string | null } | null =>
  has(body, { uuid: 'string' }) && isAssignee(body.assignee)
    ? { uuid: body.uuid as string, assignee: body.assignee }
    : null;

/** The staff addresses a submission can be assigned to. */
export const readStaff = (body: unknown): string[] | null =>
  isRecord(body) &&
  Array.isArray(body.staff) &&
  body.staff.every((address) => typeof address === 'string')
    ? (body.staff as string[])
    : null;

export const readDelivery = (body: unknown): Delivery | null =>
  has(body, DELIVERY) ? (body as unknown as Delivery) : null;

/** A submission with its deliveries and consent log. */
export function readDetail(body: unknown): SubmissionDetail | null {
  if (!isRecord(body) || !Array.isArray(body.deliveries) || !Array.isArray(body.consentLog))
    return null;
  const { submission } = body;
  if (
    !has(submission, { uuid: 'string', kind: 'string', handling: 'string', createdAt: 'string' }) ||
    !isRecord(submission.contact) ||
    !isRecord(submission.consent) ||
    !isRecord(submission.consent.boxes)
  )
    return null;
  if (!body.deliveries.every((d) => readDelivery(d)) || !body.consentLog.every(isRecord))
    return null;
  if (typeof body.read !== 'boolean' || !isAssignee(body.assignee)) return null;
  if (!Array.isArray(body.notes) || !body.notes.every((note) => readNote(note))) return null;
  return body as unknown as SubmissionDetail;
}

/** A status saved: the submission's uuid and its handling. */
export const readHandling = (body: unknown): { uuid: string; handling: Handling } | null =>
  has(body, { uuid: 'string', handling: 'string' })
    ? { uuid: body.uuid as string, handling: body.handling as Handling }
    : null;

/** The funnel of a period: per wizard, its stages and their counts. */
export function readFunnel(body: unknown): FunnelReport | null {
  if (!has(body, { from: 'string', to: 'string' }) || !Array.isArray(body.wizards)) return null;
  const wellFormed = body.wizards.every(
    (w) =>
      has(w, { wizard: 'string' }) &&
      Array.isArray(w.stages) &&
      w.stages.every((s) => has(s, { stage: 'string', count: 'number' })),
  );
  // The contract names a stage as text; the report's stages are contract/funnel.ts's words.
  return wellFormed ? (body as unknown as FunnelReport) : null;
}

/** The e-mail of the staff member a login or session answer names, or null. */
export const readEmail = (body: unknown): string | null =>
  has(body, { email: 'string' }) ? (body.email as string) : null;

/** The agency's name a login or session answer names, or '' (the reply's subject then goes without). */
export const readAgency = (body: unknown): string =>
  has(body, { agency: 'string' }) ? (body.agency as string).trim() : '';

const isLabelled = (value: unknown) => has(value, { label: 'string', text: 'string' });
const isStrings = (value: unknown) =>
  Array.isArray(value) && value.every((item) => typeof item === 'string');

/** A matching saved search: its searcher, its wizard's submission (or null), its criteria. */
const isMatchedSearch = (item: unknown) =>
  has(item, { foundAt: 'string' }) &&
  (item.submission === null || typeof item.submission === 'string') &&
  has(item.contact, { firstname: 'string', lastname: 'string', email: 'string' }) &&
  has(item.search, { objectType: 'string', marketingType: 'string', category: 'string' }) &&
  isStrings(item.search.regions) &&
  Array.isArray(item.search.fields) &&
  item.search.fields.every(isLabelled);

const isMatchedLead = (item: unknown) =>
  has(item, {
    foundAt: 'string',
    submission: 'string',
    name: 'string',
    place: 'string',
    objectType: 'string',
    marketingType: 'string',
    category: 'string',
  }) &&
  Array.isArray(item.figures) &&
  item.figures.every(isLabelled);

const isMatchedListing = (item: unknown) =>
  has(item, {
    foundAt: 'string',
    customId: 'string',
    title: 'string',
    place: 'string',
    priceTitle: 'string',
    price: 'string',
    link: 'string',
  });

/** A list of matches: its total (a count, at least its items) and its items, each well formed. */
const isMatchList = (list: unknown, isItem: (item: unknown) => boolean) =>
  has(list, { total: 'number' }) &&
  Number.isSafeInteger(list.total) &&
  Array.isArray(list.items) &&
  (list.total as number) >= list.items.length &&
  list.items.every(isItem);

/** A submission's matches: its saved searches (a lead's), its leads and listings (a search's). */
export const readMatches = (body: unknown): SubmissionMatches | null =>
  has(body, { limit: 'number' }) &&
  isMatchList(body.searches, isMatchedSearch) &&
  isMatchList(body.leads, isMatchedLead) &&
  isMatchList(body.listings, isMatchedListing)
    ? (body as unknown as SubmissionMatches)
    : null;
