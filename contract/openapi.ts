/**
 * The backend contract (decision 1): an OpenAPI 3.1 document of every call of product §7.
 * The reference backend derives its request validation from it; the tests on both sides
 * check requests and responses against it. `npm run contract` writes contract/openapi.json.
 */
import {
  CONSENT_STATES,
  DELIVERY_ERROR_CODES,
  HANDLINGS,
  NOTE_MAX,
  SEARCH_MAX,
  SUBMISSION_KINDS,
} from './agency';
import { CATEGORY_IDS, MARKETING_TYPES, OBJECT_TYPES } from './catalog';
import { WAITING_BANDS } from './waitingBuyers';
import {
  CONSENT_BOXES,
  CONTACT_RECORD_KEYS,
  CONTACT_TEXT_FIELDS,
  MESSAGE_MAX,
  SALUTATIONS,
  WISHES,
} from './contact';
import { DAY_PATTERN, FIRST_DAY, LAST_DAY } from './days';
import { FUNNEL_WIZARDS } from './funnel';

type Schema = Record<string, unknown>;

const str = (max: number, extra: Schema = {}): Schema => ({
  type: 'string',
  maxLength: max,
  ...extra,
});
const ref = (name: string): Schema => ({ $ref: `#/components/schemas/${name}` });
const json = (schema: Schema) => ({ content: { 'application/json': { schema } } });
const ok = (description: string, schema: Schema) => ({ description, ...json(schema) });
const error = (description: string) => ({ description, ...json(ref('Error')) });

const nonceHeader = {
  name: 'X-WP-Nonce',
  in: 'header',
  required: true,
  description: 'The nonce of the session (from login/nonce, init, or a previous response).',
  schema: str(64),
};

const idempotencyHeader = {
  name: 'Idempotency-Key',
  in: 'header',
  required: false,
  description:
    'A request sent again with the same key, the same body and from the same client (or logged-in contact) gets the first answer again and changes nothing twice; another request under the key is a 422, a malformed key a 400. A key is released after a day.',
  schema: str(100, { pattern: '^[A-Za-z0-9_-]{8,100}$' }),
};
/** The success of a route that honours the Idempotency-Key: marked when it is a repeat's. */
const replayable = <T extends Schema>(response: T) => ({
  ...response,
  headers: {
    'Idempotent-Replayed': {
      description:
        "'true' when this is the first answer to the same request under the same Idempotency-Key, given again",
      schema: { type: 'string', enum: ['true'] },
    },
  },
});
const KEY_REUSED = {
  '422': error('The Idempotency-Key was used for another request (another body or client)'),
};

const AUTH_ERRORS = { '403': error('Not logged in, or the nonce or XSRF token is invalid') };
const SUBMIT_ERRORS = {
  '400': error('Invalid input (validation, consent missing, unknown object)'),
  '403': error('XSRF token missing or wrong'),
  '413': error('Body too large'),
  '409': error('A repeat of a stored submission whose contact has since withdrawn consent'),
  ...KEY_REUSED,
  '429': error('Too many submissions from this address'),
};

const schemas: Record<string, Schema> = {
  Error: {
    type: 'object',
    required: ['code', 'message'],
    properties: {
      code: { type: 'string' },
      message: { type: 'string' },
      data: {
        type: 'object',
        properties: {
          status: { type: 'integer' },
          params: { description: 'Details: the failed validation rules, the unknown ids, …' },
        },
      },
    },
  },
  Consents: {
    type: 'object',
    description: 'Consent boxes; dataPrivacy and acceptContact must be true to submit.',
    properties: {
      dataPrivacy: { type: 'boolean' },
      acceptContact: { type: 'boolean' },
      newsletter: { type: 'boolean' },
    },
    additionalProperties: { type: ['boolean', 'string'], maxLength: 200 },
  },
  Contact: {
    type: 'object',
    additionalProperties: false,
    required: ['firstname', 'lastname', 'email'],
    properties: {
      salutation: { type: 'string', enum: SALUTATIONS },
      ...Object.fromEntries(
        Object.entries(CONTACT_TEXT_FIELDS).map(([name, max]) => [name, str(max)]),
      ),
      firstname: str(CONTACT_TEXT_FIELDS.firstname, { minLength: 1 }),
      lastname: str(CONTACT_TEXT_FIELDS.lastname, { minLength: 1 }),
      email: str(CONTACT_TEXT_FIELDS.email, { format: 'email' }),
      wish: { type: 'string', enum: WISHES },
      customFields: ref('Consents'),
    },
  },
  ContactRecord: {
    allOf: [ref('Contact')],
    description: 'The stored contact as GET /v1/contact answers it.',
  },
  FieldValue: {
    type: 'object',
    additionalProperties: false,
    required: ['name', 'valueType'],
    properties: {
      name: str(100, { minLength: 1 }),
      valueType: { type: 'string', enum: ['RANGE', 'RAW', 'NUMBER'] },
      value: { type: ['string', 'number', 'null'], maxLength: 2000 },
      minValue: { type: ['number', 'null'] },
      maxValue: { type: ['number', 'null'] },
      data: {
        description:
          'Free-form; at most 2,000 characters as JSON. No request body nests deeper than 16 levels.',
      },
    },
  },
  Fields: { type: 'array', maxItems: 50, items: ref('FieldValue') },
  LeadLocation: {
    type: 'object',
    additionalProperties: false,
    properties: {
      zip: str(10),
      city: str(100),
      street: str(200),
      number: str(20),
      district: str(100),
      lat: { type: ['number', 'null'], minimum: -90, maximum: 90 },
      lng: { type: ['number', 'null'], minimum: -180, maximum: 180 },
      approximate: {
        type: 'boolean',
        description:
          "true: lat and lng are a geocoder's guess (a house number placed at its street), not placed on the house by the visitor",
      },
    },
  },
  Lead: {
    type: 'object',
    additionalProperties: false,
    required: ['objectType', 'categoryId', 'marketingType', 'location', 'fields'],
    properties: {
      objectType: { type: 'string', enum: OBJECT_TYPES },
      categoryId: { type: 'integer', enum: CATEGORY_IDS },
      marketingType: { type: 'string', enum: MARKETING_TYPES },
      location: ref('LeadLocation'),
      fields: ref('Fields'),
    },
  },
  SavedSearchInput: {
    type: 'object',
    additionalProperties: false,
    required: ['objectType', 'categoryId', 'marketingType', 'locations', 'fields'],
    properties: {
      uuid: str(36, { format: 'uuid' }),
      active: { type: 'boolean' },
      objectType: { type: 'string', enum: OBJECT_TYPES },
      categoryId: { type: 'integer', enum: CATEGORY_IDS },
      category: {
        type: 'object',
        description:
          'Read-only, as GET answers it; sent back by clients and ignored (decision 20).',
        additionalProperties: false,
        properties: { name: str(100) },
      },
      marketingType: { type: 'string', enum: MARKETING_TYPES },
      locations: {
        type: 'array',
        minItems: 1,
        maxItems: 300,
        items: {
          type: 'object',
          required: ['locationId'],
          properties: { locationId: { type: 'integer' }, name: str(200) },
        },
      },
      fields: ref('Fields'),
    },
  },
  SavedSearch: {
    type: 'object',
    required: [
      'uuid',
      'active',
      'objectType',
      'categoryId',
      'category',
      'marketingType',
      'locations',
      'fields',
    ],
    properties: {
      uuid: { type: 'string' },
      active: { type: 'boolean' },
      objectType: { type: 'string', enum: OBJECT_TYPES },
      categoryId: { type: 'integer' },
      category: { type: 'object', required: ['name'], properties: { name: { type: 'string' } } },
      marketingType: { type: 'string', enum: MARKETING_TYPES },
      locations: {
        type: 'array',
        items: {
          type: 'object',
          required: ['locationId', 'name'],
          properties: { locationId: { type: 'integer' }, name: { type: 'string' } },
        },
      },
      fields: ref('Fields'),
    },
  },
  InquiryItem: {
    type: 'object',
    required: ['uuid', 'image', 'title', 'zip', 'city', 'category', 'price', 'link'],
    properties: {
      uuid: { type: 'string' },
      image: { type: 'string' },
      title: { type: 'string' },
      zip: { type: 'string' },
      city: { type: 'string' },
      category: { type: 'string' },
      price: {
        type: 'object',
        required: ['title', 'text'],
        properties: { title: { type: 'string' }, text: { type: 'string' } },
      },
      link: { type: 'string' },
    },
  },
  FieldDefinition: {
    type: 'object',
    required: ['label', 'type'],
    properties: {
      label: { type: 'string' },
      unit: { type: ['string', 'null'] },
      type: {
        type: 'string',
        enum: ['currency', 'number', 'decimal', 'int', 'select', 'string', 'boolean'],
      },
      values: {
        type: 'array',
        items: {
          type: 'object',
          required: ['value', 'title'],
          properties: { value: { type: 'string' }, title: { type: 'string' } },
        },
      },
      group: { type: ['string', 'null'] },
      marketingTypeLabel: {
        type: 'object',
        properties: { buy: { type: 'string' }, rent: { type: 'string' } },
      },
    },
  },
  User: {
    type: 'object',
    required: ['email', 'loggedIn'],
    properties: { email: { type: 'string' }, loggedIn: { type: 'boolean' } },
  },
  NoSession: {
    type: 'object',
    required: ['loggedIn'],
    description: 'This browser has no session (none opened, ended or expired).',
    properties: { loggedIn: { type: 'boolean', const: false } },
  },
  Accepted: {
    type: 'object',
    required: ['success', 'uuid'],
    description: 'A submission was stored; a confirmation mail (double opt-in) is on its way.',
    properties: { success: { type: 'boolean', const: true }, uuid: { type: 'string' } },
  },
  SearchProposal: {
    type: 'object',
    additionalProperties: false,
    required: ['objectType', 'categoryId', 'marketingType', 'locations', 'fields'],
    description:
      "The saved search a listing inquiry proposes (docs/matching.md): the listing's localities (every locality of its postcode), its category and marketing type, a band of ±15 % around its price and a minimum near its living space where it has them. Sent unchanged as `savedSearch` to POST /v1/wizard/saved-search.",
    properties: {
      objectType: { type: 'string', enum: OBJECT_TYPES },
      categoryId: { type: 'integer', enum: CATEGORY_IDS },
      marketingType: { type: 'string', enum: MARKETING_TYPES },
      locations: {
        type: 'array',
        minItems: 1,
        items: {
          type: 'object',
          additionalProperties: false,
          required: ['locationId', 'name'],
          properties: { locationId: { type: 'integer' }, name: str(200) },
        },
      },
      fields: ref('Fields'),
    },
  },
  InquiryAccepted: {
    type: 'object',
    required: ['success', 'uuid'],
    description:
      "An inquiry was stored; a confirmation mail (double opt-in) is on its way. With the saved search it proposes, when the listing's locality is known.",
    properties: {
      success: { type: 'boolean', const: true },
      uuid: { type: 'string' },
      searchProposal: ref('SearchProposal'),
    },
  },
  WaitingBuyers: {
    type: 'object',
    required: ['count', 'place'],
    description:
      "What the owner of a lead may be told of the people whose saved searches ask for its kind of property in its place (docs/matching.md#what-an-owner-may-be-shown): the band their number lies in, as its lower bound (at least 3, 10, 25 or 50; null: fewer than 3, or none; the agent checks them), and the locality or district they are for (null: the owner's area, unnamed). It depends neither on the lead's figures nor on its e-mail address.",
    properties: {
      count: { type: ['integer', 'null'], enum: [...WAITING_BANDS, null] },
      place: { type: ['string', 'null'] },
    },
  },
  LeadAccepted: {
    allOf: [
      ref('Accepted'),
      {
        type: 'object',
        required: ['waitingBuyers'],
        properties: { waitingBuyers: ref('WaitingBuyers') },
      },
    ],
    description:
      'A lead was stored, with what its owner may be told of the saved searches waiting for a property like it; a retry is answered the same.',
  },
  Honeypot: {
    type: 'object',
    description:
      'Anti-bot data from the form: a field hidden from people (must stay empty) and the time the visitor spent filling in the form. Bots are dropped quietly.',
    additionalProperties: false,
    properties: { website: str(500), fillMs: { type: 'integer', minimum: 0 } },
  },
};

