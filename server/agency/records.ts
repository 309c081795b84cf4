/**
 * A submission as the agency reads it, whatever its kind: the contact as typed, the consent
 * record, the message, and the kind's own part with labelled, formatted values. The notices,
 * the webhooks, the inbox and the CSV export all read submissions through this one model.
 *
 * The contact's consents as they stand now are read apart, only where they are shown: the
 * inbox's detail and the CSV export, which reads them for a page of rows at once. A notice or
 * webhook, written in a submission's transaction, reads the submission alone.
 */
import { categoryById } from '../../contract/catalog';
import { CONSENT_BOXES, CONTACT_RECORD_KEYS } from '../../contract/contact';
import de from '../../src/i18n/locales/de.json';
import en from '../../src/i18n/locales/en.json';
import type { Queryable, Sql } from '../db/sql';
import { definitionIn, type FieldDefinition } from '../data/fieldDefinitions';

import type { ConsentState, Handling, SubmissionKind } from '../../contract/agency';

export type { Handling, SubmissionKind };

export interface RecordContact {
  salutation: string;
  firstname: string;
  lastname: string;
  email: string;
  phone: string;
  street: string;
  number: string;
  zip: string;
  city: string;
  company: string;
}

export interface LabelledValue {
  /** The field id (product 3.3), as the widget sent it. */
  name: string;
  label: string;
  /** The value as a German reader expects it: '350.000 €', '82,5 m²', 'ab 3', '500 € – 1.500 €'. */
  text: string;
}

export type ConsentBox = (typeof CONSENT_BOXES)[number];

/** A consent of the contact as it stands now, with when it was given and withdrawn. */
export interface ConsentNow {
  state: ConsentState;
  givenAt: string | null;
  withdrawnAt: string | null;
}

/** A change of one of the contact's consents, as the detail's history lists it. */
export interface ConsentEvent {
  box: ConsentBox;
  given: boolean;
  at: string;
  /** Ticked with this submission's form, in force by a confirmation, or changed in 'Mein Konto'. */
  via: 'form' | 'confirmation' | 'account';
  /** The uuid of the submission of a form or a confirmation. */
  submission: string | null;
}

interface ConsentChange {
  kind: string;
  given: number;
  at: string;
}

/**
 * A consent now: the contact's flag says whether it is in force (what 'Mein Konto' shows and
 * the server acts on); its changes (the consents table: confirmations and the portal) say
 * since when. Before confirmations were recorded there, the first confirmation
 * (`confirmedAt`) is when the required consents were given.
 */
export function consentNow(
  box: ConsentBox,
  inForce: boolean,
  changes: readonly ConsentChange[],
  confirmedAt: string | null,
): ConsentNow {
  let givenAt: string | null = null;
  let withdrawnAt: string | null = null;
  for (const change of changes) {
    if (change.kind !== box) continue;
    if (change.given === 1) givenAt = change.at;
    else withdrawnAt = change.at;
  }
  const before = box === 'newsletter' ? null : confirmedAt;
  if (inForce) return { state: 'given', givenAt: givenAt ?? before, withdrawnAt: null };
  if (withdrawnAt !== null)
    return {
      state: 'withdrawn',
      givenAt: givenAt !== null && givenAt <= withdrawnAt ? givenAt : before,
      withdrawnAt,
    };
  return { state: 'none', givenAt: null, withdrawnAt: null };
}

/** Each of a contact's consents as it stands now. */
export type ConsentsNow = Record<ConsentBox, ConsentNow>;

