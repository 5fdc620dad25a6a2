import { describe, expect, it } from 'vitest';
import { FINDING_RULES, findingsOf, type FindingInput } from '../../../../src/core/jwt/findings.js';
import { HmacKnownSecrets } from '../../../../src/adapters/driven/known-secrets/hmac-known-secrets.js';
import { KNOWN_SECRETS } from '../../../../src/adapters/driven/known-secrets/list.js';
import { scanJson } from '../../../../src/core/shared/json-scan.js';
import { DecodeJwt } from '../../../../src/core/jwt/use-cases/decode-jwt.js';
import { expectDomainError } from '../../../support/domain-error.js';
import { FixedClock } from '../../../support/fakes.js';
import { JWT_IO_TOKEN, tokenOf } from '../../../support/fixtures.js';
import { createHmac } from 'node:crypto';
import { FINDING_CODES } from '../../../../src/core/jwt/vocabulary.js';
import { SEVERITIES } from '../../../../src/core/shared/vocabulary.js';

const NOW = 1_800_000_000; // 2027-01-15T08:00:00Z
const decoder = new DecodeJwt(new FixedClock(NOW * 1000), new HmacKnownSecrets());
const findings = (header: object, payload: object) =>
  decoder.execute({ token: tokenOf(JSON.stringify(header), JSON.stringify(payload)) }).findings;
const codes = (header: object, payload: object) => findings(header, payload).map((finding) => finding.code);
const GOOD = { alg: 'ES256', typ: 'JWT' };
const FRESH = { iat: NOW - 60, exp: NOW + 3600 };