const submitBody = (properties: Schema, required: string[]) =>
  json({
    type: 'object',
    additionalProperties: false,
    required: ['contact', ...required],
    properties: { contact: ref('Contact'), meta: ref('Honeypot'), ...properties },
  });

const submit = (summary: string, body: ReturnType<typeof json>, answer = 'Accepted') => ({
  summary,
  parameters: [idempotencyHeader],
  requestBody: { required: true, ...body },
  responses: {
    '201': replayable(ok('Stored; confirmation mail sent', ref(answer))),
    ...SUBMIT_ERRORS,
  },
});

const labelledValues = {
  type: 'array',
  items: {
    type: 'object',
    required: ['name', 'label', 'text'],
    properties: {
      name: { type: 'string', description: 'The field id (product 3.3)' },
      label: { type: 'string', description: 'Its German label' },
      text: { type: 'string', description: "The value as shown: '350.000 €', 'ab 3'" },
    },
  },
};
const nullableNumber = { type: ['number', 'null'] };
const dateTime = { type: 'string', format: 'date-time' };

/** The consent record of a submission as it was sent with it. */
const consentAsSent: Schema = {
  boxes: {
    type: 'object',
    description: 'The boxes as the visitor ticked them with this submission',
    additionalProperties: { type: 'boolean' },
  },
  at: dateTime,
  textVersion: { type: ['string', 'null'] },
};
/** A submission as the agency reads it in the inbox: its detail and the CSV export carry it. */
schemas.AgencySubmission = {
  type: 'object',
  required: [
    'uuid',
    'kind',
    'confirmed',
    'handling',
    'language',
    'createdAt',
    'confirmedAt',
    'contact',
    'consent',
    'message',
  ],
  properties: {
    uuid: { type: 'string' },
    kind: { type: 'string', enum: SUBMISSION_KINDS },
    confirmed: { type: 'boolean', description: 'Whether the visitor confirmed it by mail' },
    handling: {
      type: 'string',
      enum: HANDLINGS,
      description: "The agency's status: neu, in Bearbeitung, erledigt, Spam",
    },
    language: { type: 'string', enum: ['de', 'en'] },
    createdAt: dateTime,
    confirmedAt: { type: ['string', 'null'], format: 'date-time' },
    contact: {
      type: 'object',
      required: [...CONTACT_RECORD_KEYS],
      properties: Object.fromEntries(CONTACT_RECORD_KEYS.map((key) => [key, { type: 'string' }])),
    },
    consent: {
      type: 'object',
      required: ['boxes', 'at', 'textVersion', 'current'],
      properties: {
        ...consentAsSent,
        current: {
          type: 'object',
          description:
            "Each consent of the contact as it stands now: a consent withdrawn later (in 'Mein Konto') reads withdrawn here, whatever this submission's boxes say",
          required: [...CONSENT_BOXES],
          properties: Object.fromEntries(CONSENT_BOXES.map((box) => [box, ref('ConsentNow')])),
        },
      },
    },
    message: { type: 'string' },
    lead: {
      type: 'object',
      required: ['objectType', 'marketingType', 'categoryId', 'category', 'address', 'fields'],
      properties: {
        objectType: { type: 'string', enum: OBJECT_TYPES },
        marketingType: { type: 'string', enum: MARKETING_TYPES },
        categoryId: { type: 'integer' },
        category: { type: 'string' },
        address: {
          type: 'object',
          required: ['street', 'number', 'zip', 'city', 'lat', 'lng', 'approximate'],
          properties: {
            street: { type: 'string' },
            number: { type: 'string' },
            zip: { type: 'string' },
            city: { type: 'string' },
            lat: nullableNumber,
            lng: nullableNumber,
            approximate: {
              type: 'boolean',
              description: "the position is the geocoder's guess, not placed by the visitor",
            },
          },
        },
        fields: labelledValues,
      },
    },
    savedSearch: {
      type: 'object',
      required: [
        'uuid',
        'objectType',
        'marketingType',
        'categoryId',
        'category',
        'regions',
        'fields',
      ],
      properties: {
        uuid: { type: 'string' },
        objectType: { type: 'string', enum: OBJECT_TYPES },
        marketingType: { type: 'string', enum: MARKETING_TYPES },
        categoryId: { type: 'integer' },
        category: { type: 'string' },
        regions: { type: 'array', items: { type: 'string' } },
        fields: labelledValues,
      },
    },
    exposeInquiry: {
      type: 'object',
      required: ['objectId', 'customObjectId', 'title', 'link'],
      properties: {
        objectId: { type: 'integer' },
        customObjectId: { type: 'string' },
        title: { type: 'string' },
        link: { type: 'string' },
      },
    },
    newsletter: {
      type: 'object',
      required: ['subscribed'],
      properties: { subscribed: { type: 'boolean' } },
    },
  },
};

