import { generateKeyPairSync } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { decodeFragment, encodeFragment, isPublicKey } from '../../../web/src/share.js';

const rsa = generateKeyPairSync('rsa', { modulusLength: 2048 });
const ec = generateKeyPairSync('ec', { namedCurve: 'P-256' });
const publicPem = rsa.publicKey.export({ type: 'spki', format: 'pem' });
const privatePem = rsa.privateKey.export({ type: 'pkcs8', format: 'pem' });
const publicJwk = ec.publicKey.export({ format: 'jwk' });
const privateJwk = ec.privateKey.export({ format: 'jwk' });

describe('isPublicKey', () => {
  it.each([
    ['a PEM public key', publicPem, true],
    ['a certificate', '-----BEGIN CERTIFICATE-----\nMIIB\n-----END CERTIFICATE-----', true],
    ['a public JWK', JSON.stringify(publicJwk), true],
    ['a JWK Set of public keys', JSON.stringify({ keys: [publicJwk, { ...publicJwk, kid: 'b' }] }), true],
    ['a PEM private key', privatePem, false],
    ['a public and a private PEM block together', `${publicPem}\n${privatePem}`, false],
    ['a private JWK', JSON.stringify(privateJwk), false],
    ['a JWK Set with one private key', JSON.stringify({ keys: [publicJwk, privateJwk] }), false],
    ['an HMAC secret as a JWK', JSON.stringify({ kty: 'oct', k: 'c2VjcmV0' }), false],
    ['an oct JWK without k', JSON.stringify({ kty: 'oct' }), false],
    ['an empty JWK Set', JSON.stringify({ keys: [] }), false],
    ['a bare secret', 'your-256-bit-secret', false],
    ['JSON that is no key', '[1,2]', false],
  ])('%s: %s', (_what, text, expected) => {
    expect(isPublicKey(text)).toBe(expected);
  });
});

describe('share links', () => {
  it('round-trip the input, the zone and a public key through the fragment', () => {
    const state = { input: 'eyJ.a b+c&d=#', zone: 'Europe/Berlin', key: JSON.stringify(publicJwk) };
    const fragment = encodeFragment(state);
    expect(fragment.startsWith('#')).toBe(true);
    expect(decodeFragment(fragment)).toEqual(state);
  });

  it('never carry a private key or a secret', () => {
    for (const key of [privatePem, JSON.stringify(privateJwk), 'secret']) {
      const fragment = encodeFragment({ input: 'x', key });
      expect(fragment).not.toContain('key=');
      expect(decodeFragment(fragment)?.key).toBeUndefined();
    }
  });

  it('drop a private key that a hand-made link carries', () => {
    const fragment = `#input=x&key=${encodeURIComponent(JSON.stringify(privateJwk))}`;
    expect(decodeFragment(fragment)).toEqual({ input: 'x', zone: undefined, key: undefined });
  });

  it('give nothing for a fragment without an input', () => {
    expect(decodeFragment('')).toBeUndefined();
    expect(decodeFragment('#zone=UTC')).toBeUndefined();
  });
});
