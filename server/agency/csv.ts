/**
 * CSV export of the inbox's current filter, for German Excel: UTF-8 with a BOM, ';' between
 * columns, one row per submission. Streamed: rows are read page by page as the client takes
 * them (csv-stringify writes and quotes; a page is read only when the stream wants more).
 *
 * - The first page is read before the answer starts, so a failure there (the database gone)
 *   is an error answer; a failure later ends this download unfinished and is logged. Nothing
 *   in an export can end the process.
 * - Between pages, and within one every few milliseconds, the export yields to the event loop:
 *   on SQLite (statements run in this thread) other requests are answered meanwhile.
 * - Each row says its contact's consents as they stand now, read for a page's contacts at once:
 *   two statements a page, not two a row.
 * - A cell a spreadsheet would run as a formula (=, +, -, @, a tab or a carriage return first)
 *   gets a leading apostrophe (OWASP's CSV injection advice), so typed text stays text.
 */
import { pipeline, Readable } from 'node:stream';
import { setImmediate as nextTurn } from 'node:timers/promises';
import { stringify } from 'csv-stringify';
import { CONSENT_BOXES } from '../../contract/contact';
import type { Queryable } from '../db/sql';
import {
  DEFAULT_SORT,
  type InboxFilter,
  type InboxRow,
  type InboxSort,
  type inboxQueries,
} from './inbox';
import {
  addressLine,
  objectTypeName,
  withConsents,
  type RecordWithConsents,
  type SubmissionReader,
  type SubmissionRecord,
} from './records';
import { CONSENT_WORDS, consentText } from './notices';

export const KIND_LABELS = {
  lead: 'Eigentümer-Anfrage',
  savedSearch: 'Suchprofil',
  exposeInquiry: 'Exposé-Anfrage',
  contact: 'Kontaktnachricht',
  newsletter: 'Newsletter',
} as const;
export const HANDLING_LABELS = {
  new: 'neu',
  inProgress: 'in Bearbeitung',
  done: 'erledigt',
  spam: 'Spam',
} as const;

/**
 * When a submission came, in Berlin's time, as 'YYYY-MM-DD HH:MM' (ISO 8601's order, a space
 * for its 'T'): Excel and LibreOffice read it as a date and time they can sort and filter, in any
 * locale, where '26.11.2026, 14:05 Uhr' is text.
 */
const berlinStamp = new Intl.DateTimeFormat('sv-SE', {
  timeZone: 'Europe/Berlin',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
});
export const spreadsheetTime = (iso: string) => berlinStamp.format(new Date(iso));

/** Rows read per page of the export. */
export const EXPORT_PAGE = 500;
/** The longest the export works before it lets other requests in (ms). */
export const EXPORT_SLICE_MS = 2;

export const COLUMNS = [
  'Eingang',
  'Art',
  'Status',
  // The staff address it is assigned to (empty: nobody).
  'Zuständig',
  'Bestätigt',
  'Anrede',
  'Vorname',
  'Nachname',
  'E-Mail',
  'Telefon',
  'Firma',
  'Anschrift',
  'Objekt',
  'Ort des Objekts',
  'Angaben',
  // A lead's matching saved searches, a saved search's matching leads and listings (a number
  // in digits: a spreadsheet sums it; no sign, so the formula rule leaves it as it is).
  'Treffer',
  'Nachricht',
  // Each consent as it stands now, with its dates ('abgemeldet am …').
  ...CONSENT_BOXES.map((box) => CONSENT_WORDS[box].name),
  'ID',
];

/** What a row says of the kind: the object, its place, and its values ('Kaufpreis: 350.000 €'). */
function kindColumns(record: SubmissionRecord): [string, string, string] {
  const values = (fields: { label: string; text: string }[]) =>
    fields.map((f) => `${f.label}: ${f.text}`).join('; ');
  if (record.lead)
    return [
      `${record.lead.category} (${objectTypeName(record.lead.objectType)}), ${record.lead.marketingType === 'rent' ? 'vermieten' : 'verkaufen'}`,
      addressLine(record.lead.address),
      values(record.lead.fields),
    ];
  if (record.savedSearch)
    return [
      `${record.savedSearch.category} (${objectTypeName(record.savedSearch.objectType)}), ${record.savedSearch.marketingType === 'rent' ? 'mieten' : 'kaufen'}`,
      record.savedSearch.regions.join(', '),
      values(record.savedSearch.fields),
    ];
  if (record.exposeInquiry)
    return [`${record.exposeInquiry.title} (${record.exposeInquiry.customObjectId})`, '', ''];
  if (record.newsletter)
    // What this submission asked for; the Newsletter column says what holds now.
    return [
      '',
      '',
      record.newsletter.subscribed ? 'Anmeldung zum Newsletter' : 'Abmeldung vom Newsletter',
    ];
  return ['', '', ''];
}

export function csvRow(
  record: RecordWithConsents,
  assignee: string | null = null,
  matches = 0,
): string[] {
  const c = record.contact;
  return [
    spreadsheetTime(record.createdAt),
    KIND_LABELS[record.kind],
    HANDLING_LABELS[record.handling],
    assignee ?? '',
    record.confirmed ? 'ja' : 'nein',
    c.salutation,
    c.firstname,
    c.lastname,
    c.email,
    c.phone,
    c.company,
    addressLine(c),
    ...kindColumns(record),
    String(matches),
    record.message,
    ...CONSENT_BOXES.map((box) => consentText(box, record.consent.current[box])),
    record.uuid,
  ];
}

/**
 * The CSV of every submission the filter finds, as a stream; resolves once the first page is
 * read (rejects when that fails). `log` hears of a failure after that, which ends the stream.
 */
export async function exportCsv(
  filter: InboxFilter,
  inbox: ReturnType<typeof inboxQueries>,
  records: SubmissionReader,
  sql: Queryable,
  { log, sort = DEFAULT_SORT }: { log: (error: unknown) => void; sort?: InboxSort },
): Promise<Readable> {
  const first = await inbox.page(filter, { sort }, EXPORT_PAGE);
  async function* rows(): AsyncGenerator<string[]> {
    let page: { items: InboxRow[]; next: string | null } = first;
    let slice = performance.now();
    for (;;) {
      // The page's contacts' consents as they stand now, read together.
      const consents = await records.consentsOf(
        sql,
        page.items.map((row) => row.id),
      );
      for (const row of page.items) {
        const record = await records.read(sql, row.id);
        const current = consents.get(row.id);
        if (record && current)
          yield csvRow(withConsents(record, current), row.assignee, row.matches);
        if (performance.now() - slice > EXPORT_SLICE_MS) {
          await nextTurn();
          slice = performance.now();
        }
      }
      if (page.next === null) return;
      await nextTurn();
      slice = performance.now();
      page = await inbox.page(filter, { sort, after: page.next }, EXPORT_PAGE);
    }
  }
  const csv = stringify({
    header: true,
    columns: COLUMNS,
    delimiter: ';',
    bom: true,
    escape_formulas: true,
  });
  // pipeline, not pipe: an error of the rows ends the CSV stream with it (the answer is cut
  // off) instead of going unheard, which would end the process.
  return pipeline(Readable.from(rows()), csv, (error) => {
    // A download the client stopped is no failure of ours.
    if (error && (error as NodeJS.ErrnoException).code !== 'ERR_STREAM_PREMATURE_CLOSE') log(error);
  });
}
