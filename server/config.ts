import path from 'node:path';
import { DEFAULT_POOL, STATEMENT_TIMEOUT_MS } from './db/postgres';
import type { SubmissionKind } from '../contract/agency';
import { MIN_FILL_MS } from '../contract/contact';
import type { ScrubSchedule } from './db/scrub';
import { isWebhookSecret } from './delivery/outbox';
import { plainAddress } from './mail/address';

export interface ServerConfig {
  host: string;
  port: number;
  /** Folder with the built widget (webpack output). */
  staticDir: string;
  /** Extra origins allowed to initialise and frame the widget (its own origin always is). */
  allowedOrigins: string[];
  /** Entries of ALLOWED_ORIGINS that are not an origin (logged at start, otherwise ignored). */
  rejectedOrigins: string[];
  /** Log level (pino): 'warn' by default, LOG_LEVEL=info logs every request. */
  logger: false | { level: string };
  /** Folder of the SQLite database and the server secret. */
  dataDir: string;
  /** PostgreSQL's URL (DATABASE_URL); null: the embedded SQLite database in dataDir. */
  databaseUrl: string | null;
  /** Connections of this process's PostgreSQL pool (DATABASE_POOL). */
  databasePool: number;
  /**
   * The longest a PostgreSQL statement may take (DATABASE_TIMEOUT_MS): the server ends it, and
   * a database that does not answer is given up on a second later (503 + Retry-After).
   */
  databaseTimeoutMs: number;
  /** SMTP connection URL; without it mail goes to the dev outbox at /dev/mailbox. */
  smtpUrl: string | null;
  mailFrom: string;
  /** Where the agency hears of each submission; null: nowhere (AGENCY_EMAIL=''). */
  agencyEmail: string | null;
  /**
   * Where the notice of each kind goes (AGENCY_EMAIL_LEAD, AGENCY_EMAIL_SAVED_SEARCH,
   * AGENCY_EMAIL_EXPOSE_INQUIRY, AGENCY_EMAIL_CONTACT, AGENCY_EMAIL_NEWSLETTER); unset or empty:
   * AGENCY_EMAIL.
   */
  noticeTo: Record<SubmissionKind, string | null>;
  /** The agency's name, the sender of its OpenImmo-Feedback (AGENCY_NAME; default: MAIL_FROM's name). */
  agencyName: string;
  /** The agency's OpenImmo-ANID in the OpenImmo-Feedback (OPENIMMO_ANID); null: none. */
  openimmoAnid: string | null;
  /** The agency's id at its CRM in the OpenImmo-Feedback (OPENIMMO_MAKLER_ID); '' when unset. */
  openimmoMaklerId: string;
  /**
   * When the agency's notice goes out: once the visitor confirmed (double opt-in, the default),
   * or at once (AGENCY_NOTICE=on-submit), marked unconfirmed.
   */
  agencyNotice: 'on-confirm' | 'on-submit';
  /**
   * Who may sign in to the agency inbox (AGENCY_USERS, comma-separated addresses); by default
   * the agency's own address (AGENCY_EMAIL).
   */
  agencyUsers: string[];
  /** Where every event is POSTed (WEBHOOK_URL), signed with WEBHOOK_SECRET; null: no webhooks. */
  webhookUrl: string | null;
  webhookSecret: string | null;
  /**
   * When PostgreSQL writes the tables an erasure touched anew (ERASURE_SCRUB_AT): daily at a
   * Berlin time ('03:00', the default), or 'erasure', right after each erasure's answer.
   */
  erasureScrubAt: ScrubSchedule;
  /** Settings that cannot work as given: the server refuses to start and names each. */
  startupErrors: string[];
  /**
   * The server's public base URL (PUBLIC_URL), from which mailed links are built; never taken
   * from a request. Without it: http://127.0.0.1 and the port the server listens on.
   */
  publicUrl: string | null;
  /** Page that handles ?k= (login and confirmation links); default: the demo login page. */
  loginUrl: string | null;
  /** The dev outbox at /dev/mailbox: without SMTP, on a loopback bind or with DEV_MAILBOX=1. */
  devMailbox: boolean;
  /**
   * Which proxies' X-Forwarded-* headers name the client and scheme (TRUST_PROXY): a number of
   * hops in front of the server (1: the nearest proxy's view), or the proxies' addresses; false
   * for none. Never every hop: the leftmost X-Forwarded-For entry is the client's to write.
   */
  trustProxy: false | number | string;
  /** Open connections one client address may hold at a time (CONNECTIONS_PER_CLIENT). */
  connectionsPerClient: number;
  /** SOURCE_MAPS=1 serves the widget's source maps (off by default). */
  sourceMaps: boolean;
  /** Upstream Photon host; without it the bundled offline geocoder answers. */
  geocoderUpstream: string | null;
  limits: {
    submissionsPerWindow: number;
    loginMailsPerAddress: number;
    loginMailsPerClient: number;
    windowMs: number;
    /** Step beacons of the wizards' funnel per client and window. */
    beaconsPerWindow: number;
    /** What one client adds to one stage of a wizard's funnel in a day. */
    funnelPerDay: number;
    /** Changes of saved searches (made, edited, switched, deleted) per contact and window. */
    searchChangesPerContact: number;
    /** Forms filled faster than this are taken for bots and dropped quietly. */
    minFillMs: number;
  };
  /** Version of the consent texts the visitor saw, stored with each consent. */
  consentTextVersion: string;
  /**
   * How long a saved search must have asked for a kind of property in a place before it counts
   * in an owner's count of waiting buyers (OWNER_COUNT_WAIT_HOURS; docs/matching.md#the-threat-model).
   */
  ownerCountWaitHours: number;
}

