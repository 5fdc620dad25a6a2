// The generated part of the parity corpus (contract §11 "Parity"): for every procedure of the catalog, inputs that it
// answers and inputs that it refuses. Every input is a JSON value, what a remote call can carry. Keys are the published
// ones of test/vectors/jose-keys.ts, and every signature made here is deterministic (HMAC, RSASSA-PKCS1-v1_5, Ed25519),
// so that the same seed gives the same corpus in every run and every host.
import fc from 'fast-check';
import { createHash, createHmac, createPrivateKey, createPublicKey, sign, type KeyObject } from 'node:crypto';
import { DICTIONARY_VENDORS, PROFILE_NAMES } from '../../src/core/jwt/vocabulary.js';
import { SIGNING_ALGORITHMS } from '../../src/core/shared/algorithms.js';
import { DISAMBIGUATIONS, IDENTIFY_FORMATS, LARGEST_UNITS, OVERFLOWS, TIMESTAMP_UNITS } from '../../src/core/time/vocabulary.js';
import { JWT_IO_TOKEN, RFC7515_A3_KEY, RFC7515_A3_TOKEN, RFC7516_JWE, RFC7519_3_1_TOKEN, b64url } from './fixtures.js';
import type { Procedure } from './parity-corpus.js';
import { TEST_NOW_MS } from './service.js';
import {
  RFC7515_A2_KEY,
  RFC7515_A3_PRIVATE_KEY,
  RFC7517_A1,
  RFC7517_B,
  RFC7517_C1,
  RFC7520_3_2,
  RFC7520_3_5,
  RFC8037_A1,
  RFC9449_PROOF,
} from '../vectors/jose-keys.js';
import { VENDOR_TOKENS } from '../vectors/vendor-tokens.js';
import { mutatedTokenValue, verifyBody } from './token-arbitraries.js';
import { TOKEN_FORMATS } from '../../src/core/tokens/vocabulary.js';

const NOW_S = Math.floor(TEST_NOW_MS / 1000);
const S = 1_000_000_000n;
/** 0001-01-01T00:00:00Z and 9999-12-31T23:59:59Z, in seconds: the years every operation reads. */
const MIN_S = -62_135_596_800n;
const MAX_S = 253_402_300_799n;

/** Any JSON value, small: what a client may send in a member's place. */
const junk: fc.Arbitrary<unknown> = fc.jsonValue({ maxDepth: 2 });
/** Mostly `good`, now and then any JSON value in its place: the refusals of a member of the wrong type or form. */
const orJunk = <T>(good: fc.Arbitrary<T>, weight = 39): fc.Arbitrary<unknown> =>
  fc.oneof({ arbitrary: good, weight }, { arbitrary: junk, weight: 1 });
const pick = <const T extends readonly unknown[]>(...values: T): fc.Arbitrary<T[number]> => fc.constantFrom(...values);
/** Mostly one of `good`, now and then one of `bad`. */
const mostly = <const T extends readonly unknown[], const B extends readonly unknown[]>(good: T, bad: B, weight = 12) =>
  fc.oneof({ arbitrary: pick(...good), weight }, { arbitrary: pick(...bad), weight: 1 });
const text = (maxLength = 24) => fc.string({ unit: 'grapheme', maxLength });
/** `arbitrary` with the given chance, else undefined: a member left out (JSON drops it). */
const sometimes = <T>(arbitrary: fc.Arbitrary<T>, chance = 0.5): fc.Arbitrary<T | undefined> =>
  fc.oneof({ arbitrary, weight: Math.round(chance * 100) }, { arbitrary: fc.constant(undefined), weight: Math.round((1 - chance) * 100) });

/**
 * An input object: `required` members always, `optional` ones with the given chance, each now and then any JSON
 * value; and now and then a required member left out, or no object at all.
 */
function input(
  required: Record<string, fc.Arbitrary<unknown>>,
  optional: Record<string, fc.Arbitrary<unknown>> = {},
  chance = 0.5,
): fc.Arbitrary<unknown> {
  const members = {
    ...Object.fromEntries(Object.entries(required).map(([name, arbitrary]) => [name, orJunk(arbitrary)])),
    ...Object.fromEntries(Object.entries(optional).map(([name, arbitrary]) => [name, sometimes(orJunk(arbitrary), chance)])),
  };
  return fc.oneof(
    { arbitrary: fc.record(members), weight: 30 },
    { arbitrary: fc.record(members, { requiredKeys: [] }), weight: 1 },
    { arbitrary: fc.oneof(junk, fc.constant(undefined)), weight: 1 },
  );
}

