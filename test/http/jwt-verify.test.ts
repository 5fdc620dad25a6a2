import { createServer, type Server } from 'node:net';
import { SignJWT, exportJWK, exportSPKI, generateKeyPair, type CryptoKey } from 'jose';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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
    expect((await request(app).get('/jwt/verify').query({ token }).expect(400)).body).toEqual({ detail: 'key is required' });
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
});
