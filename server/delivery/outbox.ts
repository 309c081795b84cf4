/**
 * The delivery outbox (issue #20): every mail and webhook call is written in the same
 * transaction as the event that causes it, and a worker in the server process delivers it.
 *
 * - Without SMTP_URL, mail goes to the dev outbox (the `mails` table, DECISIONS 15) inside the
 *   caller's transaction: stored exactly once, with its event. A notice also gets a delivery
 *   row, marked sent, for the inbox's delivery log.
 * - With SMTP_URL, every mail is a delivery row, sent by the worker after the commit: the
 *   visitor's answer never waits on SMTP. Each mail carries a Message-ID of its own row, the
 *   same on every try.
 * - Webhooks (WEBHOOK_URL) are delivery rows too, POSTed as JSON and signed per the Standard
 *   Webhooks spec; `webhook-id` is the row's, the same on every try, for the receiver to drop
 *   repeats.
 *
 * The worker claims a due row by moving its next try into the future (a lease) before it
 * sends; a send that fails, times out or dies with the process is tried again after an
 * exponential backoff with jitter, for three days, then the row is marked failed with its last
 * error (the inbox offers to send it again).
 */
import { Webhook } from 'standardwebhooks';
import { insertRow, type Row } from '../db/rows';
import type { Queryable, Sql } from '../db/sql';

export type MailKind = 'confirm' | 'login' | 'noAccount' | 'notice';
export type WebhookEvent = 'submission.created' | 'submission.confirmed' | 'consent.withdrawn';
export const WEBHOOK_EVENTS: readonly WebhookEvent[] = [
  'submission.created',
  'submission.confirmed',
  'consent.withdrawn',
];

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
  sendMail?: (message: {
    from: string;
    to: string;
    subject: string;
    text: string;
    html?: string;
    messageId: string;
  }) => Promise<unknown>;
  fetch?: typeof fetch;
  now?: () => number;
  random?: () => number;
  log?: (message: string, detail?: unknown) => void;
}

/** Tries go on for three days after the event. */
export const RETRY_FOR_MS = 3 * 24 * 60 * 60 * 1000;
const FIRST_DELAY_MS = 30_000;
const MAX_DELAY_MS = 6 * 60 * 60 * 1000;
/** How often the worker looks for due retries when nothing nudges it. */
export const POLL_MS = 5_000;
export const WEBHOOK_TIMEOUT_MS = 10_000;
/** How long an SMTP server may take to accept a connection or greet (a send: three times). */
export const SMTP_TIMEOUT_MS = 10_000;
const BATCH = 20;

/** The wait before try `attempt + 1`: 30 s doubling to at most 6 h, less up to half at random. */
export function backoffMs(attempt: number, random: () => number = Math.random): number {
  const full = Math.min(FIRST_DELAY_MS * 2 ** Math.max(0, attempt - 1), MAX_DELAY_MS);
  return Math.round(full * (1 - random() / 2));
}

/** A Standard Webhooks secret: 'whsec_' and the base64 of at least 24 random bytes. */
export function isWebhookSecret(secret: string): boolean {
  const match = /^whsec_([A-Za-z0-9+/]+={0,2})$/.exec(secret);
  return !!match && Buffer.from(match[1]!, 'base64').length >= 24;
}

const iso = (ms: number) => new Date(ms).toISOString();
const errorText = (error: unknown) =>
  (error instanceof Error ? error.message : String(error)).slice(0, 500);

