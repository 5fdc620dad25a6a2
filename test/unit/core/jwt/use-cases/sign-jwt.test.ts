// /jwt/sign's use case (contract §4g) over the real Web Crypto signer: the contract's jwt.io example, RFC 7515
// A.1 and A.2 re-signed byte for byte, every algorithm round-tripped through /jwt/verify and jose, and the
// refusals, times, edits and serialization rules of the contract.
import { generateKeyPairSync } from 'node:crypto';
import { calculateJwkThumbprint, compactVerify, importJWK } from 'jose';
import { describe, expect, it } from 'vitest';
import { HmacKnownSecrets } from '../../../../../src/adapters/driven/known-secrets/hmac-known-secrets.js';
import { JoseSignatureVerifier } from '../../../../../src/adapters/driven/jose-signature-verifier.js';
import { NodeKeyCodec } from '../../../../../src/adapters/driven/node-key-codec.js';
import { PortableKeyCodec } from '../../../../../src/adapters/driven/portable/portable-key-codec.js';
import { PortableTokenSigner } from '../../../../../src/adapters/driven/portable/portable-token-signer.js';
import { WebCryptoTokenSigner } from '../../../../../src/adapters/driven/web-crypto-token-signer.js';
import { relativeSeconds } from '../../../../../src/core/jwt/signing/durations.js';
import { readSigningKey } from '../../../../../src/core/jwt/signing/signing-key.js';
import { SIGNING_ALGORITHMS } from '../../../../../src/core/shared/algorithms.js';
import { DecodeJwt } from '../../../../../src/core/jwt/use-cases/decode-jwt.js';
import { SignJwt, type SignJwtInput } from '../../../../../src/core/jwt/use-cases/sign-jwt.js';
import { VerifyJwt } from '../../../../../src/core/jwt/use-cases/verify-jwt.js';
import type { TokenSigner } from '../../../../../src/core/jwt/ports/token-signer.js';
import type { KeyCodec } from '../../../../../src/core/keys/ports/key-codec.js';
import type { JsonObject } from '../../../../../src/core/shared/json.js';
import { expectDomainError, expectDomainErrorAsync } from '../../../../support/domain-error.js';
import { FixedClock } from '../../../../support/fakes.js';
import { RFC7516_JWE, RFC7519_3_1_TOKEN } from '../../../../support/fixtures.js';
import { RFC7515_A1_KEY, RFC7515_A2_KEY, RFC7515_A2_TOKEN, RFC7515_A3_PRIVATE_KEY, RFC8037_A1 } from '../../../../vectors/jose-keys.js';

const NOW = 1_800_000_000;
const clock = new FixedClock(NOW * 1000);
const decoder = new DecodeJwt(clock, new HmacKnownSecrets());
const keyCodec = new NodeKeyCodec();
const signer = new SignJwt(clock, new WebCryptoTokenSigner(), keyCodec, decoder);
const verifier = new VerifyJwt(clock, new JoseSignatureVerifier(), keyCodec, decoder);
const sign = (input: SignJwtInput) => signer.execute(input);
const SECRET = 'a-string-secret-at-least-256-bits-long';
const segmentOf = (token: string, index: number) =>
  JSON.parse(Buffer.from(token.split('.')[index] ?? '', 'base64url').toString('utf8')) as unknown;

