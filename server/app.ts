import fs from 'node:fs';
import path from 'node:path';
import fastifyCookie from '@fastify/cookie';
import fastifyRateLimit from '@fastify/rate-limit';
import fastifyStatic from '@fastify/static';
import type Ajv from 'ajv';
import Fastify, { type FastifyError } from 'fastify';
import { errorForLog, learnRoute, requestForLog } from './http/logs';
import { randomToken } from './auth/crypto';
import { ApiError, sendError } from './http/errors';
import { FINITE_KEYWORD } from './http/context';
import { API_PREFIX, registerRoutes } from './routes';
import { cookiePolicy, createSessions, ensureXsrfCookie } from './http/security';
import type { ServerConfig } from './config';
import { limitConnections, limitPipelining, SOCKET_IDLE_MS } from './connections';
import { startCheckpointer } from './db/checkpointer';
import { createScrubber, type Scrubber } from './db/scrub';
import { openDatabase, type Db } from './db/sqlite';
import { openPostgres } from './db/postgres';
import { DatabaseUnavailable, sqliteSql, type Sql } from './db/sql';
import { seed } from './db/seed';
import { fillListColumns } from './agency/listed';
import { fillNoteTerms } from './agency/mentions';
import { createMatcher } from './matching/job';
import { countServing } from './http/serving';
import { fillLeadPairs } from './matching/pairs';
import { fillSearchTerms } from './matching/terms';
import { registerGeocoder } from './geo/routes';
import { databaseCounter, MemoryCounter, rateLimitStore } from './http/rateLimit';
import { createStaff } from './agency/staff';
import { createOutbox, type OutboxDeps } from './delivery/outbox';
import { registerMailbox } from './mail/routes';
import { registerSecurityHeaders } from './securityHeaders';
import { StartupError } from './startupError';
import { registerWeb } from './web';

/** The shortest secret taken: a made one has 64 characters (48 random bytes). */
const MIN_SECRET_LENGTH = 32;

/**
 * The secret behind nonces lives beside the database, so sessions survive a restart. An empty
 * or short one is refused: sessions could then be forged from the database alone.
 */
function loadSecret(dataDir: string): string {
  const file = path.join(dataDir, 'secret');
  if (!fs.existsSync(file)) {
    fs.mkdirSync(dataDir, { recursive: true, mode: 0o700 });
    // Written whole beside it and linked into place: of processes starting together on one
    // DATA_DIR, one secret wins and every process reads that one.
    const draft = `${file}.${process.pid}.${randomToken(6)}`;
    fs.writeFileSync(draft, randomToken(48), { mode: 0o600 });
    try {
      fs.linkSync(draft, file);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    } finally {
      fs.unlinkSync(draft);
    }
  }
  const secret = fs.readFileSync(file, 'utf8').trim();
  if (secret.length < MIN_SECRET_LENGTH)
    throw new StartupError(
      `the secret ${file} is ${secret ? 'too short' : 'empty'}: restore it from your backup, or delete it to have a new one made (every session then ends)`,
    );
  return secret;
}

/**
 * A database file of 0 bytes beside the secret of an earlier start is not a new installation:
 * its data was lost (a truncated copy, a full disk, a botched restore). It is refused rather
 * than started as a new, empty database.
 */
function refuseEmptyDatabase(file: string, dataDir: string): string {
  const secret = path.join(dataDir, 'secret');
  if (fs.statSync(file, { throwIfNoEntry: false })?.size === 0 && fs.existsSync(secret))
    throw new StartupError(
      `the database ${file} is empty (0 bytes), though ${secret} shows this folder held one: restore it from your backup, or delete the empty file to start with an empty database`,
    );
  return file;
}

export const REQUEST_TIMEOUT_MS = 30_000;
export const HEADERS_TIMEOUT_MS = 20_000;

/** No request of the contract nests deeper than this; free-form `data` included. */
export const MAX_BODY_DEPTH = 16;

