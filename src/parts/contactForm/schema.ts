/** Validation of the contact form (spec 5). Messages are i18n keys. */
import * as yup from 'yup';

/** The standard address pattern: local part, @, a domain with a dot and a 2+ letter TLD. */
export const EMAIL_PATTERN =
  /^(([^<>()[\]\\.,;:\s@"]+(\.[^<>()[\]\\.,;:\s@"]+)*)|(".+"))@((\[[0-9]{1,3}\.[0-9]{1,3}\.[0-9]{1,3}\.[0-9]{1,3}])|(([a-zA-Z\-0-9]+\.)+[a-zA-Z]{2,}))$/;

export type NewsletterOption = 'off' | 'optional' | 'required';

export interface ContactFormOptions {
  message: boolean;
  wish: boolean;
  newsletter: NewsletterOption;
}

const required = (max: number) =>
  yup.string().trim().required('contact.required').max(max, 'contact.tooLong');
const optional = (max: number) => yup.string().trim().max(max, 'contact.tooLong');

export function contactSchema(options: ContactFormOptions) {
  return yup.object({
    firstname: required(100),
    lastname: required(100),
    email: yup
      .string()
      .trim()
      .required('contact.required')
      .max(254, 'contact.tooLong')
      .matches(EMAIL_PATTERN, 'contact.invalidEmail'),
    phone: optional(50),
    street: optional(200),
    number: optional(20),
    zip: optional(10),
    city: optional(100),
    company: optional(200),
    message: options.message ? optional(5000) : yup.string(),
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
  salutation: yup
    .string()
    .oneOf(['', 'Frau', 'Herr'] as const)
    .defined(),
  firstname: yup.string().max(5000).defined(),
  lastname: yup.string().max(5000).defined(),
  phone: yup.string().max(5000).defined(),
  email: yup.string().max(5000).defined(),
  street: yup.string().max(5000).defined(),
  number: yup.string().max(5000).defined(),
  zip: yup.string().max(5000).defined(),
  city: yup.string().max(5000).defined(),
  company: yup.string().max(5000).defined(),
  wish: yup
    .string()
    .oneOf(['', 'viewing', 'call', 'details'] as const)
    .defined(),
  message: yup.string().max(5000).defined(),
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