describe('a new token', () => {
  it("answers the contract's jwt.io example exactly, with no key and decode's findings", async () => {
    const body = await sign({ payload: { sub: '1234567890', name: 'John Doe', admin: true, iat: 1516239022 }, secret: SECRET });
    expect(body.token).toBe(
      'eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJzdWIiOiIxMjM0NTY3ODkwIiwibmFtZSI6IkpvaG4gRG9lIiwiYWRtaW4iOnRydWUsImlhdCI6MTUxNjIzOTAyMn0.KMUFsIDTnFmyG3nMiGM6H9FNFUROf3wh7SmqJp-QV30',
    );
    expect(body).toMatchObject({ algorithm: 'HS256', key: null, notes: [], source: 'sign', header: { alg: 'HS256', typ: 'JWT' } });
    expect(body).not.toHaveProperty('changes');
    expect(body.decoded.findings.map((finding) => finding.code)).toContain('no_expiry');
    expect(body.decoded.input).toBe(body.token);
    expect(JSON.stringify(body)).not.toContain(SECRET);
  });

  it.each(SIGNING_ALGORITHMS)('signs %s (a secret, or a generated key pair) so that /jwt/verify and jose verify it', async (alg) => {
    const hmac = alg.startsWith('HS');
    const body = await sign({ payload: { sub: 'alice' }, alg, ...(hmac ? { secret: 'x'.repeat(64) } : { generate: true }) });
    expect(body.algorithm).toBe(alg);
    if (hmac) {
      // /jwt/verify takes public keys only: jose checks an HMAC token with the secret.
      await expect(compactVerify(body.token, new TextEncoder().encode('x'.repeat(64)), { algorithms: [alg] })).resolves.toBeDefined();
      return;
    }
    const publicJwk = body.key?.public_jwk ?? {};
    expect(Object.keys(publicJwk).slice(-3)).toEqual(['alg', 'use', 'kid']);
    expect(body.key?.thumbprint).toBe(await calculateJwkThumbprint(publicJwk as never));
    expect(body.header).toEqual({ alg, typ: 'JWT', kid: body.key?.thumbprint });
    expect(await verifier.execute({ token: body.token, key: JSON.stringify(publicJwk) })).toMatchObject({ valid: true, algorithm: alg });
    await expect(compactVerify(body.token, await importJWK(publicJwk as never, alg))).resolves.toBeDefined();
    expect(body).not.toHaveProperty('private_jwk');
  });

  it('returns a generated private key only when asked, and it signs what the public key verifies', async () => {
    const body = await sign({ payload: {}, alg: 'ES256', generate: true, return_private_key: true });
    expect(Object.keys(body.private_jwk ?? {})).toEqual(['kty', 'crv', 'x', 'y', 'alg', 'use', 'kid', 'd']);
    const again = await sign({ payload: { n: 1 }, key: body.private_jwk });
    expect(await verifier.execute({ token: again.token, key: JSON.stringify(body.key?.public_jwk) })).toMatchObject({ valid: true });
  });

  it('puts added header members first (alg, typ, kid), keeps given ones in place, and takes kid from a JWK', async () => {
    const key = { ...RFC7515_A3_PRIVATE_KEY, kid: 'k-1' };
    const body = await sign({ header: { x: 1, alg: 'ES256' }, payload: { a: 1 }, key });
    expect(Object.keys(body.header)).toEqual(['typ', 'kid', 'x', 'alg']);
    expect(body.key?.public_jwk).toEqual({ kty: 'EC', crv: 'P-256', x: key.x, y: key.y, alg: 'ES256', use: 'sig', kid: 'k-1' });
    const kept = await sign({ header: { kid: 'mine', typ: 'at+jwt' }, payload: {}, key: JSON.stringify(key) });
    expect(kept.header).toEqual({ alg: 'ES256', kid: 'mine', typ: 'at+jwt' });
  });

  it('writes JSON as JSON.stringify does: array-index names first, numbers as ECMAScript writes them', async () => {
    const body = await sign({
      payload: JSON.parse('{"b":1.0,"10":"x","a":1E30,"2":2e-3,"s":"é\\u0001\\""}') as JsonObject,
      secret: SECRET,
    });
    expect(Buffer.from(body.token.split('.')[1] ?? '', 'base64url').toString('utf8')).toBe(
      '{"2":0.002,"10":"x","b":1,"a":1e+30,"s":"é\\u0001\\""}',
    );
  });

  it('signs with PEM keys: PKCS #8 Ed25519, PKCS #1 RSA and SEC 1 EC', async () => {
    const ed = generateKeyPairSync('ed25519').privateKey.export({ format: 'pem', type: 'pkcs8' }).toString();
    const rsa = generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey.export({ format: 'pem', type: 'pkcs1' }).toString();
    const ec = generateKeyPairSync('ec', { namedCurve: 'P-384' }).privateKey.export({ format: 'pem', type: 'sec1' }).toString();
    expect((await sign({ payload: {}, key: `\n${ed}\n` })).algorithm).toBe('EdDSA');
    expect((await sign({ payload: {}, key: rsa, alg: 'PS512' })).algorithm).toBe('PS512');
    const body = await sign({ payload: {}, key: ec });
    expect([body.algorithm, body.header.kid]).toEqual(['ES384', undefined]);
  });
});

