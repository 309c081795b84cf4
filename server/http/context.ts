/**
 * What every route plugin shares: the server's dependencies, `route()`, which takes a route's
 * request validation from the contract and guards every mutating route with the XSRF check,
 * the request's language, and the links mails carry.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest, RouteOptions } from 'fastify';
import { AGENCY_API } from '../../contract/agency';
import type { ContractPath } from '../../contract/openapi';
import { paramsSchema, querySchema, requestBodySchema, type Method } from '../../contract/schema';
import type { components } from '../../contract/types';
import type { ServerConfig } from '../config';
import type { Queryable, Sql } from '../db/sql';
import type { Scrubber } from '../db/scrub';
import type { Outbox } from '../delivery/outbox';
import { langOf, type Lang } from '../mail/templates';
import type { RateCounter } from './rateLimit';
import { checkXsrf, type Sessions } from './security';
import { refuseUnstorableText } from './text';

export const API_PREFIX = '/wp-json/sw-immosuite';

export type Schemas = components['schemas'];
export type ContactInput = Schemas['Contact'];
export type FieldValue = Schemas['FieldValue'];
export type SavedSearchInput = Schemas['SavedSearchInput'];
export type LeadInput = Schemas['Lead'];
export type Meta = Schemas['Honeypot'];

/** What buildServer opens once for every route plugin. */
export interface ServerDeps {
  /** The database, SQLite or PostgreSQL (server/db/sql.ts). */
  sql: Sql;
  config: ServerConfig;
  outbox: Outbox;
  /** Removes an erasure's bytes from the database's files after its commit. */
  scrubber: Scrubber;
  /**
   * Matching's job: woken after a commit that recorded a change for it; told how a lead's
   * agency is told of it (the submissions' service, decision 176).
   */
  matcher: {
    wake(): void;
    tellWith(tell: (tx: Queryable, submissionId: number) => Promise<void>): void;
  };
  sessions: Sessions;
  /** Rate-limit windows, as every server process sees them (http/rateLimit.ts). */
  rateCounter: RateCounter;
}

export interface ApiContext extends ServerDeps {
  /** Regions are seed data and do not change while the server runs: read once. */
  regionNameById: ReadonlyMap<number, string>;
  /** The configured public URL, or loopback and the port the server listens on. */
  publicUrl(): string;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The widget's own origin (of the public URL), as browsers send it in Origin. */
    ownOrigin(): string;
    /** The public URL (PUBLIC_URL, or the loopback address the server listens on). */
    publicUrl(): string;
  }
}

export type Handler = (request: FastifyRequest, reply: FastifyReply) => unknown;

/**
 * Where a contract path is served, relative to the plugin `app` adds it in: the widget's
 * under API_PREFIX, the agency's inside the agency's plugin (whose prefix is AGENCY_API).
 */
function urlOf(app: FastifyInstance, path: ContractPath): string {
  const fastifyPath = path.replace(/\{(\w+)\}/g, ':$1');
  if (!path.startsWith(`${AGENCY_API}/`)) return API_PREFIX + fastifyPath;
  if (app.prefix !== AGENCY_API)
    throw new Error(`${path} is added inside the agency's plugin (prefix ${AGENCY_API})`);
  return fastifyPath.slice(AGENCY_API.length);
}

/**
 * The keyword the server's Ajv adds to every number of a contract route (app.ts defines it):
 * Ajv's coercion turns the text 'Infinity' (or '1e999') into a number that skips `minimum`
 * and `maximum` (ajv-validator/ajv#2212), so a number must also be finite.
 */
export const FINITE_KEYWORD = 'finite';

/** `schema` with every number and integer of it required to be finite. */
export function finiteNumbers(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(finiteNumbers);
  if (typeof schema !== 'object' || schema === null) return schema;
  const out: Record<string, unknown> = Object.fromEntries(
    Object.entries(schema).map(([key, value]) => [key, finiteNumbers(value)]),
  );
  const types = ([] as unknown[]).concat((schema as { type?: unknown }).type ?? []);
  if (types.includes('integer') || types.includes('number')) out[FINITE_KEYWORD] = true;
  return out;
}

/**
 * Adds a contract route: its body, path and query parameters are validated by the contract's
 * schemas (a malformed one is a 400 before the handler runs). Mutating methods check the XSRF
 * token before anything else looks at the request (preValidation), so a request without one
 * learns nothing about the schema; then text no database can store (U+0000, a lone surrogate)
 * in the body or the query is a 400 naming its field (http/text.ts).
 */
export function route(
  app: FastifyInstance,
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  path: ContractPath,
  handler: Handler,
  options: Partial<RouteOptions> = {},
) {
  const m = method.toLowerCase() as Method;
  const body = requestBodySchema(m, path);
  const params = paramsSchema(m, path);
  const querystring = querySchema(m, path);
  app.route({
    ...options,
    method,
    url: urlOf(app, path),
    schema: finiteNumbers({
      ...(body ? { body } : {}),
      ...(params ? { params } : {}),
      ...(querystring ? { querystring } : {}),
    }) as RouteOptions['schema'],
    preValidation: async (request) => {
      if (method !== 'GET') checkXsrf(request, request.server.ownOrigin());
      refuseUnstorableText(request);
    },
    handler,
  });
}

export const langOfRequest = (request: FastifyRequest): Lang =>
  langOf(request.headers['accept-language']);

/**
 * A mailed link: the configured login page (LOGIN_URL, else PUBLIC_URL's demo login page) with
 * the key, built from configuration, never from the request's Host header
 * (docs/security.md#mailed-links). The demo page also learns the mail's language (an agency's
 * own page speaks its own language).
 */
export function linkFor(
  ctx: Pick<ApiContext, 'config' | 'publicUrl'>,
  key: string,
  lang: 'de' | 'en' = 'de',
): string {
  const page = ctx.config.loginUrl ?? `${ctx.publicUrl()}/demo/login`;
  const demo = !ctx.config.loginUrl;
  const id = `${lang}${demo ? 1 : 0} ${page}`;
  let base = linkBases.get(id);
  if (base === undefined) {
    const url = new URL(page);
    if (demo && lang === 'en') url.searchParams.set('lang', 'en-US');
    // The key is added to the page's text, unless the page has a fragment (an empty one too),
    // a key of its own or an empty query ('?'), which the URL puts right.
    const asText = !url.href.includes('#') && !url.href.endsWith('?') && !url.searchParams.has('k');
    base = asText ? `${url.href}${url.search ? '&' : '?'}` : url;
    if (linkBases.size >= 100) linkBases.clear();
    linkBases.set(id, base);
  }
  if (typeof base === 'string') return base + new URLSearchParams({ k: key }).toString();
  const url = new URL(base);
  url.searchParams.set('k', key);
  return url.href;
}

/**
 * The pages links are made from, by language and page, parsed once: the text to add a key to,
 * or the URL where the key must be set within it.
 */
const linkBases = new Map<string, string | URL>();

/** The contact as stored: e-mail lower case, every text trimmed. */
export function clean(contact: ContactInput): ContactInput {
  const out: ContactInput = { ...contact, email: contact.email.trim().toLowerCase() };
  for (const [key, value] of Object.entries(out) as [keyof ContactInput, unknown][]) {
    if (typeof value === 'string') (out as Record<string, unknown>)[key] = value.trim();
  }
  return out;
}
