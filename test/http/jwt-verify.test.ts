import { createServer, type Server } from 'node:net';
import { SignJWT, exportJWK, exportSPKI, generateKeyPair, type CryptoKey } from 'jose';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli } from '../../src/adapters/driving/cli/cli.js';
import { capturedLogger } from '../support/logs.js';
import { TEST_NOW_MS, testService, trpcInput } from '../support/service.js';

let privateKey: CryptoKey;
let pem: string;
let jwk: string;
const NOW = Math.floor(TEST_NOW_MS / 1000);

beforeAll(async () => {
  const pair = await generateKeyPair('ES256', { extractable: true });
  privateKey = pair.privateKey;
  pem = await exportSPKI(pair.publicKey);
  jwk = JSON.stringify(await exportJWK(pair.publicKey));
});

const sign = (claims: Record<string, unknown> = {}, header: Record<string, unknown> = {}) =>
  new SignJWT({ sub: 'u', exp: NOW + 60, ...claims }).setProtectedHeader({ alg: 'ES256', ...header }).sign(privateKey);

describe('/jwt/verify and jwt.verify', () => {
  it('answers REST and tRPC alike, valid or not', async () => {
    const { app } = testService({ RATE_LIMIT_POINTS: '100' });
    for (const token of [await sign(), await sign({ exp: NOW - 1 })]) {
      const rest = await request(app).get('/jwt/verify').query({ token, key: pem }).expect(200);
      const trpc = await request(app)
        .get(`/trpc/jwt.verify?input=${trpcInput({ token, key: pem })}`)
        .expect(200);
      expect(trpc.text).toBe(`{"result":{"data":${rest.text}}}`);
    }
  });

  it('runs asynchronously in a batch, one point per call', async () => {
    const { app } = testService({ RATE_LIMIT_POINTS: '4' });
    await request(app).get('/unix-timestamp/now').expect(200);
    const token = await sign();
    const input = { 0: { token, key: jwk }, 1: { token, key: pem }, 2: { token: 'a.b', key: pem }, 3: { token, key: pem } };
    const res = await request(app).get(`/trpc/jwt.verify,jwt.verify,jwt.verify,jwt.verify?batch=1&input=${trpcInput(input)}`);
    expect(res.status).toBe(207);
    const body = res.body as Array<{ result?: { data: { valid: boolean } }; error?: { data: { code: string } } }>;
    expect(body[0]?.result?.data.valid).toBe(true);
    expect(body[1]?.result?.data.valid).toBe(true);
    expect(body[2]?.error?.data.code).toBe('BAD_REQUEST');
    expect(body[3]?.error?.data.code).toBe('TOO_MANY_REQUESTS');
  });

  it('answers a bad key with 400 naming key, over both transports', async () => {
    const { app } = testService({ RATE_LIMIT_POINTS: '100' });
    const token = await sign();
    const rest = await request(app).get('/jwt/verify').query({ token, key: '{"kty":"oct","k":"c2VjcmV0"}' }).expect(400);
    expect(rest.body.detail).toMatch(/^key is a symmetric secret/);
    const trpc = await request(app)
      .get(`/trpc/jwt.verify?input=${trpcInput({ token, key: '{"kty":"oct","k":"c2VjcmV0"}' })}`)
      .expect(400);
    expect(trpc.body.error.message).toBe(rest.body.detail);
    expect((await request(app).get('/jwt/verify').query({ token }).expect(400)).body).toEqual({
      detail: 'give exactly one of key and secret: key for a public key or an oct JWK, secret for an HMAC secret',
    });
  });

  describe('never reaches the network', () => {
    let listener: Server;
    let connections = 0;
    let url: string;

    beforeAll(async () => {
      listener = createServer((socket) => {
        connections++;
        socket.destroy();
      });
      await new Promise<void>((resolve) => listener.listen(0, '127.0.0.1', resolve));
      const address = listener.address();
      url = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
    });

    afterAll(() => new Promise<void>((resolve) => listener.close(() => resolve())));

    it('follows neither jku, x5u nor iss', async () => {
      const { app } = testService({ RATE_LIMIT_POINTS: '100' });
      const token = await sign({ iss: `${url}/issuer` }, { jku: `${url}/jwks.json`, x5u: `${url}/cert.pem`, kid: 'k' });
      const keySet = JSON.stringify({ keys: [{ ...JSON.parse(jwk), kid: 'other' }] });
      const verified = await request(app)
        .get('/jwt/verify')
        .query({ token, key: pem, issuer: `${url}/issuer` })
        .expect(200);
      expect(verified.body.valid).toBe(true);
      const missing = await request(app).get('/jwt/verify').query({ token, key: keySet }).expect(200);
      expect(missing.body.reason.code).toBe('key_not_found');
      await request(app).get('/jwt/decode').query({ token, check_secrets: 'true' }).expect(200);
      // That no connection is ever made can only be seen after a while: the wait is the behaviour under test.
      await new Promise((resolve) => setTimeout(resolve, 100));
      expect(connections).toBe(0);
    });
  });

  describe('with an HMAC secret (contract §4b)', () => {
    // jwt.io's debugger's default token and its secret (https://jwt.io/, the HS256 example as of 2025).
    const SECRET = 'a-string-secret-at-least-256-bits-long';
    const JWT_IO =
      'eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJzdWIiOiIxMjM0NTY3ODkwIiwibmFtZSI6IkpvaG4gRG9lIiwiYWRtaW4iOnRydWUsImlhdCI6MTUxNjIzOTAyMn0.KMUFsIDTnFmyG3nMiGM6H9FNFUROf3wh7SmqJp-QV30';
    const OCT = JSON.stringify({ kty: 'oct', k: Buffer.from(SECRET).toString('base64url') });
    const LEAKS = 'a secret in a URL leaks into proxies, logs and browser history; send it in a POST body instead';
    const { app } = testService({ RATE_LIMIT_POINTS: '100000' });
    const post = (path: string, body: unknown) =>
      request(app).post(path).set('Content-Type', 'application/json').send(JSON.stringify(body));

    it.each([
      ['secret', { secret: SECRET }],
      ['an oct JWK as key', { key: OCT }],
    ])("verifies jwt.io's token with its %s by POST, on REST and on tRPC alike", async (_label, keyOrSecret) => {
      const rest = await post('/jwt/verify', { token: JWT_IO, ...keyOrSecret }).expect(200);
      expect(rest.body).toMatchObject({ valid: true, reason: null, algorithm: 'HS256', payload: { name: 'John Doe' }, source: 'verify' });
      const trpc = await post('/trpc/jwt.verify', { token: JWT_IO, ...keyOrSecret }).expect(200);
      expect(trpc.text).toBe(`{"result":{"data":${rest.text}}}`);
      expect(rest.text).not.toContain(SECRET);
    });

    it.each(['HS384', 'HS512'])('verifies %s, and answers signature_invalid for another secret', async (alg) => {
      const secret = `${alg} ${SECRET} ${SECRET}`;
      const token = await new SignJWT({ sub: 'u' }).setProtectedHeader({ alg }).sign(Buffer.from(secret));
      expect((await post('/jwt/verify', { token, secret }).expect(200)).body).toMatchObject({ valid: true, algorithm: alg });
      const wrong = await post('/jwt/verify', { token, secret: SECRET }).expect(200);
      expect(wrong.body).toMatchObject({ valid: false, reason: { code: 'signature_invalid' } });
    });

    it('answers key_mismatch for a secret with a token that is not HMAC', async () => {
      const res = await post('/jwt/verify', { token: await sign(), secret: SECRET }).expect(200);
      expect(res.body.reason).toEqual({ code: 'key_mismatch', message: 'the key cannot verify ES256 signatures' });
    });

    it.each([
      ['secret', { secret: SECRET }, `secret must not be sent in a URL: ${LEAKS}`],
      ['an oct JWK as key', { key: OCT }, `key is a symmetric secret (an oct JWK), which must not be sent in a URL: ${LEAKS}`],
    ])('refuses a %s in a URL, REST GET and tRPC GET alike, and never echoes it', async (_label, keyOrSecret, detail) => {
      const rest = await request(app)
        .get('/jwt/verify')
        .query({ token: JWT_IO, ...keyOrSecret })
        .expect(400);
      expect(rest.body).toEqual({ detail });
      const trpc = await request(app)
        .get(`/trpc/jwt.verify?input=${trpcInput({ token: JWT_IO, ...keyOrSecret })}`)
        .expect(400);
      expect(trpc.body.error).toMatchObject({ message: detail, data: { code: 'BAD_REQUEST', httpStatus: 400 } });
      for (const answer of [rest, trpc]) expect(answer.text).not.toContain(SECRET);
    });

    it.each([
      [
        { secret: SECRET, key: OCT },
        'give exactly one of key and secret, not both: key for a public key or an oct JWK, secret for an HMAC secret',
      ],
      [{}, 'give exactly one of key and secret: key for a public key or an oct JWK, secret for an HMAC secret'],
    ])('refuses %j by POST, naming key and secret', async (keyOrSecret, detail) => {
      const rest = await post('/jwt/verify', { token: JWT_IO, ...keyOrSecret }).expect(400);
      expect(rest.body).toEqual({ detail });
      expect(rest.text).not.toContain(SECRET);
      expect((await post('/trpc/jwt.verify', { token: JWT_IO, ...keyOrSecret }).expect(400)).body.error.message).toBe(detail);
    });

    it("checks /jwt/validate's signature rule with an oct JWK by POST, and refuses one in a URL", async () => {
      const input = { token: JWT_IO, profile: 'oidc_id_token', key: OCT };
      const posted = await post('/jwt/validate', input).expect(200);
      const checks = posted.body.checks as Array<{ rule: string; passed: boolean | null; message: string }>;
      expect(checks.find(({ rule }) => rule === 'signature')).toMatchObject({
        passed: true,
        message: 'the signature verifies with the key',
      });
      const wrong = await post('/jwt/validate', { ...input, key: JSON.stringify({ kty: 'oct', k: 'c2VjcmV0' }) }).expect(200);
      expect((wrong.body.checks as typeof checks).find(({ rule }) => rule === 'signature')?.passed).toBe(false);
      const got = await request(app).get('/jwt/validate').query(input).expect(400);
      expect(got.body).toEqual({ detail: `key is a symmetric secret (an oct JWK), which must not be sent in a URL: ${LEAKS}` });
      const trpc = await request(app)
        .get(`/trpc/jwt.validate?input=${trpcInput(input)}`)
        .expect(400);
      expect(trpc.body.error.message).toBe(got.body.detail);
    });

    it('reads the key or the secret from standard input alone on the command line, and answers as POST does', async () => {
      const { application } = testService();
      const cli = async (args: string[], stdin: string) => {
        let out = '';
        let err = '';
        const code = await runCli(args, () => Promise.resolve(application.useCases), {
          out: (text) => (out += text),
          err: (text) => (err += text),
          readStdin: () => Promise.resolve(stdin),
        });
        return { code, out, err };
      };
      const posted = await post('/jwt/verify', { token: JWT_IO, secret: SECRET }).expect(200);
      expect(await cli(['verify', JWT_IO], `${SECRET}\n`)).toEqual({ code: 0, out: `${posted.text}\n`, err: '' });
      expect(await cli(['verify', JWT_IO], OCT)).toEqual({ code: 0, out: `${posted.text}\n`, err: '' });
      const token = await sign();
      expect(JSON.parse((await cli(['verify', token], pem)).out)).toMatchObject({ valid: true, algorithm: 'ES256' });
      const asArgument = await cli(['verify', JWT_IO, '--secret', SECRET], '');
      expect(asArgument.code).toBe(2);
      expect(asArgument.out).toBe('');
    });

    it('logs the route and status only: no trace of the secret in a run of verify calls, refused ones included', async () => {
      const { lines, logger } = capturedLogger();
      const logged = testService({ RATE_LIMIT_POINTS: '100000' }, { logger }).app;
      const send = (path: string, body: unknown) =>
        request(logged).post(path).set('Content-Type', 'application/json').send(JSON.stringify(body));
      const answers = [
        await send('/jwt/verify', { token: JWT_IO, secret: SECRET }),
        await send('/trpc/jwt.verify', { token: JWT_IO, key: OCT }),
        await send('/jwt/verify', { token: JWT_IO, secret: SECRET, key: OCT }),
        await send('/jwt/verify', { token: JWT_IO, secret: SECRET.repeat(300) }),
        await request(logged).get('/jwt/verify').query({ token: JWT_IO, secret: SECRET }),
        await request(logged).get(`/trpc/jwt.verify?input=${trpcInput({ token: JWT_IO, secret: SECRET })}`),
      ];
      expect(answers.map((answer) => answer.status)).toEqual([200, 200, 400, 400, 400, 400]);
      const text = lines.join('\n');
      expect(text).toContain('/jwt/verify');
      const k = JSON.parse(OCT).k as string;
      for (const trace of [SECRET, encodeURIComponent(SECRET), k, JWT_IO.split('.')[2] ?? '']) expect(text).not.toContain(trace);
      for (const answer of answers) expect(answer.text).not.toContain(SECRET);
    });
  });
});
