/** Serves the built widget under /webapp/, its history routes, and the demo host pages. */
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { sendError } from './http/errors';
import type { Sessions } from './http/security';
import type { ServerConfig } from './config';
import { DEMO_ROUTES, demoPage, privacyPage } from './demo';
import { DEFAULT_POLICY, helmetHeaders } from './securityHeaders';

// The minifier may drop attribute quotes, so both forms are matched.
const ALLOWED_ORIGINS_META =
  /(<meta name="?immosuite:allowed-origins"? content)(="[^"]*"|=[^\s>]*)?/;

/**
 * @param sessions the demo pages hand a logged-in visitor's nonce to the widget, as a
 *   WordPress page does (wp_create_nonce): a reload keeps the session.
 */
export async function registerWeb(
  app: FastifyInstance,
  config: ServerConfig,
  sessions: Pick<Sessions, 'current' | 'nonce'>,
) {
  const indexFile = path.join(config.staticDir, 'index.html');

  function widgetIndex(): string | null {
    // Read on each request so a rebuild needs no restart; it is a few hundred bytes.
    if (!fs.existsSync(indexFile)) return null;
    const origins = config.allowedOrigins.join(',').replace(/[^A-Za-z0-9:/.,\-[\]]/g, '');
    return fs.readFileSync(indexFile, 'utf8').replace(ALLOWED_ORIGINS_META, `$1="${origins}"`);
  }

  await app.register(fastifyStatic, {
    root: config.staticDir,
    prefix: '/webapp/static/',
    index: false,
    wildcard: true,
    // The build writes .br and .gz beside each asset: sent as the client accepts them.
    preCompressed: true,
    // Our own Cache-Control below; the plugin's would overwrite it (max-age=0).
    cacheControl: false,
    // Source maps only when asked for (SOURCE_MAPS=1): they show the widget's whole source.
    allowedPath: (pathName) => config.sourceMaps || !pathName.endsWith('.map'),
    setHeaders(reply, filePath) {
      const hashed = /\.[0-9a-f]{6}\.(js|css|png|svg)(\.br|\.gz)?$/.test(filePath);
      reply.setHeader('Cache-Control', hashed ? 'public, max-age=31536000, immutable' : 'no-cache');
    },
  });

  const sendIndex = async (_req: unknown, reply: import('fastify').FastifyReply) => {
    const html = widgetIndex();
    if (html === null) {
      return reply
        .code(503)
        .type('text/plain; charset=utf-8')
        .send('The widget is not built yet: run "npm run build".');
    }
    return reply.type('text/html; charset=utf-8').header('Cache-Control', 'no-cache').send(html);
  };
  // The widget's own policy. Only the pages on the init allow-list may frame it (the same
  // list that guards init); scripts are its own files and the inline notice of index.html;
  // styles are injected at run time (styled-components, Leaflet's stylesheet); map tiles and
  // a geocoder may come from the hosts an agency configures in init, so any https one.
  const html = widgetIndex();
  const inlineScripts = [...(html ?? '').matchAll(/<script[^>]*>([\s\S]*?)<\/script>/g)]
    .map((m) => m[1]!)
    .filter((code) => code.trim() !== '')
    .map((code) => `'sha256-${crypto.createHash('sha256').update(code).digest('base64')}'`);
  const widgetHeaders = {
    config: {
      securityHeaders: helmetHeaders({
        ...DEFAULT_POLICY,
        frameguard: false,
        contentSecurityPolicy: {
          useDefaults: false,
          directives: {
            'default-src': ["'self'"],
            'script-src': ["'self'", ...inlineScripts],
            'style-src': ["'self'", "'unsafe-inline'"],
            'img-src': ["'self'", 'data:', 'https:'],
            'connect-src': ["'self'", 'https:'],
            'object-src': ["'none'"],
            'base-uri': ["'self'"],
            'form-action': ["'self'"],
            'frame-ancestors': ["'self'", ...config.allowedOrigins],
          },
        },
      }),
    },
  };
  // History-mode routes of the widget (product 2.0.1); unknown ones get the shell's not-found text.
  app.get('/webapp', widgetHeaders, sendIndex);
  app.get('/webapp/*', widgetHeaders, sendIndex);

  // The agency's inbox page (its own build in static/agency): never framed, its own files only.
  const agencyIndex = path.join(config.staticDir, 'agency', 'index.html');
  const agencyHeaders = {
    config: {
      securityHeaders: helmetHeaders({
        ...DEFAULT_POLICY,
        contentSecurityPolicy: {
          useDefaults: false,
          directives: {
            'default-src': ["'self'"],
            'script-src': ["'self'"],
            'style-src': ["'self'", "'unsafe-inline'"],
            'img-src': ["'self'", 'data:', 'https:'],
            'connect-src': ["'self'"],
            'object-src': ["'none'"],
            'base-uri': ["'self'"],
            'form-action': ["'self'"],
            'frame-ancestors': ["'none'"],
          },
        },
      }),
    },
  };
  const sendAgency = async (req: FastifyRequest, reply: import('fastify').FastifyReply) => {
    // An unknown call of the inbox API is the API's 404, not the page.
    if (req.url.startsWith('/agency/api/'))
      return sendError(req, reply, 404, 'rest_no_route', 'notFound');
    if (!fs.existsSync(agencyIndex))
      return reply
        .code(503)
        .type('text/plain; charset=utf-8')
        .send('The inbox is not built yet: run "npm run build".');
    return reply
      .type('text/html; charset=utf-8')
      .header('Cache-Control', 'no-cache')
      .send(fs.readFileSync(agencyIndex, 'utf8'));
  };
  app.get('/agency', agencyHeaders, sendAgency);
  app.get('/agency/*', agencyHeaders, sendAgency);

  const nonceOf = async (req: FastifyRequest) => {
    const user = await sessions.current(req);
    return user ? sessions.nonce(user) : null;
  };

  app.get<{ Querystring: { lang?: string } }>('/', async (req, reply) =>
    reply
      .type('text/html; charset=utf-8')
      .header('Cache-Control', 'no-store')
      .send(demoPage('lead-wizard', req.query.lang ?? 'de', { nonce: await nonceOf(req) })),
  );
  app.get<{ Params: { route: string }; Querystring: { lang?: string; mapConsent?: string } }>(
    '/demo/:route',
    async (req, reply) => {
      if (req.params.route === 'datenschutz') {
        return reply.type('text/html; charset=utf-8').send(privacyPage(req.query.lang));
      }
      if (!DEMO_ROUTES.some((r) => r.route === req.params.route)) {
        return reply.code(404).send({ code: 'not_found', message: 'Unknown demo page' });
      }
      return reply
        .type('text/html; charset=utf-8')
        .header('Cache-Control', 'no-store')
        .send(
          demoPage(req.params.route, req.query.lang ?? 'de', {
            mapConsent: req.query.mapConsent === '1',
            nonce: await nonceOf(req),
          }),
        );
    },
  );
}