export interface SubmissionRecord {
  id: number;
  uuid: string;
  kind: SubmissionKind;
  /** Double opt-in: pending until the visitor follows the mailed link. */
  confirmed: boolean;
  handling: Handling;
  language: string;
  createdAt: string;
  confirmedAt: string | null;
  contact: RecordContact;
  /** The boxes ticked with the submission, when, and the version of the texts shown. */
  consent: {
    boxes: Record<string, boolean>;
    at: string;
    textVersion: string | null;
  };
  message: string;
  lead?: {
    objectType: string;
    marketingType: string;
    categoryId: number;
    category: string;
    address: {
      street: string;
      number: string;
      zip: string;
      city: string;
      lat: number | null;
      lng: number | null;
      /** The position is the geocoder's guess, not placed on the house by the visitor. */
      approximate: boolean;
    };
    fields: LabelledValue[];
  };
  savedSearch?: {
    uuid: string;
    objectType: string;
    marketingType: string;
    categoryId: number;
    category: string;
    regions: string[];
    fields: LabelledValue[];
  };
  exposeInquiry?: { objectId: number; customObjectId: string; title: string; link: string };
  newsletter?: { subscribed: boolean };
}

/** A submission with each of its contact's consents as it stands now (the inbox's detail, the CSV). */
export interface RecordWithConsents extends SubmissionRecord {
  consent: SubmissionRecord['consent'] & { current: ConsentsNow };
}

/** `record` with its contact's consents as they stand now. */
export const withConsents = (
  record: SubmissionRecord,
  current: ConsentsNow,
): RecordWithConsents => ({
  ...record,
  consent: { ...record.consent, current },
});

/** The language a record's words are in: German (notices, CSV, webhooks), or the inbox's. */
export type RecordLanguage = 'de' | 'en';

/** The widget's category name (German unless asked), as the visitor saw it. */
export function categoryName(id: number, lang: RecordLanguage = 'de'): string {
  const key = categoryById(id)?.name;
  const names = (lang === 'en' ? en.categories : de.categories) as Record<string, string>;
  return (key && names[key])?.replace(/\u00ad/g, '') || String(id);
}

export const objectTypeName = (objectType: string) =>
  objectType === 'COMMERCIAL' ? 'Gewerbe' : 'Wohnen';

/** A language's number formats and the words a field's value is said with. */
const WORDS = {
  de: {
    euro: new Intl.NumberFormat('de-DE', {
      style: 'currency',
      currency: 'EUR',
      maximumFractionDigits: 0,
    }),
    decimal: new Intl.NumberFormat('de-DE', { maximumFractionDigits: 2 }),
    from: 'ab',
    upTo: 'bis',
    yes: 'Ja',
    no: 'Nein',
  },
  en: {
    euro: new Intl.NumberFormat('en-GB', {
      style: 'currency',
      currency: 'EUR',
      maximumFractionDigits: 0,
    }),
    decimal: new Intl.NumberFormat('en-GB', { maximumFractionDigits: 2 }),
    from: 'from',
    upTo: 'up to',
    yes: 'Yes',
    no: 'No',
  },
} as const;

/** One number of a field, formatted by its definition (product 9.13: EUR without cents, int ungrouped). */
function formatNumber(
  value: unknown,
  definition: FieldDefinition | undefined,
  lang: RecordLanguage,
): string {
  if (typeof value !== 'number' || !Number.isFinite(value)) return String(value ?? '');
  const { euro, decimal } = WORDS[lang];
  switch (definition?.type) {
    case 'currency':
      return euro.format(value);
    case 'int':
      return String(Math.round(value));
    default:
      return definition?.unit
        ? `${decimal.format(value)} ${definition.unit}`
        : decimal.format(value);
  }
}

interface StoredField {
  name: string;
  valueType?: string;
  value?: unknown;
  minValue?: unknown;
  maxValue?: unknown;
}

