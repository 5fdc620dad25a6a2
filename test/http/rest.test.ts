import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { JWT_IO_TOKEN, RFC7516_JWE } from '../support/fixtures.js';
import { TEST_NOW_MS, testService } from '../support/service.js';
import { TOKEN_FORMATS } from '../../src/core/tokens/vocabulary.js';
import { IDENTIFY_FORMATS } from '../../src/core/time/vocabulary.js';

const { app } = testService({ RATE_LIMIT_POINTS: '100000' });

describe('REST endpoints', () => {
  it('GET /unix-timestamp/now answers the clock with its millisecond part', async () => {
    const res = await request(app)
      .get('/unix-timestamp/now')
      .expect(200)
      .expect('Content-Type', /application\/json/);
    expect(res.body).toEqual({
      utc: { iso: '2027-01-15T08:00:00Z', unix_seconds: 1_800_000_000, unix_milliseconds: TEST_NOW_MS },
      source: 'datetime_utc',
    });
  });

  it('GET /unix-timestamp/to-utc converts and detects the unit', async () => {
    const res = await request(app).get('/unix-timestamp/to-utc?timestamp=1700000000123456789').expect(200);
    expect(res.body).toEqual({
      input: '1700000000123456789',
      detected_unit: 'nanoseconds',
      utc: { iso: '2023-11-14T22:13:20Z', unix_seconds: 1_700_000_000, unix_milliseconds: 1_700_000_000_123 },
      source: 'datetime_utc',
    });
  });

  it('GET /unix-timestamp/to-utc honours an explicit unit', async () => {
    const res = await request(app).get('/unix-timestamp/to-utc?timestamp=-1500&unit=milliseconds').expect(200);
    expect(res.body.utc).toEqual({ iso: '1969-12-31T23:59:58Z', unix_seconds: -2, unix_milliseconds: -1500 });
    expect(res.body.detected_unit).toBe('milliseconds');
  });

  it('GET /unix-timestamp/to-unix reads a bare + that arrived as a space', async () => {
    const res = await request(app).get('/unix-timestamp/to-unix?datetime=2024-01-01T00:00:00+05:00').expect(200);
    expect(res.body).toEqual({
      input: '2024-01-01T00:00:00 05:00',
      utc: { iso: '2023-12-31T19:00:00Z', unix_seconds: 1_704_049_200, unix_milliseconds: 1_704_049_200_000 },
      source: 'datetime_utc',
    });
    const encoded = await request(app).get('/unix-timestamp/to-unix?datetime=2024-01-01T00%3A00%3A00%2B05%3A00').expect(200);
    expect(encoded.body.utc.unix_seconds).toBe(1_704_049_200);
  });

  it('GET /jwt/decode decodes the jwt.io token', async () => {
    const res = await request(app).get(`/jwt/decode?token=${JWT_IO_TOKEN}`).expect(200);
    expect(res.body).toMatchObject({
      input: JWT_IO_TOKEN,
      header: { alg: 'HS256', typ: 'JWT' },
      payload: { sub: '1234567890', name: 'John Doe', iat: 1516239022 },
      issued_at: '2018-01-18T01:30:22Z',
      encoding: 'jwt',
      source: 'decode',
    });
  });

  it('keeps a __proto__ claim in the JSON it sends', async () => {
    const token = `e30.${Buffer.from('{"__proto__":{"admin":true}}').toString('base64url')}.`;
    const res = await request(app).get(`/jwt/decode?token=${token}`).expect(200);
    expect(res.text).toContain('"payload":{"__proto__":{"admin":true}}');
  });

  describe('errors are JSON {detail} with the precise message', () => {
    it.each([
      ['/unix-timestamp/to-utc?timestamp=1.5', 400, 'timestamp must be a decimal integer (an optional sign and digits)'],
      ['/unix-timestamp/to-utc?timestamp=1e9', 400, 'timestamp must be a decimal integer (an optional sign and digits)'],
      ['/unix-timestamp/to-utc', 400, 'timestamp is required'],
      ['/unix-timestamp/to-utc?timestamp=', 400, 'timestamp must not be empty'],
      ['/unix-timestamp/to-utc?timestamp=%20', 400, 'timestamp must not be empty'],
      ['/unix-timestamp/to-utc?timestamp=1&timestamp=2', 400, 'timestamp must be given once, as one string, not a list'],
      [
        '/unix-timestamp/to-utc?timestamp[a]=1',
        400,
        'timestamp must be one string, not an object: send a JSON value, such as a JWK, as its text',
      ],
      ['/unix-timestamp/to-utc?timestamp=1&unit=days', 400, 'unit must be one of seconds, milliseconds, microseconds, nanoseconds'],
      [
        '/unix-timestamp/to-utc?timestamp=253402300800&unit=seconds',
        400,
        'timestamp is out of range: the instant must fall between 0001-01-01T00:00:00Z and 9999-12-31T23:59:59.999Z',
      ],
      ['/unix-timestamp/to-utc?timestamp=%E0%A4%A', 400, 'query string has invalid percent-encoding'],
      [
        '/unix-timestamp/to-unix?datetime=2024-01-01T00:00:00',
        400,
        'datetime must end with a time zone, Z or ±HH:MM, or tz must name one (such as Europe/Berlin): local time is ambiguous',
      ],
      ['/unix-timestamp/to-unix?datetime=2023-02-29T00:00:00Z', 400, 'datetime has an impossible date: 2023-02-29'],
      ['/unix-timestamp/to-unix', 400, 'datetime is required'],
      ['/jwt/decode', 400, 'token is required'],
      ['/jwt/decode?token=<RFC 7516 JWE without ciphertext>', 400, 'token ciphertext is empty'],
      ['/jwt/decode?token=a.b', 400, 'token must have three dot-separated parts (header.payload.signature), found 2'],
      ['/jwt/decode?token=<8193 characters>', 400, 'token is longer than 8192 characters'],
      ['/nope', 404, 'Not Found'],
      ['/unix-timestamp/NOW', 404, 'Not Found'],
      ['/unix-timestamp', 404, 'Not Found'],
    ])('GET %s → %i', async (label, status, detail) => {
      const path = label.replace('<8193 characters>', 'a'.repeat(8193)).replace(
        '<RFC 7516 JWE without ciphertext>',
        RFC7516_JWE.split('.')
          .map((part, i) => (i === 3 ? '' : part))
          .join('.'),
      );
      const res = await request(app)
        .get(path)
        .expect(status)
        .expect('Content-Type', /application\/json/);
      expect(res.body).toEqual({ detail });
    });
  });

  it.each(['put', 'delete', 'patch'] as const)('answers %s on an API path with 405 and Allow', async (method) => {
    const res = await request(app)[method]('/jwt/decode').expect(405).expect('Allow', 'GET, HEAD, POST');
    expect(res.body).toEqual({ detail: 'Method Not Allowed' });
    const trpc = await request(app)[method]('/trpc/jwt.decode').set('Content-Type', 'application/json').send('{}');
    expect(trpc.status).toBe(405);
    expect(trpc.headers.allow).toBe('GET, HEAD, POST');
    expect(trpc.body.error).toMatchObject({ code: -32005, data: { code: 'METHOD_NOT_SUPPORTED', httpStatus: 405 } });
  });

  it('answers HEAD on an API path like GET, without a body', async () => {
    const res = await request(app)
      .head('/unix-timestamp/to-utc?timestamp=0')
      .expect(200)
      .expect('Content-Type', /application\/json/);
    expect(res.text ?? '').toBe('');
  });

  it('sets the contract headers and no X-Powered-By', async () => {
    const res = await request(app).get('/unix-timestamp/now');
    expect(res.headers).toMatchObject({
      'access-control-allow-origin': '*',
      'access-control-expose-headers': 'Retry-After, RateLimit, RateLimit-Policy',
      'cache-control': 'no-store',
      'x-content-type-options': 'nosniff',
      'referrer-policy': 'no-referrer',
    });
    expect(res.headers['x-powered-by']).toBeUndefined();
  });

  it('answers CORS preflights with 204', async () => {
    const res = await request(app)
      .options('/jwt/decode')
      .set('Origin', 'https://app.example')
      .set('Access-Control-Request-Method', 'GET')
      .set('Access-Control-Request-Headers', 'content-type, x-trpc-source')
      .expect(204);
    expect(res.headers['access-control-allow-origin']).toBe('*');
    expect(res.headers['access-control-allow-headers']).toBe('content-type, x-trpc-source');
  });

  it('serves /healthz with the version and the tzdata its zone rules come from', async () => {
    expect((await request(app).get('/healthz').expect(200)).body).toEqual({ status: 'ok', version: '0.1.0', tzdata: process.versions.tz });
    expect(process.versions.tz).toMatch(/^20\d\d[a-z]$/);
  });

  it('never sends HTML or a stack for a malformed request target', async () => {
    const res = await request(app)
      .get('/%E0%A4%A')
      .expect('Content-Type', /application\/json/);
    expect(res.status).toBeLessThan(500);
    expect(res.text).not.toMatch(/<html|at .*\.js/);
  });
});

