/**
 * An agent's working day in the inbox (docs/agency.md#working-the-inbox): read marks of each
 * staff member of their own (decision 129), notes on a submission (who, when, the text as
 * typed) and the one staff member a submission is assigned to. A submission is named by its
 * uuid; each call answers null (or false) when there is no such submission.
 */
import type { components } from '../../contract/types';
import { now } from '../db/clock';
import type { Sql } from '../db/sql';
import { MATCH_COUNTS, NEW_MATCHES } from './inbox';
import { writeNoteTerms } from './mentions';

/** A note as the contract describes it (Note). */
export type Note = components['schemas']['Note'];

const W = {
  id: 'SELECT id FROM submissions WHERE uuid = ?',
  // Read again: the mark says when it was last read, so the matches found before are seen.
  markRead: `INSERT INTO submission_reads (staff, submission_id, read_at) VALUES (?, ?, ?)
    ON CONFLICT (staff, submission_id) DO UPDATE SET read_at = excluded.read_at`,
  markUnread: 'DELETE FROM submission_reads WHERE staff = ? AND submission_id = ?',
  // Every read mark names an existing submission (its key), so the difference counts exactly.
  unread: `SELECT (SELECT count(*) FROM submissions) -
    (SELECT count(*) FROM submission_reads WHERE staff = ?) AS n`,
  isRead: 'SELECT 1 AS yes FROM submission_reads WHERE staff = ? AND submission_id = ?',
  newMatches: `SELECT ${NEW_MATCHES} AS n FROM submissions s
    LEFT JOIN submission_reads r ON r.staff = ? AND r.submission_id = s.id ${MATCH_COUNTS}
    WHERE s.id = ?`,
  notes: `SELECT id, staff, body, created_at FROM submission_notes WHERE submission_id = ?
    ORDER BY id`,
  addNote: `INSERT INTO submission_notes (submission_id, staff, body, created_at)
    VALUES (?, ?, ?, ?) RETURNING id`,
  noteAuthor: 'SELECT staff FROM submission_notes WHERE id = ? AND submission_id = ?',
  deleteNote: 'DELETE FROM submission_notes WHERE id = ?',
  assign: `INSERT INTO submission_assignees (submission_id, staff, assigned_at) VALUES (?, ?, ?)
    ON CONFLICT (submission_id) DO UPDATE SET staff = excluded.staff,
      assigned_at = excluded.assigned_at`,
  unassign: 'DELETE FROM submission_assignees WHERE submission_id = ?',
  assignee: 'SELECT staff AS assignee FROM submission_assignees WHERE submission_id = ?',
};

const noteOf = (row: { id: number; staff: string; body: string; created_at: string }): Note => ({
  id: Number(row.id),
  author: row.staff,
  text: row.body,
  createdAt: row.created_at,
});

export function workQueries(sql: Sql) {
  const idOf = async (uuid: string) => {
    const row = await sql.one<{ id: number }>(W.id, uuid);
    return row ? Number(row.id) : null;
  };
  const unread = async (staff: string) =>
    Number((await sql.one<{ n: number | string }>(W.unread, staff))!.n);

  return {
    unread,

    /** Marks a submission read or unread for `staff`; the staff member's unread count after. */
    async setRead(uuid: string, staff: string, read: boolean) {
      const id = await idOf(uuid);
      if (id === null) return null;
      if (read) await sql.run(W.markRead, staff, id, now());
      else await sql.run(W.markUnread, staff, id);
      return { uuid, read, unread: await unread(staff) };
    },

    /**
     * What the detail shows of the working day: read for `staff`, assignee, notes (oldest
     * first), and how many matches were found since `staff` last read it.
     */
    async of(id: number, staff: string) {
      const [read, assigned, notes, fresh] = await Promise.all([
        sql.one(W.isRead, staff, id),
        sql.one<{ assignee: string | null }>(W.assignee, id),
        sql.all<{ id: number; staff: string; body: string; created_at: string }>(W.notes, id),
        sql.one<{ n: number | string }>(W.newMatches, staff, id),
      ]);
      return {
        read: !!read,
        assignee: assigned?.assignee ?? null,
        notes: notes.map(noteOf),
        newMatches: Number(fresh?.n ?? 0),
      };
    },

    /** A note by `staff` on a submission, the text as typed, stored with its terms. */
    async addNote(uuid: string, staff: string, text: string): Promise<Note | null> {
      const id = await idOf(uuid);
      if (id === null) return null;
      const at = now();
      const noteId = await sql.transaction(async (tx) => {
        const row = await tx.one<{ id: number }>(W.addNote, id, staff, text, at);
        await writeNoteTerms(tx, Number(row!.id), text);
        return Number(row!.id);
      });
      return { id: noteId, author: staff, text, createdAt: at };
    },

    /** Deletes a note of `staff`'s own: 'deleted', 'notFound', or 'notYours'. */
    async deleteNote(uuid: string, noteId: number, staff: string) {
      const id = await idOf(uuid);
      const note =
        id === null ? undefined : await sql.one<{ staff: string }>(W.noteAuthor, noteId, id);
      if (!note) return 'notFound' as const;
      if (note.staff !== staff) return 'notYours' as const;
      // Deleted meanwhile by another request: that one answered 'deleted'.
      if ((await sql.run(W.deleteNote, noteId)) === 0) return 'notFound' as const;
      return 'deleted' as const;
    },

    /** Assigns a submission to a staff address, or to nobody (null); false: no such submission. */
    async assign(uuid: string, assignee: string | null) {
      const id = await idOf(uuid);
      if (id === null) return false;
      if (assignee === null) await sql.run(W.unassign, id);
      else await sql.run(W.assign, id, assignee, now());
      return true;
    },
  };
}
