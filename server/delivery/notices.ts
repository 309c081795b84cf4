/**
 * The agency's notice of a submission (issue #20): one for every kind, in German (the agency's
 * language), as plain text and HTML. Every value the visitor typed is escaped in the HTML part,
 * and the subject carries no line break, so no field can add a header.
 */
import {
  addressLine,
  displayName,
  objectTypeName,
  type LabelledValue,
  type SubmissionRecord,
} from '../agency/records';

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

const berlinTime = new Intl.DateTimeFormat('de-DE', {
  dateStyle: 'medium',
  timeStyle: 'short',
  timeZone: 'Europe/Berlin',
});
export const formatTime = (iso: string) => `${berlinTime.format(new Date(iso))} Uhr`;

type Row = [label: string, value: string];
interface Section {
  title: string;
  rows: Row[];
}

const fieldRows = (fields: LabelledValue[]): Row[] => fields.map((f) => [f.label, f.text]);

/** What the notice says of the kind: its subject line and its own section. */
function kindPart(record: SubmissionRecord): {
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
        ? `${lead.address.lat}, ${lead.address.lng}`
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

function contactSection(record: SubmissionRecord): Section {
  const c = record.contact;
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
export function agencyNotice(record: SubmissionRecord, inboxUrl: string): NoticeMail {
  const { what, subject, section } = kindPart(record);
  const sections: Section[] = [
    contactSection(record),
    ...(section ? [section] : []),
    consentSection(record),
  ];
  const message = record.message.trim();
  const text = [
    ...sections.flatMap((s) => [
      s.title,
      ...s.rows.map(([label, value]) => `${label}: ${value}`),
      '',
    ]),
    ...(message || record.kind !== 'newsletter' ? ['Nachricht:', message || '(keine)', ''] : []),
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
    ...(message || record.kind !== 'newsletter'
      ? [
          '<h2 style="font-size:1.1em">Nachricht</h2>',
          `<p style="white-space:pre-wrap">${escapeHtml(message || '(keine)')}</p>`,
        ]
      : []),
    `<p><a href="${escapeHtml(inboxUrl)}">Im Posteingang öffnen</a></p>`,
    '</body></html>',
  ].join('\n');
  const mark = record.confirmed ? '' : ' (unbestätigt)';
  return { subject: headerSafe(`${what}${mark}: ${subject}`), text: `${text}\n`, html };
}