/**
 * A submission as a webhook carries it: what the inbox shows but the contact's consents as they
 * stand now, which are no part of the event (a later withdrawal comes as consent.withdrawn).
 */
schemas.WebhookSubmission = {
  ...schemas.AgencySubmission,
  required: [
    ...((schemas.AgencySubmission.required as string[]) ?? []),
    'matches',
    'openimmoFeedback',
  ],
  properties: {
    ...(schemas.AgencySubmission.properties as Schema),
    matches: {
      type: 'integer',
      minimum: 0,
      description:
        "How many matched pairs it has now (docs/matching.md#matched-pairs): a lead's matching saved searches, a saved search's matching leads and listings (0 while it awaits its confirmation); 0 for the other kinds. The agency's real count: the owner's threshold does not apply",
    },
    openimmoFeedback: {
      type: ['string', 'null'],
      description:
        'The submission as OpenImmo-Feedback XML 1.2.7, as the notice attaches it (kontakt-openimmo-feedback.xml); null for a newsletter setting',
    },
    consent: {
      type: 'object',
      required: ['boxes', 'at', 'textVersion'],
      properties: consentAsSent,
    },
  },
};

const webhookEvent = (type: string, data: Schema) => ({
  type: 'object',
  required: ['type', 'timestamp', 'data'],
  properties: { type: { const: type }, timestamp: dateTime, data },
});
schemas.SubmissionEvent = {
  oneOf: ['submission.created', 'submission.confirmed'].map((type) =>
    webhookEvent(type, {
      type: 'object',
      required: ['submission'],
      properties: { submission: ref('WebhookSubmission') },
    }),
  ),
};
schemas.ConsentWithdrawnEvent = webhookEvent('consent.withdrawn', {
  type: 'object',
  required: ['contact', 'withdrawn', 'at'],
  properties: {
    contact: { type: 'object', required: ['email'], properties: { email: { type: 'string' } } },
    withdrawn: { type: 'array', items: { type: 'string', enum: CONSENT_BOXES } },
    at: dateTime,
  },
});

schemas.ContactErasedEvent = webhookEvent('contact.erased', {
  type: 'object',
  required: ['contact', 'submissions', 'at'],
  properties: {
    contact: {
      type: 'object',
      required: ['id'],
      properties: { id: { type: 'integer', description: "The erased contact's former id" } },
    },
    submissions: {
      type: 'array',
      items: { type: 'string', format: 'uuid' },
      description: 'The uuids of its submissions, as submission.* events carried them',
    },
    at: dateTime,
  },
});

const nullableLink = {
  type: ['string', 'null'],
  format: 'uri',
  description: "The submission's page in the inbox; null for a saved search made in the portal",
};
const matchSearchRef = {
  type: 'object',
  required: ['uuid', 'submission', 'link', 'contact'],
  properties: {
    uuid: { type: 'string', format: 'uuid' },
    submission: {
      type: ['string', 'null'],
      format: 'uuid',
      description:
        "The saved-search wizard's submission that made it; null when made in the portal",
    },
    link: nullableLink,
    contact: {
      type: 'object',
      required: ['email', 'firstname', 'lastname'],
      properties: {
        email: { type: 'string' },
        firstname: { type: 'string' },
        lastname: { type: 'string' },
      },
    },
  },
};
const matchLeadRef = {
  type: 'object',
  required: ['submission', 'link'],
  properties: {
    submission: {
      type: 'string',
      format: 'uuid',
      description: "The lead's submission, as submission.* events carry it",
    },
    link: { type: 'string', format: 'uri' },
  },
};
schemas.MatchFoundEvent = webhookEvent('match.found', {
  type: 'object',
  required: ['match'],
  properties: {
    match: {
      type: 'object',
      required: ['foundAt', 'total', 'link', 'savedSearch', 'lead', 'pairs'],
      description:
        "The new pairs of one change (docs/matching.md#matched-pairs): a saved search's (made, confirmed, edited, live again; `savedSearch` set) or a stored lead's (`lead` set); exactly one of the two is set",
      properties: {
        foundAt: dateTime,
        total: {
          type: 'integer',
          minimum: 1,
          description: 'How many pairs the change made new; `pairs` names the first 50 of them',
        },
        link: {
          type: 'string',
          format: 'uri',
          description:
            "The inbox page of the search's or the lead's submission; the inbox itself for a search made in the portal",
        },
        savedSearch: { ...matchSearchRef, type: ['object', 'null'] },
        lead: { ...matchLeadRef, type: ['object', 'null'] },
        pairs: {
          type: 'array',
          maxItems: 50,
          items: {
            type: 'object',
            required: ['savedSearch', 'lead', 'listing'],
            description: 'A new pair: exactly one of lead and listing is set',
            properties: {
              savedSearch: matchSearchRef,
              lead: { ...matchLeadRef, type: ['object', 'null'] },
              listing: {
                type: ['object', 'null'],
                required: ['id', 'customId', 'title'],
                properties: {
                  id: { type: 'integer' },
                  customId: { type: 'string' },
                  title: { type: 'string' },
                },
              },
            },
          },
        },
      },
    },
  },
});

/** How many rows of each kind an erasure removed; it names no one. */
const ERASED_COUNTS = [
  'submissions',
  'savedSearches',
  'consents',
  'sessions',
  'keys',
  'keptAnswers',
  'deliveriesDropped',
  'deliveriesCleared',
  // Sends under way when the erasure came: stopped before they left, or sent (decision 214).
  'deliveriesStopped',
  'deliveriesSentWhileErasing',
];
const ERASED_REMOVED: Schema = {
  type: 'object',
  required: ERASED_COUNTS,
  properties: Object.fromEntries(ERASED_COUNTS.map((name) => [name, { type: 'integer' }])),
};
schemas.Erasure = {
  type: 'object',
  required: ['erased', 'removed'],
  properties: { erased: { const: true }, removed: ERASED_REMOVED },
};

schemas.ConsentNow = {
  type: 'object',
  required: ['state', 'givenAt', 'withdrawnAt'],
  properties: {
    state: {
      type: 'string',
      enum: CONSENT_STATES,
      description:
        'given; withdrawn (given once, taken back since); none (never given, or not yet confirmed by mail)',
    },
    givenAt: { ...dateTime, type: ['string', 'null'], description: 'When it was last given' },
    withdrawnAt: {
      ...dateTime,
      type: ['string', 'null'],
      description: 'When it was withdrawn (state withdrawn only)',
    },
  },
};

// ------------------------------------------------------------------ the agency's inbox API

