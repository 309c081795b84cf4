/** The backend's mails and messages, in German and English by the visitor's language. */
import waitingDe from '../../src/i18n/locales/screens/leadWaiting.de.json';
import waitingEn from '../../src/i18n/locales/screens/leadWaiting.en.json';

export type Lang = 'de' | 'en';

export function langOf(acceptLanguage: string | undefined): Lang {
  return /^\s*en\b/i.test(acceptLanguage ?? '') ? 'en' : 'de';
}

const SIGNATURE = { de: 'Ihr Immobilienservice', en: 'Your property service' };

export function loginMail(lang: Lang, link: string) {
  return lang === 'en'
    ? {
        subject: 'Your sign-in link',
        text: `Hello,\n\nsign in to your customer area with this link (valid for 30 minutes):\n\n${link}\n\nIf you did not ask for it, ignore this mail.\n\n${SIGNATURE.en}`,
      }
    : {
        subject: 'Ihr Anmeldelink',
        text: `Guten Tag,\n\nmit diesem Link melden Sie sich in Ihrem Kundenbereich an (30 Minuten gültig):\n\n${link}\n\nWenn Sie keinen Link angefordert haben, ignorieren Sie diese E-Mail.\n\n${SIGNATURE.de}`,
      };
}

export function noAccountMail(lang: Lang) {
  return lang === 'en'
    ? {
        subject: 'Sign-in not possible',
        text: `Hello,\n\nsomeone asked for a sign-in link for this address, but there is no customer account for it. An account is created when you send us an inquiry or a search profile and confirm it.\n\n${SIGNATURE.en}`,
      }
    : {
        subject: 'Anmeldung nicht möglich',
        text: `Guten Tag,\n\nfür diese E-Mail-Adresse wurde ein Anmeldelink angefordert, es gibt jedoch kein Kundenkonto dazu. Ein Konto entsteht, sobald Sie uns eine Anfrage oder ein Suchprofil senden und bestätigen.\n\n${SIGNATURE.de}`,
      };
}

/** The sign-in link of the agency's inbox (staff only). */
export function staffLoginMail(lang: Lang, link: string) {
  return lang === 'en'
    ? {
        subject: 'Your sign-in link to the inbox',
        text: `Hello,\n\nsign in to the agency inbox with this link (valid for 30 minutes, once):\n\n${link}\n\nIf you did not ask for it, ignore this mail.\n\n${SIGNATURE.en}`,
      }
    : {
        subject: 'Ihr Anmeldelink zum Posteingang',
        text: `Guten Tag,\n\nmit diesem Link melden Sie sich im Posteingang der Agentur an (30 Minuten und einmal gültig):\n\n${link}\n\nWenn Sie keinen Link angefordert haben, ignorieren Sie diese E-Mail.\n\n${SIGNATURE.de}`,
      };
}

/** What a confirmation mail confirms, named in its subject and its text. */
const KIND_NAMES = {
  de: {
    lead: 'Ihre Anfrage zu Ihrer Immobilie',
    savedSearch: 'Ihr Suchprofil',
    exposeInquiry: 'Ihre Anfrage zum Exposé',
    contact: 'Ihre Nachricht',
    newsletter: 'Ihre Newsletter-Einstellungen',
  },
  en: {
    lead: 'your inquiry about your property',
    savedSearch: 'your search profile',
    exposeInquiry: 'your inquiry about the listing',
    contact: 'your message',
    newsletter: 'your newsletter settings',
  },
};
export type SubmissionKind = keyof (typeof KIND_NAMES)['de'];

/** `note`: a paragraph of the kind's own after the link (a lead's waiting buyers). */
export function confirmMail(lang: Lang, kind: SubmissionKind, link: string, note?: string) {
  const what = KIND_NAMES[lang][kind];
  const after = note ? `${note}\n\n` : '';
  return lang === 'en'
    ? {
        subject: `Please confirm ${what}`,
        text: `Hello,\n\nthank you. Please confirm ${what} with this link (valid for 7 days):\n\n${link}\n\n${after}${SIGNATURE.en}`,
      }
    : {
        subject: `Bitte bestätigen Sie ${what}`,
        text: `Guten Tag,\n\nvielen Dank. Bitte bestätigen Sie ${what} mit diesem Link (7 Tage gültig):\n\n${link}\n\n${after}${SIGNATURE.de}`,
      };
}

/**
 * The widget's words for the owner's line (its success step says the same): the sentence with
 * the count, place, searchers and the category's noun with its grammar (decision 155), from
 * the widget's locale files.
 */
const WAITING = { de: waitingDe.leadWaiting, en: waitingEn.leadWaiting };

const filled = (text: string, values: Record<string, string | number>) =>
  text.replace(/\{\{(\w+)\}\}/g, (_, name: string) => String(values[name] ?? ''));

/**
 * What the owner is told of the saved searches waiting for a property like theirs
 * (docs/matching.md#what-an-owner-may-be-shown): the count and place, or without a count
 * (fewer than 3) that the agent checks them.
 */
export function waitingBuyersText(
  lang: Lang,
  { count, place }: { count: number | null; place: string | null },
  category: string | undefined,
  marketingType: string,
): string {
  const words = WAITING[lang];
  const who = marketingType === 'rent' ? words.searchers.rent : words.searchers.buy;
  if (count === null) return filled(words.checked, { who });
  const likeYours: Record<string, string> = words.likeYours;
  const what = likeYours[category ?? ''] ?? words.likeYours.other;
  return filled(place ? words.in_other : words.near_other, {
    count,
    place: place ?? '',
    who,
    what,
  });
}

