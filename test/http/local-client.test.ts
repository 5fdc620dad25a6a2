// createLocalClient answers as the service does, over the same tRPC client type: the service over HTTP (tRPC POST,
// the remote client) and the local client in this process, the clock fixed for both, compared as JSON. The whole
// parity corpus is test/parity; these are one call of each kind.
import { TRPCClientError } from '@trpc/client';
import { afterAll, beforeAll, describe, expect, expectTypeOf, it } from 'vitest';
import { createClient } from 'timestamp-jwt-client';
import { createLocalClient } from '../../src/local/client.js';
import { JWT_IO_TOKEN } from '../support/fixtures.js';
import { listen, testService, TEST_NOW_MS, type Running } from '../support/service.js';
import { RFC7515_A2_KEY, RFC7515_A2_TOKEN, RFC7517_A1, RFC8037_A1 } from '../vectors/jose-keys.js';

let running: Running;
beforeAll(async () => {
  running = await listen(testService({ RATE_LIMIT_POINTS: '1000' }).app);
});
afterAll(() => running.close());

type Client = ReturnType<typeof createClient>;
const local = createLocalClient({ now: () => TEST_NOW_MS });

/** A call's answer as JSON, or for a refusal its error body's message and data (code, HTTP status, path). */
async function answer(call: (client: Client) => Promise<unknown>, client: Client): Promise<string> {
  try {
    return JSON.stringify(await call(client));
  } catch (error) {
    if (!(error instanceof TRPCClientError)) throw error;
    return JSON.stringify({ refused: error.message, data: error.data as unknown });
  }
}

const SECRET = 'a-string-secret-at-least-256-bits-long';
const RFC7515_A2_PUBLIC = { kty: RFC7515_A2_KEY.kty, n: RFC7515_A2_KEY.n, e: RFC7515_A2_KEY.e };
const calls: readonly [string, (client: Client) => Promise<unknown>][] = [
  ['unixTimestamp.now', (client) => client.unixTimestamp.now.query({ tz: 'Europe/Berlin' })],
  ['unixTimestamp.identify', (client) => client.unixTimestamp.identify.query({ value: '2024-10-27 02:30 Europe/Berlin' })],
  ['jwt.decode with check_secrets', (client) => client.jwt.decode.query({ token: JWT_IO_TOKEN, check_secrets: true })],
  ['jwt.verify with a secret', (client) => client.jwt.verify.query({ token: JWT_IO_TOKEN, secret: 'your-256-bit-secret' })],
  ['jwt.sign with a secret', (client) => client.jwt.sign.mutate({ payload: { sub: '1' }, secret: SECRET, expires_in: 'PT1H' })],
  ['jwt.inspectKey of a JWK Set (RFC 7517 A.1)', (client) => client.jwt.inspectKey.query({ key: JSON.stringify(RFC7517_A1) })],
  [
    'jwt.verify with an RSA key (RFC 7515 A.2)',
    (client) => client.jwt.verify.query({ token: RFC7515_A2_TOKEN, key: JSON.stringify(RFC7515_A2_PUBLIC) }),
  ],
  [
    'jwt.sign with an Ed25519 key (RFC 8037 A.1)',
    (client) => client.jwt.sign.mutate({ payload: { sub: '1' }, key: JSON.stringify(RFC8037_A1) }),
  ],
  ['a refused input', (client) => client.unixTimestamp.toUtc.query({ timestamp: '1e9' })],
  ['a refused key', (client) => client.jwt.inspectKey.query({ key: '{"kty":"EC","crv":"P-256","x":"AA","y":"AA"}' })],
];

describe('createLocalClient', () => {
  it('is a client of the same type as createClient', () => {
    expectTypeOf(local).toEqualTypeOf<Client>();
  });

  it.each(calls)('answers %s as the service does', async (_name, call) => {
    const remote = await answer(call, createClient(running.url, { method: 'POST' }));
    expect(await answer(call, local)).toBe(remote);
  });

  it('signs with a key pair it makes, whose public JWK verifies the token', async () => {
    const signed = await local.jwt.sign.mutate({ payload: { sub: '1' }, generate: true, alg: 'ES256' });
    const verified = await local.jwt.verify.query({ token: signed.token, key: JSON.stringify(signed.key?.public_jwk) });
    expect(verified).toMatchObject({ valid: true, algorithm: 'ES256', key_id: signed.key?.thumbprint });
  });

  it('refuses with the service’s tRPC error code, HTTP status and message', async () => {
    const error = await local.unixTimestamp.toUtc.query({ timestamp: '1e9' }).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(TRPCClientError);
    expect(error).toMatchObject({
      message: 'timestamp must be a decimal integer (an optional sign and digits)',
      data: { code: 'BAD_REQUEST', httpStatus: 400, path: 'unixTimestamp.toUtc' },
    });
  });

  it('reads the input as JSON carries it, and charges no rate limit', async () => {
    const calls = Array.from({ length: 40 }, () => local.unixTimestamp.toUtc.query({ timestamp: '1700000000', tz: undefined }));
    expect(new Set((await Promise.all(calls)).map((utc) => utc.utc.iso))).toEqual(new Set(['2023-11-14T22:13:20Z']));
  });
});
