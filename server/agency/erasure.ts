/**
 * A contact's erasure (docs/security.md#erasure): everything that holds the contact's personal
 * data goes in one transaction — its submissions with their parts (and staff's notes, read
 * marks and assignments of them), saved searches, consent
 * records, sessions, login and confirmation keys, the kept answers of its own requests, its
 * deliveries not yet sent and its mails in the dev outbox — sends under way are stopped and
 * waited for (`settled`), and sent deliveries that named it
 * keep their row for the log without recipient, payload or error. What stays is a row in
 * `erasures` without personal data (when, who asked, how many rows went) and the funnel's
 * counts, which never held any. A `contact.erased` webhook tells the agency's systems the
 * former id and the uuids of the submissions they were sent, so they can erase their copy.
 */
import type { components } from '../../contract/types';
import { now } from '../db/clock';
import { MARK_DUE } from '../db/scrub';
import type { Queryable, Sql } from '../db/sql';
import type { Writer } from '../delivery/writer';
import { dropPairs } from '../matching/pairs';
import { addressesIn, folded } from './mentions';

/** Who asked for an erasure: a staff member (by address) or the contact itself. */
export type ErasureRequester = { by: 'staff'; staff: string } | { by: 'contact' };

/** How many rows of each kind an erasure removed (the erasure record keeps these). */
export type Removed = components['schemas']['Erasure']['removed'];

/** A LIKE pattern that finds `text` anywhere, with LIKE's own characters taken literally. */
const containing = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

const OF_SUBMISSIONS = 'SELECT id FROM submissions WHERE contact_id = ?';
/**
 * The contact's deliveries: those of its submissions, those mailed to its address, and those
 * that name it (a webhook call or notice without a submission that carries its data:
 * `delivery_contacts`), each found by an index. Parameters: the contact's id, its address
 * (lower case), its id.
 */
const DELIVERIES_OF = `(submission_id IN (${OF_SUBMISSIONS}) OR lower(recipient) = ?
  OR id IN (SELECT delivery_id FROM delivery_contacts WHERE contact_id = ?))`;

/**
 * The tables an erasure deletes or clears rows of: after its commit their erased bytes are
 * removed from the database's files (server/db/scrub.ts).
 */
export const ERASED_TABLES = [
  'deliveries',
  'delivery_contacts',
  'submission_notes',
  'note_terms',
  'submission_reads',
  'submission_assignees',
  'leads_to_match',
  'leads',
  'submission_texts',
  'expose_inquiries',
  'contact_messages',
  'saved_search_terms',
  'search_matches',
  'search_matches_gone',
  'search_changes',
  'lead_changes',
  'lead_localities',
  'submission_match_counts',
  'saved_searches',
  'consents',
  'auth_keys',
  'sessions',
  'idempotency_keys',
  'submissions',
  'contacts',
  'mails',
  'rate_limits',
] as const;

