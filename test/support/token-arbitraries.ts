// Values of each grammar of contract §12's table, made here with their checksums and signatures computed, then now and
// then mutated: what /token/identify and /token/verify must answer with 200 or 400, never 5xx. Every signature is
// deterministic (HMAC, AES-CBC with a drawn IV, Ed25519), so that the same seed gives the same values in every run.
//
// The signers below make them with node:crypto, an implementation independent of the core's @noble/hashes and Web Crypto
// code, each as its library writes it: itsdangerous's Signer (itsdangerous/signer.py), Django's Signer
// (django/core/signing.py), cookie-signature's sign (tj/node-cookie-signature index.js), Fernet's Generating section
// (fernet/spec Spec.md) and PASETO v4.public (paseto-spec docs/01-Protocol-Versions/Version4.md).
import fc from 'fast-check';
import { createCipheriv, createHash, createHmac, createPrivateKey, sign, type KeyObject } from 'node:crypto';
import { crc32, deflateSync } from 'node:zlib';
import { TOKEN_FORMATS, VERIFY_FORMATS, type TokenFormat, type VerifyFormat } from '../../src/core/tokens/vocabulary.js';
import { RFC8037_A1, RFC8037_A2 } from '../vectors/jose-keys.js';
import { JWT_IO_TOKEN } from './fixtures.js';

const BASE62 = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';
const BASE64URL = `${BASE62}-_`;
const BASE32 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';
const BASE36 = '0123456789abcdefghijklmnopqrstuvwxyz';

const pick = <const T extends readonly unknown[]>(...values: T): fc.Arbitrary<T[number]> => fc.constantFrom(...values);
const of = (alphabet: string, minLength: number, maxLength = minLength) =>
  fc.string({ unit: fc.constantFrom(...alphabet), minLength, maxLength });
const b64url = (bytes: Uint8Array | string): string => Buffer.from(bytes).toString('base64url');

export type Digest = 'sha1' | 'sha256';
export type Derivation = 'concat' | 'django-concat' | 'hmac' | 'none';

/** itsdangerous's `Signer.derive_key`. */
export function itsdangerousKey(secret: string, salt: string, derivation: Derivation, digest: Digest): Buffer {
  switch (derivation) {
    case 'concat':
      return createHash(digest).update(salt).update(secret).digest();
    case 'django-concat':
      return createHash(digest).update(salt).update('signer').update(secret).digest();
    case 'hmac':
      return createHmac(digest, secret).update(salt).digest();
    case 'none':
      return Buffer.from(secret);
  }
}

/** `Signer(secret, salt, key_derivation, digest_method).sign(text)`: `text.signature`. */
export function itsdangerousSign(text: string, secret: string, salt: string, derivation: Derivation, digest: Digest): string {
  const key = itsdangerousKey(secret, salt, derivation, digest);
  return `${text}.${b64url(createHmac(digest, key).update(text).digest())}`;
}

/** itsdangerous's timestamp: the big-endian bytes of the integer, leading zero bytes dropped, base64url. */
export function itsdangerousTimestamp(seconds: number): string {
  const bytes: number[] = [];
  for (let rest = seconds; rest > 0; rest = Math.floor(rest / 256)) bytes.unshift(rest % 256);
  return b64url(new Uint8Array(bytes));
}

/** A Flask session cookie: `URLSafeTimedSerializer(secret, salt="cookie-session", hmac derivation, SHA-1)`. */
export const flaskCookie = (json: string, secret: string, seconds: number): string =>
  itsdangerousSign(`${b64url(Buffer.from(json))}.${itsdangerousTimestamp(seconds)}`, secret, 'cookie-session', 'hmac', 'sha1');

/** Django's `b62_encode`, for a positive integer. */
export function base62(value: number): string {
  let text = '';
  for (let rest = value; rest > 0; rest = Math.floor(rest / 62)) text = `${BASE62[rest % 62] as string}${text}`;
  return text === '' ? '0' : text;
}

/** Django's `Signer(key=secret, salt=salt, algorithm=digest).sign(text)`: `text:signature`. */
export function djangoSign(text: string, secret: string, salt: string, digest: Digest = 'sha256'): string {
  const key = createHash(digest).update(`${salt}signer${secret}`).digest();
  return `${text}:${b64url(createHmac(digest, key).update(text).digest())}`;
}

/** cookie-signature's `sign(value, secret)`, with cookie-parser's `s:` prefix. */
export const expressSign = (value: string, secret: string): string =>
  `s:${value}.${createHmac('sha256', secret).update(value).digest('base64').replace(/=+$/, '')}`;

