// The key reader on its own, over the real node codec: what /jwt/inspect-key's use case test cannot tell apart, each
// refusal's exact words, the PEM armour's edges, and the thumbprint of a certificate's key (contract §4f).
import { createPublicKey, generateKeyPairSync } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { NodeKeyCodec } from '../../../../src/adapters/driven/node-key-codec.js';
import { jwkThumbprint, publicKeyThumbprint, readKeys } from '../../../../src/core/keys/read-keys.js';
import { expectDomainError } from '../../../support/domain-error.js';
import { RFC7517_A1, RFC7517_B, RFC7638_THUMBPRINT, RFC8037_A2, RFC8037_A3_THUMBPRINT } from '../../../vectors/jose-keys.js';

const codec = new NodeKeyCodec();
const read = (text: string) => readKeys(codec, text);
const spkiPem = (jwk: object): string => createPublicKey({ key: jwk, format: 'jwk' }).export({ type: 'spki', format: 'pem' });
const spkiDer = (pem: string): Uint8Array => new Uint8Array(createPublicKey(pem).export({ type: 'spki', format: 'der' }));
const armour = (der: Uint8Array) => `-----BEGIN PUBLIC KEY-----\n${der.toBase64()}\n-----END PUBLIC KEY-----\n`;

/**
 * A P-256 key on a curve with no name: its SubjectPublicKeyInfo with explicit parameters (RFC 5480 §2.1.1's
 * specifiedCurve, SEC 1 §C.2), whose base point G is replaced by the key's own point. Same field, same equation, same
 * order, but a generator no named curve has, so OpenSSL names no curve for it.
 */
