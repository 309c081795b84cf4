/**
 * CSV export of the inbox's current filter, for German Excel: UTF-8 with a BOM, ';' between
 * columns, one row per submission. Streamed: rows are read page by page as the client takes
 * them (csv-stringify writes and quotes; a page is read only when the stream wants more).
 */
import { Readable } from 'node:stream';
import { stringify } from 'csv-stringify';
import type { Queryable } from '../db/sql';
import type { InboxFilter, inboxQueries } from './inbox';
import {
  addressLine,
  objectTypeName,
  type SubmissionReader,
  type SubmissionRecord,
} from './records';
import { formatTime } from '../delivery/notices';

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

const COLUMNS = [
  'Eingang',
  'Art',
  'Status',
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
  'Nachricht',
  'Einwilligungen',
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
    return [
      '',
      '',
      record.newsletter.subscribed ? 'Newsletter: angemeldet' : 'Newsletter: nicht angemeldet',
    ];
  return ['', '', ''];
}

function csvRow(record: SubmissionRecord): string[] {
  const c = record.contact;
  const consents = Object.entries(record.consent.boxes)
    .map(([box, given]) => `${box}: ${given ? 'ja' : 'nein'}`)
    .join(', ');
  return [
    formatTime(record.createdAt),
    KIND_LABELS[record.kind],
    HANDLING_LABELS[record.handling],
    record.confirmed ? 'ja' : 'nein',
    c.salutation,
    c.firstname,
    c.lastname,
    c.email,
    c.phone,
    c.company,
    addressLine(c),
    ...kindColumns(record),
    record.message,
    consents,
    record.uuid,
  ];
}

/** The CSV of every submission the filter finds, as a stream. */
export function exportCsv(
  filter: InboxFilter,
  inbox: ReturnType<typeof inboxQueries>,
  records: SubmissionReader,
  sql: Queryable,
): Readable {
  const rows = inbox.all(filter);
  const source = Readable.from(
    (async function* () {
      for await (const row of rows) {
        const record = await records.read(sql, row.id);
        if (record) yield csvRow(record);
      }
    })(),
  );
  return source.pipe(stringify({ header: true, columns: COLUMNS, delimiter: ';', bom: true }));
}