// Time: zones, units, instants written every way the time operations read them.

const zone = fc.oneof(
  {
    arbitrary: pick('UTC', 'Europe/Berlin', 'America/New_York', 'Asia/Kolkata', 'Australia/Lord_Howe', 'Pacific/Apia', 'Asia/Kathmandu'),
    weight: 12,
  },
  {
    arbitrary: pick(
      '+05:45',
      '-00:00',
      '+14:00',
      '-12:00',
      '+24:00',
      'europe/BERLIN',
      'Etc/GMT+5',
      'Asia/Calcutta',
      'EST5EDT',
      'Europe/Kiev',
    ),
    weight: 3,
  },
  { arbitrary: fc.oneof(pick('Mars/Olympus', '', ' UTC', 'utc', 'Z', '+5'), text(12)), weight: 1 },
);
const unit = mostly(TIMESTAMP_UNITS, ['weeks', 'Seconds', 's', '']);
const disambiguation = mostly(DISAMBIGUATIONS, ['sometimes', 'EARLIER', '']);

const two = (n: number): string => String(n).padStart(2, '0');
const second = fc.oneof(
  { arbitrary: fc.bigInt({ min: MIN_S, max: MAX_S }), weight: 3 },
  { arbitrary: fc.bigInt({ min: -3_000_000_000n, max: 4_200_000_000n }), weight: 4 },
  // Around the DST changes of 2024 in Berlin and New York, where wall clocks skip and repeat.
  {
    arbitrary: fc
      .constantFrom(1_711_846_800n, 1_729_990_800n, 1_710_054_000n, 1_730_613_600n)
      .chain((at) => fc.bigInt({ min: at - 7200n, max: at + 7200n })),
    weight: 2,
  },
);
const fraction = fc.oneof(
  fc.constant(''),
  fc.bigInt({ min: 1n, max: S - 1n }).map((ns) => `.${ns.toString().padStart(9, '0').replace(/0+$/, '')}`),
);
const offset = fc.oneof(
  pick('Z', 'z', '+00:00', '-00:00', ''),
  fc
    .integer({ min: -1439, max: 1439 })
    .map((minutes) => `${minutes < 0 ? '-' : '+'}${two(Math.floor(Math.abs(minutes) / 60))}:${two(Math.abs(minutes) % 60)}`),
);
const suffix = fc.oneof(
  { arbitrary: fc.constant(''), weight: 6 },
  pick('[Europe/Berlin]', '[America/New_York]', '[!Asia/Tokyo]', '[u-ca=iso8601]', '[Mars/Olympus]'),
);

/** An RFC 3339 or RFC 9557 date-time, or nearly one. */
const dateTime = fc
  .tuple(second, fraction, offset, suffix, mostly(['T'], ['t', ' '], 6))
  .map(([at, part, zoneText, bracket, separator]) => {
    const iso = new Date(Number(at) * 1000).toISOString();
    return `${iso.slice(0, 10)}${separator}${iso.slice(11, 19)}${part}${zoneText}${bracket}`;
  });
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
const DAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];
/** A date as other software writes it: RFC 5322 and HTTP-date, Common Log Format, the date command, JavaScript, ISO week and ordinal dates. */
const writtenDate = fc.tuple(fc.bigInt({ min: -2_000_000_000n, max: 4_000_000_000n }), fc.nat(5)).map(([at, kind]) => {
  const date = new Date(Number(at) * 1000);
  const [y, mo, d, h, mi, s, wd] = [
    date.getUTCFullYear(),
    date.getUTCMonth(),
    date.getUTCDate(),
    date.getUTCHours(),
    date.getUTCMinutes(),
    date.getUTCSeconds(),
    date.getUTCDay(),
  ];
  const time = `${two(h)}:${two(mi)}:${two(s)}`;
  switch (kind) {
    case 0:
      return date.toUTCString();
    case 1:
      return `[${two(d)}/${MONTHS[mo]}/${y}:${time} +0000]`;
    case 2:
      return `${DAYS[wd]} ${MONTHS[mo]} ${String(d).padStart(2, ' ')} ${time} UTC ${y}`;
    case 3:
      return `${DAYS[wd]} ${MONTHS[mo]} ${two(d)} ${y} ${time} GMT+0000 (Coordinated Universal Time)`;
    case 4:
      return `${y}-${two(mo + 1)}-${two(d)} ${time}`;
    default:
      return `${y}-${two(mo + 1)}-${two(d)}`;
  }
});
const digits = (min: bigint, max: bigint) => fc.bigInt({ min, max }).map(String);
/** A Unix timestamp in any unit, and its near misses. */
const timestamp = fc.oneof(
  { arbitrary: digits(MIN_S, MAX_S), weight: 3 },
  { arbitrary: digits(MIN_S * 1000n, MAX_S * 1000n), weight: 2 },
  { arbitrary: digits(MIN_S * S, MAX_S * S), weight: 2 },
  {
    arbitrary: fc.oneof(
      digits(-(10n ** 30n), 10n ** 30n),
      pick('0', '-0', '+1700000000', '0001700000000', ' 1700000000', '1e9', '0x10', '1.5', '', '-', '１７００'),
    ),
    weight: 1,
  },
);
const hex = (length: number) =>
  fc.bigInt({ min: 0n, max: 16n ** BigInt(length) - 1n }).map((value) => value.toString(16).padStart(length, '0'));
