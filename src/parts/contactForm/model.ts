/** The contact form's values (product 3.1) and what is sent of them. */
import { CONTACT_TEXT_KEYS } from '../../../contract/contact';
export interface ContactValues {
  salutation: '' | 'Frau' | 'Herr';
  firstname: string;
  lastname: string;
  phone: string;
  email: string;
  street: string;
  number: string;
  zip: string;
  city: string;
  company: string;
  wish: '' | 'viewing' | 'call' | 'details';
  message: string;
  customFields: { dataPrivacy: boolean; acceptContact: boolean; newsletter: boolean };
  /** Honeypot: hidden from people and assistive technology; bots fill it in. */
  website: string;
}

export const EMPTY_CONTACT: ContactValues = {
  salutation: '',
  firstname: '',
  lastname: '',
  phone: '',
  email: '',
  street: '',
  number: '',
  zip: '',
  city: '',
  company: '',
  wish: '',
  message: '',
  customFields: { dataPrivacy: false, acceptContact: false, newsletter: false },
  website: '',
};

const TEXT_KEYS = [...CONTACT_TEXT_KEYS, 'message'] as const;

/** Text inputs are trimmed (product 5.6). */
export function trimContact(values: ContactValues): ContactValues {
  const out = { ...values, customFields: { ...values.customFields } };
  for (const key of TEXT_KEYS) out[key] = values[key].trim();
  return out;
}

/** The contact as sent: the form's values without message and honeypot (they travel apart). */
export type ContactPayload = Omit<
  ContactValues,
  'message' | 'website' | 'wish' | 'customFields'
> & {
  wish?: ContactValues['wish'];
  customFields: { dataPrivacy: boolean; acceptContact: boolean; newsletter?: boolean };
};

/** The contact as the backend takes it (no honeypot, no message: those travel apart). */
export function contactPayload(
  values: ContactValues,
  options: { wish?: boolean; newsletter?: boolean } = {},
): ContactPayload {
  const v = trimContact(values);
  return {
    salutation: v.salutation,
    firstname: v.firstname,
    lastname: v.lastname,
    phone: v.phone,
    email: v.email,
    street: v.street,
    number: v.number,
    zip: v.zip,
    city: v.city,
    company: v.company,
    ...(options.wish ? { wish: v.wish } : {}),
    customFields: {
      dataPrivacy: v.customFields.dataPrivacy,
      acceptContact: v.customFields.acceptContact,
      ...(options.newsletter ? { newsletter: v.customFields.newsletter } : {}),
    },
  };
}