/** A Fernet token of `message` under a 32-byte key, at `seconds`, with `iv`. */
export function fernetToken(message: Uint8Array, key: Uint8Array, seconds: bigint, iv: Uint8Array): string {
  const cipher = createCipheriv('aes-128-cbc', key.subarray(16, 32), iv);
  const ciphertext = Buffer.concat([cipher.update(message), cipher.final()]);
  const timestamp = Buffer.alloc(8);
  timestamp.writeBigUInt64BE(seconds);
  const signed = Buffer.concat([Buffer.from([0x80]), timestamp, iv, ciphertext]);
  const token = Buffer.concat([signed, createHmac('sha256', key.subarray(0, 16)).update(signed).digest()]);
  // Padded base64url, as Python's urlsafe_b64encode writes it.
  return token.toString('base64').replaceAll('+', '-').replaceAll('/', '_');
}

/** PASETO's PAE, written again here from the specification (docs/01-Protocol-Versions/Common.md). */
function pae(pieces: readonly Buffer[]): Buffer {
  const le64 = (n: number): Buffer => {
    const out = Buffer.alloc(8);
    out.writeBigUInt64LE(BigInt(n));
    return out;
  };
  return Buffer.concat([le64(pieces.length), ...pieces.flatMap((piece) => [le64(piece.length), piece])]);
}

/** `v4.public`, signed with an Ed25519 private key over PAE(header, message, footer, implicit assertion). */
export function pasetoV4Sign(message: string, privateKey: KeyObject, footer = '', implicit = ''): string {
  const header = 'v4.public.';
  const body = Buffer.from(message);
  const signature = sign(null, pae([Buffer.from(header), body, Buffer.from(footer), Buffer.from(implicit)]), privateKey);
  const token = `${header}${b64url(Buffer.concat([body, signature]))}`;
  return footer === '' ? token : `${token}.${b64url(Buffer.from(footer))}`;
}

/** GitHub's and npm's checksummed tokens: 30 random base62 characters, then their CRC-32 in base62 (contract §12, row 1). */
const checksummed = (prefix: fc.Arbitrary<string>) =>
  fc.tuple(prefix, of(BASE62, 30)).map(([start, random]) => `${start}${random}${base62(crc32(random)).padStart(6, '0')}`);

/** The secrets the signed values below are made with: the verify arbitraries send one of them, right or wrong. */
export const TOKEN_SECRETS = ['secret-key', 'CHANGEME', 'predictable-secret', 'tobiiscool', ''] as const;
const secret = pick(...TOKEN_SECRETS.slice(0, 4));
const NOW_S = 1_700_000_000;

const jsonPayload = fc.jsonValue({ maxDepth: 2 }).map((value) => JSON.stringify(value) ?? 'null');
const jsonObjectPayload = fc
  .dictionary(fc.string({ maxLength: 8 }), fc.jsonValue({ maxDepth: 1 }), { maxKeys: 3 })
  .map((value) => JSON.stringify(value));
/** A payload segment: base64url, or `.` and base64url of its zlib deflate (a compressed payload). */
const payloadSegment = (json: fc.Arbitrary<string>) =>
  fc.tuple(json, fc.boolean()).map(([text, compressed]) => (compressed ? `.${b64url(deflateSync(text))}` : b64url(text)));
const signedAt = fc.oneof(fc.integer({ min: NOW_S - 10 ** 8, max: NOW_S + 10 ** 6 }), fc.integer({ min: 1, max: 399_999_999 }));

const itsdangerous = fc
  .tuple(payloadSegment(jsonPayload), signedAt, pick('sha1', 'sha256'), secret, fc.boolean())
  .map(([payload, at, digest, key, timed]) => {
    const value = timed ? `${payload}.${itsdangerousTimestamp(at)}` : payload;
    return itsdangerousSign(value, key, 'itsdangerous', 'django-concat', digest);
  });

const flaskSession = fc
  .tuple(payloadSegment(jsonObjectPayload), signedAt, secret)
  .map(([payload, at, key]) => itsdangerousSign(`${payload}.${itsdangerousTimestamp(at)}`, key, 'cookie-session', 'hmac', 'sha1'));

const djangoSigned = fc
  .tuple(fc.oneof(payloadSegment(jsonPayload), fc.stringMatching(/^[^:\s]{1,12}$/)), signedAt, pick('sha1', 'sha256'), secret, fc.boolean())
  .map(([payload, at, digest, key, timed]) => {
    const salt = timed ? 'django.core.signing' : 'django.core.signing.Signer';
    return djangoSign(timed ? `${payload}:${base62(at)}` : payload, key, salt, digest);
  });

