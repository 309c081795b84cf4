/**
 * The step beacon of the wizards' funnel (docs/agency.md#the-funnel): `POST /funnel` with
 * `{"wizard": "lead-wizard", "stage": "address"}`, as the embed script sends it with
 * navigator.sendBeacon (text/plain, so no preflight). No cookie is read or set; the body may
 * name only a wizard and a stage of contract/funnel.ts, so it carries no personal data. Only
 * pages of ALLOWED_ORIGINS (and the widget's own origin) count, each client at most
 * RATE_LIMIT_BEACONS times a window (429); past RATE_LIMIT_FUNNEL_DAY a day per wizard and
 * stage a beacon is answered 202 and not counted.
 */
import { normalizeIP } from '@fastify/rate-limit';
import type { FastifyInstance } from 'fastify';
import { funnelBeacon } from '../../contract/funnel';
import type { FunnelCounts } from '../agency/funnel';
import type { ApiContext } from '../http/context';
import { ApiError } from '../http/errors';
import { waitFor } from '../http/rateLimit';

export const FUNNEL_BEACON_PATH = '/funnel';
const DAY_MS = 24 * 60 * 60 * 1000;
/** A beacon is about 50 bytes; anything much longer is not one. */
const BEACON_MAX_BYTES = 256;

function parseBeacon(body: unknown) {
  if (typeof body !== 'string') return null;
  try {
    const value: unknown = JSON.parse(body);
    if (typeof value !== 'object' || value === null || Array.isArray(value)) return null;
    const { wizard, stage, ...rest } = value as Record<string, unknown>;
    return Object.keys(rest).length === 0 ? funnelBeacon(wizard, stage) : null;
  } catch {
    return null;
  }
}

export async function funnelRoutes(
  app: FastifyInstance,
  { ctx, funnel }: { ctx: ApiContext; funnel: FunnelCounts },
) {
  const { config, sql, rateCounter } = ctx;
  app.post(
    FUNNEL_BEACON_PATH,
    {
      bodyLimit: BEACON_MAX_BYTES,
      config: {
        rateLimit: {
          max: config.limits.beaconsPerWindow,
          timeWindow: config.limits.windowMs,
          groupId: 'funnel-beacons',
        },
      },
    },
    async (request, reply) => {
      const origin = request.headers.origin;
      if (!origin || (origin !== app.ownOrigin() && !config.allowedOrigins.includes(origin)))
        throw new ApiError(403, 'origin_not_allowed', 'originNotAllowed');
      const beacon = parseBeacon(request.body);
      if (!beacon) throw new ApiError(400, 'invalid_beacon', 'badRequest');
      // What one client adds to a stage in a day is bounded: a script that sends the same
      // step again and again moves the count a little, not a thousandfold. The window is
      // keyed by the address, as every rate limit is; the counts never hear of it.
      const wait = await waitFor(
        rateCounter,
        `funnel ${normalizeIP(request.ip)} ${beacon.wizard} ${beacon.stage}`,
        config.limits.funnelPerDay,
        DAY_MS,
      );
      // Past the day's bound the beacon is accepted and not counted: a sendBeacon cannot read
      // its answer, and an error status would only be a red line in the host page's console
      // for a visitor who went back and forth on a shared address.
      if (wait) return reply.code(202).send();
      await funnel.count(sql, beacon.wizard, beacon.stage);
      return reply.code(204).send();
    },
  );
}