/** How deep a parsed JSON value nests, counted without recursion (a hostile body can be deep). */
export function depthOf(value: unknown): number {
  if (typeof value !== 'object' || value === null) return 0;
  let deepest = 0;
  // The objects and arrays still to look into, and how deep each is (1 for the value itself).
  const objects: object[] = [value];
  const depths: number[] = [1];
  while (objects.length) {
    const item = objects.pop()!;
    const depth = depths.pop()!;
    if (depth > deepest) {
      deepest = depth;
      if (deepest > MAX_BODY_DEPTH) return deepest;
    }
    for (const inner of Object.values(item)) {
      if (typeof inner === 'object' && inner !== null) {
        objects.push(inner as object);
        depths.push(depth + 1);
      }
    }
  }
  return deepest;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The delivery outbox (tests drive its worker). */
    outbox: import('./delivery/outbox').Outbox;
    /** Matching's job (tests drive it). */
    matcher: import('./matching/job').Matcher;
    /** How many requests the process is serving now (server/http/serving.ts). */
    serving: () => number;
    /** The server's database, SQLite or PostgreSQL (tests read it through this). */
    sql: Sql;
    /** Removes an erasure's bytes from the database's files (tests wait for it). */
    scrubber: Scrubber;
  }
}

/**
 * The server's database: PostgreSQL when DATABASE_URL is set (migrated and seeded under the
 * start-up timeout, its requests' statements under DATABASE_TIMEOUT_MS), else SQLite in
 * DATA_DIR (or the one given, for tests), migrated and seeded.
 */
/**
 * The seed, the inbox list's columns, the notes' terms and matching's index of rows written
 * before them.
 */
async function prepareData(sql: Sql) {
  await seed(sql);
  await fillListColumns(sql);
  await fillNoteTerms(sql);
  await fillSearchTerms(sql);
  await fillLeadPairs(sql);
}

async function openSql(config: ServerConfig, db?: Db): Promise<Sql & { db?: Db }> {
  const log = (message: string) => console.warn(`Immosuite: ${message}`);
  const file = path.join(config.dataDir, 'immosuite.sqlite');
  if (config.databaseUrl && !db)
    return openPostgres({
      url: config.databaseUrl,
      pool: config.databasePool,
      statementTimeoutMs: config.databaseTimeoutMs,
      log,
      prepare: prepareData,
    });
  const sql = sqliteSql(db ?? openDatabase(refuseEmptyDatabase(file, config.dataDir), log));
  try {
    await prepareData(sql);
  } catch (error) {
    await sql.close();
    throw error;
  }
  return sql;
}

/**
 * The server's log: at LOG_LEVEL, every request's URL with its query redacted, and the
 * queries in errors' messages redacted too (docs/security.md#the-log).
 */
function loggerOf(config: ServerConfig, stream?: NodeJS.WritableStream) {
  const level = config.logger ? config.logger.level : stream ? 'info' : null;
  if (!level) return false;
  return {
    level,
    serializers: { req: requestForLog, err: errorForLog },
    ...(stream ? { stream } : {}),
  };
}

export interface BuildOptions {
  /** Where the log is written instead of stdout (tests read it), at LOG_LEVEL or info. */
  logStream?: NodeJS.WritableStream;
  /** An open SQLite database to serve (tests). */
  db?: Db;
  /** What the outbox sends through, besides the configuration (tests: a longer webhook timeout). */
  outbox?: Omit<OutboxDeps, 'log'>;
}