function unnamedCurveKey(): string {
  const { publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256', paramEncoding: 'explicit' });
  const der = new Uint8Array(publicKey.export({ type: 'spki', format: 'der' }));
  // SEC 2 §2.4.2: P-256's base point, uncompressed.
  const g =
    '046b17d1f2e12c4247f8bce6e563a440f277037d812deb33a0f4a13945d898c2964fe342e2fe1a7f9b8ee7eb4a7c0f9e162bce33576b315ececbb6406837bf51f5';
  const at = der.toHex().indexOf(g) / 2;
  expect(at).toBeGreaterThan(0);
  der.set(der.subarray(der.length - 65), at);
  return armour(der);
}

describe('readKeys, refusals', () => {
  it.each([
    ['a string', '"x"'],
    ['null', 'null'],
    ['an array', '[]'],
    ['a number', '5'],
  ])('refuses %s in a JWK Set as no JSON object', (_label, member) => {
    expectDomainError(() => read(`{"keys":[${member}]}`), 'KEY_INVALID', 'key: keys[0] is not a JSON object');
  });

  it.each([
    ['DSA', '"DSA"'],
    ['a name Object.prototype has', '"constructor"'],
    ['a number', '5'],
  ])('refuses a kty of %s', (_label, kty) => {
    expectDomainError(() => read(`{"kty":${kty}}`), 'KEY_INVALID', `key: the JWK has kty ${kty}, which is not RSA, EC, OKP or oct`);
  });

  it.each([
    ['secp256k1', '"secp256k1"', 'EC', 'P-256, P-384 or P-521'],
    ['a number', '5', 'EC', 'P-256, P-384 or P-521'],
    ['an EC curve on an OKP key', '"P-256"', 'OKP', 'Ed25519, X25519, Ed448 or X448'],
  ])('refuses a crv of %s', (_label, crv, kty, curves) => {
    expectDomainError(
      () => read(`{"kty":"${kty}","crv":${crv},"x":"AAAA","y":"AAAA"}`),
      'KEY_INVALID',
      `key: the JWK has crv ${crv}, which is not ${curves}`,
    );
  });

  it.each([
    ['a number', 5],
    ['base64url', 'ab_-'],
    ['base64 without its padding', 'AAA'],
  ])('refuses an x5c entry that is %s as not base64 (RFC 7517 §4.7), before reading it as DER', (_label, entry) => {
    expectDomainError(
      () => read(JSON.stringify({ ...RFC7517_B, x5c: [RFC7517_B.x5c[0], entry] })),
      'KEY_INVALID',
      'key: the JWK has an x5c[1] that is not base64',
    );
  });

  it('refuses an EC key on a curve that has no name, saying so', () => {
    expectDomainError(
      () => read(unnamedCurveKey()),
      'KEY_INVALID',
      'key: block 0 holds an EC key on an unnamed curve; keys are RSA, EC on P-256, P-384 or P-521, Ed25519, X25519, Ed448 or X448',
    );
  });
});

describe('readKeys, canonical members', () => {
  it("reads RFC 7517 A.1's RSA key with n and e padded by zero octets as the key itself, 2048 bits, not canonical", () => {
    const rsa = RFC7517_A1.keys[1] as { n: string; e: string };
    const padded = (member: string, zeros: number) =>
      Uint8Array.of(...new Uint8Array(zeros), ...Uint8Array.fromBase64(member, { alphabet: 'base64url' })).toBase64({
        alphabet: 'base64url',
        omitPadding: true,
      });
    const [key] = read(JSON.stringify({ kty: 'RSA', n: padded(rsa.n, 2), e: padded(rsa.e, 1) })).keys;
    expect(key).toMatchObject({ required: { kty: 'RSA', n: rsa.n, e: rsa.e }, sizeBits: 2048, nonCanonical: true });
    expect(jwkThumbprint(key?.required ?? { kty: 'oct', k: '' })).toBe(RFC7638_THUMBPRINT);
    expect(read(JSON.stringify({ kty: 'RSA', n: rsa.n, e: rsa.e })).keys[0]).toMatchObject({ sizeBits: 2048, nonCanonical: false });
  });
});

describe('readKeys, PEM', () => {
  it('reads a public key block with no certificate', () => {
    const { inputKind, keys } = read(spkiPem(RFC8037_A2));
    expect(inputKind).toBe('pem');
    expect(keys).toHaveLength(1);
    expect(keys[0]?.certificates).toStrictEqual([]);
    expect(keys[0]?.fromPemCertificate).toBe(false);
    expect(keys[0]?.required).toEqual({ kty: 'OKP', crv: 'Ed25519', x: RFC8037_A2.x });
  });

  it('takes the dashes that close a block as its END line alone: a BEGIN written onto them opens no block', () => {
    const rsa = spkiPem(RFC7517_A1.keys[1] as object);
    const text = `${spkiPem(RFC8037_A2).trimEnd()}${rsa.slice('-----'.length)}`;
    expect(text).toContain('-----END PUBLIC KEY-----BEGIN PUBLIC KEY-----\n');
    expect(read(text).keys.map((key) => key.required.kty)).toEqual(['OKP']);
    // Each on its own line, both are read.
    expect(read(`${spkiPem(RFC8037_A2)}${rsa}`).keys.map((key) => key.required.kty)).toEqual(['OKP', 'RSA']);
  });
});

describe('publicKeyThumbprint', () => {
  it("gives RFC 7638 §3.1's and RFC 8037 A.3's thumbprints for their keys", () => {
    expect(publicKeyThumbprint(codec, codec.publicKeyFromDer(spkiDer(spkiPem(RFC7517_A1.keys[1] as object)), 'spki'))).toBe(
      RFC7638_THUMBPRINT,
    );
    expect(publicKeyThumbprint(codec, codec.publicKeyFromJwk(RFC8037_A2))).toBe(RFC8037_A3_THUMBPRINT);
  });

  it.each([
    [
      'of a curve §4f does not read (secp256k1)',
      () => generateKeyPairSync('ec', { namedCurve: 'secp256k1' }).publicKey.export({ type: 'spki', format: 'pem' }),
    ],
    ['on a curve with no name, which has no JWK', unnamedCurveKey],
  ])('is null for a key %s', (_label, pem) => {
    expect(publicKeyThumbprint(codec, codec.publicKeyFromDer(spkiDer(pem()), 'spki'))).toBeNull();
  });
});
