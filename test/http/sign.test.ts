// POST /jwt/sign and tRPC jwt.sign (contract §4g) through the whole pipeline: POST only, the same answer on
// both transports, JSON-typed members, and nothing of a body in a log line, an error or an answer.
import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { capturedLogger } from '../support/logs.js';
import { testService } from '../support/service.js';
import { RFC7519_3_1_TOKEN } from '../support/fixtures.js';
import { RFC7515_A1_KEY, RFC7515_A2_KEY, RFC7515_A2_TOKEN, RFC7515_A3_PRIVATE_KEY } from '../vectors/jose-keys.js';

const SECRET = 'a-string-secret-at-least-256-bits-long';
const JWT_IO_EXAMPLE = { payload: { sub: '1234567890', name: 'John Doe', admin: true, iat: 1516239022 }, secret: SECRET };
const JWT_IO_SIGNED =
  'eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJzdWIiOiIxMjM0NTY3ODkwIiwibmFtZSI6IkpvaG4gRG9lIiwiYWRtaW4iOnRydWUsImlhdCI6MTUxNjIzOTAyMn0.KMUFsIDTnFmyG3nMiGM6H9FNFUROf3wh7SmqJp-QV30';

const { app } = testService({ RATE_LIMIT_POINTS: '100000' });
const post = (body: unknown, path = '/jwt/sign') =>
  request(app).post(path).set('Content-Type', 'application/json').send(JSON.stringify(body));