describe('security findings', () => {
  it('says nothing about a clean token', () => {
    expect(findings(GOOD, FRESH)).toEqual([]);
  });

  it.each([
    ['alg none', { alg: 'none' }, FRESH, 'alg_none', 'critical'],
    ['alg NoNe in any case', { alg: 'NoNe' }, FRESH, 'alg_none', 'critical'],
    ['no alg', { typ: 'JWT' }, FRESH, 'alg_missing', 'warning'],
    ['a numeric alg', { alg: 256 }, FRESH, 'alg_missing', 'warning'],
    ['no exp', GOOD, { iat: NOW }, 'no_expiry', 'warning'],
    ['a string exp', GOOD, { exp: String(NOW + 60) }, 'no_expiry', 'warning'],
    ['exp at now', GOOD, { iat: NOW - 60, exp: NOW }, 'expired', 'info'],
    ['nbf after now', GOOD, { ...FRESH, nbf: NOW + 1 }, 'not_yet_valid', 'info'],
    ['iat 61 s ahead', GOOD, { iat: NOW + 61, exp: NOW + 3600 }, 'issued_in_future', 'warning'],
    ['exp − iat over 30 days', GOOD, { iat: NOW, exp: NOW + 30 * 86_400 + 1 }, 'long_lived', 'warning'],
    ['exp over a year away without iat', GOOD, { exp: NOW + 365 * 86_400 + 1 }, 'long_lived', 'warning'],
    ['exp in milliseconds', GOOD, { iat: NOW, exp: 1e11 }, 'date_in_milliseconds', 'warning'],
    ['nbf in milliseconds', GOOD, { ...FRESH, nbf: 1e11 }, 'date_in_milliseconds', 'warning'],
    ['a string iat', GOOD, { iat: 'yesterday', exp: NOW + 60 }, 'date_not_numeric', 'warning'],
    ['a null nbf', GOOD, { ...FRESH, nbf: null }, 'date_not_numeric', 'warning'],
    ['jku', { ...GOOD, jku: 'https://attacker.example/jwks.json' }, FRESH, 'remote_key_url', 'warning'],
    ['x5u', { ...GOOD, x5u: 'https://attacker.example/cert.pem' }, FRESH, 'remote_key_url', 'warning'],
    ['jwk', { ...GOOD, jwk: { kty: 'EC' } }, FRESH, 'embedded_key', 'warning'],
    ['x5c', { ...GOOD, x5c: ['MII'] }, FRESH, 'embedded_key', 'warning'],
    ['kid with ../', { ...GOOD, kid: '../../../../dev/null' }, FRESH, 'suspicious_kid', 'warning'],
    ['kid with a quote', { ...GOOD, kid: "1' OR '1'='1" }, FRESH, 'suspicious_kid', 'warning'],
    ['kid with a semicolon', { ...GOOD, kid: 'a;rm -rf' }, FRESH, 'suspicious_kid', 'warning'],
    ['kid with NUL', { ...GOOD, kid: 'key\u0000' }, FRESH, 'suspicious_kid', 'warning'],
    ['kid as a URL', { ...GOOD, kid: 'https://attacker.example/key' }, FRESH, 'suspicious_kid', 'warning'],
    ['kid with a URL inside', { ...GOOD, kid: 'rotation_2 https://attacker.example/key' }, FRESH, 'suspicious_kid', 'warning'],
    ['kid as an s3:// URL', { ...GOOD, kid: 's3://bucket/key' }, FRESH, 'suspicious_kid', 'warning'],
    ['kid as a one-letter scheme URL', { ...GOOD, kid: 'a://b' }, FRESH, 'suspicious_kid', 'warning'],
    ['crit', { ...GOOD, crit: ['exp'] }, FRESH, 'critical_header', 'info'],
    ['b64 false', { ...GOOD, b64: false, crit: ['b64'] }, FRESH, 'unencoded_payload', 'warning'],
    ['a numeric aud', GOOD, { ...FRESH, aud: 1 }, 'claim_type_invalid', 'warning'],
    ['an aud array with a number in it', GOOD, { ...FRESH, aud: ['api', 2] }, 'claim_type_invalid', 'warning'],
    ['an object iss', GOOD, { ...FRESH, iss: { url: 'https://issuer.example' } }, 'claim_type_invalid', 'warning'],
    ['a null sub', GOOD, { ...FRESH, sub: null }, 'claim_type_invalid', 'warning'],
  ])('flags %s', (_label, header, payload, code, severity) => {
    const finding = findings(header, payload).find((candidate) => candidate.code === code);
    expect(finding).toMatchObject({ code, severity });
    expect(finding?.message.length).toBeGreaterThan(30);
  });

  it.each([
    ['exp one second after now', GOOD, { iat: NOW - 60, exp: NOW + 1 }, 'expired'],
    ['nbf at now', GOOD, { ...FRESH, nbf: NOW }, 'not_yet_valid'],
    ['iat exactly 60 s ahead', GOOD, { iat: NOW + 60, exp: NOW + 3600 }, 'issued_in_future'],
    ['exp − iat of exactly 30 days', GOOD, { iat: NOW, exp: NOW + 30 * 86_400 }, 'long_lived'],
    ['exp exactly a year away without iat', GOOD, { exp: NOW + 365 * 86_400 }, 'long_lived'],
    ['exp just under 1e11', GOOD, { iat: NOW, exp: 1e11 - 1 }, 'date_in_milliseconds'],
    ['an ordinary kid', { ...GOOD, kid: '2024-06-key.1' }, FRESH, 'suspicious_kid'],
    ['b64 true', { ...GOOD, b64: true }, FRESH, 'unencoded_payload'],
    ['alg "nonea"', { alg: 'nonea' }, FRESH, 'alg_none'],
    ['string iss and sub and an aud array of strings', GOOD, { ...FRESH, iss: 'i', sub: 's', aud: ['a', 'b'] }, 'claim_type_invalid'],
    ['an empty aud array', GOOD, { ...FRESH, aud: [] }, 'claim_type_invalid'],
    ['a string aud', GOOD, { ...FRESH, aud: 'api' }, 'claim_type_invalid'],
  ])('does not flag %s', (_label, header, payload, code) => {
    expect(codes(header, payload)).not.toContain(code);
  });

  it('names every mistyped claim, and keeps it verbatim in payload with the derived field null', () => {
    const decoded = decoder.execute({ token: tokenOf(JSON.stringify(GOOD), JSON.stringify({ ...FRESH, iss: 7, aud: 1, sub: 's' })) });
    expect(decoded.findings).toEqual([
      {
        code: 'claim_type_invalid',
        severity: 'warning',
        message:
          'iss is not a string, and aud is not a string or an array of strings (RFC 7519 §4.1): they are shown as given in payload but not read, and verifiers disagree on what such a claim means',
      },
    ]);
    expect(decoded).toMatchObject({ issuer: null, audience: null, subject: 's', payload: { iss: 7, aud: 1 } });
    expect(codes(GOOD, { ...FRESH, aud: 1 })).toEqual(['claim_type_invalid']);
    expect(findings(GOOD, { ...FRESH, aud: 1 })[0]?.message).toMatch(
      /^aud is not a string or an array of strings \(RFC 7519 §4\.1\): it is /,
    );
  });

  it('orders findings most severe first, whatever order they were found in', () => {
    // crit (info) is looked at before b64 (warning).
    expect(codes({ ...GOOD, crit: ['b64'], b64: false }, FRESH)).toEqual(['unencoded_payload', 'critical_header']);
  });

  it.each([
    ['exp and iat in milliseconds', GOOD, { iat: 1e12, exp: 1e12 + 60 }, 'date_in_milliseconds', /^exp, iat look like milliseconds/],
    ['one time claim not a number', GOOD, { exp: NOW + 60, iat: 'now' }, 'date_not_numeric', /^iat is not a JSON number/],
    [
      'two time claims not numbers',
      GOOD,
      { exp: NOW + 60, iat: 'now', nbf: 'soon' },
      'date_not_numeric',
      /^iat, nbf are not a JSON number:/,
    ],
    [
      'jku and x5u',
      { ...GOOD, jku: 'https://a.example', x5u: 'https://b.example' },
      FRESH,
      'remote_key_url',
      /^the header has jku and x5u:/,
    ],
    ['jwk and x5c', { ...GOOD, jwk: { kty: 'EC' }, x5c: ['MII'] }, FRESH, 'embedded_key', /^the header embeds a key \(jwk and x5c\):/],
  ])('names every claim or header of %s in one finding', (_label, header, payload, code, message) => {
    const found = findings(header, payload).filter((finding) => finding.code === code);
    expect(found).toHaveLength(1);
    expect(found[0]?.message).toMatch(message);
  });

  it('flags a long lifetime by exp − iat when iat is there, even if exp is over a year away', () => {
    const issuedLater = { iat: NOW + 400 * 86_400, exp: NOW + 401 * 86_400 };
    expect(codes(GOOD, issuedLater)).not.toContain('long_lived');
    expect(codes(GOOD, issuedLater)).toContain('issued_in_future');
  });

  it('orders findings most severe first', () => {
    const list = findings({ alg: 'none', crit: ['x'], jku: 'https://a.example' }, { exp: NOW - 1 });
    expect(list.map((finding) => finding.severity)).toEqual(['critical', 'warning', 'info', 'info']);
    expect(list.map((finding) => finding.code)).toEqual(['alg_none', 'remote_key_url', 'critical_header', 'expired']);
  });

  it('detects a duplicate member on the raw JSON, at any depth, in the header or the payload', () => {
    const decode = (header: string, payload: string) => decoder.execute({ token: tokenOf(header, payload) }).findings.map((f) => f.code);
    expect(decode('{"alg":"ES256","alg":"none"}', '{"exp":1900000000}')).toContain('duplicate_member');
    const duplicate = decoder
      .execute({ token: tokenOf('{"alg":"ES256","alg":"none"}', '{"exp":1900000000}') })
      .findings.find((f) => f.code === 'duplicate_member');
    expect(duplicate?.severity).toBe('warning');
    expect(duplicate?.message).toMatch(/^the header or payload repeats a member name/);
    expect(decode('{"alg":"ES256"}', '{"exp":1900000000,"a":{"b":1,"\\u0062":2}}')).toContain('duplicate_member');
    expect(decode('{"alg":"ES256"}', '{"exp":1900000000,"a":{"b":1},"c":{"b":2},"d":[{"b":1},{"b":2}]}')).not.toContain('duplicate_member');
    expect(decode('{"alg":"ES256"}', '{"exp":1900000000,"k":"\\"b\\":1,\\"b\\":2"}')).not.toContain('duplicate_member');
  });
});

