/**
 * What the server's log says of a request (docs/security.md#the-log): its method and path (each
 * segment that is not a route's word, a number or a UUID replaced by `…`), and of its query
 * only the parameters' names, each value replaced by `…` but for the app's own words in the
 * few that name no one (a filter's kind, a sort, a language). A search (`q=`), an address, a name, a
 * cursor (which may hold a name) and every key or token (`k=`) never reach the log.
 */
import type { FastifyRequest } from 'fastify';
import { HANDLINGS, SUBMISSION_KINDS } from '../../contract/agency';

const BOOLEAN = /^(true|false|0|1)$/;
/**
 * Query parameters whose values are the inbox's and widget's own words, never a person's, with
 * the values each may show; any other value (a name, an address typed into `sort=`) is `…`.
 */
const SHOWN: Record<string, RegExp> = {
  kind: new RegExp(`^(${SUBMISSION_KINDS.join('|')})$`),
  handling: new RegExp(`^(${HANDLINGS.join('|')})$`),
  confirmed: BOOLEAN,
  unread: BOOLEAN,
  matching: BOOLEAN,
  all: BOOLEAN,
  sort: /^(date|name|status)$/,
  order: /^(asc|desc)$/,
  lang: /^[a-z]{2}(-[A-Z]{2})?$/,
};

const ROUTE_WORD = /^[A-Za-z][A-Za-z0-9._-]{0,40}$/;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/**
 * A path with every segment that is not a route's word, a number or a UUID replaced by `…`:
 * an address, or a name with spaces or accents, put in a path never reaches the log.
 */
export function redactPath(path: string): string {
  return path
    .split('/')
    .map((segment) =>
      segment === '' || ROUTE_WORD.test(segment) || UUID.test(segment) || /^\d{1,8}$/.test(segment)
        ? segment
        : '…',
    )
    .join('/');
}

/** `url` with its path as redactPath gives it, and every query value `…` but SHOWN ones. */
export function redactUrl(url: string): string {
  const at = url.indexOf('?');
  if (at < 0) return redactPath(url);
  const query = url
    .slice(at + 1)
    .split('&')
    .map((pair) => {
      const eq = pair.indexOf('=');
      const written = eq < 0 ? pair : pair.slice(0, eq);
      // A name is shown when it looks like one; anything else may be someone's text.
      const name = /^[A-Za-z][\w.-]{0,30}$/.test(written) ? written : '…';
      if (eq < 0) return name;
      return SHOWN[name]?.test(pair.slice(eq + 1)) ? pair : `${name}=…`;
    })
    .join('&');
  return `${redactPath(url.slice(0, at))}?${query}`;
}

/** Fastify's request serializer with the query redacted. */
export function requestForLog(request: FastifyRequest) {
  return {
    method: request.method,
    url: redactUrl(request.url),
    host: request.host,
    remoteAddress: request.ip,
    remotePort: request.socket ? request.socket.remotePort : undefined,
  };
}

/** Every query in `text` (a URL in an error's message or stack) redacted as by redactUrl. */
export function redactText(text: string): string {
  return text.replace(/[^\s"'<>()]*\?[^\s"'<>()]*/g, redactUrl);
}

/** An error as the log shows it: its type, code, and message and stack with queries redacted. */
export function errorForLog(error: Error & { code?: unknown; cause?: unknown }): {
  type: string;
  message: string;
  stack: string;
  [key: string]: unknown;
} {
  return {
    type: error.name,
    ...(error.code !== undefined ? { code: error.code } : {}),
    message: redactText(String(error.message)),
    stack: redactText(String(error.stack ?? '')),
    ...(error.cause instanceof Error ? { cause: errorForLog(error.cause) } : {}),
  };
}