schemas.Day = {
  type: 'string',
  format: 'date',
  pattern: DAY_PATTERN,
  description: `A day in Berlin, 'YYYY-MM-DD', from ${FIRST_DAY} to ${LAST_DAY}`,
};
schemas.Kind = { type: 'string', enum: SUBMISSION_KINDS };
schemas.Handling = { type: 'string', enum: HANDLINGS };
schemas.InboxRow = {
  type: 'object',
  required: [
    'id',
    'uuid',
    'kind',
    'name',
    'email',
    'phone',
    'place',
    'confirmed',
    'handling',
    'createdAt',
    'read',
    'assignee',
    'notes',
    'matches',
    'newMatches',
  ],
  properties: {
    id: { type: 'integer' },
    uuid: { type: 'string' },
    kind: ref('Kind'),
    name: { type: 'string' },
    email: { type: 'string' },
    phone: { type: 'string' },
    place: {
      type: 'string',
      description:
        "'Ort': a lead's property, a saved search's regions (two named, '+N' for more), an inquiry's listing; the contact's own place for a contact message, a newsletter setting, or where the kind's part names none",
    },
    confirmed: { type: 'boolean' },
    handling: ref('Handling'),
    createdAt: dateTime,
    read: { type: 'boolean', description: 'Whether the signed-in staff member has read it' },
    assignee: ref('Assignee'),
    notes: { type: 'integer', minimum: 0, description: 'How many notes it has' },
    matches: {
      type: 'integer',
      minimum: 0,
      description:
        "How many matched pairs it has: a lead's live saved searches that match it, a saved search's leads and listings; 0 for other kinds",
    },
    newMatches: {
      type: 'integer',
      minimum: 0,
      description:
        'How many of them were found after the signed-in staff member last read it (opened it, or marked it read); 0 while it is unread',
    },
  },
};
schemas.Assignee = {
  type: ['string', 'null'],
  description: 'The staff address (one of AGENCY_USERS) it is assigned to; null: nobody',
};
schemas.Note = {
  type: 'object',
  required: ['id', 'author', 'text', 'createdAt'],
  properties: {
    id: { type: 'integer' },
    author: { type: 'string', description: 'The staff address that wrote it' },
    text: { type: 'string', description: 'Plain text as typed (never HTML)' },
    createdAt: dateTime,
  },
};
schemas.NoteMention = {
  type: 'object',
  required: ['submission', 'by', 'note'],
  properties: {
    submission: { ...str(36, { format: 'uuid' }), description: "The other contact's submission" },
    by: {
      type: 'array',
      items: { type: 'string', enum: ['email', 'name', 'phone'] },
      description: 'What of the contact the note holds: its e-mail address, last name or phone',
    },
    note: ref('Note'),
  },
};
schemas.NoteMentions = {
  type: 'object',
  required: ['mentions'],
  properties: {
    mentions: {
      type: 'array',
      items: ref('NoteMention'),
      description:
        "The notes on other contacts' submissions that name the contact, oldest first (docs/security.md#erasure)",
    },
  },
};
schemas.StaffErasure = {
  type: 'object',
  required: ['erased', 'removed', 'mentions'],
  properties: {
    erased: { const: true },
    removed: ERASED_REMOVED,
    mentions: {
      type: 'array',
      items: ref('NoteMention'),
      description:
        "The notes on other contacts' submissions that named the contact and stay, oldest first",
    },
  },
};
schemas.InboxPage = {
  type: 'object',
  required: ['items', 'next', 'total'],
  properties: {
    unread: {
      type: 'integer',
      minimum: 0,
      description:
        'How many submissions (of all, whatever the filter) the signed-in staff member has not read; on a first page (without `after`) only',
    },
    items: { type: 'array', maxItems: 50, items: ref('InboxRow') },
    next: {
      type: ['string', 'null'],
      description:
        'The key of the page after this one (ask with after=next and the same filter and sort); null on the last page',
    },
    total: {
      type: ['integer', 'null'],
      minimum: 0,
      description:
        'How many submissions the filter finds in all; on the first page only (null with `after`)',
    },
  },
};
schemas.Delivery = {
  type: 'object',
  required: [
    'id',
    'channel',
    'kind',
    'recipient',
    'status',
    'attempts',
    'nextAttemptAt',
    'lastError',
    'error',
    'createdAt',
    'sentAt',
  ],
  properties: {
    id: { type: 'integer' },
    channel: { type: 'string', enum: ['mail', 'webhook'] },
    kind: { type: 'string', description: "The mail's kind (notice, …) or the webhook's event" },
    submissionId: { type: ['integer', 'null'] },
    recipient: { type: 'string' },
    status: { type: 'string', enum: ['pending', 'sent', 'failed'] },
    attempts: { type: 'integer' },
    nextAttemptAt: dateTime,
    lastError: {
      type: ['string', 'null'],
      description:
        "The last try's error as the server logged it (English, for the operator); the inbox words `error`",
    },
    error: {
      description: "The last try's error as a code with its parameters; null after a success",
      oneOf: [{ type: 'null' }, ref('DeliveryError')],
    },
    createdAt: dateTime,
    sentAt: { ...dateTime, type: ['string', 'null'] },
  },
};
schemas.DeliveryError = {
  type: 'object',
  description:
    "Why a delivery's last try failed (docs/agency.md#the-delivery-log). A client words each code in its own language and says something general for a code it does not know.",
  required: ['code'],
  properties: {
    code: {
      type: 'string',
      enum: DELIVERY_ERROR_CODES,
      description:
        "http_status: the webhook receiver answered `status` (not 2xx); timeout: no answer in time; connection_refused: nobody took the connection; host_not_found: the name does not resolve; tls: the encrypted connection failed (certificate); connection_lost: the connection broke off; smtp_rejected: the mail server refused the recipient or message for good (`status`, `enhanced`); smtp_reply: the mail server answered `status` (`enhanced`), tried again; smtp_auth: the mail server refused the sender's sign-in; not_configured: no SMTP server or webhook secret is set; lease_lost: another worker took the try over; unknown: anything else (also an error stored before codes were)",
    },
    status: {
      type: 'integer',
      description: "http_status: the HTTP status; smtp_*: the SMTP reply's code",
    },
    enhanced: {
      type: 'string',
      pattern: '^[245]\\.\\d{1,3}\\.\\d{1,3}$',
      description: "smtp_*: the reply's enhanced status code (RFC 3463), as 5.1.1",
    },
  },
};
schemas.ConsentEvent = {
  type: 'object',
  description: "A change of one of the contact's consents",
  required: ['box', 'given', 'at', 'via', 'submission'],
  properties: {
    box: { type: 'string', enum: CONSENT_BOXES },
    given: { type: 'boolean', description: 'true: given; false: withdrawn' },
    at: dateTime,
    via: {
      type: 'string',
      enum: ['form', 'confirmation', 'account'],
      description:
        "form: ticked with this submission; confirmation: in force once a submission was confirmed by mail; account: changed in 'Mein Konto'",
    },
    submission: {
      type: ['string', 'null'],
      description: 'The uuid of the submission of a form or confirmation',
    },
  },
};
const foundAt = { ...dateTime, description: 'When the pair was found' };
/** A saved search matching a lead, with its searcher and its criteria in words. */
schemas.MatchedSearch = {
  type: 'object',
  required: ['foundAt', 'submission', 'contact', 'search'],
  properties: {
    foundAt,
    submission: {
      type: ['string', 'null'],
      description:
        "The uuid of the wizard's submission that made it (its page in the inbox); null for a search made in the portal",
    },
    contact: {
      type: 'object',
      description: 'The searcher as their contact stands now',
      required: ['salutation', 'firstname', 'lastname', 'email'],
      properties: {
        salutation: { type: 'string' },
        firstname: { type: 'string' },
        lastname: { type: 'string' },
        email: { type: 'string' },
      },
    },
    search: (schemas.AgencySubmission.properties as Schema).savedSearch,
  },
};
/** A lead matching a saved search: who, where, what, and its key figures. */
schemas.MatchedLead = {
  type: 'object',
  required: [
    'foundAt',
    'submission',
    'name',
    'place',
    'objectType',
    'marketingType',
    'category',
    'figures',
  ],
  properties: {
    foundAt,
    submission: {
      type: 'string',
      description: "The uuid of the lead's submission (its page in the inbox)",
    },
    name: {
      type: 'string',
      description: 'The owner as they typed their name (their e-mail address when none)',
    },
    place: { type: 'string', description: "The property's postcode and town" },
    objectType: { type: 'string', enum: OBJECT_TYPES },
    marketingType: { type: 'string', enum: MARKETING_TYPES },
    category: { type: 'string' },
    figures: {
      ...labelledValues,
      description: 'Its key figures it gave: price, living space, plot area, total area, rooms',
    },
  },
};
/** One of the agency's listings matching a saved search. */
schemas.MatchedListing = {
  type: 'object',
  required: ['foundAt', 'id', 'customId', 'title', 'place', 'priceTitle', 'price', 'link'],
  properties: {
    foundAt,
    id: { type: 'integer' },
    customId: { type: 'string', description: 'Its number, as W-1004' },
    title: { type: 'string' },
    place: { type: 'string' },
    priceTitle: { type: 'string', description: "What its price is: 'Kaufpreis', 'Kaltmiete'" },
    price: { type: 'string' },
    link: { type: 'string', description: 'Its exposé on the agency’s site' },
  },
};
const matchList = (item: string, what: string) => ({
  type: 'object',
  required: ['total', 'items'],
  properties: {
    total: { type: 'integer', minimum: 0, description: `How many ${what} in all` },
    items: {
      type: 'array',
      description: `The newest ${what}, at most \`limit\``,
      items: ref(item),
    },
  },
});
schemas.SubmissionMatches = {
  type: 'object',
  description:
    "A submission's matched pairs (docs/agency.md#matches): a lead's saved searches; a saved search's leads and listings; empty lists for the other kinds",
  required: ['limit', 'searches', 'leads', 'listings'],
  properties: {
    limit: { type: 'integer', description: 'How many of each list are given at most' },
    searches: matchList('MatchedSearch', 'saved searches matching the lead'),
    leads: matchList('MatchedLead', 'leads matching the saved search'),
    listings: matchList('MatchedListing', 'listings matching the saved search'),
  },
};
schemas.SubmissionDetail = {
  type: 'object',
  required: ['submission', 'deliveries', 'consentLog', 'read', 'assignee', 'notes'],
  properties: {
    read: { type: 'boolean', description: 'Whether the signed-in staff member has read it' },
    assignee: ref('Assignee'),
    notes: { type: 'array', description: 'Its notes, oldest first', items: ref('Note') },
    newMatches: {
      type: 'integer',
      minimum: 0,
      description:
        'How many of its matched pairs were found after the signed-in staff member last read it (0 while unread); reading it again (PUT read) makes them seen',
    },
    submission: ref('AgencySubmission'),
    deliveries: { type: 'array', items: ref('Delivery') },
    consentLog: {
      type: 'array',
      description: "The contact's consents over time, oldest first",
      items: ref('ConsentEvent'),
    },
  },
};
schemas.FunnelReport = {
  type: 'object',
  required: ['from', 'to', 'wizards'],
  properties: {
    from: ref('Day'),
    to: ref('Day'),
    wizards: {
      type: 'array',
      items: {
        type: 'object',
        required: ['wizard', 'stages'],
        properties: {
          wizard: { type: 'string', enum: Object.keys(FUNNEL_WIZARDS) },
          stages: {
            type: 'array',
            description: "started, the wizard's steps in its own order, sent, confirmed",
            items: {
              type: 'object',
              required: ['stage', 'count'],
              properties: { stage: { type: 'string' }, count: { type: 'integer', minimum: 0 } },
            },
          },
        },
      },
    },
  },
};