/** Error messages of the API (the widget shows them as they are). */
export const MESSAGES = {
  invalidParam: { de: 'Ungültige Eingabe', en: 'Invalid input' },
  deliveryErased: {
    de: 'Diese Zustellung kann nicht erneut gesendet werden: Ihr Kontakt wurde gelöscht, mit allem, was sie enthielt.',
    en: 'This delivery cannot be sent again: its contact was erased, with everything it carried.',
  },
  unstorableText: {
    de: 'Ein Feld enthält ein Zeichen, das nicht gespeichert werden kann',
    en: 'A field contains a character that cannot be stored',
  },
  invalidJson: { de: 'Die Anfrage ist kein gültiges JSON.', en: 'The request is not valid JSON.' },
  tooLarge: { de: 'Die Anfrage ist zu groß.', en: 'The request is too large.' },
  tooDeep: {
    de: 'Die Anfrage ist zu tief verschachtelt.',
    en: 'The request is nested too deeply.',
  },
  badUrl: { de: 'Die Adresse ist ungültig.', en: 'The address is invalid.' },
  badRequest: { de: 'Die Anfrage ist ungültig.', en: 'The request is invalid.' },
  originNotAllowed: {
    de: 'Diese Seite darf das Widget nicht einbinden.',
    en: 'This page may not embed the widget.',
  },
  consentWithdrawn: {
    de: 'Die Einwilligung zu dieser Anfrage wurde zurückgenommen.',
    en: 'The consent to this request has been withdrawn.',
  },
  idempotencyMismatch: {
    de: 'Dieser Idempotency-Key gehört zu einer anderen Anfrage.',
    en: 'This Idempotency-Key belongs to another request.',
  },
  notFound: { de: 'Kein passender Endpunkt gefunden.', en: 'No route was found matching the URL.' },
  notLoggedIn: { de: 'Sie sind nicht angemeldet.', en: 'You are not signed in.' },
  badNonce: {
    de: 'Die Sitzung ist abgelaufen. Bitte laden Sie die Seite neu.',
    en: 'Your session has expired. Please reload the page.',
  },
  badXsrf: {
    de: 'Ungültiges Sicherheits-Token. Bitte laden Sie die Seite neu.',
    en: 'Invalid security token. Please reload the page.',
  },
  keyUsed: {
    de: 'Dieser Link wurde bereits verwendet. Bitte fordern Sie einen neuen Anmeldelink an.',
    en: 'This link has already been used. Please request a new sign-in link.',
  },
  invalidKey: {
    de: 'Der Link ist ungültig oder abgelaufen.',
    en: 'The link is invalid or has expired.',
  },
  rateLimited: {
    de: 'Zu viele Anfragen. Bitte versuchen Sie es später erneut.',
    en: 'Too many requests. Please try again later.',
  },
  tooManySearchChanges: {
    de: 'Sie haben Ihre Suchprofile in kurzer Zeit sehr oft geändert. Ihre bisherigen Änderungen sind gespeichert; bitte versuchen Sie diese in einigen Minuten erneut.',
    en: 'You have changed your search profiles very often in a short time. Your earlier changes are saved; please try this one again in a few minutes.',
  },
  consentRequired: {
    de: 'Bitte stimmen Sie der Datenschutzerklärung und der Kontaktaufnahme zu.',
    en: 'Please accept the privacy policy and agree to be contacted.',
  },
  unknownObject: { de: 'Dieses Objekt gibt es nicht.', en: 'This listing does not exist.' },
  unknownLocation: { de: 'Unbekannte Region.', en: 'Unknown region.' },
  unknownField: {
    de: 'Unbekanntes Feld für diese Kategorie.',
    en: 'Unknown field for this category.',
  },
  categoryMismatch: {
    de: 'Die Kategorie passt nicht zur Objektart.',
    en: 'The category does not fit the property type.',
  },
  savedSearchNotFound: {
    de: 'Dieses Suchprofil gibt es nicht.',
    en: 'This search profile does not exist.',
  },
  submissionNotFound: {
    de: 'Diese Anfrage gibt es nicht.',
    en: 'This submission does not exist.',
  },
  noteNotFound: { de: 'Diese Notiz gibt es nicht.', en: 'This note does not exist.' },
  notYourNote: {
    de: 'Diese Notiz hat jemand anderes geschrieben.',
    en: 'Someone else wrote this note.',
  },
  notStaff: {
    de: 'Diese Adresse gehört zu keinem Mitarbeiter.',
    en: 'This address is not a staff member’s.',
  },
  deliveryNotFound: {
    de: 'Diese Zustellung gibt es nicht.',
    en: 'This delivery does not exist.',
  },
  geocoderUnavailable: {
    de: 'Die Adresssuche ist gerade nicht erreichbar.',
    en: 'The address search cannot be reached right now.',
  },
  geocoderTimeout: {
    de: 'Die Adresssuche antwortet gerade nicht.',
    en: 'The address search is not answering right now.',
  },
  internal: {
    de: 'Es ist ein interner Serverfehler aufgetreten.',
    en: 'An internal server error occurred.',
  },
  databaseUnavailable: {
    de: 'Die Datenbank ist gerade nicht erreichbar. Bitte versuchen Sie es in einer Minute erneut.',
    en: 'The database cannot be reached right now. Please try again in a minute.',
  },
} satisfies Record<string, Record<Lang, string>>;