export function labelledFields(
  raw: string,
  marketingType: string,
  definitionOf: (id: string) => FieldDefinition | undefined,
  lang: RecordLanguage = 'de',
): LabelledValue[] {
  const fields = JSON.parse(raw) as StoredField[];
  const words = WORDS[lang];
  const format = (value: unknown, definition: FieldDefinition | undefined) =>
    formatNumber(value, definition, lang);
  return fields.map((field) => {
    const stored = definitionOf(field.name);
    const definition = stored && definitionIn(lang, field.name, stored);
    const label =
      definition?.marketingTypeLabel?.[marketingType as 'buy' | 'rent'] ??
      definition?.label ??
      field.name;
    let text: string;
    if (definition?.type === 'select')
      text =
        definition.values?.find((v) => v.value === String(field.value))?.title ??
        String(field.value ?? '');
    else if (definition?.type === 'boolean')
      text = String(field.value) === '1' || field.value === true ? words.yes : words.no;
    else if (field.valueType === 'RANGE' || 'minValue' in field || 'maxValue' in field) {
      const min = field.minValue ?? null;
      const max = field.maxValue ?? null;
      text =
        min !== null && max !== null
          ? `${format(min, definition)} – ${format(max, definition)}`
          : min !== null
            ? `${words.from} ${format(min, definition)}`
            : `${words.upTo} ${format(max, definition)}`;
    } else text = format(field.value, definition);
    return { name: field.name, label, text };
  });
}

