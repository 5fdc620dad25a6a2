// PASETO `public` verification against paseto-standard/test-vectors @ 32d7406591eb022f9eff88abb84106dd9d42c0f2
// (v1.json to v4.json, kept as test/vectors/tokens/paseto-v*.json): every `*-S-*` vector verifies with its public key,
// and every `*-F-*` vector fails.
import { createPrivateKey, createPublicKey, generateKeyPairSync, sign, type KeyObject } from 'node:crypto';
import { beforeEach, describe, expect, it } from 'vitest';
import { NodeKeyCodec } from '../../../../src/adapters/driven/node-key-codec.js';
import { PortableKeyCodec } from '../../../../src/adapters/driven/portable/portable-key-codec.js';
import { VerifyToken } from '../../../../src/core/tokens/use-cases/verify-token.js';
import { readKeys } from '../../../../src/core/keys/read-keys.js';
import { importPasetoKey, pae, readPasetoKey } from '../../../../src/core/tokens/verify/paseto.js';
import { expectDomainErrorAsync } from '../../../support/domain-error.js';
import { FixedClock } from '../../../support/fakes.js';
import { pasetoCases, type PasetoCase as Vector } from '../../../vectors/tokens/index.js';

const VECTORS = ([1, 2, 3, 4] as const).flatMap(pasetoCases);
const byName = (name: string): Vector => VECTORS.find((vector) => vector.name === name) as Vector;
/** Each version's public key in PEM: v1 gives only PEM as `public-key`, the others as `public-key-pem`. */
const PUBLIC_PEM: Readonly<Record<number, string>> = {
  1: byName('1-S-1')['public-key'] as string,
  2: byName('2-S-1')['public-key-pem'] as string,
  3: byName('3-S-1')['public-key-pem'] as string,
  4: byName('4-S-1')['public-key-pem'] as string,
};

// 2018-06-01T00:00:00Z: before every vector's exp (2019-01-01 for v1 and v2, 2022-01-01 for v3 and v4).
const BEFORE_EXP = Date.UTC(2018, 5, 1);
const clock = new FixedClock(BEFORE_EXP);
const verifier = new VerifyToken(clock, new NodeKeyCodec());
const versionOf = (token: string): number => Number(token[1]);

const BASE64URL_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';
/** Whether each base64url part after the header re-encodes to itself (RFC 4648 §3.5). */
const isCanonical = (token: string): boolean =>
  token
    .split('.')
    .slice(2)
    .every((part) => Buffer.from(part, 'base64url').toString('base64url') === part);
/** The same bytes in base64url whose last character sets the lowest unused bit (the text must end in a partial group). */
function nonCanonicalTwin(text: string): string {
  expect(text.length % 4).not.toBe(0);
  const last = BASE64URL_ALPHABET.indexOf(text.at(-1) as string);
  return `${text.slice(0, -1)}${BASE64URL_ALPHABET[last + 1] as string}`;
}

const verify = (value: string, key: string, implicitAssertion?: string) =>
  verifier.execute({ value, format: 'paseto', key, ...(implicitAssertion === undefined ? {} : { implicit_assertion: implicitAssertion }) });

describe('PAE', () => {
  it('encodes the count and each piece with its length as LE64, as the PASETO specification’s examples do', () => {
    // paseto-standard/paseto-spec docs/01-Protocol-Versions/Common.md, "PAE Definition": PAE([]) and PAE(['']) and PAE(['test']).
    expect(pae([]).toHex()).toBe('0000000000000000');
    expect(pae([new Uint8Array(0)]).toHex()).toBe('01000000000000000000000000000000');
    expect(pae([new TextEncoder().encode('test')]).toHex()).toBe('0100000000000000040000000000000074657374');
  });
});