const query = (name: string, schema: Schema, required = false) => ({
  name,
  in: 'query',
  required,
  schema,
});
/** The list's filter: the inbox's list and its CSV export take the same. */
const FILTER = [
  query('kind', ref('Kind')),
  query('handling', ref('Handling')),
  query('confirmed', { type: 'string', enum: ['true', 'false'] }),
  query('from', ref('Day')),
  query('to', ref('Day')),
  query(
    'q',
    str(SEARCH_MAX, {
      // No control characters: a NUL cannot be searched for (PostgreSQL's text has none).
      pattern: '^[^\\u0000-\\u001f\\u007f]*$',
      description:
        "Part of a name, an e-mail address, a place, the message, an inquiry's listing (number, title, place) or a saved search's regions",
    }),
  ),
  query('unread', {
    type: 'string',
    enum: ['true'],
    description: 'Only submissions the signed-in staff member has not read',
  }),
  query(
    'assignee',
    str(254, {
      description:
        "Only those assigned to: 'me' (the signed-in staff member), 'none' (nobody), or a staff address",
    }),
  ),
  query('matching', {
    type: 'string',
    enum: ['true'],
    description:
      'Only leads with a matching saved search and saved searches with a matching lead or listing',
  }),
];
/** The list's order (the CSV export's too): by date newest first unless asked otherwise. */
const SORT = [
  query('sort', {
    type: 'string',
    enum: ['date', 'name', 'status'],
    description:
      'date (the default), name (as shown, else the e-mail), status (neu, in Bearbeitung, erledigt, Spam)',
  }),
  query('order', {
    type: 'string',
    enum: ['asc', 'desc'],
    description: 'Default: desc for the date (newest first), asc for name and status',
  }),
];
/** Ids of rows: PostgreSQL's BIGINT, within what a JSON number holds exactly. */
const rowId = { type: 'integer', minimum: 1, maximum: Number.MAX_SAFE_INTEGER };
const STAFF_ERRORS = { '403': error('No staff session, or the XSRF token is missing or wrong') };
const BAD_REQUEST = { '400': error('A parameter is malformed (code rest_invalid_param)') };
const atRoot = {
  servers: [{ url: '/', description: 'The inbox API is served at /agency/api, at the root' }],
};