describe('re-signing', () => {
  it('gives back RFC 7515 A.1 and A.2 with their keys: nothing changed, every segment kept byte for byte', async () => {
    expect((await sign({ token: RFC7519_3_1_TOKEN, key: RFC7515_A1_KEY })).token).toBe(RFC7519_3_1_TOKEN);
    const body = await sign({ token: RFC7515_A2_TOKEN, key: RFC7515_A2_KEY });
    expect(body.token).toBe(RFC7515_A2_TOKEN);
    expect([body.changes, body.notes]).toEqual([[], []]);
  });

  it('re-signs a token whose header begins with a byte order mark, reading it as decode does', async () => {
    // RFC 7515 A.1's header and payload, the header's UTF-8 after a U+FEFF: decode reads it, so re-signing must too.
    const [header = '', payload = ''] = RFC7519_3_1_TOKEN.split('.');
    const withMark = new Uint8Array([0xef, 0xbb, 0xbf, ...Uint8Array.fromBase64(header, { alphabet: 'base64url' })]);
    const token = `${withMark.toBase64({ alphabet: 'base64url', omitPadding: true })}.${payload}.c2ln`;
    const body = await sign({ token, key: RFC7515_A1_KEY, set: { sub: 'x' } });
    expect([body.header, body.payload.sub]).toEqual([{ typ: 'JWT', alg: 'HS256' }, 'x']);
    // The header nothing changed is kept byte for byte, its mark included.
    expect(body.token.split('.')[0]).toBe(token.split('.')[0]);
  });

  it('keeps a segment that nothing changed without its trailing = padding, and the token verifies with jose', async () => {
    const padded = (token: string): string =>
      token
        .split('.')
        .map((part, at) => (at < 2 ? part.padEnd(Math.ceil(part.length / 4) * 4, '=') : part))
        .join('.');
    // RFC 7515 A.1's payload segment is two characters short of a multiple of four: padded, it ends in ==.
    const a1 = padded(RFC7519_3_1_TOKEN);
    expect(a1.split('.')[1]).toMatch(/==$/);
    const resigned = await sign({ token: a1, key: RFC7515_A1_KEY });
    expect([resigned.token, resigned.changes]).toEqual([RFC7519_3_1_TOKEN, []]);
    // A header segment that pads too: a kid of one character makes it 46 characters, 2 short of 48.
    const made = (await sign({ payload: { sub: '1' }, header: { kid: 'k' }, secret: SECRET })).token;
    const both = padded(made);
    expect(
      both
        .split('.')
        .slice(0, 2)
        .every((part) => part.endsWith('=')),
    ).toBe(true);
    const again = await sign({ token: both, secret: SECRET });
    expect(again.token).toBe(made);
    expect(again.token).not.toContain('=');
    await expect(compactVerify(again.token, new TextEncoder().encode(SECRET))).resolves.toBeDefined();
    await expect(compactVerify(resigned.token, await importJWK(RFC7515_A1_KEY, 'HS256'))).resolves.toBeDefined();
  });

  it('applies set, then unset, then the times, and lists each change in that order', async () => {
    const token = (await sign({ payload: { sub: 'a', role: 'user', exp: 1, tmp: true }, secret: SECRET })).token;
    const body = await sign({
      token,
      set: { role: 'admin', team: null },
      unset: ['tmp', 'absent'],
      expires_in: 'PT1H',
      issued_at: true,
      secret: SECRET,
    });
    expect(body.payload).toEqual({ sub: 'a', role: 'admin', exp: NOW + 3600, team: null, iat: NOW });
    expect(Object.keys(body.payload)).toEqual(['sub', 'role', 'exp', 'team', 'iat']);
    expect(body.changes).toEqual([
      { op: 'replace', name: 'role', from: 'user', to: 'admin' },
      { op: 'add', name: 'team', from: null, to: null },
      { op: 'remove', name: 'tmp', from: true, to: null },
      { op: 'add', name: 'iat', from: null, to: NOW },
      { op: 'replace', name: 'exp', from: 1, to: NOW + 3600 },
    ]);
    expect(body.notes).toEqual([`exp was 1; expires_in replaced it with ${NOW + 3600}.`]);
    expect(body.token.split('.')[0]).toBe(token.split('.')[0]);
  });

  it('changes the algorithm when the key cannot make the old one, and says so', async () => {
    const body = await sign({ token: RFC7519_3_1_TOKEN, key: RFC8037_A1 });
    expect(body.algorithm).toBe('EdDSA');
    expect(body.notes).toEqual(['The algorithm changed from HS256 to EdDSA.']);
    expect(body.token.split('.')[1]).toBe(RFC7519_3_1_TOKEN.split('.')[1]);
    expect(segmentOf(body.token, 0)).toEqual({ typ: 'JWT', alg: 'EdDSA' });
  });

  it.each([
    ['a JWE', 'eyJhbGciOiJSU0EtT0FFUCIsImVuYyI6IkEyNTZHQ00ifQ.a.b.c.d'],
    ['a JSON serialization', '{"payload":"e30","signatures":[]}'],
    [
      'a nested token',
      `${Buffer.from('{"alg":"HS256","cty":"JWT"}').toString('base64url')}.${Buffer.from(RFC7519_3_1_TOKEN).toString('base64url')}.c2ln`,
    ],
  ])('refuses %s, naming token', async (_what, token) => {
    await expect(sign({ token, secret: SECRET })).rejects.toThrow(/token/);
  });
});