/** A plain http(s) origin: scheme, host (name, IPv4 or [IPv6]) and port, nothing else. */
const ORIGIN = /^https?:\/\/(\[[0-9a-f:.]+\]|[a-z0-9](?:[a-z0-9.-]*[a-z0-9])?)(:\d{1,5})?$/i;

export function isOrigin(value: string): boolean {
  return ORIGIN.test(value);
}

/** An absolute http(s) URL without a trailing slash, or null (unset or not such a URL). */
function absoluteUrl(value: string | undefined): string | null {
  if (!value) return null;
  try {
    const url = new URL(value);
    return /^https?:$/.test(url.protocol) ? url.href.replace(/\/$/, '') : null;
  } catch {
    return null;
  }
}

/** An absolute http(s) URL as given (a receiver's path is its own), or null. */
function httpUrl(value: string | undefined): string | null {
  if (!value) return null;
  try {
    const url = new URL(value);
    return /^https?:$/.test(url.protocol) ? url.href : null;
  } catch {
    return null;
  }
}

/**
 * Whether the server can be reached only from this machine: a loopback bind, no proxy in front
 * (TRUST_PROXY) and no public URL other than a loopback one. The dev mailbox shows login keys,
 * so it is served only then (or with DEV_MAILBOX=1, said explicitly).
 */
function localOnly(env: NodeJS.ProcessEnv): boolean {
  const publicUrl = absoluteUrl(env.PUBLIC_URL);
  return (
    isLoopback(env.HOST ?? '127.0.0.1') &&
    trustProxyOf(env.TRUST_PROXY) === false &&
    (!publicUrl || isLoopback(new URL(publicUrl).hostname))
  );
}

/** An IPv4 or IPv6 address, with an optional /prefix. */
const PROXY_ADDRESS = /^(\d{1,3}(\.\d{1,3}){3}|[0-9a-f:]*:[0-9a-f:.]*)(\/\d{1,3})?$/i;

/**
 * TRUST_PROXY: unset or 0 trusts no proxy; a whole number, that many hops; a comma-separated
 * list of proxy addresses (CIDR allowed), those alone. Anything else is refused (undefined).
 */
export function trustProxyOf(value: string | undefined): false | number | string | undefined {
  const text = (value ?? '').trim();
  if (text === '' || text === '0') return false;
  if (/^\d{1,2}$/.test(text)) return Number(text);
  const list = text.split(/\s*,\s*/);
  return list.every((entry) => PROXY_ADDRESS.test(entry)) ? list.join(',') : undefined;
}

/** The variable naming where each kind's notice goes. */
export const NOTICE_ADDRESS_VARIABLES: Record<SubmissionKind, string> = {
  lead: 'AGENCY_EMAIL_LEAD',
  savedSearch: 'AGENCY_EMAIL_SAVED_SEARCH',
  exposeInquiry: 'AGENCY_EMAIL_EXPOSE_INQUIRY',
  contact: 'AGENCY_EMAIL_CONTACT',
  newsletter: 'AGENCY_EMAIL_NEWSLETTER',
};

