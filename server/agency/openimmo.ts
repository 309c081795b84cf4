/**
 * A submission as OpenImmo-Feedback XML, version 1.2.7 (docs/agency.md#openimmo-feedback): the
 * file German agency CRMs (onOffice, FLOWFACT, Propstack) file an inquiry from when a mail
 * carries it. One `openimmo_feedback` with the agency as `sender` and one `objekt` with the
 * visitor as `interessent`; a listing inquiry names the listing (`oobj_id`, `expose_url`).
 * The format has no elements for a lead's property or a saved search's regions and ranges:
 * they go into `anfrage` as text. Every value is escaped, and characters XML 1.0 does not
 * allow are removed.
 */
import { addressLine, objectTypeName, type SubmissionRecord } from './records';
import type { ServerConfig } from '../config';
import type { MailAttachment } from '../delivery/writer';
import { formatDate } from './notices';

export const OPENIMMO_FEEDBACK_VERSION = '1.2.7';
/** The attachment's name, as immonex's WordPress plugins name it. */
export const OPENIMMO_FEEDBACK_FILENAME = 'kontakt-openimmo-feedback.xml';
export const OPENIMMO_FEEDBACK_TYPE = 'application/xml; charset=utf-8';

/** Who sends the feedback: the agency as configured. */
export interface FeedbackSender {
  /** AGENCY_NAME */
  name: string;
  /** OPENIMMO_ANID; null: left out. */
  openimmoAnid: string | null;
  /** OPENIMMO_MAKLER_ID; the format requires the element, empty when not configured. */
  maklerId: string;
}

const NOT_XML =
  // eslint-disable-next-line no-control-regex -- removing what XML 1.0 does not allow is the point
  /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f\ufffe\uffff]|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g;

/** A text as XML character data: disallowed characters removed, markup characters escaped. */
export function xmlText(text: string): string {
  return text
    .replace(NOT_XML, '')
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&apos;');
}

type Element = [name: string, value: string | null | undefined];

/** The elements with a value, in the order given, each on its line. */
const elements = (list: Element[], indent: string) =>
  list
    .filter(([, value]) => value !== null && value !== undefined && value.trim() !== '')
    .map(([name, value]) => `${indent}<${name}>${xmlText(value!.trim())}</${name}>`);

const MARKETING = { buy: 'KAUF', rent: 'MIETE_PACHT' } as const;
const marketingOf = (type: string) => MARKETING[type as 'buy'] ?? null;

/** The listing's page as an absolute http(s) URL, relative to the server's public URL; else none. */
function absoluteUrl(link: string, baseUrl: string): string | null {
  try {
    const url = new URL(link, baseUrl);
    return url.protocol === 'https:' || url.protocol === 'http:' ? url.href : null;
  } catch {
    return null;
  }
}

/** What the objekt says of the submission's kind, and the kind's text before the message. */
function kindPart(
  record: SubmissionRecord,
  baseUrl: string,
): {
  objekt: Element[];
  about: string[];
} {
  if (record.exposeInquiry) {
    const inquiry = record.exposeInquiry;
    return {
      objekt: [
        ['oobj_id', inquiry.customObjectId],
        ['expose_url', absoluteUrl(inquiry.link, baseUrl)],
        ['bezeichnung', inquiry.title],
      ],
      about: [],
    };
  }
  if (record.lead) {
    const lead = record.lead;
    const marketing = lead.marketingType === 'rent' ? 'vermieten' : 'verkaufen';
    return {
      objekt: [
        ['vermarktungsart', marketingOf(lead.marketingType)],
        ['bezeichnung', `Eigentümeranfrage: ${lead.category} ${marketing}`],
      ],
      about: [
        `Eigentümer möchte ${marketing}: ${lead.category} (${objectTypeName(lead.objectType)})`,
        `Adresse: ${addressLine(lead.address) || '–'}`,
        ...lead.fields.map((f) => `${f.label}: ${f.text}`),
      ],
    };
  }
  if (record.savedSearch) {
    const search = record.savedSearch;
    const marketing = search.marketingType === 'rent' ? 'mieten' : 'kaufen';
    return {
      objekt: [
        ['vermarktungsart', marketingOf(search.marketingType)],
        ['bezeichnung', `Suchprofil: ${search.category} ${marketing}`],
      ],
      about: [
        `Suchprofil: ${search.category} (${objectTypeName(search.objectType)}) ${marketing}`,
        `Regionen: ${search.regions.join(', ') || '–'}`,
        ...search.fields.map((f) => `${f.label}: ${f.text}`),
      ],
    };
  }
  return { objekt: [['bezeichnung', 'Kontaktanfrage']], about: [] };
}

/**
 * The OpenImmo-Feedback XML of a submission; null for a newsletter setting, which is no
 * inquiry a CRM files. `baseUrl` is the server's public URL, which a listing's relative link
 * is read against.
 */
export function openimmoFeedback(
  record: SubmissionRecord,
  sender: FeedbackSender,
  baseUrl: string,
): string | null {
  if (record.kind === 'newsletter') return null;
  const { objekt, about } = kindPart(record, baseUrl);
  const c = record.contact;
  const message = record.message.trim();
  const anfrage = [
    ...about,
    ...(about.length && message ? [''] : []),
    ...(message ? [message] : []),
  ]
    .join('\n')
    .trim();
  const interessent = elements(
    [
      ['anrede', c.salutation],
      ['vorname', c.firstname],
      ['nachname', c.lastname],
      ['firma', c.company],
      ['strasse', [c.street, c.number].filter(Boolean).join(' ')],
      ['plz', c.zip],
      ['ort', c.city],
      ['tel', c.phone],
      ['email', c.email],
      ['anfrage', anfrage],
    ],
    '      ',
  );
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<openimmo_feedback>',
    `  <version>${OPENIMMO_FEEDBACK_VERSION}</version>`,
    '  <sender>',
    ...elements(
      [
        ['name', sender.name],
        ['openimmo_anid', sender.openimmoAnid],
        ['datum', formatDate(record.createdAt)],
      ],
      '    ',
    ),
    `    <makler_id>${xmlText(sender.maklerId.trim())}</makler_id>`,
    '  </sender>',
    '  <objekt>',
    ...elements(objekt, '    '),
    '    <interessent>',
    ...interessent,
    '    </interessent>',
    '  </objekt>',
    '</openimmo_feedback>',
    '',
  ].join('\n');
}

/** The agency as configured, as the feedback's sender. */
export const feedbackSender = (
  config: Pick<ServerConfig, 'agencyName' | 'openimmoAnid' | 'openimmoMaklerId'>,
): FeedbackSender => ({
  name: config.agencyName,
  openimmoAnid: config.openimmoAnid,
  maklerId: config.openimmoMaklerId,
});

/** A notice's attachments: the submission's OpenImmo-Feedback, when it has one. */
export function feedbackAttachments(
  record: SubmissionRecord,
  sender: FeedbackSender,
  baseUrl: string,
): MailAttachment[] {
  const xml = openimmoFeedback(record, sender, baseUrl);
  return xml
    ? [{ filename: OPENIMMO_FEEDBACK_FILENAME, content: xml, contentType: OPENIMMO_FEEDBACK_TYPE }]
    : [];
}
