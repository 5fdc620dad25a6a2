// Decode's `profile` and /jwt/validate agree: for random headers and claims built from the members the
// detection table and the structural rules read, decode names the profile validate detects, and its checks
// are validate's structural checks, in order.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { HmacKnownSecrets } from '../../src/adapters/driven/known-secrets/hmac-known-secrets.js';
import { JoseSignatureVerifier } from '../../src/adapters/driven/jose-signature-verifier.js';
import { NodeKeyCodec } from '../../src/adapters/driven/node-key-codec.js';
import { STRUCTURAL_RULES } from '../../src/core/jwt/profiles/structural-rules.js';
import { DecodeJwt } from '../../src/core/jwt/use-cases/decode-jwt.js';
import { ValidateJwt } from '../../src/core/jwt/use-cases/validate-jwt.js';
import { VerifyJwt } from '../../src/core/jwt/use-cases/verify-jwt.js';
import { FixedClock } from '../support/fakes.js';
import { tokenOf } from '../support/fixtures.js';

const clock = new FixedClock(1_800_000_000_000);
const decoder = new DecodeJwt(clock, new HmacKnownSecrets());
const jose = new JoseSignatureVerifier();
const keyCodec = new NodeKeyCodec();
const validator = new ValidateJwt(clock, jose, keyCodec, new VerifyJwt(clock, jose, keyCodec, decoder));
const structural = new Set<string>(STRUCTURAL_RULES.map((rule) => rule.id));

const value = fc.oneof(
  fc.string({ maxLength: 4 }),
  fc.integer(),
  fc.constant(null),
  fc.array(fc.string({ maxLength: 3 }), { maxLength: 2 }),
  fc.constant({}),
);
const header = fc.record(
  {
    typ: fc.oneof(fc.constantFrom('JWT', 'at+jwt', 'application/DPoP+jwt', 'logout+jwt', 'secevent+jwt', 'x'), value),
    alg: fc.oneof(fc.constantFrom('RS256', 'ES256', 'none', 'HS256'), value),
    jwk: fc.oneof(fc.constant({ kty: 'EC', crv: 'P-256', x: 'a', y: 'b' }), fc.constant({ kty: 'oct', k: 'a' }), value),
  },
  { requiredKeys: [] },
);
const claimNames = ['iss', 'sub', 'aud', 'exp', 'iat', 'jti', 'client_id', 'htm', 'htu', 'nonce', 'at_hash', 'sid'] as const;
const claims = fc
  .tuple(
    fc.record(Object.fromEntries(claimNames.map((name) => [name, value])), { requiredKeys: [] }),
    fc.option(fc.oneof(fc.constant({ 'http://schemas.openid.net/event/backchannel-logout': {} }), fc.constant({ a: {} }), value), {
      nil: undefined,
    }),
    fc.boolean(),
  )
  .map(([members, events, sameIss]) => ({
    ...members,
    ...(events === undefined ? {} : { events }),
    ...(sameIss ? { iss: 'client', sub: 'client' } : {}),
  }));

describe('decode profile and validate', () => {
  it('name the same profile, and decode shows exactly validate’s structural checks', async () => {
    await fc.assert(
      fc.asyncProperty(header, claims, async (h, c) => {
        const token = tokenOf(JSON.stringify(h), JSON.stringify(c));
        const decoded = decoder.execute({ token });
        const validated = await validator.execute({ token }).catch(() => null);
        if (decoded.profile === null) {
          expect(validated).toBeNull();
          return;
        }
        expect(validated).not.toBeNull();
        expect(decoded.profile.name).toBe(validated?.profile);
        expect(decoded.profile.detected_by).toBe(validated?.detected_by);
        expect(decoded.profile.checks).toEqual(validated?.checks.filter((check) => structural.has(check.rule)));
        expect(decoded.profile.checks.every((check) => check.passed !== null)).toBe(true);
      }),
      { numRuns: 300 },
    );
  });
});
