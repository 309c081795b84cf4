/** What the wizards read: field definitions and the search regions with their shapes. */
import type { FastifyInstance } from 'fastify';
import { promisify } from 'node:util';
import { brotliCompress, constants as zlibConstants, gzip } from 'node:zlib';
import { definitionIn, type FieldDefinition } from '../data/fieldDefinitions';
import { Q } from '../db/statements';
import { REGIONS_ATTRIBUTION } from '../geo/regions';
import { langOfRequest, route, type ApiContext } from '../http/context';
import { chooseEncoding } from '../http/encoding';
import { ApiError } from '../http/errors';

const gzipAsync = promisify(gzip);
const brotliAsync = promisify(brotliCompress);
/** The encodings the regions' shapes are sent in, the server's preferred first. */
const ENCODINGS = ['br', 'gzip'] as const;
type Encoding = (typeof ENCODINGS)[number];

interface RegionRow {
  location_id: number;
  name: string;
  parent_id: number | null;
  geometry: string | null;
}

export async function wizardDataRoutes(app: FastifyInstance, { sql }: ApiContext) {
  // Labels in the widget's language (Accept-Language), as the CMS answers.
  route(app, 'POST', '/v1/wizard/fields', async (request) => {
    const lang = langOfRequest(request);
    const result: Record<string, unknown> = {};
    for (const id of Object.keys(request.body as Record<string, unknown>)) {
      const row = await sql.one<{ definition: string }>(Q.fieldDefinition, id);
      if (row) result[id] = definitionIn(lang, id, JSON.parse(row.definition) as FieldDefinition);
    }
    return result;
  });

  // The listing-inquiry page asks first, so a listing that is gone is said at once.
  route(app, 'GET', '/v1/wizard/listing/{objectId}', async (request) => {
    const { objectId } = request.params as { objectId: number };
    const listing = await sql.one<{ id: number; custom_id: string | null; title: string }>(
      Q.listing,
      objectId,
    );
    if (!listing) throw new ApiError(404, 'unknown_object', 'unknownObject');
    return {
      objectId: listing.id,
      ...(listing.custom_id ? { customObjectId: listing.custom_id } : {}),
      title: listing.title,
    };
  });

  route(app, 'GET', '/v1/wizard/locations', async () => ({
    locations: (await sql.all<RegionRow>(Q.regions)).map((r) => ({
      locationId: r.location_id,
      name: r.name,
      ...(r.parent_id !== null ? { parentId: r.parent_id } : {}),
    })),
  }));

  // Regions are seed data: the answer is built and compressed once, off the event loop (zlib's
  // thread pool), at its first request, and every request is sent the same bytes, so answers
  // waiting for a slow reader share them. A failure is not kept: the next request tries again.
  let geojson: Promise<Record<'plain' | Encoding, Buffer>> | null = null;
  const encoded = () =>
    (geojson ??= (async () => {
      const plain = Buffer.from(
        JSON.stringify({
          geojson: {
            type: 'FeatureCollection',
            attribution: REGIONS_ATTRIBUTION,
            features: (await sql.all<RegionRow>(Q.regions))
              .filter((r) => r.geometry)
              .map((r) => ({
                type: 'Feature',
                properties: {
                  locationId: r.location_id,
                  name: r.name,
                  ...(r.parent_id !== null ? { parentId: r.parent_id } : {}),
                },
                geometry: JSON.parse(r.geometry!),
              })),
          },
        }),
      );
      const [gzip, br] = await Promise.all([
        gzipAsync(plain, { level: 9 }),
        brotliAsync(plain, {
          params: {
            [zlibConstants.BROTLI_PARAM_QUALITY]: 9,
            [zlibConstants.BROTLI_PARAM_MODE]: zlibConstants.BROTLI_MODE_TEXT,
            [zlibConstants.BROTLI_PARAM_SIZE_HINT]: plain.length,
          },
        }),
      ]);
      return { plain, gzip, br };
    })().catch((error: unknown) => {
      geojson = null;
      throw error;
    }));
  route(app, 'GET', '/v1/wizard/locations/geojson', async (request, reply) => {
    const answers = await encoded();
    const encoding = chooseEncoding(
      request.headers['accept-encoding'],
      ENCODINGS,
    ) as Encoding | null;
    reply
      .header('Cache-Control', 'public, max-age=3600')
      .header('Vary', 'Accept-Encoding')
      .type('application/json; charset=utf-8');
    if (encoding) reply.header('Content-Encoding', encoding);
    return reply.send(answers[encoding ?? 'plain']);
  });
}
