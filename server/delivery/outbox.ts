/**
 * The delivery outbox (issue #20): every mail and webhook call is written in the same
 * transaction as the event that causes it, and the worker (worker.ts) delivers it through its
 * channel (channels.ts).
 *
 * - Without SMTP_URL, mail goes to the dev outbox (the `mails` table, DECISIONS 15) inside the
 *   caller's transaction: stored exactly once, with its event. A notice also gets a delivery
 *   row, marked sent, for the inbox's delivery log.
 * - With SMTP_URL, every mail is a delivery row, sent by the worker after the commit: the
 *   visitor's answer never waits on SMTP. Each mail carries a Message-ID made of its delivery's
 *   UUIDv7, the same on every try.
 * - Webhooks (WEBHOOK_URL) are delivery rows too, POSTed as JSON and signed per the Standard
 *   Webhooks spec; `webhook-id` is `msg_` and the delivery's UUIDv7: the same on every try,
 *   and unique across databases, for the receiver to drop repeats.
 *
 * Mail and webhooks are sent in lanes of their own; one submission's webhook events go out in
 * the order they were written (worker.ts).
 */
import { uuidv7 } from '../auth/crypto';
import { insertRow, type Row } from '../db/rows';
import type { Queryable, Sql } from '../db/sql';
import { mailChannel, webhookChannel, type SendMail } from './channels';
import { createWorker, type Repeat } from './worker';

export type MailKind = 'confirm' | 'login' | 'noAccount' | 'notice';
export type WebhookEvent = 'submission.created' | 'submission.confirmed' | 'consent.withdrawn';

export interface OutboxMail {
  to: string;
  subject: string;
  text: string;
  html?: string;
  links: string[];
}

export interface DeliveryRow {
  id: number;
  channel: 'mail' | 'webhook';
  kind: string;
  submissionId: number | null;
  recipient: string;
  status: 'pending' | 'sent' | 'failed';
  attempts: number;
  nextAttemptAt: string;
  lastError: string | null;
  createdAt: string;
  sentAt: string | null;
}

export interface OutboxSettings {
  smtpUrl: string | null;
  mailFrom: string;
  webhookUrl: string | null;
  webhookSecret: string | null;
}

/** What the worker sends through; the server's are SMTP (nodemailer) and fetch. */
export interface OutboxDeps {
  sendMail?: SendMail;
  fetch?: typeof fetch;
  now?: () => number;
  random?: () => number;
  log?: (message: string, detail?: unknown) => void;
  /** How the worker repeats its polls and lease renewals (tests drive them). */
  repeat?: Repeat;
}

/** A Standard Webhooks secret: 'whsec_' and the base64 of at least 24 random bytes. */
export function isWebhookSecret(secret: string): boolean {
  const match = /^whsec_([A-Za-z0-9+/]+={0,2})$/.exec(secret);
  return !!match && Buffer.from(match[1]!, 'base64').length >= 24;
}

const iso = (ms: number) => new Date(ms).toISOString();

