/**
 * A thin typed HTTP client over the platform's fetch (decision 5): the backend prefix, JSON
 * bodies, the XSRF cookie sent back as a header to the backend only, the WordPress nonce on
 * /v1 calls, no timeout, 2xx as success, abortable. Every call resolves to data or a typed
 * error; it never throws and knows nothing of Redux. Its callers name the contract's paths
 * (api/contract.ts types them).
 */
import type { MessageKey } from '../i18n';

/** Where the backend's product paths start (product 7.1). */
export const API_PREFIX = '/wp-json/sw-immosuite';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';

export interface ApiRequest {
  method: HttpMethod;
  /** A path of the contract such as '/v1/saved-search/{uuid}' (its parameters in `params`). */
  path?: string;
  params?: Record<string, string | number>;
  /** An absolute or root-relative URL in place of the path (a configured submit URL, the geocoder). */
  url?: string | null;
  body?: unknown;
  query?: Record<string, string | number | undefined>;
  headers?: Record<string, string>;
}

export interface ClientContext {
  /** Origin of the backend; the widget is served by it, so by default its own origin. */
  origin: string;
  nonce: string | null;
  /** document.cookie, read at call time. */
  cookies: string;
  signal?: AbortSignal;
}

export type ApiError =
  | { kind: 'server'; status: number; code: string | null; message: string | null }
  | { kind: 'network'; url: string; message: string }
  | { kind: 'invalid-response'; status: number; url: string }
  | { kind: 'aborted' };

export type ApiResult<T> =
  | { ok: true; data: T; status: number; nonce: string | null }
  | { ok: false; error: ApiError; nonce: string | null };

export const XSRF_COOKIE = 'XSRF-TOKEN';
export const XSRF_HEADER = 'X-XSRF-TOKEN';
export const NONCE_HEADER = 'X-WP-Nonce';

export function readCookie(cookies: string, name: string): string | null {
  for (const part of cookies.split(';')) {
    const eq = part.indexOf('=');
    if (eq < 0) continue;
    if (part.slice(0, eq).trim() !== name) continue;
    try {
      return decodeURIComponent(part.slice(eq + 1).trim());
    } catch {
      return null;
    }
  }
  return null;
}

export function resolveUrl(request: ApiRequest, origin: string): URL {
  const path =
    request.url ??
    request.path!.replace(/\{(\w+)\}/g, (_, name: string) =>
      encodeURIComponent(request.params![name]!),
    );
  const url = new URL(path.startsWith('/v1/') ? API_PREFIX + path : path, origin);
  for (const [key, value] of Object.entries(request.query ?? {})) {
    if (value !== undefined) url.searchParams.set(key, String(value));
  }
  return url;
}

function isProductV1(url: URL, origin: string): boolean {
  return url.origin === origin && url.pathname.startsWith(`${API_PREFIX}/v1/`);
}

export function buildHeaders(url: URL, request: ApiRequest, context: ClientContext): Headers {
  const headers = new Headers({ Accept: 'application/json', ...request.headers });
  if (request.body !== undefined) headers.set('Content-Type', 'application/json');
  // Secrets go to our own backend only, never to a third-party submit URL or the geocoder.
  if (url.origin === context.origin) {
    const xsrf = readCookie(context.cookies, XSRF_COOKIE);
    if (xsrf) headers.set(XSRF_HEADER, xsrf);
  }
  if (context.nonce && isProductV1(url, context.origin)) headers.set(NONCE_HEADER, context.nonce);
  return headers;
}

const MAX_SERVER_MESSAGE = 500;

async function readJson(response: Response): Promise<{ ok: true; value: unknown } | { ok: false }> {
  const text = await response.text();
  if (text.trim() === '') return { ok: true, value: null };
  try {
    return { ok: true, value: JSON.parse(text) };
  } catch {
    return { ok: false };
  }
}

export async function request<T>(req: ApiRequest, context: ClientContext): Promise<ApiResult<T>> {
  const url = resolveUrl(req, context.origin);
  let response: Response;
  try {
    response = await fetch(url.href, {
      method: req.method,
      headers: buildHeaders(url, req, context),
      body: req.body === undefined ? undefined : JSON.stringify(req.body),
      credentials: url.origin === context.origin ? 'same-origin' : 'omit',
      signal: context.signal,
    });
  } catch (error) {
    if (context.signal?.aborted) return { ok: false, error: { kind: 'aborted' }, nonce: null };
    const message = error instanceof Error ? error.message : String(error);
    return { ok: false, error: { kind: 'network', url: url.href, message }, nonce: null };
  }
  const fresh = isProductV1(url, context.origin) ? response.headers.get(NONCE_HEADER) : null;
  const nonce = fresh && /^[A-Za-z0-9_-]{1,128}$/.test(fresh) ? fresh : null;
  let body: Awaited<ReturnType<typeof readJson>>;
  try {
    body = await readJson(response);
  } catch (error) {
    if (context.signal?.aborted) return { ok: false, error: { kind: 'aborted' }, nonce };
    const message = error instanceof Error ? error.message : String(error);
    return { ok: false, error: { kind: 'network', url: url.href, message }, nonce };
  }
  if (response.status >= 200 && response.status < 300) {
    if (!body.ok) {
      return {
        ok: false,
        error: { kind: 'invalid-response', status: response.status, url: url.href },
        nonce,
      };
    }
    return { ok: true, data: body.value as T, status: response.status, nonce };
  }
  // Any JSON but null is read safely: what is not a text field of an object is undefined here.
  const payload = ((body.ok && body.value) || {}) as Record<string, unknown>;
  const code = typeof payload.code === 'string' ? payload.code : null;
  const message =
    typeof payload.message === 'string' && payload.message.trim() !== ''
      ? payload.message.trim().slice(0, MAX_SERVER_MESSAGE)
      : null;
  return { ok: false, error: { kind: 'server', status: response.status, code, message }, nonce };
}

/** The user-facing message for an error (product §8), as an i18n key; null when none is due. */
export function errorMessage(
  error: ApiError,
): { key: MessageKey; params?: Record<string, string>; text?: string } | null {
  switch (error.kind) {
    case 'aborted':
      return null;
    case 'network':
      // In words for the visitor; product 8.11's 'HTTP-ERROR url: message' goes to the console
      // (callApi) and, with these params, into the QA log.
      return { key: 'errors.offline', params: { url: error.url, message: error.message } };
    case 'invalid-response':
      return { key: 'errors.generic' };
    case 'server':
      if (error.code === 'internal_server_error') return { key: 'errors.internalServerError' };
      if (error.message) return { key: 'errors.server', text: error.message };
      return { key: 'errors.generic' };
  }
}