const uuid = fc
  .tuple(hex(32), pick('1', '4', '6', '7', '8'), pick('8', '9', 'a', 'b', 'c'))
  .map(
    ([h, version, variant]) =>
      `${h.slice(0, 8)}-${h.slice(8, 12)}-${version}${h.slice(13, 16)}-${variant}${h.slice(17, 20)}-${h.slice(20)}`,
  );
const alphabet = (characters: string, length: number) =>
  fc.string({ unit: fc.constantFrom(...characters), minLength: length, maxLength: length });
/** A time-bearing ID: snowflake, FILETIME in hex, UUID, ULID, KSUID, ObjectId, TID. */
const identifier = fc.oneof(
  digits(10n ** 16n, 2n ** 63n - 1n),
  hex(16),
  uuid,
  uuid.map((value) => value.toUpperCase()),
  alphabet('0123456789ABCDEFGHJKMNPQRSTVWXYZ', 26),
  alphabet('0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz', 27),
  hex(24),
  alphabet('234567abcdefghijklmnopqrstuvwxyz', 13),
);
/** An instant as an operand takes it: a timestamp, a date-time, a written date or an ID. */
const instant = fc.oneof(
  { arbitrary: timestamp, weight: 4 },
  { arbitrary: dateTime, weight: 4 },
  { arbitrary: writtenDate, weight: 2 },
  { arbitrary: identifier, weight: 1 },
  { arbitrary: text(30), weight: 1 },
);
/** An instant as the operands of format, diff and add read it, mostly: a timestamp or a date-time. */
const operand = fc.oneof({ arbitrary: fc.oneof(timestamp, dateTime), weight: 8 }, { arbitrary: instant, weight: 1 });
const count = fc.oneof({ arbitrary: fc.bigInt({ min: 0n, max: 400n }), weight: 6 }, fc.bigInt({ min: 0n, max: 10n ** 12n }));
/** Units of a duration, each at most once and in ISO 8601's order: years, months, weeks, days; then hours, minutes, seconds. */
const units = (names: readonly string[]) =>
  fc
    .subarray([...names])
    .chain((chosen) => fc.tuple(...chosen.map((name) => count.map((n) => `${n}${name}`))).map((parts) => parts.join('')));
const duration = fc.oneof(
  {
    arbitrary: fc
      .tuple(
        mostly([''], ['-', '+'], 3),
        units(['Y', 'M', 'W', 'D']),
        units(['H', 'M']),
        fc.option(fc.tuple(count, fraction), { nil: undefined }),
        fc.boolean(),
      )
      .map(([sign, date, time, seconds, lower]) => {
        const clock = `${time}${seconds === undefined ? '' : `${seconds[0]}${seconds[1]}S`}`;
        const written = `${sign}P${date}${clock === '' ? '' : `T${clock}`}`;
        return lower ? written.toLowerCase() : written;
      }),
    weight: 8,
  },
  { arbitrary: pick('P1D', 'PT24H', 'P1M', 'P1Y', 'PT1.5S', 'P1H', 'P', 'PT', '1 day', 'P10001Y'), weight: 2 },
  { arbitrary: text(12), weight: 1 },
);