const expressSignedCookie = fc
  .tuple(
    fc.oneof(
      fc.stringMatching(/^[\w-]{1,16}$/),
      jsonObjectPayload.map((json) => `j:${json}`),
    ),
    secret,
    fc.boolean(),
  )
  .map(([value, key, encoded]) => {
    const signed = expressSign(value, key);
    return encoded ? encodeURIComponent(signed) : signed;
  });

/** A Fernet key (44 base64url characters) from a drawn 32 bytes: the first 16 sign, the last 16 encrypt. */
export const fernetKey = fc.uint8Array({ minLength: 32, maxLength: 32 }).map((bytes) => b64url(bytes) + '=');
const fernet = fc
  .tuple(fernetKey, fc.uint8Array({ minLength: 16, maxLength: 16 }), fc.integer({ min: 0, max: 2 ** 40 }), fc.string({ maxLength: 40 }))
  .map(([key, iv, at, message]) => fernetToken(Buffer.from(message), Buffer.from(key, 'base64url'), BigInt(at), iv));

/** RFC 8037 A.1's Ed25519 key: its public half, as a JWK, verifies the v4.public tokens below. */
export const PASETO_PUBLIC_KEY = JSON.stringify(RFC8037_A2);
const ED25519 = createPrivateKey({ key: RFC8037_A1, format: 'jwk' });
const claimTime = fc
  .integer({ min: NOW_S - 10 ** 7, max: NOW_S + 10 ** 7 })
  .map((at) => new Date(at * 1000).toISOString().replace('.000', ''));
const pasetoPublic = fc
  .tuple(
    fc.record({ sub: fc.string({ maxLength: 8 }), exp: claimTime, nbf: claimTime, iat: claimTime }, { requiredKeys: ['sub'] }),
    fc.option(fc.oneof(fc.constant('{"kid":"k4.pid.key-1"}'), fc.string({ maxLength: 12 })), { nil: undefined }),
    fc.string({ maxLength: 8 }),
  )
  // An empty footer is left out, with its dot.
  .map(([claims, footer, assertion]) => pasetoV4Sign(JSON.stringify(claims), ED25519, footer ?? '', assertion));
const paseto = fc.oneof(
  { arbitrary: pasetoPublic, weight: 3 },
  {
    arbitrary: fc
      .tuple(pick('v1', 'v2', 'v3', 'v4'), fc.constant('local'), fc.uint8Array({ minLength: 100, maxLength: 200 }))
      .map(([version, purpose, bytes]) => `${version}.${purpose}.${b64url(bytes)}`),
    weight: 1,
  },
);

const PASERK_TYPES = [
  'lid',
  'pid',
  'sid',
  'local',
  'public',
  'secret',
  'seal',
  'local-wrap',
  'secret-wrap',
  'local-pw',
  'secret-pw',
] as const;

/** Routable GitLab tokens: a base64url payload, an optional version, the payload's length and a CRC-32, in base36. */
const gitlabRoutable = fc
  .tuple(
    fc.dictionary(pick('c', 'o', 'u'), of(BASE36, 1, 6), { maxKeys: 3 }),
    of(BASE62, 16, 24),
    fc.option(of(BASE36, 2), { nil: undefined }),
  )
  .map(([lines, random, version]) => {
    const payload = b64url(
      `${random}\n${Object.entries(lines)
        .map(([name, value]) => `${name}:${value}`)
        .join('\n')}`,
    );
    const start = `glpat-${payload}.${version === undefined ? '' : `${version}.`}${payload.length.toString(36).padStart(2, '0')}`;
    return `${start}${crc32(start).toString(36).padStart(7, '0')}`;
  });