const agencyPaths = {
  '/agency/api/auth/email': {
    ...atRoot,
    post: {
      summary: 'Mail a sign-in link to a staff address (AGENCY_USERS)',
      requestBody: {
        required: true,
        ...json({
          type: 'object',
          additionalProperties: false,
          required: ['email'],
          properties: { email: str(254) },
        }),
      },
      responses: {
        '200': ok('The same answer for every address: the form tells no one who is staff', {
          type: 'object',
          required: ['sent'],
          properties: { sent: { type: 'boolean', const: true } },
        }),
        '429': error('Too many sign-in mails from this client, or to this address'),
      },
    },
  },
  '/agency/api/auth/login': {
    ...atRoot,
    post: {
      summary: "Sign in with a mailed link's key (once); sets the staff session cookie",
      requestBody: {
        required: true,
        ...json({
          type: 'object',
          additionalProperties: false,
          required: ['k'],
          properties: { k: str(200, { minLength: 1 }) },
        }),
      },
      responses: {
        '200': ok('Signed in', {
          type: 'object',
          required: ['email', 'agency'],
          properties: {
            email: { type: 'string' },
            agency: { type: 'string', description: "The agency's name (AGENCY_NAME)" },
          },
        }),
        '403': error('The key is unknown, expired or used'),
      },
    },
  },
  '/agency/api/auth/me': {
    ...atRoot,
    get: {
      summary: 'The signed-in staff member',
      responses: {
        '200': ok('Signed in', {
          type: 'object',
          required: ['email', 'agency'],
          properties: {
            email: { type: 'string' },
            agency: { type: 'string', description: "The agency's name (AGENCY_NAME)" },
          },
        }),
        ...STAFF_ERRORS,
      },
    },
    delete: {
      summary: 'Sign out',
      responses: {
        '200': ok('Signed out', {
          type: 'object',
          required: ['loggedOut'],
          properties: { loggedOut: { type: 'boolean' } },
        }),
        ...STAFF_ERRORS,
      },
    },
  },
  '/agency/api/staff': {
    ...atRoot,
    get: {
      summary: 'The staff addresses (AGENCY_USERS) a submission can be assigned to',
      responses: {
        '200': ok('The addresses, lower case, in the configured order', {
          type: 'object',
          required: ['staff'],
          properties: { staff: { type: 'array', items: { type: 'string' } } },
        }),
        ...STAFF_ERRORS,
      },
    },
  },
  '/agency/api/submissions': {
    ...atRoot,
    get: {
      summary:
        'Submissions of every kind, filtered and sorted (newest first by default); 50 a page, paged by key; the first page counts them all',
      parameters: [
        ...FILTER,
        ...SORT,
        query(
          'after',
          str(400, {
            minLength: 1,
            pattern: '^[A-Za-z0-9_-]+$',
            description: 'The `next` of the page before (with the same filter and sort)',
          }),
        ),
      ],
      responses: { '200': ok('A page', ref('InboxPage')), ...BAD_REQUEST, ...STAFF_ERRORS },
    },
  },
  '/agency/api/submissions.csv': {
    ...atRoot,
    get: {
      summary: 'Every submission of the filter as CSV (UTF-8 with BOM, semicolons), streamed',
      description:
        'A cell a spreadsheet would read as a formula (beginning with =, +, -, @, a tab or a carriage return) is written with a leading apostrophe. An error after the first rows ends the download unfinished (the file is then incomplete, never cut silently).',
      parameters: [...FILTER, ...SORT],
      responses: {
        '200': {
          description: 'The CSV',
          content: { 'text/csv': { schema: { type: 'string' } } },
        },
        ...BAD_REQUEST,
        ...STAFF_ERRORS,
        '503': error('The database cannot be reached (before the first row)'),
      },
    },
  },
  '/agency/api/submissions/{uuid}': {
    ...atRoot,
    parameters: [{ name: 'uuid', in: 'path', required: true, schema: str(36, { format: 'uuid' }) }],
    get: {
      summary: 'A submission with its delivery log and the history of its contact’s consents',
      parameters: [
        query('lang', {
          type: 'string',
          enum: ['de', 'en'],
          description:
            "The language of a lead's and a saved search's category and field texts (the inbox's); German by default",
        }),
      ],
      responses: {
        '200': ok('The submission', ref('SubmissionDetail')),
        '404': error('No such submission'),
        ...BAD_REQUEST,
        ...STAFF_ERRORS,
      },
    },
  },
  '/agency/api/submissions/{uuid}/matches': {
    ...atRoot,
    parameters: [{ name: 'uuid', in: 'path', required: true, schema: str(36, { format: 'uuid' }) }],
    get: {
      summary:
        "A submission's matched pairs, newest first: a lead's saved searches, a saved search's leads and listings, each list capped with its total",
      parameters: [
        query('lang', {
          type: 'string',
          enum: ['de', 'en'],
          description:
            "The language of the categories, ranges and figures (the inbox's); German by default",
        }),
      ],
      responses: {
        '200': ok('Its matches', ref('SubmissionMatches')),
        '404': error('No such submission'),
        ...BAD_REQUEST,
        ...STAFF_ERRORS,
      },
    },
  },
  '/agency/api/submissions/{uuid}/openimmo-feedback.xml': {
    ...atRoot,
    parameters: [{ name: 'uuid', in: 'path', required: true, schema: str(36, { format: 'uuid' }) }],
    get: {
      summary:
        'The submission as OpenImmo-Feedback XML 1.2.7 (kontakt-openimmo-feedback.xml), as its notice attaches it, for a CRM',
      responses: {
        '200': {
          description: 'The XML, as a download',
          content: { 'application/xml': { schema: { type: 'string' } } },
        },
        '404': error('No such submission, or a newsletter setting (no inquiry)'),
        ...BAD_REQUEST,
        ...STAFF_ERRORS,
      },
    },
  },
  '/agency/api/submissions/{uuid}/handling': {
    ...atRoot,
    parameters: [{ name: 'uuid', in: 'path', required: true, schema: str(36, { format: 'uuid' }) }],
    put: {
      summary: "Set the agency's status of a submission",
      requestBody: {
        required: true,
        ...json({
          type: 'object',
          additionalProperties: false,
          required: ['handling'],
          properties: { handling: ref('Handling') },
        }),
      },
      responses: {
        '200': ok('Saved', {
          type: 'object',
          required: ['uuid', 'handling'],
          properties: { uuid: { type: 'string' }, handling: ref('Handling') },
        }),
        '404': error('No such submission'),
        ...BAD_REQUEST,
        ...STAFF_ERRORS,
      },
    },
  },
  '/agency/api/submissions/{uuid}/read': {
    ...atRoot,
    parameters: [{ name: 'uuid', in: 'path', required: true, schema: str(36, { format: 'uuid' }) }],
    put: {
      summary: 'Mark a submission read or unread for the signed-in staff member',
      requestBody: {
        required: true,
        ...json({
          type: 'object',
          additionalProperties: false,
          required: ['read'],
          properties: { read: { type: 'boolean' } },
        }),
      },
      responses: {
        '200': ok('Saved', {
          type: 'object',
          required: ['uuid', 'read', 'unread'],
          properties: {
            uuid: { type: 'string' },
            read: { type: 'boolean' },
            unread: {
              type: 'integer',
              minimum: 0,
              description: "The staff member's unread count now",
            },
          },
        }),
        '404': error('No such submission'),
        ...BAD_REQUEST,
        ...STAFF_ERRORS,
      },
    },
  },
  '/agency/api/submissions/{uuid}/notes': {
    ...atRoot,
    parameters: [{ name: 'uuid', in: 'path', required: true, schema: str(36, { format: 'uuid' }) }],
    post: {
      summary: 'Add a note (plain text) by the signed-in staff member',
      requestBody: {
        required: true,
        ...json({
          type: 'object',
          additionalProperties: false,
          required: ['text'],
          properties: {
            text: str(NOTE_MAX, {
              minLength: 1,
              // Something besides white space.
              pattern: '\\S',
              description: 'The note as typed, stored as it is',
            }),
          },
        }),
      },
      responses: {
        '201': ok('Saved', ref('Note')),
        '404': error('No such submission'),
        ...BAD_REQUEST,
        ...STAFF_ERRORS,
      },
    },
  },
  '/agency/api/submissions/{uuid}/notes/{id}': {
    ...atRoot,
    parameters: [
      { name: 'uuid', in: 'path', required: true, schema: str(36, { format: 'uuid' }) },
      { name: 'id', in: 'path', required: true, schema: rowId },
    ],
    delete: {
      summary: 'Delete a note of the signed-in staff member’s own',
      responses: {
        '200': ok('Deleted', {
          type: 'object',
          required: ['deleted'],
          properties: { deleted: { type: 'boolean', const: true } },
        }),
        '404': error('No such submission or note'),
        '409': error('The note is another staff member’s'),
        ...BAD_REQUEST,
        ...STAFF_ERRORS,
      },
    },
  },
  '/agency/api/submissions/{uuid}/assignee': {
    ...atRoot,
    parameters: [{ name: 'uuid', in: 'path', required: true, schema: str(36, { format: 'uuid' }) }],
    put: {
      summary: 'Assign a submission to a staff member (one of AGENCY_USERS), or to nobody (null)',
      requestBody: {
        required: true,
        ...json({
          type: 'object',
          additionalProperties: false,
          required: ['assignee'],
          properties: { assignee: { type: ['string', 'null'], maxLength: 254 } },
        }),
      },
      responses: {
        '200': ok('Saved', {
          type: 'object',
          required: ['uuid', 'assignee'],
          properties: { uuid: { type: 'string' }, assignee: ref('Assignee') },
        }),
        '400': error('Not a staff address, or a malformed parameter'),
        '404': error('No such submission'),
        ...STAFF_ERRORS,
      },
    },
  },
  '/agency/api/submissions/{uuid}/contact': {
    ...atRoot,
    parameters: [{ name: 'uuid', in: 'path', required: true, schema: str(36, { format: 'uuid' }) }],
    delete: {
      summary:
        "Erase the submission's contact: its submissions, saved searches, consent records, sessions, keys and pending deliveries (docs/security.md#erasure)",
      responses: {
        '200': ok(
          'Erased; an erasure record without personal data is kept, and the notes elsewhere that name the contact are listed',
          ref('StaffErasure'),
        ),
        '404': error('No such submission (an erased contact has none)'),
        ...BAD_REQUEST,
        ...STAFF_ERRORS,
      },
    },
  },
  '/agency/api/submissions/{uuid}/contact/mentions': {
    ...atRoot,
    parameters: [{ name: 'uuid', in: 'path', required: true, schema: str(36, { format: 'uuid' }) }],
    get: {
      summary:
        "The notes on other contacts' submissions that name this submission's contact (by e-mail, last name or phone), shown before it is erased",
      responses: {
        '200': ok('The notes naming the contact', ref('NoteMentions')),
        '404': error('No such submission'),
        ...BAD_REQUEST,
        ...STAFF_ERRORS,
      },
    },
  },
  '/agency/api/demo': {
    ...atRoot,
    delete: {
      summary:
        'Remove the seeded demo entries: every contact marked as demo, erased with its submissions (docs/agency.md#erasure)',
      responses: {
        '200': ok('Removed', {
          type: 'object',
          required: ['contacts'],
          properties: { contacts: { type: 'integer', description: 'How many demo contacts went' } },
        }),
        ...STAFF_ERRORS,
      },
    },
  },
  '/agency/api/deliveries/{id}/retry': {
    ...atRoot,
    parameters: [{ name: 'id', in: 'path', required: true, schema: rowId }],
    post: {
      summary: 'Send a failed delivery again (anything else is left as it is)',
      responses: {
        '200': ok('The delivery as it is now', ref('Delivery')),
        '404': error('No such delivery'),
        '409': error('delivery_erased: its contact was erased; it is never sent again'),
        ...BAD_REQUEST,
        ...STAFF_ERRORS,
      },
    },
  },
  '/agency/api/funnel': {
    ...atRoot,
    get: {
      summary: "Each wizard's drop-off counts over a period of days (both included)",
      parameters: [query('from', ref('Day'), true), query('to', ref('Day'), true)],
      responses: {
        '200': ok('The counts', ref('FunnelReport')),
        '400': error('A malformed day, or a period whose first day is after its last'),
        ...STAFF_ERRORS,
      },
    },
  },
};