// The types of the members are the contract schema's to check, on every transport (test/http/input-errors.test.ts):
// what is refused here is what goes together, and each value.
describe('refusals, each naming the member', () => {
  it.each<[SignJwtInput, string | RegExp]>([
    [{ secret: SECRET }, 'payload or token: give one, a new token or one to re-sign'],
    [{ payload: {}, token: 'x', secret: SECRET }, 'payload and token: give one, not both'],
    [{ payload: {} }, 'secret, key or generate: give one key source'],
    [{ payload: {}, generate: false }, 'secret, key or generate: give one key source'],
    [{ payload: {}, secret: SECRET, generate: true }, 'secret and generate: give only one key source'],
    [{ token: RFC7519_3_1_TOKEN, header: {}, secret: SECRET }, 'header does not apply to re-signing a token: its own header is used'],
    [{ payload: {}, set: {}, secret: SECRET }, 'set apply only to re-signing a token, not to payload'],
    [
      { payload: {}, secret: SECRET, return_private_key: true },
      'return_private_key needs generate: true; a key you send is never sent back',
    ],
    [{ payload: {}, secret: SECRET, alg: 'NoNe' }, 'alg: alg is none, and a none token carries no signature (RFC 8725 §3.1)'],
    [
      { payload: {}, secret: SECRET, alg: 'hs256' },
      'alg: "hs256" is not one of HS256, HS384, HS512, RS256, RS384, RS512, PS256, PS384, PS512, ES256, ES384, ES512, EdDSA, Ed25519',
    ],
    [{ payload: {}, secret: SECRET, alg: 'HS256', header: { alg: 'HS384' } }, 'alg: the alg member (HS256) and header.alg (HS384) differ'],
    [{ payload: {}, header: { alg: 1 }, secret: SECRET }, 'header: header.alg must be a string'],
    [{ payload: {}, secret: SECRET, alg: 'RS256' }, 'alg: RS256 cannot be made with a secret, which makes HS256, HS384, HS512'],
    [{ payload: {}, secret: SECRET, alg: 'HS384' }, 'secret: HS384 needs a secret of at least 48 bytes (RFC 7518 §3.2); this one has 38'],
    [{ payload: {}, generate: true }, /^alg: generate needs an asymmetric alg/],
    [{ payload: {}, secret: SECRET, header: { crit: ['x'] } }, /^header: crit is not supported/],
    [{ payload: {}, secret: SECRET, header: { cty: 'jwt' } }, 'header: cty JWT is not supported; nested tokens are not made'],
    [{ payload: { a: 'x'.repeat(6200) }, secret: SECRET }, /^payload: the token would be \d+ characters, over the 8192/],
    [{ token: RFC7519_3_1_TOKEN, set: { a: 1 }, unset: ['a'], secret: SECRET }, 'a: named in both set and unset'],
    [
      { token: RFC7519_3_1_TOKEN, set: { exp: 1 }, expires_in: 60, secret: SECRET },
      'exp: set by expires_in, so it cannot also be named in set or unset',
    ],
    [{ payload: {}, secret: SECRET, key: {} }, 'secret and key: give only one key source'],
    [{ payload: {}, secret: SECRET, header: { b64: false } }, /^header: b64 is not supported/],
    [{ payload: {}, secret: SECRET, unset: ['a'] }, 'unset apply only to re-signing a token, not to payload'],
    [
      { token: RFC7519_3_1_TOKEN, unset: ['nbf'], not_before_in: 5, secret: SECRET },
      'nbf: set by not_before_in, so it cannot also be named in set or unset',
    ],
    [
      { token: RFC7519_3_1_TOKEN, set: { iat: 1 }, issued_at: true, secret: SECRET },
      'iat: set by issued_at, so it cannot also be named in set or unset',
    ],
    [{ token: RFC7519_3_1_TOKEN, generate: true }, /^alg: generate needs an asymmetric alg, from alg or the header: RS256, /],
    [
      { payload: {}, key: { ...RFC7515_A1_KEY, k: 'c2hvcnQ' } },
      'key: HS256 needs a secret of at least 32 bytes (RFC 7518 §3.2); this one has 5',
    ],
    [{ payload: {}, set: {}, unset: [], secret: SECRET }, 'set and unset apply only to re-signing a token, not to payload'],
    [
      { payload: {}, key: RFC7515_A2_KEY, alg: 'ES256' },
      'alg: ES256 cannot be made with an RSA key of 2048 bits, which makes RS256, RS384, RS512, PS256, PS384, PS512',
    ],
    [
      { payload: {}, key: { ...RFC7515_A2_KEY, alg: 'PS256' }, alg: 'RS256' },
      'alg: RS256 cannot be made with an RSA key of 2048 bits, which makes PS256',
    ],
    [
      { payload: {}, key: { ...RFC7515_A1_KEY, alg: 'HS512' }, alg: 'HS256' },
      'alg: HS256 cannot be made with an oct JWK, which makes HS512',
    ],
    [{ payload: {}, key: RFC8037_A1, alg: 'ES256' }, 'alg: ES256 cannot be made with an Ed25519 key, which makes EdDSA, Ed25519'],
  ])('refuses %j', async (input, message) => {
    await expectDomainErrorAsync(sign(input), 'SIGN_OPTION_INVALID', message);
  });

  it.each([
    [
      { kty: 'EC', crv: 'P-256', x: RFC7515_A3_PRIVATE_KEY.x, y: RFC7515_A3_PRIVATE_KEY.y },
      'key: this is a public key; signing needs a private key',
    ],
    [{ ...RFC7515_A3_PRIVATE_KEY, use: 'enc' }, 'key: its use is "enc", not "sig"'],
    [{ ...RFC7515_A3_PRIVATE_KEY, key_ops: ['verify'] }, 'key: its key_ops do not include "sign"'],
    [{ ...RFC7515_A3_PRIVATE_KEY, alg: 'ES384' }, 'key: its alg ES384 is not one an EC P-256 key makes (ES256)'],
    [
      { ...RFC7515_A2_KEY, alg: 'ES256' },
      'key: its alg ES256 is not one an RSA key of 2048 bits makes (RS256, RS384, RS512, PS256, PS384, PS512)',
    ],
    ['x'.repeat(8192), 'key: a PEM must be one PRIVATE KEY, RSA PRIVATE KEY or EC PRIVATE KEY block'],
    [
      '-----BEGIN PUBLIC KEY-----\nMCowBQYDK2VwAyEAGb9ECWmEzf6FQbrBZ9w7lshQhqowtrbLDFw4rXAxZuE=\n-----END PUBLIC KEY-----',
      /^key: this is a public key or a certificate/,
    ],
    [
      '-----BEGIN ENCRYPTED PRIVATE KEY-----\nMIIB\n-----END ENCRYPTED PRIVATE KEY-----',
      'key: this PEM is encrypted; send the private key unencrypted',
    ],
    [
      generateKeyPairSync('rsa', { modulusLength: 1024 }).privateKey.export({ format: 'pem', type: 'pkcs8' }).toString(),
      /^key: an RSA key of 1024 bits; signing needs 2048/,
    ],
    [generateKeyPairSync('ed448').privateKey.export({ format: 'pem', type: 'pkcs8' }).toString(), /^key: a ed448 key cannot sign here/],
    [
      generateKeyPairSync('ec', { namedCurve: 'secp256k1' }).privateKey.export({ format: 'pem', type: 'pkcs8' }).toString(),
      /^key: an EC key on secp256k1 cannot sign here/,
    ],
    ['x'.repeat(8193), 'key: longer than 8192 characters'],
    ['{not json', 'key: a string that starts with { must be a JWK as JSON'],
    ['-----BEGIN CERTIFICATE-----\nMIIB\n-----END CERTIFICATE-----', /^key: this is a public key or a certificate/],
    ['-----BEGIN PRIVATE KEY-----\nMIIB\n-----END PRIVATE KEY-----', 'key: the PEM does not hold a private key that can be read'],
    ['-----BEGIN PRIVATE KEY-----\nMIIB', 'key: a PEM must be one PRIVATE KEY, RSA PRIVATE KEY or EC PRIVATE KEY block'],
    ['secret-looking text', 'key: a PEM must be one PRIVATE KEY, RSA PRIVATE KEY or EC PRIVATE KEY block'],
    [
      { kty: 'RSA', n: RFC7515_A2_KEY.n, e: RFC7515_A2_KEY.e, d: RFC7515_A2_KEY.d },
      "key: the JWK's private members do not make a private RSA key",
    ],
  ])('refuses the key %#', async (key, message) => {
    await expectDomainErrorAsync(sign({ payload: {}, key }), 'SIGN_KEY_INVALID', message);
  });

  // A private key that is no key: an ECPrivateKey (RFC 5915 §3) on P-256 whose d is 0, so that its public key d·G is
  // SEC 1 §2.3.3's point at infinity, which no JWK writes; as SEC 1, as PKCS #8 (RFC 5958 §2), and as a JWK.
  const D_ZERO_SEC1 =
    '-----BEGIN EC PRIVATE KEY-----\nMDECAQEEIAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAoAoGCCqGSM49AwEH\n-----END EC PRIVATE KEY-----';
  const D_ZERO_PKCS8 =
    '-----BEGIN PRIVATE KEY-----\nMEECAQAwEwYHKoZIzj0CAQYIKoZIzj0DAQcEJzAlAgEBBCAAAAAAAAAAAAAAAAAA\nAAAAAAAAAAAAAAAAAAAAAAAAAA==\n-----END PRIVATE KEY-----';
  /** A signer that is never to be reached: a key that is no key is refused as it is read. */
  const unreached: TokenSigner = {
    sign: () => Promise.reject(new Error('signed with a key that is no key')),
    generate: () => Promise.reject(new Error('no key pair is asked for')),
  };
  it.each<[string, KeyCodec]>([
    ['NodeKeyCodec', new NodeKeyCodec()],
    ['PortableKeyCodec', new PortableKeyCodec()],
  ])('refuses an EC private key whose d is 0 as it reads it, over %s, before anything signs', async (_name, codec) => {
    const reader = new SignJwt(clock, unreached, codec, decoder);
    for (const key of [D_ZERO_SEC1, D_ZERO_PKCS8]) {
      await expectDomainErrorAsync(
        reader.execute({ payload: {}, key }),
        'SIGN_KEY_INVALID',
        'key: the PEM does not hold a private key that can be read',
      );
    }
    await expectDomainErrorAsync(
      reader.execute({ payload: {}, key: { ...RFC7515_A3_PRIVATE_KEY, d: 'A'.repeat(43) } }),
      'SIGN_KEY_INVALID',
      "key: the JWK's private members do not make a private EC key",
    );
  });

  // SEC 2 v2.0 §2.4.2: P-256's order n and base point G (uncompressed). An ECPrivateKey (RFC 5915 §3) on P-256 with
  // this d and G as its public key: both codecs read it as it is, so only the range check [1, n − 1] can refuse it.
  const P256_N = 0xffffffff00000000ffffffffffffffffbce6faada7179e84f3b9cac2fc632551n;
  const P256_G =
    '046b17d1f2e12c4247f8bce6e563a440f277037d812deb33a0f4a13945d898c2964fe342e2fe1a7f9b8ee7eb4a7c0f9e162bce33576b315ececbb6406837bf51f5';
  const sec1WithPublicG = (d: bigint) => {
    const der = Uint8Array.fromHex(`30770201010420${d.toString(16).padStart(64, '0')}a00a06082a8648ce3d030107a144034200${P256_G}`);
    return `-----BEGIN EC PRIVATE KEY-----\n${der.toBase64()}\n-----END EC PRIVATE KEY-----`;
  };
  const portableCodec = new PortableKeyCodec();
  it.each<[string, KeyCodec, TokenSigner]>([
    ['NodeKeyCodec', new NodeKeyCodec(), new WebCryptoTokenSigner()],
    ['PortableKeyCodec', portableCodec, new PortableTokenSigner(portableCodec)],
  ])('refuses an EC private key whose d is n or n + 1, over %s, and signs with d = 1', async (_name, codec, tokenSigner) => {
    const reader = new SignJwt(clock, tokenSigner, codec, decoder);
    for (const d of [P256_N, P256_N + 1n]) {
      await expectDomainErrorAsync(
        reader.execute({ payload: {}, key: sec1WithPublicG(d) }),
        'SIGN_KEY_INVALID',
        'key: the PEM does not hold a private key that can be read',
      );
    }
    const body = await reader.execute({ payload: { a: 1 }, key: sec1WithPublicG(1n) });
    const g = Uint8Array.fromHex(P256_G);
    expect(body.key?.public_jwk).toEqual({
      kty: 'EC',
      crv: 'P-256',
      x: g.subarray(1, 33).toBase64({ alphabet: 'base64url', omitPadding: true }),
      y: g.subarray(33).toBase64({ alphabet: 'base64url', omitPadding: true }),
      alg: 'ES256',
      use: 'sig',
    });
    await expect(compactVerify(body.token, await importJWK(body.key?.public_jwk as never, 'ES256'))).resolves.toBeDefined();
  });

  it('refuses an EC private key on a curve with no name, naming it so', async () => {
    // P-256 with explicit parameters (SEC 1 §C.2) whose base point G is replaced by the key's own point: same field,
    // equation and order, but a generator no named curve has, so OpenSSL names no curve for it.
    const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256', paramEncoding: 'explicit' });
    const der = new Uint8Array(privateKey.export({ type: 'sec1', format: 'der' }));
    const own = new Uint8Array(publicKey.export({ type: 'spki', format: 'der' })).subarray(-65);
    const at = der.toHex().indexOf(P256_G) / 2;
    expect(at).toBeGreaterThan(0);
    der.set(own, at);
    await expectDomainErrorAsync(
      sign({ payload: {}, key: `-----BEGIN EC PRIVATE KEY-----\n${der.toBase64()}\n-----END EC PRIVATE KEY-----` }),
      'SIGN_KEY_INVALID',
      'key: an EC key on an unnamed curve cannot sign here; keys are RSA, EC on P-256, P-384 or P-521, and Ed25519',
    );
  });

  it('reads RSA keys up to 8192 bits and refuses larger ones, by the size the key codec gives', () => {
    // Making an 8192-bit key takes seconds of CPU: the codec reports RFC 7515 A.2's key at the sizes to try.
    const sized = (bits: number): KeyCodec => {
      const codec = new NodeKeyCodec();
      return Object.assign(Object.create(codec) as KeyCodec, { facts: (key: never) => ({ ...codec.facts(key), bits }) });
    };
    expect(readSigningKey(sized(8192), undefined, RFC7515_A2_KEY)).toMatchObject({
      member: 'key',
      words: 'an RSA key of 8192 bits',
      algorithms: ['RS256', 'RS384', 'RS512', 'PS256', 'PS384', 'PS512'],
      defaultAlgorithm: 'RS256',
      id: null,
    });
    expectDomainError(
      () => readSigningKey(sized(8193), undefined, RFC7515_A2_KEY),
      'SIGN_KEY_INVALID',
      'key: an RSA key of 8193 bits; signing needs 2048 to 8192 bits (RFC 7518 §3.3)',
    );
    expectDomainError(
      () => readSigningKey(sized(2047), undefined, RFC7515_A2_KEY),
      'SIGN_KEY_INVALID',
      'key: an RSA key of 2047 bits; signing needs 2048 to 8192 bits (RFC 7518 §3.3)',
    );
  });

  it('refuses a secret over 8192 characters, and a JWK the key reader refuses, in its words', async () => {
    await expectDomainErrorAsync(
      sign({ payload: {}, secret: 'x'.repeat(8193) }),
      'SIGN_KEY_INVALID',
      'secret: longer than 8192 characters',
    );
    await expectDomainErrorAsync(sign({ payload: {}, key: {} }), 'KEY_INVALID', 'key: the JWK has no kty');
  });

  it('never quotes the secret or the key in a refusal', async () => {
    const secret = 'short-secret-XYZ';
    const refusal = await sign({ payload: {}, secret, alg: 'HS512' }).catch((error: unknown) => (error as Error).message);
    expect(refusal).toMatch(/^secret: HS512 needs/);
    expect(refusal).not.toContain(secret);
    const pem = generateKeyPairSync('rsa', { modulusLength: 1024 }).privateKey.export({ format: 'pem', type: 'pkcs8' }).toString();
    const keyRefusal = await sign({ payload: {}, key: pem }).catch((error: unknown) => (error as Error).message);
    expect(keyRefusal).toMatch(/^key: an RSA key of 1024 bits/);
    expect(keyRefusal).not.toContain(pem.split('\n')[1]);
  });
});

