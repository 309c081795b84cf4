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

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
/** An id: a number without a leading 0 (a phone number written national has one). */
const ID = /^([1-9]\d{0,11}|0)$/;
/** A built file's name (a script, a style sheet, an image, a font). */
const FILE_NAME = /^[\w-]+(\.[\w-]+)*\.(js|mjs|css|map|png|jpe?g|svg|webp|ico|woff2?|json|txt)$/;

/** The words of every route's path, as the server registered them (learnRoute). */
const routeWords = new Set<string>();

/** Keeps the words of a route's path (`/agency/api/submissions/:uuid`), its parameters left out. */
export function learnRoute(url: string) {
  for (const segment of url.split('/'))
    if (segment && !segment.includes(':') && !segment.includes('*')) routeWords.add(segment);
}

const known = (segment: string) =>
  segment === '' || routeWords.has(segment) || FILE_NAME.test(segment);

/**
 * A path as the log shows it: the words of the route it matched (`pattern`, Fastify's) as
 * they are, each parameter's value only when it is a UUID, an id or a route word, and what a wildcard
 * took only as route words or built files' names; without a route, only route words. Anything
 * else (an address, a name, a phone number put in a path) is `…`.
 */
export function redactPath(path: string, pattern?: string): string {
  const segments = path.split('/');
  const parts = pattern?.split('/');
  return segments
    .map((segment, i) => {
      const part = parts?.[i];
      if (part === undefined || part.includes('*')) return known(segment) ? segment : '…';
      if (part.startsWith(':'))
        return UUID.test(segment) || ID.test(segment) || known(segment) ? segment : '…';
      return part === segment || known(segment) ? segment : '…';
    })
    .join('/');
}

/** `url` with its path as redactPath gives it, and every query value `…` but SHOWN ones. */
export function redactUrl(url: string, pattern?: string): string {
  const at = url.indexOf('?');
  if (at < 0) return redactPath(url, pattern);
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
  return `${redactPath(url.slice(0, at), pattern)}?${query}`;
}

/** Fastify's request serializer with the query redacted. */
export function requestForLog(request: FastifyRequest) {
  return {
    method: request.method,
    url: redactUrl(request.url, request.routeOptions?.url),
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
