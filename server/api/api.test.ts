/**
 * @jest-environment node
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { responseConforms } from '../../contract/validator';
import type { Method } from '../../contract/schema';
import {
  contact,
  keyOf,
  lead,
  PREFIX,
  savedSearch,
  startTestServer,
  type TestClient,
  type TestResponse,
} from '../testing';
import { DEMO_CUSTOMER } from '../db/seed';
import { Q } from '../db/statements';
import { containsPoint } from '../geo/regions';

type Server = Awaited<ReturnType<typeof startTestServer>>;

function conforms(method: Method, path: string, response: TestResponse) {
  const result = responseConforms(method, path, response.status, response.body);
  if (!result.ok)
    throw new Error(
      `${method} ${path} ${response.status}: ${result.errors}\n${JSON.stringify(response.body)}`,
    );
}

async function call(
  client: TestClient,
  method: Method,
  path: string,
  body?: unknown,
  headers?: Record<string, string>,
) {
  const response = await client.request(method.toUpperCase(), PREFIX + path, { body, headers });
  conforms(method, path, response);
  return response;
}

/** Submits, confirms by mail, asks for a login link, logs in with it, fetches the nonce. */
async function loggedIn(server: Server, email = 'erika@example.de') {
  const client = server.client();
  await call(client, 'post', '/v1/wizard/lead', { contact: contact({ email }), lead: lead() });
  const confirmation = (await server.mails()).find((m) => m.to === email)!.links[0]!;
  await call(client, 'post', '/v1/wizard/confirm', { k: keyOf(confirmation) });
  await call(client, 'post', '/v1/auth/email', { email });
  const link = (await server.mails()).find((m) => m.to === email && m.links.length)!.links[0]!;
  const k = keyOf(link);
  const login = await call(client, 'post', '/v1/auth/login', { k });
  expect(login.body).toEqual({ user: { email, loggedIn: true }, login: true });
  const nonce = await call(client, 'post', '/v1/auth/login/nonce', { k });
  client.nonce = (nonce.body as { nonce: string }).nonce;
  return client;
}