export async function buildServer(config: ServerConfig, options: BuildOptions = {}) {
  if (config.startupErrors.length)
    throw new StartupError(`The server cannot start: ${config.startupErrors.join('; ')}.`);
  const sql = await openSql(config, options.db);
  const cookies = cookiePolicy(config);
  const sessions = createSessions(sql, loadSecret(config.dataDir), cookies);
  const staff = createStaff(sql, config.agencyUsers, cookies);

  const app = Fastify({
    logger: loggerOf(config, options.logStream),
    bodyLimit: 64 * 1024,
    // Behind proxies (TRUST_PROXY: hops or their addresses) the client address and scheme come
    // from the X-Forwarded-* entries those proxies added, never from one the client wrote.
    trustProxy:
      typeof config.trustProxy === 'number'
        ? (
            (hops) => (_address: string, hop: number) =>
              hop < hops
          )(config.trustProxy)
        : config.trustProxy,
    // A client that trickles its request is cut off (Node checks every 30 s).
    requestTimeout: REQUEST_TIMEOUT_MS,
    // A socket with no traffic either way (a peer that stopped reading our answers) is closed.
    connectionTimeout: SOCKET_IDLE_MS,
    // Errors of Fastify's own router (a malformed URL) in the API's shape, the URL not echoed.
    frameworkErrors: (_error, request, reply) =>
      sendError(request, reply, 400, 'rest_bad_url', 'badUrl'),
    ajv: {
      customOptions: {
        removeAdditional: false,
        coerceTypes: true,
        allErrors: false,
        allowUnionTypes: true,
      },
      plugins: [
        (ajv: Ajv) =>
          ajv.addKeyword({
            keyword: FINITE_KEYWORD,
            schemaType: 'boolean',
            // Not typed 'number': Ajv runs number keywords for finite numbers only.
            validate: (finite: boolean, data: unknown) =>
              !finite || typeof data !== 'number' || Number.isFinite(data),
          }),
      ],
    },
  });
  // The log shows a path's words only when a route has them (http/logs.ts).
  app.addHook('onRoute', (route) => learnRoute(route.url));
  app.server.headersTimeout = HEADERS_TIMEOUT_MS;
  limitPipelining(app);
  limitConnections(app.server, {
    perClient: config.connectionsPerClient,
    trustProxy: config.trustProxy,
  });
  const outbox = createOutbox(
    sql,
    {
      smtpUrl: config.smtpUrl,
      mailFrom: config.mailFrom,
      webhookUrl: config.webhookUrl,
      webhookSecret: config.webhookSecret,
    },
    { ...options.outbox, log: (message, detail) => app.log.warn({ detail }, message) },
  );
  app.decorate('outbox', outbox);
  // Matching's job writes the pairs of each saved search's change and checks each stored lead's
  // (server/matching/job.ts); the requests record what it has to do and wake it.
  const serving = countServing(app);
  app.decorate('serving', serving);
  const matcher = createMatcher(sql, {
    news: outbox.webhooksOn ? { outbox, publicUrl: () => app.publicUrl() } : null,
    log: (message, detail) => app.log.warn({ detail }, message),
    // It gives way to the requests being served (decision 179).
    busy: () => serving() > 0,
  });
  app.decorate('matcher', matcher);
  app.decorate('sql', sql);
  const scrubber = createScrubber(
    sql,
    (message, detail) => app.log.error({ detail }, message),
    config.erasureScrubAt,
  );
  app.decorate('scrubber', scrubber);
  // SQLite's write-ahead log is checkpointed by this process; PostgreSQL does its own.
  const checkpointer = sql.db
    ? startCheckpointer(sql.db, (message) => app.log.error({ message }, 'WAL checkpoint failed'))
    : null;
  app.addHook('onReady', async () => {
    outbox.start();
    scrubber.start();
    matcher.start();
  });
  app.addHook('onClose', async () => {
    await matcher.stop();
    await outbox.stop();
    scrubber.stop();
    await scrubber.idle();
    await checkpointer?.stop();
    await sql.close();
  });
  if (config.rejectedOrigins.length)
    app.log.warn(
      { rejected: config.rejectedOrigins },
      'ALLOWED_ORIGINS: these entries are not origins (scheme://host[:port]) and are ignored',
    );
  await app.register(fastifyCookie);
  // Security headers on every response. No page but the widget may be framed; the widget's
  // pages set their own frame-ancestors (web.ts). embed.js is loaded by agencies' sites, so
  // resources may be read cross-origin (the API is guarded by cookies, XSRF and nonces).
  registerSecurityHeaders(app);
  // Decision 20: like WordPress, an empty JSON body counts as {}; a deeply nested one is a 400.
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    if (body === '') return done(null, {});
    parseJson(request, body as string, (error, value) => {
      if (error) return done(error);
      if (depthOf(value) > MAX_BODY_DEPTH) return done(new ApiError(400, 'too_deep', 'tooDeep'));
      done(null, value);
    });
  });
  // Limits are set per route (login mails, funnel beacons, staff login mails; the submissions
  // count through clientLimit in api/submissions.ts); the answer is the API's own 429.
  // One process on SQLite counts in memory; processes sharing PostgreSQL count in it.
  const rateCounter = sql.dialect === 'postgres' ? databaseCounter(sql) : new MemoryCounter();
  await app.register(fastifyRateLimit, {
    global: false,
    store: rateLimitStore(rateCounter),
    errorResponseBuilder: () => new ApiError(429, 'rate_limited', 'rateLimited'),
  });

  app.addHook('onRequest', async (request, reply) => {
    if (
      request.url.startsWith(`${API_PREFIX}/`) ||
      request.url.startsWith('/webapp') ||
      request.url.startsWith('/agency')
    ) {
      ensureXsrfCookie(request, reply, cookies);
    }
  });

  app.setErrorHandler((error: FastifyError | ApiError, request, reply) => {
    if (error instanceof ApiError) {
      return sendError(
        request,
        reply,
        error.status,
        error.code,
        error.messageKey,
        error.params,
        error.detail,
      );
    }
    if (error instanceof DatabaseUnavailable) {
      request.log.error({ err: error.cause }, 'the database cannot be reached');
      reply.header('Retry-After', '30');
      return sendError(request, reply, 503, 'database_unavailable', 'databaseUnavailable');
    }
    if (error.validation) {
      return sendError(
        request,
        reply,
        400,
        'rest_invalid_param',
        'invalidParam',
        error.validation,
        error.message,
      );
    }
    if (error.code === 'FST_ERR_CTP_BODY_TOO_LARGE') {
      return sendError(request, reply, 413, 'payload_too_large', 'tooLarge');
    }
    if (error.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE') {
      return sendError(request, reply, 415, 'unsupported_media_type', 'invalidJson');
    }
    if (error instanceof SyntaxError || error.code === 'FST_ERR_CTP_INVALID_JSON_BODY') {
      return sendError(request, reply, 400, 'invalid_json', 'invalidJson');
    }
    if (error.statusCode === 400) {
      return sendError(request, reply, 400, 'bad_request', 'badRequest');
    }
    if (error.statusCode && error.statusCode < 500) {
      return sendError(
        request,
        reply,
        error.statusCode,
        error.code ?? 'bad_request',
        'invalidParam',
      );
    }
    request.log.error({ err: error }, 'request failed');
    return sendError(request, reply, 500, 'internal_server_error', 'internal');
  });
  app.setNotFoundHandler((request, reply) =>
    sendError(request, reply, 404, 'rest_no_route', 'notFound'),
  );

  await app.register(fastifyStatic, {
    root: path.join(__dirname, 'assets'),
    prefix: '/media/',
    decorateReply: false,
  });
  await registerRoutes(app, {
    sql,
    config,
    outbox,
    scrubber,
    matcher,
    sessions,
    staff,
    rateCounter,
  });
  await registerGeocoder(app, config.geocoderUpstream);
  if (config.devMailbox) {
    await registerMailbox(app, outbox);
    app.log.warn('the dev mailbox at /dev/mailbox shows every mail sent, login keys included');
  }
  await registerWeb(app, config, sessions);
  return app;
}
