import { HmacKnownSecrets } from '../../../../../src/adapters/driven/known-secrets/hmac-known-secrets.js';
import { DecodeJwt } from '../../../../../src/core/jwt/use-cases/decode-jwt.js';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  CompactSign,
  FlattenedSign,
  GeneralSign,
  SignJWT,
  exportJWK,
  exportPKCS8,
  exportSPKI,
  generateKeyPair,
  importPKCS8,
  type CryptoKey,
} from 'jose';
import { createHash, createPublicKey } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { JoseSignatureVerifier } from '../../../../../src/adapters/driven/jose-signature-verifier.js';
import { NodeKeyCodec } from '../../../../../src/adapters/driven/node-key-codec.js';
import { VerifyJwt } from '../../../../../src/core/jwt/use-cases/verify-jwt.js';
import { expectDomainErrorAsync } from '../../../../support/domain-error.js';
import { FixedClock } from '../../../../support/fakes.js';
import { RFC7516_JWE, RFC7519_3_1_TOKEN, tokenOf } from '../../../../support/fixtures.js';
import { RFC7515_A1_KEY } from '../../../../vectors/jose-keys.js';

const NOW = 1_800_000_000;
const clock = new FixedClock(NOW * 1000);
const decoder = (at: FixedClock) => new DecodeJwt(at, new HmacKnownSecrets());
const keyCodec = new NodeKeyCodec();
const verifier = new VerifyJwt(clock, new JoseSignatureVerifier(), keyCodec, decoder(clock));

interface Pair {
  readonly alg: string;
  readonly privateKey: CryptoKey;
  readonly jwk: Record<string, unknown>;
  readonly pem: string;
}

const pairs: Record<string, Pair> = {};
async function pair(alg: string, options: Parameters<typeof generateKeyPair>[1] = {}): Promise<Pair> {
  const { publicKey, privateKey } = await generateKeyPair(alg, { extractable: true, ...options });
  return { alg, privateKey, jwk: { ...(await exportJWK(publicKey)) }, pem: await exportSPKI(publicKey) };
}

const sign = (p: Pair, claims: Record<string, unknown> = {}, header: Record<string, unknown> = {}) =>
  new SignJWT({ sub: 'user-1', ...claims })
    .setProtectedHeader({ alg: p.alg, ...header })
    .setIssuedAt(NOW - 60)
    .sign(p.privateKey);

beforeAll(async () => {
  pairs.RS256 = await pair('RS256', { modulusLength: 2048 });
  pairs.ES256 = await pair('ES256');
  pairs.ES384 = await pair('ES384');
  pairs.EdDSA = await pair('Ed25519');
  pairs.PS256 = await pair('PS256', { modulusLength: 2048 });
  // Ed25519 keys sign as EdDSA or, per RFC 9864, as Ed25519.
  pairs.EdDSA = { ...pairs.EdDSA, alg: 'EdDSA' };
});

const verify = (token: string, key: string, options: Record<string, string> = {}) => verifier.execute({ token, key, ...options });