const E = {
  contact: 'SELECT id, email FROM contacts WHERE id = ?',
  submissionUuids: 'SELECT uuid FROM submissions WHERE contact_id = ? ORDER BY id',
  // Sends under way (claimed, their lease running) are asked to stop; their recipient and
  // payload go now, the copy the sender holds goes with its send.
  stopDeliveries: `UPDATE deliveries SET status = 'stopping', recipient = '', payload = '',
    last_error = NULL, last_error_code = NULL, submission_id = NULL
    WHERE status = 'pending' AND sending = 1 AND next_attempt_at > ? AND ${DELIVERIES_OF}
    RETURNING id`,
  dropDeliveries: `DELETE FROM deliveries WHERE status = 'pending' AND ${DELIVERIES_OF}`,
  clearDeliveries: `UPDATE deliveries SET recipient = '', payload = '', last_error = NULL,
    last_error_code = NULL, submission_id = NULL WHERE ${DELIVERIES_OF}`,
  notes: `DELETE FROM submission_notes WHERE submission_id IN (${OF_SUBMISSIONS})`,
  readMarks: `DELETE FROM submission_reads WHERE submission_id IN (${OF_SUBMISSIONS})`,
  assignees: `DELETE FROM submission_assignees WHERE submission_id IN (${OF_SUBMISSIONS})`,
  leads: `DELETE FROM leads WHERE submission_id IN (${OF_SUBMISSIONS})`,
  leadsToMatch: `DELETE FROM leads_to_match WHERE submission_id IN (${OF_SUBMISSIONS})`,
  texts: `DELETE FROM submission_texts WHERE submission_id IN (${OF_SUBMISSIONS})`,
  inquiries: `DELETE FROM expose_inquiries WHERE contact_id = ?`,
  messages: `DELETE FROM contact_messages WHERE contact_id = ?`,
  searchTerms: `DELETE FROM saved_search_terms WHERE saved_search_id IN
    (SELECT id FROM saved_searches WHERE contact_id = ? OR submission_id IN (${OF_SUBMISSIONS}))`,
  searchPairs: `m.saved_search_id IN
    (SELECT id FROM saved_searches WHERE contact_id = ? OR submission_id IN (${OF_SUBMISSIONS}))
    OR m.submission_id IN (${OF_SUBMISSIONS})`,
  matchCounts: `DELETE FROM submission_match_counts WHERE submission_id IN (${OF_SUBMISSIONS})`,
  savedSearches: `DELETE FROM saved_searches WHERE contact_id = ?
    OR submission_id IN (${OF_SUBMISSIONS})`,
  consents: `DELETE FROM consents WHERE contact_id = ? OR submission_id IN (${OF_SUBMISSIONS})`,
  keys: `DELETE FROM auth_keys WHERE contact_id = ? OR submission_id IN (${OF_SUBMISSIONS})`,
  sessions: 'DELETE FROM sessions WHERE contact_id = ?',
  keptAnswers: 'DELETE FROM idempotency_keys WHERE contact_id = ?',
  submissions: 'DELETE FROM submissions WHERE contact_id = ?',
  deleteContact: 'DELETE FROM contacts WHERE id = ?',
  // The dev outbox's mails to the address or holding it (each checked whole: erasure.ts).
  devMails: `SELECT id, recipient, body FROM mails
    WHERE lower(recipient) = ? OR lower(body) LIKE ? ESCAPE '\\'`,
  deleteDevMail: 'DELETE FROM mails WHERE id = ?',
  rateLimits: 'DELETE FROM rate_limits WHERE key = ?',
  record: `INSERT INTO erasures (at, requested_by, staff, removed) VALUES (?, ?, ?, ?)
    RETURNING id`,
  recordAgain: 'UPDATE erasures SET removed = ? WHERE id = ?',
};

/** An erasure committed: what it removed, and the sends it asked to stop. */
export interface Erasure {
  removed: Removed;
  /** The deliveries that were being sent: stopped, or sent, by the time `settled` says. */
  stopping: number[];
  /** Its row in `erasures`, whose counts `settled` writes again. */
  record: number;
}

/**
 * Erases contact `contactId` inside the caller's transaction, and writes the erasure's record
 * and its webhook call; or null when there is no such contact. Its answer waits for
 * `settled` after the commit: sends under way that carry the contact are stopping then.
 */
export async function eraseContact(
  tx: Queryable,
  outbox: Pick<Writer, 'webhook'>,
  contactId: number,
  requester: ErasureRequester,
): Promise<Erasure | null> {
  // On PostgreSQL the contact's row is held first: a submission, login or erasure of the same
  // contact at once waits for this one (SQLite writes one transaction at a time). Then its
  // submissions: matching's job, which tells the agency of a lead and writes its pairs in a
  // transaction that holds the lead's submission (server/matching/job.ts), ends before this
  // one reads what hangs on them, or waits for it and then finds them gone.
  const hold = tx.dialect === 'postgres' ? ' FOR UPDATE' : '';
  const contact = await tx.one<{ id: number; email: string }>(`${E.contact}${hold}`, contactId);
  if (!contact) return null;
  const email = folded(contact.email);
  const pattern = containing(email);
  const submissions = await tx.all<{ uuid: string }>(`${E.submissionUuids}${hold}`, contactId);
  const ofDeliveries = [contactId, email, contactId] as const;
  const stopping = await tx.all<{ id: number }>(E.stopDeliveries, now(), ...ofDeliveries);
  const deliveriesDropped = await tx.run(E.dropDeliveries, ...ofDeliveries);
  const deliveriesCleared = await tx.run(E.clearDeliveries, ...ofDeliveries);
  // Staff's notes, read marks and assignments of its submissions go with them.
  await tx.run(E.notes, contactId);
  await tx.run(E.readMarks, contactId);
  await tx.run(E.assignees, contactId);
  await tx.run(E.leadsToMatch, contactId);
  await tx.run(E.leads, contactId);
  await tx.run(E.texts, contactId);
  await tx.run(E.inquiries, contactId);
  await tx.run(E.messages, contactId);
  // Matching's index of its saved searches, and the pairs of its searches and leads, go with them.
  await tx.run(E.searchTerms, contactId, contactId);
  // The counts of others' leads and searches they were paired with are written again.
  await dropPairs(tx, E.searchPairs, contactId, contactId, contactId);
  await tx.run(E.matchCounts, contactId);
  const removed: Removed = {
    savedSearches: await tx.run(E.savedSearches, contactId, contactId),
    consents: await tx.run(E.consents, contactId, contactId),
    keys: await tx.run(E.keys, contactId, contactId),
    sessions: await tx.run(E.sessions, contactId),
    keptAnswers: await tx.run(E.keptAnswers, contactId),
    submissions: await tx.run(E.submissions, contactId),
    deliveriesDropped,
    deliveriesCleared,
    deliveriesStopped: 0,
    deliveriesSentWhileErasing: 0,
  };
  await tx.run(E.deleteContact, contactId);
  // A mail holding a longer address that contains this one is another contact's.
  for (const mail of await tx.all<{ id: number; recipient: string; body: string }>(
    E.devMails,
    email,
    pattern,
  ))
    if (mail.recipient.toLowerCase() === email || addressesIn(mail.body).includes(email))
      await tx.run(E.deleteDevMail, mail.id);
  await tx.run(E.rateLimits, `login-mail ${email}`);
  const at = now();
  const record = await tx.one<{ id: number }>(
    E.record,
    at,
    requester.by,
    requester.by === 'staff' ? requester.staff : null,
    JSON.stringify(removed),
  );
  // PostgreSQL writes the tables anew in the quiet hour (server/db/scrub.ts).
  if (tx.dialect === 'postgres')
    for (const table of ERASED_TABLES) await tx.run(MARK_DUE, table, at);
  await outbox.webhook(
    tx,
    'contact.erased',
    { contact: { id: contactId }, submissions: submissions.map((row) => row.uuid), at },
    null,
  );
  return { removed, stopping: stopping.map((row) => Number(row.id)), record: Number(record!.id) };
}

