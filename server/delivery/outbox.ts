/**
 * The delivery outbox (docs/agency.md#the-delivery-outbox), made of three jobs: the writer
 * (writer.ts) writes every mail and webhook call in the transaction of the event that causes
 * it; the worker (worker.ts) sends the due ones after the commit, mail and webhooks each in a
 * lane of its own, one submission's webhook events in the order they were written; the
 * channels (channels.ts) send one delivery over SMTP or as a signed webhook. This module puts
 * them together and answers the inbox's questions: a submission's deliveries, a failed one
 * sent again, the dev outbox.
 */
import type { components } from '../../contract/types';
import type { Sql } from '../db/sql';
import { mailChannel, webhookChannel, type SendMail } from './channels';
import { reasonOfText, type DeliveryError } from './failure';
import { createWorker, type Repeat } from './worker';
import { createWriter, type DevMailParts, type MailAddress, type MailAttachment } from './writer';

export type { MailKind, OutboxMail, WebhookEvent } from './writer';

/** A delivery as the inbox's log shows it (the contract's Delivery). */
export type DeliveryRow = components['schemas']['Delivery'];

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
  /** How long a webhook receiver may take (WEBHOOK_TIMEOUT_MS; tests of a silent one wait longer). */
  webhookTimeoutMs?: number;
}

/** A Standard Webhooks secret: 'whsec_' and the base64 of at least 24 random bytes. */
export function isWebhookSecret(secret: string): boolean {
  const match = /^whsec_([A-Za-z0-9+/]+={0,2})$/.exec(secret);
  return !!match && Buffer.from(match[1]!, 'base64').length >= 24;
}

const iso = (ms: number) => new Date(ms).toISOString();

const Q = {
  mailbox: 'SELECT * FROM mails ORDER BY id DESC LIMIT ?',
  devMail: 'SELECT * FROM mails WHERE id = ?',
  // An erased delivery (its payload cleared, docs/security.md#erasure) has nothing to send.
  retry: `UPDATE deliveries SET status = 'pending', next_attempt_at = ?, created_at = ?
     WHERE id = ? AND status = 'failed' AND payload <> ''`,
  erased: `SELECT 1 AS yes FROM deliveries WHERE id = ? AND payload = ''`,
  ofSubmission: 'SELECT * FROM deliveries WHERE submission_id = ? ORDER BY id',
  byId: 'SELECT * FROM deliveries WHERE id = ?',
};

/** A row's last error as a code: stored as one, or read from a text stored before codes were. */
function errorOf(row: Record<string, unknown>): DeliveryError | null {
  if (typeof row.last_error_code === 'string')
    return JSON.parse(row.last_error_code) as DeliveryError;
  return typeof row.last_error === 'string' ? reasonOfText(row.last_error) : null;
}

interface MailRow {
  id: number;
  recipient: string;
  subject: string;
  body: string;
  links: string;
  message: string | null;
  created_at: string;
}

/**
 * A mail of the dev outbox with all it was written with; a mail stored before the outbox kept
 * more than its text has no sender, Reply-To, HTML part or attachments.
 */
export interface DevMail {
  id: number;
  to: string;
  subject: string;
  text: string;
  links: string[];
  createdAt: string;
  from: string | null;
  messageId: string | null;
  replyTo: MailAddress | null;
  html: string | null;
  attachments: MailAttachment[];
}

function toDevMail(row: MailRow): DevMail {
  const parts = row.message ? (JSON.parse(row.message) as Partial<DevMailParts>) : {};
  return {
    id: Number(row.id),
    to: row.recipient,
    subject: row.subject,
    text: row.body,
    links: JSON.parse(row.links) as string[],
    createdAt: row.created_at,
    from: parts.from ?? null,
    messageId: parts.messageId ?? null,
    replyTo: parts.replyTo ?? null,
    html: parts.html ?? null,
    attachments: parts.attachments ?? [],
  };
}

