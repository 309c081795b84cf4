/**
 * Why a delivery's try failed, as a code with its parameters (the contract's DeliveryError,
 * docs/agency.md#the-delivery-log): the worker stores it beside the error's text, the inbox
 * words it in its own language. The text stays for the operator's log.
 */
import type { components } from '../../contract/types';

export type DeliveryError = components['schemas']['DeliveryError'];

/** An error whose code a channel already knows (a webhook receiver's answer, a lost lease). */
export class DeliveryFailure extends Error {
  constructor(
    message: string,
    readonly reason: DeliveryError,
  ) {
    super(message);
  }
}

/** A refusal no later try can change (an SMTP 550 for the recipient): failed at once. */
export class PermanentFailure extends DeliveryFailure {}

/** An SMTP reply's enhanced status code (RFC 3463): '550 5.1.1 no such user' has 5.1.1. */
export function enhancedStatus(
  response: string,
): { kind: number; subject: number; detail: number } | null {
  const match = /^\d{3}[ -]([245])\.(\d{1,3})\.(\d{1,3})(?:\s|$)/.exec(response);
  return match
    ? { kind: Number(match[1]), subject: Number(match[2]), detail: Number(match[3]) }
    : null;
}

/** An SMTP reply's code and enhanced status as a DeliveryError's parameters. */
export function smtpReply(
  code: 'smtp_rejected' | 'smtp_reply',
  responseCode: number,
  response: string | undefined,
): DeliveryError {
  const status = response ? enhancedStatus(response) : null;
  return {
    code,
    status: responseCode,
    ...(status ? { enhanced: `${status.kind}.${status.subject}.${status.detail}` } : {}),
  };
}

/** System error codes (Node's, undici's, nodemailer's) by what they mean to an agency. */
const BY_SYSTEM_CODE: [RegExp, DeliveryError['code']][] = [
  [/^ECONNREFUSED$/, 'connection_refused'],
  [/^(ENOTFOUND|EAI_AGAIN|EAI_NONAME|EAI_NODATA)$/, 'host_not_found'],
  [/^(ETIMEDOUT|ESOCKETTIMEDOUT|UND_ERR_(CONNECT|HEADERS|BODY)_TIMEOUT)$/, 'timeout'],
  [
    /^(ETLS|ERR_TLS_.*|ERR_SSL_.*|CERT_.*|.*_CERT(_.*)?|UNABLE_TO_.*|DEPTH_ZERO_SELF_SIGNED_CERT|SELF_SIGNED_CERT_IN_CHAIN|HOSTNAME_MISMATCH)$/,
    'tls',
  ],
  [/^EAUTH$/, 'smtp_auth'],
  [
    /^(ECONNRESET|EPIPE|ECONNABORTED|EHOSTUNREACH|ENETUNREACH|UND_ERR_SOCKET|UND_ERR_CLOSED|ESOCKET|ECONNECTION)$/,
    'connection_lost',
  ],
];

/** The same meanings in an error's text, for errors without a code (and texts stored before). */
const BY_TEXT: [RegExp, DeliveryError['code']][] = [
  [/\bECONNREFUSED\b/, 'connection_refused'],
  [/\b(ENOTFOUND|EAI_AGAIN)\b/, 'host_not_found'],
  [/\b(ETIMEDOUT|timed? ?out|timeout)\b/i, 'timeout'],
  [/\b(certificate|TLS|SSL)\b/i, 'tls'],
  [/\b(ECONNRESET|EPIPE|socket hang up)\b/i, 'connection_lost'],
];

function codeOf(code: unknown): DeliveryError['code'] | null {
  if (typeof code !== 'string') return null;
  return BY_SYSTEM_CODE.find(([pattern]) => pattern.test(code))?.[1] ?? null;
}

/** What an error text stored without a code means, as far as its words say (else unknown). */
export function reasonOfText(text: string): DeliveryError {
  const answered = /^the receiver answered (\d{3})\b/.exec(text);
  if (answered) return { code: 'http_status', status: Number(answered[1]) };
  const refused = /^the mail server refused it: (\d{3})\b/.exec(text);
  if (refused) return smtpReply('smtp_rejected', Number(refused[1]), text.slice(28));
  if (/^(no SMTP server is set|webhooks are not configured)/.test(text))
    return { code: 'not_configured' };
  if (/^another worker took over|^the lease could not be renewed/.test(text))
    return { code: 'lease_lost' };
  const reply = /^([45]\d\d)\b/.exec(text);
  if (reply) return smtpReply('smtp_reply', Number(reply[1]), text);
  return { code: BY_TEXT.find(([pattern]) => pattern.test(text))?.[1] ?? 'unknown' };
}

/** What a failed try's error means: its own reason, its system code or its cause's, its text. */
export function reasonOf(error: unknown): DeliveryError {
  if (error instanceof DeliveryFailure) return error.reason;
  const seen = new Set<unknown>();
  for (let at: unknown = error; at && typeof at === 'object' && !seen.has(at);) {
    seen.add(at);
    const { name, code, responseCode, response } = at as {
      name?: unknown;
      code?: unknown;
      responseCode?: unknown;
      response?: unknown;
    };
    if (name === 'TimeoutError') return { code: 'timeout' };
    const known = codeOf(code);
    // An SMTP server's reply says more than the connection's code it came with.
    if (typeof responseCode === 'number' && known !== 'smtp_auth')
      return smtpReply(
        'smtp_reply',
        responseCode,
        typeof response === 'string' ? response : undefined,
      );
    if (known) return { code: known };
    at = (at as { cause?: unknown }).cause;
  }
  return reasonOfText(error instanceof Error ? error.message : String(error));
}