// Tokens: made from generated headers and claims, signed with the published keys, or damaged vectors.

const KEYS = {
  rsa: createPrivateKey({ key: RFC7515_A2_KEY, format: 'jwk' }),
  ed25519: createPrivateKey({ key: RFC8037_A1, format: 'jwk' }),
  p256: createPrivateKey({ key: RFC7515_A3_PRIVATE_KEY, format: 'jwk' }),
  p521: createPrivateKey({ key: RFC7520_3_2, format: 'jwk' }),
  rsaC1: createPrivateKey({ key: RFC7517_C1, format: 'jwk' }),
};
const publicJwk = (key: KeyObject): Record<string, unknown> => createPublicKey(key).export({ format: 'jwk' }) as Record<string, unknown>;
const spki = (key: KeyObject): string => createPublicKey(key).export({ type: 'spki', format: 'pem' }).toString();
const pkcs8 = (key: KeyObject): string => key.export({ type: 'pkcs8', format: 'pem' }).toString();
/** The secrets test tokens are signed with: three publicly known ones that check_secrets tries (jwt.io's two defaults, `secret`), and one that is not. */
const SECRETS = ['your-256-bit-secret', 'secret', 'a-string-secret-at-least-256-bits-long', 'parity-secret-parity-secret-parity-secret!'];

const HASH_OF: Record<string, string> = {
  HS256: 'sha256',
  HS384: 'sha384',
  HS512: 'sha512',
  RS256: 'sha256',
  RS384: 'sha384',
  RS512: 'sha512',
};

/** A compact JWS of a header and a payload text, signed as its alg says where that is deterministic, else with junk. */
function signed(header: Record<string, unknown>, payloadText: string, secret: string): string {
  const signingInput = `${b64url(JSON.stringify(header))}.${b64url(payloadText)}`;
  const alg = header.alg;
  let signature: Buffer;
  if (alg === 'HS256' || alg === 'HS384' || alg === 'HS512')
    signature = createHmac(HASH_OF[alg] ?? 'sha256', secret)
      .update(signingInput)
      .digest();
  else if (alg === 'RS256' || alg === 'RS384' || alg === 'RS512')
    signature = sign(HASH_OF[alg] ?? 'sha256', Buffer.from(signingInput), KEYS.rsa);
  else if (alg === 'EdDSA' || alg === 'Ed25519') signature = sign(null, Buffer.from(signingInput), KEYS.ed25519);
  else if (alg === 'none') signature = Buffer.alloc(0);
  else signature = createHash('sha512').update(signingInput).digest().subarray(0, 64);
  return `${signingInput}.${signature.toString('base64url')}`;
}