describe('the JSON scan', () => {
  it('counts depth back down on closing brackets', () => {
    const siblings = `[${Array.from({ length: 10 }, () => `${'['.repeat(60)}${']'.repeat(60)}`).join(',')}]`;
    expect(scanJson(siblings, 64).tooDeep).toBe(false);
    expect(scanJson(`${'{"a":'.repeat(64)}1${'}'.repeat(64)}`, 64).tooDeep).toBe(false);
    expect(scanJson(`${'{"a":'.repeat(65)}1${'}'.repeat(65)}`, 64).tooDeep).toBe(true);
  });

  it('counts depth back down on closing braces, for sibling objects', () => {
    expect(scanJson(`[${Array.from({ length: 100 }, () => '{}').join(',')}]`, 64).tooDeep).toBe(false);
  });

  it('takes only member names for names: values, array items and text after a colon are not', () => {
    expect(scanJson('{"a":"a"}', 64).duplicateMember).toBe(false);
    expect(scanJson('{"a":1,"b":"b"}', 64).duplicateMember).toBe(false);
    expect(scanJson('{"k":["x","a","a"]}', 64).duplicateMember).toBe(false);
    expect(scanJson('{"k":["x","a","a"],"k":1}', 64).duplicateMember).toBe(true);
  });

  it('ends on text that is not JSON, and tells apart names it cannot decode', () => {
    expect(scanJson('{"a', 64)).toEqual({ tooDeep: false, duplicateMember: false });
    expect(scanJson('1,2', 64)).toEqual({ tooDeep: false, duplicateMember: false });
    // A raw line break is not valid in a JSON string: such names are compared as written.
    expect(scanJson('{"a\n":1,"b\n":2}', 64).duplicateMember).toBe(false);
    expect(scanJson('{"a\n":1,"a\n":2}', 64).duplicateMember).toBe(true);
  });

  it('ignores brackets inside strings, escaped quotes included', () => {
    expect(scanJson(`{"a":"${'['.repeat(100)}\\"${'{'.repeat(100)}"}`, 64)).toEqual({ tooDeep: false, duplicateMember: false });
  });
});

