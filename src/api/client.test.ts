import nock from 'nock';
import { errorMessage, readCookie, request, type ClientContext } from './client';
import { API, WIDGET_ORIGIN } from '../../test/helpers';
import { conforming } from '../../test/contract';

const context = (overrides: Partial<ClientContext> = {}): ClientContext => ({
  origin: WIDGET_ORIGIN,
  nonce: null,
  cookies: '',
  ...overrides,
});

describe('request headers', () => {
  it('sends the XSRF cookie as header and the nonce on /v1 calls', async () => {
    const scope = nock(API, {
      reqheaders: {
        'x-xsrf-token': 'tok en',
        'x-wp-nonce': 'n1',
        'content-type': 'application/json',
      },
    })
      .post('/v1/auth/email', conforming('post', '/v1/auth/email'))
      .reply(200, { sent: true });
    const result = await request(
      { method: 'POST', path: '/v1/auth/email', body: { email: 'a@b.de' } },
      context({ nonce: 'n1', cookies: 'other=1; XSRF-TOKEN=tok%20en; x=2' }),
    );
    expect(result).toEqual({ ok: true, data: { sent: true }, status: 200, nonce: null });
    scope.done();
  });

  it('sends neither secret to another host (a configured submit URL, the geocoder)', async () => {
    const scope = nock('https://crm.other.test', { badheaders: ['x-xsrf-token', 'x-wp-nonce'] })
      .post('/wp-json/sw-immosuite/v1/wizard/lead')
      .reply(201, { ok: 1 });
    const result = await request(
      {
        method: 'POST',
        path: 'https://crm.other.test/wp-json/sw-immosuite/v1/wizard/lead',
        body: {},
      },
      context({ nonce: 'n1', cookies: 'XSRF-TOKEN=t' }),
    );
    expect(result.ok).toBe(true);
    scope.done();
  });

  it('sends no nonce outside the /v1 product paths, and none before one is known', async () => {
    const scope = nock(WIDGET_ORIGIN, { badheaders: ['x-wp-nonce'] })
      .get('/api/geocoder')
      .query({ q: 'Berlin' })
      .reply(200, { features: [] })
      .get('/wp-json/sw-immosuite/v1/auth/me')
      .reply(200, {});
    await request(
      { method: 'GET', path: '/api/geocoder', query: { q: 'Berlin' } },
      context({ nonce: 'n1' }),
    );
    await request({ method: 'GET', path: '/v1/auth/me' }, context());
    scope.done();
  });

  it('keeps a fresh nonce from the response header', async () => {
    nock(API).get('/v1/auth/me').reply(200, { email: 'a@b.de' }, { 'X-WP-Nonce': 'fresh1' });
    const result = await request({ method: 'GET', path: '/v1/auth/me' }, context({ nonce: 'old' }));
    expect(result.nonce).toBe('fresh1');
  });

  it('reads cookies carefully', () => {
    expect(readCookie('a=1; XSRF-TOKEN=abc', 'XSRF-TOKEN')).toBe('abc');
    expect(readCookie('XSRF-TOKENX=abc', 'XSRF-TOKEN')).toBeNull();
    expect(readCookie('XSRF-TOKEN=%E0%A4%A', 'XSRF-TOKEN')).toBeNull();
  });
});

describe('error catalogue (product §8)', () => {
  it('treats any 2xx as success, an empty body as null', async () => {
    nock(API).delete('/v1/saved-search/u1').reply(204);
    const result = await request({ method: 'DELETE', path: '/v1/saved-search/u1' }, context());
    expect(result).toEqual({ ok: true, data: null, status: 204, nonce: null });
  });

  it('internal_server_error → the internal server error message', async () => {
    nock(API).get('/v1/contact').reply(500, { code: 'internal_server_error', message: 'boom' });
    const result = await request({ method: 'GET', path: '/v1/contact' }, context());
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.error).toEqual({
      kind: 'server',
      status: 500,
      code: 'internal_server_error',
      message: 'boom',
    });
    expect(errorMessage(result.error)).toEqual({ key: 'errors.internalServerError' });
  });

  it('another server code → the server message, as text', async () => {
    nock(API)
      .get('/v1/contact')
      .reply(403, {
        code: 'rest_forbidden',
        message: '<b>Sie dürfen das nicht.</b>',
        data: { status: 403 },
      });
    const result = await request({ method: 'GET', path: '/v1/contact' }, context());
    if (result.ok) throw new Error('expected failure');
    expect(errorMessage(result.error)).toEqual({
      key: 'errors.server',
      text: '<b>Sie dürfen das nicht.</b>',
    });
  });

  it('a failure without a usable message → the generic message', async () => {
    nock(API).get('/v1/contact').reply(502, '<html>Bad gateway</html>');
    const result = await request({ method: 'GET', path: '/v1/contact' }, context());
    if (result.ok) throw new Error('expected failure');
    expect(result.error).toEqual({ kind: 'server', status: 502, code: null, message: null });
    expect(errorMessage(result.error)).toEqual({ key: 'errors.generic' });
  });

  it.each(['null', '7', '"denied"', '["denied"]', '{"code":7,"message":["x"]}', 'true'])(
    'a failure whose JSON body %s names no code or message → the generic message, never a crash',
    async (body) => {
      nock(API).get('/v1/contact').reply(500, body, { 'Content-Type': 'application/json' });
      const result = await request({ method: 'GET', path: '/v1/contact' }, context());
      if (result.ok) throw new Error('expected failure');
      expect(result.error).toEqual({ kind: 'server', status: 500, code: null, message: null });
      expect(errorMessage(result.error)).toEqual({ key: 'errors.generic' });
    },
  );

  it('no response → no connection, in words; URL and message kept for the console and QA', async () => {
    nock(API).get('/v1/contact').replyWithError('socket hang up');
    const result = await request({ method: 'GET', path: '/v1/contact' }, context());
    if (result.ok) throw new Error('expected failure');
    expect(result.error.kind).toBe('network');
    expect(errorMessage(result.error)).toEqual({
      key: 'errors.offline',
      params: { url: `${API}/v1/contact`, message: expect.any(String) },
    });
  });

  it('a 2xx with a body that is not JSON → generic error, never a crash', async () => {
    nock(API).get('/v1/contact').reply(200, '{"broken":');
    const result = await request({ method: 'GET', path: '/v1/contact' }, context());
    if (result.ok) throw new Error('expected failure');
    expect(result.error.kind).toBe('invalid-response');
    expect(errorMessage(result.error)).toEqual({ key: 'errors.generic' });
  });

  it('an aborted call → no message at all', async () => {
    nock(API).get('/v1/contact').delay(200).reply(200, {});
    const controller = new AbortController();
    const pending = request(
      { method: 'GET', path: '/v1/contact' },
      context({ signal: controller.signal }),
    );
    controller.abort();
    const result = await pending;
    if (result.ok) throw new Error('expected failure');
    expect(result.error).toEqual({ kind: 'aborted' });
    expect(errorMessage(result.error)).toBeNull();
  });
});

describe('contract check of requests', () => {
  it('fails loudly on a request body that breaks the contract', () => {
    const matcher = conforming('post', '/v1/auth/email');
    expect(matcher({ email: 'a@b.de' })).toBe(true);
    expect(() => matcher({ mail: 'a@b.de' })).toThrow(
      /breaks the contract.*required property 'email'/,
    );
  });
});
