/**
 * The agency's notice of a submission (docs/agency.md#notices): one for every kind, in German (the agency's
 * language), as plain text and HTML. Every value the visitor typed is escaped in the HTML part,
 * and the subject carries no line break, so no field can add a header.
 */
import {
  addressLine,
  displayName,
  objectTypeName,
  type ConsentBox,
  type ConsentNow,
  type LabelledValue,
  type RecordContact,
  type SubmissionRecord,
} from './records';
import type { MailAddress } from '../delivery/writer';
import { plainAddress } from '../mail/address';

/** A notice as the outbox sends it. */
export interface NoticeMail {
  subject: string;
  text: string;
  html: string;
}

const BOX_NAMES: Record<string, string> = {
  dataPrivacy: 'Datenschutzerklärung akzeptiert',
  acceptContact: 'Kontaktaufnahme erlaubt',
  newsletter: 'Newsletter gewünscht',
};

const MARKETING = { buy: 'kaufen', rent: 'mieten' } as const;
const LEAD_MARKETING = { buy: 'verkaufen', rent: 'vermieten' } as const;

export function escapeHtml(text: string): string {
  return text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');
}

// eslint-disable-next-line no-control-regex -- removing control characters is the point
const CONTROL_CHARACTERS = /[\u0000-\u001f\u007f]+/g;

/** A header value: control characters (CR and LF among them) become spaces, length bounded. */
export function headerSafe(text: string, max = 200): string {
  return text.replace(CONTROL_CHARACTERS, ' ').trim().slice(0, max);
}

/**
 * The visitor as a notice's Reply-To, so that an agent's 'Antworten' writes to them: their
 * name (no control characters) and address, when it is one plain address; else none.
 */
export function visitorReplyTo(contact: RecordContact): MailAddress | undefined {
  const address = plainAddress(contact.email);
  if (!address) return undefined;
  const name = headerSafe([contact.firstname, contact.lastname].filter(Boolean).join(' '));
  return { name, address };
}

const berlinTime = new Intl.DateTimeFormat('de-DE', {
  dateStyle: 'medium',
  timeStyle: 'short',
  timeZone: 'Europe/Berlin',
});
export const formatTime = (iso: string) => `${berlinTime.format(new Date(iso))} Uhr`;
const berlinDate = new Intl.DateTimeFormat('de-DE', {
  day: '2-digit',
  month: '2-digit',
  year: 'numeric',
  timeZone: 'Europe/Berlin',
});
/** A day as the agency reads it: '26.11.2026' (in Berlin). */
export const formatDate = (iso: string) => berlinDate.format(new Date(iso));

/** Each consent's name, and its words for given and withdrawn. */
export const CONSENT_WORDS: Record<ConsentBox, { name: string; given: string; withdrawn: string }> =
  {
    dataPrivacy: { name: 'Datenschutzerklärung', given: 'erteilt', withdrawn: 'widerrufen' },
    acceptContact: { name: 'Kontaktaufnahme', given: 'erteilt', withdrawn: 'widerrufen' },
    newsletter: { name: 'Newsletter', given: 'angemeldet', withdrawn: 'abgemeldet' },
  };

/**
 * A consent as it stands, in words: 'angemeldet am 01.11.2026', 'abgemeldet am 26.11.2026
 * (angemeldet am 01.11.2026)', 'nicht angemeldet'.
 */
export function consentText(box: ConsentBox, now: ConsentNow): string {
  const words = CONSENT_WORDS[box];
  const given = now.givenAt ? `${words.given} am ${formatDate(now.givenAt)}` : words.given;
  if (now.state === 'given') return given;
  if (now.state === 'withdrawn')
    return `${words.withdrawn} am ${formatDate(now.withdrawnAt!)}${now.givenAt ? ` (${given})` : ''}`;
  return `nicht ${words.given}`;
}

type Row = [label: string, value: string];
interface Section {
  title: string;
  rows: Row[];
}

const fieldRows = (fields: LabelledValue[]): Row[] => fields.map((f) => [f.label, f.text]);

