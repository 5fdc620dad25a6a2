// Contract §1b: every operation also answers POST with a JSON body, byte for byte as its GET.
import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { OPERATIONS } from '../../src/adapters/driving/contract/catalog.js';
import { JWT_IO_TOKEN, RFC7515_A3_KEY, RFC7515_A3_TOKEN } from '../support/fixtures.js';
import { capturedLogger } from '../support/logs.js';
import { rawExchange } from '../support/raw-http.js';
import { listen, testService, trpcInput } from '../support/service.js';

const { app } = testService({ RATE_LIMIT_POINTS: '100000' });
// A mutation has no GET to compare with: test/http/sign.test.ts has its POSTs.
const restPathOf = new Map(
  OPERATIONS.filter(([, operation]) => operation.mutation !== true).map(([procedure, operation]) => [procedure, operation.openapi.path]),
);

const CASES: ReadonlyArray<[procedure: string, input: Record<string, string>]> = [
  ['unixTimestamp.now', {}],
  ['unixTimestamp.now', { tz: 'Asia/Kolkata' }],
  ['unixTimestamp.toUtc', { timestamp: '1700000000', tz: 'Europe/Dublin' }],
  ['unixTimestamp.toUtc', { timestamp: '0x10' }],
  ['unixTimestamp.toUnix', { datetime: '2024-10-27T02:30:00', tz: 'Europe/Berlin', disambiguation: 'later' }],
  ['unixTimestamp.identify', { value: '01d15614cbaee92c' }],
  ['unixTimestamp.format', { datetime: '2024-03-31T03:30:00+02:00[Europe/Berlin]' }],
  ['unixTimestamp.diff', { from: '2024-10-26T12:00:00', to: '2024-10-27T12:00:00', tz: 'Europe/Berlin' }],
  ['unixTimestamp.add', { from: '2024-03-30T12:00:00+01:00[Europe/Berlin]', duration: 'P1D' }],
  ['jwt.decode', { token: JWT_IO_TOKEN, check_secrets: 'true' }],
  ['jwt.decode', { token: 'not-a-token' }],
  ['jwt.verify', { token: RFC7515_A3_TOKEN, key: RFC7515_A3_KEY }],
  ['jwt.verify', { token: RFC7515_A3_TOKEN, key: '{"kty":"XYZ"}' }],
  ['jwt.claims', { name: 'x5t#S256' }],
  ['jwt.claims', { vendor: 'azure' }],
  ['jwt.inspectKey', { key: RFC7515_A3_KEY, token: RFC7515_A3_TOKEN }],
  ['jwt.inspectKey', { key: '-----BEGIN PUBLIC KEY-----' }],
  ['jwt.validate', { token: RFC7515_A3_TOKEN, profile: 'oidc_id_token', access_token: 'secret-access-token', key: RFC7515_A3_KEY }],
  ['jwt.validate', { token: RFC7515_A3_TOKEN, profile: 'made_up' }],
  // therootcompany/base62-token.js, test.js, commit 17dfd0700742c6b352844bd6ba568cf22269e6b1.
  ['token.identify', { value: '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', tz: 'Europe/Berlin' }],
  ['token.identify', { value: 'glpat-' }],
];

// Every header but those that name the moment or the request.
const comparable = (headers: Record<string, string>) =>
  Object.fromEntries(Object.entries(headers).filter(([name]) => !['date', 'x-request-id', 'ratelimit', 'etag'].includes(name)));

const postJson = (path: string, body: string) => request(app).post(path).set('Content-Type', 'application/json').send(body);

