/**
 * The outbox's writer: the rows of a mail or a webhook call, written in the transaction of the
 * event that causes it (docs/agency.md#the-delivery-outbox).
 *
 * - Without SMTP_URL a mail goes to the dev outbox (the `mails` table, decision 15) inside the
 *   caller's transaction: stored exactly once, with its event, with all it would be sent with
 *   (sender, Reply-To, HTML part, attachments). A notice also gets a delivery
 *   row, marked sent, for the inbox's delivery log.
 * - With SMTP_URL every mail is a delivery row, sent by the worker after the commit: the
 *   visitor's answer never waits on SMTP.
 * - With WEBHOOK_URL and WEBHOOK_SECRET every webhook call is a delivery row too.
 *
 * Each delivery has a UUIDv7 of its own, the same on every try: its Message-ID or webhook-id.
 */
import type { webhooks } from '../../contract/types';
import { uuidv7 } from '../auth/crypto';
import { insertRow, insertRowId, type Link, type Row } from '../db/rows';
import type { Param, Queryable } from '../db/sql';

export type MailKind = 'confirm' | 'login' | 'noAccount' | 'notice';
/** The events a webhook call carries (the contract's `webhooks`). */
export type WebhookEvent = keyof webhooks;

/** An address with its display name, as the mailer encodes it into a header. */
export interface MailAddress {
  name: string;
  address: string;
}

/** A file a mail carries. */
export interface MailAttachment {
  filename: string;
  content: string;
  contentType: string;
}

export interface OutboxMail {
  to: string;
  subject: string;
  text: string;
  html?: string;
  replyTo?: MailAddress;
  attachments?: MailAttachment[];
  links: string[];
}

/** What the dev outbox keeps of a mail besides its recipient, subject, text and links. */
export interface DevMailParts {
  from: string;
  /** The UUIDv7 its Message-ID would carry. */
  messageId: string;
  replyTo?: MailAddress;
  html?: string;
  attachments?: MailAttachment[];
}

export interface WriterSettings {
  /** Mail goes through delivery rows the worker sends (SMTP), else into the dev outbox. */
  viaWorker: boolean;
  /** The sender, as the dev outbox shows it (MAIL_FROM). */
  mailFrom: string;
  /** Where webhook calls go; null when webhooks are off. */
  webhookUrl: string | null;
  now: () => number;
}

const iso = (ms: number) => new Date(ms).toISOString();

export function createWriter(settings: WriterSettings) {
  const { viaWorker, webhookUrl, now, mailFrom } = settings;

  /**
   * A mail's rows: the dev outbox's row (without SMTP) and its delivery row (with SMTP, or for
   * a notice). The delivery names its submission as `submission` gives it: a column's value,
   * or a link to the id of the submission the rows are stored with.
   */
  function mailRows(
    mail: OutboxMail,
    kind: MailKind,
    submission: { values: Record<string, Param>; links: readonly Link[] },
  ): Row[] {
    const at = now();
    const rows: Row[] = [];
    if (!viaWorker) {
      rows.push({
        table: 'mails',
        values: {
          recipient: mail.to,
          subject: mail.subject,
          body: mail.text,
          links: JSON.stringify(mail.links),
          message: JSON.stringify({
            from: mailFrom,
            messageId: uuidv7(at),
            ...(mail.replyTo ? { replyTo: mail.replyTo } : {}),
            ...(mail.html ? { html: mail.html } : {}),
            ...(mail.attachments?.length ? { attachments: mail.attachments } : {}),
          } satisfies DevMailParts),
          created_at: iso(at),
        },
      });
      if (kind !== 'notice') return rows;
    }
    rows.push({
      table: 'deliveries',
      values: {
        uuid: uuidv7(at),
        channel: 'mail',
        kind,
        ...submission.values,
        recipient: mail.to,
        payload: JSON.stringify(mail),
        status: viaWorker ? 'pending' : 'sent',
        attempts: viaWorker ? 0 : 1,
        next_attempt_at: iso(at),
        created_at: iso(at),
        sent_at: viaWorker ? null : iso(at),
      },
      links: submission.links,
    });
    return rows;
  }

  return {
    /** Whether webhook calls are written (WEBHOOK_URL and a valid WEBHOOK_SECRET). */
    webhooksOn: webhookUrl !== null,

    /**
     * A mail, inside the caller's transaction; its delivery names `submissionId` (or none) and,
     * for an erasure to find it, the contact `contactId` whose data it carries (or none).
     */
    async mail(
      tx: Queryable,
      mail: OutboxMail,
      meta: { kind: MailKind; submissionId?: number | null; contactId?: number | null },
    ) {
      const submission = { values: { submission_id: meta.submissionId ?? null }, links: [] };
      for (const row of mailRows(mail, meta.kind, submission)) {
        if (row.table !== 'deliveries' || meta.contactId == null) await insertRow(tx, row);
        else await nameContacts(tx, await insertRowId(tx, row), [meta.contactId]);
      }
    },

    /**
     * The rows of a mail stored with a new submission, in the same statement or transaction:
     * its delivery's submission_id is a link the store fills with the new submission's id.
     */
    mailWithNewSubmission(mail: OutboxMail, kind: MailKind): Row[] {
      return mailRows(mail, kind, { values: {}, links: ['submission_id'] });
    },

    /**
     * A webhook call, inside the caller's transaction (nothing when webhooks are off); it names
     * `submissionId` (or none) and, for an erasure to find it, the contacts `contacts` whose
     * data it carries besides the submission's.
     */
    async webhook(
      tx: Queryable,
      type: WebhookEvent,
      data: unknown,
      submissionId: number | null,
      contacts: readonly number[] = [],
    ) {
      if (webhookUrl === null) return;
      const at = now();
      const row: Row = {
        table: 'deliveries',
        values: {
          uuid: uuidv7(at),
          channel: 'webhook',
          kind: type,
          submission_id: submissionId,
          recipient: webhookUrl,
          payload: JSON.stringify({ type, timestamp: iso(at), data }),
          status: 'pending',
          attempts: 0,
          next_attempt_at: iso(at),
          created_at: iso(at),
          sent_at: null,
        },
      };
      if (!contacts.length) await insertRow(tx, row);
      else await nameContacts(tx, await insertRowId(tx, row), contacts);
    },
  };
}

/** Links delivery `deliveryId` to the contacts whose data it carries (delivery_contacts). */
async function nameContacts(tx: Queryable, deliveryId: number | null, contacts: readonly number[]) {
  for (const contactId of new Set(contacts))
    await tx.run(
      'INSERT INTO delivery_contacts (contact_id, delivery_id) VALUES (?, ?)',
      contactId,
      deliveryId,
    );
}

export type Writer = ReturnType<typeof createWriter>;