describe('POST /jwt/sign', () => {
  it("answers the contract's example with jwt.io's token, no-store, and the same body as tRPC's mutation", async () => {
    const rest = await post(JWT_IO_EXAMPLE).expect(200);
    expect(rest.body).toMatchObject({ token: JWT_IO_SIGNED, key: null, algorithm: 'HS256', source: 'sign' });
    expect(rest.headers['cache-control']).toBe('no-store');
    const { decoded } = rest.body as { decoded: { findings: { code: string }[] } };
    expect(decoded.findings.map((finding) => finding.code)).toContain('no_expiry');
    const trpc = await post(JWT_IO_EXAMPLE, '/trpc/jwt.sign').expect(200);
    expect(trpc.text).toBe(`{"result":{"data":${rest.text}}}`);
    const batch = await post({ 0: JWT_IO_EXAMPLE, 1: { payload: {} } }, '/trpc/jwt.sign,jwt.sign?batch=1');
    expect(batch.body[0].result.data.token).toBe(JWT_IO_SIGNED);
    expect(batch.body[1].error.data.httpStatus).toBe(400);
  });

  it('re-signs RFC 7515 A.1 and A.2 with their keys into the very same tokens', async () => {
    expect((await post({ token: RFC7519_3_1_TOKEN, key: RFC7515_A1_KEY }).expect(200)).body.token).toBe(RFC7519_3_1_TOKEN);
    expect((await post({ token: RFC7515_A2_TOKEN, key: JSON.stringify(RFC7515_A2_KEY) }).expect(200)).body.token).toBe(RFC7515_A2_TOKEN);
  });

  it.each(['GET', 'PUT', 'DELETE', 'PATCH'] as const)(
    'answers %s with 405, Allow: POST and a detail saying to use POST, never reading the query',
    async (method) => {
      // Its own app: the routes' method steps are built with the app, and mutation testing credits a test only
      // with code it runs itself.
      const own = testService({ RATE_LIMIT_POINTS: '100000' }).app;
      const response = await request(own)[method.toLowerCase() as 'get'](`/jwt/sign?secret=${SECRET}`);
      expect([response.status, response.headers.allow]).toEqual([405, 'POST']);
      expect(response.body).toEqual({
        detail: `${method} is not allowed on /jwt/sign: send it as POST, with the parameters in a JSON body`,
      });
      expect(response.text).not.toContain(SECRET);
    },
  );

  it('answers HEAD with 405 and Allow: POST, and no body', async () => {
    const own = testService({ RATE_LIMIT_POINTS: '100000' }).app;
    const response = await request(own).head(`/jwt/sign?secret=${SECRET}`);
    expect([response.status, response.headers.allow, response.headers['content-type']]).toEqual([
      405,
      'POST',
      'application/json; charset=utf-8',
    ]);
    expect(response.text ?? '').toBe('');
  });

  it('refuses a query string on a POST without echoing it', async () => {
    const response = await request(app).post(`/jwt/sign?secret=${SECRET}`).set('Content-Type', 'application/json').send('{}').expect(400);
    expect(response.text).not.toContain(SECRET);
  });

  it('allows only POST in its preflight, while the other paths keep GET too', async () => {
    const own = testService({ RATE_LIMIT_POINTS: '100000' }).app;
    const preflight = (path: string) => request(own).options(path).set('Access-Control-Request-Method', 'POST').expect(204);
    expect((await preflight('/jwt/sign')).headers['access-control-allow-methods']).toBe('POST, OPTIONS');
    expect((await preflight('/jwt/decode')).headers['access-control-allow-methods']).toBe('GET, POST, OPTIONS');
  });

  it("answers tRPC's 405 METHOD_NOT_SUPPORTED to a GET of the mutation", async () => {
    const response = await request(app).get(`/trpc/jwt.sign?input=${encodeURIComponent(JSON.stringify(JWT_IO_EXAMPLE))}`);
    expect(response.status).toBe(405);
    expect(response.body.error.data.code).toBe('METHOD_NOT_SUPPORTED');
  });

  it('reads expires_in in either letter case, as /unix-timestamp/add reads a duration: pt1h is an hour', async () => {
    const { payload } = (await post({ payload: {}, secret: SECRET, issued_at: true, expires_in: 'pt1h' }).expect(200)).body as {
      payload: { iat: number; exp: number };
    };
    expect(payload.exp).toBe(payload.iat + 3600);
  });

  it.each([
    [{ payload: null, secret: SECRET }, 'payload must be a JSON object'],
    [{ payload: {}, secret: 12 }, 'secret must be a string'],
    [{ payload: {}, secret: SECRET, issued_at: 'true' }, 'issued_at must be true or false'],
    [{ payload: {}, secret: 'short' }, 'secret: HS256 needs a secret of at least 32 bytes (RFC 7518 §3.2); this one has 5'],
    [[1], 'request body must be a JSON object'],
  ])('refuses %j naming the member', async (body, detail) => {
    expect((await post(body).expect(400)).body).toEqual({ detail });
  });

  // A private key that is no key: an ECPrivateKey (RFC 5915 §3) on P-256 (RFC 5480 §2.1.1.1) whose d is 0, so that its
  // public key d·G is SEC 1 §2.3.3's point at infinity; as SEC 1, as PKCS #8 (RFC 5958 §2), and as a JWK whose d is 0.
  it.each([
    [
      'a SEC 1 PEM',
      '-----BEGIN EC PRIVATE KEY-----\nMDECAQEEIAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAoAoGCCqGSM49AwEH\n-----END EC PRIVATE KEY-----\n',
      'key: the PEM does not hold a private key that can be read',
    ],
    [
      'a PKCS #8 PEM',
      '-----BEGIN PRIVATE KEY-----\nMEECAQAwEwYHKoZIzj0CAQYIKoZIzj0DAQcEJzAlAgEBBCAAAAAAAAAAAAAAAAAA\nAAAAAAAAAAAAAAAAAAAAAAAAAA==\n-----END PRIVATE KEY-----\n',
      'key: the PEM does not hold a private key that can be read',
    ],
    ['a JWK', { ...RFC7515_A3_PRIVATE_KEY, d: 'A'.repeat(43) }, "key: the JWK's private members do not make a private EC key"],
    // The same SEC 1 form with d at or past P-256's order n (SEC 2 §2.4.2), out of SEC 1 §3.2.1's [1, n − 1]: d·G is a
    // point (d mod n), but no signature can be made with it.
    [
      'a SEC 1 PEM whose d is n',
      '-----BEGIN EC PRIVATE KEY-----\nMDECAQEEIP////8AAAAA//////////+85vqtpxeehPO5ysL8YyVRoAoGCCqGSM49\nAwEH\n-----END EC PRIVATE KEY-----\n',
      'key: the PEM does not hold a private key that can be read',
    ],
    [
      'a SEC 1 PEM whose d is n + 1',
      '-----BEGIN EC PRIVATE KEY-----\nMDECAQEEIP////8AAAAA//////////+85vqtpxeehPO5ysL8YyVSoAoGCCqGSM49\nAwEH\n-----END EC PRIVATE KEY-----\n',
      'key: the PEM does not hold a private key that can be read',
    ],
    [
      'a SEC 1 PEM whose d is 2²⁵⁶ − 1',
      '-----BEGIN EC PRIVATE KEY-----\nMDECAQEEIP//////////////////////////////////////////oAoGCCqGSM49\nAwEH\n-----END EC PRIVATE KEY-----\n',
      'key: the PEM does not hold a private key that can be read',
    ],
  ])('answers an EC private key that is no key, as %s, with a 400, and the next request as ever', async (_label, key, detail) => {
    const refused = await post({ payload: {}, key });
    expect([refused.status, refused.body]).toEqual([400, { detail }]);
    const next = await post({ payload: {}, key: RFC7515_A3_PRIVATE_KEY });
    expect([next.status, next.body.algorithm]).toEqual([200, 'ES256']);
  });

  it('logs the route and status only: no secret, key, claim or token of a run of sign calls and verify calls with a secret', async () => {
    const { lines, logger } = capturedLogger();
    const logged = testService({ RATE_LIMIT_POINTS: '100000' }, { logger });
    const send = (body: unknown, path = '/jwt/sign') =>
      request(logged.app).post(path).set('Content-Type', 'application/json').send(JSON.stringify(body));
    const claim = 'claim-value-3f9a';
    const answers = [
      await send({ payload: { marker: claim }, secret: SECRET }),
      await send({ payload: { marker: claim }, key: RFC7515_A2_KEY, expires_in: 'PT1H' }),
      await send({ token: RFC7519_3_1_TOKEN, set: { marker: claim }, key: RFC7515_A1_KEY }),
      await send({ payload: { marker: claim }, secret: 'too-short-secret' }),
      await send({ payload: { marker: claim }, generate: true, alg: 'ES256', return_private_key: true }),
      // The token just made, verified with its secret (contract §4b), then the same secret refused in a URL.
      await send({ token: JWT_IO_SIGNED, secret: SECRET }, '/jwt/verify'),
      await request(logged.app).get('/jwt/verify').query({ token: JWT_IO_SIGNED, secret: SECRET }),
    ];
    expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200, 400, 200, 200, 400]);
    expect(answers[5]?.body.valid).toBe(true);
    const text = lines.join('\n');
    expect(text).toContain('/jwt/sign');
    expect(text).toContain('/jwt/verify');
    expect(text).not.toContain(JWT_IO_SIGNED.split('.')[2]);
    for (const secret of [
      SECRET,
      'too-short-secret',
      claim,
      RFC7515_A2_KEY.d,
      RFC7515_A1_KEY.k,
      RFC7519_3_1_TOKEN.split('.')[1] ?? '',
      answers[0]?.body.token,
    ]) {
      expect(text).not.toContain(secret);
    }
    const privateJwk = answers[4]?.body.private_jwk as { d: string };
    expect(text).not.toContain(privateJwk.d);
    // A key sent is never sent back.
    for (const answer of answers.slice(0, 4)) expect(answer.text).not.toContain(RFC7515_A2_KEY.d);
    for (const answer of answers.slice(5)) expect(answer.text).not.toContain(SECRET);
  });
});
