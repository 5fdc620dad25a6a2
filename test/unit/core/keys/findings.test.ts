// Each key finding's rule and its exact message, on keys described here, and the order they are listed in.
import { describe, expect, it } from 'vitest';
import type { CertificateFacts } from '../../../../src/core/keys/certificate.js';
import { keyFindings, setFindings, type KeyFacts } from '../../../../src/core/keys/findings.js';
import type { ReadKey } from '../../../../src/core/keys/read-keys.js';

const ec: ReadKey = {
  where: 'the JWK',
  required: { kty: 'EC', crv: 'P-256', x: 'x', y: 'y' },
  crv: 'P-256',
  sizeBits: 256,
  kid: 'a',
  alg: null,
  use: null,
  keyOps: null,
  private: false,
  publicKey: null,
  nonCanonical: false,
  certificates: [],
  fromPemCertificate: false,
  x5t: undefined,
  x5tS256: undefined,
};
const rsa: ReadKey = { ...ec, required: { kty: 'RSA', n: 'n', e: 'AQAB' }, crv: null, sizeBits: 2048 };
const oct: ReadKey = { ...ec, required: { kty: 'oct', k: 'k' }, crv: null, sizeBits: 128, private: true };
const utc = (iso: string) => ({ iso, unix_seconds: 0, unix_milliseconds: 0 });
const certificate: CertificateFacts = {
  subject: 'CN=a',
  issuer: 'CN=b',
  serial: '01',
  not_before: utc('2026-01-01T00:00:00Z'),
  not_after: utc('2027-01-01T00:00:00Z'),
  expired: false,
  days_left: 30,
  self_signed: false,
  x5t_s256: 'S256',
  x5t: 'SHA1',
  subject_alt_names: [],
  issued_by_next: null,
};
const facts = (key: ReadKey, more: Partial<KeyFacts> = {}): KeyFacts => ({
  key,
  certificate: null,
  thumbprint: 't',
  x5cThumbprint: null,
  setSize: null,
  ...more,
});
const only = (input: KeyFacts) => keyFindings(input).map(({ code, severity, message }) => [code, severity, message]);

