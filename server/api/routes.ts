/**
 * Every call of spec 7 under /wp-json/sw-immosuite. Request validation comes from the
 * contract (contract/openapi.ts): one source of truth for the server and the widget's tests.
 */
import crypto from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { categoryById, fieldIdsFor } from '../../contract/catalog';
import type { ContractPath } from '../../contract/openapi';
import { paramsSchema, requestBodySchema, type Method } from '../../contract/schema';
import { randomToken, sha256 } from '../auth/crypto';
import type { ServerConfig } from '../config';
import { now, type Db } from '../db/database';
import type { Mailer } from '../mail/mailer';
import {
  confirmMail,
  langOf,
  loginMail,
  noAccountMail,
  type Lang,
  type SubmissionKind,
} from '../mail/templates';
import { ApiError } from './errors';
import { RateLimiter } from './rateLimit';
import { checkXsrf, type Sessions } from './security';

export const API_PREFIX = '/wp-json/sw-immosuite';
const LOGIN_KEY_MS = 30 * 60 * 1000;
const CONFIRM_KEY_MS = 7 * 24 * 60 * 60 * 1000;
/** A used key works again for a while: mail scanners that open links must not burn them. */
const KEY_REUSE_MS = 10 * 60 * 1000;
const IDEMPOTENCY_MS = 24 * 60 * 60 * 1000;

// Shapes of the contract (validated before a handler runs).
interface ContactInput {
  salutation?: string;
  firstname: string;
  lastname: string;
  phone?: string;
  email: string;
  street?: string;
  number?: string;
  zip?: string;
  city?: string;
  company?: string;
  wish?: string;
  customFields?: { dataPrivacy?: boolean; acceptContact?: boolean; newsletter?: boolean } & Record<
    string,
    unknown
  >;
}
interface FieldValue {
  name: string;
  valueType: string;
  value?: unknown;
  minValue?: number | null;
  maxValue?: number | null;
  data?: unknown;
}
interface SavedSearchInput {
  uuid?: string;
  active?: boolean;
  objectType: string;
  categoryId: number;
  marketingType: string;
  locations: { locationId: number }[];
  fields: FieldValue[];
}
interface LeadInput {
  objectType: string;
  categoryId: number;
  marketingType: string;
  location: Record<string, unknown>;
  fields: FieldValue[];
}
interface Meta {
  website?: string;
  fillMs?: number;
}

const CONTACT_COLUMNS = [
  'salutation',
  'firstname',
  'lastname',
  'phone',
  'street',
  'number',
  'zip',
  'city',
  'company',
] as const;

function clean(contact: ContactInput): ContactInput {
  const out: ContactInput = { ...contact, email: contact.email.trim().toLowerCase() };
  for (const key of [...CONTACT_COLUMNS, 'firstname', 'lastname'] as const) {
    const value = out[key];
    if (typeof value === 'string') out[key] = value.trim();
  }
  return out;
}

export interface ApiDeps {
  db: Db;
  config: ServerConfig;
  mailer: Mailer;
  sessions: Sessions;
}

