/**
 * The notes on other contacts' submissions that name a contact (docs/security.md#erasure): staff
 * are shown them when they erase the contact, to decide whether to delete or change them, since
 * free text cannot be erased by rule. A note names the contact when it holds its e-mail
 * address, its last name as a word, or its phone number's digits (whatever the spaces,
 * dashes or slashes between them); case is ignored.
 */
import type { components } from '../../contract/types';
import type { Queryable } from '../db/sql';

export type NoteMention = components['schemas']['NoteMention'];

/** The shortest phone number looked for (fewer digits match too much). */
const MIN_PHONE_DIGITS = 6;

const containing = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
const digitsOf = (text: string) => text.replace(/\D/g, '');

/**
 * Notes of other contacts' submissions whose text may hold the address, the last name (both
 * lower case) or the phone's digits (with the spaces, dashes, slashes and dots a phone number
 * is written with taken out of the text); each is then checked whole.
 */
const CANDIDATES = `SELECT n.id, n.staff, n.body, n.created_at, s.uuid
  FROM submission_notes n JOIN submissions s ON s.id = n.submission_id
  WHERE s.contact_id <> ? AND (lower(n.body) LIKE ? ESCAPE '\\' OR lower(n.body) LIKE ? ESCAPE '\\'
    OR replace(replace(replace(replace(n.body, ' ', ''), '-', ''), '/', ''), '.', '') LIKE ?)
  ORDER BY n.id`;

/** Whether `word` stands in `text` as a word of its own (letters around it are not). */
function holdsWord(text: string, word: string): boolean {
  for (let at = text.indexOf(word); at >= 0; at = text.indexOf(word, at + 1)) {
    const before = text[at - 1] ?? ' ';
    const after = text[at + word.length] ?? ' ';
    if (!/\p{L}/u.test(before) && !/\p{L}/u.test(after)) return true;
  }
  return false;
}

/** The notes on other contacts' submissions that name contact `contactId`, oldest first. */
export async function notesNaming(tx: Queryable, contactId: number): Promise<NoteMention[]> {
  const contact = await tx.one<{ email: string; lastname: string | null; phone: string | null }>(
    'SELECT email, lastname, phone FROM contacts WHERE id = ?',
    contactId,
  );
  if (!contact) return [];
  const email = contact.email.toLowerCase();
  const lastname = (contact.lastname ?? '').trim().toLowerCase();
  const phone = digitsOf(contact.phone ?? '');
  // A pattern that cannot match stands in for a field the contact does not have.
  const never = '\u0001';
  const rows = await tx.all<{
    id: number;
    staff: string;
    body: string;
    created_at: string;
    uuid: string;
  }>(
    CANDIDATES,
    contactId,
    containing(email),
    lastname ? containing(lastname) : never,
    phone.length >= MIN_PHONE_DIGITS ? `%${phone}%` : never,
  );
  const mentions: NoteMention[] = [];
  for (const row of rows) {
    const text = row.body.toLowerCase();
    const by: NoteMention['by'] = [];
    if (text.includes(email)) by.push('email');
    if (lastname && holdsWord(text, lastname)) by.push('name');
    if (phone.length >= MIN_PHONE_DIGITS && digitsOf(row.body).includes(phone)) by.push('phone');
    if (by.length)
      mentions.push({
        submission: row.uuid,
        by,
        note: { id: Number(row.id), author: row.staff, text: row.body, createdAt: row.created_at },
      });
  }
  return mentions;
}
