/**
 * The API's statements, written once for SQLite and PostgreSQL (server/db/sql.ts prepares
 * each on first use).
 */
import { CONSENT_BOXES, CONTACT_TEXT_KEYS } from '../../contract/contact';

/** The contact's text columns besides its e-mail (the key it is found by). */
export const CONTACT_COLUMNS = [
  'salutation',
  ...CONTACT_TEXT_KEYS.filter((key) => key !== 'email'),
] as const;

/** The contact's column of each consent box (1 in force, 0 not). */
export const CONSENT_COLUMNS = {
  dataPrivacy: 'data_privacy',
  acceptContact: 'accept_contact',
  newsletter: 'newsletter',
} as const satisfies Record<(typeof CONSENT_BOXES)[number], string>;

const contactSets = CONTACT_COLUMNS.map((c) => `${c} = @${c}`).join(', ');
const firstOnly = CONTACT_COLUMNS.map(
  (c) => `${c} = CASE WHEN confirmed_at IS NULL THEN @${c} ELSE ${c} END`,
).join(', ');

export const Q = {
  contactByEmail: 'SELECT * FROM contacts WHERE email = ?',
  contactById: 'SELECT * FROM contacts WHERE id = ?',
  updateContact: `UPDATE contacts SET ${contactSets}, data_privacy = @data_privacy,
        accept_contact = @accept_contact, newsletter = @newsletter, updated_at = @at WHERE id = @id`,
  // A contact's first confirmation takes the form's data; a confirmed account keeps its own
  // (the submission keeps what was typed, for the contact to take over in the portal).
  confirmContact: `UPDATE contacts SET ${firstOnly}, data_privacy = 1, accept_contact = 1,
        newsletter = COALESCE(CAST(@newsletter AS INTEGER), newsletter),
        confirmed_at = COALESCE(confirmed_at, @at), updated_at = @at WHERE id = @id`,
  submissionById: 'SELECT * FROM submissions WHERE id = ?',
  submissionByIdempotencyKey:
    'SELECT id, uuid, fingerprint, created_at, answer FROM submissions WHERE idempotency_key = ?',
  releaseIdempotencyKey:
    'UPDATE submissions SET idempotency_key = NULL, fingerprint = NULL WHERE id = ?',
  /**
   * Whether the contact of a submission took back a required consent after sending it (a
   * withdrawal is made in the portal, so it is a row of the consents table).
   */
  withdrawnSince: `SELECT 1 FROM submissions s JOIN consents c ON c.contact_id = s.contact_id
       WHERE s.id = ? AND c.kind IN ('dataPrivacy', 'acceptContact') AND c.given = 0
         AND c.at > s.created_at LIMIT 1`,
  confirmSubmission: `UPDATE submissions SET status = 'confirmed', confirmed_at = ?
    WHERE id = ? AND status <> 'confirmed'`,
  markNoticed: 'UPDATE submissions SET noticed_at = ? WHERE id = ?',
  /**
   * The submission whose confirmation last put a contact's consents in force, the one of the
   * box named first.
   */
  consentSource: `SELECT s.id, s.uuid FROM consents c JOIN submissions s ON s.id = c.submission_id
       WHERE c.contact_id = ? AND c.given = 1 ORDER BY (c.kind = ?) DESC, c.at DESC, c.id DESC
       LIMIT 1`,
  insertConsent: `INSERT INTO consents (contact_id, submission_id, kind, given, text_version, at)
       VALUES (?, ?, ?, ?, ?, ?)`,
  key: 'SELECT * FROM auth_keys WHERE key_hash = ?',
  useKey: 'UPDATE auth_keys SET first_used_at = ? WHERE key_hash = ? AND first_used_at IS NULL',
  listing: 'SELECT * FROM listings WHERE id = ?',
  regions: 'SELECT * FROM regions ORDER BY position',
  fieldDefinition: 'SELECT definition FROM field_definitions WHERE id = ?',
  savedSearches: `SELECT ss.* FROM saved_searches ss LEFT JOIN submissions s ON s.id = ss.submission_id
       WHERE ss.contact_id = ? AND (ss.submission_id IS NULL OR s.status = 'confirmed') ORDER BY ss.id`,
  savedSearch: 'SELECT * FROM saved_searches WHERE uuid = ? AND contact_id = ?',
  updateSavedSearch: `UPDATE saved_searches SET active = @active, object_type = @objectType, category_id = @categoryId,
        marketing_type = @marketingType, locations = @locations, fields = @fields, updated_at = @at
       WHERE uuid = @uuid AND contact_id = @contactId`,
  deleteSavedSearch: 'DELETE FROM saved_searches WHERE uuid = ? AND contact_id = ?',
  inquiries: `SELECT ei.uuid, l.* FROM expose_inquiries ei JOIN listings l ON l.id = ei.listing_id
       JOIN submissions s ON s.id = ei.submission_id
       WHERE ei.contact_id = ? AND s.status = 'confirmed' ORDER BY ei.id DESC`,
} as const;