describe('reference backend', () => {
  let server: Server;
  beforeEach(async () => {
    server = await startTestServer();
  });
  afterEach(async () => {
    await server.close();
  });

  describe('wizard data', () => {
    it('answers field definitions for the requested ids only', async () => {
      const client = server.client();
      const response = await call(client, 'post', '/v1/wizard/fields', {
        'price.price': {},
        'property[denkmalschutz]': {},
        'area.livingSpace': {},
        unknown: {},
      });
      expect(Object.keys(response.body as object).sort()).toEqual([
        'area.livingSpace',
        'price.price',
        'property[denkmalschutz]',
      ]);
      expect(response.body).toMatchObject({
        'price.price': {
          type: 'currency',
          marketingTypeLabel: { buy: 'Kaufpreis', rent: 'Kaltmiete' },
        },
        'area.livingSpace': { unit: 'm²' },
        'property[denkmalschutz]': { type: 'boolean' },
      });
    });

    it('labels field definitions in the language the widget asks in', async () => {
      const ask = (language: string) =>
        call(
          server.client(),
          'post',
          '/v1/wizard/fields',
          { 'price.price': {}, 'area.livingSpace': {}, 'property[zustand]': {} },
          { 'Accept-Language': language },
        );
      expect((await ask('en-US')).body).toMatchObject({
        'price.price': {
          label: 'Price',
          marketingTypeLabel: { buy: 'Purchase price', rent: 'Net rent' },
        },
        'area.livingSpace': { label: 'Living space', unit: 'm²' },
        'property[zustand]': {
          label: 'Condition',
          values: expect.arrayContaining([{ value: 'gepflegt', title: 'Well kept' }]),
        },
      });
      expect((await ask('de')).body).toMatchObject({
        'area.livingSpace': { label: 'Wohnfläche' },
        'property[zustand]': {
          values: expect.arrayContaining([{ value: 'gepflegt', title: 'Gepflegt' }]),
        },
      });
    });

    it('lists regions as a tree: twelve districts with their localities', async () => {
      const { body } = await call(server.client(), 'get', '/v1/wizard/locations');
      const locations = (
        body as { locations: { locationId: number; name: string; parentId?: number }[] }
      ).locations;
      const districts = locations.filter((l) => l.parentId === undefined);
      expect(districts).toHaveLength(12);
      expect(locations.filter((l) => l.parentId === 3).map((l) => l.name)).toContain(
        'Prenzlauer Berg',
      );
      for (const l of locations)
        if (l.parentId) expect(districts.some((d) => d.locationId === l.parentId)).toBe(true);
    });

    it("serves Berlin's 96 localities and 12 districts as their official shapes", async () => {
      const response = await call(server.client(), 'get', '/v1/wizard/locations/geojson');
      conforms('get', '/v1/wizard/locations/geojson', response);
      const { geojson } = response.body as {
        geojson: {
          attribution: string;
          features: {
            properties: { locationId: number; name: string; parentId?: number };
            geometry: GeoJSON.Polygon | GeoJSON.MultiPolygon;
          }[];
        };
      };
      const localities = geojson.features.filter((f) => f.properties.parentId !== undefined);
      const districts = geojson.features.filter((f) => f.properties.parentId === undefined);
      expect(localities).toHaveLength(96);
      expect(districts).toHaveLength(12);
      expect(geojson.attribution).toBe('Amt für Statistik Berlin-Brandenburg, daten.berlin.de');
      for (const f of geojson.features) {
        expect(['Polygon', 'MultiPolygon']).toContain(f.geometry.type);
        const polygons =
          f.geometry.type === 'Polygon' ? [f.geometry.coordinates] : f.geometry.coordinates;
        for (const ring of polygons.flat()) {
          expect(ring.length).toBeGreaterThanOrEqual(4);
          expect(ring[0]).toEqual(ring[ring.length - 1]);
          for (const [lng, lat] of ring) {
            expect(lng).toBeGreaterThan(13.05);
            expect(lng).toBeLessThan(13.8);
            expect(lat).toBeGreaterThan(52.3);
            expect(lat).toBeLessThan(52.7);
          }
        }
      }
      // Alexanderplatz lies in the locality Mitte and the district Mitte, not in Kreuzberg.
      const named = (list: typeof localities, name: string) =>
        list.find((f) => f.properties.name === name)!.geometry;
      const alexanderplatz = [13.4132, 52.5219] as const;
      expect(containsPoint(named(localities, 'Mitte'), ...alexanderplatz)).toBe(true);
      expect(containsPoint(named(districts, 'Mitte'), ...alexanderplatz)).toBe(true);
      expect(containsPoint(named(localities, 'Kreuzberg'), ...alexanderplatz)).toBe(false);
      expect(containsPoint(named(districts, 'Friedrichshain-Kreuzberg'), ...alexanderplatz)).toBe(
        false,
      );
      // A point in Berlin lies in exactly one locality (no gaps or overlaps at the borders).
      const kastanienallee = [13.4091, 52.5381] as const;
      expect(
        localities
          .filter((f) => containsPoint(f.geometry, ...kastanienallee))
          .map((f) => f.properties.name),
      ).toEqual(['Prenzlauer Berg']);
    });

    it('sends the shapes compressed to a client that accepts it', async () => {
      const compressed = await fetch(`${server.base}${PREFIX}/v1/wizard/locations/geojson`, {
        headers: { 'Accept-Encoding': 'gzip' },
      });
      expect(compressed.headers.get('content-encoding')).toBe('gzip');
      expect(compressed.headers.get('vary')).toMatch(/Accept-Encoding/);
      const plain = await fetch(`${server.base}${PREFIX}/v1/wizard/locations/geojson`, {
        headers: { 'Accept-Encoding': 'identity' },
      });
      expect(plain.headers.get('content-encoding')).toBeNull();
      expect(await compressed.json()).toEqual(await plain.json());
    });
  });

  describe('submissions and double opt-in', () => {
    it('stores a lead, mails a confirmation link and confirms it once', async () => {
      const client = server.client();
      const response = await call(client, 'post', '/v1/wizard/lead', {
        contact: contact(),
        lead: lead(),
      });
      expect(response.status).toBe(201);
      const [mail] = await server.mails();
      expect(mail).toMatchObject({
        to: 'erika@example.de',
        subject: 'Bitte bestätigen Sie Ihre Anfrage zu Ihrer Immobilie',
      });
      expect(mail!.links[0]).toMatch(/\/demo\/login\?k=/);
      const k = keyOf(mail!.links[0]!);
      expect((await call(client, 'post', '/v1/wizard/confirm', { k })).body).toEqual({
        opcode: 'Contact',
      });
      expect((await call(client, 'post', '/v1/wizard/confirm', { k })).body).toEqual({
        opcode: 'AlreadyConfirmed',
      });
    });

    it("stores the visitor's message with the lead and tells the agency once it is confirmed", async () => {
      const client = server.client();
      const email = 'message.lead@example.de';
      await call(client, 'post', '/v1/wizard/lead', {
        contact: contact({ email }),
        lead: lead(),
        message: '  Bitte abends anrufen.  ',
      });
      const toAgency = async () =>
        (await server.mails()).filter((m) => m.to === 'makler@immosuite.local');
      const before = (await toAgency()).length;
      const k = keyOf((await server.mails()).find((m) => m.to === email)!.links[0]!);
      await call(client, 'post', '/v1/wizard/confirm', { k });
      await call(client, 'post', '/v1/wizard/confirm', { k });
      const agency = await toAgency();
      expect(agency).toHaveLength(before + 1);
      expect(agency[0]!.subject).toBe('Neue Anfrage: Wohnung in 10435 Berlin');
      expect(agency[0]!.text).toContain('Adresse: Kastanienallee 12, 10435 Berlin');
      expect(agency[0]!.text).toContain(`E-Mail: ${email}`);
      expect(agency[0]!.text).toContain('Nachricht:\nBitte abends anrufen.\n');
      expect(agency[0]!.text).toContain('Kaufpreis: 350.000\u00a0€');
      expect(agency[0]!.text).toContain('Wohnfläche: 82,5 m²');
    });

    it('writes mails in English for an English visitor', async () => {
      const client = server.client();
      await call(
        client,
        'post',
        '/v1/wizard/contact',
        { contact: contact(), message: 'Hello' },
        { 'Accept-Language': 'en-US' },
      );
      expect((await server.mails())[0]!.subject).toBe('Please confirm your message');
    });

    it.each([
      [
        'de',
        [
          'Bitte bestätigen Sie Ihr Suchprofil',
          'Bitte bestätigen Sie Ihre Anfrage zum Exposé',
          'Bitte bestätigen Sie Ihre Nachricht',
          'Bitte bestätigen Sie Ihre Newsletter-Einstellungen',
        ],
      ],
      [
        'en-US',
        [
          'Please confirm your search profile',
          'Please confirm your inquiry about the listing',
          'Please confirm your message',
          'Please confirm your newsletter settings',
        ],
      ],
    ])('names in the confirmation subject what it confirms (%s)', async (language, subjects) => {
      const client = server.client();
      const headers = { 'Accept-Language': language };
      const bodies: [string, Record<string, unknown>][] = [
        [
          'saved-search',
          { contact: contact({ email: 's@example.de' }), savedSearch: savedSearch() },
        ],
        [
          'expose-inquiry',
          {
            contact: contact({ email: 'e@example.de' }),
            exposeInquiry: { objectId: 1, message: 'Frei?' },
          },
        ],
        ['contact', { contact: contact({ email: 'c@example.de' }), message: 'Hallo' }],
        [
          'contact',
          {
            type: 'newsletter',
            contact: contact({
              email: 'n@example.de',
              customFields: { dataPrivacy: true, acceptContact: true, newsletter: true },
            }),
          },
        ],
      ];
      for (const [route, body] of bodies)
        expect((await call(client, 'post', `/v1/wizard/${route}`, body, headers)).status).toBe(201);
      const mails = await server.mails();
      expect(
        ['s', 'e', 'c', 'n'].map((who) => mails.find((m) => m.to === `${who}@example.de`)?.subject),
      ).toEqual(subjects);
    });

    it('tells the listing-inquiry page whether a listing can be asked about', async () => {
      const client = server.client();
      const known = await call(client, 'get', '/v1/wizard/listing/1');
      expect(known.status).toBe(200);
      expect(known.body).toEqual({
        objectId: 1,
        customObjectId: 'W-1001',
        title: 'Helle 3-Zimmer-Altbauwohnung mit Balkon',
      });
      const gone = await call(client, 'get', '/v1/wizard/listing/999');
      expect(gone.status).toBe(404);
      expect(gone.body).toMatchObject({ code: 'unknown_object' });
      expect((await call(client, 'get', '/v1/wizard/listing/abc')).status).toBe(400);
    });

    it('takes every kind of submission', async () => {
      const client = server.client();
      await call(client, 'post', '/v1/wizard/saved-search', {
        contact: contact(),
        savedSearch: savedSearch(),
      });
      await call(client, 'post', '/v1/wizard/expose-inquiry', {
        contact: contact(),
        exposeInquiry: { objectId: 1, message: 'Ist die Wohnung noch frei?' },
      });
      await call(client, 'post', '/v1/wizard/contact', {
        contact: contact(),
        message: 'Bitte rufen Sie mich an.',
      });
      await call(client, 'post', '/v1/wizard/contact', {
        type: 'newsletter',
        contact: contact({
          customFields: { dataPrivacy: true, acceptContact: true, newsletter: true },
        }),
      });
      expect(await server.mails()).toHaveLength(4);
    });

    it('files a known address under its contact, whose data the next form does not change', async () => {
      const client = server.client();
      const email = 'known.contact@example.de';
      await call(client, 'post', '/v1/wizard/lead', { contact: contact({ email }), lead: lead() });
      const second = await call(client, 'post', '/v1/wizard/contact', {
        contact: contact({ email, firstname: 'Erik' }),
        message: 'Noch eine Frage.',
      });
      expect(second.status).toBe(201);
      const contacts = await server.app.sql.all<{ id: number; firstname: string }>(
        'SELECT id, firstname FROM contacts WHERE email = ?',
        email,
      );
      expect(contacts).toEqual([{ id: expect.any(Number), firstname: 'Erika' }]);
      const submissions = await server.app.sql.all<{ kind: string; contact_id: number }>(
        'SELECT kind, contact_id FROM submissions WHERE contact_id = ? ORDER BY id',
        contacts[0]!.id,
      );
      expect(submissions).toEqual([
        { kind: 'lead', contact_id: contacts[0]!.id },
        { kind: 'contact', contact_id: contacts[0]!.id },
      ]);
    });

    it('refuses a submission without both consents', async () => {
      const response = await call(server.client(), 'post', '/v1/wizard/lead', {
        contact: contact({ customFields: { dataPrivacy: true, acceptContact: false } }),
        lead: lead(),
      });
      expect(response.status).toBe(400);
      expect(response.body).toMatchObject({ code: 'consent_required', data: { status: 400 } });
      expect(await server.mails()).toHaveLength(0);
    });

    it.each([
      ['an invalid e-mail', { contact: contact({ email: 'not-an-address' }), lead: lead() }],
      ['a missing last name', { contact: contact({ lastname: '' }), lead: lead() }],
      ['an unknown category', { contact: contact(), lead: lead({ categoryId: 1 }) }],
      ['an unknown key', { contact: contact(), lead: lead(), admin: true }],
      [
        'a latitude off the globe',
        { contact: contact(), lead: lead({ location: { lat: 200, lng: 0 } }) },
      ],
      ['no lead', { contact: contact() }],
    ])('answers 400 with a message for %s', async (_, body) => {
      const response = await call(server.client(), 'post', '/v1/wizard/lead', body);
      expect(response.status).toBe(400);
      expect(response.body).toMatchObject({
        code: 'rest_invalid_param',
        message: expect.stringMatching(/^Ungültige Eingabe/),
      });
    });

    it('refuses a category that does not fit, fields of another category, an unknown listing or region', async () => {
      const client = server.client();
      const wrongType = await call(client, 'post', '/v1/wizard/lead', {
        contact: contact(),
        lead: lead({ objectType: 'COMMERCIAL' }),
      });
      expect(wrongType.body).toMatchObject({ code: 'category_mismatch' });
      const plotForRent = await call(client, 'post', '/v1/wizard/lead', {
        contact: contact(),
        lead: lead({ categoryId: 19795, marketingType: 'rent', fields: [] }),
      });
      expect(plotForRent.body).toMatchObject({ code: 'category_mismatch' });
      const field = await call(client, 'post', '/v1/wizard/lead', {
        contact: contact(),
        lead: lead({
          fields: [{ name: 'property[zustand]', valueType: 'RAW', value: 'gepflegt' }],
        }),
      });
      expect(field.body).toMatchObject({
        code: 'unknown_field',
        data: { params: { fields: ['property[zustand]'] } },
      });
      const listing = await call(client, 'post', '/v1/wizard/expose-inquiry', {
        contact: contact(),
        exposeInquiry: { objectId: 999 },
      });
      expect(listing.body).toMatchObject({ code: 'unknown_object' });
      const region = await call(client, 'post', '/v1/wizard/saved-search', {
        contact: contact(),
        savedSearch: savedSearch({ locations: [{ locationId: 424242 }] }),
      });
      expect(region.body).toMatchObject({ code: 'unknown_location' });
    });

    it('answers bad JSON, a wrong media type and an oversized body with a 4xx, never a 500', async () => {
      const client = server.client();
      const broken = await client.request('POST', `${PREFIX}/v1/wizard/lead`, {
        raw: '{"contact":',
        headers: { 'Content-Type': 'application/json' },
      });
      expect(broken.status).toBe(400);
      expect(broken.body).toMatchObject({ code: 'invalid_json' });
      const text = await client.request('POST', `${PREFIX}/v1/wizard/lead`, {
        raw: 'hello',
        headers: { 'Content-Type': 'text/plain' },
      });
      expect(text.status).toBe(400);
      expect(text.body).toMatchObject({ code: 'rest_invalid_param' });
      const xml = await client.request('POST', `${PREFIX}/v1/wizard/lead`, {
        raw: '<a/>',
        headers: { 'Content-Type': 'application/xml' },
      });
      expect(xml.status).toBe(415);
      const huge = await call(client, 'post', '/v1/wizard/contact', {
        contact: contact(),
        message: 'x'.repeat(70 * 1024),
      });
      expect(huge.status).toBe(413);
      expect(huge.body).toMatchObject({ code: 'payload_too_large' });
      const unknown = await client.get(`${PREFIX}/v1/nothing`);
      expect(unknown.status).toBe(404);
      expect(unknown.body).toMatchObject({ code: 'rest_no_route' });
    });

    it('quietly drops bots: honeypot filled or form filled too fast', async () => {
      const slow = await startTestServer({ MIN_FILL_MS: '3000' });
      try {
        const client = slow.client();
        const trap = await call(client, 'post', '/v1/wizard/lead', {
          contact: contact(),
          lead: lead(),
          meta: { website: 'http://spam.example' },
        });
        expect(trap.status).toBe(201);
        const fast = await call(client, 'post', '/v1/wizard/lead', {
          contact: contact(),
          lead: lead(),
          meta: { fillMs: 400 },
        });
        expect(fast.status).toBe(201);
        expect(await slow.mails()).toHaveLength(0);
        await call(client, 'post', '/v1/wizard/lead', {
          contact: contact(),
          lead: lead(),
          meta: { website: '', fillMs: 9000 },
        });
        expect(await slow.mails()).toHaveLength(1);
      } finally {
        await slow.close();
      }
    });

    it('answers a repeated submission with the same Idempotency-Key once, storing once', async () => {
      const client = server.client();
      const headers = { 'Idempotency-Key': 'retry-key-0001' };
      const body = { contact: contact(), lead: lead() };
      const first = await call(client, 'post', '/v1/wizard/lead', body, headers);
      const again = await call(client, 'post', '/v1/wizard/lead', body, headers);
      expect(again.body).toEqual(first.body);
      expect(again.headers.get('idempotent-replayed')).toBe('true');
      expect(await server.mails()).toHaveLength(1);
      const other = await call(client, 'post', '/v1/wizard/lead', body, {
        'Idempotency-Key': 'retry-key-0002',
      });
      expect(other.body).not.toEqual(first.body);
    });

    it('stores concurrent submissions exactly once each', async () => {
      const clients = Array.from({ length: 8 }, () => server.client());
      const responses = await Promise.all(
        Array.from({ length: 40 }, (_, i) =>
          call(
            clients[i % 8]!,
            'post',
            '/v1/wizard/lead',
            { contact: contact({ email: `p${i % 10}@example.de` }), lead: lead() },
            { 'Idempotency-Key': `concurrent-${i % 20}` },
          ),
        ),
      );
      expect(responses.every((r) => r.status === 201)).toBe(true);
      expect(new Set(responses.map((r) => (r.body as { uuid: string }).uuid)).size).toBe(20);
      expect(await server.mails()).toHaveLength(20);
    });

    it('rate-limits submissions per client, each request once, storing nothing over the limit', async () => {
      // Clients behind one proxy, told apart by the address it forwards.
      const limited = await startTestServer({ RATE_LIMIT_SUBMISSIONS: '4', TRUST_PROXY: '1' });
      try {
        const client = limited.client();
        const from = { 'X-Forwarded-For': '198.51.100.7' };
        const send = (path: string, body: unknown, headers?: Record<string, string>) =>
          call(client, 'post', path, body, { ...from, ...headers });
        const first = await send('/v1/wizard/contact', { contact: contact(), message: 'hi' });
        expect(first.status).toBe(201);
        expect(first.headers.get('x-ratelimit-limit')).toBe('4');
        expect(first.headers.get('x-ratelimit-remaining')).toBe('3');
        expect(Number(first.headers.get('x-ratelimit-reset'))).toBeGreaterThan(0);
        // A refused submission counts, a bot's too, and a retry with its Idempotency-Key.
        const refused = await send('/v1/wizard/lead', {
          contact: contact({ customFields: { dataPrivacy: false, acceptContact: true } }),
          lead: lead(),
        });
        expect([refused.status, refused.headers.get('x-ratelimit-remaining')]).toEqual([400, '2']);
        const bot = await send('/v1/wizard/contact', {
          contact: contact(),
          meta: { website: 'spam.example', fillMs: 9000 },
        });
        expect([bot.status, bot.headers.get('x-ratelimit-remaining')]).toEqual([201, '1']);
        const keyed = { 'Idempotency-Key': 'aaaaaaaaaaaa-retry' };
        const body = { contact: contact({ email: 'lea@example.de' }), lead: lead() };
        const once = await send('/v1/wizard/lead', body, keyed);
        expect([once.status, once.headers.get('x-ratelimit-remaining')]).toEqual([201, '0']);
        const retry = await send('/v1/wizard/lead', body, keyed);
        expect(retry.status).toBe(429);
        expect(Number(retry.headers.get('retry-after'))).toBeGreaterThan(0);
        expect(retry.headers.get('x-ratelimit-remaining')).toBe('0');
        // Every submission route counts against the same limit; over it, nothing is stored.
        const over = await send('/v1/wizard/lead', {
          contact: contact({ email: 'over@example.de' }),
          lead: lead(),
        });
        expect(over.status).toBe(429);
        const stored = await limited.app.sql.all<{ email: string }>(
          `SELECT c.email FROM submissions s JOIN contacts c ON c.id = s.contact_id
           WHERE c.email <> ? ORDER BY s.id`,
          DEMO_CUSTOMER,
        );
        expect(stored.map((row) => row.email)).toEqual([contact().email, 'lea@example.de']);
        expect(await limited.app.sql.one(Q.contactByEmail, 'over@example.de')).toBeUndefined();
        // Another client has its own window.
        const other = await call(
          client,
          'post',
          '/v1/wizard/contact',
          { contact: contact(), message: 'hi' },
          { 'X-Forwarded-For': '198.51.100.8' },
        );
        expect([other.status, other.headers.get('x-ratelimit-remaining')]).toEqual([201, '3']);
      } finally {
        await limited.close();
      }
    });
  });

  describe('security', () => {
    it('refuses state changes without the XSRF header, or with a wrong one', async () => {
      const client = server.client();
      await client.get(`${PREFIX}/v1/wizard/locations`);
      for (const token of ['', 'wrong']) {
        const response = await call(
          client,
          'post',
          '/v1/wizard/lead',
          { contact: contact(), lead: lead() },
          { 'X-XSRF-TOKEN': token },
        );
        expect(response.status).toBe(403);
        expect(response.body).toMatchObject({ code: 'rest_xsrf_invalid' });
      }
    });

    it('answers 403 WordPress-style when not logged in', async () => {
      for (const [method, path] of [
        ['get', '/v1/auth/me'],
        ['get', '/v1/contact'],
        ['get', '/v1/saved-search'],
        ['get', '/v1/expose-inquiry'],
        ['delete', '/v1/auth/me'],
      ] as const) {
        const response = await call(server.client(), method, path);
        expect(response.status).toBe(403);
        expect(response.body).toEqual({
          code: 'rest_not_logged_in',
          message: 'Sie sind nicht angemeldet.',
          data: { status: 403 },
        });
      }
    });

    it('needs the nonce besides the session cookie, and hands out a fresh one', async () => {
      const client = await loggedIn(server);
      const nonce = client.nonce!;
      const without = await call(client, 'get', '/v1/auth/me', undefined, { 'X-WP-Nonce': '' });
      expect(without.body).toMatchObject({ code: 'rest_cookie_invalid_nonce' });
      const wrong = await call(client, 'get', '/v1/auth/me', undefined, {
        'X-WP-Nonce': 'abcdefabcdef',
      });
      expect(wrong.status).toBe(403);
      const me = await call(client, 'get', '/v1/auth/me', undefined, { 'X-WP-Nonce': nonce });
      expect(me.body).toEqual({ email: 'erika@example.de', loggedIn: true });
      expect(me.headers.get('x-wp-nonce')).toMatch(/^[0-9a-f]{12}$/);
    });

    it('does not let a nonce of one session serve another', async () => {
      const erika = await loggedIn(server, 'erika@example.de');
      const max = await loggedIn(server, 'max@example.de');
      const response = await call(max, 'get', '/v1/auth/me', undefined, {
        'X-WP-Nonce': erika.nonce!,
      });
      expect(response.status).toBe(403);
    });
  });

  describe('login by e-mail link', () => {
    it('works on a fresh database for the seeded demo customer, with her data', async () => {
      const client = server.client();
      expect((await call(client, 'post', '/v1/auth/email', { email: DEMO_CUSTOMER })).body).toEqual(
        { sent: true },
      );
      const [mail] = await server.mails();
      expect(mail).toMatchObject({ to: DEMO_CUSTOMER, subject: 'Ihr Anmeldelink' });
      const k = keyOf(mail!.links[0]!);
      await call(client, 'post', '/v1/auth/login', { k });
      client.nonce = (
        (await call(client, 'post', '/v1/auth/login/nonce', { k })).body as { nonce: string }
      ).nonce;
      expect((await call(client, 'get', '/v1/saved-search')).body).toHaveLength(1);
      expect((await call(client, 'get', '/v1/expose-inquiry')).body).toHaveLength(1);
      expect((await call(client, 'get', '/v1/contact')).body).toMatchObject({
        lastname: 'Musterkundin',
      });
    });

    it('mails a link for a known address; the link logs in, and again briefly in the browser that asked', async () => {
      await loggedIn(server);
      const client = server.client();
      expect(
        (await call(client, 'post', '/v1/auth/email', { email: 'Erika@Example.de ' })).body,
      ).toEqual({ sent: true });
      const mail = (await server.mails()).find((m) => m.subject === 'Ihr Anmeldelink')!;
      const k = keyOf(mail.links[0]!);
      expect((await call(client, 'post', '/v1/auth/login', { k })).body).toMatchObject({
        login: true,
      });
      // The browser that asked may use it again within minutes (a mail scanner may have opened
      // it first); another browser is told it was used.
      expect((await call(client, 'post', '/v1/auth/login', { k })).status).toBe(200);
      const second = await call(server.client(), 'post', '/v1/auth/login', { k });
      expect(second.status).toBe(403);
      expect(second.body).toMatchObject({
        code: 'key_used',
        message:
          'Dieser Link wurde bereits verwendet. Bitte fordern Sie einen neuen Anmeldelink an.',
      });
    });

    it('answers an unknown address alike, and tells its owner by mail', async () => {
      const response = await call(server.client(), 'post', '/v1/auth/email', {
        email: 'nobody@example.de',
      });
      expect(response.body).toEqual({ sent: true });
      expect((await server.mails())[0]).toMatchObject({
        to: 'nobody@example.de',
        subject: 'Anmeldung nicht möglich',
        links: [],
      });
    });

    it('answers sent:false for an address that cannot be one', async () => {
      expect(
        (await call(server.client(), 'post', '/v1/auth/email', { email: 'kein-at-zeichen' })).body,
      ).toEqual({ sent: false });
      expect(await server.mails()).toHaveLength(0);
    });

    it('refuses an unknown key', async () => {
      const response = await call(server.client(), 'post', '/v1/auth/login', { k: 'made-up-key' });
      expect(response.status).toBe(403);
      expect(response.body).toMatchObject({
        code: 'invalid_key',
        message: 'Der Link ist ungültig oder abgelaufen.',
      });
      expect(
        (await call(server.client(), 'post', '/v1/wizard/confirm', { k: 'made-up-key' })).status,
      ).toBe(403);
      expect(
        (await call(server.client(), 'post', '/v1/auth/login/nonce', { k: 'made-up-key' })).status,
      ).toBe(403);
    });

    it('rate-limits login mails per address', async () => {
      const limited = await startTestServer({ RATE_LIMIT_LOGIN_MAILS: '2' });
      try {
        const client = limited.client();
        await call(client, 'post', '/v1/auth/email', { email: 'a@example.de' });
        await call(client, 'post', '/v1/auth/email', { email: 'A@example.de' });
        expect(
          (await call(client, 'post', '/v1/auth/email', { email: 'a@example.de' })).status,
        ).toBe(429);
        expect(
          (await call(client, 'post', '/v1/auth/email', { email: 'b@example.de' })).status,
        ).toBe(200);
      } finally {
        await limited.close();
      }
    });

    it('logs out', async () => {
      const client = await loggedIn(server);
      expect((await call(client, 'delete', '/v1/auth/me')).body).toEqual({ loggedOut: true });
      expect((await call(client, 'get', '/v1/auth/me')).status).toBe(403);
    });
  });

  describe('the logged-in contact', () => {
    it('reads and updates the contact; the e-mail address stays; consent changes are kept', async () => {
      const client = await loggedIn(server);
      const before = await call(client, 'get', '/v1/contact');
      expect(before.body).toMatchObject({
        firstname: 'Erika',
        email: 'erika@example.de',
        customFields: { dataPrivacy: true, acceptContact: true, newsletter: false },
      });
      const updated = await call(
        client,
        'put',
        '/v1/contact',
        contact({
          firstname: '  Erika Maria ',
          email: 'other@example.de',
          customFields: { dataPrivacy: true, acceptContact: true, newsletter: true },
        }),
      );
      expect(updated.body).toMatchObject({
        firstname: 'Erika Maria',
        email: 'erika@example.de',
        customFields: { newsletter: true },
      });
    });

    it('creates, lists, updates, activates and deletes saved searches', async () => {
      const client = await loggedIn(server);
      const created = await call(
        client,
        'post',
        '/v1/saved-search',
        savedSearch({ active: false }),
      );
      expect(created.status).toBe(201);
      const item = created.body as {
        uuid: string;
        active: boolean;
        category: { name: string };
        locations: { name: string }[];
      };
      expect(item).toMatchObject({
        active: false,
        category: { name: 'wohnung' },
        locations: [{ name: 'Prenzlauer Berg' }, { name: 'Friedrichshain' }],
      });
      const list = await call(client, 'get', '/v1/saved-search');
      expect((list.body as unknown[]).length).toBe(1);
      const activated = await call(
        client,
        'put',
        `/v1/saved-search/${item.uuid}`,
        savedSearch({ active: true, marketingType: 'buy' }),
      );
      expect(activated.body).toMatchObject({ active: true, marketingType: 'buy' });
      expect((await call(client, 'delete', `/v1/saved-search/${item.uuid}`)).body).toEqual({
        deleted: true,
      });
      expect((await call(client, 'delete', `/v1/saved-search/${item.uuid}`)).status).toBe(404);
      expect((await call(client, 'get', '/v1/saved-search')).body).toEqual([]);
    });

    it("cannot touch another contact's saved search", async () => {
      const erika = await loggedIn(server, 'erika@example.de');
      const max = await loggedIn(server, 'max@example.de');
      const { uuid } = (await call(erika, 'post', '/v1/saved-search', savedSearch())).body as {
        uuid: string;
      };
      expect((await call(max, 'put', `/v1/saved-search/${uuid}`, savedSearch())).status).toBe(404);
      expect((await call(max, 'delete', `/v1/saved-search/${uuid}`)).status).toBe(404);
      const wizardEdit = await call(max, 'post', '/v1/wizard/saved-search', {
        contact: contact({ email: 'max@example.de' }),
        savedSearch: savedSearch({ uuid }),
      });
      expect(wizardEdit.status).toBe(404);
    });

    it('edits its own saved search through the wizard without a new opt-in', async () => {
      const client = await loggedIn(server);
      const { uuid } = (await call(client, 'post', '/v1/saved-search', savedSearch())).body as {
        uuid: string;
      };
      const mailsBefore = (await server.mails()).length;
      const edit = await call(client, 'post', '/v1/wizard/saved-search', {
        contact: contact(),
        savedSearch: savedSearch({ uuid, categoryId: 22332 }),
      });
      expect(edit.body).toEqual({ success: true, uuid });
      expect((await server.mails()).length).toBe(mailsBefore);
      expect((await call(client, 'get', '/v1/saved-search')).body).toEqual([
        expect.objectContaining({ uuid, categoryId: 22332 }),
      ]);
    });

    it('lists confirmed listing inquiries only, and confirmed wizard saved searches', async () => {
      const client = await loggedIn(server);
      await call(client, 'post', '/v1/wizard/expose-inquiry', {
        contact: contact(),
        exposeInquiry: { objectId: 1 },
      });
      await call(client, 'post', '/v1/wizard/saved-search', {
        contact: contact(),
        savedSearch: savedSearch(),
      });
      expect((await call(client, 'get', '/v1/expose-inquiry')).body).toEqual([]);
      expect((await call(client, 'get', '/v1/saved-search')).body).toEqual([]);
      for (const mail of (await server.mails()).slice(0, 2)) {
        await call(client, 'post', '/v1/wizard/confirm', { k: keyOf(mail.links[0]!) });
      }
      const inquiries = (await call(client, 'get', '/v1/expose-inquiry')).body as unknown[];
      expect(inquiries).toEqual([
        expect.objectContaining({
          title: 'Helle 3-Zimmer-Altbauwohnung mit Balkon',
          zip: '10435',
          price: { title: 'Kaufpreis', text: '465.000 €' },
        }),
      ]);
      expect((await call(client, 'get', '/v1/saved-search')).body).toHaveLength(1);
    });
  });

  it('keeps its data across a restart', async () => {
    const client = await loggedIn(server);
    await call(client, 'post', '/v1/saved-search', savedSearch());
    const { dataDir } = server;
    const cookies = new Map(client.cookies);
    const nonce = client.nonce;
    await server.close();
    server = await startTestServer({}, dataDir);
    const again = server.client();
    cookies.forEach((v, k) => again.cookies.set(k, v));
    again.nonce = nonce;
    expect((await call(again, 'get', '/v1/auth/me')).body).toEqual({
      email: 'erika@example.de',
      loggedIn: true,
    });
    expect((await call(again, 'get', '/v1/saved-search')).body).toHaveLength(1);
    expect((await server.mails()).length).toBeGreaterThan(0);
  });

  describe('as lenient as WordPress with well-meaning clients (DECISIONS 20)', () => {
    it('takes back what GET gave for a saved search, read-only fields ignored', async () => {
      const client = await loggedIn(server);
      const created = await call(client, 'post', '/v1/saved-search', savedSearch());
      const [listed] = (await call(client, 'get', '/v1/saved-search')).body as Record<
        string,
        unknown
      >[];
      expect(listed).toMatchObject({ category: { name: expect.any(String) } });
      const sent = {
        ...listed!,
        active: false,
        uuid: crypto.randomUUID(),
        category: { name: 'x' },
      };
      const updated = await call(
        client,
        'put',
        `/v1/saved-search/${(created.body as { uuid: string }).uuid}`,
        sent,
      );
      expect(updated.status).toBe(200);
      expect(updated.body).toMatchObject({
        uuid: (created.body as { uuid: string }).uuid,
        active: false,
        category: { name: (listed as { category: { name: string } }).category.name },
      });
    });

    it('reads an empty JSON body as {}: a DELETE with a JSON content type is fine', async () => {
      const client = await loggedIn(server);
      const { uuid } = (await call(client, 'post', '/v1/saved-search', savedSearch())).body as {
        uuid: string;
      };
      const deleted = await client.request('DELETE', `${PREFIX}/v1/saved-search/${uuid}`, {
        raw: '',
        headers: { 'Content-Type': 'application/json' },
      });
      expect(deleted.status).toBe(200);
      expect(deleted.body).toEqual({ deleted: true });
      // Still strict with what is not JSON.
      const broken = await client.request('POST', `${PREFIX}/v1/auth/email`, {
        raw: '{"email":',
        headers: { 'Content-Type': 'application/json' },
      });
      expect(broken.status).toBe(400);
    });
  });

  describe('security headers', () => {
    it('lets only the allowed origins frame the widget, and nothing frame the rest', async () => {
      // A built widget of its own, so the test does not depend on npm run build.
      const staticDir = fs.mkdtempSync(path.join(os.tmpdir(), 'immosuite-static-'));
      const inline = "document.body.className += ' not-supported';";
      fs.writeFileSync(
        path.join(staticDir, 'index.html'),
        `<!doctype html><html><head><meta name="immosuite:allowed-origins" content=""></head><body><div id="root"></div><script nomodule>${inline}</script><script src="/webapp/static/app.js" defer></script></body></html>`,
      );
      fs.writeFileSync(path.join(staticDir, 'embed.js'), '/* embed */');
      const allowed = await startTestServer({
        ALLOWED_ORIGINS: 'https://agency.example, https://evil.example;script-src *',
        STATIC_DIR: staticDir,
      });
      try {
        const page = await fetch(`${allowed.base}/webapp/lead-wizard`);
        expect(page.status).toBe(200);
        const csp = page.headers.get('content-security-policy') ?? '';
        expect(csp).toMatch(/frame-ancestors 'self' https:\/\/agency\.example$/);
        expect(csp).not.toContain('evil');
        const hash = crypto.createHash('sha256').update(inline).digest('base64');
        expect(csp).toContain(`script-src 'self' 'sha256-${hash}';`);
        expect(page.headers.get('x-frame-options')).toBeNull();
        expect(page.headers.get('x-content-type-options')).toBe('nosniff');
        const api = await fetch(`${allowed.base}${PREFIX}/v1/wizard/locations`);
        expect(api.headers.get('x-frame-options')).toBe('DENY');
        expect(api.headers.get('x-content-type-options')).toBe('nosniff');
        expect(api.headers.get('referrer-policy')).toBe('no-referrer');
        // Answers that no route gave (404) and refusals carry them too.
        const missing = await fetch(`${allowed.base}${PREFIX}/v1/nothing`);
        expect(missing.status).toBe(404);
        expect(missing.headers.get('x-frame-options')).toBe('DENY');
        const refused = await fetch(`${allowed.base}${PREFIX}/v1/wizard/lead`, { method: 'POST' });
        expect(refused.status).toBe(403);
        expect(refused.headers.get('x-content-type-options')).toBe('nosniff');
        const demo = await fetch(`${allowed.base}/demo/lead-wizard`);
        expect(demo.headers.get('x-frame-options')).toBe('DENY');
        // Agencies' pages load the embed script from here.
        const embed = await fetch(`${allowed.base}/webapp/static/embed.js`);
        expect(embed.headers.get('cross-origin-resource-policy')).toBe('cross-origin');
      } finally {
        await allowed.close();
        fs.rmSync(staticDir, { recursive: true, force: true });
      }
    });
  });
});