describe('what a key says of itself, and the times set in place', () => {
  it('signs with edge cases that are no refusal', async () => {
    expect((await sign({ payload: {}, secret: 'x'.repeat(8192) })).algorithm).toBe('HS256');
    expect((await sign({ payload: {}, key: { ...RFC8037_A1, key_ops: ['sign'], use: 'sig' }, alg: 'Ed25519' })).algorithm).toBe('Ed25519');
    expect(
      (await sign({ payload: {}, key: { ...RFC7515_A1_KEY, alg: 'HS512', k: Buffer.alloc(64, 1).toString('base64url') } })).algorithm,
    ).toBe('HS512');
    expect((await sign({ payload: {}, header: { cty: 5 }, secret: SECRET })).header).toEqual({ alg: 'HS256', typ: 'JWT', cty: 5 });
    const resigned = await sign({ token: RFC7519_3_1_TOKEN, alg: 'HS384', key: RFC7515_A1_KEY });
    expect([resigned.algorithm, resigned.notes]).toEqual(['HS384', ['The algorithm changed from HS256 to HS384.']]);
    // Options that are false or absent set nothing, and let set and unset name their claims.
    const kept = await sign({ token: RFC7519_3_1_TOKEN, set: { iat: 1 }, unset: ['exp'], issued_at: false, key: RFC7515_A1_KEY });
    expect(kept.payload).toEqual({ iss: 'joe', 'http://example.com/is_root': true, iat: 1 });
    const first = await sign({ token: RFC7519_3_1_TOKEN, unset: ['iss'], key: RFC7515_A1_KEY });
    expect(first.changes).toEqual([{ op: 'remove', name: 'iss', from: 'joe', to: null }]);
    const noKid = await sign({ payload: {}, key: RFC7515_A3_PRIVATE_KEY });
    expect(Object.keys(noKid.key?.public_jwk ?? {})).toEqual(['kty', 'crv', 'x', 'y', 'alg', 'use']);
  });

  it('notes an old alg that was not a string, or none at all', async () => {
    const oddAlg = `${Buffer.from('{"alg":5}').toString('base64url')}.${Buffer.from('{"a":1}').toString('base64url')}.c2ln`;
    expect((await sign({ token: oddAlg, secret: SECRET })).notes).toEqual(['The algorithm changed from 5 to HS256.']);
    const noAlg = `${Buffer.from('{"typ":"JWT"}').toString('base64url')}.${Buffer.from('{"a":1}').toString('base64url')}.c2ln`;
    expect((await sign({ token: noAlg, secret: SECRET })).notes).toEqual(['The algorithm changed from null to HS256.']);
  });

  it('names what it cannot re-sign', async () => {
    await expectDomainErrorAsync(
      sign({ token: RFC7516_JWE, secret: SECRET }),
      'TOKEN_MALFORMED',
      'token: only a compact JWS with a JSON object payload can be re-signed, not a jwe',
    );
  });

  it("takes kid from the key when re-signing, keeps the token's when the key has none, and keeps typ as it was", async () => {
    const token = (await sign({ header: { kid: 'old', typ: 'at+jwt' }, payload: { a: 1 }, secret: SECRET })).token;
    const withKid = await sign({ token, key: { ...RFC7515_A3_PRIVATE_KEY, kid: 'new' } });
    expect(withKid.header).toEqual({ alg: 'ES256', kid: 'new', typ: 'at+jwt' });
    const without = await sign({ token, key: RFC7515_A3_PRIVATE_KEY });
    expect(without.header).toEqual({ alg: 'ES256', kid: 'old', typ: 'at+jwt' });
    expect(without.key?.public_jwk).toMatchObject({ kid: 'old' });
  });

  it("makes only a JWK's own alg, and takes a generated key's alg from the header or the token", async () => {
    expect((await sign({ payload: {}, key: { ...RFC7515_A2_KEY, alg: 'PS256' } })).algorithm).toBe('PS256');
    expect((await sign({ payload: {}, header: { alg: 'ES384' }, generate: true })).algorithm).toBe('ES384');
    const es = (await sign({ payload: {}, key: RFC7515_A3_PRIVATE_KEY })).token;
    expect((await sign({ token: es, generate: true })).algorithm).toBe('ES256');
    expect((await sign({ token: es, key: RFC7515_A2_KEY })).notes).toEqual(['The algorithm changed from ES256 to RS256.']);
  });

  it('sets iat, nbf and exp in place or appends them in that order, with a note for each it replaced', async () => {
    const body = await sign({ payload: { nbf: 1, a: 1 }, secret: SECRET, issued_at: true, not_before_in: -60, expires_in: 'P1D' });
    expect(Object.entries(body.payload)).toEqual([
      ['nbf', NOW - 60],
      ['a', 1],
      ['iat', NOW],
      ['exp', NOW + 86_400],
    ]);
    expect(body.notes).toEqual([`nbf was 1; not_before_in replaced it with ${NOW - 60}.`]);
    const resigned = await sign({ token: body.token, issued_at: true, secret: SECRET });
    expect(resigned.changes).toEqual([{ op: 'replace', name: 'iat', from: NOW, to: NOW }]);
    expect(resigned.notes).toEqual([`iat was ${NOW}; issued_at replaced it with ${NOW}.`]);
  });
});

