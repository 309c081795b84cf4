/**
 * Submissions on SQLite: a new submission's rows are written in a batch, whose commit the
 * submissions of the same turn of the event loop share (group commit, db/sql.ts). A known
 * address's contact is looked up rather than written again, and ids come from the last
 * inserted rowid (a RETURNING clause costs SQLite a result table). The rate limit is counted
 * before the batch (in this process's memory).
 */
import { insertRow, insertRowId, type Row } from '../db/rows';
import type { Queryable, Sql } from '../db/sql';
import { Q } from '../db/statements';
import { keyTakenOr, sharedStatements, type SubmissionStore } from './store';

/** The contact's id: its row added, or for a known e-mail address the row it has. */
async function storeContact(tx: Queryable, contact: Row): Promise<number> {
  const id = await insertRowId(tx, { ...contact, conflict: 'ON CONFLICT (email) DO NOTHING' });
  if (id !== null) return id;
  return (await tx.one<{ id: number }>(Q.contactByEmail, contact.values.email!))!.id;
}

export function sqliteStore(sql: Sql): SubmissionStore {
  return {
    ...sharedStatements(sql),

    async add(p, limit, withStored) {
      await limit.count(p.request, p.reply);
      try {
        await sql.batch(async (tx) => {
          const contactId = await storeContact(tx, p.contact);
          const ids = {
            contact_id: contactId,
            submission_id: (await insertRowId(tx, p.submission, { contact_id: contactId }))!,
          };
          for (const row of p.rows) await insertRow(tx, row, ids);
          // After the first write: the transaction holds SQLite's write lock, so what
          // `withStored` reads is the latest state and stays so until the commit (decision 196).
          if (withStored) await withStored(tx, ids.submission_id);
        });
      } catch (error) {
        throw keyTakenOr(error);
      }
    },
  };
}