const toDelivery = (row: Record<string, unknown>): DeliveryRow => ({
  id: row.id as number,
  channel: row.channel as DeliveryRow['channel'],
  kind: row.kind as string,
  submissionId: (row.submission_id as number | null) ?? null,
  recipient: row.recipient as string,
  status: row.status as DeliveryRow['status'],
  attempts: row.attempts as number,
  nextAttemptAt: row.next_attempt_at as string,
  lastError: (row.last_error as string | null) ?? null,
  error: errorOf(row),
  createdAt: row.created_at as string,
  sentAt: (row.sent_at as string | null) ?? null,
});

export function createOutbox(sql: Sql, settings: OutboxSettings, deps: OutboxDeps = {}) {
  const clock = deps.now ?? (() => Date.now());
  const log = deps.log ?? (() => {});
  const webhooksOn = !!(settings.webhookUrl && settings.webhookSecret);
  const viaWorker = !!settings.smtpUrl;
  const writer = createWriter({
    viaWorker,
    mailFrom: settings.mailFrom,
    webhookUrl: webhooksOn ? settings.webhookUrl : null,
    now: clock,
  });
  const worker = createWorker(
    sql,
    [
      mailChannel({
        smtpUrl: settings.smtpUrl,
        mailFrom: settings.mailFrom,
        sendMail: deps.sendMail,
        log,
      }),
      webhookChannel({
        secret: webhooksOn ? settings.webhookSecret : null,
        fetch: deps.fetch,
        now: clock,
        timeoutMs: deps.webhookTimeoutMs,
      }),
    ],
    {
      now: clock,
      random: deps.random ?? Math.random,
      log,
      repeat: deps.repeat,
    },
  );
  /** Who waits for the next nudge (nudged()). */
  const listeners = new Set<() => void>();
  /** The lanes a commit may write deliveries for, and the worker's polls look at. */
  const lanesInUse: ('mail' | 'webhook')[] = [
    ...(viaWorker ? (['mail'] as const) : []),
    ...(webhooksOn ? (['webhook'] as const) : []),
  ];

  return {
    ...writer,

    /**
     * After a commit that wrote deliveries: send them now rather than at the next poll. Without
     * SMTP and webhooks every delivery is written as sent, and there is nothing to wake for.
     */
    nudge() {
      if (lanesInUse.length) worker.wake(lanesInUse);
      for (const heard of [...listeners]) heard();
    },

    /**
     * Resolves at the next nudge, once a commit has written a mail or webhook call (in the dev
     * outbox: once the mail is there), so a test waits for one without polling.
     */
    nudged(): Promise<void> {
      return new Promise((resolve) => {
        const heard = () => {
          listeners.delete(heard);
          resolve();
        };
        listeners.add(heard);
      });
    },

    /** Starts the worker; its polls look at the lanes in use only. */
    start: () => worker.start(lanesInUse),

    /** Stops the worker and waits for the tries under way. */
    stop: worker.stop,

    runDue: worker.runDue,

    /** A failed delivery, sent again now (and tried for three more days). */
    async retry(id: number): Promise<boolean> {
      const at = iso(clock());
      const changed = (await sql.run(Q.retry, at, at, id)) === 1;
      if (changed) worker.wake();
      return changed;
    },

    /** Whether a delivery was cleared by its contact's erasure (it cannot be sent again). */
    async erased(id: number): Promise<boolean> {
      return !!(await sql.one(Q.erased, id));
    },

    async deliveriesOf(submissionId: number): Promise<DeliveryRow[]> {
      return (await sql.all(Q.ofSubmission, submissionId)).map(toDelivery);
    },

    async delivery(id: number): Promise<DeliveryRow | null> {
      const row = await sql.one(Q.byId, id);
      return row ? toDelivery(row) : null;
    },

    /** The dev outbox, newest first (empty when mail goes to SMTP). */
    async mailbox(limit = 100): Promise<DevMail[]> {
      return (await sql.all<MailRow>(Q.mailbox, limit)).map(toDevMail);
    },

    /** One mail of the dev outbox, or null. */
    async devMail(id: number): Promise<DevMail | null> {
      const row = await sql.one<MailRow>(Q.devMail, id);
      return row ? toDevMail(row) : null;
    },
  };
}

export type Outbox = ReturnType<typeof createOutbox>;