const ISSUERS = [...VENDOR_TOKENS.map((vendor) => vendor.payload.iss), 'https://server.example.com', 'https://op.example', 'joe'];
const claimTime = fc.oneof(
  { arbitrary: fc.integer({ min: NOW_S - 400_000_000, max: NOW_S + 400_000_000 }), weight: 5 },
  { arbitrary: fc.integer({ min: NOW_S - 400, max: NOW_S + 400 }), weight: 3 },
  { arbitrary: pick(0, -1, 1.5, 1e20, 253_402_300_800, '1800000000', null), weight: 1 },
);
const claims = fc.record(
  {
    iss: fc.oneof(pick(...ISSUERS), text(16)),
    sub: fc.oneof(text(12), fc.integer()),
    aud: fc.oneof(pick('api', 's6BhdRkqt3', 'client-1'), fc.array(pick('api', 'web', 'client-1'), { maxLength: 3 })),
    exp: claimTime,
    nbf: claimTime,
    iat: claimTime,
    auth_time: claimTime,
    jti: text(8),
    nonce: pick('n-0S6_WzA2Mj', 'abc'),
    azp: pick('client-1', 'other'),
    client_id: pick('client-1', 's6BhdRkqt3'),
    scope: pick('openid profile', 'read write'),
    htm: pick('POST', 'GET'),
    htu: pick('https://server.example.com/token', 'https://a.example/x?y#z'),
    sid: text(8),
    events: fc.oneof(fc.constant({ 'http://schemas.openid.net/event/backchannel-logout': {} }), junk),
    cnf: fc.oneof(fc.constant({ jkt: '0ZcOCORZNYy-DWpqq30jZyJGHTN0d2HglBV3uiguA4I' }), fc.constant({ jwk: RFC8037_A1 }), junk),
    tid: fc.uuid(),
    groups: fc.array(fc.uuid(), { maxLength: 2 }),
    [`extra`]: junk,
  },
  { requiredKeys: [] },
);
const claimSet = fc.tuple(claims, fc.dictionary(text(8), junk, { maxKeys: 3 })).map(([registered, other]) => ({ ...other, ...registered }));
const rarely = <T>(arbitrary: fc.Arbitrary<T>) => sometimes(arbitrary, 0.08);
const header = fc.record({
  alg: fc.oneof(
    { arbitrary: pick('HS256', 'HS384', 'HS512', 'RS256', 'RS384', 'EdDSA', 'Ed25519', 'none'), weight: 16 },
    { arbitrary: pick('ES256', 'PS256', 'Ed448', 'None', 'A128KW'), weight: 2 },
    { arbitrary: junk, weight: 1 },
  ),
  typ: sometimes(
    mostly(['JWT', 'at+jwt', 'application/at+jwt', 'dpop+jwt', 'logout+jwt', 'secevent+jwt', 'dc+sd-jwt'], ['JOSE', 1, null], 8),
  ),
  kid: sometimes(fc.oneof(pick('2011-04-29', 'k', ''), text(8)), 0.3),
  jku: rarely(pick('https://attacker.example/jwks.json')),
  x5u: rarely(pick('https://attacker.example/cert.pem')),
  jwk: rarely(pick(publicJwk(KEYS.ed25519), publicJwk(KEYS.p256), { kty: 'oct', k: 'c2VjcmV0' })),
  crit: rarely(fc.oneof(pick(['b64'], ['exp'], []), junk)),
  b64: rarely(fc.boolean()),
  zip: rarely(pick('DEF')),
});
/** A compact JWS of a generated header and claim set, signed; now and then with a payload that is not JSON, or a nested token (cty JWT). */
const jws = fc
  .tuple(
    header,
    fc.oneof(
      { arbitrary: claimSet.map((set) => [JSON.stringify(set), undefined] as const), weight: 16 },
      { arbitrary: text(20).map((payload) => [payload, undefined] as const), weight: 1 },
      {
        arbitrary: pick(JWT_IO_TOKEN, RFC7515_A3_TOKEN, RFC7516_JWE).chain((inner) =>
          mostly(['JWT'], ['jwt', 'text/plain'], 4).map((cty) => [inner, cty] as const),
        ),
        weight: 2,
      },
    ),
    pick(...SECRETS),
  )
  .map(([h, [payload, cty], secret]) => signed(cty === undefined ? h : { ...h, cty }, payload, secret));
/** A vector token with one character changed, dropped or repeated. */
const damaged = fc
  .tuple(
    pick(JWT_IO_TOKEN, RFC7515_A3_TOKEN, RFC7519_3_1_TOKEN, RFC7516_JWE, RFC9449_PROOF),
    fc.nat(400),
    fc.nat(63),
    pick('flip', 'cut', 'repeat'),
  )
  .map(([token, at, by, kind]) => {
    const where = at % token.length;
    const characters = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_.~';
    if (kind === 'cut') return token.slice(0, where) + token.slice(where + 1);
    if (kind === 'repeat') return token.slice(0, where) + token.slice(where);
    return token.slice(0, where) + (characters[by] ?? 'A') + token.slice(where + 1);
  });
/** An SD-JWT: a token whose _sd holds the digests of its disclosures (or not), then the disclosures, then perhaps a key binding JWT. */
const sdJwt = fc
  .tuple(
    fc.array(fc.tuple(text(6), text(8), junk), { maxLength: 3 }),
    claims,
    fc.boolean(),
    fc.option(
      fc.constant(signed({ alg: 'EdDSA', typ: 'kb+jwt' }, JSON.stringify({ iat: NOW_S, aud: 'api', nonce: 'n', sd_hash: 'x' }), '')),
      { nil: undefined },
    ),
  )
  .map(([entries, registered, digestsMatch, keyBinding]) => {
    const disclosures = entries.map((entry) => b64url(JSON.stringify(entry)));
    const digests = disclosures.map((disclosure) =>
      createHash('sha256')
        .update(digestsMatch ? disclosure : `${disclosure}x`)
        .digest('base64url'),
    );
    const token = signed(
      { alg: 'EdDSA', typ: 'dc+sd-jwt' },
      JSON.stringify({ ...registered, _sd: digests, _sd_alg: 'sha-256', cnf: { jwk: publicJwk(KEYS.ed25519) } }),
      '',
    );
    return `${token}~${disclosures.map((disclosure) => `${disclosure}~`).join('')}${keyBinding ?? ''}`;
  });