export function createOutbox(sql: Sql, settings: OutboxSettings, deps: OutboxDeps = {}) {
  const clock = deps.now ?? (() => Date.now());
  const random = deps.random ?? Math.random;
  const log = deps.log ?? (() => {});
  const doFetch = deps.fetch ?? fetch;
  const signer =
    settings.webhookUrl && settings.webhookSecret ? new Webhook(settings.webhookSecret) : null;
  const mailDomain = /@([^>\s]+)>?\s*$/.exec(settings.mailFrom)?.[1] ?? 'immosuite.local';
  let transport: Promise<NonNullable<OutboxDeps['sendMail']>> | null = null;
  const sendMail = (message: Parameters<NonNullable<OutboxDeps['sendMail']>>[0]) => {
    if (deps.sendMail) return deps.sendMail(message);
    // Loaded only when SMTP is configured.
    transport ??= import('nodemailer').then((m) => {
      // A server that accepts and then says nothing is given up on within seconds; the
      // delivery is tried again later.
      const smtp = m.default.createTransport({
        url: settings.smtpUrl!,
        connectionTimeout: SMTP_TIMEOUT_MS,
        greetingTimeout: SMTP_TIMEOUT_MS,
        socketTimeout: 3 * SMTP_TIMEOUT_MS,
      });
      return (options) => smtp.sendMail(options);
    });
    return transport.then((send) => send(message));
  };

  const q = {
    mailbox: 'SELECT * FROM mails ORDER BY id DESC LIMIT ?',
    due: `SELECT * FROM deliveries WHERE status = 'pending' AND next_attempt_at <= ?
       ORDER BY next_attempt_at LIMIT ${BATCH}`,
    claim: `UPDATE deliveries SET attempts = attempts + 1, next_attempt_at = ?
       WHERE id = ? AND status = 'pending' AND attempts = ?`,
    sent: `UPDATE deliveries SET status = 'sent', sent_at = ?, last_error = NULL WHERE id = ?`,
    failedTry: 'UPDATE deliveries SET last_error = ? WHERE id = ?',
    givenUp: `UPDATE deliveries SET status = 'failed', last_error = ? WHERE id = ?`,
    retry: `UPDATE deliveries SET status = 'pending', next_attempt_at = ?, created_at = ?
       WHERE id = ? AND status = 'failed'`,
    ofSubmission: 'SELECT * FROM deliveries WHERE submission_id = ? ORDER BY id',
    byId: 'SELECT * FROM deliveries WHERE id = ?',
  };

  const due = sql.dialect === 'postgres' ? `${q.due} FOR UPDATE SKIP LOCKED` : q.due;

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

  /** One try of one claimed row; resolves when it is recorded as sent or failed. */
  async function attempt(row: Record<string, unknown>) {
    const id = row.id as number;
    const payload = JSON.parse(row.payload as string) as Record<string, unknown>;
    try {
      if (row.channel === 'mail') {
        const mail = payload as unknown as OutboxMail;
        await sendMail({
          from: settings.mailFrom,
          to: mail.to,
          subject: mail.subject,
          text: mail.text,
          ...(mail.html ? { html: mail.html } : {}),
          messageId: `<delivery-${id}-${Date.parse(row.created_at as string)}@${mailDomain}>`,
        });
      } else {
        if (!signer) throw new Error('webhooks are not configured');
        const body = row.payload as string;
        const at = new Date(clock());
        const webhookId = `msg_${id}`;
        const answer = await doFetch(row.recipient as string, {
          method: 'POST',
          headers: {
            'Content-Type': 'application/json',
            'webhook-id': webhookId,
            'webhook-timestamp': String(Math.floor(at.getTime() / 1000)),
            'webhook-signature': signer.sign(webhookId, at, body),
          },
          body,
          redirect: 'manual',
          signal: AbortSignal.timeout(WEBHOOK_TIMEOUT_MS),
        });
        // The answer's body is not needed; reading it frees the connection.
        await answer.arrayBuffer().catch(() => undefined);
        if (answer.status < 200 || answer.status > 299)
          throw new Error(`the receiver answered ${answer.status}`);
      }
      await sql.run(q.sent, iso(clock()), id);
    } catch (error) {
      const message = errorText(error);
      if (clock() - Date.parse(row.created_at as string) >= RETRY_FOR_MS) {
        await sql.run(q.givenUp, message, id);
        log('delivery failed for good', { id, channel: row.channel, error: message });
      } else {
        await sql.run(q.failedTry, message, id);
        log('delivery failed, tried again later', { id, channel: row.channel, error: message });
      }
    }
  }

  /** Claims and sends what is due now, batch after batch; resolves with the number tried. */
  async function runDue(): Promise<number> {
    let tried = 0;
    for (;;) {
      const at = clock();
      // Claimed in one transaction; on PostgreSQL, rows another process is claiming are
      // skipped (FOR UPDATE SKIP LOCKED), and a claim moves the row's next try into the future.
      const rows = await sql.transaction(async (tx) => {
        const claimed: Record<string, unknown>[] = [];
        for (const row of await tx.all(due, iso(at))) {
          const lease = iso(at + backoffMs((row.attempts as number) + 1, random));
          if ((await tx.run(q.claim, lease, row.id as number, row.attempts as number)) === 1)
            claimed.push(row);
        }
        return claimed;
      });
      if (rows.length === 0) return tried;
      tried += rows.length;
      await Promise.all(rows.map(attempt));
    }
  }

  let timer: NodeJS.Timeout | null = null;
  let running: Promise<unknown> | null = null;
  let again = false;
  let stopped = true;
  function schedule(ms: number) {
    if (stopped) return;
    if (timer) clearTimeout(timer);
    timer = setTimeout(tick, ms);
    timer.unref();
  }
  function tick() {
    timer = null;
    if (running) {
      again = true;
      return;
    }
    running = runDue()
      .catch((error) => log('delivery worker failed', errorText(error)))
      .finally(() => {
        running = null;
        schedule(again ? 0 : POLL_MS);
        again = false;
      });
  }

  /** Whether a mail goes through a delivery row (SMTP) or straight into the dev outbox. */
  const viaWorker = !!settings.smtpUrl;

  /** Runs the worker now, or once more after the run under way. */
  function wake() {
    if (stopped) return;
    if (running) again = true;
    else schedule(0);
  }

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
    const at = iso(clock());
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
    webhooksOn: !!signer,

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
      if (!signer || !settings.webhookUrl) return;
      const at = iso(clock());
      await insertRow(tx, {
        table: 'deliveries',
        values: {
          channel: 'webhook',
          kind: type,
          submission_id: submissionId,
          recipient: settings.webhookUrl,
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
      if (viaWorker || signer) wake();
    },

    start() {
      stopped = false;
      schedule(0);
    },

    /** Stops the worker and waits for the tries under way. */
    async stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      timer = null;
      await running;
    },

    runDue,

    /** A failed delivery, sent again now (and tried for three more days). */
    async retry(id: number): Promise<boolean> {
      const at = iso(clock());
      const changed = (await sql.run(q.retry, at, at, id)) === 1;
      if (changed) wake();
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
