/**
 * The outbox's channels: how one delivery is sent. Mail goes over SMTP (nodemailer), a webhook
 * is a signed POST (Standard Webhooks). Each knows what a refusal for good is, and bounds what
 * it waits for and what it reads.
 */
import { Webhook } from 'standardwebhooks';
import { readBody } from '../net/body';
import type { MailAddress, MailAttachment, OutboxMail } from './writer';
import { DeliveryFailure, enhancedStatus, PermanentFailure, smtpReply } from './failure';
import type { Channel, Claimed } from './worker';

export interface MailMessage {
  from: string;
  to: string;
  subject: string;
  text: string;
  html?: string;
  /** Where an answer goes (the visitor, on a notice): an address object, never a header string. */
  replyTo?: MailAddress;
  attachments?: MailAttachment[];
  messageId: string;
  /** Ends the send (its lease is lost, or it took too long). */
  signal?: AbortSignal;
}

export type SendMail = (message: MailMessage) => Promise<unknown>;

/** How long an SMTP server may take to accept a connection or greet. */
export const SMTP_TIMEOUT_MS = 10_000;
/** An SMTP server that stays silent this long within a send is given up on. */
export const SMTP_SOCKET_TIMEOUT_MS = 3 * SMTP_TIMEOUT_MS;
/** The longest one mail's send may take, however the server trickles its replies. */
export const MAIL_SEND_MAX_MS = 5 * 60_000;
export const MAIL_CONCURRENCY = 4;

/**
 * Whether an SMTP error is the server refusing this recipient or message for good
 * (docs/agency.md#the-delivery-outbox): a 5xx reply to RCPT TO or DATA whose enhanced status
 * code names the address (5.1.x), the mailbox (5.2.x) or the receiving mail system (5.3.x),
 * except those RFC 3463 calls persistent transient: a full mailbox (5.2.2), a full mail system
 * (5.3.1), a system not taking messages now (5.3.2). Anything else, a policy or credentials
 * refusal (5.7.x: relaying denied, authentication required) and a 5xx without an enhanced
 * code among them, is most likely the sending server's setup, which the operator can mend:
 * tried again like a 4xx.
 */
export function isRefusal(error: unknown): error is { response?: string; responseCode: number } {
  const { responseCode, command, response } = (error ?? {}) as {
    responseCode?: unknown;
    command?: unknown;
    response?: unknown;
  };
  if (typeof responseCode !== 'number' || responseCode < 500 || responseCode > 599) return false;
  if (command !== 'RCPT TO' && command !== 'DATA') return false;
  const status = typeof response === 'string' ? enhancedStatus(response) : null;
  if (!status || status.kind !== 5) return false;
  if (status.subject === 1) return true;
  if (status.subject === 2) return status.detail !== 2;
  if (status.subject === 3) return status.detail !== 1 && status.detail !== 2;
  return false;
}

/** Whether an SMTP error is a 5xx reply (to any command). */
const isPermanentReply = (error: unknown) => {
  const { responseCode } = (error ?? {}) as { responseCode?: unknown };
  return typeof responseCode === 'number' && responseCode >= 500 && responseCode <= 599;
};