/** A JWS or JWE in JSON serialization, flattened or general. */
const jsonSerialization = fc.tuple(jws, fc.nat(3)).map(([token, kind]) => {
  const [protectedHeader = '', payload = '', signature = ''] = token.split('.');
  if (kind === 0) return JSON.stringify({ payload, protected: protectedHeader, signature });
  if (kind === 1)
    return JSON.stringify({
      payload,
      signatures: [
        { protected: protectedHeader, signature },
        { header: { kid: 'x' }, signature },
      ],
    });
  if (kind === 2)
    return JSON.stringify({
      protected: b64url('{"enc":"A128GCM"}'),
      header: { alg: 'dir' },
      iv: 'AxY8DCtDaGlsbGljb3RoZQ',
      ciphertext: payload,
      tag: signature.slice(0, 22),
    });
  return `{"payload":"${payload}"`;
});
const token = fc.oneof(
  { arbitrary: jws, weight: 16 },
  { arbitrary: damaged, weight: 2 },
  { arbitrary: sdJwt, weight: 3 },
  { arbitrary: jsonSerialization, weight: 3 },
  { arbitrary: pick(RFC7516_JWE, `${RFC7516_JWE}.x`, 'a.b', 'a.b.c.d.e', '', ' ', '\ufeffeyJhbGciOiJub25lIn0.e30.'), weight: 1 },
  { arbitrary: text(40), weight: 1 },
);

// Keys: the published ones as JWKs, JWK Sets and PEM, now and then changed or damaged.

const PRIVATE_JWKS: readonly Record<string, unknown>[] = [RFC7515_A2_KEY, RFC7515_A3_PRIVATE_KEY, RFC8037_A1, RFC7520_3_2, RFC7517_C1];
const PUBLIC_JWKS: readonly Record<string, unknown>[] = [
  publicJwk(KEYS.rsa),
  publicJwk(KEYS.ed25519),
  publicJwk(KEYS.p256),
  publicJwk(KEYS.p521),
  JSON.parse(RFC7515_A3_KEY) as Record<string, unknown>,
  ...RFC7517_A1.keys,
  RFC7517_B,
];
const jwk = fc
  .tuple(
    fc.oneof({ arbitrary: pick(...PUBLIC_JWKS), weight: 3 }, pick(...PRIVATE_JWKS), pick(RFC7520_3_5, { kty: 'oct', k: 'c2VjcmV0' })),
    fc.record({
      kid: sometimes(fc.oneof(pick('2011-04-29', 'k'), text(8)), 0.3),
      alg: sometimes(mostly(SIGNING_ALGORITHMS, ['RSA-OAEP', 'none']), 0.2),
      use: sometimes(mostly(['sig'], ['enc', 'x'], 3), 0.2),
      key_ops: rarely(pick(['verify'], ['sign', 'encrypt'], 'verify')),
      x5c: rarely(pick(['MIIB'], RFC7517_B.x5c, [])),
    }),
    rarely(pick('kty', 'crv', 'x', 'y', 'n', 'e', 'k')),
  )
  .map(([key, extra, dropped]) => Object.fromEntries(Object.entries({ ...key, ...extra }).filter(([name]) => name !== dropped)));
const certificatePem = (base64: string): string =>
  `-----BEGIN CERTIFICATE-----\n${base64.replace(/.{64}/g, '$&\n')}\n-----END CERTIFICATE-----\n`;