/** How often an erasure looks whether the sends it asked to stop have ended. */
export const STOPPING_POLL_MS = 100;

/**
 * After an erasure's commit: waits until every send it asked to stop has ended (stopped, or
 * sent because it had got through), in whichever process it runs, and removes the stopped
 * ones; its answer counts both. A send whose lease ran out meanwhile (its process died) did
 * not get through. It takes as long as the slowest send takes to end: a mail or webhook
 * aborted within STOP_CHECK_MS, at most its lease (LEASE_MS) when its process is gone.
 */
export async function settled(
  sql: Sql,
  erasure: Erasure,
  wait: (ms: number) => Promise<void> = (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
): Promise<Removed> {
  const { stopping } = erasure;
  if (stopping.length === 0) return erasure.removed;
  const ids = stopping.map(() => '?').join(', ');
  type Row = { id: number; status: string; next_attempt_at: string };
  const read = () =>
    sql.all<Row>(
      `SELECT id, status, next_attempt_at FROM deliveries WHERE id IN (${ids})`,
      ...stopping,
    );
  for (;;) {
    const at = Date.now();
    const rows = await read();
    if (!rows.some((row) => row.status === 'stopping' && Date.parse(row.next_attempt_at) > at))
      break;
    await wait(STOPPING_POLL_MS);
  }
  return sql.transaction(async (tx) => {
    const count = async (condition: string) =>
      (
        await tx.all<Row>(
          `SELECT id FROM deliveries WHERE id IN (${ids}) AND ${condition}`,
          ...stopping,
        )
      ).length;
    const sentRows = await count("status = 'sent'");
    // A webhook call's body goes with its request's start: one stopped while its receiver had
    // not answered may have arrived, and is counted with those that left.
    const callsUnderWay = await count("channel = 'webhook' AND status IN ('stopping', 'stopped')");
    const ended = await tx.run(
      `DELETE FROM deliveries WHERE id IN (${ids}) AND status IN ('stopping', 'stopped')`,
      ...stopping,
    );
    const sent = sentRows + callsUnderWay;
    const stopped = ended - callsUnderWay;
    const removed: Removed = {
      ...erasure.removed,
      deliveriesStopped: stopped,
      deliveriesSentWhileErasing: sent,
    };
    await tx.run(E.recordAgain, JSON.stringify(removed), erasure.record);
    return removed;
  });
}

/**
 * Erases every contact marked as demo (the seeded sample customer) as staff asked, each with
 * its erasure record; the erasures, for `settled`.
 */
export async function eraseDemoContacts(
  tx: Queryable,
  outbox: Pick<Writer, 'webhook'>,
  staff: string,
): Promise<Erasure[]> {
  const demo = await tx.all<{ id: number }>('SELECT id FROM contacts WHERE demo = 1 ORDER BY id');
  const erasures: Erasure[] = [];
  for (const { id } of demo) {
    const erasure = await eraseContact(tx, outbox, id, { by: 'staff', staff });
    if (erasure) erasures.push(erasure);
  }
  return erasures;
}

/** The statements an erasure runs (each must find its rows by an index: erasureCost.test.ts). */
export { E as ERASURE_STATEMENTS };