function startupErrors(env: NodeJS.ProcessEnv): string[] {
  const errors: string[] = [];
  for (const name of ['AGENCY_EMAIL', ...Object.values(NOTICE_ADDRESS_VARIABLES)]) {
    const value = env[name];
    if (value && !plainAddress(value))
      errors.push(`${name} must be one e-mail address (name@example.de), or empty`);
  }
  const fill = env.MIN_FILL_MS;
  // The widget holds a quick send for MIN_FILL_MS (contract/contact.ts): a longer minimum here
  // would drop what the widget shows as sent (decision 191).
  if (fill && !(/^\d+$/.test(fill) && Number(fill) <= MIN_FILL_MS))
    errors.push(`MIN_FILL_MS must be a whole number of milliseconds from 0 to ${MIN_FILL_MS}`);
  if (trustProxyOf(env.TRUST_PROXY) === undefined)
    errors.push(
      'TRUST_PROXY must be the number of proxies in front of the server (1 for one nginx) or a comma-separated list of their addresses (CIDR allowed); "true" would believe any X-Forwarded-For a client writes',
    );
  if (!isLoopback(env.HOST ?? '127.0.0.1') && !env.PUBLIC_URL && env.DEV_MAILBOX !== '1')
    errors.push(
      `PUBLIC_URL must be set when the server listens on ${env.HOST} (mailed links would point at 127.0.0.1); DEV_MAILBOX=1 says this is a local test`,
    );
  if (env.DATABASE_URL && !/^postgres(ql)?:\/\//.test(env.DATABASE_URL))
    errors.push(
      'DATABASE_URL must be a PostgreSQL URL (postgres://user:password@host:5432/database)',
    );
  if (
    env.DATABASE_POOL !== undefined &&
    !(Number.isInteger(Number(env.DATABASE_POOL)) && Number(env.DATABASE_POOL) >= 1)
  )
    errors.push('DATABASE_POOL must be a whole number of connections, 1 or more');
  if (
    env.DATABASE_TIMEOUT_MS !== undefined &&
    !(Number.isInteger(Number(env.DATABASE_TIMEOUT_MS)) && Number(env.DATABASE_TIMEOUT_MS) >= 100)
  )
    errors.push('DATABASE_TIMEOUT_MS must be a whole number of milliseconds, 100 or more');
  if (env.AGENCY_NOTICE && !['on-confirm', 'on-submit'].includes(env.AGENCY_NOTICE))
    errors.push('AGENCY_NOTICE must be on-confirm (the default) or on-submit');
  if (!scrubScheduleOf(env.ERASURE_SCRUB_AT))
    errors.push('ERASURE_SCRUB_AT must be a time HH:MM (Berlin; 03:00 by default) or erasure');
  if (env.WEBHOOK_URL && !httpUrl(env.WEBHOOK_URL))
    errors.push('WEBHOOK_URL must be an absolute http(s) URL');
  if (env.WEBHOOK_URL && !isWebhookSecret(env.WEBHOOK_SECRET ?? ''))
    errors.push(
      "WEBHOOK_SECRET must be a Standard Webhooks secret: whsec_ and the base64 of 24 or more random bytes (node -e \"console.log('whsec_' + require('crypto').randomBytes(32).toString('base64'))\")",
    );
  return errors;
}

export function isLoopback(host: string): boolean {
  return /^(127\.\d+\.\d+\.\d+|localhost|::1|\[::1\])$/i.test(host);
}

function int(value: string | undefined, fallback: number): number {
  const n = Number(value);
  return value !== undefined && Number.isInteger(n) && n >= 0 ? n : fallback;
}

export function configFromEnv(env: NodeJS.ProcessEnv = process.env): ServerConfig {
  const port = int(env.PORT, 8080);
  const origins = (env.ALLOWED_ORIGINS ?? '').split(/[\s,]+/).filter(Boolean);
  return {
    host: env.HOST ?? '127.0.0.1',
    port: port < 65536 ? port : 8080,
    staticDir: path.resolve(env.STATIC_DIR ?? path.join(__dirname, '..', 'static')),
    allowedOrigins: origins.filter(isOrigin).map((o) => o.toLowerCase()),
    rejectedOrigins: origins.filter((o) => !isOrigin(o)),
    logger: env.LOG === '0' || env.NODE_ENV === 'test' ? false : { level: env.LOG_LEVEL ?? 'warn' },
    dataDir: path.resolve(env.DATA_DIR ?? path.join(__dirname, '..', 'data')),
    databaseUrl: env.DATABASE_URL || null,
    databasePool: int(env.DATABASE_POOL, DEFAULT_POOL),
    databaseTimeoutMs: int(env.DATABASE_TIMEOUT_MS, STATEMENT_TIMEOUT_MS),
    smtpUrl: env.SMTP_URL || null,
    mailFrom: env.MAIL_FROM ?? 'Immobilienservice <noreply@immosuite.local>',
    agencyEmail:
      env.AGENCY_EMAIL === undefined ? 'makler@immosuite.local' : env.AGENCY_EMAIL || null,
    noticeTo: Object.fromEntries(
      Object.entries(NOTICE_ADDRESS_VARIABLES).map(([kind, name]) => [
        kind,
        env[name]?.trim() ||
          (env.AGENCY_EMAIL === undefined ? 'makler@immosuite.local' : env.AGENCY_EMAIL || null),
      ]),
    ) as Record<SubmissionKind, string | null>,
    agencyName:
      env.AGENCY_NAME?.trim() ||
      /^\s*"?([^"<]*?)"?\s*</.exec(env.MAIL_FROM ?? '')?.[1]?.trim() ||
      'Immobilienservice',
    openimmoAnid: env.OPENIMMO_ANID?.trim() || null,
    openimmoMaklerId: env.OPENIMMO_MAKLER_ID?.trim() ?? '',
    agencyNotice: env.AGENCY_NOTICE === 'on-submit' ? 'on-submit' : 'on-confirm',
    agencyUsers: (
      env.AGENCY_USERS ??
      (env.AGENCY_EMAIL === undefined ? 'makler@immosuite.local' : env.AGENCY_EMAIL)
    )
      .split(',')
      .map((address) => address.trim().toLowerCase())
      .filter(Boolean),
    webhookUrl: httpUrl(env.WEBHOOK_URL),
    webhookSecret: env.WEBHOOK_SECRET || null,
    erasureScrubAt: scrubScheduleOf(env.ERASURE_SCRUB_AT) ?? { hour: 3, minute: 0 },
    startupErrors: startupErrors(env),
    publicUrl: absoluteUrl(env.PUBLIC_URL),
    loginUrl: absoluteUrl(env.LOGIN_URL),
    trustProxy: trustProxyOf(env.TRUST_PROXY) ?? false,
    connectionsPerClient: int(env.CONNECTIONS_PER_CLIENT, 100),
    sourceMaps: env.SOURCE_MAPS === '1',
    devMailbox: !env.SMTP_URL && (env.DEV_MAILBOX === '1' || localOnly(env)),
    geocoderUpstream: env.GEOCODER_UPSTREAM || null,
    limits: {
      submissionsPerWindow: int(env.RATE_LIMIT_SUBMISSIONS, 30),
      loginMailsPerAddress: int(env.RATE_LIMIT_LOGIN_MAILS, 3),
      loginMailsPerClient: int(env.RATE_LIMIT_LOGIN_CLIENT, 10),
      windowMs: int(env.RATE_LIMIT_WINDOW_MS, 15 * 60 * 1000),
      beaconsPerWindow: int(env.RATE_LIMIT_BEACONS, 300),
      funnelPerDay: int(env.RATE_LIMIT_FUNNEL_DAY, 20),
      searchChangesPerContact: int(env.RATE_LIMIT_SEARCH_CHANGES, 20),
      minFillMs: Math.min(int(env.MIN_FILL_MS, MIN_FILL_MS), MIN_FILL_MS),
    },
    consentTextVersion: env.CONSENT_TEXT_VERSION ?? '2026-11-01',
    ownerCountWaitHours: int(env.OWNER_COUNT_WAIT_HOURS, 7 * 24),
  };
}

/** ERASURE_SCRUB_AT as a schedule (unset: 03:00), or null when it is neither form. */
function scrubScheduleOf(value: string | undefined): ScrubSchedule | null {
  if (!value) return { hour: 3, minute: 0 };
  if (value === 'erasure') return 'erasure';
  const time = /^([01]\d|2[0-3]):([0-5]\d)$/.exec(value);
  return time ? { hour: Number(time[1]), minute: Number(time[2]) } : null;
}
