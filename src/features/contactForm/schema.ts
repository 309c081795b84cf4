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
