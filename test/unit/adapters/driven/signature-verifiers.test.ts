// jose's verification on each host: over node:crypto's KeyObjects (the server) and over the JWKs a key codec exports,
// imported by Web Crypto (the browser and the local client), the same answer for every request, through the use case:
// with node's codec, and with the portable codec that the browser reads keys with.
import { generateKeyPairSync, type KeyObject } from 'node:crypto';
import { SignJWT } from 'jose';
import { describe, expect, it } from 'vitest';
import { JoseSignatureVerifier } from '../../../../src/adapters/driven/jose-signature-verifier.js';
import { HmacKnownSecrets } from '../../../../src/adapters/driven/known-secrets/hmac-known-secrets.js';
import { NodeKeyCodec } from '../../../../src/adapters/driven/node-key-codec.js';
import { PortableKeyCodec } from '../../../../src/adapters/driven/portable/portable-key-codec.js';
import { PortableSignatureVerifier } from '../../../../src/adapters/driven/portable/portable-signature-verifier.js';
import type { KeyCodec } from '../../../../src/core/keys/ports/key-codec.js';
import type { SignatureVerifier } from '../../../../src/core/jwt/ports/signature-verifier.js';
import { DomainError } from '../../../../src/core/shared/errors.js';
import { DecodeJwt } from '../../../../src/core/jwt/use-cases/decode-jwt.js';
import { VerifyJwt, type VerifyJwtInput } from '../../../../src/core/jwt/use-cases/verify-jwt.js';
import { FixedClock } from '../../../support/fakes.js';
import { RFC7515_A3_KEY, RFC7515_A3_TOKEN, RFC7519_3_1_TOKEN } from '../../../support/fixtures.js';
import { RFC7515_A1_KEY, RFC7515_A2_KEY, RFC7515_A2_TOKEN, RFC7517_A1, RFC8037_A2, RFC8037_A4_JWS } from '../../../vectors/jose-keys.js';

// RFC 7515 A.2's and A.3's tokens expired in 2011: the clock is set before then, and once after it.
const BEFORE_2011 = Date.UTC(2011, 0, 1);
const RFC7515_A2_PUBLIC = { kty: RFC7515_A2_KEY.kty, n: RFC7515_A2_KEY.n, e: RFC7515_A2_KEY.e };
const rsa = generateKeyPairSync('rsa', { modulusLength: 2048 });
const p521 = generateKeyPairSync('ec', { namedCurve: 'P-521' });
const ed25519 = generateKeyPairSync('ed25519');
const jwkOf = (key: KeyObject) => JSON.stringify(key.export({ format: 'jwk' }));
const pemOf = (key: KeyObject) => key.export({ format: 'pem', type: 'spki' }).toString();
const ed448 = jwkOf(generateKeyPairSync('ed448').publicKey);
const signed = (alg: string, key: KeyObject, header: Record<string, unknown> = {}) =>
  new SignJWT({ sub: 'user-1', iss: 'https://issuer.example', exp: BEFORE_2011 / 1000 + 60 })
    .setProtectedHeader({ alg, ...header })
    .sign(key);
const [rs256, ps384, es512, eddsa, withKid] = await Promise.all([
  signed('RS256', rsa.privateKey),
  signed('PS384', rsa.privateKey),
  signed('ES512', p521.privateKey),
  signed('EdDSA', ed25519.privateKey),
  signed('RS256', rsa.privateKey, { kid: 'b' }),
]);
const set = (...keys: KeyObject[]) =>
  JSON.stringify({ keys: keys.map((key, i) => ({ ...key.export({ format: 'jwk' }), kid: String.fromCharCode(97 + i) })) });