describe('relativeSeconds', () => {
  it.each([
    [3600, 3600],
    ['-60', -60],
    [' PT90M ', 5400],
    ['P1W2DT3H', 7 * 86400 + 2 * 86400 + 3 * 3600],
    ['-PT1M', -60],
    ['P1D', 86400],
    ['P0D', 0],
    ['P2W', 14 * 86400],
    ['PT5S', 5],
    ['P1DT1M', 86460],
    ['-0', 0],
    [3_155_760_000, 3_155_760_000],
    // Letters in either case, as /unix-timestamp/add reads them (contract §4g).
    ['pt1h', 3600],
    ['P1w', 604_800],
    ['-pt1m', -60],
    [' p1w2Dt3h ', 7 * 86400 + 2 * 86400 + 3 * 3600],
  ])('reads %j as %d seconds', (value, seconds) => {
    expect(relativeSeconds('expires_in', value)).toBe(seconds);
  });

  it.each([
    ['P1Y', /years and months/],
    ['P2M', /years and months/],
    ['PT1.5S', /ISO 8601 duration/],
    ['P', /ISO 8601 duration/],
    ['PT', /ISO 8601 duration/],
    ['P1DT', /ISO 8601 duration/],
    ['P10Y', /years and months/],
    ['-P1Y2D', /years and months/],
    ['xP1Y', /ISO 8601 duration/],
    ['PT1M1Y', /ISO 8601 duration/],
    ['p1y', /years and months/],
    ['-P2m', /years and months/],
    ['pt1.5s', /ISO 8601 duration/],
    ['pt', /ISO 8601 duration/],
    ['+PT1H', /ISO 8601 duration/],
    [3_155_760_001, /more than 3155760000 seconds/],
    ['P5300W', /more than 3155760000 seconds/],
  ])('refuses %j', (value, message) => {
    expect(() => relativeSeconds('expires_in', value)).toThrow(message);
  });
});
