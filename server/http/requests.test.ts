/**
 * @jest-environment node
 *
 * What a request may be (docs/security.md): the XSRF check before anything else, however the
 * path is spelled; hostile and malformed bodies and URLs answered with a 4xx, never a 500; and
 * the cookies the widget gets alone, framed by another site, and behind https.
 */
import { call, raw, type Server, xsrf } from '../../test/server/requests';
import { contact, lead, PREFIX, startTestServer } from '../../test/server/testServer';
import { MAX_BODY_DEPTH } from '../app';

describe('the XSRF check', () => {
  let server: Server;
  beforeEach(async () => {
    server = await startTestServer();
  });
  afterEach(async () => {
    await server.close();
  });

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

  it.each([
    ['an encoded prefix', `/wp-json/sw-immosuit%65/v1/wizard/lead`],
    ['an encoded path', `${PREFIX}/v1/wizard/%6cead`],
    ['a doubled slash', `${PREFIX}//v1/wizard/lead`],
  ])('%s without a token stores nothing', async (_name, path) => {
    const answer = await raw(server, {
      method: 'POST',
      path,
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ contact: contact(), lead: lead() }),
    });
    expect([403, 404]).toContain(answer.status);
    expect(await server.mails()).toEqual([]);
  });

  it('an absolute-form request target without a token stores nothing', async () => {
    const answer = await raw(server, {
      method: 'POST',
      path: `${server.base}${PREFIX}/v1/wizard/lead`,
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ contact: contact(), lead: lead() }),
    });
    expect([403, 404]).toContain(answer.status);
    expect(await server.mails()).toEqual([]);
  });

  it('is checked before the body, so a request without a token learns nothing of the schema', async () => {
    const answer = await raw(server, {
      method: 'POST',
      path: `${PREFIX}/v1/wizard/lead`,
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ nonsense: true }),
    });
    expect(answer.status).toBe(403);
    expect(JSON.parse(answer.body)).toMatchObject({ code: 'rest_xsrf_invalid' });
  });

  it('takes an anonymous form without cookies only as JSON from the widget itself', async () => {
    const form = JSON.stringify({ contact: contact(), message: 'ohne Cookies' });
    const send = (headers: Record<string, string>) =>
      raw(server, {
        method: 'POST',
        path: `${PREFIX}/v1/wizard/contact`,
        headers: { 'Content-Type': 'application/json', ...headers },
        body: form,
      });
    expect((await send({ Origin: 'https://evil.example' })).status).toBe(403);
    expect((await send({})).status).toBe(403);
    expect((await send({ Origin: server.base, Cookie: 'immosuite_session=stolen' })).status).toBe(
      403,
    );
    expect((await send({ Origin: server.base })).status).toBe(201);
    expect(
      (
        await raw(server, {
          method: 'POST',
          path: `${PREFIX}/v1/wizard/contact`,
          headers: { 'Content-Type': 'text/plain', Origin: server.base },
          body: form,
        })
      ).status,
    ).toBe(403);
  });
});