describe('verification with a public key', () => {
  it.each(['RS256', 'ES256', 'ES384', 'EdDSA', 'PS256'])('verifies a %s token with its JWK and with its PEM', async (alg) => {
    const p = pairs[alg]!;
    const token = await sign(p, { exp: NOW + 60 }, { kid: 'k1' });
    for (const key of [JSON.stringify(p.jwk), p.pem]) {
      expect(await verify(token, key)).toEqual({
        valid: true,
        reason: null,
        algorithm: alg,
        key_id: 'k1',
        header: { alg, kid: 'k1' },
        payload: { sub: 'user-1', exp: NOW + 60, iat: NOW - 60 },
        source: 'verify',
      });
    }
  });

  it('tries every key of a set that matches a token without kid, and keeps jose’s error when none verifies', async () => {
    const other = await pair('ES256');
    const token = await sign(pairs.ES256!, { exp: NOW + 60 });
    const expired = await sign(pairs.ES256!, { exp: NOW - 60 });
    expect((await verify(token, JSON.stringify({ keys: [other.jwk, pairs.ES256!.jwk] }))).valid).toBe(true);
    expect((await verify(expired, JSON.stringify({ keys: [other.jwk, pairs.ES256!.jwk] }))).reason?.code).toBe('expired');
    expect((await verify(token, JSON.stringify({ keys: [other.jwk, other.jwk] }))).reason).toEqual({
      code: 'key_not_found',
      message: 'several keys in the JWK Set match the token and none verifies it; give the token a kid',
    });
  });

  it('verifies with a PKCS #1 RSA PUBLIC KEY, read by the same reader as /jwt/inspect-key', async () => {
    const pkcs1 = createPublicKey(pairs.RS256!.pem).export({ type: 'pkcs1', format: 'pem' });
    expect((await verify(await sign(pairs.RS256!), pkcs1)).valid).toBe(true);
  });

  it('refuses a tampered payload and a tampered signature', async () => {
    const token = await sign(pairs.ES256!);
    const [header, , signature] = token.split('.');
    const forged = `${header}.${Buffer.from('{"sub":"admin"}').toString('base64url')}.${signature}`;
    expect((await verify(forged, pairs.ES256!.pem)).reason?.code).toBe('signature_invalid');
    const flipped = `${token.slice(0, -5)}${token.at(-5) === 'A' ? 'B' : 'A'}${token.slice(-4)}`;
    expect((await verify(flipped, pairs.ES256!.pem)).reason).toEqual({
      code: 'signature_invalid',
      message: 'the signature does not verify with this key',
    });
  });

  it('refuses a token signed by another key of the same kind', async () => {
    const other = await pair('ES256');
    expect((await verify(await sign(other), pairs.ES256!.pem)).reason?.code).toBe('signature_invalid');
  });

  it.each([
    ['an RS256 token and an EC key', 'RS256', 'ES256', 'RS256'],
    ['an ES384 token and a P-256 key', 'ES384', 'ES256', 'ES384'],
    ['an EdDSA token and an RSA key', 'EdDSA', 'RS256', 'EdDSA'],
  ])('says key_mismatch for %s', async (_label, tokenAlg, keyAlg, alg) => {
    const result = await verify(await sign(pairs[tokenAlg]!), pairs[keyAlg]!.pem);
    expect(result.reason).toEqual({ code: 'key_mismatch', message: `the key cannot verify ${alg} signatures` });
  });

  it('never verifies alg none', async () => {
    const unsigned = tokenOf('{"alg":"none"}', `{"sub":"x","exp":${NOW + 60}}`, '');
    expect(await verify(unsigned, pairs.ES256!.pem)).toMatchObject({
      valid: false,
      reason: { code: 'algorithm_not_allowed', message: 'alg is none: an unsigned token never verifies' },
    });
  });

  it('applies the algorithms allow-list', async () => {
    const token = await sign(pairs.ES256!);
    expect((await verify(token, pairs.ES256!.pem, { algorithms: 'ES256, EdDSA' })).valid).toBe(true);
    expect((await verify(token, pairs.ES256!.pem, { algorithms: 'RS256,PS256' })).reason).toEqual({
      code: 'algorithm_not_allowed',
      message: 'alg ES256 is not among the allowed algorithms (RS256, PS256)',
    });
  });

  it.each([
    ['exp one second ago', { exp: NOW - 1 }, {}, 'expired'],
    ['exp now', { exp: NOW }, {}, 'expired'],
    ['exp a second ago within a tolerance of 5 s', { exp: NOW - 1 }, { clock_tolerance: '5' }, null],
    ['a string exp', { exp: 'tomorrow' }, {}, 'expired'],
    ['nbf in a minute', { nbf: NOW + 60 }, {}, 'not_yet_valid'],
    ['nbf in a minute within a tolerance of 60 s', { nbf: NOW + 60 }, { clock_tolerance: '60' }, null],
    ['another issuer', { iss: 'https://a.example' }, { issuer: 'https://b.example' }, 'issuer_mismatch'],
    ['the issuer asked for', { iss: 'https://a.example' }, { issuer: 'https://a.example' }, null],
    ['no iss when one is asked for', {}, { issuer: 'https://a.example' }, 'issuer_mismatch'],
    ['another audience', { aud: 'api' }, { audience: 'web,mobile' }, 'audience_mismatch'],
    ['one of the audiences', { aud: ['x', 'mobile'] }, { audience: 'web,mobile' }, null],
  ])('checks %s', async (_label, claims, options, code) => {
    const result = await verify(await sign(pairs.ES256!, claims), pairs.ES256!.pem, options);
    expect(result.reason?.code ?? null).toBe(code);
    expect(result.valid).toBe(code === null);
  });

  describe('a JWK Set', () => {
    const set = (...keys: Array<Record<string, unknown>>) => JSON.stringify({ keys });

    it('selects the key by kid', async () => {
      const keys = set({ ...pairs.ES256!.jwk, kid: 'a' }, { ...pairs.ES384!.jwk, kid: 'b' }, { ...pairs.RS256!.jwk, kid: 'c' });
      expect((await verify(await sign(pairs.ES384!, {}, { kid: 'b' }), keys)).valid).toBe(true);
      expect((await verify(await sign(pairs.RS256!, {}, { kid: 'c' }), keys)).valid).toBe(true);
    });

    it('selects the key by alg when the token has no kid', async () => {
      const keys = set({ ...pairs.ES256!.jwk, kid: 'a' }, { ...pairs.EdDSA!.jwk, kid: 'b' });
      expect((await verify(await sign(pairs.EdDSA!), keys)).valid).toBe(true);
    });

    it('says key_not_found when no key matches', async () => {
      const keys = set({ ...pairs.ES256!.jwk, kid: 'a' });
      expect((await verify(await sign(pairs.ES256!, {}, { kid: 'zzz' }), keys)).reason?.code).toBe('key_not_found');
      expect((await verify(await sign(pairs.RS256!), keys)).reason?.code).toBe('key_not_found');
    });
  });

  it('verifies with an X.509 certificate', async (context) => {
    const dir = mkdtempSync(join(tmpdir(), 'tsjwt-cert-'));
    try {
      const made = spawnSync(
        'openssl',
        ['req', '-x509', '-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:P-256', '-nodes', '-subj', '/CN=test', '-days', '1'].concat([
          '-keyout',
          join(dir, 'key.pem'),
          '-out',
          join(dir, 'cert.pem'),
        ]),
      );
      if (made.error || made.status !== 0) {
        console.warn('#### openssl is missing: the certificate test is skipped ####');
        context.skip();
      }
      const privateKey = await importPKCS8(readFileSync(join(dir, 'key.pem'), 'utf8'), 'ES256');
      const token = await new SignJWT({ sub: 'x' }).setProtectedHeader({ alg: 'ES256' }).sign(privateKey);
      expect((await verify(token, readFileSync(join(dir, 'cert.pem'), 'utf8'))).valid).toBe(true);
      expect((await verify(token, pairs.ES256!.pem)).valid).toBe(false);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('RFC 7515 appendix A, verified with the published keys', () => {
  // The examples expire in 2011 (exp 1300819380); the clock is set before that.
  const early = new VerifyJwt(
    new FixedClock(1_300_000_000_000),
    new JoseSignatureVerifier(),
    keyCodec,
    decoder(new FixedClock(1_300_000_000_000)),
  );
  const PAYLOAD = 'eyJpc3MiOiJqb2UiLA0KICJleHAiOjEzMDA4MTkzODAsDQogImh0dHA6Ly9leGFtcGxlLmNvbS9pc19yb290Ijp0cnVlfQ';
  const RS256 = {
    token: `eyJhbGciOiJSUzI1NiJ9.${PAYLOAD}.cC4hiUPoj9Eetdgtv3hF80EGrhuB__dzERat0XF9g2VtQgr9PJbu3XOiZj5RZmh7AAuHIm4Bh-0Qc_lF5YKt_O8W2Fp5jujGbds9uJdbF9CUAr7t1dnZcAcQjbKBYNX4BAynRFdiuB--f_nZLgrnbyTyWzO75vRK5h6xBArLIARNPvkSjtQBMHlb1L07Qe7K0GarZRmB_eSN9383LcOLn6_dO--xi12jzDwusC-eOkHWEsqtFZESc6BfI7noOPqvhJ1phCnvWh6IeYI2w9QOYEUipUTI8np6LbgGY9Fs98rqVt5AXLIhWkWywlVmtVrBp0igcN_IoypGlUPQGe77Rw`,
    key: {
      kty: 'RSA',
      e: 'AQAB',
      n: 'ofgWCuLjybRlzo0tZWJjNiuSfb4p4fAkd_wWJcyQoTbji9k0l8W26mPddxHmfHQp-Vaw-4qPCJrcS2mJPMEzP1Pt0Bm4d4QlL-yRT-SFd2lZS-pCgNMsD1W_YpRPEwOWvG6b32690r2jZ47soMZo9wGzjb_7OMg0LOL-bSf63kpaSHSXndS5z5rexMdbBYUsLA9e-KXBdQOS-UTo7WTBEMa2R2CapHg665xsmtdVMTBQY4uDZlxvb3qCo5ZwKh9kG4LT6_I5IhlJH7aGhyxXFvUK-DWNmoudF8NAco9_h9iaGNj8q2ethFkMLs91kzk2PAcDTW9gb54h4FRWyuXpoQ',
    },
  };
  const ES256 = {
    token: `eyJhbGciOiJFUzI1NiJ9.${PAYLOAD}.DtEhU3ljbEg8L38VWAfUAqOyKAM6-Xx-F4GawxaepmXFCgfTjDxw5djxLa8ISlSApmWQxfKTUJqPP3-Kg6NU1Q`,
    key: { kty: 'EC', crv: 'P-256', x: 'f83OJ3D2xF1Bg8vub9tLe1gHMzV76e8Tus9uPHvRVEU', y: 'x_FEzRu9m36HLN_tue659LNpXW6pCyStikYjKIWI5a0' },
  };

  it.each([
    ['A.2 (RS256)', RS256],
    ['A.3 (ES256)', ES256],
  ])('verifies %s', async (_label, example) => {
    const result = await early.execute({ token: example.token, key: JSON.stringify(example.key) });
    expect(result).toMatchObject({ valid: true, reason: null, payload: { iss: 'joe', exp: 1_300_819_380 } });
  });

  it('finds the same examples expired today', async () => {
    expect((await verifier.execute({ token: ES256.token, key: JSON.stringify(ES256.key) })).reason?.code).toBe('expired');
  });
});

describe('keys and options that are refused', () => {
  const token = () => sign(pairs.ES256!);

  it.each([
    [
      'a symmetric JWK, from a URL',
      '{"kty":"oct","k":"c2VjcmV0"}',
      'KEY_SYMMETRIC',
      'key is a symmetric secret (an oct JWK), which must not be sent in a URL: a secret in a URL leaks into proxies, logs and browser history; send it in a POST body instead',
    ],
    [
      'a private EC JWK',
      () => JSON.stringify({ ...pairs.ES256!.jwk, d: 'AAAA' }),
      'KEY_PRIVATE',
      /private key: send only the public key, and never send a private key/,
    ],
    ['a PEM private key', async () => exportPKCS8(pairs.ES256!.privateKey), 'KEY_PRIVATE', /private key/],
    [
      'a JWK Set with a private key',
      () => JSON.stringify({ keys: [pairs.ES256!.jwk, { ...pairs.RS256!.jwk, d: 'AAAA' }] }),
      'KEY_PRIVATE',
      /private key/,
    ],
    ['a JWK Set with a secret', () => JSON.stringify({ keys: [{ kty: 'oct', k: 'AAAA' }] }), 'KEY_SYMMETRIC', /symmetric/],
    ['text that is neither JSON nor PEM', 'hello', 'KEY_INVALID', 'key: must be a JWK or JWK Set (JSON), or PEM text'],
    ['an empty key', '  ', 'KEY_INVALID', 'key: must not be empty'],
    ['a JSON array', '[1]', 'KEY_INVALID', 'key: must be a JWK or JWK Set (JSON), or PEM text'],
    ['an unknown kty', '{"kty":"XYZ"}', 'KEY_INVALID', 'key: the JWK has kty "XYZ", which is not RSA, EC, OKP or oct'],
    [
      'an unknown curve',
      '{"kty":"EC","crv":"P-999","x":"AA","y":"AA"}',
      'KEY_INVALID',
      'key: the JWK has crv "P-999", which is not P-256, P-384 or P-521',
    ],
    [
      'an X25519 key',
      '{"kty":"OKP","crv":"X25519","x":"hSDwCYkwp1R0i33ctD73Wg2_Og0mOBr066SpjqqbTmo"}',
      'KEY_UNSUPPORTED',
      'key: the JWK is an OKP X25519 key, which cannot verify JWS signatures',
    ],
    ['an empty JWK Set', '{"keys":[]}', 'KEY_INVALID', 'key: keys must be an array of 1 to 100 JWKs'],
    [
      'a broken PEM',
      '-----BEGIN PUBLIC KEY-----\nAAAA\n-----END PUBLIC KEY-----',
      'KEY_INVALID',
      'key: block 0 is a PEM PUBLIC KEY that does not parse',
    ],
    [
      'an encrypted PEM key',
      '-----BEGIN ENCRYPTED PRIVATE KEY-----\nAAAA\n-----END ENCRYPTED PRIVATE KEY-----',
      'KEY_INVALID',
      /^key: block 0 is a PEM ENCRYPTED PRIVATE KEY, which is not read;/,
    ],
    ['a key over 16 KiB', 'x'.repeat(16 * 1024 + 1), 'KEY_TOO_LONG', 'key is longer than 16 KiB'],
  ] as const)('refuses %s', async (_label, key, code, message) => {
    const text = typeof key === 'function' ? await key() : key;
    await expectDomainErrorAsync(verify(await token(), text), code, message);
  });

  it.each([
    [
      { algorithms: 'HS256,none,HS1' },
      'algorithms may list only HS256, HS384, HS512, RS256, RS384, RS512, PS256, PS384, PS512, ES256, ES384, ES512, EdDSA, Ed25519; not none, HS1',
    ],
    [{ algorithms: 'ES256,,RS256' }, 'algorithms must be a comma-separated list with no empty entries'],
    [{ audience: 'a,' }, 'audience must be a comma-separated list with no empty entries'],
    [{ issuer: ' ' }, 'issuer must not be empty'],
    [{ clock_tolerance: '301' }, 'clock_tolerance must be a whole number of seconds from 0 to 300'],
    [{ clock_tolerance: '1.5' }, 'clock_tolerance must be a whole number of seconds from 0 to 300'],
    [{ clock_tolerance: '-1' }, 'clock_tolerance must be a whole number of seconds from 0 to 300'],
  ])('refuses the option %j', async (options, message) => {
    await expectDomainErrorAsync(verify(await token(), pairs.ES256!.pem, options), 'VERIFY_OPTION_INVALID', message);
  });

  it('reads the token exactly as decode does', async () => {
    await expectDomainErrorAsync(
      verify(RFC7516_JWE, pairs.ES256!.pem),
      'TOKEN_ENCRYPTED',
      /^token is an encrypted JWE and cannot be verified/,
    );
    expect((await verify(`Bearer ${await token()}`, pairs.ES256!.pem)).valid).toBe(true);
  });
});

// jwt.io's debugger's default token and its secret (https://jwt.io/, the HS256 example as of 2025).
const JWT_IO_SECRET = 'a-string-secret-at-least-256-bits-long';
const JWT_IO_HS256 =
  'eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJzdWIiOiIxMjM0NTY3ODkwIiwibmFtZSI6IkpvaG4gRG9lIiwiYWRtaW4iOnRydWUsImlhdCI6MTUxNjIzOTAyMn0.KMUFsIDTnFmyG3nMiGM6H9FNFUROf3wh7SmqJp-QV30';
const octOf = (secret: string): string => JSON.stringify({ kty: 'oct', k: Buffer.from(secret).toString('base64url') });

describe('HMAC tokens, with a secret from a request body (contract §4b)', () => {
  const fromBody = (input: { token: string; key?: string; secret?: string; algorithms?: string }) =>
    verifier.execute(input, { carrier: 'private' });
  const hmac = (alg: string, secret: string) => new SignJWT({ sub: 'user-1' }).setProtectedHeader({ alg }).sign(Buffer.from(secret));

  it("verifies jwt.io's example with its secret, as a string and as an oct JWK", async () => {
    for (const input of [{ secret: JWT_IO_SECRET }, { key: octOf(JWT_IO_SECRET) }]) {
      expect(await fromBody({ token: JWT_IO_HS256, ...input })).toMatchObject({
        valid: true,
        reason: null,
        algorithm: 'HS256',
        payload: { sub: '1234567890', name: 'John Doe', admin: true },
      });
    }
  });

  it('verifies RFC 7515 A.1 (HS256) with its published oct JWK, until its exp', async () => {
    const early = new VerifyJwt(
      new FixedClock(1_300_000_000_000),
      new JoseSignatureVerifier(),
      keyCodec,
      decoder(new FixedClock(1_300_000_000_000)),
    );
    const a1 = { token: RFC7519_3_1_TOKEN, key: JSON.stringify(RFC7515_A1_KEY) };
    expect(await early.execute(a1, { carrier: 'private' })).toMatchObject({ valid: true, payload: { iss: 'joe' } });
    expect((await fromBody(a1)).reason?.code).toBe('expired');
  });

  it.each(['HS256', 'HS384', 'HS512'])('verifies %s, and not with another secret', async (alg) => {
    const secret = `${alg}-secret-long-enough-for-every-hmac-algorithm-${'x'.repeat(32)}`;
    const token = await hmac(alg, secret);
    expect(await fromBody({ token, secret })).toMatchObject({ valid: true, algorithm: alg });
    expect(await fromBody({ token, key: octOf(secret) })).toMatchObject({ valid: true, algorithm: alg });
    expect(await fromBody({ token, secret: `${secret}!` })).toMatchObject({
      valid: false,
      reason: { code: 'signature_invalid', message: 'the signature does not verify with this key' },
    });
  });

  it('takes the secret as given, never trimmed, as its UTF-8 bytes', async () => {
    const secret = ` ünïcödé secret with spaces around it, 32 bytes and more `;
    const token = await hmac('HS256', secret);
    expect((await fromBody({ token, secret })).valid).toBe(true);
    expect((await fromBody({ token, secret: secret.trim() })).reason?.code).toBe('signature_invalid');
  });

  it('answers key_mismatch for a secret with a token that is not HMAC, and for a public key with one that is', async () => {
    const es256 = await sign(pairs.ES256!);
    expect(await fromBody({ token: es256, secret: JWT_IO_SECRET })).toMatchObject({
      valid: false,
      reason: { code: 'key_mismatch', message: 'the key cannot verify ES256 signatures' },
    });
    expect((await fromBody({ token: es256, key: octOf(JWT_IO_SECRET) })).reason?.code).toBe('key_mismatch');
    expect((await fromBody({ token: JWT_IO_HS256, key: pairs.ES256!.pem })).reason?.code).toBe('key_mismatch');
  });

  it('checks algorithms, which may now list the HMAC ones', async () => {
    expect((await fromBody({ token: JWT_IO_HS256, secret: JWT_IO_SECRET, algorithms: 'HS384,HS512' })).reason?.code).toBe(
      'algorithm_not_allowed',
    );
    expect((await fromBody({ token: JWT_IO_HS256, secret: JWT_IO_SECRET, algorithms: 'HS256' })).valid).toBe(true);
  });

  it.each([
    ['a call that does not say where its input came from', undefined],
    ['a URL', 'url' as const],
  ])('refuses a secret or an oct JWK from %s', async (_label, carrier) => {
    const leaks = 'a secret in a URL leaks into proxies, logs and browser history; send it in a POST body instead';
    await expectDomainErrorAsync(
      verifier.execute({ token: JWT_IO_HS256, secret: JWT_IO_SECRET }, { carrier }),
      'KEY_SYMMETRIC',
      `secret must not be sent in a URL: ${leaks}`,
    );
    await expectDomainErrorAsync(
      verifier.execute({ token: JWT_IO_HS256, key: octOf(JWT_IO_SECRET) }, { carrier }),
      'KEY_SYMMETRIC',
      `key is a symmetric secret (an oct JWK), which must not be sent in a URL: ${leaks}`,
    );
    await expectDomainErrorAsync(
      verifier.execute({ token: JWT_IO_HS256, key: JSON.stringify({ keys: [pairs.ES256!.jwk, JSON.parse(octOf('s'))] }) }, { carrier }),
      'KEY_SYMMETRIC',
      `key is a symmetric secret (an oct JWK), which must not be sent in a URL: ${leaks}`,
    );
  });

  it('refuses a secret or an oct JWK from a command-line argument in words for the command line', async () => {
    const history = 'a secret in a command-line argument stays in shell history; pass it on standard input instead';
    await expectDomainErrorAsync(
      verifier.execute({ token: JWT_IO_HS256, secret: JWT_IO_SECRET }, { carrier: 'argument' }),
      'KEY_SYMMETRIC',
      `secret must not be passed as a command-line argument: ${history}`,
    );
    await expectDomainErrorAsync(
      verifier.execute({ token: JWT_IO_HS256, key: octOf(JWT_IO_SECRET) }, { carrier: 'argument' }),
      'KEY_SYMMETRIC',
      `key is a symmetric secret (an oct JWK), which must not be passed as a command-line argument: ${history}`,
    );
  });

  it.each([
    [
      { secret: JWT_IO_SECRET, key: octOf(JWT_IO_SECRET) },
      'give exactly one of key and secret, not both: key for a public key or an oct JWK, secret for an HMAC secret',
    ],
    [{}, 'give exactly one of key and secret: key for a public key or an oct JWK, secret for an HMAC secret'],
  ])('refuses %j, naming key and secret', async (input, message) => {
    await expectDomainErrorAsync(fromBody({ token: JWT_IO_HS256, ...input }), 'VERIFY_OPTION_INVALID', message);
  });

  it('takes a secret of 8192 characters, and refuses an empty one and one longer', async () => {
    const longest = 'k'.repeat(8192);
    expect((await fromBody({ token: await hmac('HS512', longest), secret: longest })).valid).toBe(true);
    await expectDomainErrorAsync(
      fromBody({ token: JWT_IO_HS256, secret: `${longest}k` }),
      'KEY_TOO_LONG',
      'secret is longer than 8192 characters',
    );
    await expectDomainErrorAsync(fromBody({ token: JWT_IO_HS256, secret: '' }), 'KEY_INVALID', 'secret must not be empty');
  });

  it('refuses a secret inside a JWK Set, which jose never selects', async () => {
    await expectDomainErrorAsync(
      fromBody({ token: JWT_IO_HS256, key: JSON.stringify({ keys: [JSON.parse(octOf(JWT_IO_SECRET))] }) }),
      'KEY_SYMMETRIC',
      'key: keys[0] is a symmetric secret, which a JWK Set here cannot hold: send the secret alone, as secret or as one oct JWK',
    );
  });

  it('verifies a JWS JSON serialization signed with a secret', async () => {
    const secret = JWT_IO_SECRET;
    const flattened = await new FlattenedSign(new TextEncoder().encode('{"sub":"1"}'))
      .setProtectedHeader({ alg: 'HS256' })
      .sign(Buffer.from(secret));
    expect(await fromBody({ token: JSON.stringify(flattened), secret })).toMatchObject({
      valid: true,
      algorithm: 'HS256',
      payload: { sub: '1' },
    });
    expect((await fromBody({ token: JSON.stringify(flattened), secret: 'another' })).reason?.code).toBe('signature_invalid');
  });
});

describe('options at their limits', () => {
  it('takes a clock_tolerance of 300 s with spaces around it', async () => {
    const token = await sign(pairs.ES256!);
    expect((await verify(token, pairs.ES256!.pem, { clock_tolerance: ' 300 ' })).valid).toBe(true);
  });

  it('reads a key of exactly 16 KiB for what it is, and refuses one byte more as too long', async () => {
    const token = await sign(pairs.ES256!);
    await expect(verify(token, 'x'.repeat(16 * 1024))).rejects.not.toMatchObject({ code: 'KEY_TOO_LONG' });
    await expectDomainErrorAsync(verify(token, 'x'.repeat(16 * 1024 + 1)), 'KEY_TOO_LONG', 'key is longer than 16 KiB');
  });

  it('names every algorithm it does not know', async () => {
    const token = await sign(pairs.ES256!);
    await expectDomainErrorAsync(
      verify(token, pairs.ES256!.pem, { algorithms: 'ES256,XS1,YS2' }),
      'VERIFY_OPTION_INVALID',
      /; not XS1, YS2$/,
    );
  });

  it('reports a header whose alg is not a string as no algorithm, and does not verify it', async () => {
    const result = await verify(tokenOf('{"alg":256}', '{"sub":"x"}'), pairs.ES256!.pem);
    expect(result.valid).toBe(false);
    expect(result.algorithm).toBeNull();
  });
});

describe('every signed JOSE form', () => {
  const encoder = new TextEncoder();
  const b64 = (text: string) => Buffer.from(text).toString('base64url');
  const claims = JSON.stringify({ sub: 'user-1', iat: NOW - 60, exp: NOW + 600 });

  describe('RFC 7515 A.6 and A.7, with the published keys', () => {
    const early = new VerifyJwt(
      new FixedClock(1_300_000_000_000),
      new JoseSignatureVerifier(),
      keyCodec,
      decoder(new FixedClock(1_300_000_000_000)),
    );
    const PAYLOAD = 'eyJpc3MiOiJqb2UiLA0KICJleHAiOjEzMDA4MTkzODAsDQogImh0dHA6Ly9leGFtcGxlLmNvbS9pc19yb290Ijp0cnVlfQ';
    const RS256_SIGNATURE =
      'cC4hiUPoj9Eetdgtv3hF80EGrhuB__dzERat0XF9g2VtQgr9PJbu3XOiZj5RZmh7AAuHIm4Bh-0Qc_lF5YKt_O8W2Fp5jujGbds9uJdbF9CUAr7t1dnZcAcQjbKBYNX4BAynRFdiuB--f_nZLgrnbyTyWzO75vRK5h6xBArLIARNPvkSjtQBMHlb1L07Qe7K0GarZRmB_eSN9383LcOLn6_dO--xi12jzDwusC-eOkHWEsqtFZESc6BfI7noOPqvhJ1phCnvWh6IeYI2w9QOYEUipUTI8np6LbgGY9Fs98rqVt5AXLIhWkWywlVmtVrBp0igcN_IoypGlUPQGe77Rw';
    const ES256_SIGNATURE = 'DtEhU3ljbEg8L38VWAfUAqOyKAM6-Xx-F4GawxaepmXFCgfTjDxw5djxLa8ISlSApmWQxfKTUJqPP3-Kg6NU1Q';
    const ES256_KEY = {
      kty: 'EC',
      crv: 'P-256',
      x: 'f83OJ3D2xF1Bg8vub9tLe1gHMzV76e8Tus9uPHvRVEU',
      y: 'x_FEzRu9m36HLN_tue659LNpXW6pCyStikYjKIWI5a0',
    };
    const A6 = JSON.stringify({
      payload: PAYLOAD,
      signatures: [
        { protected: 'eyJhbGciOiJSUzI1NiJ9', header: { kid: '2010-12-29' }, signature: RS256_SIGNATURE },
        { protected: 'eyJhbGciOiJFUzI1NiJ9', header: { kid: 'e9bc097a-ce51-4036-9562-d2ade882db0d' }, signature: ES256_SIGNATURE },
      ],
    });
    const A7 = JSON.stringify({
      payload: PAYLOAD,
      protected: 'eyJhbGciOiJFUzI1NiJ9',
      header: { kid: 'e9bc097a-ce51-4036-9562-d2ade882db0d' },
      signature: ES256_SIGNATURE,
    });

    it('verifies the general serialization by its second signature, and names that one', async () => {
      expect(await early.execute({ token: A6, key: JSON.stringify(ES256_KEY) })).toMatchObject({
        valid: true,
        reason: null,
        algorithm: 'ES256',
        key_id: 'e9bc097a-ce51-4036-9562-d2ade882db0d',
        payload: { iss: 'joe' },
      });
    });

    // RFC 7515 A.2.1: the RSA public key whose private half made A.6's first (RS256) signature.
    const RS256_KEY = {
      kty: 'RSA',
      n: 'ofgWCuLjybRlzo0tZWJjNiuSfb4p4fAkd_wWJcyQoTbji9k0l8W26mPddxHmfHQp-Vaw-4qPCJrcS2mJPMEzP1Pt0Bm4d4QlL-yRT-SFd2lZS-pCgNMsD1W_YpRPEwOWvG6b32690r2jZ47soMZo9wGzjb_7OMg0LOL-bSf63kpaSHSXndS5z5rexMdbBYUsLA9e-KXBdQOS-UTo7WTBEMa2R2CapHg665xsmtdVMTBQY4uDZlxvb3qCo5ZwKh9kG4LT6_I5IhlJH7aGhyxXFvUK-DWNmoudF8NAco9_h9iaGNj8q2ethFkMLs91kzk2PAcDTW9gb54h4FRWyuXpoQ',
      e: 'AQAB',
    };

    it('answers for the signature that verified when its claims fail: A.6 with the A.3 key is expired, ES256', async () => {
      expect(await verify(A6, JSON.stringify(ES256_KEY))).toMatchObject({
        valid: false,
        reason: { code: 'expired' },
        algorithm: 'ES256',
        key_id: 'e9bc097a-ce51-4036-9562-d2ade882db0d',
      });
    });

    it('answers A.6 with the A.2 key as expired under the first signature, RS256 and its kid', async () => {
      expect(await verify(A6, JSON.stringify(RS256_KEY))).toMatchObject({
        valid: false,
        reason: { code: 'expired' },
        algorithm: 'RS256',
        key_id: '2010-12-29',
      });
      expect(await early.execute({ token: A6, key: JSON.stringify(RS256_KEY) })).toMatchObject({ valid: true, key_id: '2010-12-29' });
    });

    it('verifies the flattened serialization, and checks its claims too', async () => {
      expect(await early.execute({ token: A7, key: JSON.stringify(ES256_KEY) })).toMatchObject({ valid: true, algorithm: 'ES256' });
      expect(await verify(A7, JSON.stringify(ES256_KEY))).toMatchObject({ valid: false, reason: { code: 'expired' } });
    });
  });

  it('verifies a general JWS of two signatures by the one its key made, and names the first when neither verifies', async () => {
    const jws = await new GeneralSign(encoder.encode(claims))
      .addSignature(pairs.ES256!.privateKey)
      .setProtectedHeader({ alg: 'ES256' })
      .setUnprotectedHeader({ kid: 'a' })
      .addSignature(pairs.EdDSA!.privateKey)
      .setProtectedHeader({ alg: 'EdDSA' })
      .setUnprotectedHeader({ kid: 'b' })
      .sign();
    const token = JSON.stringify(jws);
    expect(await verify(token, pairs.EdDSA!.pem)).toMatchObject({
      valid: true,
      algorithm: 'EdDSA',
      key_id: 'b',
      payload: { sub: 'user-1' },
    });
    expect(await verify(token, JSON.stringify({ keys: [{ ...pairs.EdDSA!.jwk, kid: 'b' }] }))).toMatchObject({ valid: true, key_id: 'b' });
    expect(await verify(token, pairs.RS256!.pem)).toMatchObject({ valid: false, algorithm: 'ES256', key_id: 'a' });
  });

  it('verifies a flattened JWS with an unprotected kid, and refuses it with a changed payload', async () => {
    const jws = await new FlattenedSign(encoder.encode(claims))
      .setProtectedHeader({ alg: 'ES256' })
      .setUnprotectedHeader({ kid: 'k' })
      .sign(pairs.ES256!.privateKey);
    expect(await verify(JSON.stringify(jws), pairs.ES256!.pem)).toMatchObject({ valid: true, key_id: 'k' });
    const tampered = { ...jws, payload: b64(JSON.stringify({ sub: 'admin' })) };
    expect(await verify(JSON.stringify(tampered), pairs.ES256!.pem)).toMatchObject({ valid: false, reason: { code: 'signature_invalid' } });
  });

  it('verifies the outer signature of a nested JWT and shows the inner token', async () => {
    const inner = await sign(pairs.EdDSA!, { exp: NOW + 60 });
    const outer = await new CompactSign(encoder.encode(inner))
      .setProtectedHeader({ alg: 'ES256', cty: 'JWT' })
      .sign(pairs.ES256!.privateKey);
    const result = await verify(outer, pairs.ES256!.pem);
    expect(result).toMatchObject({
      valid: true,
      algorithm: 'ES256',
      payload: null,
      nested: { algorithm: 'EdDSA', payload: { sub: 'user-1' } },
    });
    expect(await verify(outer, pairs.EdDSA!.pem)).toMatchObject({ valid: false });
  });

  describe('an SD-JWT with a holder key in cnf.jwk', () => {
    const disclosure = b64(JSON.stringify(['salt', 'given_name', 'Erika']));
    const digest = createHash('sha256').update(disclosure).digest('base64url');
    const issue = async (cnf: object) =>
      `${await sign(pairs.ES256!, { exp: NOW + 600, _sd: [digest], _sd_alg: 'sha-256', cnf: { jwk: cnf } }, { typ: 'dc+sd-jwt' })}~${disclosure}~`;
    const bind = async (presented: string, holder: Pair, sdHash = createHash('sha256').update(presented).digest('base64url')) =>
      `${presented}${await new SignJWT({ aud: 'https://verifier.example', nonce: 'n', sd_hash: sdHash })
        .setProtectedHeader({ alg: holder.alg, typ: 'kb+jwt' })
        .setIssuedAt(NOW - 10)
        .sign(holder.privateKey)}`;

    it('verifies the issuer signature and a key-binding JWT the holder key made', async () => {
      const token = await bind(await issue(pairs.EdDSA!.jwk), pairs.EdDSA!);
      const result = await verify(token, pairs.ES256!.pem);
      expect(result).toMatchObject({ valid: true, reason: null, algorithm: 'ES256', sd_jwt: { key_binding: { sd_hash_matches: true } } });
    });

    it.each([
      [
        'made by another key',
        async () => bind(await issue(pairs.EdDSA!.jwk), pairs.ES384!),
        /^the key-binding JWT does not verify with cnf\.jwk: /,
      ],
      [
        'with a wrong sd_hash',
        async () => bind(await issue(pairs.EdDSA!.jwk), pairs.EdDSA!, 'AAAA'),
        /sd_hash is missing or is not the hash/,
      ],
      [
        'with a cnf.jwk that is no public key',
        async () => bind(await issue({ kty: 'oct', k: 'c2VjcmV0' }), pairs.EdDSA!),
        "cnf.jwk cannot verify the key-binding JWT: it is a symmetric secret, not the holder's public key",
      ],
    ])('refuses a key-binding JWT %s as key_binding_invalid', async (_label, make, message) => {
      const result = await verify(await make(), pairs.ES256!.pem);
      expect(result).toMatchObject({ valid: false, reason: { code: 'key_binding_invalid' } });
      expect(result.reason?.message).toMatch(message);
    });

    it('checks the issuer signature first', async () => {
      const token = await bind(await issue(pairs.EdDSA!.jwk), pairs.EdDSA!);
      expect(await verify(token, pairs.RS256!.pem)).toMatchObject({ valid: false, reason: { code: 'key_mismatch' } });
    });
  });
});

describe('RFC 7520 §6 (the JOSE Cookbook), the signed JWT verified with the published public key', () => {
  // ietf-jose/cookbook 6.nesting_signatures_and_encryption.json: PS256 by hobbiton.example, exp 1300819380.
  const early = new VerifyJwt(
    new FixedClock(1_300_000_000_000),
    new JoseSignatureVerifier(),
    keyCodec,
    decoder(new FixedClock(1_300_000_000_000)),
  );
  const token =
    'eyJhbGciOiJQUzI1NiIsInR5cCI6IkpXVCJ9.eyJpc3MiOiJob2JiaXRvbi5leGFtcGxlIiwiZXhwIjoxMzAwODE5MzgwLCJodHRwOi8vZXhhbXBsZS5jb20vaXNfcm9vdCI6dHJ1ZX0.dPpMqwRZxFYi1UfcDAaf8M99o7kwUWtiXZ-ByvVuJih4MhJ_aZqciprz0OWaIAkIvn1qskChirjKvY9ESZNUCP4JjvfyPS-nqjJxYoA5ztWOyFk2cZNIPXjcJXSQwXPO9tEe-v4VSqgD0aKHqPxYog4N6Cz1lKph1U1sYDSI67_bLL7elg_vkjfMp5_W5l5LuUYGMeh6hxQIaIUXf9EwV2JmvTMuZ-vBOWy0Sniy1EFo72CRTvmtrIf5AROo5MNliY3KtUxeP-SOmD-LEYwW9SlkohYzMVAZDDOrVbv7KVRHpeYNaK75KEQqdCEEkS_rskZS-Qtt_nlegTWh1mEYaA';
  const key = JSON.stringify({
    kty: 'RSA',
    kid: 'hobbiton.example',
    use: 'sig',
    e: 'AQAB',
    n: 'kNrPIBDXMU6fcyv5i-QHQAQ-K8gsC3HJb7FYhYaw8hXbNJa-t8q0lDKwLZgQXYV-ffWxXJv5GGrlZE4GU52lfMEegTDzYTrRQ3tepgKFjMGg6Iy6fkl1ZNsx2gEonsnlShfzA9GJwRTmtKPbk1s-hwx1IU5AT-AIelNqBgcF2vE5W25_SGGBoaROVdUYxqETDggM1z5cKV4ZjDZ8-lh4oVB07bkac6LQdHpJUUySH_Er20DXx30Kyi97PciXKTS-QKXnmm8ivyRCmux22ZoPUind2BKC5OiG4MwALhaL2Z2k8CsRdfy-7dg7z41Rp6D0ZeEvtaUp4bX4aKraL4rTfw',
  });

  it('verifies before its expiry, and not once a bit of the signature is changed', async () => {
    expect(await early.execute({ token, key })).toMatchObject({
      valid: true,
      reason: null,
      algorithm: 'PS256',
      payload: { iss: 'hobbiton.example' },
    });
    // A character well inside the signature: the last one carries padding bits that decoding ignores.
    const at = token.length - 20;
    const tampered = `${token.slice(0, at)}${token[at] === 'A' ? 'B' : 'A'}${token.slice(at + 1)}`;
    expect((await early.execute({ token: tampered, key })).reason?.code).toBe('signature_invalid');
  });

  it('finds it expired today', async () => {
    expect((await verifier.execute({ token, key })).reason?.code).toBe('expired');
  });
});