/** Reads submissions with everything that belongs to them (statements prepared once). */
/** Reads submissions as the agency sees them; one per server (it reads seed data once). */
export async function submissionReader(sql: Sql) {
  const bySubmission = {
    submission: 'SELECT * FROM submissions WHERE id = ?',
    submissionByUuid: 'SELECT id FROM submissions WHERE uuid = ?',
    lead: 'SELECT * FROM leads WHERE submission_id = ?',
    savedSearch: 'SELECT * FROM saved_searches WHERE submission_id = ?',
    inquiry: `SELECT ei.message, l.id, l.custom_id, l.title, l.link FROM expose_inquiries ei
       JOIN listings l ON l.id = ei.listing_id WHERE ei.submission_id = ?`,
    message: 'SELECT type, message FROM contact_messages WHERE submission_id = ?',
    consentChanges: `SELECT c.kind, c.given, c.at, s.uuid FROM consents c
       LEFT JOIN submissions s ON s.id = c.submission_id
       WHERE c.contact_id = ? ORDER BY c.at, c.id`,
  };
  // Submissions given as one JSON array of ids: one statement text for any number of them.
  const idsIn =
    sql.dialect === 'postgres'
      ? 'IN (SELECT value::bigint FROM jsonb_array_elements_text(?::jsonb))'
      : 'IN (SELECT value FROM json_each(?))';
  const ofSubmissions = {
    flags: `SELECT s.id, s.contact_id, c.data_privacy, c.accept_contact, c.newsletter,
        c.confirmed_at
       FROM submissions s JOIN contacts c ON c.id = s.contact_id WHERE s.id ${idsIn}`,
    changes: `SELECT contact_id, kind, given, at FROM consents
       WHERE contact_id IN (SELECT contact_id FROM submissions WHERE id ${idsIn})
       ORDER BY contact_id, at, id`,
  };
  // Seed data: read once.
  const definitions = new Map(
    (
      await sql.all<{ id: string; definition: string }>(
        'SELECT id, definition FROM field_definitions',
      )
    ).map((row) => [row.id, JSON.parse(row.definition) as FieldDefinition]),
  );
  const regions = new Map(
    (
      await sql.all<{ location_id: number; name: string }>('SELECT location_id, name FROM regions')
    ).map((r) => [r.location_id, r.name]),
  );
  const definitionOf = (id: string) => definitions.get(id);

  /** A saved search's row (saved_searches) in words: its category, regions and ranges. */
  function savedSearchPart(
    search: Record<string, unknown>,
    lang: RecordLanguage,
  ): NonNullable<SubmissionRecord['savedSearch']> {
    const locations = JSON.parse(search.locations as string) as number[];
    return {
      uuid: search.uuid as string,
      objectType: search.object_type as string,
      marketingType: search.marketing_type as string,
      categoryId: Number(search.category_id),
      category: categoryName(Number(search.category_id), lang),
      regions: locations.map((locationId) => regions.get(locationId) ?? String(locationId)),
      fields: labelledFields(
        search.fields as string,
        search.marketing_type as string,
        definitionOf,
        lang,
      ),
    };
  }

  /** The submission's record, read through `tx` (a transaction's, or the database). */
  async function read(
    tx: Queryable,
    id: number,
    lang: RecordLanguage = 'de',
  ): Promise<SubmissionRecord | null> {
    const row = await tx.one(bySubmission.submission, id);
    if (!row) return null;
    const typed = JSON.parse(row.contact_data as string) as Record<string, unknown>;
    const contact = Object.fromEntries(
      CONTACT_RECORD_KEYS.map((key) => [key, typeof typed[key] === 'string' ? typed[key] : '']),
    ) as unknown as RecordContact;
    const boxes = Object.fromEntries(
      Object.entries(
        JSON.parse((row.consents as string | null) ?? '{}') as Record<string, number>,
      ).map(([box, given]) => [box, given === 1]),
    );
    const record: SubmissionRecord = {
      id,
      uuid: row.uuid as string,
      kind: row.kind as SubmissionKind,
      confirmed: row.status === 'confirmed',
      handling: row.handling as Handling,
      language: row.language as string,
      createdAt: row.created_at as string,
      confirmedAt: (row.confirmed_at as string | null) ?? null,
      contact,
      consent: {
        boxes,
        at: row.created_at as string,
        textVersion: (row.consent_text_version as string | null) ?? null,
      },
      message: '',
    };
    if (record.kind === 'lead') {
      const lead = await tx.one(bySubmission.lead, id);
      if (lead) {
        const location = JSON.parse(lead.location as string) as Record<string, unknown>;
        const text = (key: string) =>
          typeof location[key] === 'string' ? (location[key] as string) : '';
        const coordinate = (key: string) =>
          typeof location[key] === 'number' ? (location[key] as number) : null;
        record.message = lead.message as string;
        record.lead = {
          objectType: lead.object_type as string,
          marketingType: lead.marketing_type as string,
          categoryId: lead.category_id as number,
          category: categoryName(lead.category_id as number, lang),
          address: {
            street: text('street'),
            number: text('number'),
            zip: text('zip'),
            city: text('city'),
            lat: coordinate('lat'),
            lng: coordinate('lng'),
            approximate: location.approximate === true,
          },
          fields: labelledFields(
            lead.fields as string,
            lead.marketing_type as string,
            definitionOf,
            lang,
          ),
        };
      }
    } else if (record.kind === 'savedSearch') {
      const search = await tx.one(bySubmission.savedSearch, id);
      if (search) record.savedSearch = savedSearchPart(search, lang);
    } else if (record.kind === 'exposeInquiry') {
      const inquiry = await tx.one(bySubmission.inquiry, id);
      if (inquiry) {
        record.message = inquiry.message as string;
        record.exposeInquiry = {
          objectId: inquiry.id as number,
          customObjectId: inquiry.custom_id as string,
          title: inquiry.title as string,
          link: inquiry.link as string,
        };
      }
    } else {
      const message = await tx.one<{ message: string }>(bySubmission.message, id);
      record.message = message?.message ?? '';
      if (record.kind === 'newsletter')
        record.newsletter = { subscribed: boxes.newsletter === true };
    }
    return record;
  }

  /**
   * The history of the consents of a submission's contact, oldest first: the boxes ticked with
   * this submission, the confirmations that put consents in force, the changes in 'Mein Konto'.
   */
  async function consentLog(id: number): Promise<ConsentEvent[]> {
    const row = await sql.one<{
      uuid: string;
      contact_id: number;
      consents: string | null;
      created_at: string;
    }>(bySubmission.submission, id);
    if (!row) return [];
    const typed = JSON.parse(row.consents ?? '{}') as Record<string, number>;
    const events: ConsentEvent[] = CONSENT_BOXES.filter((box) => typed[box] === 1).map((box) => ({
      box,
      given: true,
      at: row.created_at,
      via: 'form',
      submission: row.uuid,
    }));
    for (const change of await sql.all<ConsentChange & { uuid: string | null }>(
      bySubmission.consentChanges,
      row.contact_id,
    )) {
      if (!(CONSENT_BOXES as readonly string[]).includes(change.kind)) continue;
      events.push({
        box: change.kind as ConsentBox,
        given: change.given === 1,
        at: change.at,
        via: change.uuid ? 'confirmation' : 'account',
        submission: change.uuid,
      });
    }
    // Stable: at one instant, the form comes before what followed from it.
    return events.sort((a, b) => (a.at < b.at ? -1 : a.at > b.at ? 1 : 0));
  }

  /**
   * The consents as they stand now of the contact of each submission of `submissionIds`, by
   * submission id, read together: two statements however many (each contact read once).
   */
  async function consentsOf(
    tx: Queryable,
    submissionIds: readonly number[],
  ): Promise<Map<number, ConsentsNow>> {
    const found = new Map<number, ConsentsNow>();
    if (!submissionIds.length) return found;
    const ids = JSON.stringify(submissionIds);
    const changes = new Map<number, ConsentChange[]>();
    for (const change of await tx.all<ConsentChange & { contact_id: number }>(
      ofSubmissions.changes,
      ids,
    )) {
      const contact = Number(change.contact_id);
      changes.set(contact, [...(changes.get(contact) ?? []), change]);
    }
    const ofContact = new Map<number, ConsentsNow>();
    for (const flags of await tx.all<{
      id: number;
      contact_id: number;
      data_privacy: number;
      accept_contact: number;
      newsletter: number;
      confirmed_at: string | null;
    }>(ofSubmissions.flags, ids)) {
      const contact = Number(flags.contact_id);
      let current = ofContact.get(contact);
      if (!current) {
        const inForce: Record<ConsentBox, boolean> = {
          dataPrivacy: flags.data_privacy === 1,
          acceptContact: flags.accept_contact === 1,
          newsletter: flags.newsletter === 1,
        };
        current = Object.fromEntries(
          CONSENT_BOXES.map((box) => [
            box,
            consentNow(box, inForce[box], changes.get(contact) ?? [], flags.confirmed_at),
          ]),
        ) as ConsentsNow;
        ofContact.set(contact, current);
      }
      found.set(Number(flags.id), current);
    }
    return found;
  }

  return {
    read,
    consentsOf,
    consentLog,
    /** Region names by location id (seed data, read once). */
    regionNames: regions as ReadonlyMap<number, string>,
    /** A field's definition by its id (seed data, read once). */
    definitionOf,
    savedSearchPart,
    /**
     * A submission with its contact's consents as they stand now (the inbox's detail), its
     * category and fields in `lang`.
     */
    async byUuid(uuid: string, lang: RecordLanguage = 'de'): Promise<RecordWithConsents | null> {
      const row = await sql.one<{ id: number }>(bySubmission.submissionByUuid, uuid);
      const record = row ? await read(sql, row.id, lang) : null;
      if (!record) return null;
      return withConsents(record, (await consentsOf(sql, [record.id])).get(record.id)!);
    },
  };
}

export type SubmissionReader = Awaited<ReturnType<typeof submissionReader>>;

/** 'Frau Erika Mustermann', or the e-mail address when no name was given. */
export function displayName(contact: RecordContact): string {
  return (
    [contact.salutation, contact.firstname, contact.lastname].filter(Boolean).join(' ') ||
    contact.email
  );
}

/** 'Kastanienallee 12, 10435 Berlin' (the parts there are). */
export function addressLine(parts: { street: string; number: string; zip: string; city: string }) {
  const street = [parts.street, parts.number].filter(Boolean).join(' ');
  const place = [parts.zip, parts.city].filter(Boolean).join(' ');
  return [street, place].filter(Boolean).join(', ');
}