describe('no 500 for any input', () => {
  let server: Server;
  beforeEach(async () => {
    server = await startTestServer();
  });
  afterEach(async () => {
    await server.close();
  });

  /** JSON text nesting `depth` objects (written out: JSON.stringify itself would overflow). */
  const nested = (depth: number) => `${'{"d":'.repeat(depth)}"x"${'}'.repeat(depth)}`;

  it.each([
    [
      'a lead',
      '/v1/wizard/lead',
      (data: unknown) => ({
        contact: contact(),
        lead: lead({ fields: [{ name: 'price.price', valueType: 'RAW', value: '1', data }] }),
      }),
    ],
  ])('refuses %s whose field data nests 4,500 deep with a 400', async (_name, path, body) => {
    const answer = await raw(server, {
      method: 'POST',
      path: PREFIX + path,
      headers: { 'Content-Type': 'application/json', ...(await xsrf(server)) },
      body: JSON.stringify(body('DATA')).replace('"DATA"', nested(4500)),
    });
    expect(answer.status).toBe(400);
    expect(JSON.parse(answer.body)).toMatchObject({ code: 'too_deep', data: { status: 400 } });
    expect(await server.mails()).toEqual([]);
  });

  it('takes a body nesting MAX_BODY_DEPTH deep, and refuses one a level deeper', async () => {
    const post = async (depth: number) =>
      raw(server, {
        method: 'POST',
        path: `${PREFIX}/v1/wizard/lead`,
        headers: { 'Content-Type': 'application/json', ...(await xsrf(server)) },
        // The body itself is one level: its field `extra` nests `depth` - 1 more.
        body: JSON.stringify({ contact: contact(), lead: lead(), extra: 'DATA' }).replace(
          '"DATA"',
          nested(depth - 1),
        ),
      });
    // Parsed, then refused by the route's schema for its unknown field.
    const within = await post(MAX_BODY_DEPTH);
    expect(JSON.parse(within.body)).toMatchObject({
      code: 'rest_invalid_param',
      data: { params: [{ params: { additionalProperty: 'extra' } }] },
    });
    const over = await post(MAX_BODY_DEPTH + 1);
    expect(over.status).toBe(400);
    expect(JSON.parse(over.body)).toMatchObject({ code: 'too_deep' });
  });

  it('answers a malformed URL in the API shape, without echoing it', async () => {
    const answer = await raw(server, { method: 'GET', path: `${PREFIX}/v1/wizard/%E0%A4%A<x>` });
    expect(answer.status).toBe(400);
    const body = JSON.parse(answer.body) as { code: string; message: string };
    expect(body).toMatchObject({ code: 'rest_bad_url', data: { status: 400 } });
    expect(answer.body).not.toContain('<x>');
  });

  it('calls only a broken JSON body invalid_json', async () => {
    const broken = await raw(server, {
      method: 'POST',
      path: `${PREFIX}/v1/auth/email`,
      headers: { 'Content-Type': 'application/json', ...(await xsrf(server)) },
      body: '{"email":',
    });
    expect(JSON.parse(broken.body)).toMatchObject({ code: 'invalid_json' });
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
});

describe('cookies', () => {
  let server: Server;
  beforeEach(async () => {
    server = await startTestServer();
  });
  afterEach(async () => {
    await server.close();
  });

  it('gives SameSite=None; Secure; Partitioned cookies when another site may frame the widget', async () => {
    const embedded = await startTestServer({ ALLOWED_ORIGINS: 'https://agency.example' });
    try {
      const cookie = (await fetch(`${embedded.base}${PREFIX}/v1/wizard/locations`)).headers.get(
        'set-cookie',
      );
      expect(cookie).toMatch(/SameSite=None/);
      expect(cookie).toMatch(/Secure/);
      expect(cookie).toMatch(/Partitioned/);
    } finally {
      await embedded.close();
    }
    const alone = (await fetch(`${server.base}${PREFIX}/v1/wizard/locations`)).headers.get(
      'set-cookie',
    );
    expect(alone).toMatch(/SameSite=Lax/);
    expect(alone).not.toMatch(/Partitioned/);
  });

  it('sets Secure cookies whenever the public URL is https', async () => {
    const https = await startTestServer({
      PUBLIC_URL: 'https://makler.example',
      DEV_MAILBOX: '1',
    });
    try {
      const answer = await fetch(`${https.base}${PREFIX}/v1/wizard/locations`);
      expect(answer.headers.get('set-cookie')).toMatch(/XSRF-TOKEN=[^;]+;.*Secure/);
    } finally {
      await https.close();
    }
    const plain = await fetch(`${server.base}${PREFIX}/v1/wizard/locations`);
    expect(plain.headers.get('set-cookie')).not.toMatch(/Secure/);
  });

  it('behind a proxy (TRUST_PROXY=1) reads the scheme from X-Forwarded-Proto', async () => {
    const proxied = await startTestServer({ TRUST_PROXY: '1', DEV_MAILBOX: '1' });
    try {
      const answer = await fetch(`${proxied.base}${PREFIX}/v1/wizard/locations`, {
        headers: { 'X-Forwarded-Proto': 'https' },
      });
      expect(answer.headers.get('set-cookie')).toMatch(/Secure/);
    } finally {
      await proxied.close();
    }
    const direct = await fetch(`${server.base}${PREFIX}/v1/wizard/locations`, {
      headers: { 'X-Forwarded-Proto': 'https' },
    });
    expect(direct.headers.get('set-cookie')).not.toMatch(/Secure/);
  });
});