/**
 * What the notice says of the kind: its subject line and its own section; a lead's names how
 * many saved searches match it (`matches`, the agency's real count: no threshold).
 */
function kindPart(
  record: SubmissionRecord,
  matches: number,
): {
  what: string;
  subject: string;
  section: Section | null;
} {
  const name = displayName(record.contact);
  if (record.lead) {
    const lead = record.lead;
    const place = [lead.address.zip, lead.address.city].filter(Boolean).join(' ');
    const coordinates =
      lead.address.lat !== null && lead.address.lng !== null
        ? `${lead.address.lat}, ${lead.address.lng}${lead.address.approximate ? ' (ungefähr)' : ''}`
        : '–';
    return {
      what: 'Neue Anfrage',
      subject: `${lead.category}${place ? ` in ${place}` : ''}`,
      section: {
        title: 'Immobilie',
        rows: [
          [
            'Objekt',
            `${lead.category} (${objectTypeName(lead.objectType)}), ${LEAD_MARKETING[lead.marketingType as 'buy'] ?? lead.marketingType}`,
          ],
          ['Adresse', addressLine(lead.address) || '–'],
          ['Koordinaten', coordinates],
          ...fieldRows(lead.fields),
          ['Passende Suchprofile', String(matches)],
        ],
      },
    };
  }
  if (record.savedSearch) {
    const search = record.savedSearch;
    const marketing = MARKETING[search.marketingType as 'buy'] ?? search.marketingType;
    return {
      what: 'Neues Suchprofil',
      subject: `${search.category} ${marketing} in ${search.regions.slice(0, 3).join(', ')}${search.regions.length > 3 ? ` +${search.regions.length - 3}` : ''}`,
      section: {
        title: 'Suchprofil',
        rows: [
          ['Gesucht', `${search.category} (${objectTypeName(search.objectType)}), ${marketing}`],
          ['Regionen', search.regions.join(', ') || '–'],
          ...fieldRows(search.fields),
        ],
      },
    };
  }
  if (record.exposeInquiry) {
    const inquiry = record.exposeInquiry;
    return {
      what: 'Neue Exposé-Anfrage',
      subject: `${inquiry.title} (${inquiry.customObjectId})`,
      section: {
        title: 'Exposé',
        rows: [
          ['Objekt', inquiry.title],
          ['Objektnummer', inquiry.customObjectId],
          ['Objekt-ID', String(inquiry.objectId)],
        ],
      },
    };
  }
  if (record.newsletter)
    return {
      what: record.newsletter.subscribed ? 'Neue Newsletter-Anmeldung' : 'Newsletter-Einstellungen',
      subject: name,
      section: {
        title: 'Newsletter',
        rows: [['Newsletter', record.newsletter.subscribed ? 'angemeldet' : 'nicht angemeldet']],
      },
    };
  return { what: 'Neue Kontaktnachricht', subject: name, section: null };
}

function contactSection(c: RecordContact): Section {
  return {
    title: 'Kontakt',
    rows: [
      ['Name', displayName(c)],
      ['E-Mail', c.email],
      ['Telefon', c.phone || '–'],
      ...(c.company ? ([['Firma', c.company]] as Row[]) : []),
      ['Anschrift', addressLine(c) || '–'],
    ],
  };
}

function consentSection(record: SubmissionRecord): Section {
  const { boxes, at, textVersion } = record.consent;
  return {
    title: 'Einwilligung',
    rows: [
      ...Object.entries(BOX_NAMES)
        .filter(([box]) => box in boxes)
        .map(([box, label]): Row => [label, boxes[box] ? 'ja' : 'nein']),
      ['Erteilt am', formatTime(at)],
      ['Textversion', textVersion ?? '–'],
      [
        'Bestätigt',
        record.confirmedAt ? `ja, am ${formatTime(record.confirmedAt)}` : 'nein (unbestätigt)',
      ],
    ],
  };
}

/**
 * The notice of a submission. `inboxUrl` is its page in the agency's inbox; a notice sent before
 * the visitor confirmed (AGENCY_NOTICE=on-submit) says so in its subject.
 */
