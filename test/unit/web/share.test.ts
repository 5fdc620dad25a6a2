import { generateKeyPairSync } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { decodeFragment, holdsPrivateKey, isPublicKey, shareLink } from '../../../web/src/share.js';

const rsa = generateKeyPairSync('rsa', { modulusLength: 2048 });
const ec = generateKeyPairSync('ec', { namedCurve: 'P-256' });
const publicPem = rsa.publicKey.export({ type: 'spki', format: 'pem' });
const privatePem = rsa.privateKey.export({ type: 'pkcs8', format: 'pem' });
const publicJwk = ec.publicKey.export({ format: 'jwk' });
const privateJwk = ec.privateKey.export({ format: 'jwk' });
const b64 = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
/** A compact JWS whose header carries `jwk`: the signature does not matter here. */
const tokenWithJwk = (jwk: unknown) => `${b64({ alg: 'ES256', jwk })}.${b64({ sub: '1' })}.c2ln`;

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
    ['a JSON serialization whose header carries a public JWK', JSON.stringify({ payload: 'e30', header: { jwk: publicJwk } }), false],
    ['a JWK Set whose member is no JWK', JSON.stringify({ keys: [publicJwk, 1] }), false],
  ])('%s: %s', (_what, text, expected) => {
    expect(isPublicKey(text)).toBe(expected);
  });
});

describe('holdsPrivateKey', () => {
  it.each([
    ['a PEM private key', privatePem, true],
    ['a private JWK', JSON.stringify(privateJwk), true],
    ['a JWK Set with one private key', JSON.stringify({ keys: [publicJwk, privateJwk] }), true],
    ['an HMAC secret as a JWK', JSON.stringify({ kty: 'oct', k: 'c2VjcmV0' }), true],
    ['a token whose header carries a private JWK', tokenWithJwk(privateJwk), true],
    ['a PEM public key', publicPem, false],
    ['a public JWK', JSON.stringify(publicJwk), false],
    ['a token whose header carries a public JWK', tokenWithJwk(publicJwk), false],
    ['a timestamp', '1700000000', false],
  ])('%s: %s', (_what, text, expected) => {
    expect(holdsPrivateKey(text)).toBe(expected);
  });
});

