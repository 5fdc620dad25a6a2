// Contract §4c over the wire: each JOSE form answers on REST and tRPC with every member the use case
// gave it, none dropped or reshaped by the transports' output schemas.
import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { HmacKnownSecrets } from '../../src/adapters/driven/known-secrets/hmac-known-secrets.js';
import { DecodeJwt } from '../../src/core/jwt/use-cases/decode-jwt.js';
import { FixedClock } from '../support/fakes.js';
import { JWT_IO_TOKEN, RFC7515_A3_TOKEN, RFC7516_JWE, b64url } from '../support/fixtures.js';
import { EXAMPLE_ISSUER_KEY, exampleToken } from '../support/sd-jwt-examples.js';
import { TEST_NOW_MS, testService } from '../support/service.js';

const { app } = testService({ RATE_LIMIT_POINTS: '100000' });
const decoder = new DecodeJwt(new FixedClock(TEST_NOW_MS), new HmacKnownSecrets());
const [a3Header, a3Payload, a3Signature] = RFC7515_A3_TOKEN.split('.');

const FORMS: ReadonlyArray<[form: string, token: string, member: string]> = [
  ['compact JWE (RFC 7516 A.1)', RFC7516_JWE, 'jwe'],
  [
    'flattened JWE JSON',
    JSON.stringify({ protected: RFC7516_JWE.split('.')[0], encrypted_key: '', iv: 'AAAA', ciphertext: 'KDlT', tag: 'AAAA' }),
    'jwe',
  ],
  ['flattened JWS JSON (RFC 7515 A.7)', JSON.stringify({ payload: a3Payload, protected: a3Header, signature: a3Signature }), 'signatures'],
  ['nested JWT', `${b64url('{"alg":"HS256","cty":"JWT"}')}.${b64url(JWT_IO_TOKEN)}.c2ln`, 'nested'],
  ['compact SD-JWT with key binding (RFC 9901 example "simple")', exampleToken('simple', 'sd_jwt_presentation'), 'sd_jwt'],
  ['general JSON SD-JWT (RFC 9901 example)', exampleToken('json_serialization_general', 'sd_jwt_presentation'), 'sd_jwt'],
];

const post = (path: string, body: unknown) => request(app).post(path).set('Content-Type', 'application/json').send(JSON.stringify(body));

describe('every JOSE form on REST and tRPC', () => {
  it.each(FORMS)('%s: the whole answer of the use case, with %s', async (_form, token, member) => {
    const expected = JSON.parse(JSON.stringify(decoder.execute({ token }))) as Record<string, unknown>;
    expect(expected).toHaveProperty(member);
    const rest = await post('/jwt/decode', { token });
    expect(rest.status).toBe(200);
    expect(rest.body).toEqual(expected);
    const trpc = await post('/trpc/jwt.decode', { token });
    expect(trpc.status).toBe(200);
    expect(trpc.body).toEqual({ result: { data: expected } });
  });

  it('verifies an SD-JWT presentation in JSON serialization, key binding included, on both', async () => {
    const input = { token: exampleToken('json_serialization_flattened', 'sd_jwt_presentation'), key: JSON.stringify(EXAMPLE_ISSUER_KEY) };
    const rest = await post('/jwt/verify', input);
    expect(rest.body).toMatchObject({ valid: true, reason: null, sd_jwt: { key_binding: { sd_hash_matches: true } } });
    const trpc = await post('/trpc/jwt.verify', input);
    expect(trpc.body).toEqual({ result: { data: rest.body } });
  });
});