const webhookHeaders = [
  [
    'webhook-id',
    "The event id: 'msg_' and a UUIDv7, the same on every try and unique across installations (databases): drop a repeat",
    '^msg_[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$',
  ],
  ['webhook-timestamp', 'Seconds since 1970 of this try', '^[0-9]+$'],
  [
    'webhook-signature',
    "'v1,' and the base64 HMAC-SHA256 of 'id.timestamp.body' (Standard Webhooks)",
  ],
].map(([name, description, pattern]) => ({
  name,
  in: 'header',
  required: true,
  description,
  schema: { type: 'string', ...(pattern ? { pattern } : {}) },
}));
const webhook = (summary: string, schema: string) => ({
  post: {
    summary,
    parameters: webhookHeaders,
    requestBody: { required: true, ...json(ref(schema)) },
    responses: {
      '2XX': {
        description:
          "Received. Any other answer, or none within 10 s, is tried again (about three days); of an answer at most 2 KB is read. One submission's events come in the order they happened: the next waits until this one is received.",
      },
    },
  },
});

export const openapi = {
  openapi: '3.1.0',
  info: {
    title: 'Immosuite widget backend',
    version: '1.0.0',
    description:
      "The calls the widget makes (product §7), under /wp-json/sw-immosuite, and the agency inbox's calls under /agency/api (a staff session of its own: the cookie immosuite_staff). State-changing calls need the X-XSRF-TOKEN header matching the XSRF-TOKEN cookie; /v1 calls of a logged-in contact need X-WP-Nonce. Errors are WordPress-style {code, message, data:{status}}; a malformed parameter is a 400 with the code rest_invalid_param.",
  },
  servers: [{ url: '/wp-json/sw-immosuite' }],
  paths: {
    '/v1/auth/email': {
      post: {
        summary: 'Send a login link by e-mail',
        parameters: [idempotencyHeader],
        requestBody: {
          required: true,
          ...json({
            type: 'object',
            additionalProperties: false,
            required: ['email'],
            properties: { email: str(254) },
          }),
        },
        responses: {
          '200': replayable(
            ok('sent: true when the address is valid (known or not: no account enumeration)', {
              type: 'object',
              required: ['sent'],
              properties: { sent: { type: 'boolean' } },
            }),
          ),
          '400': error('Invalid input, or a malformed Idempotency-Key'),
          ...KEY_REUSED,
          '429': error('Too many login mails for this address or from this client'),
        },
      },
    },
    '/v1/auth/login': {
      post: {
        summary: 'Log in with the key from a login or confirmation mail',
        requestBody: {
          required: true,
          ...json({
            type: 'object',
            additionalProperties: false,
            required: ['k'],
            properties: { k: str(200, { minLength: 1 }) },
          }),
        },
        responses: {
          '200': ok('Logged in; the session cookie is set', {
            type: 'object',
            required: ['user', 'login'],
            properties: { user: ref('User'), login: { type: 'boolean' } },
          }),
          '403': error('The key is unknown or expired'),
        },
      },
    },
    '/v1/auth/login/nonce': {
      post: {
        summary: 'The nonce of the session that the key opened',
        requestBody: {
          required: true,
          ...json({
            type: 'object',
            additionalProperties: false,
            required: ['k'],
            properties: { k: str(200, { minLength: 1 }) },
          }),
        },
        responses: {
          '200': ok('The nonce', {
            type: 'object',
            required: ['nonce'],
            properties: { nonce: { type: 'string' } },
          }),
          '403': error('No session, or the key does not belong to it'),
        },
      },
    },
    '/v1/auth/session': {
      post: {
        summary: "This browser's session and a fresh nonce",
        description:
          'For the widget after a reload in a frame of another site, where no host page passes a nonce: the session cookie (with the XSRF token, so only the widget itself can ask) gives the user and a nonce. 403 without a session.',
        responses: {
          '200': ok('The user and a nonce', {
            type: 'object',
            required: ['email', 'loggedIn', 'nonce'],
            properties: {
              email: { type: 'string' },
              loggedIn: { type: 'boolean' },
              nonce: { type: 'string' },
            },
          }),
          '403': error('No session'),
        },
      },
    },
    '/v1/auth/me': {
      get: {
        summary: 'The logged-in user',
        description:
          'Without a session: 403 (rest_not_logged_in), or with probe=1 a 200 with loggedIn false, so that the login page, which asks on every visit, meets no refusal. A session with a missing or wrong nonce is refused (403) either way.',
        parameters: [
          nonceHeader,
          { name: 'probe', in: 'query', required: false, schema: { type: 'string', enum: ['1'] } },
        ],
        responses: {
          '200': ok('The user, or (probe=1) that there is no session', {
            oneOf: [ref('User'), ref('NoSession')],
          }),
          ...AUTH_ERRORS,
        },
      },
      delete: {
        summary: 'Log out',
        description:
          'Ends this session, or with all=1 every session of the contact; the login keys of the ended sessions stop working.',
        parameters: [
          nonceHeader,
          { name: 'all', in: 'query', required: false, schema: { type: 'string', enum: ['1'] } },
        ],
        responses: {
          '200': ok('Logged out', {
            type: 'object',
            required: ['loggedOut'],
            properties: { loggedOut: { type: 'boolean' } },
          }),
          ...AUTH_ERRORS,
        },
      },
    },
    '/v1/contact': {
      get: {
        summary: 'The contact of the logged-in user',
        parameters: [nonceHeader],
        responses: { '200': ok('The contact', ref('ContactRecord')), ...AUTH_ERRORS },
      },
      put: {
        summary: 'Update the contact (the e-mail address stays)',
        parameters: [nonceHeader, idempotencyHeader],
        requestBody: { required: true, ...json(ref('Contact')) },
        responses: {
          '200': replayable(ok('The updated contact', ref('ContactRecord'))),
          '400': error('Invalid input, or a malformed Idempotency-Key'),
          ...AUTH_ERRORS,
          ...KEY_REUSED,
        },
      },
      delete: {
        summary:
          "Delete the logged-in contact's account: erase the contact as staff would (docs/security.md#erasure) and end the session",
        parameters: [nonceHeader],
        responses: { '200': ok('Erased and logged out', ref('Erasure')), ...AUTH_ERRORS },
      },
    },
    '/v1/saved-search': {
      get: {
        summary: 'The saved searches of the logged-in contact',
        parameters: [nonceHeader],
        responses: {
          '200': ok('List', { type: 'array', items: ref('SavedSearch') }),
          ...AUTH_ERRORS,
        },
      },
      post: {
        summary: 'Create a saved search',
        parameters: [nonceHeader, idempotencyHeader],
        requestBody: { required: true, ...json(ref('SavedSearchInput')) },
        responses: {
          '201': replayable(ok('Created', ref('SavedSearch'))),
          '400': error('Invalid input, or a malformed Idempotency-Key'),
          ...AUTH_ERRORS,
          ...KEY_REUSED,
        },
      },
    },
    '/v1/saved-search/{uuid}': {
      parameters: [
        { name: 'uuid', in: 'path', required: true, schema: str(36, { format: 'uuid' }) },
      ],
      put: {
        summary: 'Update a saved search',
        parameters: [nonceHeader],
        requestBody: { required: true, ...json(ref('SavedSearchInput')) },
        responses: {
          '200': ok('Updated', ref('SavedSearch')),
          '400': error('Invalid input'),
          '404': error('No such saved search of this contact'),
          ...AUTH_ERRORS,
        },
      },
      delete: {
        summary: 'Delete a saved search',
        parameters: [nonceHeader],
        responses: {
          '200': ok('Deleted', {
            type: 'object',
            required: ['deleted'],
            properties: { deleted: { type: 'boolean' } },
          }),
          '404': error('No such saved search of this contact'),
          ...AUTH_ERRORS,
        },
      },
    },
    '/v1/expose-inquiry': {
      get: {
        summary: 'The listing inquiries of the logged-in contact',
        parameters: [nonceHeader],
        responses: {
          '200': ok('List', { type: 'array', items: ref('InquiryItem') }),
          ...AUTH_ERRORS,
        },
      },
    },
    '/v1/wizard/fields': {
      post: {
        summary: 'Field definitions for the requested field ids',
        requestBody: {
          required: true,
          ...json({ type: 'object', maxProperties: 50, additionalProperties: { type: 'object' } }),
        },
        responses: {
          '200': ok('Field id → definition (unknown ids are left out)', {
            type: 'object',
            additionalProperties: ref('FieldDefinition'),
          }),
        },
      },
    },
    '/v1/wizard/locations': {
      get: {
        summary: 'The regions of the saved-search wizard',
        responses: {
          '200': ok('Regions', {
            type: 'object',
            required: ['locations'],
            properties: {
              locations: {
                type: 'array',
                items: {
                  type: 'object',
                  required: ['locationId', 'name'],
                  properties: {
                    locationId: { type: 'integer' },
                    name: { type: 'string' },
                    parentId: { type: 'integer' },
                  },
                },
              },
            },
          }),
        },
      },
    },
    '/v1/wizard/locations/geojson': {
      get: {
        summary:
          "Region shapes: each region's polygon, a district's (a region other regions name as parentId) the union of its localities",
        responses: {
          '200': ok('GeoJSON', {
            type: 'object',
            required: ['geojson'],
            properties: {
              geojson: {
                type: 'object',
                required: ['type', 'features'],
                properties: {
                  type: { const: 'FeatureCollection' },
                  features: { type: 'array' },
                  attribution: {
                    type: 'string',
                    description:
                      "The shapes' source by name ('Amt für Statistik Berlin-Brandenburg, daten.berlin.de'); the widget's map shows it after its own label ('Ortsteile:', 'Localities:')",
                  },
                },
              },
            },
          }),
        },
      },
    },
    '/v1/wizard/listing/{objectId}': {
      parameters: [
        {
          name: 'objectId',
          in: 'path',
          required: true,
          schema: { type: 'integer', minimum: 1, maximum: Number.MAX_SAFE_INTEGER },
        },
      ],
      get: {
        summary:
          'A listing that can be asked about (the listing-inquiry page asks before it shows its form)',
        responses: {
          '200': ok('The listing', {
            type: 'object',
            required: ['objectId', 'title'],
            properties: {
              objectId: { type: 'integer' },
              customObjectId: { type: 'string' },
              title: { type: 'string' },
            },
          }),
          '400': error('Not a listing id'),
          '404': error('No such listing, or no longer available (code unknown_object)'),
        },
      },
    },
    '/v1/wizard/lead': {
      post: submit(
        "Submit a lead (a property to sell, let or value), with the visitor's message",
        submitBody({ lead: ref('Lead'), message: str(MESSAGE_MAX) }, ['lead']),
        'LeadAccepted',
      ),
    },
    '/v1/wizard/saved-search': {
      post: submit(
        'Submit a saved search (with uuid: edit one of the logged-in contact)',
        submitBody({ savedSearch: ref('SavedSearchInput') }, ['savedSearch']),
      ),
    },
    '/v1/wizard/expose-inquiry': {
      post: submit(
        'Ask about a listing',
        submitBody(
          {
            exposeInquiry: {
              type: 'object',
              additionalProperties: false,
              required: ['objectId'],
              properties: { objectId: { type: 'integer', minimum: 1 }, message: str(5000) },
            },
          },
          ['exposeInquiry'],
        ),
        'InquiryAccepted',
      ),
    },
    '/v1/wizard/contact': {
      post: submit(
        'Send a contact message, or (type newsletter) change newsletter settings',
        submitBody(
          { message: str(MESSAGE_MAX), type: { type: 'string', enum: ['contact', 'newsletter'] } },
          [],
        ),
      ),
    },
    '/v1/wizard/confirm': {
      post: {
        summary: 'Confirm a submission (double opt-in)',
        requestBody: {
          required: true,
          ...json({
            type: 'object',
            additionalProperties: false,
            required: ['k'],
            properties: { k: str(200, { minLength: 1 }) },
          }),
        },
        responses: {
          '200': ok(
            'opcode Contact when this confirmed a contact; AlreadyConfirmed when done before; Login when the key is a login key (post it to /v1/auth/login)',
            {
              type: 'object',
              required: ['opcode'],
              properties: {
                opcode: { type: 'string', enum: ['Contact', 'AlreadyConfirmed', 'Login'] },
              },
            },
          ),
          '403': error('The key is unknown or expired'),
        },
      },
    },
    ...agencyPaths,
  },
  /** POSTed to WEBHOOK_URL by the outbox, signed with WEBHOOK_SECRET (Standard Webhooks). */
  webhooks: {
    'submission.created': webhook('A visitor sent a form (not yet confirmed)', 'SubmissionEvent'),
    'submission.confirmed': webhook('The visitor confirmed it by mail', 'SubmissionEvent'),
    'consent.withdrawn': webhook(
      'A contact withdrew a consent in the portal',
      'ConsentWithdrawnEvent',
    ),
    'contact.erased': webhook(
      "A contact was erased (by staff, or its own account deletion): its former id and its submissions' uuids, nothing personal",
      'ContactErasedEvent',
    ),
    'match.found': webhook(
      'The new pairs of one change of a saved search or of one stored lead: one event per change, naming up to 50 pairs, with their total',
      'MatchFoundEvent',
    ),
  },
  components: { schemas },
} as const;

// Every operation may also fail with a WordPress-style error of another status (400 for a
// malformed body, 413, 429, 500): declared once as each operation's default response.
for (const item of Object.values(openapi.paths) as Record<
  string,
  { responses?: Record<string, unknown> }
>[]) {
  for (const op of Object.values(item)) {
    if (op && typeof op === 'object' && 'responses' in op && op.responses) {
      op.responses.default = error('Any other failure');
    }
  }
}

export type ContractPath = keyof typeof openapi.paths;