describe('OpenAPI document and /docs', () => {
  it('lists the fifteen REST operations with {detail} bodies for 400 and 429 and no security, /jwt/sign and /token/verify as POST alone', async () => {
    const doc = (await request(app).get('/openapi.json').expect(200)).body;
    expect(doc.openapi).toMatch(/^3\./);
    expect(Object.keys(doc.paths).sort()).toEqual([
      '/jwt/claims',
      '/jwt/decode',
      '/jwt/inspect-key',
      '/jwt/sign',
      '/jwt/validate',
      '/jwt/verify',
      '/token/identify',
      '/token/verify',
      '/unix-timestamp/add',
      '/unix-timestamp/diff',
      '/unix-timestamp/format',
      '/unix-timestamp/identify',
      '/unix-timestamp/now',
      '/unix-timestamp/to-unix',
      '/unix-timestamp/to-utc',
    ]);
    expect(Object.keys(doc.paths['/jwt/sign'])).toEqual(['post']);
    expect(Object.keys(doc.paths['/token/verify'])).toEqual(['post']);
    expect(doc.paths['/token/verify'].post.responses['405'].headers.Allow.schema.example).toBe('POST');
    expect(Object.keys(doc.paths['/token/verify'].post.requestBody.content['application/json'].schema.properties)).toEqual([
      'value',
      'format',
      'secret',
      'key',
      'salt',
      'key_derivation',
      'digest',
      'max_age',
      'implicit_assertion',
    ]);
    expect(Object.keys(doc.paths['/token/identify']).sort()).toEqual(['get', 'post']);
    expect(doc.paths['/jwt/sign'].post.responses['405'].headers.Allow.schema.example).toBe('POST');
    expect(Object.keys(doc.paths['/jwt/sign'].post.requestBody.content['application/json'].schema.properties)).toEqual([
      'payload',
      'header',
      'token',
      'set',
      'unset',
      'alg',
      'secret',
      'key',
      'generate',
      'return_private_key',
      'expires_in',
      'not_before_in',
      'issued_at',
    ]);
    for (const path of Object.keys(doc.paths)) {
      const op = doc.paths[path].get ?? doc.paths[path].post;
      expect(op.security).toEqual([]);
      expect(op.responses['200'].content['application/json'].schema).toBeDefined();
      expect(op.responses['429'].content['application/json'].schema).toEqual({ $ref: '#/components/schemas/Error' });
    }
    expect(doc.paths['/unix-timestamp/to-utc'].get.responses['400'].content['application/json'].schema).toEqual({
      $ref: '#/components/schemas/Error',
    });
    const parameters = (path: string) => doc.paths[path].get.parameters as Array<{ name: string; schema: { enum?: string[] } }>;
    expect(parameters('/unix-timestamp/to-utc').map((p) => p.name)).toEqual(['timestamp', 'unit', 'tz']);
    expect(parameters('/unix-timestamp/now').map((p) => p.name)).toEqual(['tz']);
    expect(parameters('/unix-timestamp/identify').map((p) => p.name)).toEqual(['value', 'format', 'tz', 'disambiguation']);
    expect(parameters('/unix-timestamp/identify')[1]?.schema.enum).toEqual([...IDENTIFY_FORMATS]);
    expect(parameters('/unix-timestamp/to-unix').map((p) => p.name)).toEqual(['datetime', 'tz', 'disambiguation']);
    expect(parameters('/unix-timestamp/to-unix')[2]?.schema.enum).toEqual(['compatible', 'earlier', 'later', 'reject']);
    expect(parameters('/unix-timestamp/to-utc')[1]?.schema.enum).toEqual(['seconds', 'milliseconds', 'microseconds', 'nanoseconds']);
    expect(parameters('/jwt/claims').map((p) => p.name)).toEqual(['name', 'vendor']);
    expect(parameters('/jwt/inspect-key').map((p) => p.name)).toEqual(['key', 'token']);
    expect(parameters('/token/identify').map((p) => p.name)).toEqual(['value', 'format', 'tz']);
    expect(parameters('/token/identify')[1]?.schema.enum).toEqual([...TOKEN_FORMATS]);
    expect(parameters('/jwt/validate').map((p) => p.name)).toEqual([
      'token',
      'profile',
      'issuer',
      'audience',
      'nonce',
      'access_token',
      'code',
      'state',
      'max_age',
      'htm',
      'htu',
      'jkt',
      'key',
      'clock_tolerance',
    ]);
    expect(parameters('/jwt/validate')[1]?.schema.enum).toEqual([
      'oidc_id_token',
      'oauth_access_token',
      'dpop_proof',
      'client_assertion',
      'logout_token',
      'security_event_token',
    ]);
    expect(parameters('/jwt/claims')[1]?.schema.enum).toEqual([
      'iana',
      'entra',
      'auth0',
      'okta',
      'keycloak',
      'google',
      'cognito',
      'firebase',
      'github_actions',
      'kubernetes',
      'apple',
    ]);
    expect(doc.components.schemas.Error).toMatchObject({
      type: 'object',
      properties: { detail: { type: 'string' } },
      required: ['detail'],
    });
    expect(doc.security).toBeUndefined();
  });

  it('serves the interactive reference from local assets', async () => {
    const page = await request(app).get('/docs/').expect(200).expect('Content-Type', /html/);
    expect(page.text).toContain('swagger-ui-bundle.js');
    expect(page.text).not.toMatch(/https?:\/\//);
    await request(app)
      .get('/docs/swagger-ui-bundle.js')
      .expect(200)
      .expect('Content-Type', /javascript/);
    const init = await request(app).get('/docs/init.js').expect(200);
    expect(init.text).toContain("new URL('openapi.json', base)");
    await request(app).get('/docs').expect(301).expect('Location', '/docs/');
    expect((await request(app).get('/docs/missing.js').expect(404)).body).toEqual({ detail: 'Not Found' });
  });
});

describe('BASE_PATH', () => {
  const { app: prefixed } = testService({ BASE_PATH: '/api', RATE_LIMIT_POINTS: '1000' });

  it('serves REST, tRPC, the document and docs under the prefix, and health at the root', async () => {
    await request(prefixed).get('/api/unix-timestamp/to-utc?timestamp=0').expect(200);
    await request(prefixed).get('/unix-timestamp/to-utc?timestamp=0').expect(404);
    await request(prefixed).get('/api/trpc/unixTimestamp.now').expect(200);
    const doc = (await request(prefixed).get('/api/openapi.json').expect(200)).body;
    expect(doc.servers).toMatchObject([{ url: '{origin}/api', variables: { origin: { default: 'http://localhost:3000' } } }]);
    await request(prefixed).get('/api/docs/').expect(200);
    await request(prefixed).get('/healthz').expect(200);
  });
});