export function createOutbox(sql: Sql, settings: OutboxSettings, deps: OutboxDeps = {}) {
  const clock = deps.now ?? (() => Date.now());
  const webhooksOn = !!(settings.webhookUrl && settings.webhookSecret);
  const worker = createWorker(
    sql,
    [
      mailChannel({
        smtpUrl: settings.smtpUrl,
        mailFrom: settings.mailFrom,
        sendMail: deps.sendMail,
      }),
      webhookChannel({
        secret: webhooksOn ? settings.webhookSecret : null,
        fetch: deps.fetch,
        now: clock,
      }),
    ],
    {
      now: clock,
      random: deps.random ?? Math.random,
      log: deps.log ?? (() => {}),
      repeat: deps.repeat,
    },
  );

  const q = {
    mailbox: 'SELECT * FROM mails ORDER BY id DESC LIMIT ?',
    retry: `UPDATE deliveries SET status = 'pending', next_attempt_at = ?, created_at = ?
       WHERE id = ? AND status = 'failed'`,
    ofSubmission: 'SELECT * FROM deliveries WHERE submission_id = ? ORDER BY id',
    byId: 'SELECT * FROM deliveries WHERE id = ?',
  };

  const toRow = (row: Record<string, unknown>): DeliveryRow => ({
    id: row.id as number,
    channel: row.channel as DeliveryRow['channel'],
    kind: row.kind as string,
    submissionId: (row.submission_id as number | null) ?? null,
    recipient: row.recipient as string,
    status: row.status as DeliveryRow['status'],
    attempts: row.attempts as number,
    nextAttemptAt: row.next_attempt_at as string,
    lastError: (row.last_error as string | null) ?? null,
    createdAt: row.created_at as string,
    sentAt: (row.sent_at as string | null) ?? null,
  });

  /** Whether a mail goes through a delivery row (SMTP) or straight into the dev outbox. */
  const viaWorker = !!settings.smtpUrl;
  /** The lanes a commit may have written deliveries for. */
  const lanesInUse = [
    ...(viaWorker ? (['mail'] as const) : []),
    ...(webhooksOn ? (['webhook'] as const) : []),
  ];

  /**
   * A mail's rows: without SMTP it lands in the dev outbox at once (a notice also in the
   * delivery log); with SMTP it is a delivery the worker sends after the commit. The
   * delivery names its submission: `submissionId`, or the submission the rows are stored
   * with (`'stored with'`, a link filled in by the caller).
   */
  function mailRows(
    mail: OutboxMail,
    meta: { kind: MailKind; submissionId?: number | 'stored with' | null },
  ): Row[] {
    const now = clock();
    const at = iso(now);
    const rows: Row[] = [];
    if (!viaWorker) {
      rows.push({
        table: 'mails',
        values: {
          recipient: mail.to,
          subject: mail.subject,
          body: mail.text,
          links: JSON.stringify(mail.links),
          created_at: at,
        },
      });
      if (meta.kind !== 'notice') return rows;
    }
    const linked = meta.submissionId === 'stored with';
    rows.push({
      table: 'deliveries',
      values: {
        uuid: uuidv7(now),
        channel: 'mail',
        kind: meta.kind,
        ...(linked ? {} : { submission_id: (meta.submissionId as number | null) ?? null }),
        recipient: mail.to,
        payload: JSON.stringify(mail),
        status: viaWorker ? 'pending' : 'sent',
        attempts: viaWorker ? 0 : 1,
        next_attempt_at: at,
        created_at: at,
        sent_at: viaWorker ? null : at,
      },
      links: linked ? ['submission_id'] : [],
    });
    return rows;
  }

  return {
    webhooksOn,

    mailRows,

    /** A mail, inside the caller's transaction (its rows: mailRows). */
    async mail(
      tx: Queryable,
      mail: OutboxMail,
      meta: { kind: MailKind; submissionId?: number | null },
    ) {
      for (const row of mailRows(mail, meta)) await insertRow(tx, row);
    },

    /** A webhook call, inside the caller's transaction (nothing when no WEBHOOK_URL is set). */
    async webhook(tx: Queryable, type: WebhookEvent, data: unknown, submissionId: number | null) {
      if (!webhooksOn) return;
      const now = clock();
      const at = iso(now);
      await insertRow(tx, {
        table: 'deliveries',
        values: {
          uuid: uuidv7(now),
          channel: 'webhook',
          kind: type,
          submission_id: submissionId,
          recipient: settings.webhookUrl!,
          payload: JSON.stringify({ type, timestamp: at, data }),
          status: 'pending',
          attempts: 0,
          next_attempt_at: at,
          created_at: at,
          sent_at: null,
        },
      });
    },

    /**
     * After a commit that wrote deliveries: send them now rather than at the next poll. Without
     * SMTP and webhooks every delivery is written as sent, and there is nothing to wake for.
     */
    nudge() {
      if (lanesInUse.length) worker.wake(lanesInUse);
    },

    start: worker.start,

    /** Stops the worker and waits for the tries under way. */
    stop: worker.stop,

    runDue: worker.runDue,

    /** A failed delivery, sent again now (and tried for three more days). */
    async retry(id: number): Promise<boolean> {
      const at = iso(clock());
      const changed = (await sql.run(q.retry, at, at, id)) === 1;
      if (changed) worker.wake();
      return changed;
    },

    async deliveriesOf(submissionId: number): Promise<DeliveryRow[]> {
      return (await sql.all(q.ofSubmission, submissionId)).map(toRow);
    },

    async delivery(id: number): Promise<DeliveryRow | null> {
      const row = await sql.one(q.byId, id);
      return row ? toRow(row) : null;
    },

    /** The dev outbox, newest first (empty when mail goes to SMTP). */
    async mailbox(limit = 100) {
      return (
        await sql.all<{
          id: number;
          recipient: string;
          subject: string;
          body: string;
          links: string;
          created_at: string;
        }>(q.mailbox, limit)
      ).map((row) => ({
        id: row.id,
        to: row.recipient,
        subject: row.subject,
        text: row.body,
        links: JSON.parse(row.links) as string[],
        createdAt: row.created_at,
      }));
    },
  };
}

export type Outbox = ReturnType<typeof createOutbox>;