describe('known secrets', () => {
  const sign = (alg: 'sha256' | 'sha384' | 'sha512', header: string, secret: string) => {
    const input = `${Buffer.from(header).toString('base64url')}.${Buffer.from('{"sub":"x"}').toString('base64url')}`;
    return `${input}.${createHmac(alg, secret).update(input).digest('base64url')}`;
  };

  it('finds jwt.io’s default secret behind its default token, only when asked', () => {
    const checked = decoder.execute({ token: JWT_IO_TOKEN, check_secrets: 'true' }).findings;
    expect(checked[0]).toEqual({
      code: 'known_secret',
      severity: 'critical',
      message:
        'the signature verifies with the publicly known secret "your-256-bit-secret": anyone can forge tokens with it (RFC 8725 §3.5)',
    });
    expect(decoder.execute({ token: JWT_IO_TOKEN }).findings.map((f) => f.code)).not.toContain('known_secret');
    expect(decoder.execute({ token: JWT_IO_TOKEN, check_secrets: false }).findings.map((f) => f.code)).not.toContain('known_secret');
  });

  it.each([
    ['HS256', 'sha256', 'a-string-secret-at-least-256-bits-long'],
    ['HS384', 'sha384', 'secret'],
    ['HS512', 'sha512', 'changeme'],
  ] as const)('finds a %s token signed with %s', (alg, digest, secret) => {
    const token = sign(digest, JSON.stringify({ alg }), secret);
    const found = decoder.execute({ token, check_secrets: true }).findings.find((f) => f.code === 'known_secret');
    expect(found?.message).toContain(JSON.stringify(secret));
  });

  it('finds nothing for a strong secret, another algorithm or a mangled signature', () => {
    const strong = sign('sha256', '{"alg":"HS256"}', 'Zx8!q2k#Lr9$mW4^tY7&uI1*oP6(aS3)');
    expect(decoder.execute({ token: strong, check_secrets: true }).findings.map((f) => f.code)).not.toContain('known_secret');
    const labelledRs = sign('sha256', '{"alg":"RS256"}', 'secret');
    expect(decoder.execute({ token: labelledRs, check_secrets: true }).findings.map((f) => f.code)).not.toContain('known_secret');
    expect(decoder.execute({ token: `${JWT_IO_TOKEN.slice(0, -2)}!!`, check_secrets: true }).findings.map((f) => f.code)).not.toContain(
      'known_secret',
    );
  });

  it('holds at most 1,000 distinct secrets, jwt.io’s defaults among them', () => {
    expect(new HmacKnownSecrets().size).toBeLessThanOrEqual(1000);
    expect(new Set(KNOWN_SECRETS).size).toBe(KNOWN_SECRETS.length);
    expect(KNOWN_SECRETS).toEqual(expect.arrayContaining(['secret', 'your-256-bit-secret', 'a-string-secret-at-least-256-bits-long']));
  });

  it.each(['yes', '1', ''])('refuses check_secrets=%j', (flag) => {
    expectDomainError(
      () => decoder.execute({ token: JWT_IO_TOKEN, check_secrets: flag }),
      'CHECK_SECRETS_INVALID',
      'check_secrets must be true or false',
    );
  });
});

