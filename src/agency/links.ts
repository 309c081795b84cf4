/**
 * Links to a visitor: their e-mail address and phone number, and 'Antworten' (a mail with the
 * subject filled). Every part is encoded; nothing of it is ever HTML.
 */

/** 'mailto:' to an address, with a subject if given (RFC 6068: each part percent-encoded). */
export function mailtoHref(email: string, subject?: string): string {
  const to = encodeURIComponent(email).replace(/%40/g, '@');
  return subject ? `mailto:${to}?subject=${encodeURIComponent(subject)}` : `mailto:${to}`;
}

/** 'tel:' to a number as typed, without what a dialler does not dial ('030 123-45' → 'tel:03012345'). */
export function telHref(phone: string): string | null {
  const digits = phone.replace(/[^\d+]/g, '').replace(/(?!^)\+/g, '');
  return /\d{3,}/.test(digits) ? `tel:${digits}` : null;
}

/** A translation function of the inbox's strings (i18next's `t`). */
export type Translate = (key: string, values?: Record<string, string>) => string;

interface Replied {
  kind: 'lead' | 'savedSearch' | 'exposeInquiry' | 'contact' | 'newsletter';
  lead?: { address: { street: string; number: string; zip: string; city: string } };
  exposeInquiry?: { customObjectId: string; title: string };
}

/**
 * The subject of 'Antworten', in the inbox's language: 'Ihre Anfrage zu W-1001 – <Titel>',
 * 'Ihre Immobilie Kastanienallee 12, 10435 Berlin', 'Ihre Nachricht an <Makler>' (without the
 * agency's name when the server names none).
 */
export function replySubject(t: Translate, submission: Replied, agency: string): string {
  const { kind, lead, exposeInquiry } = submission;
  if (kind === 'exposeInquiry' && exposeInquiry)
    return t('detail.replySubjects.exposeInquiry', {
      number: exposeInquiry.customObjectId,
      title: exposeInquiry.title,
    });
  if (kind === 'lead') {
    const a = lead?.address;
    const street = a ? [a.street, a.number].filter(Boolean).join(' ') : '';
    const place = a ? [a.zip, a.city].filter(Boolean).join(' ') : '';
    const where = [street, place].filter(Boolean).join(', ');
    return where ? t('detail.replySubjects.lead', { place: where }) : t('detail.replyLeadNoPlace');
  }
  const own = kind === 'exposeInquiry' ? 'contact' : kind;
  return agency
    ? t(`detail.replySubjects.${own}`, { agency })
    : t(`detail.replySubjectsNoAgency.${own}`);
}