/** One arbitrary of well-formed values per format of contract §12's table, checksums and signatures made. */
export const TOKEN_VALUES: { readonly [F in TokenFormat]: fc.Arbitrary<string> } = {
  github_token: checksummed(pick('ghp_', 'gho_', 'ghu_', 'ghs_', 'ghr_')),
  github_fine_grained_token: fc.tuple(of(BASE62, 22), of(BASE62, 59)).map(([a, b]) => `github_pat_${a}_${b}`),
  npm_token: checksummed(fc.constant('npm_')),
  gitlab_token: fc.oneof(
    of(BASE64URL, 20).map((random) => `glpat-${random}`),
    gitlabRoutable,
  ),
  aws_access_key_id: fc
    .tuple(pick('AKIA', 'ASIA', 'AIDA', 'AROA', 'AGPA', 'ANPA', 'ANVA', 'AIPA', 'ACCA', 'APKA', 'ASCA', 'ABIA'), of(BASE32, 16))
    .map(([prefix, rest]) => prefix + rest),
  stripe_key: fc.oneof(
    fc.tuple(pick('sk_', 'rk_', 'pk_'), pick('live_', 'test_'), of(BASE62, 10, 40)).map((parts) => parts.join('')),
    of(`${BASE62}+/=`, 32, 48).map((rest) => `whsec_${rest}`),
  ),
  slack_token: fc
    .tuple(pick('xoxb-', 'xoxp-', 'xoxa-', 'xoxr-', 'xoxc-', 'xoxe.xoxp-', 'xoxe-', 'xapp-'), of(`${BASE62}-`, 1, 60))
    .map(([prefix, rest]) => prefix + rest),
  pypi_token: of(BASE64URL, 1, 80).map((rest) => `pypi-AgEIcHlwaS5vcmc${rest}`),
  itsdangerous,
  flask_session: flaskSession,
  django_signed: djangoSigned,
  express_signed_cookie: expressSignedCookie,
  fernet,
  paseto,
  paserk: fc
    .tuple(pick('k1', 'k2', 'k3', 'k4'), pick(...PASERK_TYPES), fc.uint8Array({ minLength: 1, maxLength: 48 }))
    .map(([version, type, data]) => `${version}.${type}.${b64url(data)}`),
};

/** A well-formed value of any format, or now and then a JWT (which identify points to /jwt/decode). */
export const tokenValue: fc.Arbitrary<string> = fc.oneof(
  ...TOKEN_FORMATS.map((format) => ({ arbitrary: TOKEN_VALUES[format], weight: 4 })),
  { arbitrary: fc.constant(JWT_IO_TOKEN), weight: 1 },
);

/** One small change: a character replaced, added or removed, the value cut, cased otherwise, padded or prefixed. */
const mutation = (value: string): fc.Arbitrary<string> =>
  fc.oneof(
    fc
      .tuple(fc.nat(Math.max(0, value.length - 1)), fc.string({ unit: 'binary', minLength: 1, maxLength: 1 }))
      .map(([at, character]) => value.slice(0, at) + character + value.slice(at + 1)),
    fc
      .tuple(fc.nat(value.length), pick('.', ':', '=', '_', '-', 'A', '%', ' ', '\u00e9'))
      .map(([at, c]) => value.slice(0, at) + c + value.slice(at)),
    fc.nat(Math.max(0, value.length - 1)).map((at) => value.slice(0, at) + value.slice(at + 1)),
    fc.nat(value.length).map((at) => value.slice(0, at)),
    fc.constant(value.toUpperCase()),
    fc.constant(` \n${value}\t `),
    pick('Bearer ', 'session=', '"').map((prefix) => prefix + value),
    fc.constant(value.repeat(2)),
  );

/** A value of a §12 grammar, as made, or (about half the time) mutated once or twice. */
export const mutatedTokenValue: fc.Arbitrary<string> = tokenValue.chain((value) =>
  fc.oneof(fc.constant(value), mutation(value), mutation(value).chain(mutation)),
);

/** The formats of /token/verify, each with its own values (made with one of `TOKEN_SECRETS`), mutated now and then. */
export const verifyValue = (format: VerifyFormat): fc.Arbitrary<string> =>
  TOKEN_VALUES[format].chain((value) => fc.oneof({ arbitrary: fc.constant(value), weight: 3 }, { arbitrary: mutation(value), weight: 1 }));

/** A body of /token/verify: a format's value with a secret or key, right or wrong, and options now and then. */
export const verifyBody: fc.Arbitrary<Record<string, unknown>> = pick(...VERIFY_FORMATS).chain((format) =>
  fc.record(
    {
      value: verifyValue(format),
      format: fc.oneof(
        { arbitrary: fc.constant<string>(format), weight: 8 },
        { arbitrary: pick(...VERIFY_FORMATS, 'jwt', 'Flask'), weight: 1 },
      ),
      secret: format === 'fernet' ? fc.oneof(fernetKey, pick(...TOKEN_SECRETS)) : pick(...TOKEN_SECRETS),
      key: pick(PASETO_PUBLIC_KEY, '{"kty":"OKP","crv":"Ed25519","x":"AA"}', '-----BEGIN PUBLIC KEY-----\nAAAA\n-----END PUBLIC KEY-----'),
      salt: pick('itsdangerous', 'cookie-session', 'django.core.signing', ''),
      key_derivation: pick('concat', 'django-concat', 'hmac', 'none', 'other'),
      digest: pick('sha1', 'sha256', 'md5'),
      max_age: fc.oneof(fc.integer({ min: -10, max: 10 ** 9 }), fc.constant(0)),
      implicit_assertion: fc.string({ maxLength: 8 }),
    },
    { requiredKeys: ['value', 'format'] },
  ),
);