const cases: readonly [string, VerifyJwtInput, number?][] = [
  ['RS256 with its JWK (RFC 7515 A.2)', { token: RFC7515_A2_TOKEN, key: JSON.stringify(RFC7515_A2_PUBLIC) }],
  ['RS256, expired (RFC 7515 A.2)', { token: RFC7515_A2_TOKEN, key: JSON.stringify(RFC7515_A2_PUBLIC) }, Date.UTC(2026, 0, 1)],
  ['ES256 with its JWK (RFC 7515 A.3)', { token: RFC7515_A3_TOKEN, key: RFC7515_A3_KEY }],
  ['RS256 with its PEM', { token: rs256, key: pemOf(rsa.publicKey) }],
  ['RS256 with another RSA key', { token: rs256, key: JSON.stringify(RFC7515_A2_PUBLIC) }],
  ['PS384 with its JWK', { token: ps384, key: jwkOf(rsa.publicKey) }],
  ['ES512 with its PEM', { token: es512, key: pemOf(p521.publicKey) }],
  ['ES512 with an RSA key', { token: es512, key: jwkOf(rsa.publicKey) }],
  ['RS256 with an EC key', { token: rs256, key: pemOf(p521.publicKey) }],
  ['EdDSA with its JWK', { token: eddsa, key: jwkOf(ed25519.publicKey) }],
  ['EdDSA with an Ed448 key', { token: eddsa, key: ed448 }],
  [
    'RS256, no kid, with a JWK Set of two RSA keys',
    { token: rs256, key: set(generateKeyPairSync('rsa', { modulusLength: 2048 }).publicKey, rsa.publicKey) },
  ],
  ['RS256 with a JWK Set picking by kid', { token: withKid, key: set(p521.publicKey, rsa.publicKey) }],
  ['RS256 with a JWK Set lacking its key', { token: withKid, key: JSON.stringify(RFC7517_A1) }],
  ['RS256 with a wrong issuer and audience', { token: rs256, key: jwkOf(rsa.publicKey), issuer: 'https://other.example', audience: 'api' }],
  ['RS256 allowed ES256 alone', { token: rs256, key: jwkOf(rsa.publicKey), algorithms: 'ES256' }],
  ['HS256 with its oct JWK (RFC 7515 A.1)', { token: RFC7519_3_1_TOKEN, key: JSON.stringify(RFC7515_A1_KEY) }],
  ['HS256 with another secret', { token: RFC7519_3_1_TOKEN, secret: 'not-this-one' }],
];

/** The use case over one verifier, each reading keys with the codec its verifier holds. */
const verifyWith = (verifier: SignatureVerifier, codec: KeyCodec) => {
  return async (input: VerifyJwtInput, at: number) => {
    const clock = new FixedClock(at);
    try {
      return JSON.stringify(
        await new VerifyJwt(clock, verifier, codec, new DecodeJwt(clock, new HmacKnownSecrets())).execute(input, { carrier: 'private' }),
      );
    } catch (error) {
      if (error instanceof DomainError) return JSON.stringify({ code: error.code, message: error.message });
      throw error;
    }
  };
};

describe('PortableSignatureVerifier against JoseSignatureVerifier', () => {
  const codec = new NodeKeyCodec();
  const server = verifyWith(new JoseSignatureVerifier(), codec);
  const portable = verifyWith(new PortableSignatureVerifier(codec), codec);
  const portableCodec = new PortableKeyCodec();
  const browser = verifyWith(new PortableSignatureVerifier(portableCodec), portableCodec);

  it.each(cases)('answers the same: %s', async (_name, input, at = BEFORE_2011) => {
    const answer = await server(input, at);
    expect(await portable(input, at)).toBe(answer);
    expect(await browser(input, at)).toBe(answer);
  });

  it('says the same of one signature and a JWK whose alg, use or key_ops are another’s', async () => {
    const jwk = { ...RFC8037_A2, alg: 'ES256', use: 'enc', key_ops: ['encrypt'] };
    const verifiers = [
      new JoseSignatureVerifier(),
      new PortableSignatureVerifier(codec),
      new PortableSignatureVerifier(new PortableKeyCodec()),
    ];
    const answers = await Promise.all(
      verifiers.flatMap((verifier) => [
        verifier.signatureVerifies(RFC8037_A4_JWS, jwk, 'EdDSA'),
        verifier.signatureVerifies(RFC8037_A4_JWS, jwk, 'ES256'),
        verifier.signatureVerifies(RFC8037_A4_JWS, { kty: 'OKP', crv: 'Ed25519', x: 'AA' }, 'EdDSA'),
      ]),
    );
    expect(answers).toEqual([true, false, false, true, false, false, true, false, false]);
  });
});
