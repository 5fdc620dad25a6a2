import { describe, expect, it } from 'vitest';
import { HmacKnownSecrets } from '../../../../../src/adapters/driven/known-secrets/hmac-known-secrets.js';
import { DecodeJwt } from '../../../../../src/core/jwt/use-cases/decode-jwt.js';
import { expectDomainError } from '../../../../support/domain-error.js';
import { FixedClock } from '../../../../support/fakes.js';
import {
  HS256_HEADER,
  JWT_IO_TOKEN,
  RFC7516_JWE,
  RFC7519_3_1_TOKEN,
  RFC7519_6_1_TOKEN,
  b64url,
  tokenOf,
} from '../../../../support/fixtures.js';

const NOW_MS = 1_800_000_000_000; // 2027-01-15T08:00:00Z
const decoder = new DecodeJwt(new FixedClock(NOW_MS), new HmacKnownSecrets());
const decode = (token: string) => decoder.execute({ token });

describe('DecodeJwt', () => {
  it("names an RFC 9068 access token's profile by its typ, with the profile's structural rules", () => {
    const body = decode(
      tokenOf('{"typ":"at+jwt","alg":"RS256"}', '{"iss":"https://as.example","sub":"u","aud":"api","exp":1,"iat":0,"jti":"j"}'),
    );
    expect(body.profile).toEqual({
      name: 'oauth_access_token',
      detected_by: 'typ',
      checks: [
        { rule: 'typ', passed: true, message: 'typ is one that oauth_access_token accepts', reference: '[RFC 9068 §2.1]' },
        { rule: 'alg_not_none', passed: true, message: 'alg names a signature', reference: '[RFC 9068 §2.1]' },
        { rule: 'claim_iss', passed: true, message: 'iss is a string', reference: '[RFC 9068 §2.2]' },
        { rule: 'claim_exp', passed: true, message: 'exp is a number', reference: '[RFC 9068 §2.2]' },
        { rule: 'claim_aud', passed: true, message: 'aud is a string or a non-empty array of strings', reference: '[RFC 9068 §2.2]' },
        { rule: 'claim_sub', passed: true, message: 'sub is a string', reference: '[RFC 9068 §2.2]' },
        { rule: 'claim_client_id', passed: false, message: 'client_id is missing', reference: '[RFC 9068 §2.2]' },
        { rule: 'claim_iat', passed: true, message: 'iat is a number', reference: '[RFC 9068 §2.2]' },
        { rule: 'claim_jti', passed: true, message: 'jti is a string', reference: '[RFC 9068 §2.2]' },
      ],
    });
  });

  it('gives a nested token its own profile, and the outer one none', () => {
    const inner = tokenOf('{"typ":"dpop+jwt","alg":"ES256"}', '{"htm":"GET","htu":"https://a.example/"}');
    const body = decode(tokenOf('{"alg":"HS256","cty":"JWT"}', inner));
    expect(body.profile).toBeNull();
    expect(body.nested?.profile).toMatchObject({ name: 'dpop_proof', detected_by: 'typ' });
  });

  it('decodes the jwt.io token', () => {
    expect(decode(JWT_IO_TOKEN)).toEqual({
      input: JWT_IO_TOKEN,
      header: { alg: 'HS256', typ: 'JWT' },
      payload: { sub: '1234567890', name: 'John Doe', iat: 1516239022 },
      signature: 'SflKxwRJSMeKKF2QT4fwpMeJf36POk6yJV_adQssw5c',
      algorithm: 'HS256',
      token_type: 'JWT',
      expires_at: null,
      issued_at: '2018-01-18T01:30:22Z',
      not_before: null,
      expired: null,
      issuer: null,
      audience: null,
      subject: '1234567890',
      encoding: 'jwt',
      source: 'decode',
      findings: [
        {
          code: 'no_expiry',
          severity: 'warning',
          message: 'no numeric exp: the token never expires, so a leaked copy works forever (RFC 8725 §3.10)',
        },
      ],
      // Contract §4d, from IANA's registries as they stood on 2026-07-20.
      explained: [
        {
          in: 'header',
          name: 'alg',
          known: true,
          title: 'Algorithm',
          description: 'Algorithm',
          defined_by: ['RFC 7515', 'RFC 7516'],
          reference: '[RFC7515, Section 4.1.1] [RFC7516, Section 4.1.1]',
          vendor: null,
        },
        {
          in: 'header',
          name: 'typ',
          known: true,
          title: 'Type',
          description: 'Type',
          defined_by: ['RFC 7515', 'RFC 7516'],
          reference: '[RFC7515, Section 4.1.9] [RFC7516, Section 4.1.11]',
          vendor: null,
        },
        {
          in: 'payload',
          name: 'sub',
          known: true,
          title: 'Subject',
          description: 'Subject',
          defined_by: ['RFC 7519'],
          reference: '[RFC7519, Section 4.1.2]',
          vendor: null,
        },
        {
          in: 'payload',
          name: 'name',
          known: true,
          title: 'Full name',
          description: 'Full name',
          defined_by: ['OpenID Connect Core 1.0'],
          reference: '[OpenID Connect Core 1.0, Section 5.1]',
          vendor: null,
        },
        {
          in: 'payload',
          name: 'iat',
          known: true,
          title: 'Issued at',
          description: 'Issued At',
          defined_by: ['RFC 7519'],
          reference: '[RFC7519, Section 4.1.6]',
          vendor: null,
          utc: { iso: '2018-01-18T01:30:22Z', unix_seconds: 1516239022, unix_milliseconds: 1516239022000 },
        },
      ],
      issuer_vendor: null,
      profile: null,
    });
    expect(Object.keys(decode(JWT_IO_TOKEN)).slice(-4)).toEqual(['findings', 'explained', 'issuer_vendor', 'profile']);
  });

  it('decodes the RFC 7519 §3.1 example, CRLFs in its JSON included', () => {
    expect(decode(RFC7519_3_1_TOKEN)).toMatchObject({
      header: { typ: 'JWT', alg: 'HS256' },
      payload: { iss: 'joe', exp: 1300819380, 'http://example.com/is_root': true },
      algorithm: 'HS256',
      token_type: 'JWT',
      issuer: 'joe',
      expires_at: '2011-03-22T18:43:00Z',
      expired: true,
    });
  });

  it('decodes the RFC 7519 §6.1 unsecured token with alg none and an empty signature', () => {
    expect(decode(RFC7519_6_1_TOKEN)).toMatchObject({ header: { alg: 'none' }, algorithm: 'none', token_type: null, signature: '' });
  });

  it('strips surrounding whitespace and a Bearer prefix in any case, and echoes the raw input', () => {
    for (const raw of [`Bearer ${JWT_IO_TOKEN}`, `  bearer\t${JWT_IO_TOKEN}\n`, `BEARER   ${JWT_IO_TOKEN}`]) {
      const result = decode(raw);
      expect(result.input).toBe(raw);
      expect(result.subject).toBe('1234567890');
    }
  });

  it('keeps unicode claims intact', () => {
    const result = decode(tokenOf(HS256_HEADER, '{"name":"José Müller 🦀 名前","emoji":"\\ud83d\\ude00"}'));
    expect(result.payload).toEqual({ name: 'José Müller 🦀 名前', emoji: '😀' });
  });

  it('returns an aud array as given', () => {
    expect(decode(tokenOf(HS256_HEADER, '{"aud":["api","web"],"iss":"https://issuer.example"}'))).toMatchObject({
      audience: ['api', 'web'],
      issuer: 'https://issuer.example',
    });
  });

  it('keeps a __proto__ claim as a plain member without touching any prototype', () => {
    const result = decode(tokenOf(HS256_HEADER, '{"__proto__":{"admin":true},"sub":"u1","constructor":"c"}'));
    expect(Object.hasOwn(result.payload ?? {}, '__proto__')).toBe(true);
    expect(Object.getPrototypeOf(result.payload)).toBe(Object.prototype);
    expect(JSON.stringify(result.payload)).toBe('{"__proto__":{"admin":true},"sub":"u1","constructor":"c"}');
    expect(({} as Record<string, unknown>).admin).toBeUndefined();
    expect(result.subject).toBe('u1');
  });

  it('keeps integers beyond double precision digit for digit', () => {
    const result = decode(tokenOf(HS256_HEADER, '{"id":12345678901234567890,"small":42,"float":1.5}'));
    expect(JSON.stringify(result.payload)).toBe('{"id":12345678901234567890,"small":42,"float":1.5}');
  });

  describe('derives exp, iat and nbf', () => {
    it.each([
      ['{"exp":1300819380.999}', '2011-03-22T18:43:00Z', true],
      ['{"exp":1800000000}', '2027-01-15T08:00:00Z', true],
      ['{"exp":1800000001}', '2027-01-15T08:00:01Z', false],
      ['{"exp":253402300799}', '9999-12-31T23:59:59Z', false],
      ['{"exp":253402300800}', null, false],
      ['{"exp":-62135596801}', null, true],
      ['{"exp":1e400}', null, false],
      ['{"exp":"1800000000"}', null, null],
      ['{"exp":null}', null, null],
      ['{"exp":true}', null, null],
      ['{}', null, null],
    ])('%s gives expires_at %s and expired %s', (payload, expiresAt, expired) => {
      expect(decode(tokenOf(HS256_HEADER, payload))).toMatchObject({ expires_at: expiresAt, expired });
    });

    it('derives not_before and issued_at, floored to the second', () => {
      expect(decode(tokenOf(HS256_HEADER, '{"nbf":-0.5,"iat":0.999}'))).toMatchObject({
        not_before: '1969-12-31T23:59:59Z',
        issued_at: '1970-01-01T00:00:00Z',
      });
    });
  });

  it('reports non-string alg and typ as null', () => {
    expect(decode(tokenOf('{"alg":1,"typ":["JWT"]}', '{}'))).toMatchObject({ algorithm: null, token_type: null });
  });

  it('tolerates trailing = padding', () => {
    const [header, payload, signature] = JWT_IO_TOKEN.split('.');
    expect(decode(`${header}=.${payload}==.${signature}`).payload).toMatchObject({ name: 'John Doe' });
  });

  describe('refuses what it cannot decode, each with its own message', () => {
    it.each([
      ['', 'TOKEN_EMPTY', 'token must not be empty'],
      ['  \n', 'TOKEN_EMPTY', 'token must not be empty'],
      [RFC7516_JWE.replace(/^[^.]+/, 'a'), 'TOKEN_SEGMENT_ENCODING', 'token protected header has an impossible base64url length'],
      ['abc', 'TOKEN_MALFORMED', 'token must have three dot-separated parts (header.payload.signature), found 1'],
      ['a.b', 'TOKEN_MALFORMED', 'token must have three dot-separated parts (header.payload.signature), found 2'],
      ['a.b.c.d', 'TOKEN_MALFORMED', 'token must have three dot-separated parts (header.payload.signature), found 4'],
      [`.${b64url('{}')}.sig`, 'TOKEN_MALFORMED', 'token header is empty'],
      [`${b64url('{}')}..sig`, 'TOKEN_MALFORMED', 'token payload is empty'],
      [
        `eyJ+YWxnIjoiSFMyNTYifQ.${b64url('{}')}.x`,
        'TOKEN_SEGMENT_ENCODING',
        'token header contains characters outside the base64url alphabet',
      ],
      [`${b64url('{}')}.e30/.x`, 'TOKEN_SEGMENT_ENCODING', 'token payload contains characters outside the base64url alphabet'],
      [`${b64url('{}')}.e3 0.x`, 'TOKEN_SEGMENT_ENCODING', 'token payload contains characters outside the base64url alphabet'],
      [`${b64url('{}')}.e=30.x`, 'TOKEN_SEGMENT_ENCODING', 'token payload contains characters outside the base64url alphabet'],
      [`${b64url('{}')}.e30AA.x`, 'TOKEN_SEGMENT_ENCODING', 'token payload has an impossible base64url length'],
      [`${Buffer.from([0xff, 0xfe, 0x7b]).toString('base64url')}.e30.x`, 'TOKEN_SEGMENT_UTF8', 'token header is not valid UTF-8'],
      [
        `e30.${Buffer.from('{"a":"\xed\xa0\x80"}', 'latin1').toString('base64url')}.x`,
        'TOKEN_SEGMENT_UTF8',
        'token payload is not valid UTF-8',
      ],
      [`e30.${b64url('not json')}.x`, 'TOKEN_SEGMENT_JSON', 'token payload is not valid JSON'],
      [`e30.${b64url('{"a":1,}')}.x`, 'TOKEN_SEGMENT_JSON', 'token payload is not valid JSON'],
      [`${b64url('[1,2]')}.e30.x`, 'TOKEN_SEGMENT_NOT_OBJECT', 'token header must be a JSON object'],
      [`e30.${b64url('"claims"')}.x`, 'TOKEN_SEGMENT_NOT_OBJECT', 'token payload must be a JSON object'],
      [`e30.${b64url('null')}.x`, 'TOKEN_SEGMENT_NOT_OBJECT', 'token payload must be a JSON object'],
      [`e30.${b64url('42')}.x`, 'TOKEN_SEGMENT_NOT_OBJECT', 'token payload must be a JSON object'],
    ])('refuses %j with %s', (token, code, message) => {
      expectDomainError(() => decode(token), code as Parameters<typeof expectDomainError>[1], message);
    });
  });

  it('accepts 8192 characters and refuses 8193', () => {
    const unsigned = tokenOf(HS256_HEADER, '{"pad":""}', '');
    const fill = (length: number) => unsigned + 'a'.repeat(length - unsigned.length);
    expect(fill(8192).length).toBe(8192);
    expect(decode(fill(8192)).payload).toEqual({ pad: '' });
    expectDomainError(() => decode(fill(8193)), 'TOKEN_TOO_LONG', 'token is longer than 8192 characters');
  });

  it('accepts JSON nested 64 levels deep and refuses 65', () => {
    const nested = (depth: number) => `{"a":${'['.repeat(depth - 1)}${']'.repeat(depth - 1)}}`;
    expect(decode(tokenOf(HS256_HEADER, nested(64))).payload).toHaveProperty('a');
    expectDomainError(
      () => decode(tokenOf(HS256_HEADER, nested(65))),
      'TOKEN_TOO_DEEP',
      'token payload JSON is nested deeper than 64 levels',
    );
    expectDomainError(
      () => decode(tokenOf(HS256_HEADER, `{"s":"${'['.repeat(100)}","deep":${nested(70)}}`)),
      'TOKEN_TOO_DEEP',
      'token payload JSON is nested deeper than 64 levels',
    );
    expect(decode(tokenOf(HS256_HEADER, `{"s":"${'['.repeat(100)}\\"{"}`)).payload).toHaveProperty('s');
  });
});

describe('DecodeJwt, claims at their edges', () => {
  it('shows a NumericDate at the first second of year 0001, and none before it', () => {
    const first = -62_135_596_800;
    expect(decode(tokenOf(HS256_HEADER, `{"exp":${first},"nbf":${first - 1}}`))).toMatchObject({
      expires_at: '0001-01-01T00:00:00Z',
      not_before: null,
    });
  });

  it('gives an aud array only when every entry is a string', () => {
    expect(decode(tokenOf(HS256_HEADER, '{"aud":["api",1]}')).audience).toBeNull();
    expect(decode(tokenOf(HS256_HEADER, '{"aud":[1,2]}')).audience).toBeNull();
  });

  it('reads check_secrets=false as a query string sends it', () => {
    expect(decoder.execute({ token: JWT_IO_TOKEN, check_secrets: 'false' }).findings.map((f) => f.code)).not.toContain('known_secret');
  });
});

describe('DomainError', () => {
  it('is named DomainError, which is what a log of one shows', async () => {
    const { DomainError } = await import('../../../../../src/core/shared/errors.js');
    expect(new DomainError('TIMESTAMP_INVALID', 'x').name).toBe('DomainError');
  });
});