describe('keyFindings', () => {
  it('finds nothing on a plain public key', () => {
    expect(keyFindings(facts(ec))).toEqual([]);
  });

  it.each([
    [
      'a private EC key',
      facts({ ...ec, private: true }),
      'private_key_material',
      'critical',
      'the input holds this private key: whoever sees this text can sign as its owner, and a JWK Set that holds it must never be published',
    ],
    ['a secret', facts(oct), 'symmetric_key', 'critical', 'this is a shared secret (kty oct): never publish it or paste it anywhere'],
    [
      'a 2047-bit modulus',
      facts({ ...rsa, sizeBits: 2047 }),
      'weak_rsa',
      'critical',
      'the RSA modulus has 2047 bits; RFC 7518 §3.3 and §4.2 require at least 2048',
    ],
    [
      'an x5c certificate of another key',
      facts(rsa, { x5cThumbprint: 'other' }),
      'x5c_key_mismatch',
      'critical',
      "the key of x5c's first certificate is not this JWK's key (RFC 7517 §4.7)",
    ],
    [
      'an x5t#S256 of another certificate',
      facts({ ...rsa, x5tS256: 'other' }, { certificate }),
      'x5t_mismatch',
      'critical',
      "x5t#S256 is not the hash of x5c's first certificate (RFC 7517 §4.8, §4.9)",
    ],
    [
      'an RS256 EC key',
      facts({ ...ec, alg: 'RS256' }),
      'alg_key_mismatch',
      'warning',
      'alg RS256 uses RSA keys, and this is an EC P-256 key',
    ],
    ['an HS256 RSA key', facts({ ...rsa, alg: 'HS256' }), 'alg_key_mismatch', 'warning', 'alg HS256 uses oct keys, and this is an RSA key'],
    [
      'an ECDH-ES Ed25519 key',
      facts({ ...ec, required: { kty: 'OKP', crv: 'Ed25519', x: 'x' }, crv: 'Ed25519', alg: 'ECDH-ES' }),
      'alg_key_mismatch',
      'warning',
      'alg ECDH-ES uses EC or OKP X25519 or OKP X448 keys, and this is an OKP Ed25519 key',
    ],
    [
      'an RSA key with a padded modulus',
      facts({ ...rsa, nonCanonical: true }),
      'non_canonical_encoding',
      'warning',
      'n or e has leading zero octets (RFC 7518 §6.3.1): libraries that hash the members as written compute another thumbprint',
    ],
    [
      'an EC key with a short coordinate',
      facts({ ...ec, nonCanonical: true }),
      'non_canonical_encoding',
      'warning',
      'an EC coordinate is not at its full length (RFC 7518 §6.2.1.2): libraries that hash the members as written compute another thumbprint',
    ],
    [
      'an expired certificate',
      facts(ec, { certificate: { ...certificate, expired: true, days_left: -3 } }),
      'certificate_expired',
      'warning',
      'the certificate expired at 2027-01-01T00:00:00Z',
    ],
    [
      'a broken chain',
      facts(ec, { certificate: { ...certificate, issued_by_next: false } }),
      'certificate_chain_broken',
      'warning',
      'the next certificate in the chain did not issue this one: its subject is not this issuer, or its key does not verify the signature',
    ],
    [
      'a certificate with 29 days left',
      facts(ec, { certificate: { ...certificate, days_left: 29 } }),
      'certificate_expires_soon',
      'info',
      'the certificate expires in 29 days, at 2027-01-01T00:00:00Z',
    ],
    [
      'alg EdDSA',
      facts({ ...ec, required: { kty: 'OKP', crv: 'Ed25519', x: 'x' }, crv: 'Ed25519', alg: 'EdDSA' }),
      'deprecated_alg',
      'info',
      'alg EdDSA is deprecated by RFC 9864: use Ed25519 or Ed448, which name the curve',
    ],
    [
      'use and key_ops',
      facts({ ...ec, use: 'sig', keyOps: ['verify'] }),
      'use_and_key_ops',
      'info',
      'the key has both use and key_ops, which RFC 7517 §4.3 says should not be used together',
    ],
    [
      'no kid in a set of two',
      facts({ ...ec, kid: null }, { setSize: 2 }),
      'missing_kid',
      'info',
      'the key has no kid, in a JWK Set of several keys: no token can select it by kid',
    ],
  ])('finds %s', (_label, input, code, severity, message) => {
    expect(only(input)).toEqual([[code, severity, message]]);
  });

  it.each([
    ['a 2048-bit modulus', facts(rsa)],
    ['x5t and x5t#S256 of the certificate', facts({ ...rsa, x5t: 'SHA1', x5tS256: 'S256' }, { certificate })],
    ['x5t of a PEM certificate, which has no x5t', facts({ ...rsa, fromPemCertificate: true, x5t: 'other' }, { certificate })],
    ['an x5c of its own key', facts(rsa, { x5cThumbprint: 't' })],
    ['a certificate with exactly 30 days left', facts(ec, { certificate })],
    ['no kid in a lone JWK', facts({ ...ec, kid: null })],
    ['no kid in a set of one', facts({ ...ec, kid: null }, { setSize: 1 })],
    ['use alone', facts({ ...ec, use: 'sig' })],
    ['key_ops alone', facts({ ...ec, keyOps: [] })],
    ['a kid in a set of three', facts(ec, { setSize: 3 })],
    ['an x5t without x5c', facts({ ...rsa, x5t: 'a', x5tS256: 'b' })],
    ['an alg outside the table', facts({ ...ec, alg: 'XYZ' })],
  ])('finds nothing for %s', (_label, input) => {
    expect(keyFindings(input).map(({ code }) => code)).toEqual([]);
  });

  it('says an expired certificate expired, not that it expires soon', () => {
    expect(keyFindings(facts(ec, { certificate: { ...certificate, expired: true, days_left: -1 } })).map(({ code }) => code)).toEqual([
      'certificate_expired',
    ]);
  });

  it('names both hashes when x5t and x5t#S256 are wrong', () => {
    expect(only(facts({ ...rsa, x5t: 'a', x5tS256: 'b' }, { certificate }))[0]?.[2]).toBe(
      "x5t and x5t#S256 are not the hashes of x5c's first certificate (RFC 7517 §4.8, §4.9)",
    );
  });

  it('lists the findings most severe first, in the table’s order', () => {
    const key: ReadKey = {
      ...rsa,
      private: true,
      sizeBits: 1024,
      alg: 'ES256',
      kid: null,
      use: 'sig',
      keyOps: ['sign'],
      nonCanonical: true,
    };
    expect(keyFindings(facts(key, { setSize: 3, certificate: { ...certificate, expired: true } })).map(({ code }) => code)).toEqual([
      'private_key_material',
      'weak_rsa',
      'alg_key_mismatch',
      'non_canonical_encoding',
      'certificate_expired',
      'use_and_key_ops',
      'missing_kid',
    ]);
  });
});

describe('setFindings', () => {
  it('says once for each kid that keys of one kty share, with their count', () => {
    expect(setFindings([ec, ec, { ...ec, kid: 'b' }, ec, rsa, { ...rsa, kid: 'b' }, { ...ec, kid: null }, { ...ec, kid: null }])).toEqual([
      {
        code: 'duplicate_kid',
        severity: 'warning',
        message: '3 EC keys share kid "a": RFC 7517 §4.5 allows a shared kid only across key types, and a token cannot say which it means',
      },
    ]);
  });

  it('says so for a kid that exactly two keys share', () => {
    expect(setFindings([ec, ec]).map(({ message }) => message)).toEqual([
      '2 EC keys share kid "a": RFC 7517 §4.5 allows a shared kid only across key types, and a token cannot say which it means',
    ]);
  });

  it('finds nothing when kids differ or only types share them', () => {
    expect(setFindings([ec, rsa, oct, { ...ec, kid: 'b' }])).toEqual([]);
  });
});
