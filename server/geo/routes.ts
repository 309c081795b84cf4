/** The geocoder (decision 6): the Photon API, offline from bundled data or from an upstream. */
import type { FastifyInstance } from 'fastify';
import { finiteNumbers } from '../http/context';
import { ApiError } from '../http/errors';
import { readBody } from '../net/body';
import { reverse, search } from './geocoder';

interface SearchQuery {
  q: string;
  lang?: string;
  limit?: number;
}
interface ReverseQuery {
  lat: number;
  lon: number;
  lang?: string;
}

/** How long an upstream geocoder may take for its whole answer. */
export const UPSTREAM_TIMEOUT_MS = 5_000;
/** The largest answer taken from it (a Photon answer of 50 places is about 30 KB). */
export const UPSTREAM_MAX_BYTES = 512 * 1024;

/**
 * Asks the upstream geocoder: its whole answer within `timeoutMs` (else a 504) and `maxBytes`
 * (else a 502), JSON, or a 502; every failure in the API's error shape.
 */
export function upstreamGeocoder(
  upstream: string,
  log: (message: string) => void,
  { timeoutMs = UPSTREAM_TIMEOUT_MS, maxBytes = UPSTREAM_MAX_BYTES } = {},
) {
  return async (path: string, query: Record<string, string | number | undefined>) => {
    const url = new URL(path, upstream);
    for (const [k, v] of Object.entries(query))
      if (v !== undefined) url.searchParams.set(k, String(v));
    const unavailable = (why: string) => {
      log(`the upstream geocoder ${why}`);
      return new ApiError(502, 'geocoder_unavailable', 'geocoderUnavailable');
    };
    try {
      const response = await fetch(url, {
        signal: AbortSignal.timeout(timeoutMs),
        redirect: 'error',
      });
      if (!response.ok) {
        await response.body?.cancel();
        throw unavailable(`answered ${response.status}`);
      }
      const text = await readBody(response, maxBytes, 'refuse');
      if (text === null) throw unavailable(`answered more than ${maxBytes} bytes`);
      try {
        return JSON.parse(text) as unknown;
      } catch {
        throw unavailable('answered no JSON');
      }
    } catch (error) {
      if (error instanceof ApiError) throw error;
      if ((error as Error).name === 'TimeoutError') {
        log(`the upstream geocoder did not answer within ${timeoutMs} ms`);
        throw new ApiError(504, 'geocoder_timeout', 'geocoderTimeout');
      }
      throw unavailable(`cannot be reached (${(error as Error).message})`);
    }
  };
}

export async function registerGeocoder(app: FastifyInstance, upstream: string | null) {
  const proxy = upstream ? upstreamGeocoder(upstream, (message) => app.log.warn(message)) : null;

  app.get<{ Querystring: SearchQuery }>(
    '/api/geocoder',
    {
      schema: {
        querystring: finiteNumbers({
          type: 'object',
          required: ['q'],
          properties: {
            q: { type: 'string', minLength: 1, maxLength: 200 },
            lang: { type: 'string', maxLength: 5 },
            limit: { type: 'integer', minimum: 1, maximum: 50, default: 10 },
          },
        }) as object,
      },
    },
    async (request) => {
      const { q, lang = 'de', limit = 10 } = request.query;
      if (proxy) return proxy('/api', { q, lang, limit });
      return search(q, lang, limit);
    },
  );

  app.get<{ Querystring: ReverseQuery }>(
    '/api/geocoder/reverse',
    {
      schema: {
        querystring: finiteNumbers({
          type: 'object',
          required: ['lat', 'lon'],
          properties: {
            lat: { type: 'number', minimum: -90, maximum: 90 },
            lon: { type: 'number', minimum: -180, maximum: 180 },
            lang: { type: 'string', maxLength: 5 },
          },
        }) as object,
      },
    },
    async (request) => {
      const { lat, lon, lang = 'de' } = request.query;
      if (proxy) return proxy('/reverse', { lat, lon, lang });
      return reverse(lat, lon, lang);
    },
  );
}
