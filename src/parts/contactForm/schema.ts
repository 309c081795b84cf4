/** Validation of the contact form (product §5). Messages are i18n keys. */
import * as yup from 'yup';
import {
  CONTACT_TEXT_FIELDS,
  CONTACT_TEXT_KEYS,
  MESSAGE_MAX,
  SALUTATIONS,
  WISHES,
} from '../../../contract/contact';

/** The standard address pattern: local part, @, a domain with a dot and a 2+ letter TLD. */
export const EMAIL_PATTERN =
  /^(([^<>()[\]\\.,;:\s@"]+(\.[^<>()[\]\\.,;:\s@"]+)*)|(".+"))@((\[[0-9]{1,3}\.[0-9]{1,3}\.[0-9]{1,3}\.[0-9]{1,3}])|(([a-zA-Z\-0-9]+\.)+[a-zA-Z]{2,}))$/;

export type NewsletterOption = 'off' | 'optional' | 'required';

export interface ContactFormOptions {
  message: boolean;
  wish: boolean;
  newsletter: NewsletterOption;
}

/** 'contact.tooLong:200': the message key and the limit it names (ContactForm reads both). */
export const tooLong = (max: number) => `contact.tooLong:${max}`;
const required = (max: number) =>
  yup.string().trim().required('contact.required').max(max, tooLong(max));
const optional = (max: number) => yup.string().trim().max(max, tooLong(max));

export function contactSchema(options: ContactFormOptions) {
  return yup.object({
    firstname: required(CONTACT_TEXT_FIELDS.firstname),
    lastname: required(CONTACT_TEXT_FIELDS.lastname),
    email: yup
      .string()
      .trim()
      .required('contact.required')
      .max(CONTACT_TEXT_FIELDS.email, tooLong(CONTACT_TEXT_FIELDS.email))
      .matches(EMAIL_PATTERN, 'contact.invalidEmail'),
    phone: optional(CONTACT_TEXT_FIELDS.phone),
    street: optional(CONTACT_TEXT_FIELDS.street),
    number: optional(CONTACT_TEXT_FIELDS.number),
    zip: optional(CONTACT_TEXT_FIELDS.zip),
    city: optional(CONTACT_TEXT_FIELDS.city),
    company: optional(CONTACT_TEXT_FIELDS.company),
    message: options.message ? optional(MESSAGE_MAX) : yup.string(),
    customFields: yup.object({
      dataPrivacy: yup.boolean().oneOf([true], 'contact.mustAccept'),
      acceptContact: yup.boolean().oneOf([true], 'contact.mustAccept'),
      newsletter:
        options.newsletter === 'required'
          ? yup.boolean().oneOf([true], 'contact.mustAccept')
          : yup.boolean(),
    }),
  });
}

/** The form's values as a draft keeps them (any length the form allows, consents as booleans). */
export const contactDraftSchema = yup.object({
  salutation: yup.string().oneOf(SALUTATIONS).defined(),
  // A draft keeps what was typed, however long: the form says what is too long on submit.
  ...Object.fromEntries(
    CONTACT_TEXT_KEYS.map((key) => [key, yup.string().max(MESSAGE_MAX).defined()]),
  ),
  wish: yup.string().oneOf(WISHES).defined(),
  message: yup.string().max(MESSAGE_MAX).defined(),
  customFields: yup
    .object({
      dataPrivacy: yup.boolean().required(),
      acceptContact: yup.boolean().required(),
      newsletter: yup.boolean().required(),
    })
    .required(),
  // A restored honeypot is always empty: only bots fill it, and they do not reload.
  website: yup
    .string()
    .transform(() => '')
    .default(''),
});
