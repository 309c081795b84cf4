/** The geocoder (DECISIONS 6): the Photon API, offline from bundled data or from an upstream. */
import type { FastifyInstance } from 'fastify';
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

export async function registerGeocoder(app: FastifyInstance, upstream: string | null) {
  async function proxy(path: string, query: Record<string, string | number | undefined>) {
    const url = new URL(path, upstream!);
    for (const [k, v] of Object.entries(query))
      if (v !== undefined) url.searchParams.set(k, String(v));
    const response = await fetch(url);
    if (!response.ok)
      throw Object.assign(new Error(`upstream geocoder answered ${response.status}`), {
        statusCode: 502,
      });
    return response.json();
  }

  app.get<{ Querystring: SearchQuery }>(
    '/api/geocoder',
    {
      schema: {
        querystring: {
          type: 'object',
          required: ['q'],
          properties: {
            q: { type: 'string', minLength: 1, maxLength: 200 },
            lang: { type: 'string', maxLength: 5 },
            limit: { type: 'integer', minimum: 1, maximum: 50, default: 10 },
          },
        },
      },
    },
    async (request) => {
      const { q, lang = 'de', limit = 10 } = request.query;
      if (upstream) return proxy('/api', { q, lang, limit });
      return search(q, lang, limit);
    },
  );

  app.get<{ Querystring: ReverseQuery }>(
    '/api/geocoder/reverse',
    {
      schema: {
        querystring: {
          type: 'object',
          required: ['lat', 'lon'],
          properties: {
            lat: { type: 'number', minimum: -90, maximum: 90 },
            lon: { type: 'number', minimum: -180, maximum: 180 },
            lang: { type: 'string', maxLength: 5 },
          },
        },
      },
    },
    async (request) => {
      const { lat, lon, lang = 'de' } = request.query;
      if (upstream) return proxy('/reverse', { lat, lon, lang });
      return reverse(lat, lon, lang);
    },
  );
}
