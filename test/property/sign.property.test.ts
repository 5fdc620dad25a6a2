// /jwt/sign over random requests (contract §4g): payloads with awkward names and values, headers, edits and
// options get 200 or 400 through the whole pipeline, never a 5xx; a 200's token decodes to the payload it
// states and verifies with the key it was made with (jose for secrets, /jwt/verify for public keys).
import fc from 'fast-check';
import { compactVerify } from 'jose';
import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { testService } from '../support/service.js';
import { RFC7515_A3_PRIVATE_KEY, RFC8037_A1 } from '../vectors/jose-keys.js';

const { app } = testService({ RATE_LIMIT_POINTS: '1000000' });
const SECRET = 'x'.repeat(64);

const json: fc.Arbitrary<unknown> = fc.letrec((tie) => ({
  value: fc.oneof(
    { depthSize: 'small' },
    fc.string({ maxLength: 6 }),
    fc.integer(),
    fc.double({ noNaN: true, noDefaultInfinity: true }),
    fc.boolean(),
    fc.constant(null),
    fc.array(tie('value'), { maxLength: 3 }),
    fc.dictionary(fc.string({ maxLength: 4 }), tie('value'), { maxKeys: 3 }),
  ),
})).value;
const names = fc.oneof(
  fc.string({ maxLength: 5 }),
  fc.constantFrom('__proto__', 'constructor', '0', '42', 'exp', 'iat', 'nbf', 'alg', 'crit', 'b64', 'cty', 'kid'),
);
const object = fc.dictionary(names, json, { maxKeys: 5 });
/** Mostly `good`, sometimes anything: enough of both that 200s and 400s each come often. */
const mostly = <T>(good: fc.Arbitrary<T>) => fc.oneof({ arbitrary: good, weight: 12 }, { arbitrary: json, weight: 1 });
const relative = mostly(
  fc.oneof(
    fc.integer({ min: -1e9, max: 1e9 }),
    fc.constant(4e9),
    fc.constantFrom('PT1H', '-PT1M', 'P1W2DT3H', 'P1Y', 'PT1.5S', ' 60 ', 'x'),
  ),
);
const keySource = fc.oneof(
  { arbitrary: fc.constant({ secret: SECRET }), weight: 4 },
  { arbitrary: fc.constant({ secret: 'short' }), weight: 1 },
  { arbitrary: fc.constant({ key: RFC7515_A3_PRIVATE_KEY }), weight: 2 },
  { arbitrary: fc.constant({ key: JSON.stringify(RFC8037_A1) }), weight: 2 },
  { arbitrary: fc.constant({ generate: true }), weight: 2 },
  { arbitrary: fc.record({ secret: json, key: json, generate: json }, { requiredKeys: [] }), weight: 1 },
);
// Options as a client sends them, mostly well formed; the last kind of body sends anything at all.
const options = {
  alg: fc.oneof({ arbitrary: fc.constant('HS256'), weight: 4 }, fc.constantFrom('ES256', 'EdDSA', 'RS256', 'none', 'PS384')),
  expires_in: relative,
  not_before_in: relative,
  issued_at: fc.boolean(),
  return_private_key: fc.constant(false),
};
const junkOptions = { alg: json, expires_in: json, not_before_in: json, issued_at: json, return_private_key: json };
const headerNames = fc.oneof({ arbitrary: fc.string({ maxLength: 5 }), weight: 6 }, { arbitrary: names, weight: 1 });
// A new token, a re-signed one, or any mix of members: the first two are mostly well formed, the last rarely.
const body = fc.oneof(
  {
    arbitrary: fc.record(
      { payload: object, header: fc.dictionary(headerNames, json, { maxKeys: 3 }), ...options },
      { requiredKeys: ['payload'] },
    ),
    weight: 3,
  },
  {
    arbitrary: fc.record(
      {
        token: fc.constantFrom('eyJhbGciOiJIUzI1NiJ9.eyJhIjoxfQ.c2ln', 'eyJhbGciOiJFUzI1NiIsImtpZCI6ImsifQ.eyJleHAiOjEsIjAiOjJ9.c2ln'),
        set: object,
        unset: fc.array(names, { maxLength: 3 }),
        ...options,
      },
      { requiredKeys: ['token'] },
    ),
    weight: 3,
  },
  {
    arbitrary: fc.record({ payload: json, header: json, token: json, set: json, unset: json, ...junkOptions }, { requiredKeys: [] }),
    weight: 1,
  },
);

describe('/jwt/sign, random requests', () => {
  it('answers 200 or 400, and a 200 carries a token of its payload that verifies', async () => {
    let signedCount = 0;
    await fc.assert(
      fc.asyncProperty(body, keySource, async (members, source) => {
        const response = await request(app)
          .post('/jwt/sign')
          .set('Content-Type', 'application/json')
          .send(JSON.stringify({ ...members, ...source }));
        expect([200, 400]).toContain(response.status);
        if (response.status === 400) {
          expect(typeof (response.body as { detail: unknown }).detail).toBe('string');
          return;
        }
        signedCount++;
        const signed = response.body as { token: string; payload: unknown; algorithm: string; key: { public_jwk: object } | null };
        const [, payload] = signed.token.split('.');
        expect(JSON.parse(Buffer.from(payload ?? '', 'base64url').toString('utf8'))).toEqual(signed.payload);
        if (signed.key === null) {
          await expect(compactVerify(signed.token, new TextEncoder().encode(SECRET))).resolves.toBeDefined();
          return;
        }
        const verified = await request(app)
          .post('/jwt/verify')
          .set('Content-Type', 'application/json')
          .send(JSON.stringify({ token: signed.token, key: JSON.stringify(signed.key.public_jwk) }));
        // Time claims may make it invalid; its signature always verifies.
        expect(['valid', 'expired', 'not_yet_valid']).toContain(
          (verified.body as { valid: boolean; reason: { code: string } | null }).valid
            ? 'valid'
            : (verified.body as { reason: { code: string } }).reason.code,
        );
      }),
      { numRuns: 400 },
    );
    // The property says something only if some requests are signed.
    expect(signedCount).toBeGreaterThan(20);
  });
});
