import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { HmacKnownSecrets } from '../../../../src/adapters/driven/known-secrets/hmac-known-secrets.js';
import { readSdJwt } from '../../../../src/core/jwt/sd-jwt.js';
import { DecodeJwt } from '../../../../src/core/jwt/use-cases/decode-jwt.js';
import { expectDomainError } from '../../../support/domain-error.js';
import { FixedClock } from '../../../support/fakes.js';
import { RFC7516_JWE, b64url } from '../../../support/fixtures.js';

const decoder = new DecodeJwt(new FixedClock(Date.UTC(2026, 10, 22)), new HmacKnownSecrets());
const decode = (token: string) => decoder.execute({ token });
const codes = (token: string) => decode(token).findings.map((finding) => finding.code);

// RFC 9901 §5.1 and §5.2: disclosures and the SHA-256 digests the RFC prints for them.
const GIVEN_NAME = 'WyIyR0xDNDJzS1F2ZUNmR2ZyeU5STjl3IiwgImdpdmVuX25hbWUiLCAiSm9obiJd'; // ["2GLC42sKQveCfGfryNRN9w", "given_name", "John"]
const GIVEN_NAME_DIGEST = 'jsu9yVulwQQlhFlM_3JlzMaSFzglhQG0DpfayQwLUK4';
const FAMILY_NAME = 'WyJlbHVWNU9nM2dTTklJOEVZbnN4QV9BIiwgImZhbWlseV9uYW1lIiwgIkRvZSJd'; // ["eluV5Og3gSNII8EYnsxA_A", "family_name", "Doe"]
const FAMILY_NAME_DIGEST = 'TGf4oLbgwd5JQaHyKVQZU9UdGE0w5rtDsrZzfUaomLo';
const NATIONALITY_US = 'WyJsa2x4RjVqTVlsR1RQVW92TU5JdkNBIiwgIlVTIl0'; // ["lklxF5jMYlGTPUovMNIvCA", "US"]
const NATIONALITY_US_DIGEST = 'pFndjkZ_VCzmyTa6UjlZo3dh-ko8aIKQc9DlGzhaVYo';

const jwt = (header: object, payload: object) => `${b64url(JSON.stringify(header))}.${b64url(JSON.stringify(payload))}.c2ln`;
const ISSUER_HEADER = { alg: 'ES256', typ: 'dc+sd-jwt' };
/** A disclosure made here, and its SHA-256 digest computed here. */
const disclosure = (...contents: unknown[]) => {
  const text = b64url(JSON.stringify(contents));
  return { text, digest: createHash('sha256').update(text).digest('base64url') };
};
const sdJwt = (payload: object, disclosures: string[], keyBinding = '') =>
  `${jwt(ISSUER_HEADER, payload)}~${disclosures.map((d) => `${d}~`).join('')}${keyBinding}`;

const RFC_PAYLOAD = {
  _sd: [GIVEN_NAME_DIGEST, FAMILY_NAME_DIGEST, 'XQ_3kPKt1XyX7KANkqVR6yZ2Va5NrPIvPYbyMvRKBMM'],
  iss: 'https://issuer.example.com',
  iat: 1683000000,
  exp: 1883000000,
  sub: 'user_42',
  nationalities: [{ '...': NATIONALITY_US_DIGEST }, { '...': '7Cf6JkPudry3lcbwHgeZ8khAv1U1OSlerP0VkBJrWZ0' }],
  _sd_alg: 'sha-256',
};

