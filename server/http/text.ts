/**
 * Text a database cannot store as it was sent: U+0000 (PostgreSQL's text refuses it, SQLite
 * would keep it) and a lone UTF-16 surrogate (which neither can encode; the drivers would
 * store U+FFFD in its place). Refused at the edge with a 400 naming the field, the same on
 * both databases (decision 211).
 */
import type { FastifyRequest } from 'fastify';
import { ApiError } from './errors';

export type Unstorable = 'U+0000' | 'lone surrogate';

/** A high surrogate without its low one, or a low one without its high one. */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** Any character of either kind, paired surrogates included: most text has none. */
// eslint-disable-next-line no-control-regex -- U+0000 is what it looks for
const SUSPECT = /[\u0000\uD800-\uDFFF]/;

const why = (text: string): Unstorable | null =>
  !SUSPECT.test(text)
    ? null
    : text.includes('\u0000')
      ? 'U+0000'
      : LONE_SURROGATE.test(text)
        ? 'lone surrogate'
        : null;

const pathTo = (path: string, key: string) => (path ? `${path}/${key}` : key);

/**
 * The first string in `value` (itself, or one inside its objects and arrays, keys included)
 * that cannot be stored: its path (`contact/firstname`, `fields/0/value`) and why; null when
 * there is none. Parsed bodies nest at most MAX_BODY_DEPTH levels (app.ts).
 */
export function unstorableText(
  value: unknown,
  path = '',
): { path: string; reason: Unstorable } | null {
  if (typeof value === 'string') {
    const reason = why(value);
    return reason ? { path, reason } : null;
  }
  if (typeof value !== 'object' || value === null) return null;
  for (const key of Object.keys(value)) {
    const inner = (value as Record<string, unknown>)[key];
    const reason = why(key) ?? (typeof inner === 'string' ? why(inner) : null);
    if (reason) return { path: pathTo(path, key), reason };
    if (typeof inner === 'object' && inner !== null) {
      const found = unstorableText(inner, pathTo(path, key));
      if (found) return found;
    }
  }
  return null;
}

/** A 400 `rest_invalid_param` naming the first field of the body or query that cannot be stored. */
export function refuseUnstorableText(request: FastifyRequest) {
  for (const [part, value] of [
    ['querystring', request.query],
    ['body', request.body],
  ] as const) {
    const found = unstorableText(value);
    if (found)
      throw new ApiError(
        400,
        'rest_invalid_param',
        'unstorableText',
        { field: `${part}/${found.path}`, character: found.reason },
        `${part}/${found.path} (${found.reason})`,
      );
  }
}
