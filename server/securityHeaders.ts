/**
 * Security headers (helmet's policies), computed once per policy when the server starts
 * and set on each response as a ready-made record, rather than running helmet's dozen
 * middlewares on every request (decision 73).
 */
import type { FastifyInstance } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';

export type HeaderSet = Readonly<Record<string, string>>;

declare module 'fastify' {
  interface FastifyContextConfig {
    /** This route's security headers instead of the server's default set. */
    securityHeaders?: HeaderSet;
  }
}

/** Every response but the widget's pages: no framing; resources readable cross-origin. */
export const DEFAULT_POLICY = {
  contentSecurityPolicy: false,
  frameguard: { action: 'deny' },
  crossOriginResourcePolicy: { policy: 'cross-origin' },
} satisfies HelmetOptions;

/** The headers helmet sets for `options` (static policies only: no per-request nonces). */
export function helmetHeaders(options: HelmetOptions): HeaderSet {
  const headers: Record<string, string> = {};
  const response = {
    setHeader: (name: string, value: unknown) => void (headers[name] = String(value)),
    removeHeader: (name: string) => void delete headers[name],
  };
  let finished = false;
  helmet(options)({} as never, response as never, (error?: unknown) => {
    if (error) throw error;
    finished = true;
  });
  if (!finished) throw new Error('helmet did not apply its policies synchronously');
  return Object.freeze(headers);
}

/** Sets the default set, or a route's own (its `config.securityHeaders`), on every response. */
export function registerSecurityHeaders(app: FastifyInstance) {
  const defaults = helmetHeaders(DEFAULT_POLICY);
  app.addHook('onRequest', (request, reply, done) => {
    reply.headers(request.routeOptions.config.securityHeaders ?? defaults);
    done();
  });
}
