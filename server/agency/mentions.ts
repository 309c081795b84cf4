/**
 * The notes on other contacts' submissions that name a contact (docs/security.md#erasure): staff
 * are shown them when they erase the contact, to decide whether to delete or change them, since
 * free text cannot be erased by rule. A note names the contact when it holds its e-mail
 * address, its last name as a word, or its phone number's digits (whatever the spaces,
 * dashes, slashes, dots or brackets between them, with or without the German country code
 * or trunk 0); case is ignored.
 *
 * Each note's terms are written with it (`note_terms`, decision 216): the addresses, words and
 * digit runs it holds, so the notes that may name a contact are found by key, whatever the
 * number of notes stored, and each is then checked whole.
 */
import type { components } from '../../contract/types';
import type { Queryable, Sql } from '../db/sql';

export type NoteMention = components['schemas']['NoteMention'];

/** The shortest phone number looked for (fewer digits match too much). */
const MIN_PHONE_DIGITS = 6;

const digitsOf = (text: string) => text.replace(/\D/g, '');
/** Text as addresses and words are compared: NFC, lower case. */
export const folded = (text: string) => text.normalize('NFC').toLowerCase();

/** What a phone number is written with between its digits: spaces, dashes, slashes, dots, brackets, '+'. */
const PHONE_SEPARATORS = /[\s\-/.()+\u2010-\u2015\u2212]/g;

/**
 * The digits a phone number is looked for by: without a German country code (0049, 49) or
 * trunk 0 before them, so '+49 30 …' and '030 …' find each other.
 */
export function phoneCore(phone: string): string {
  return digitsOf(phone).replace(/^(0049|49|0)/, '');
}

/**
 * The most places of a note's digits a phone number is looked for at, so a note of 2,000
 * digits costs no more than a few numbers: a phone number beyond them is not found.
 */
export const MAX_DIGIT_PLACES = 300;
/** The longest digit term: a phone number's digits are looked for by their first ones. */
const DIGITS_KEPT = 24;
/** The characters an address's local part and domain are made of (RFC 5322's atext, dots). */
const LOCAL = /[\p{L}\p{N}!#$%&'*+\-/=?^_`{|}~.]/u;
const DOMAIN = /[\p{L}\p{N}.-]/u;

/**
 * The addresses `text` holds, lower case: around each '@', the longest run of an address's
 * characters before and after it, without dots or quotes at its ends.
 */
export function addressesIn(text: string): string[] {
  const found: string[] = [];
  for (let at = text.indexOf('@'); at >= 0; at = text.indexOf('@', at + 1)) {
    let start = at;
    while (start > 0 && LOCAL.test(text[start - 1]!)) start -= 1;
    let end = at + 1;
    while (end < text.length && DOMAIN.test(text[end]!)) end += 1;
    const local = text.slice(start, at).replace(/^['.]+/, '');
    const domain = text.slice(at + 1, end).replace(/[.-]+$/, '');
    if (local && domain) found.push(folded(`${local}@${domain}`));
  }
  return found;
}

/**
 * The terms a note is found by: 'e:' each address, 'w:' each word (letters), 'd:' each run of
 * six or more digits once the spaces, dashes, slashes, dots, brackets and plus signs a phone
 * number is written with are taken out, from each of its places on (its first DIGITS_KEPT
 * digits; the first MAX_DIGIT_PLACES places of the note), so a phone number is found anywhere
 * in it.
 */
export function termsOf(text: string): string[] {
  const terms = new Set<string>();
  for (const address of addressesIn(text)) terms.add(`e:${address}`);
  for (const [word] of folded(text).matchAll(/\p{L}+/gu)) terms.add(`w:${word}`);
  let places = 0;
  for (const [run] of text.replace(PHONE_SEPARATORS, '').matchAll(/\d{6,}/g))
    for (let from = 0; from + MIN_PHONE_DIGITS <= run.length; from += 1) {
      if ((places += 1) > MAX_DIGIT_PLACES) return [...terms];
      terms.add(`d:${run.slice(from, from + DIGITS_KEPT)}`);
    }
  return [...terms];
}

/** A note's terms in one statement, from a JSON array (each kept once). */
const insertTerms = (q: Queryable) =>
  q.dialect === 'postgres'
    ? `INSERT INTO note_terms (term, note_id)
        SELECT term, ? FROM jsonb_array_elements_text(?::jsonb) AS term ON CONFLICT DO NOTHING`
    : `INSERT INTO note_terms (term, note_id)
        SELECT value, ? FROM json_each(?) WHERE true ON CONFLICT DO NOTHING`;

/** Writes note `noteId`'s terms (with its row, or for a note written before them). */
export async function writeNoteTerms(tx: Queryable, noteId: number, text: string) {
  await tx.run(insertTerms(tx), noteId, JSON.stringify(termsOf(text)));
  await tx.run('UPDATE submission_notes SET terms_written = 1 WHERE id = ?', noteId);
}

const FILL_BATCH = 500;

/** Writes the terms of every note written before them, a batch per transaction; how many. */
export async function fillNoteTerms(sql: Sql): Promise<number> {
  let filled = 0;
  for (;;) {
    const notes = await sql.all<{ id: number; body: string }>(
      `SELECT id, body FROM submission_notes WHERE terms_written = 0 ORDER BY id
        LIMIT ${FILL_BATCH}`,
    );
    if (!notes.length) return filled;
    // Another process starting at once may write them too: the same terms, each kept once.
    await sql.transaction(async (tx) => {
      for (const note of notes) await writeNoteTerms(tx, Number(note.id), note.body);
    });
    filled += notes.length;
  }
}

/**
 * Notes of other contacts' submissions with a term of the contact: its address, the longest
 * word of its last name, the first digits of its phone number (a range of digit terms); each
 * is then checked whole.
 */
export const MENTION_CANDIDATES = `SELECT n.id, n.staff, n.body, n.created_at, s.uuid
  FROM submission_notes n JOIN submissions s ON s.id = n.submission_id
  WHERE s.contact_id <> ? AND n.id IN (SELECT note_id FROM note_terms
    WHERE term = ? OR term = ? OR (term >= ? AND term < ?))
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
  const email = folded(contact.email);
  const lastname = folded((contact.lastname ?? '').trim());
  const phone = phoneCore(contact.phone ?? '');
  // A term no note has stands in for a field the contact does not have.
  const never = '\u0001';
  const address = addressesIn(contact.email)[0];
  const word = [...lastname.matchAll(/\p{L}+/gu)]
    .map(([w]) => w)
    .sort((a, b) => b.length - a.length)[0];
  const digits = phone.length >= MIN_PHONE_DIGITS ? `d:${phone.slice(0, DIGITS_KEPT)}` : null;
  const rows = await tx.all<{
    id: number;
    staff: string;
    body: string;
    created_at: string;
    uuid: string;
  }>(
    MENTION_CANDIDATES,
    contactId,
    address ? `e:${address}` : never,
    word ? `w:${word}` : never,
    digits ?? never,
    // Every digit term that begins with the phone's digits (';' sorts right after '9').
    digits ? `${digits};` : never,
  );
  const mentions: NoteMention[] = [];
  for (const row of rows) {
    const text = folded(row.body);
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