const CERTIFICATE = RFC7517_B.x5c[0] ?? '';
const pem = fc.oneof(
  pick(...Object.values(KEYS).map(spki)),
  pick(...Object.values(KEYS).map(pkcs8)),
  pick(KEYS.rsa.export({ type: 'pkcs1', format: 'pem' }).toString(), KEYS.p256.export({ type: 'sec1', format: 'pem' }).toString()),
  fc.constant(certificatePem(CERTIFICATE)),
  // RFC 7517 B's certificate with one base64 character changed.
  fc
    .tuple(fc.nat(CERTIFICATE.length - 1), pick('A', 'B', '/', '+'))
    .map(([at, character]) => certificatePem(CERTIFICATE.slice(0, at) + character + CERTIFICATE.slice(at + 1))),
);
/** A key as verify, inspect-key and validate take it: a JWK, a JWK Set, or PEM text. */
const keyText = fc.oneof(
  { arbitrary: jwk.map((key) => JSON.stringify(key)), weight: 4 },
  { arbitrary: fc.array(jwk, { maxLength: 3 }).map((keys) => JSON.stringify({ keys })), weight: 2 },
  { arbitrary: pem, weight: 3 },
  {
    arbitrary: fc.oneof(pick('{}', '{"keys":[]}', '[]', 'null', '-----BEGIN PUBLIC KEY-----\nAAAA\n-----END PUBLIC KEY-----'), text(30)),
    weight: 1,
  },
);
/** A token the key procedures can work on: mostly a signed compact JWS, now and then any token. */
const signedToken = fc.oneof({ arbitrary: jws, weight: 8 }, { arbitrary: token, weight: 1 });
const commaList = <T extends string>(values: readonly T[]) =>
  fc.array(pick(...values, 'XS256'), { minLength: 1, maxLength: 3 }).map((list) => list.join(','));
const relative = fc.oneof(fc.integer({ min: -1e9, max: 1e9 }), pick('PT1H', '-PT1M', 'P1W2DT3H', 'P1Y', 'PT1.5S', ' 60 ', 'x', 4e9));
const jsonObject = fc.dictionary(text(6), junk, { maxKeys: 4 });

/**
 * For every procedure of the catalog, its inputs, answered and refused. The mapped type makes a procedure without one
 * a compile error; test/parity/parity.test.ts checks the same at run time.
 */
