/**
 * The contact's text fields (product 3.1) with their longest lengths, written once: the contract's
 * Contact schema, the server's columns and the widget's form and its checks all read this.
 */
export const CONTACT_TEXT_FIELDS = {
  firstname: 100,
  lastname: 100,
  phone: 50,
  email: 254,
  street: 200,
  number: 20,
  zip: 10,
  city: 100,
  company: 200,
} as const;

export type ContactTextField = keyof typeof CONTACT_TEXT_FIELDS;
export const CONTACT_TEXT_KEYS = Object.keys(CONTACT_TEXT_FIELDS) as ContactTextField[];

/** Every text of a contact as the agency reads it: the salutation and the text fields. */
export const CONTACT_RECORD_KEYS = ['salutation', ...CONTACT_TEXT_KEYS] as const;

export const SALUTATIONS = ['', 'Frau', 'Herr'] as const;
export const WISHES = ['', 'viewing', 'call', 'details'] as const;
export const CONSENT_BOXES = ['dataPrivacy', 'acceptContact', 'newsletter'] as const;
/** The longest message a visitor may send with a form. */
export const MESSAGE_MAX = 5000;

/**
 * The least time between a form appearing and its send (decision 191): the widget holds a
 * quicker send until then; the server takes a quicker one for a bot (`MIN_FILL_MS`, which may
 * lower this or turn it off but never raise it, so a held send is always stored).
 */
export const MIN_FILL_MS = 3000;
