/**
 * Submissions on PostgreSQL. A new submission is one statement when nothing has to run with it
 * (no notice or webhook at submit): data-modifying CTEs that count the client's rate-limit hit
 * first and then, while its window has room, write the contact (an upsert, so its id comes
 * back for a known address too), the submission and every row it brings. One round trip,
 * atomic on its own, its commit the only wait for the disk. With work to run beside the rows
 * (`withStored`), a transaction of several statements, the hit counted before it.
 */
import {
  insertRow,
  insertRowId,
  insertText,
  pushValues,
  shapeOf,
  type Link,
  type Row,
} from '../db/rows';
import type { Param, Queryable, Sql } from '../db/sql';
import type { Gate, Hit } from '../http/rateLimit';
import { keyTakenOr, sharedStatements, type NewSubmission, type SubmissionStore } from './store';

/** A known address gives its existing row (DO UPDATE, with the address it already has). */
const upsert = (contact: Row): Row => ({
  ...contact,
  conflict: 'ON CONFLICT (email) DO UPDATE SET email = EXCLUDED.email',
});

/** The links of a row written in the one statement: the CTEs' ids. */
const linkInStatement = (link: Link) =>
  link === 'submission_id' ? 'submission.id' : 'submission.contact_id';

/** One-statement texts by the gate's text, then by their rows' shapes (ids). */
const texts = new Map<string, Map<string, string>>();

/**
 * The contact, the submission and each of `rows` in one statement; with a `gate`, its
 * rate-limit hit counted first in the same statement, and nothing written over the limit.
 * Resolves to the gate's hit.
 */
async function storeAtOnce(
  sql: Queryable,
  contact: Row,
  submission: Row,
  rows: readonly Row[],
  gate: Gate | null,
): Promise<Hit | null> {
  // The parameters in the order the text names them: the gate's, the contact's (then the
  // gate's limit), the submission's, each row's.
  const params: Param[] = gate ? [...gate.params] : [];
  pushValues(params, contact);
  if (gate) params.push(gate.max);
  pushValues(params, submission);
  for (const row of rows) pushValues(params, row);
  let byShape = texts.get(gate?.text ?? '');
  if (!byShape) texts.set(gate?.text ?? '', (byShape = new Map()));
  let shape = `${shapeOf(contact).id} ${shapeOf(submission).id}`;
  for (const row of rows) shape += ` ${shapeOf(row).id}`;
  let text = byShape.get(shape);
  if (text === undefined) {
    const contactPart = insertText(
      upsert(contact),
      () => 'NULL',
      gate ? 'hit WHERE hit.count <= ?' : undefined,
    );
    // Each further row only for the row it belongs to: none when the gate stored no contact.
    const submissionPart = insertText(
      { ...submission, links: ['contact_id'] },
      () => 'contact.id',
      'contact',
    );
    const rowParts = rows.map((row) => insertText(row, linkInStatement, 'submission'));
    text =
      [
        ...(gate ? [`WITH hit AS (${gate.text})`] : []),
        `${gate ? '' : 'WITH '}contact AS (${contactPart} RETURNING id)`,
        `submission AS (${submissionPart} RETURNING id, contact_id)`,
        ...rowParts.map((rowPart, i) => `r${i} AS (${rowPart})`),
      ].join(',\n') +
      (gate
        ? '\nSELECT submission.id, hit.count, hit.reset_at FROM hit LEFT JOIN submission ON TRUE'
        : '\nSELECT id FROM submission');
    byShape.set(shape, text);
  }
  const stored = (await sql.one<{ count?: number; reset_at?: number }>(text, ...params))!;
  return gate ? { count: stored.count!, resetAt: stored.reset_at! } : null;
}

export function postgresStore(sql: Sql): SubmissionStore {
  /** The rows in a transaction: the contact (upserted: its id either way), then the rest. */
  async function storeRows(tx: Queryable, p: NewSubmission): Promise<number> {
    const contactId = (await insertRowId(tx, upsert(p.contact)))!;
    const ids = {
      contact_id: contactId,
      submission_id: (await insertRowId(tx, p.submission, { contact_id: contactId }))!,
    };
    for (const row of p.rows) await insertRow(tx, row, ids);
    return ids.submission_id;
  }

  return {
    ...sharedStatements(sql),

    async add(p, limit, withStored) {
      const { request, reply } = p;
      try {
        if (withStored) {
          await limit.count(request, reply);
          await sql.batch(async (tx) => withStored(tx, await storeRows(tx, p)));
          return;
        }
        // No gate once the request is counted (a second try): the statement stores it as it is.
        const gate = await limit.gate(request);
        if (!gate) await limit.count(request, reply);
        const hit = await storeAtOnce(sql, p.contact, p.submission, p.rows, gate);
        if (hit) limit.answer(request, reply, hit);
      } catch (error) {
        throw keyTakenOr(error);
      }
    },
  };
}