export const GENERATORS: { readonly [P in Procedure]: fc.Arbitrary<unknown> } = {
  'unixTimestamp.now': fc.oneof(fc.constant(undefined), input({}, { tz: zone })),
  'unixTimestamp.toUtc': input({ timestamp }, { unit, tz: zone }),
  'unixTimestamp.toUnix': input(
    { datetime: fc.oneof({ arbitrary: dateTime, weight: 12 }, writtenDate, text(30)) },
    { tz: zone, disambiguation },
  ),
  'unixTimestamp.identify': input(
    { value: instant },
    { format: mostly(IDENTIFY_FORMATS, ['unix_weeks', 'FILETIME']), tz: zone, disambiguation },
    0.3,
  ),
  'unixTimestamp.format': fc.oneof(
    { arbitrary: input({ timestamp }, { unit, tz: zone, disambiguation }), weight: 4 },
    { arbitrary: input({ datetime: fc.oneof(dateTime, writtenDate, identifier) }, { tz: zone, disambiguation }), weight: 4 },
    { arbitrary: input({ timestamp, datetime: dateTime }), weight: 1 },
  ),
  'unixTimestamp.diff': input(
    { from: operand, to: operand },
    { unit, tz: zone, disambiguation, largest_unit: mostly(LARGEST_UNITS, ['fortnights', 'Days']) },
    0.3,
  ),
  'unixTimestamp.add': input(
    { from: operand, duration },
    { unit, tz: zone, disambiguation, overflow: mostly(OVERFLOWS, ['wrap', '']) },
    0.3,
  ),
  'jwt.decode': input({ token }, { check_secrets: mostly([true, false, 'true', 'false'], ['yes', 1]) }),
  'jwt.verify': fc.oneof(
    {
      arbitrary: input(
        { token: signedToken, key: keyText },
        {
          issuer: fc.oneof(pick(...ISSUERS), text(8)),
          audience: pick('api', 'api,web', 'client-1', ''),
          algorithms: commaList(SIGNING_ALGORITHMS),
          clock_tolerance: mostly(['0', '30', '300'], ['301', '-1', '1.5', 'x']),
        },
        0.25,
      ),
      weight: 8,
    },
    {
      arbitrary: input(
        { token: signedToken, secret: mostly(SECRETS, ['', 'short']) },
        { algorithms: commaList(['HS256', 'HS384', 'HS512']), clock_tolerance: pick('0', '60') },
        0.25,
      ),
      weight: 4,
    },
    { arbitrary: input({ token: signedToken, key: keyText, secret: pick(...SECRETS) }), weight: 1 },
  ),
  'jwt.claims': fc.oneof(
    fc.constant(undefined),
    input(
      {},
      {
        name: fc.oneof(
          { arbitrary: pick('exp', 'tid', 'groups', 'x5t#S256', 'cnf', 'EXP', '__proto__', 'kid'), weight: 6 },
          pick(''),
          text(10),
        ),
        vendor: mostly(DICTIONARY_VENDORS, ['azure', 'Entra']),
      },
    ),
  ),
  'jwt.inspectKey': input({ key: keyText }, { token: signedToken }, 0.4),
  'jwt.validate': input(
    { token: fc.oneof({ arbitrary: jws, weight: 6 }, { arbitrary: pick(RFC9449_PROOF), weight: 1 }, { arbitrary: token, weight: 1 }) },
    {
      profile: mostly(PROFILE_NAMES, ['other', 'id_token']),
      issuer: pick(...ISSUERS),
      audience: pick('api', 'client-1', 's6BhdRkqt3,api'),
      nonce: mostly(['n-0S6_WzA2Mj', 'abc'], ['', '\u0001']),
      access_token: pick('jHkWEdUXMU1BwAsC4vtUsZwnNvTIxEl0z9K3vx5KF0Y', 'x'),
      code: pick('Qcb0Orv1zh30vL1MPRsbm-diHiMwcLyZvn1arpZv-Jxf_11jnpEX3Tgfvk', 'x'),
      state: pick('af0ifjsldkj'),
      max_age: mostly(['3600', '0', '1234567890'], ['x']),
      htm: pick('POST', 'GET', 'post'),
      htu: mostly(['https://server.example.com/token', 'https://SERVER.example.com:443/token?x'], ['not a url']),
      jkt: pick('0ZcOCORZNYy-DWpqq30jZyJGHTN0d2HglBV3uiguA4I', 'x'),
      key: keyText,
      clock_tolerance: mostly(['0', '60'], ['301']),
    },
    0.12,
  ),
  'jwt.sign': fc.oneof(
    {
      arbitrary: input(
        {
          payload: jsonObject.chain((extra) => claimSet.map((set) => ({ ...extra, ...set }))),
          secret: mostly(SECRETS.slice(2), ['short', SECRETS[0] ?? '']),
        },
        {
          header: jsonObject,
          alg: mostly(['HS256', 'HS384', 'HS512'], ['RS256']),
          expires_in: relative,
          not_before_in: relative,
          issued_at: fc.boolean(),
        },
        0.3,
      ),
      weight: 3,
    },
    {
      arbitrary: input(
        {
          payload: claimSet,
          key: fc.oneof(
            { arbitrary: pick(...PRIVATE_JWKS), weight: 3 },
            { arbitrary: pick(...PRIVATE_JWKS.map((key) => JSON.stringify(key))), weight: 2 },
            { arbitrary: pick(...Object.values(KEYS).map(pkcs8)), weight: 2 },
            { arbitrary: pick(...PUBLIC_JWKS), weight: 1 },
          ),
        },
        { header: jsonObject, alg: mostly(SIGNING_ALGORITHMS, ['none', 'Ed448'], 4), expires_in: relative, issued_at: fc.boolean() },
        0.3,
      ),
      weight: 3,
    },
    {
      arbitrary: input(
        { token: fc.oneof(pick(JWT_IO_TOKEN, RFC7519_3_1_TOKEN, RFC7515_A3_TOKEN, RFC9449_PROOF), jws), secret: pick(...SECRETS.slice(2)) },
        {
          set: jsonObject,
          unset: fc.array(pick('exp', 'iat', 'iss', 'sub', 'x'), { maxLength: 3 }),
          expires_in: relative,
          not_before_in: relative,
          issued_at: fc.boolean(),
        },
        0.3,
      ),
      weight: 2,
    },
    {
      // A generated pair: RSA keys take long to make, so they come less often.
      arbitrary: input(
        {
          payload: claimSet,
          generate: fc.constant(true),
          alg: mostly(['ES256', 'ES384', 'ES512', 'EdDSA', 'Ed25519'], ['RS256', 'PS256', 'HS256'], 8),
        },
        { return_private_key: fc.boolean(), header: jsonObject },
      ),
      weight: 2,
    },
  ),
  'token.identify': input({ value: mutatedTokenValue }, { format: mostly(TOKEN_FORMATS, ['jwt', 'GitHub_Token']), tz: zone }, 0.3),
  'token.verify': fc.oneof({ arbitrary: verifyBody, weight: 30 }, { arbitrary: junk, weight: 1 }),
};