describe('VerifyToken, paseto public', () => {
  beforeEach(() => clock.set(BEFORE_EXP));

  const signed = VECTORS.filter((vector) => vector.name.includes('-S-'));

  it.each(signed.map((vector) => [vector.name, vector] as const))('verifies %s with its public key in PEM', async (_, vector) => {
    const answer = await verify(vector.token, PUBLIC_PEM[versionOf(vector.token)] as string, vector['implicit-assertion']);
    expect(answer).toMatchObject({ format: 'paseto', valid: true, reason: null, source: 'token_verify' });
    expect(answer.payload).toEqual(JSON.parse(vector.payload as string));
    expect(answer.times).toEqual([expect.objectContaining({ name: 'exp', authenticated: true })]);
  });

  it('verifies every S vector through the portable key codec too, as the local host reads keys (contract §11)', async () => {
    const local = new VerifyToken(clock, new PortableKeyCodec());
    for (const vector of signed) {
      const key = PUBLIC_PEM[versionOf(vector.token)] as string;
      const answer = await local.execute({ value: vector.token, format: 'paseto', key, implicit_assertion: vector['implicit-assertion'] });
      expect([vector.name, answer.valid]).toEqual([vector.name, true]);
    }
  });

  it('answers 4-S-1 expired once its exp has passed, with the exp authenticated (contract §12)', async () => {
    clock.set(Date.UTC(2026, 0, 1));
    const answer = await verify(byName('4-S-1').token, PUBLIC_PEM[4] as string);
    expect(answer.valid).toBe(false);
    expect(answer.reason).toEqual({ code: 'expired', message: 'the exp claim (2022-01-01T00:00:00+00:00) has passed' });
    expect(answer.times).toEqual([
      {
        name: 'exp',
        utc: { iso: '2022-01-01T00:00:00Z', unix_seconds: 1_640_995_200, unix_milliseconds: 1_640_995_200_000 },
        exact: '2022-01-01T00:00:00Z',
        unix_nanoseconds: '1640995200000000000',
        authenticated: true,
      },
    ]);
  });

  it.each(['3-S-3', '4-S-3'])('does not verify %s without its implicit assertion, or with another', async (name) => {
    const vector = byName(name);
    const key = PUBLIC_PEM[versionOf(vector.token)] as string;
    for (const assertion of [undefined, '{"test-vector":"other"}']) {
      const answer = await verify(vector.token, key, assertion);
      expect(answer.valid).toBe(false);
      expect(answer.reason?.code).toBe('signature_invalid');
      expect(answer.times.every((time) => !time.authenticated)).toBe(true);
    }
  });

  it.each(['1-S-3', '2-S-3'])('ignores the implicit assertion of %s, since v1 and v2 sign none (“discarded-anyway”)', async (name) => {
    const vector = byName(name);
    expect(vector['implicit-assertion']).toBe('discarded-anyway');
    expect((await verify(vector.token, PUBLIC_PEM[versionOf(vector.token)] as string)).valid).toBe(true);
  });

  it('verifies with the public key as a JWK, and as a JWK Set of one', async () => {
    const jwk = createPublicKey(PUBLIC_PEM[3] as string).export({ format: 'jwk' });
    const vector = byName('3-S-2');
    expect((await verify(vector.token, JSON.stringify(jwk))).valid).toBe(true);
    expect((await verify(vector.token, JSON.stringify({ keys: [jwk] }))).valid).toBe(true);
  });

  it('answers malformed for 4-S-1 written with non-zero bits after its last byte, which decode to the same bytes', async () => {
    const vector = byName('4-S-1');
    const [version, purpose, body] = vector.token.split('.') as [string, string, string];
    const other = nonCanonicalTwin(body);
    expect(Buffer.from(other, 'base64url')).toEqual(Buffer.from(body, 'base64url'));
    const answer = await verify(`${version}.${purpose}.${other}`, PUBLIC_PEM[4] as string);
    expect(answer).toMatchObject({ valid: false, payload: null, times: [] });
    expect(answer.reason?.code).toBe('malformed');
    expect((await verify(vector.token, PUBLIC_PEM[4] as string)).reason?.code).not.toBe('malformed');
  });

  it('does not verify a token whose body or footer was changed', async () => {
    const vector = byName('4-S-2');
    const [version, purpose, body, footer] = vector.token.split('.') as [string, string, string, string];
    const flipped = `${body.slice(0, 10)}${body[10] === 'A' ? 'B' : 'A'}${body.slice(11)}`;
    for (const value of [`${version}.${purpose}.${flipped}.${footer}`, `${version}.${purpose}.${body}`]) {
      const answer = await verify(value, PUBLIC_PEM[4] as string);
      expect(answer.reason?.code).toBe('signature_invalid');
    }
  });

  describe('the expected failures', () => {
    const failing = VECTORS.filter((vector) => vector.name.includes('-F-'));
    const nonCanonical = failing.filter((vector) => !vector.token.includes('=') && !isCanonical(vector.token));
    const local = failing.filter(
      (vector) => /^v[1-4]\.local\.[A-Za-z0-9_-]+(?:\.[A-Za-z0-9_-]+)?$/.test(vector.token) && !nonCanonical.includes(vector),
    );
    const padded = failing.filter((vector) => vector.token.includes('='));
    const publicOnes = failing.filter((vector) => vector.token.includes('.public.'));

    it('covers every F vector', () => {
      expect(new Set([...local, ...padded, ...publicOnes, ...nonCanonical].map((vector) => vector.name))).toEqual(
        new Set(failing.map((v) => v.name)),
      );
      expect(nonCanonical.map((vector) => vector.name)).toEqual(['3-F-4', '4-F-4']);
      expect(failing).toHaveLength(15);
    });

    it.each(local.map((vector) => [vector.name, vector] as const))(
      'refuses %s, a local PASETO, saying decryption is not offered',
      async (_, vector) => {
        const key = vector['public-key-pem'] ?? vector.key ?? vector['public-key'] ?? '';
        await expectDomainErrorAsync(
          verify(vector.token, key, vector['implicit-assertion']),
          'TOKEN_VALUE_INVALID',
          new RegExp(`^value is a local PASETO \\(v${versionOf(vector.token)}\\.local\\), .*decryption is not offered`),
        );
      },
    );

    it.each(nonCanonical.map((vector) => [vector.name, vector] as const))(
      'answers %s malformed: its base64url is not canonical, the bits after its last byte not zero',
      async (_, vector) => {
        const answer = await verify(vector.token, PUBLIC_PEM[versionOf(vector.token)] as string);
        expect(answer).toMatchObject({ valid: false, payload: null, times: [] });
        expect(answer.reason?.code).toBe('malformed');
      },
    );

    it.each(padded.map((vector) => [vector.name, vector] as const))('answers %s malformed: base64url with padding', async (_, vector) => {
      const answer = await verify(vector.token, PUBLIC_PEM[4] as string);
      expect(answer).toMatchObject({ valid: false, payload: null, times: [] });
      expect(answer.reason?.code).toBe('malformed');
    });

    it.each(publicOnes.map((vector) => [vector.name, vector] as const))(
      'refuses the symmetric key of %s, and does not verify it with the version’s public key',
      async (_, vector) => {
        await expectDomainErrorAsync(verify(vector.token, vector.key as string), 'KEY_INVALID', /^key: /);
        const answer = await verify(vector.token, PUBLIC_PEM[versionOf(vector.token)] as string, vector['implicit-assertion']);
        expect(answer.valid).toBe(false);
        expect(answer.reason?.code).toBe('signature_invalid');
        expect(answer.payload).toEqual({ invalid: 'this should never decode' });
      },
    );
  });

  describe('keys', () => {
    it('refuses a private key, as /jwt/verify does', async () => {
      await expectDomainErrorAsync(
        verify(byName('4-S-1').token, byName('4-S-1')['secret-key-pem'] as string),
        'KEY_PRIVATE',
        /^key is a private key: send only the public key/,
      );
    });

    it('refuses a key of another kind than the version signs with', async () => {
      await expectDomainErrorAsync(
        verify(byName('4-S-1').token, PUBLIC_PEM[3] as string),
        'TOKEN_KEY_INVALID',
        'key is an EC P-384 key; v4.public is checked with an Ed25519 public key',
      );
      await expectDomainErrorAsync(
        verify(byName('3-S-1').token, PUBLIC_PEM[1] as string),
        'TOKEN_KEY_INVALID',
        'key is an RSA key of 2048 bits; v3.public is checked with an EC P-384 public key',
      );
    });

    // Keys generated here, of each kind a version must not take: the curve, the size and the key type each count.
    const publicPem = (key: KeyObject): string => key.export({ type: 'spki', format: 'pem' }).toString();
    it.each([
      ['2-S-1', 'key is an EC P-384 key; v2.public is checked with an Ed25519 public key', () => PUBLIC_PEM[3] as string],
      ['1-S-1', 'key is an OKP Ed25519 key; v1.public is checked with a 2048-bit RSA public key', () => PUBLIC_PEM[4] as string],
      [
        '1-S-1',
        'key is an RSA key of 3072 bits; v1.public is checked with a 2048-bit RSA public key',
        () => publicPem(generateKeyPairSync('rsa', { modulusLength: 3072 }).publicKey),
      ],
      [
        '3-S-1',
        'key is an EC P-256 key; v3.public is checked with an EC P-384 public key',
        () => publicPem(generateKeyPairSync('ec', { namedCurve: 'P-256' }).publicKey),
      ],
      [
        '4-S-1',
        'key is an OKP Ed448 key; v4.public is checked with an Ed25519 public key',
        () => publicPem(generateKeyPairSync('ed448').publicKey),
      ],
    ] as const)('refuses for %s a key of another kind: %s', async (name, message, key) => {
      await expectDomainErrorAsync(verify(byName(name).token, key()), 'TOKEN_KEY_INVALID', message);
    });

    it('refuses a symmetric secret as an oct JWK, before asking whether it is private', async () => {
      // 4-F-2's symmetric key (a v4.local key), written as an oct JWK.
      const k = Buffer.from(byName('4-F-2').key as string, 'hex').toString('base64url');
      await expectDomainErrorAsync(
        verify(byName('4-S-1').token, JSON.stringify({ kty: 'oct', k })),
        'TOKEN_KEY_INVALID',
        'key is a symmetric secret (an oct JWK); a public PASETO is checked with a public key',
      );
    });

    it('does not import a 2048-bit secret for v1, and names it a secret', async () => {
      // A 2048-bit secret (4-F-2's 32-byte key, 8 times): the size v1 wants, but no RSA key.
      const k = Buffer.from((byName('4-F-2').key as string).repeat(8), 'hex').toString('base64url');
      const [secret] = readKeys(new NodeKeyCodec(), JSON.stringify({ kty: 'oct', k })).keys;
      expect(secret?.sizeBits).toBe(2048);
      await expectDomainErrorAsync(
        importPasetoKey(secret as NonNullable<typeof secret>, 1),
        'TOKEN_KEY_INVALID',
        'key is a symmetric secret (an oct JWK); v1.public is checked with a 2048-bit RSA public key',
      );
    });

    it('imports a public key for verifying only, not extractable, with v3’s compressed point as the vectors give it', async () => {
      const codec = new NodeKeyCodec();
      const v3 = await importPasetoKey(readPasetoKey(codec, PUBLIC_PEM[3] as string), 3);
      expect(v3.key.extractable).toBe(false);
      expect(v3.key.usages).toEqual(['verify']);
      // 3-S-1's public-key is the compressed point (SEC 1 §2.3.3) of its public-key-pem.
      expect(v3.compressed?.toHex()).toBe(byName('3-S-1')['public-key']);
      const v4 = await importPasetoKey(readPasetoKey(codec, PUBLIC_PEM[4] as string), 4);
      expect([v4.key.extractable, v4.key.usages, v4.compressed]).toEqual([false, ['verify'], undefined]);
    });

    it('verifies v3 with a key whose y is odd as well as with the vectors’ key, whose y is even', async () => {
      // The vectors' key compresses with 0x02 (y even). Its negation, private key n − d and public point (x, p − y), has
      // an odd y and compresses with 0x03; a token is signed with it here as docs/01-Protocol-Versions/Version3.md's
      // Sign says: PAE(pk, h, m, f, i) under ECDSA P-384 with SHA-384, the signature r || s.
      const vector = byName('3-S-1');
      expect(vector['public-key']?.slice(0, 2)).toBe('02');
      // secp384r1's order n and prime p, as SEC 2 v2 §2.5.1 gives them.
      const n = 0xffffffffffffffffffffffffffffffffffffffffffffffffc7634d81f4372ddf581a0db248b0a77aecec196accc52973n;
      const p = 2n ** 384n - 2n ** 128n - 2n ** 96n + 2n ** 32n - 1n;
      const even = createPublicKey(PUBLIC_PEM[3] as string).export({ format: 'jwk' });
      const bytes = (value: bigint): string => Buffer.from(value.toString(16).padStart(96, '0'), 'hex').toString('base64url');
      const integer = (text: string): bigint => BigInt(`0x${Buffer.from(text, 'base64url').toString('hex')}`);
      const d = BigInt(`0x${vector['secret-key'] as string}`);
      const odd = { kty: 'EC', crv: 'P-384', x: even.x as string, y: bytes(p - integer(even.y as string)), d: bytes(n - d) };
      expect(integer(odd.y) & 1n).toBe(1n);
      const privateKey = createPrivateKey({ key: odd, format: 'jwk' });
      expect(createPublicKey(privateKey).export({ format: 'jwk' })).toMatchObject({ x: odd.x, y: odd.y });
      const compressed = new Uint8Array([0x03, ...Buffer.from(odd.x, 'base64url')]);
      const header = new TextEncoder().encode('v3.public.');
      const message = new TextEncoder().encode('{"data":"y is odd","exp":"2022-01-01T00:00:00+00:00"}');
      const empty = new Uint8Array(0);
      const signature = sign('sha384', pae([compressed, header, message, empty, empty]), { key: privateKey, dsaEncoding: 'ieee-p1363' });
      const token = `v3.public.${Buffer.concat([message, signature]).toString('base64url')}`;
      const answer = await verify(token, publicPem(createPublicKey(privateKey)));
      expect(answer).toMatchObject({ valid: true, reason: null, payload: { data: 'y is odd' } });
    });

    it('refuses several keys: one key per request', async () => {
      const jwk = (pem: string) => createPublicKey(pem).export({ format: 'jwk' });
      await expectDomainErrorAsync(
        verify(byName('4-S-1').token, JSON.stringify({ keys: [jwk(PUBLIC_PEM[4] as string), jwk(PUBLIC_PEM[3] as string)] })),
        'TOKEN_KEY_INVALID',
        'key holds 2 keys; send the one public key the PASETO was signed for (no list of keys is tried)',
      );
    });

    it('refuses a secret, and a missing key, each naming the field', async () => {
      await expectDomainErrorAsync(
        verifier.execute({ value: byName('4-S-1').token, format: 'paseto', secret: 'hunter2' }),
        'TOKEN_KEY_INVALID',
        'secret is not used by format paseto, which is checked with a public key as key',
      );
      await expectDomainErrorAsync(
        verifier.execute({ value: byName('4-S-1').token, format: 'paseto' }),
        'TOKEN_KEY_INVALID',
        'key is required for format paseto: the public key it was signed with',
      );
    });

    it('answers malformed for a body shorter than the signature, or a value that is no PASETO', async () => {
      const short = await verify('v4.public.AAAA', PUBLIC_PEM[4] as string);
      expect(short.reason).toEqual({ code: 'malformed', message: "value's body is shorter than a v4 signature" });
      const other = await verify('v5.public.AAAA', PUBLIC_PEM[4] as string);
      expect(other.reason?.code).toBe('malformed');
    });
  });
});