describe('the table of finding rules', () => {
  it('has one rule for every finding code, and none twice', () => {
    expect(FINDING_RULES.map((rule) => rule.code).sort()).toEqual([...FINDING_CODES].sort());
  });

  it('lists its rules most severe first, so that findings come out in severity order', () => {
    const ranks = FINDING_RULES.map((rule) => SEVERITIES.indexOf(rule.severity));
    expect(ranks).toEqual([...ranks].sort((a, b) => a - b));
  });

  const NO_SD_PROBLEM = {
    duplicateDigest: false,
    reservedName: false,
    claimOverwrite: false,
    unmatchedDisclosure: false,
    hashMismatch: false,
    keyBindingType: false,
  };
  const ruled = (more: Partial<FindingInput>) =>
    findingsOf({
      header: { alg: 'ES256' },
      payload: {},
      exp: NOW + 60,
      iat: undefined,
      nbf: undefined,
      nowSeconds: NOW,
      duplicateMember: false,
      knownSecret: undefined,
      ...more,
    });

  it.each<[Partial<FindingInput>, string, string]>([
    [
      { headerConflict: true },
      'header_conflict',
      'a member is in both the protected and the unprotected header of a signature, which RFC 7515 §7.2.1 forbids: libraries disagree on which wins, and only the protected one is signed',
    ],
    [
      { sd: { ...NO_SD_PROBLEM, duplicateDigest: true } },
      'sd_duplicate_digest',
      'a digest appears more than once in the payload and the disclosures: RFC 9901 §7.1 requires rejecting the SD-JWT',
    ],
    [
      { sd: { ...NO_SD_PROBLEM, reservedName: true } },
      'sd_reserved_name',
      'a disclosure names _sd or ...: those names are reserved, and RFC 9901 §7.1 requires rejecting it',
    ],
    [
      { sd: { ...NO_SD_PROBLEM, claimOverwrite: true } },
      'sd_claim_overwrite',
      'a disclosed claim has the name of a claim already in plain form there: RFC 9901 §7.1 requires rejecting the SD-JWT, and verifiers that do not would let a holder replace a signed claim',
    ],
    [
      { sd: { ...NO_SD_PROBLEM, hashMismatch: true } },
      'sd_hash_mismatch',
      "the key-binding JWT's sd_hash is missing or is not the hash of the SD-JWT it came with: it can be replayed with other disclosures (RFC 9901 §4.3.1)",
    ],
    [
      { sd: { ...NO_SD_PROBLEM, unmatchedDisclosure: true } },
      'sd_unmatched_disclosure',
      'a disclosure matches no digest in the payload or in another disclosure: it discloses nothing, and may be left from another token',
    ],
    [
      { sd: { ...NO_SD_PROBLEM, keyBindingType: true } },
      'sd_key_binding_type',
      'the key-binding JWT has a typ other than kb+jwt (RFC 9901 §4.3)',
    ],
    [
      { header: { alg: 'RSA1_5', enc: 'A128GCM' }, payload: undefined, encrypted: true },
      'jwe_rsa1_5',
      'alg is RSA1_5: PKCS #1 v1.5 key transport is open to padding-oracle attacks that recover the content key (RFC 8725 §3.2)',
    ],
    [
      { header: { alg: 'dir', enc: 'A128GCM', zip: 'DEF' }, payload: undefined, encrypted: true },
      'jwe_compression',
      'zip is present: compressing before encrypting leaks the plaintext through the ciphertext length (RFC 8725 §3.6)',
    ],
  ])('gives %j the one finding %s, in its words', (more, code, message) => {
    expect(ruled(more)).toEqual([expect.objectContaining({ code, message })]);
  });

  it('counts PBES2 iterations only when p2c is a JSON number and alg a string', () => {
    const jwe = (header: Record<string, unknown>) => ruled({ header, payload: undefined, encrypted: true }).map((finding) => finding.code);
    expect(jwe({ alg: 'PBES2-HS256+A128KW', enc: 'A128GCM', p2c: 1_000_001 })).toEqual(['jwe_pbes2_count']);
    expect(jwe({ alg: 'PBES2-HS256+A128KW', enc: 'A128GCM', p2c: '1000001' })).toEqual([]);
    expect(jwe({ alg: 5, enc: 'A128GCM', p2c: 1_000_001 })).toEqual(['alg_missing']);
  });

  it('finds, for a JWE, only what concerns its header and encryption', () => {
    const found = findingsOf({
      header: { alg: 'RSA1_5', enc: 'A128GCM', zip: 'DEF', b64: false },
      payload: undefined,
      encrypted: true,
      exp: undefined,
      iat: undefined,
      nbf: undefined,
      nowSeconds: 0,
      duplicateMember: false,
      knownSecret: undefined,
    });
    expect(found.map((finding) => finding.code)).toEqual(['jwe_rsa1_5', 'jwe_compression']);
  });
});