describe('share links', () => {
  it('round-trip the input, the zone and a public key through the fragment', () => {
    const state = { input: 'eyJ.a b+c&d=#', zone: 'Europe/Berlin', key: JSON.stringify(publicJwk) };
    const link = shareLink(state);
    expect(link.fragment.startsWith('#')).toBe(true);
    expect(link.leftOut).toEqual([]);
    expect(decodeFragment(link.fragment)).toEqual(state);
  });

  it('never carry a private key or a secret in the key, and say why', () => {
    for (const key of [privatePem, JSON.stringify(privateJwk), 'secret']) {
      const link = shareLink({ input: 'x', key });
      expect(link.fragment).not.toContain('key=');
      expect(link.leftOut).toEqual(["The verify panel's key is left out: it is not a public key, and only a public key goes into a link."]);
      expect(decodeFragment(link.fragment)?.key).toBeUndefined();
    }
  });

  it.each([
    ['a PEM private key', privatePem, 'a private key in PEM form'],
    ['a private JWK', JSON.stringify(privateJwk), 'a private JWK'],
    ['a JWK Set with one private member', JSON.stringify({ keys: [publicJwk, privateJwk] }), 'a JWK Set with a private member'],
    ['an HMAC secret as a JWK', JSON.stringify({ kty: 'oct', k: 'c2VjcmV0' }), 'a secret key (a JWK of kty "oct")'],
    ['a token whose header carries a private JWK', tokenWithJwk(privateJwk), 'a private JWK'],
    ['a PEM block of another kind', '-----BEGIN CERTIFICATE REQUEST-----\nMIIB\n-----END CERTIFICATE REQUEST-----', 'a PEM block'],
    ['a JWK that is not JSON', `${JSON.stringify(privateJwk)},`, 'a JWK that cannot be read'],
  ])('leave out an input that holds %s, and say why', (_what, input, why) => {
    const link = shareLink({ input, zone: 'UTC' });
    expect(link.fragment).toBe('#zone=UTC');
    expect(link.leftOut).toHaveLength(1);
    expect(link.leftOut[0]).toMatch(/^The input is left out of the link: it holds /);
    expect(link.leftOut[0]).toContain(why);
  });

  it.each([
    ['a public JWK', JSON.stringify(publicJwk)],
    ['a PEM public key', publicPem],
    ['a token whose header carries a public JWK', tokenWithJwk(publicJwk)],
    ['a timestamp', '1700000000'],
  ])('carry an input that holds %s', (_what, input) => {
    const link = shareLink({ input });
    expect(decodeFragment(link.fragment)?.input).toBe(input);
    expect(link.leftOut).toEqual([]);
  });

  it('name the secret fields that hold text as left out', () => {
    const link = shareLink({ input: 'x' }, ['the secret given to Verify', 'the access token given to Validate']);
    expect(link.fragment).toBe('#input=x');
    expect(link.leftOut).toEqual([
      'Left out as well, because a secret never goes into a link: the secret given to Verify; the access token given to Validate.',
    ]);
  });

  it('drop a private key that a hand-made link carries', () => {
    const fragment = `#input=x&key=${encodeURIComponent(JSON.stringify(privateJwk))}`;
    expect(decodeFragment(fragment)).toEqual({ input: 'x', zone: undefined, key: undefined });
  });

  it('write local mode only when it is off, and read anything but off as the default, on', () => {
    expect(shareLink({ input: 'x', local: true }).fragment).toBe('#input=x');
    expect(shareLink({ input: 'x' }).fragment).toBe('#input=x');
    const off = shareLink({ input: 'x', zone: 'UTC', local: false });
    expect(off.fragment).toBe('#input=x&zone=UTC&local=off');
    expect(decodeFragment(off.fragment)).toEqual({ input: 'x', zone: 'UTC', key: undefined, local: false });
    expect(decodeFragment('#local=off')).toEqual({ input: '', zone: undefined, key: undefined, local: false });
    for (const fragment of ['#input=x', '#input=x&local=on', '#input=x&local=OFF', '#input=x&local=']) {
      expect(decodeFragment(fragment)?.local, fragment).toBeUndefined();
    }
  });

  it('give nothing for an empty fragment, and an empty input for a link that left the input out', () => {
    expect(decodeFragment('')).toBeUndefined();
    expect(decodeFragment('#other=1')).toBeUndefined();
    expect(decodeFragment('#zone=UTC')).toEqual({ input: '', zone: 'UTC', key: undefined });
  });
});

describe('shareLink and the values of contract §12', () => {
  // A GitHub token whose checksum holds: therootcompany/base62-token.js, test.js, commit 17dfd0700742c6b352844bd6ba568cf22269e6b1.
  const githubToken = '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';
  // Flask-Unsign's README (Paradoxis/Flask-Unsign, README.md, commit 9d8db6b14f4a77994f6c400a513c5f8c2ace31cc).
  const flaskCookie = 'eyJsb2dnZWRfaW4iOmZhbHNlfQ.XDuWxQ.E2Pyb6x3w-NODuflHoGnZOEpbH8';

  it('leaves a pasted credential out, and says why', () => {
    const link = shareLink({ input: ` ${githubToken}\n` });
    expect(link.fragment).not.toContain('ghp_');
    expect(link.leftOut).toEqual([
      'The input is left out of the link: it is a credential (github_token), and a secret never goes into a link.',
    ]);
  });

  it('keeps a signed cookie, and names the verify panel’s secret as left out without carrying it', () => {
    const link = shareLink({ input: flaskCookie }, ['the secret key given to Verify']);
    expect(new URLSearchParams(link.fragment.slice(1)).get('input')).toBe(flaskCookie);
    expect(link.fragment).not.toContain('CHANGEME');
    expect(link.leftOut).toEqual(['Left out as well, because a secret never goes into a link: the secret key given to Verify.']);
  });
});