describe('POST with a JSON body', () => {
  it('covers every operation of the catalog', () => {
    expect(new Set(CASES.map(([procedure]) => procedure))).toEqual(new Set(restPathOf.keys()));
  });

  it.each(CASES)('answers %s %j as its GET does, byte for byte, on REST and tRPC', async (procedure, input) => {
    const path = restPathOf.get(procedure) ?? '';
    const query = new URLSearchParams(input).toString();
    const get = await request(app).get(`${path}${query ? `?${query}` : ''}`);
    const post = await postJson(path, JSON.stringify(input));
    expect(post.status).toBe(get.status);
    expect(post.text).toBe(get.text);
    expect(comparable(post.headers)).toEqual(comparable(get.headers));
    const trpcGet = await request(app).get(`/trpc/${procedure}?input=${trpcInput(input)}`);
    const trpcPost = await postJson(`/trpc/${procedure}`, JSON.stringify(input));
    expect(trpcPost.status).toBe(trpcGet.status);
    expect(trpcPost.text).toBe(trpcGet.text);
  });

  it('takes check_secrets as a JSON boolean too, and ignores unknown members', async () => {
    const asText = await postJson('/jwt/decode', JSON.stringify({ token: JWT_IO_TOKEN, check_secrets: 'true' }));
    const asBoolean = await postJson('/jwt/decode', JSON.stringify({ token: JWT_IO_TOKEN, check_secrets: true, extra: [1, { a: 2 }] }));
    expect(asBoolean.status).toBe(200);
    expect(asBoolean.text).toBe(asText.text);
  });

  it.each([
    ['not JSON', '{"token":', 400, 'request body must be JSON'],
    ['empty', '', 400, 'request body must be JSON'],
    ['an array', '[]', 400, 'request body must be a JSON object'],
    ['a string', '"token"', 400, 'request body must be a JSON object'],
    ['null', 'null', 400, 'request body must be a JSON object'],
    ['nested 65 levels', `{"x":${'['.repeat(64)}${']'.repeat(64)}}`, 400, 'request body must not nest deeper than 64 levels'],
    ['a number member', '{"token":5}', 400, 'token must be a string'],
    ['a null member', '{"token":null}', 400, 'token must be a string'],
    ['an array member', '{"token":["a","b"]}', 400, 'token must be given once, as one string, not a list'],
    [
      'an object member',
      '{"token":{"a":1}}',
      400,
      'token must be one string, not an object: send a JSON value, such as a JWK, as its text',
    ],
    ['a member named twice', `{"token":"a","token":"${JWT_IO_TOKEN}"}`, 400, 'request body must not name a member twice'],
    ['no token', '{}', 400, 'token is required'],
  ])('refuses a body that is %s with %i', async (_label, body, status, detail) => {
    const res = await postJson('/jwt/decode', body).expect(status);
    expect(res.body).toEqual({ detail });
  });

  it('takes JSON nested 64 levels deep', async () => {
    await postJson('/jwt/decode', `{"x":${'['.repeat(63)}${']'.repeat(63)},"token":"${JWT_IO_TOKEN}"}`).expect(200);
  });

  it('refuses another content type with 415, also on tRPC', async () => {
    for (const type of ['text/plain', 'application/x-www-form-urlencoded', 'application/jsonx']) {
      const res = await request(app).post('/jwt/decode').set('Content-Type', type).send(`{"token":"${JWT_IO_TOKEN}"}`).expect(415);
      expect(res.body).toEqual({ detail: 'Content-Type must be application/json' });
    }
    await request(app)
      .post('/jwt/decode')
      .set('Content-Type', 'application/json; charset=utf-8')
      .send(`{"token":"${JWT_IO_TOKEN}"}`)
      .expect(200);
    const trpc = await request(app).post('/trpc/jwt.decode').set('Content-Type', 'text/plain').send('{}').expect(415);
    expect(trpc.body.error).toMatchObject({ data: { code: 'UNSUPPORTED_MEDIA_TYPE', httpStatus: 415 } });
  });

  it('refuses parameters in both the query string and the body', async () => {
    const res = await request(app)
      .post('/unix-timestamp/to-utc?timestamp=1')
      .set('Content-Type', 'application/json')
      .send('{"timestamp":"2"}')
      .expect(400);
    expect(res.body.detail).toBe('a POST takes its parameters in the JSON body, not in the query string');
  });

  it('refuses a body that is not UTF-8', async () => {
    const running = await listen(app);
    try {
      const res = await fetch(`${running.url}/jwt/decode`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: new Uint8Array([0x7b, 0x22, 0xff, 0x22, 0x3a, 0x31, 0x7d]),
      });
      expect(res.status).toBe(400);
      expect(await res.json()).toEqual({ detail: 'request body must be UTF-8' });
    } finally {
      await running.close();
    }
  });

  it('refuses a body over 64 KiB with 413, declared or streamed, and closes the connection', async () => {
    const big = JSON.stringify({ token: 'a'.repeat(64 * 1024) });
    const declared = await postJson('/jwt/decode', big).expect(413);
    expect(declared.body).toEqual({ detail: 'request body must be at most 65536 bytes' });
    expect(declared.headers.connection).toBe('close');
    // Exactly 65,536 bytes is within the limit: read, and refused only as a token.
    const atLimit = JSON.stringify({ token: 'a'.repeat(64 * 1024 - '{"token":""}'.length) });
    expect(Buffer.byteLength(atLimit)).toBe(64 * 1024);
    await postJson('/jwt/decode', atLimit).expect(400);
    const running = await listen(app);
    try {
      // Chunks of 16 KiB, never ended: the answer must come once the limit is passed, and the socket close.
      const answer = await rawExchange(
        running.url,
        'POST /jwt/decode HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nTransfer-Encoding: chunked\r\n\r\n',
        ...Array.from({ length: 5 }, () => `4000\r\n${'a'.repeat(0x4000)}\r\n`),
      );
      expect(answer).toMatch(/^HTTP\/1\.1 413 /);
      expect(answer).toContain('{"detail":"request body must be at most 65536 bytes"}');
    } finally {
      await running.close();
    }
  });

  it('costs one point, like a GET, and answers 429 in the route’s shape over the limit', async () => {
    const { app: limited } = testService({ RATE_LIMIT_POINTS: '2' });
    const post = (path: string) => request(limited).post(path).set('Content-Type', 'application/json').send('{"timestamp":"1"}');
    const first = await post('/unix-timestamp/to-utc').expect(200);
    expect(first.headers.ratelimit).toMatch(/^"default";r=1;/);
    await post('/trpc/unixTimestamp.toUtc').expect(200);
    expect((await post('/unix-timestamp/to-utc').expect(429)).body).toEqual({ detail: 'Rate limit exceeded' });
    const trpc = await post('/trpc/unixTimestamp.toUtc').expect(429);
    expect(trpc.body.error).toMatchObject({ message: 'Rate limit exceeded', data: { code: 'TOO_MANY_REQUESTS' } });
  });

  it('charges a tRPC batch sent as POST a point per call', async () => {
    const { app: limited } = testService({ RATE_LIMIT_POINTS: '4' });
    await request(limited).get('/unix-timestamp/now').expect(200);
    const res = await request(limited)
      .post('/trpc/unixTimestamp.now,unixTimestamp.now,unixTimestamp.now,unixTimestamp.now?batch=1')
      .set('Content-Type', 'application/json')
      .send('{}');
    expect(res.status).toBe(207);
    expect((res.body as Array<{ error?: { data: { code: string } } }>).map((answer) => answer.error?.data.code)).toEqual([
      undefined,
      undefined,
      undefined,
      'TOO_MANY_REQUESTS',
    ]);
  });

  it('logs nothing of a body', async () => {
    const { lines, logger } = capturedLogger();
    const { app: logged } = testService({}, { logger });
    const marker = 'eyJhbGciOiJIUzI1NiJ9.eyJtYXJrZXIiOiJzZWNyZXQtbWFya2VyIn0.c2ln';
    await request(logged).post('/jwt/decode').set('Content-Type', 'application/json').send({ token: marker }).expect(200);
    await request(logged).post('/jwt/decode').set('Content-Type', 'application/json').send(`{"token":"${marker}"`).expect(400);
    await request(logged).post('/trpc/jwt.decode').set('Content-Type', 'application/json').send({ token: marker }).expect(200);
    expect(lines.length).toBeGreaterThanOrEqual(3);
    expect(lines.join('\n')).not.toMatch(/eyJtYXJrZXIi|secret-marker/);
  });
});
