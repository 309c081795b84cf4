/**
 * Every call of spec 7 under /wp-json/sw-immosuite, one Fastify plugin per resource. Request
 * validation comes from the contract (contract/openapi.ts), types from contract/types.ts.
 */
import type { FastifyInstance } from 'fastify';
import { funnelCounts } from '../agency/funnel';
import { AGENCY_API, agencyRoutes } from '../agency/routes';
import { submissionReader } from '../agency/records';
import { authRoutes } from './auth';
import { contactRoutes } from './contact';
import { funnelRoutes } from './funnel';
import type { ApiContext, ApiDeps } from './context';
import { inquiryRoutes } from './inquiries';
import { savedSearchRoutes } from './savedSearches';
import { submissionRoutes } from './submissions';
import { wizardDataRoutes } from './wizardData';

export { API_PREFIX } from './context';

export async function registerApi(app: FastifyInstance, deps: ApiDeps) {
  // Without PUBLIC_URL: the loopback address of the listening port, looked up once.
  let listening: string | null = null;
  const records = await submissionReader(deps.sql);
  const ctx: ApiContext = {
    ...deps,
    funnel: funnelCounts(deps.sql),
    publicUrl: () => {
      if (deps.config.publicUrl) return deps.config.publicUrl;
      if (listening) return listening;
      const address = app.server.address();
      if (typeof address === 'object' && address)
        return (listening = `http://127.0.0.1:${address.port}`);
      return `http://127.0.0.1:${deps.config.port}`;
    },
    records,
    regionNameById: records.regionNames,
  };
  app.decorate('ownOrigin', () => new URL(ctx.publicUrl()).origin);
  for (const plugin of [
    authRoutes,
    contactRoutes,
    savedSearchRoutes,
    inquiryRoutes,
    wizardDataRoutes,
    submissionRoutes,
    funnelRoutes,
  ])
    await app.register(plugin, ctx);
  // The agency's inbox API (staff sessions of its own), one plugin under its prefix.
  await app.register(agencyRoutes, { prefix: AGENCY_API, ctx, staff: deps.staff });
}