/**
 * A notice's text and HTML: its sections as labelled rows, then a titled paragraph (the
 * visitor's message) if any, then the link to the inbox. Every value is escaped in the HTML.
 */
function renderNotice(
  subject: string,
  sections: Section[],
  paragraph: { title: string; text: string } | null,
  inboxUrl: string,
): NoticeMail {
  const text = [
    ...sections.flatMap((s) => [
      s.title,
      ...s.rows.map(([label, value]) => `${label}: ${value}`),
      '',
    ]),
    ...(paragraph ? [`${paragraph.title}:`, paragraph.text, ''] : []),
    `Im Posteingang öffnen: ${inboxUrl}`,
  ].join('\n');
  const cell = 'style="padding:2px 12px 2px 0;vertical-align:top;text-align:left"';
  const html = [
    '<!doctype html><html lang="de"><head><meta charset="utf-8"></head>',
    '<body style="font-family:sans-serif;line-height:1.4">',
    ...sections.map(
      (s) =>
        `<h2 style="font-size:1.1em">${escapeHtml(s.title)}</h2><table>${s.rows
          .map(
            ([label, value]) =>
              `<tr><th ${cell}>${escapeHtml(label)}</th><td ${cell}>${escapeHtml(value)}</td></tr>`,
          )
          .join('')}</table>`,
    ),
    ...(paragraph
      ? [
          `<h2 style="font-size:1.1em">${escapeHtml(paragraph.title)}</h2>`,
          `<p style="white-space:pre-wrap">${escapeHtml(paragraph.text)}</p>`,
        ]
      : []),
    `<p><a href="${escapeHtml(inboxUrl)}">Im Posteingang öffnen</a></p>`,
    '</body></html>',
  ].join('\n');
  return { subject: headerSafe(subject), text: `${text}\n`, html };
}

export function agencyNotice(
  record: SubmissionRecord,
  inboxUrl: string,
  matches: number,
): NoticeMail {
  const { what, subject, section } = kindPart(record, matches);
  const sections: Section[] = [
    contactSection(record.contact),
    ...(section ? [section] : []),
    consentSection(record),
  ];
  const message = record.message.trim();
  const mark = record.confirmed ? '' : ' (unbestätigt)';
  return renderNotice(
    `${what}${mark}: ${subject}`,
    sections,
    message || record.kind !== 'newsletter'
      ? { title: 'Nachricht', text: message || '(keine)' }
      : null,
    inboxUrl,
  );
}

/**
 * The agency's notice that a contact withdrew consents in 'Mein Konto': who, which, when, and
 * what it means for the agency. `inboxUrl` is the submission that put them in force, or the
 * inbox.
 */
export function withdrawalNotice(
  contact: RecordContact,
  withdrawn: readonly ConsentBox[],
  at: string,
  inboxUrl: string,
): NoticeMail {
  const names = withdrawn.map((box) => CONSENT_WORDS[box].name);
  const rows = withdrawn.map((box): Row => [
    CONSENT_WORDS[box].name,
    `${CONSENT_WORDS[box].withdrawn} am ${formatTime(at)} in „Mein Konto“`,
  ]);
  const consequences = [
    ...(withdrawn.includes('newsletter')
      ? [
          'Bitte schicken Sie keinen Newsletter mehr an diese Adresse und tragen Sie sie aus Ihren Verteilern aus.',
        ]
      : []),
    ...(withdrawn.includes('acceptContact') ? ['Die Kontaktaufnahme ist nicht mehr erlaubt.'] : []),
    ...(withdrawn.includes('dataPrivacy')
      ? ['Die Einwilligung in die Datenverarbeitung ist widerrufen.']
      : []),
    'Der Posteingang und der CSV-Export zeigen den Widerruf.',
  ];
  return renderNotice(
    `Einwilligung widerrufen: ${displayName(contact)} (${names.join(', ')})`,
    [contactSection(contact), { title: 'Widerruf', rows }],
    { title: 'Was das heißt', text: consequences.join('\n') },
    inboxUrl,
  );
}