describe('DecodeJwt, an SD-JWT (RFC 9901)', () => {
  it('puts the RFC 9901 §5 disclosures in place by the digests the RFC prints, and counts what stays undisclosed', () => {
    const token = sdJwt(RFC_PAYLOAD, [GIVEN_NAME, FAMILY_NAME, NATIONALITY_US]);
    const decoded = decode(token);
    expect(decoded).toMatchObject({
      header: ISSUER_HEADER,
      payload: RFC_PAYLOAD,
      signature: 'c2ln',
      encoding: 'sd-jwt',
      issuer: 'https://issuer.example.com',
      subject: 'user_42',
      expires_at: '2029-09-01T23:33:20Z',
    });
    expect(decoded.sd_jwt).toEqual({
      hash_alg: 'sha-256',
      disclosures: [
        {
          disclosure: GIVEN_NAME,
          digest: GIVEN_NAME_DIGEST,
          salt: '2GLC42sKQveCfGfryNRN9w',
          name: 'given_name',
          value: 'John',
          path: '/given_name',
        },
        {
          disclosure: FAMILY_NAME,
          digest: FAMILY_NAME_DIGEST,
          salt: 'eluV5Og3gSNII8EYnsxA_A',
          name: 'family_name',
          value: 'Doe',
          path: '/family_name',
        },
        {
          disclosure: NATIONALITY_US,
          digest: NATIONALITY_US_DIGEST,
          salt: 'lklxF5jMYlGTPUovMNIvCA',
          name: null,
          value: 'US',
          path: '/nationalities/0',
        },
      ],
      disclosed_payload: {
        iss: 'https://issuer.example.com',
        iat: 1683000000,
        exp: 1883000000,
        sub: 'user_42',
        nationalities: ['US'],
        given_name: 'John',
        family_name: 'Doe',
      },
      undisclosed_digests: 2,
      key_binding: null,
    });
    // The RFC's example lives for six years: its only finding.
    expect(decoded.findings.map((finding) => finding.code)).toEqual(['long_lived']);
  });

  it('discloses recursively, into disclosed objects and arrays, with the JSON Pointer of each', () => {
    const street = disclosure('s1', 'street', 'Main St 1');
    const address = disclosure('s2', 'address', { _sd: [street.digest], 'country/code': 'DE' });
    const second = disclosure('s3', { deep: true });
    const list = disclosure('s4', 'list', ['a', { '...': second.digest }]);
    const decoded = decode(sdJwt({ _sd: [address.digest, list.digest] }, [street.text, address.text, second.text, list.text]));
    expect(decoded.sd_jwt?.disclosed_payload).toEqual({
      address: { 'country/code': 'DE', street: 'Main St 1' },
      list: ['a', { deep: true }],
    });
    expect(decoded.sd_jwt?.disclosures.map((entry) => entry.path)).toEqual(['/address/street', '/address', '/list/1', '/list']);
  });

  it('reads the claims of the disclosed payload for the derived fields and findings, and keeps payload verbatim', () => {
    const exp = disclosure('s', 'exp', 1_000_000_000);
    const decoded = decode(sdJwt({ _sd: [exp.digest] }, [exp.text]));
    expect(decoded).toMatchObject({ payload: { _sd: [exp.digest] }, expires_at: '2001-09-09T01:46:40Z', expired: true });
    expect(decoded.findings.map((finding) => finding.code)).toEqual(['expired']);
    expect(codes(sdJwt({ _sd: [exp.digest] }, []))).toContain('no_expiry');
  });

  it('hashes with _sd_alg', () => {
    const text = b64url(JSON.stringify(['s', 'name', 'v']));
    const digest = createHash('sha512').update(text).digest('base64url');
    expect(decode(sdJwt({ _sd: [digest], _sd_alg: 'sha-512' }, [text])).sd_jwt).toMatchObject({
      hash_alg: 'sha-512',
      disclosed_payload: { name: 'v' },
    });
  });

  describe('key binding', () => {
    const holder = (sdHash: unknown, typ = 'kb+jwt') =>
      jwt({ alg: 'ES256', typ }, { nonce: 'n', aud: 'https://verifier.example', iat: 1_790_000_000, sd_hash: sdHash });
    const issued = sdJwt(RFC_PAYLOAD, [GIVEN_NAME]);
    const sdHash = createHash('sha256').update(issued).digest('base64url');

    it('says whether sd_hash is the hash of everything before the key-binding JWT', () => {
      const decoded = decode(`${issued}${holder(sdHash)}`);
      expect(decoded.sd_jwt?.key_binding).toEqual({
        header: { alg: 'ES256', typ: 'kb+jwt' },
        payload: { nonce: 'n', aud: 'https://verifier.example', iat: 1_790_000_000, sd_hash: sdHash },
        sd_hash_matches: true,
      });
      expect(decoded.findings.map((finding) => finding.code)).toEqual(['long_lived']);
    });

    it.each([
      ['a wrong sd_hash', holder('AAAA'), 'sd_hash_mismatch', 'critical'],
      ['no sd_hash', holder(undefined), 'sd_hash_mismatch', 'critical'],
      ['typ other than kb+jwt', holder(sdHash, 'JWT'), 'sd_key_binding_type', 'warning'],
    ])('flags %s', (_label, keyBinding, code, severity) => {
      const decoded = decode(`${issued}${keyBinding}`);
      expect(decoded.findings).toContainEqual(expect.objectContaining({ code, severity }));
    });
  });

  describe('findings', () => {
    const name = disclosure('s1', 'name', 'v');
    it.each([
      ['a digest twice in the payload', sdJwt({ _sd: [name.digest, name.digest] }, [name.text]), 'sd_duplicate_digest', 'critical'],
      ['the same disclosure twice', sdJwt({ _sd: [name.digest] }, [name.text, name.text]), 'sd_duplicate_digest', 'critical'],
      [
        'a disclosure named _sd',
        (() => {
          const d = disclosure('s', '_sd', ['x']);
          return sdJwt({ _sd: [d.digest] }, [d.text]);
        })(),
        'sd_reserved_name',
        'critical',
      ],
      [
        'a disclosure named ...',
        (() => {
          const d = disclosure('s', '...', 'x');
          return sdJwt({ _sd: [d.digest] }, [d.text]);
        })(),
        'sd_reserved_name',
        'critical',
      ],
      ['a disclosure over a plain claim', sdJwt({ _sd: [name.digest], name: 'plain' }, [name.text]), 'sd_claim_overwrite', 'critical'],
      ['a disclosure nothing points to', sdJwt({ _sd: [] }, [name.text]), 'sd_unmatched_disclosure', 'warning'],
    ])('flags %s', (_label, token, code, severity) => {
      expect(decode(token).findings).toContainEqual(expect.objectContaining({ code, severity }));
    });

    it('keeps the plain claim when a disclosure would overwrite it', () => {
      expect(decode(sdJwt({ _sd: [name.digest], name: 'plain' }, [name.text])).sd_jwt?.disclosed_payload).toEqual({ name: 'plain' });
    });

    it('flags none of them on a clean SD-JWT', () => {
      expect(codes(sdJwt({ _sd: [name.digest], exp: 1_795_309_000, iat: 1_795_305_000 }, [name.text]))).toEqual([]);
    });
  });

  it.each([
    [sdJwt({ _sd_alg: 'md5' }, []), 'TOKEN_MALFORMED', 'token _sd_alg must be sha-256, sha-384 or sha-512, not "md5"'],
    [
      sdJwt({}, [b64url('{"a":1}')]),
      'TOKEN_MALFORMED',
      'token disclosure 1 must be a JSON array of [salt, name, value] or [salt, value], with a string salt and name',
    ],
    [
      sdJwt({}, [b64url('[1,"n","v"]')]),
      'TOKEN_MALFORMED',
      'token disclosure 1 must be a JSON array of [salt, name, value] or [salt, value], with a string salt and name',
    ],
    [
      sdJwt({}, [b64url('["s",1,"v"]')]),
      'TOKEN_MALFORMED',
      'token disclosure 1 must be a JSON array of [salt, name, value] or [salt, value], with a string salt and name',
    ],
    [
      sdJwt({}, [b64url('["s"]')]),
      'TOKEN_MALFORMED',
      'token disclosure 1 must be a JSON array of [salt, name, value] or [salt, value], with a string salt and name',
    ],
    [sdJwt({}, ['a*b']), 'TOKEN_SEGMENT_ENCODING', 'token disclosure 1 contains characters outside the base64url alphabet'],
    [sdJwt({}, [b64url('["s", "n",')]), 'TOKEN_SEGMENT_JSON', 'token disclosure 1 is not valid JSON'],
    [
      sdJwt({}, [b64url(`["s", ${'['.repeat(70)}${']'.repeat(70)}]`)]),
      'TOKEN_TOO_DEEP',
      'token disclosure 1 JSON is nested deeper than 64 levels',
    ],
    [`${jwt(ISSUER_HEADER, {})}~~`, 'TOKEN_MALFORMED', 'token disclosure 1 is empty'],
    // The issuer-signed and the key-binding JWT are read as compact JWSs (RFC 9901 §4): a JWE is neither.
    [`${RFC7516_JWE}~`, 'TOKEN_ENCRYPTED', 'token is an encrypted JWE (five parts) and cannot be decoded without the key'],
    [
      `${jwt(ISSUER_HEADER, {})}~${RFC7516_JWE}`,
      'TOKEN_ENCRYPTED',
      'token is an encrypted JWE (five parts) and cannot be decoded without the key',
    ],
    [`a*b.${b64url('{}')}.c2ln~`, 'TOKEN_SEGMENT_ENCODING', 'token header contains characters outside the base64url alphabet'],
    [
      `${jwt(ISSUER_HEADER, {})}~a*b.${b64url('{}')}.c2ln`,
      'TOKEN_SEGMENT_ENCODING',
      'token header contains characters outside the base64url alphabet',
    ],
    [`a.b~`, 'TOKEN_MALFORMED', 'token must have three dot-separated parts (header.payload.signature), found 2'],
  ] as const)('refuses %s', (token, code, message) => {
    expectDomainError(() => decode(token), code, message);
  });
});

