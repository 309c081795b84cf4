/**
 * What the server's log says of a request (docs/security.md#the-log): its method and path, and
 * of its query only the parameters' names, each value replaced by `…` but for the few that
 * name no one (a filter's kind, a sort, a language). A search (`q=`), an address, a name, a
 * cursor (which may hold a name) and every key or token (`k=`) never reach the log.
 */
import type { FastifyRequest } from 'fastify';

/** Query parameters whose values are the inbox's and widget's own words, never a person's. */
const SHOWN = new Set([
  'kind',
  'handling',
  'confirmed',
  'unread',
  'matching',
  'sort',
  'order',
  'lang',
  'all',
]);

/** `url` with every query value replaced by `…` but those of SHOWN parameters. */
export function redactUrl(url: string): string {
  const at = url.indexOf('?');
  if (at < 0) return url;
  const query = url
    .slice(at + 1)
    .split('&')
    .map((pair) => {
      const eq = pair.indexOf('=');
      const written = eq < 0 ? pair : pair.slice(0, eq);
      // A name is shown when it looks like one; anything else may be someone's text.
      const name = /^[A-Za-z][\w.-]{0,30}$/.test(written) ? written : '…';
      if (eq < 0) return name;
      return SHOWN.has(name) ? pair : `${name}=…`;
    })
    .join('&');
  return `${url.slice(0, at)}?${query}`;
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