export function mailChannel(options: {
  smtpUrl: string | null;
  mailFrom: string;
  sendMail?: SendMail;
  /** Warnings for the operator (a mail server that refuses every mail). */
  log?: (message: string, detail?: unknown) => void;
}): Channel {
  /** A 5xx that is tried again was logged since the last mail the server took. */
  let warned = false;
  const domain = /@([^>\s]+)>?\s*$/.exec(options.mailFrom)?.[1] ?? 'immosuite.local';
  let transport: Promise<SendMail> | null = null;
  const sendMail: SendMail = (message) => {
    if (options.sendMail) return options.sendMail(message);
    if (!options.smtpUrl)
      return Promise.reject(
        new DeliveryFailure('no SMTP server is set (SMTP_URL)', { code: 'not_configured' }),
      );
    // Loaded only when SMTP is configured.
    transport ??= import('nodemailer').then((m) => {
      // A server that accepts and then says nothing is given up on within seconds; the
      // delivery is tried again later.
      const smtp = m.default.createTransport({
        url: options.smtpUrl!,
        connectionTimeout: SMTP_TIMEOUT_MS,
        greetingTimeout: SMTP_TIMEOUT_MS,
        socketTimeout: SMTP_SOCKET_TIMEOUT_MS,
      });
      return (message) => smtp.sendMail(message);
    });
    return transport.then((send) => send(message));
  };
  return {
    name: 'mail',
    concurrency: MAIL_CONCURRENCY,
    ordered: false,
    async send(delivery: Claimed, signal: AbortSignal) {
      const mail = JSON.parse(delivery.payload) as OutboxMail;
      try {
        await sendMail({
          from: options.mailFrom,
          to: mail.to,
          subject: mail.subject,
          text: mail.text,
          ...(mail.html ? { html: mail.html } : {}),
          ...(mail.replyTo ? { replyTo: mail.replyTo } : {}),
          ...(mail.attachments?.length ? { attachments: mail.attachments } : {}),
          messageId: `<${delivery.uuid}@${domain}>`,
          signal: AbortSignal.any([signal, AbortSignal.timeout(MAIL_SEND_MAX_MS)]),
        });
        warned = false;
      } catch (error) {
        if (isRefusal(error))
          throw new PermanentFailure(
            `the mail server refused it: ${error.response ?? error.responseCode}`,
            smtpReply('smtp_rejected', error.responseCode, error.response),
          );
        // A 5xx that is tried again is most likely this server's setup (SMTP_URL's user and
        // password, the relay's settings): said once until a mail gets through again.
        if (isPermanentReply(error) && !warned) {
          warned = true;
          const { response, responseCode } = error as { response?: string; responseCode: number };
          options.log?.(
            'the mail server refuses mail, which is tried again: check SMTP_URL (its user and password) and what the mail server lets it send',
            { reply: response ?? responseCode },
          );
        }
        throw error;
      }
    },
  };
}

export const WEBHOOK_TIMEOUT_MS = 10_000;
export const WEBHOOK_CONCURRENCY = 8;
/** Of a receiver's answer, at most this much is read (and kept as the error of a refusal). */
export const ANSWER_BYTES = 2_048;

export function webhookChannel(options: {
  secret: string | null;
  fetch?: typeof fetch;
  now: () => number;
  /** How long a receiver may take to answer (WEBHOOK_TIMEOUT_MS unless a test needs longer). */
  timeoutMs?: number;
}): Channel {
  const timeoutMs = options.timeoutMs ?? WEBHOOK_TIMEOUT_MS;
  const signer = options.secret ? new Webhook(options.secret) : null;
  const doFetch = options.fetch ?? fetch;
  return {
    name: 'webhook',
    concurrency: WEBHOOK_CONCURRENCY,
    ordered: true,
    async send(delivery: Claimed, signal: AbortSignal) {
      if (!signer)
        throw new DeliveryFailure('webhooks are not configured', { code: 'not_configured' });
      const body = delivery.payload;
      const at = new Date(options.now());
      const webhookId = `msg_${delivery.uuid}`;
      const answer = await doFetch(delivery.recipient, {
        method: 'POST',
        headers: {
          'Content-Type': 'application/json',
          'webhook-id': webhookId,
          'webhook-timestamp': String(Math.floor(at.getTime() / 1000)),
          'webhook-signature': signer.sign(webhookId, at, body),
        },
        body,
        redirect: 'manual',
        signal: AbortSignal.any([signal, AbortSignal.timeout(timeoutMs)]),
      });
      const text = (await readBody(answer, ANSWER_BYTES, 'cut')).replace(/\s+/g, ' ').trim();
      if (answer.status < 200 || answer.status > 299)
        throw new DeliveryFailure(
          `the receiver answered ${answer.status}${text ? `: ${text}` : ''}`,
          { code: 'http_status', status: answer.status },
        );
    },
  };
}