export async function registerApi(app: FastifyInstance, { db, config, mailer, sessions }: ApiDeps) {
  const limits = config.limits;
  const submissionLimiter = new RateLimiter(limits.submissionsPerWindow, limits.windowMs);
  const loginClientLimiter = new RateLimiter(limits.loginMailsPerClient, limits.windowMs);
  const loginAddressLimiter = new RateLimiter(limits.loginMailsPerAddress, limits.windowMs);

  function route(
    method: 'GET' | 'POST' | 'PUT' | 'DELETE',
    path: ContractPath,
    handler: (request: FastifyRequest, reply: FastifyReply) => Promise<unknown> | unknown,
  ) {
    const m = method.toLowerCase() as Method;
    const body = requestBodySchema(m, path);
    const params = paramsSchema(m, path);
    app.route({
      method,
      url: API_PREFIX + path.replace(/\{(\w+)\}/g, ':$1'),
      schema: { ...(body ? { body } : {}), ...(params ? { params } : {}) },
      handler,
    });
  }

  app.addHook('preHandler', async (request) => {
    if (request.method !== 'GET' && request.url.startsWith(`${API_PREFIX}/`)) checkXsrf(request);
  });

  const lang = (request: FastifyRequest): Lang => langOf(request.headers['accept-language']);
  const linkFor = (request: FastifyRequest, key: string) => {
    const base = config.loginUrl ?? `${request.protocol}://${request.host}/demo/login`;
    const url = new URL(base);
    url.searchParams.set('k', key);
    return url.href;
  };

  // ---- statements
  const q = {
    contactByEmail: db.prepare('SELECT * FROM contacts WHERE email = ?'),
    contactById: db.prepare('SELECT * FROM contacts WHERE id = ?'),
    insertContact: db.prepare(
      `INSERT INTO contacts (email, salutation, firstname, lastname, phone, street, number, zip, city, company,
        language, created_at, updated_at)
       VALUES (@email, @salutation, @firstname, @lastname, @phone, @street, @number, @zip, @city, @company,
        @language, @at, @at)`,
    ),
    insertSubmission: db.prepare(
      `INSERT INTO submissions (uuid, kind, contact_id, contact_data, language, created_at)
       VALUES (?, ?, ?, ?, ?, ?)`,
    ),
    insertConsent: db.prepare(
      `INSERT INTO consents (contact_id, submission_id, kind, given, text_version, at) VALUES (?, ?, ?, ?, ?, ?)`,
    ),
    insertKey: db.prepare(
      `INSERT INTO auth_keys (key_hash, purpose, contact_id, submission_id, created_at, expires_at)
       VALUES (?, ?, ?, ?, ?, ?)`,
    ),
    key: db.prepare('SELECT * FROM auth_keys WHERE key_hash = ?'),
    useKey: db.prepare(
      'UPDATE auth_keys SET first_used_at = ? WHERE key_hash = ? AND first_used_at IS NULL',
    ),
    submissionById: db.prepare('SELECT * FROM submissions WHERE id = ?'),
    idempotent: db.prepare('SELECT status, body FROM idempotency WHERE key = ? AND route = ?'),
    insertIdempotent: db.prepare(
      'INSERT INTO idempotency (key, route, status, body, created_at) VALUES (?, ?, ?, ?, ?)',
    ),
    pruneIdempotent: db.prepare('DELETE FROM idempotency WHERE created_at < ?'),
    listing: db.prepare('SELECT * FROM listings WHERE id = ?'),
    regions: db.prepare('SELECT * FROM regions ORDER BY position'),
    regionIds: db.prepare('SELECT location_id, name FROM regions'),
    fieldDefinition: db.prepare('SELECT definition FROM field_definitions WHERE id = ?'),
    savedSearches: db.prepare(
      `SELECT ss.* FROM saved_searches ss LEFT JOIN submissions s ON s.id = ss.submission_id
       WHERE ss.contact_id = ? AND (ss.submission_id IS NULL OR s.status = 'confirmed') ORDER BY ss.id`,
    ),
    savedSearch: db.prepare('SELECT * FROM saved_searches WHERE uuid = ? AND contact_id = ?'),
    inquiries: db.prepare(
      `SELECT ei.uuid, l.* FROM expose_inquiries ei JOIN listings l ON l.id = ei.listing_id
       JOIN submissions s ON s.id = ei.submission_id
       WHERE ei.contact_id = ? AND s.status = 'confirmed' ORDER BY ei.id DESC`,
    ),
  };

  // ---- shared helpers
  function contactRecord(row: Record<string, unknown>) {
    return {
      salutation: row.salutation as string,
      firstname: row.firstname as string,
      lastname: row.lastname as string,
      phone: row.phone as string,
      email: row.email as string,
      street: row.street as string,
      number: row.number as string,
      zip: row.zip as string,
      city: row.city as string,
      company: row.company as string,
      customFields: {
        dataPrivacy: row.data_privacy === 1,
        acceptContact: row.accept_contact === 1,
        newsletter: row.newsletter === 1,
      },
    };
  }

  // Regions are seed data and do not change while the server runs: read them once.
  const regionNameById = new Map(
    (q.regionIds.all() as { location_id: number; name: string }[]).map((r) => [
      r.location_id,
      r.name,
    ]),
  );

  function toSavedSearch(row: Record<string, unknown>) {
    const category = categoryById(row.category_id as number);
    return {
      uuid: row.uuid as string,
      active: row.active === 1,
      objectType: row.object_type as string,
      categoryId: row.category_id as number,
      category: { name: category?.name ?? '' },
      marketingType: row.marketing_type as string,
      locations: (JSON.parse(row.locations as string) as number[]).map((id) => ({
        locationId: id,
        name: regionNameById.get(id) ?? '',
      })),
      fields: JSON.parse(row.fields as string) as FieldValue[],
    };
  }

  function checkCategory(input: { objectType: string; categoryId: number; marketingType: string }) {
    const category = categoryById(input.categoryId);
    if (
      !category ||
      (category.objectType !== null && category.objectType !== input.objectType) ||
      (category.marketingType !== null && category.marketingType !== input.marketingType)
    ) {
      throw new ApiError(400, 'category_mismatch', 'categoryMismatch');
    }
  }

  function checkFields(categoryId: number, fields: FieldValue[]) {
    const allowed = new Set(fieldIdsFor(categoryId));
    const unknown = fields.filter((f) => !allowed.has(f.name)).map((f) => f.name);
    if (unknown.length)
      throw new ApiError(400, 'unknown_field', 'unknownField', { fields: unknown });
  }

  function checkSavedSearch(input: SavedSearchInput) {
    checkCategory(input);
    checkFields(input.categoryId, input.fields);
    const unknown = input.locations
      .filter((l) => !regionNameById.has(l.locationId))
      .map((l) => l.locationId);
    if (unknown.length)
      throw new ApiError(400, 'unknown_location', 'unknownLocation', { locations: unknown });
  }

  function requireConsent(contact: ContactInput) {
    if (
      contact.customFields?.dataPrivacy !== true ||
      contact.customFields?.acceptContact !== true
    ) {
      throw new ApiError(400, 'consent_required', 'consentRequired');
    }
  }

  /** Rate limit, honeypot, idempotency, consent, storage and the confirmation mail. */
  async function submit(
    request: FastifyRequest,
    reply: FastifyReply,
    kind: SubmissionKind,
    store: (submissionId: number, contactId: number) => void,
  ) {
    const body = request.body as { contact: ContactInput; meta?: Meta };
    const wait = submissionLimiter.hit(request.ip);
    if (wait) {
      reply.header('Retry-After', String(wait));
      throw new ApiError(429, 'rate_limited', 'rateLimited');
    }
    const uuid = crypto.randomUUID();
    const bot =
      (body.meta?.website ?? '') !== '' || (body.meta?.fillMs ?? Infinity) < limits.minFillMs;
    if (bot) {
      request.log.info({ ip: request.ip, kind }, 'submission dropped as a bot');
      return reply.code(201).send({ success: true, uuid });
    }
    const idempotencyKey = request.headers['idempotency-key'];
    const routeKey = `${request.method} ${request.routeOptions.url}`;
    if (typeof idempotencyKey === 'string') {
      if (!/^[A-Za-z0-9_-]{8,100}$/.test(idempotencyKey)) {
        throw new ApiError(400, 'rest_invalid_param', 'invalidParam', {
          header: 'Idempotency-Key',
        });
      }
      const previous = q.idempotent.get(idempotencyKey, routeKey) as
        { status: number; body: string } | undefined;
      if (previous) {
        return reply
          .code(previous.status)
          .header('Idempotent-Replayed', 'true')
          .send(JSON.parse(previous.body));
      }
    }
    const contact = clean(body.contact);
    requireConsent(contact);
    const language = lang(request);
    const key = randomToken();
    const response = { success: true, uuid };
    const replayed = db.transaction(() => {
      if (typeof idempotencyKey === 'string') {
        const previous = q.idempotent.get(idempotencyKey, routeKey) as
          { status: number; body: string } | undefined;
        if (previous) return previous;
      }
      const at = now();
      let row = q.contactByEmail.get(contact.email) as { id: number } | undefined;
      if (!row) {
        const values = Object.fromEntries(CONTACT_COLUMNS.map((c) => [c, contact[c] ?? '']));
        const id = q.insertContact.run({
          ...values,
          email: contact.email,
          language,
          at,
        }).lastInsertRowid;
        row = { id: Number(id) };
      }
      const submissionId = Number(
        q.insertSubmission.run(uuid, kind, row.id, JSON.stringify(contact), language, at)
          .lastInsertRowid,
      );
      for (const box of ['dataPrivacy', 'acceptContact', 'newsletter'] as const) {
        const given = contact.customFields?.[box];
        if (typeof given === 'boolean') {
          q.insertConsent.run(
            row.id,
            submissionId,
            box,
            given ? 1 : 0,
            config.consentTextVersion,
            at,
          );
        }
      }
      store(submissionId, row.id);
      q.insertKey.run(
        sha256(key),
        'confirm',
        row.id,
        submissionId,
        at,
        new Date(Date.now() + CONFIRM_KEY_MS).toISOString(),
      );
      if (typeof idempotencyKey === 'string') {
        q.insertIdempotent.run(idempotencyKey, routeKey, 201, JSON.stringify(response), at);
        q.pruneIdempotent.run(new Date(Date.now() - IDEMPOTENCY_MS).toISOString());
      }
      return null;
    })();
    if (replayed) {
      return reply
        .code(replayed.status)
        .header('Idempotent-Replayed', 'true')
        .send(JSON.parse(replayed.body));
    }
    try {
      const mail = confirmMail(language, kind, linkFor(request, key));
      await mailer.send({ to: contact.email, ...mail, links: [linkFor(request, key)] });
    } catch (error) {
      request.log.error({ err: error }, 'confirmation mail could not be sent');
    }
    return reply.code(201).send(response);
  }

  // ---- auth
  route('POST', '/v1/auth/email', async (request, reply) => {
    const email = (request.body as { email: string }).email.trim().toLowerCase();
    const waitClient = loginClientLimiter.hit(request.ip);
    const waitAddress = waitClient ? 0 : loginAddressLimiter.hit(email);
    if (waitClient || waitAddress) {
      reply.header('Retry-After', String(waitClient || waitAddress));
      throw new ApiError(429, 'rate_limited', 'rateLimited');
    }
    if (!/^[^\s@]+@[^\s@]+\.[^\s@]{2,}$/.test(email)) return { sent: false };
    const contact = q.contactByEmail.get(email) as { id: number } | undefined;
    const language = lang(request);
    if (contact) {
      const key = randomToken();
      q.insertKey.run(
        sha256(key),
        'login',
        contact.id,
        null,
        now(),
        new Date(Date.now() + LOGIN_KEY_MS).toISOString(),
      );
      const link = linkFor(request, key);
      await mailer.send({ to: email, ...loginMail(language, link), links: [link] });
    } else {
      // Same answer as for a known address; the mail tells the owner there is no account.
      await mailer.send({ to: email, ...noAccountMail(language), links: [] });
    }
    return { sent: true };
  });

  /** The contact a key opens: login keys and confirmation keys, unexpired, reuse window. */
  function contactForKey(k: string): { contactId: number; keyHash: string } {
    const keyHash = sha256(k);
    const key = q.key.get(keyHash) as
      | {
          contact_id: number;
          submission_id: number | null;
          expires_at: string;
          first_used_at: string | null;
        }
      | undefined;
    const at = Date.now();
    if (!key || Date.parse(key.expires_at) <= at)
      throw new ApiError(403, 'invalid_key', 'invalidKey');
    if (key.first_used_at && at - Date.parse(key.first_used_at) > KEY_REUSE_MS) {
      throw new ApiError(403, 'invalid_key', 'invalidKey');
    }
    return { contactId: key.contact_id, keyHash };
  }

  route('POST', '/v1/auth/login', async (request, reply) => {
    const { contactId, keyHash } = contactForKey((request.body as { k: string }).k);
    q.useKey.run(now(), keyHash);
    sessions.start(request, reply, contactId, keyHash);
    const contact = q.contactById.get(contactId) as { email: string };
    return { user: { email: contact.email, loggedIn: true }, login: true };
  });

  route('POST', '/v1/auth/login/nonce', async (request) => {
    const keyHash = sha256((request.body as { k: string }).k);
    const user = sessions.current(request);
    if (!user || sessions.loginKeyOf(user) !== keyHash)
      throw new ApiError(403, 'invalid_key', 'invalidKey');
    return { nonce: sessions.nonce(user) };
  });

  route('GET', '/v1/auth/me', async (request, reply) => {
    const user = sessions.require(request, reply);
    return { email: user.email, loggedIn: true };
  });

  route('DELETE', '/v1/auth/me', async (request, reply) => {
    sessions.require(request, reply);
    sessions.end(request, reply);
    reply.removeHeader('X-WP-Nonce');
    return { loggedOut: true };
  });

  // ---- contact
  route('GET', '/v1/contact', async (request, reply) => {
    const user = sessions.require(request, reply);
    return contactRecord(q.contactById.get(user.contactId) as Record<string, unknown>);
  });

  route('PUT', '/v1/contact', async (request, reply) => {
    const user = sessions.require(request, reply);
    const input = clean(request.body as ContactInput);
    const at = now();
    db.transaction(() => {
      const current = q.contactById.get(user.contactId) as Record<string, unknown>;
      const sets = CONTACT_COLUMNS.map((c) => `${c} = @${c}`).join(', ');
      const values: Record<string, unknown> = Object.fromEntries(
        CONTACT_COLUMNS.map((c) => [c, input[c] ?? '']),
      );
      const flags = {
        dataPrivacy: 'data_privacy',
        acceptContact: 'accept_contact',
        newsletter: 'newsletter',
      } as const;
      for (const [box, column] of Object.entries(flags) as [keyof typeof flags, string][]) {
        const given = input.customFields?.[box];
        values[column] = typeof given === 'boolean' ? (given ? 1 : 0) : current[column];
        if (typeof given === 'boolean' && (given ? 1 : 0) !== current[column]) {
          q.insertConsent.run(
            user.contactId,
            null,
            box,
            given ? 1 : 0,
            config.consentTextVersion,
            at,
          );
        }
      }
      db.prepare(
        `UPDATE contacts SET ${sets}, data_privacy = @data_privacy, accept_contact = @accept_contact,
         newsletter = @newsletter, updated_at = @at WHERE id = @id`,
      ).run({ ...values, at, id: user.contactId });
    })();
    return contactRecord(q.contactById.get(user.contactId) as Record<string, unknown>);
  });

  // ---- saved searches of the logged-in contact
  route('GET', '/v1/saved-search', async (request, reply) => {
    const user = sessions.require(request, reply);
    return (q.savedSearches.all(user.contactId) as Record<string, unknown>[]).map(toSavedSearch);
  });

  const insertSavedSearch = db.prepare(
    `INSERT INTO saved_searches (uuid, contact_id, submission_id, active, object_type, category_id, marketing_type,
      locations, fields, created_at, updated_at)
     VALUES (@uuid, @contactId, @submissionId, @active, @objectType, @categoryId, @marketingType, @locations,
      @fields, @at, @at)`,
  );
  const updateSavedSearch = db.prepare(
    `UPDATE saved_searches SET active = @active, object_type = @objectType, category_id = @categoryId,
      marketing_type = @marketingType, locations = @locations, fields = @fields, updated_at = @at
     WHERE uuid = @uuid AND contact_id = @contactId`,
  );
  const savedSearchValues = (input: SavedSearchInput) => ({
    objectType: input.objectType,
    categoryId: input.categoryId,
    marketingType: input.marketingType,
    locations: JSON.stringify([...new Set(input.locations.map((l) => l.locationId))]),
    fields: JSON.stringify(input.fields),
    at: now(),
  });

  route('POST', '/v1/saved-search', async (request, reply) => {
    const user = sessions.require(request, reply);
    const input = request.body as SavedSearchInput;
    checkSavedSearch(input);
    const uuid = crypto.randomUUID();
    insertSavedSearch.run({
      ...savedSearchValues(input),
      uuid,
      contactId: user.contactId,
      submissionId: null,
      active: input.active === false ? 0 : 1,
    });
    return reply
      .code(201)
      .send(toSavedSearch(q.savedSearch.get(uuid, user.contactId) as Record<string, unknown>));
  });

  route('PUT', '/v1/saved-search/{uuid}', async (request, reply) => {
    const user = sessions.require(request, reply);
    const { uuid } = request.params as { uuid: string };
    const input = request.body as SavedSearchInput;
    const existing = q.savedSearch.get(uuid, user.contactId) as Record<string, unknown> | undefined;
    if (!existing) throw new ApiError(404, 'not_found', 'savedSearchNotFound');
    checkSavedSearch(input);
    const active = typeof input.active === 'boolean' ? (input.active ? 1 : 0) : existing.active;
    updateSavedSearch.run({ ...savedSearchValues(input), uuid, contactId: user.contactId, active });
    return toSavedSearch(q.savedSearch.get(uuid, user.contactId) as Record<string, unknown>);
  });

  route('DELETE', '/v1/saved-search/{uuid}', async (request, reply) => {
    const user = sessions.require(request, reply);
    const { uuid } = request.params as { uuid: string };
    const result = db
      .prepare('DELETE FROM saved_searches WHERE uuid = ? AND contact_id = ?')
      .run(uuid, user.contactId);
    if (result.changes === 0) throw new ApiError(404, 'not_found', 'savedSearchNotFound');
    return { deleted: true };
  });

  route('GET', '/v1/expose-inquiry', async (request, reply) => {
    const user = sessions.require(request, reply);
    return (q.inquiries.all(user.contactId) as Record<string, unknown>[]).map((row) => ({
      uuid: row.uuid as string,
      image: row.image as string,
      title: row.title as string,
      zip: row.zip as string,
      city: row.city as string,
      category: categoryById(row.category_id as number)?.name ?? '',
      price: { title: row.price_title as string, text: row.price_text as string },
      link: row.link as string,
    }));
  });

  // ---- wizard data
  route('POST', '/v1/wizard/fields', async (request) => {
    const ids = Object.keys(request.body as Record<string, unknown>);
    const result: Record<string, unknown> = {};
    for (const id of ids) {
      const row = q.fieldDefinition.get(id) as { definition: string } | undefined;
      if (row) result[id] = JSON.parse(row.definition);
    }
    return result;
  });

  type RegionRow = {
    location_id: number;
    name: string;
    parent_id: number | null;
    geometry: string | null;
  };
  route('GET', '/v1/wizard/locations', async () => ({
    locations: (q.regions.all() as RegionRow[]).map((r) => ({
      locationId: r.location_id,
      name: r.name,
      ...(r.parent_id !== null ? { parentId: r.parent_id } : {}),
    })),
  }));

  route('GET', '/v1/wizard/locations/geojson', async (_request, reply) => {
    reply.header('Cache-Control', 'public, max-age=3600');
    return {
      geojson: {
        type: 'FeatureCollection',
        // Sample data: cells around the localities, not official boundaries.
        sample: true,
        features: (q.regions.all() as RegionRow[])
          .filter((r) => r.geometry && r.parent_id !== null)
          .map((r) => ({
            type: 'Feature',
            properties: { locationId: r.location_id, name: r.name, parentId: r.parent_id },
            geometry: JSON.parse(r.geometry!),
          })),
      },
    };
  });

  // ---- wizard submissions (anonymous; double opt-in)
  route('POST', '/v1/wizard/lead', async (request, reply) => {
    const { lead } = request.body as { lead: LeadInput };
    checkCategory(lead);
    checkFields(lead.categoryId, lead.fields);
    return submit(request, reply, 'lead', (submissionId) => {
      db.prepare(
        `INSERT INTO leads (submission_id, object_type, category_id, marketing_type, location, fields)
         VALUES (?, ?, ?, ?, ?, ?)`,
      ).run(
        submissionId,
        lead.objectType,
        lead.categoryId,
        lead.marketingType,
        JSON.stringify(lead.location),
        JSON.stringify(lead.fields),
      );
    });
  });

  route('POST', '/v1/wizard/saved-search', async (request, reply) => {
    const { savedSearch, contact } = request.body as {
      savedSearch: SavedSearchInput;
      contact: ContactInput;
    };
    checkSavedSearch(savedSearch);
    if (savedSearch.uuid) {
      // Editing: only the logged-in owner, and no new opt-in for it.
      const user = sessions.current(request);
      const existing =
        user &&
        (q.savedSearch.get(savedSearch.uuid, user.contactId) as
          Record<string, unknown> | undefined);
      if (!user || !existing) throw new ApiError(404, 'not_found', 'savedSearchNotFound');
      requireConsent(clean(contact));
      const active =
        typeof savedSearch.active === 'boolean' ? (savedSearch.active ? 1 : 0) : existing.active;
      updateSavedSearch.run({
        ...savedSearchValues(savedSearch),
        uuid: savedSearch.uuid,
        contactId: user.contactId,
        active,
      });
      return reply.code(201).send({ success: true, uuid: savedSearch.uuid });
    }
    return submit(request, reply, 'savedSearch', (submissionId, contactId) => {
      insertSavedSearch.run({
        ...savedSearchValues(savedSearch),
        uuid: crypto.randomUUID(),
        contactId,
        submissionId,
        active: 1,
      });
    });
  });

  route('POST', '/v1/wizard/expose-inquiry', async (request, reply) => {
    const { exposeInquiry } = request.body as {
      exposeInquiry: { objectId: number; message?: string };
    };
    if (!q.listing.get(exposeInquiry.objectId))
      throw new ApiError(400, 'unknown_object', 'unknownObject');
    return submit(request, reply, 'exposeInquiry', (submissionId, contactId) => {
      db.prepare(
        `INSERT INTO expose_inquiries (uuid, submission_id, contact_id, listing_id, message, created_at)
         VALUES (?, ?, ?, ?, ?, ?)`,
      ).run(
        crypto.randomUUID(),
        submissionId,
        contactId,
        exposeInquiry.objectId,
        (exposeInquiry.message ?? '').trim(),
        now(),
      );
    });
  });

  route('POST', '/v1/wizard/contact', async (request, reply) => {
    const body = request.body as { message?: string; type?: 'contact' | 'newsletter' };
    const type = body.type ?? 'contact';
    return submit(
      request,
      reply,
      type === 'newsletter' ? 'newsletter' : 'contact',
      (submissionId, contactId) => {
        db.prepare(
          'INSERT INTO contact_messages (submission_id, contact_id, type, message, created_at) VALUES (?, ?, ?, ?, ?)',
        ).run(submissionId, contactId, type, (body.message ?? '').trim(), now());
      },
    );
  });

  route('POST', '/v1/wizard/confirm', async (request) => {
    const keyHash = sha256((request.body as { k: string }).k);
    const key = q.key.get(keyHash) as
      { purpose: string; submission_id: number | null; expires_at: string } | undefined;
    if (
      !key ||
      key.purpose !== 'confirm' ||
      !key.submission_id ||
      Date.parse(key.expires_at) <= Date.now()
    ) {
      throw new ApiError(403, 'invalid_key', 'invalidKey');
    }
    const opcode = db.transaction(() => {
      const submission = q.submissionById.get(key.submission_id) as
        | { id: number; kind: string; contact_id: number; contact_data: string; status: string }
        | undefined;
      if (!submission || submission.status === 'confirmed') return 'AlreadyConfirmed' as const;
      const at = now();
      const data = JSON.parse(submission.contact_data) as ContactInput;
      const sets = CONTACT_COLUMNS.map((c) => `${c} = @${c}`).join(', ');
      const newsletter = data.customFields?.newsletter;
      db.prepare(
        `UPDATE contacts SET ${sets}, data_privacy = 1, accept_contact = 1,
          newsletter = CASE WHEN @newsletter IS NULL THEN newsletter ELSE @newsletter END,
          confirmed_at = COALESCE(confirmed_at, @at), updated_at = @at WHERE id = @id`,
      ).run({
        ...Object.fromEntries(CONTACT_COLUMNS.map((c) => [c, data[c] ?? ''])),
        newsletter:
          submission.kind === 'newsletter' && typeof newsletter === 'boolean'
            ? Number(newsletter)
            : newsletter === true
              ? 1
              : null,
        at,
        id: submission.contact_id,
      });
      db.prepare(`UPDATE submissions SET status = 'confirmed', confirmed_at = ? WHERE id = ?`).run(
        at,
        submission.id,
      );
      return 'Contact' as const;
    })();
    return { opcode };
  });
}
