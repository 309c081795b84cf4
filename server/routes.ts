/**
 * Every route plugin of the API (product §7, under API_PREFIX) and of the agency's inbox
 * (under AGENCY_API), and what they share. Request validation comes from the contract
 * (contract/openapi.ts), types from contract/types.ts.
 */
import type { FastifyInstance } from 'fastify';
import { AGENCY_API } from '../contract/agency';
import { funnelCounts } from './agency/funnel';
import { submissionReader } from './agency/records';
import { agencyRoutes } from './agency/routes';
import type { Staff } from './agency/staff';
import { authRoutes } from './api/auth';
import { contactRoutes } from './api/contact';
import { funnelRoutes } from './api/funnel';
import { inquiryRoutes } from './api/inquiries';
import { savedSearchRoutes } from './api/savedSearches';
import { wizardDataRoutes } from './api/wizardData';
import type { ApiContext, ServerDeps } from './http/context';
import { postgresStore } from './submissions/postgresStore';
import { SUBMISSION_ROUTES } from './submissions/routes';
import { submissionService } from './submissions/service';
import { sqliteStore } from './submissions/sqliteStore';

export { API_PREFIX } from './http/context';

export async function registerRoutes(app: FastifyInstance, deps: ServerDeps & { staff: Staff }) {
  const { staff, ...shared } = deps;
  // Without PUBLIC_URL: the loopback address of the listening port, looked up once.
  let listening: string | null = null;
  const records = await submissionReader(deps.sql);
  const funnel = funnelCounts(deps.sql);
  const ctx: ApiContext = {
    ...shared,
    publicUrl: () => {
      if (deps.config.publicUrl) return deps.config.publicUrl;
      if (listening) return listening;
      const address = app.server.address();
      if (typeof address === 'object' && address)
        return (listening = `http://127.0.0.1:${address.port}`);
      return `http://127.0.0.1:${deps.config.port}`;
    },
    regionNameById: records.regionNames,
  };
  app.decorate('ownOrigin', () => new URL(ctx.publicUrl()).origin);
  app.decorate('publicUrl', () => ctx.publicUrl());
  for (const plugin of [
    authRoutes,
    contactRoutes,
    savedSearchRoutes,
    inquiryRoutes,
    wizardDataRoutes,
  ])
    await app.register(plugin, ctx);
  // The submissions, stored the way the server's database does it best.
  const store = deps.sql.dialect === 'postgres' ? postgresStore(deps.sql) : sqliteStore(deps.sql);
  const service = submissionService(ctx, { records, funnel }, store);
  deps.matcher.tellWith(service.tellStored);
  for (const plugin of SUBMISSION_ROUTES) await app.register(plugin, { ctx, service });
  await app.register(funnelRoutes, { ctx, funnel });
  // The agency's inbox API (staff sessions of its own), one plugin under its prefix.
  await app.register(agencyRoutes, { prefix: AGENCY_API, ctx, staff, records, funnel });
}