describe('readSdJwt, the edges of RFC 9901 §7.3', () => {
  const sd = (token: string) => decode(token).sd_jwt;
  const given = disclosure('s1', 'given_name', 'Ada');
  const element = disclosure('s2', 'FR');

  it('gives what it read, with no problem and no key binding, for a clean SD-JWT', () => {
    const read = readSdJwt(sdJwt({ _sd: [given.digest] }, [given.text]));
    expect(read.keyBindingJwt).toBeNull();
    expect(read.problems).toEqual({
      duplicateDigest: false,
      reservedName: false,
      claimOverwrite: false,
      unmatchedDisclosure: false,
      hashMismatch: false,
      keyBindingType: false,
    });
    expect(read.duplicateMember).toBe(false);
  });

  it('keeps the key-binding JWT as sent', () => {
    const keyBinding = jwt({ alg: 'ES256', typ: 'kb+jwt' }, { sd_hash: 'x' });
    expect(readSdJwt(sdJwt({}, [], keyBinding)).keyBindingJwt).toBe(keyBinding);
  });

  it('counts digests that are not strings, or repeated, once each and places nothing for them', () => {
    const read = sd(sdJwt({ _sd: [5, 5, given.digest, 'none', 'none'] }, [given.text]));
    expect(read).toMatchObject({ disclosed_payload: { given_name: 'Ada' }, undisclosed_digests: 3 });
    expect(codes(sdJwt({ _sd: [5, 5] }, []))).not.toContain('sd_duplicate_digest');
    expect(codes(sdJwt({ _sd: ['none', 'none'] }, []))).toContain('sd_duplicate_digest');
  });

  it('reads an array entry as a digest only when it is an object with "..." alone', () => {
    const payload = {
      list: ['plain', null, { '...': element.digest }, { '...': 'x', other: 1 }, { other: 1 }, { '...': 'none' }, { '...': 'none' }],
    };
    expect(sd(sdJwt(payload, [element.text]))).toMatchObject({
      disclosed_payload: { list: ['plain', null, 'FR', { '...': 'x', other: 1 }, { other: 1 }] },
      undisclosed_digests: 1,
      disclosures: [{ path: '/list/2' }],
    });
  });

  it('places an array-element disclosure only in an array, and a claim disclosure only in an object', () => {
    const read = sd(sdJwt({ _sd: [element.digest], list: [{ '...': given.digest }] }, [element.text, given.text]));
    expect(read).toMatchObject({ disclosed_payload: { list: [] }, undisclosed_digests: 2 });
    expect(read?.disclosures.map((d) => d.path)).toEqual([null, null]);
  });

  it('removes _sd everywhere and _sd_alg only at the top, and ignores an _sd that is not an array', () => {
    expect(sd(sdJwt({ _sd_alg: 'sha-256', a: { _sd: [], _sd_alg: 'kept' }, b: { _sd: 'abc' }, c: null }, []))).toMatchObject({
      disclosed_payload: { a: { _sd_alg: 'kept' }, b: {}, c: null },
      undisclosed_digests: 0,
    });
  });

  it('never places a disclosure named _sd or ..., and flags either name', () => {
    for (const name of ['_sd', '...']) {
      const reserved = disclosure('s', name, ['x']);
      const token = sdJwt({ _sd: [reserved.digest] }, [reserved.text]);
      expect(sd(token)?.disclosed_payload).toEqual({});
      expect(codes(token)).toContain('sd_reserved_name');
    }
    expect(codes(sdJwt({ _sd: [given.digest] }, [given.text]))).not.toContain('sd_reserved_name');
  });

  it('places the first of two disclosures of one name in one object, and flags the second as an overwrite', () => {
    const first = disclosure('s1', 'a', 1);
    const second = disclosure('s2', 'a', 2);
    const read = readSdJwt(sdJwt({ _sd: [first.digest, second.digest] }, [first.text, second.text]));
    expect(read.sdJwt.disclosed_payload).toEqual({ a: 1 });
    expect(read.sdJwt.disclosures.map((d) => d.path)).toEqual(['/a', null]);
    expect(read.problems).toMatchObject({ claimOverwrite: true, unmatchedDisclosure: true, duplicateDigest: false });
  });

  it('escapes ~ and / in the JSON Pointer of a disclosed claim (RFC 6901)', () => {
    const odd = disclosure('s', 'a~b/c', 1);
    expect(sd(sdJwt({ _sd: [odd.digest] }, [odd.text]))?.disclosures[0]?.path).toBe('/a~0b~1c');
  });

  it('keeps a disclosed "__proto__" as an own member of the disclosed payload', () => {
    const proto = disclosure('s', '__proto__', { polluted: true });
    const payload = sd(sdJwt({ _sd: [proto.digest] }, [proto.text]))?.disclosed_payload;
    expect(Object.hasOwn(payload ?? {}, '__proto__')).toBe(true);
    expect(Object.getPrototypeOf(payload)).toBe(Object.prototype);
  });

  it('flags a member repeated in a disclosure or in the key-binding JWT', () => {
    const repeated = b64url('["s", "n", {"x": 1, "x": 2}]');
    const digest = createHash('sha256').update(repeated).digest('base64url');
    expect(codes(sdJwt({ _sd: [digest] }, [repeated]))).toContain('duplicate_member');
    const keyBinding = `${b64url('{"alg":"ES256","typ":"kb+jwt","typ":"kb+jwt"}')}.${b64url('{}')}.c2ln`;
    expect(codes(sdJwt({}, [], keyBinding))).toContain('duplicate_member');
    expect(codes(sdJwt({}, [], jwt({ alg: 'ES256', typ: 'kb+jwt' }, {})))).not.toContain('duplicate_member');
  });

  it.each([
    [b64url('["s", "n", "v", "extra"]'), 'four elements'],
    [b64url('[]'), 'none'],
  ])('refuses a disclosure of %s (%s)', (text) => {
    expectDomainError(
      () => decode(sdJwt({}, [text])),
      'TOKEN_MALFORMED',
      'token disclosure 1 must be a JSON array of [salt, name, value] or [salt, value], with a string salt and name',
    );
  });

  it.each([
    ['x'.repeat(32), `, not "${'x'.repeat(32)}"`],
    ['x'.repeat(33), ''],
    [7, ''],
    // An array has a length too, but only a string is named.
    [['sha-256'], ''],
  ])('names an unsupported _sd_alg of up to 32 characters in its refusal (%s)', (alg, echo) => {
    expectDomainError(
      () => decode(sdJwt({ _sd_alg: alg }, [])),
      'TOKEN_MALFORMED',
      `token _sd_alg must be sha-256, sha-384 or sha-512${echo}`,
    );
  });
});
