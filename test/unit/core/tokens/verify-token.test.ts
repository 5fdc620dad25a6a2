import { zlibSync } from 'fflate';
import { beforeEach, describe, expect, it } from 'vitest';
import { NodeKeyCodec } from '../../../../src/adapters/driven/node-key-codec.js';
import type { TokenVerifyInput } from '../../../../src/core/tokens/model.js';
import { VerifyToken } from '../../../../src/core/tokens/use-cases/verify-token.js';
import { expectDomainErrorAsync } from '../../../support/domain-error.js';
import { FixedClock } from '../../../support/fakes.js';
import {
  base62,
  djangoSign,
  expressSign,
  flaskCookie,
  itsdangerousSign,
  itsdangerousTimestamp,
} from '../../../support/token-arbitraries.js';
import {
  DJANGO_DUMPS,
  DJANGO_SIGNER,
  EXPRESS_COOKIE,
  FLASK_COMPRESSED,
  FLASK_UNSIGN,
  ITSDANGEROUS_SIGNER,
} from '../../../vectors/tokens/index.js';

const NOW = Date.UTC(2026, 0, 1);
const clock = new FixedClock(NOW);
const verifier = new VerifyToken(clock, new NodeKeyCodec());
const verify = (input: TokenVerifyInput) => verifier.execute(input);

const signedAt = (iso: string, authenticated: boolean) => {
  const ms = Date.parse(iso);
  return {
    name: 'signed_at',
    utc: { iso: iso.replace('.000', ''), unix_seconds: ms / 1000, unix_milliseconds: ms },
    exact: iso.replace('.000', ''),
    unix_nanoseconds: `${ms}000000`,
    authenticated,
  };
};

beforeEach(() => clock.set(NOW));

describe('VerifyToken, itsdangerous', () => {
  it("verifies a bare Signer's value with the docs' secret: salt itsdangerous.Signer, django-concat, SHA-1", async () => {
    expect(await verify({ value: ITSDANGEROUS_SIGNER.value, format: 'itsdangerous', secret: 'secret-key' })).toEqual({
      format: 'itsdangerous',
      valid: true,
      reason: null,
      payload: 'my string',
      times: [],
      source: 'token_verify',
    });
  });

  it('does not verify the docs’ changed value, nor another secret', async () => {
    for (const input of [
      { value: 'different string.wh6tMHxLgJqB6oY1uT73iMlyrOA', secret: 'secret-key' },
      { value: ITSDANGEROUS_SIGNER.value, secret: 'secret-key2' },
      { value: ITSDANGEROUS_SIGNER.value, secret: 'secret-key', salt: 'itsdangerous' },
      { value: ITSDANGEROUS_SIGNER.value, secret: 'secret-key', key_derivation: 'concat' },
    ]) {
      const answer = await verify({ format: 'itsdangerous', ...input });
      expect(answer.valid).toBe(false);
      expect(answer.reason).toEqual({
        code: 'signature_invalid',
        message:
          'the signature does not match: the secret, salt, key derivation or digest differs from the signer’s, or the value was changed',
      });
    }
  });

  it.each([
    ['concat', 'sha1'],
    ['django-concat', 'sha256'],
    ['hmac', 'sha256'],
    ['none', 'sha1'],
  ] as const)('verifies a value signed with the %s derivation and %s, given as options', async (derivation, digest) => {
    const value = itsdangerousSign('a value', 's3cret', 'my-salt', derivation, digest);
    const answer = await verify({ value, format: 'itsdangerous', secret: 's3cret', salt: 'my-salt', key_derivation: derivation });
    expect(answer.valid).toBe(true);
    // The digest follows the signature's length; saying the other one fails.
    const other = digest === 'sha1' ? 'sha256' : 'sha1';
    const wrong = await verify({
      value,
      format: 'itsdangerous',
      secret: 's3cret',
      salt: 'my-salt',
      key_derivation: derivation,
      digest: other,
    });
    expect(wrong.reason?.code).toBe('signature_invalid');
  });

  it("uses the salt itsdangerous for a serializer's JSON payload, and gives the JSON", async () => {
    const payload = Buffer.from('{"user":42}').toString('base64url');
    const value = itsdangerousSign(payload, 'k', 'itsdangerous', 'django-concat', 'sha1');
    expect(await verify({ value, format: 'itsdangerous', secret: 'k' })).toMatchObject({ valid: true, payload: { user: 42 } });
  });

  it('verifies a Flask cookie as an itsdangerous value with Flask’s salt and derivation, and reads its legacy epoch', async () => {
    const value = itsdangerousSign(`e30.${itsdangerousTimestamp(300_000_000)}`, 'k', 'cookie-session', 'hmac', 'sha1');
    const answer = await verify({ value, format: 'itsdangerous', secret: 'k', salt: 'cookie-session', key_derivation: 'hmac' });
    expect(answer).toMatchObject({ valid: true, payload: {} });
    // itsdangerous before 1.0 counted from 2011-01-01T00:00:00Z (1,293,840,000).
    expect(answer.times.map((time) => [time.name, time.exact, time.authenticated])).toEqual([
      ['signed_at', '1979-07-05T05:20:00Z', true],
      ['signed_at_legacy', '2020-07-04T05:20:00Z', true],
    ]);
  });

  it('refuses a compressed payload that inflates past 1 MiB, naming value', async () => {
    const bomb = Buffer.from(zlibSync(new Uint8Array(1_048_577))).toString('base64url');
    const value = itsdangerousSign(`.${bomb}`, 'k', 'itsdangerous', 'django-concat', 'sha1');
    await expectDomainErrorAsync(
      verify({ value, format: 'itsdangerous', secret: 'k' }),
      'TOKEN_VALUE_INVALID',
      "value's payload inflates past 1048576 bytes (1 MiB), which is not read",
    );
  });

  it('answers malformed for a value with no signature of either length', async () => {
    expect(await verify({ value: 'my string.abc', format: 'itsdangerous', secret: 'secret-key' })).toEqual({
      format: 'itsdangerous',
      valid: false,
      reason: {
        code: 'malformed',
        message:
          'value is not an itsdangerous value: payload.timestamp.signature or value.signature, the signature 27 or 43 base64url characters',
      },
      payload: null,
      times: [],
      source: 'token_verify',
    });
  });

  it('leaves out of times a timestamp past year 9999, which no instant of the answer can show', async () => {
    // 2**40 seconds after 1970 is in year 36812; itsdangerous writes it in 6 bytes. Signed here with node:crypto.
    const value = itsdangerousSign(`e30.${itsdangerousTimestamp(2 ** 40)}`, 'k', 'itsdangerous', 'django-concat', 'sha1');
    expect(await verify({ value, format: 'itsdangerous', secret: 'k' })).toEqual({
      format: 'itsdangerous',
      valid: true,
      reason: null,
      payload: {},
      times: [],
      source: 'token_verify',
    });
  });
});

describe('VerifyToken, flask_session', () => {
  it('verifies Flask-Unsign’s cookie with CHANGEME: signed 2019-01-13T19:51:33Z, authenticated', async () => {
    expect(await verify({ value: FLASK_UNSIGN.value, format: 'flask_session', secret: 'CHANGEME' })).toEqual({
      format: 'flask_session',
      valid: true,
      reason: null,
      payload: { logged_in: false },
      times: [signedAt('2019-01-13T19:51:33.000Z', true)],
      source: 'token_verify',
    });
    expect(await verify({ value: FLASK_UNSIGN.resigned, format: 'flask_session', secret: 'CHANGEME' })).toMatchObject({
      valid: true,
      payload: { logged_in: true },
    });
  });

  it('does not verify with another secret, and leaves the time unauthenticated', async () => {
    const answer = await verify({ value: FLASK_UNSIGN.value, format: 'flask_session', secret: 'changeme' });
    expect(answer).toMatchObject({ valid: false, payload: { logged_in: false }, times: [signedAt('2019-01-13T19:51:33.000Z', false)] });
    expect(answer.reason).toEqual({
      code: 'signature_invalid',
      message: 'the signature does not match: the secret (SECRET_KEY) differs from the app’s, or the cookie was changed',
    });
  });

  it('verifies pallets/flask#4117’s compressed cookie with foobar, signed 2021-05-28T19:29:42Z', async () => {
    const answer = await verify({ value: FLASK_COMPRESSED.value, format: 'flask_session', secret: 'foobar' });
    expect(answer).toMatchObject({
      valid: true,
      payload: { 'session-test': 'test', session_id: 'id' },
      times: [signedAt('2021-05-28T19:29:42.000Z', true)],
    });
  });

  it('is expired more than max_age seconds after the signed time, and not at max_age', async () => {
    clock.set(Date.parse('2019-01-13T19:51:33Z') + 100_999);
    const fresh = await verify({ value: FLASK_UNSIGN.value, format: 'flask_session', secret: 'CHANGEME', max_age: 100 });
    expect(fresh.valid).toBe(true);
    const stale = await verify({ value: FLASK_UNSIGN.value, format: 'flask_session', secret: 'CHANGEME', max_age: 99 });
    expect(stale).toMatchObject({
      valid: false,
      reason: { code: 'expired', message: 'value was signed 100 seconds ago, more than max_age (99 seconds)' },
    });
    expect(stale.times[0]?.authenticated).toBe(true);
  });

  it('checks the signature before the age: a forged old cookie is signature_invalid', async () => {
    const answer = await verify({ value: FLASK_UNSIGN.value, format: 'flask_session', secret: 'wrong', max_age: 1 });
    expect(answer.reason?.code).toBe('signature_invalid');
  });

  it('answers malformed for a value without a timestamp', async () => {
    const answer = await verify({ value: ITSDANGEROUS_SIGNER.value, format: 'flask_session', secret: 'secret-key' });
    expect(answer).toEqual({
      format: 'flask_session',
      valid: false,
      reason: {
        code: 'malformed',
        message:
          'value is not a Flask session cookie: payload.timestamp.signature, the payload base64url JSON and the signature 27 base64url characters',
      },
      payload: null,
      times: [],
      source: 'token_verify',
    });
  });

  it('reads a timestamp below 400,000,000 from itsdangerous’s old epoch too, as Flask before itsdangerous 1.0 wrote it', async () => {
    // Made here with node:crypto as Flask's serializer signs; itsdangerous before 1.0 counted from 2011-01-01T00:00:00Z.
    const answer = await verify({ value: flaskCookie('{}', 'k', 300_000_000), format: 'flask_session', secret: 'k' });
    expect(answer).toMatchObject({ valid: true, payload: {} });
    expect(answer.times.map((time) => [time.name, time.exact, time.authenticated])).toEqual([
      ['signed_at', '1979-07-05T05:20:00Z', true],
      ['signed_at_legacy', '2020-07-04T05:20:00Z', true],
    ]);
  });

  it('takes a SHA-256 cookie with digest sha256', async () => {
    const value = itsdangerousSign(`e30.${itsdangerousTimestamp(1_700_000_000)}`, 'k', 'cookie-session', 'hmac', 'sha256');
    expect((await verify({ value, format: 'flask_session', secret: 'k' })).reason?.code).toBe('signature_invalid');
    expect((await verify({ value, format: 'flask_session', secret: 'k', digest: 'sha256' })).valid).toBe(true);
    expect(flaskCookie('{}', 'k', 1_700_000_000)).toBe(
      itsdangerousSign(`e30.${itsdangerousTimestamp(1_700_000_000)}`, 'k', 'cookie-session', 'hmac', 'sha1'),
    );
  });
});

describe('VerifyToken, django_signed', () => {
  it("verifies Django's Signer test value with predictable-secret: salt django.core.signing.Signer", async () => {
    expect(await verify({ value: DJANGO_SIGNER.value, format: 'django_signed', secret: 'predictable-secret' })).toEqual({
      format: 'django_signed',
      valid: true,
      reason: null,
      payload: 'foo',
      times: [],
      source: 'token_verify',
    });
    const other = await verify({ value: DJANGO_SIGNER.value, format: 'django_signed', secret: 'predictable-secret2' });
    expect(other.reason?.code).toBe('signature_invalid');
  });

  it("reads signing.dumps' docstring value: payload hello, signed 2011-06-25T15:14:38Z, SHA-1, unauthenticated without its secret", async () => {
    const answer = await verify({ value: DJANGO_DUMPS, format: 'django_signed', secret: 'not-the-secret' });
    expect(answer).toMatchObject({ valid: false, payload: 'hello', times: [signedAt('2011-06-25T15:14:38.000Z', false)] });
  });

  it("verifies a TimestampSigner value within max_age, as Django's test_timestamp_signer does", async () => {
    // tests/signing/tests.py test_timestamp_signer: signed at 123456789, unsigned at 123456800 with max_age 12 and 11, expired at 10.
    const timed = djangoSign(`hello:${base62(123_456_789)}`, 'predictable-key', 'django.core.signing');
    clock.set(123_456_800_000);
    for (const maxAge of [12, 11]) {
      expect(await verify({ value: timed, format: 'django_signed', secret: 'predictable-key', max_age: maxAge })).toMatchObject({
        valid: true,
        payload: 'hello',
      });
    }
    const expired = await verify({ value: timed, format: 'django_signed', secret: 'predictable-key', max_age: 10 });
    expect(expired.reason).toEqual({ code: 'expired', message: 'value was signed 11 seconds ago, more than max_age (10 seconds)' });
    // Django never had itsdangerous's old epoch: a time below 400,000,000 is read once.
    expect(expired.times).toEqual([signedAt('1973-11-29T21:33:09.000Z', true)]);
  });

  it('answers malformed for a value whose signature is of neither length', async () => {
    expect(await verify({ value: 'foo:jZQoX_FtSO70jX9HLRGg2A', format: 'django_signed', secret: 'predictable-secret' })).toEqual({
      format: 'django_signed',
      valid: false,
      reason: {
        code: 'malformed',
        message:
          'value is not a Django signed value: payload:timestamp:signature or value:signature, the signature 43 or 27 base64url characters',
      },
      payload: null,
      times: [],
      source: 'token_verify',
    });
  });

  it('gives a compressed payload that is not JSON as its inflated text, as /token/identify shows it', async () => {
    const text = 'not JSON, '.repeat(8);
    const value = djangoSign(
      `.${Buffer.from(zlibSync(new TextEncoder().encode(text))).toString('base64url')}`,
      'k',
      'django.core.signing.Signer',
    );
    expect(await verify({ value, format: 'django_signed', secret: 'k' })).toMatchObject({ valid: true, payload: text });
  });

  it('verifies a compressed dumps value and a SHA-1 one, and takes another salt', async () => {
    const compressed = `.${Buffer.from(zlibSync(new TextEncoder().encode('{"a":"dictionary"}'))).toString('base64url')}`;
    const dumped = djangoSign(`${compressed}:${base62(1_700_000_000)}`, 'k', 'django.core.signing');
    expect(await verify({ value: dumped, format: 'django_signed', secret: 'k' })).toMatchObject({
      valid: true,
      payload: { a: 'dictionary' },
    });
    const sha1 = djangoSign('value', 'k', 'django.core.signing.Signer', 'sha1');
    expect((await verify({ value: sha1, format: 'django_signed', secret: 'k' })).valid).toBe(true);
    const salted = djangoSign('value', 'k', 'extra-salt');
    expect((await verify({ value: salted, format: 'django_signed', secret: 'k' })).valid).toBe(false);
    expect((await verify({ value: salted, format: 'django_signed', secret: 'k', salt: 'extra-salt' })).valid).toBe(true);
  });
});

describe('VerifyToken, express_signed_cookie', () => {
  it("verifies cookie-signature's test value with tobiiscool: HMAC-SHA256, base64 without padding", async () => {
    expect(await verify({ value: EXPRESS_COOKIE.value, format: 'express_signed_cookie', secret: 'tobiiscool' })).toEqual({
      format: 'express_signed_cookie',
      valid: true,
      reason: null,
      payload: 'hello',
      times: [],
      source: 'token_verify',
    });
    const encoded = await verify({
      value: encodeURIComponent(EXPRESS_COOKIE.value),
      format: 'express_signed_cookie',
      secret: 'tobiiscool',
    });
    expect(encoded.valid).toBe(true);
    const other = await verify({ value: EXPRESS_COOKIE.value, format: 'express_signed_cookie', secret: 'luna' });
    expect(other.reason?.code).toBe('signature_invalid');
  });

  it('gives a j: cookie’s JSON', async () => {
    const value = expressSign('j:{"cart":[1,2]}', 'k');
    expect(await verify({ value, format: 'express_signed_cookie', secret: 'k' })).toMatchObject({ valid: true, payload: { cart: [1, 2] } });
  });

  it("verifies cookie-signature's own form, hello.DGDU…, without cookie-parser's s:", async () => {
    // tj/node-cookie-signature test/index.js @ b7bd4cb9500bfa5e696143f51d61e5f24f7a625d: sign('hello', 'tobiiscool'), as written there.
    const bare = 'hello.DGDUkGlIkCzPz+C0B064FNgHdEjox7ch8tOBGslZ5QI';
    expect(await verify({ value: bare, format: 'express_signed_cookie', secret: 'tobiiscool' })).toEqual({
      format: 'express_signed_cookie',
      valid: true,
      reason: null,
      payload: 'hello',
      times: [],
      source: 'token_verify',
    });
    const other = await verify({ value: bare, format: 'express_signed_cookie', secret: 'luna' });
    expect(other.reason?.code).toBe('signature_invalid');
  });

  it('answers malformed for a value with no signature after its last dot', async () => {
    expect(await verify({ value: 'hello.world', format: 'express_signed_cookie', secret: 'tobiiscool' })).toEqual({
      format: 'express_signed_cookie',
      valid: false,
      reason: {
        code: 'malformed',
        message:
          'value is not an Express signed cookie: s:value.signature or value.signature, the signature 43 characters of base64 without padding',
      },
      payload: null,
      times: [],
      source: 'token_verify',
    });
  });
});

describe('VerifyToken, the request', () => {
  it.each([
    ['an empty value', { value: '  ', format: 'itsdangerous', secret: 'k' }, 'TOKEN_VALUE_INVALID', 'value must not be empty'],
    [
      'a value too long',
      { value: 'a'.repeat(16_385), format: 'itsdangerous', secret: 'k' },
      'TOKEN_VALUE_INVALID',
      'value is longer than 16384 characters',
    ],
    [
      'an unknown format',
      { value: ITSDANGEROUS_SIGNER.value, format: 'jwt', secret: 'k' },
      'TOKEN_OPTION_INVALID',
      'format must be one of itsdangerous, flask_session, django_signed, express_signed_cookie, fernet, paseto',
    ],
    [
      'no secret',
      { value: ITSDANGEROUS_SIGNER.value, format: 'itsdangerous' },
      'TOKEN_KEY_INVALID',
      'secret is required for format itsdangerous',
    ],
    [
      'an empty secret',
      { value: ITSDANGEROUS_SIGNER.value, format: 'itsdangerous', secret: '' },
      'TOKEN_KEY_INVALID',
      'secret must not be empty',
    ],
    [
      'a secret too long',
      { value: ITSDANGEROUS_SIGNER.value, format: 'itsdangerous', secret: 'k'.repeat(8193) },
      'TOKEN_KEY_INVALID',
      'secret is longer than 8192 characters',
    ],
    [
      'a key for an HMAC format',
      { value: ITSDANGEROUS_SIGNER.value, format: 'itsdangerous', secret: 'k', key: '{}' },
      'TOKEN_KEY_INVALID',
      'key is not used by format itsdangerous, which is checked with a secret as secret',
    ],
    [
      'a salt for Express',
      { value: EXPRESS_COOKIE.value, format: 'express_signed_cookie', secret: 'k', salt: 'x' },
      'TOKEN_OPTION_INVALID',
      'salt is not used by format express_signed_cookie',
    ],
    [
      'a key derivation for Django',
      { value: DJANGO_SIGNER.value, format: 'django_signed', secret: 'k', key_derivation: 'hmac' },
      'TOKEN_OPTION_INVALID',
      'key_derivation is not used by format django_signed, which takes salt, digest, max_age',
    ],
    [
      'an unknown key derivation',
      { value: ITSDANGEROUS_SIGNER.value, format: 'itsdangerous', secret: 'k', key_derivation: 'pbkdf2' },
      'TOKEN_OPTION_INVALID',
      'key_derivation must be one of concat, django-concat, hmac, none',
    ],
    [
      'an unknown digest',
      { value: ITSDANGEROUS_SIGNER.value, format: 'itsdangerous', secret: 'k', digest: 'md5' },
      'TOKEN_OPTION_INVALID',
      'digest must be one of sha1, sha256',
    ],
    [
      'a negative max_age',
      { value: FLASK_UNSIGN.value, format: 'flask_session', secret: 'k', max_age: -1 },
      'TOKEN_OPTION_INVALID',
      'max_age must be a whole number of seconds, 0 or more',
    ],
    [
      'a fractional max_age',
      { value: FLASK_UNSIGN.value, format: 'flask_session', secret: 'k', max_age: 1.5 },
      'TOKEN_OPTION_INVALID',
      'max_age must be a whole number of seconds, 0 or more',
    ],
    [
      'a salt too long',
      { value: ITSDANGEROUS_SIGNER.value, format: 'itsdangerous', secret: 'k', salt: 's'.repeat(16_385) },
      'TOKEN_OPTION_INVALID',
      'salt is longer than 16384 characters',
    ],
    [
      'an implicit assertion too long',
      { value: 'v4.public.AAAA', format: 'paseto', key: '{}', implicit_assertion: 'i'.repeat(16_385) },
      'TOKEN_OPTION_INVALID',
      'implicit_assertion is longer than 16384 characters',
    ],
  ] as const)('refuses %s, naming the field', async (_, input, code, message) => {
    await expectDomainErrorAsync(verify(input), code, message);
  });

  // The limits are inclusive: a field of exactly the limit is read, one past it refused (above).
  it('reads a secret of exactly 8192 characters and a salt of exactly 16384', async () => {
    const answer = await verify({ value: ITSDANGEROUS_SIGNER.value, format: 'itsdangerous', secret: 'k'.repeat(8192) });
    expect(answer).toMatchObject({ valid: false, reason: { code: 'signature_invalid' } });
    const salted = await verify({ value: ITSDANGEROUS_SIGNER.value, format: 'itsdangerous', secret: 'k', salt: 's'.repeat(16_384) });
    expect(salted).toMatchObject({ valid: false, reason: { code: 'signature_invalid' } });
  });

  it('takes max_age 0: any value signed before now is expired', async () => {
    const answer = await verify({ value: FLASK_UNSIGN.value, format: 'flask_session', secret: 'CHANGEME', max_age: 0 });
    expect(answer).toMatchObject({ valid: false, reason: { code: 'expired' } });
  });

  it('refuses max_age for a value that carries no time, once its signature verified', async () => {
    await expectDomainErrorAsync(
      verify({ value: ITSDANGEROUS_SIGNER.value, format: 'itsdangerous', secret: 'secret-key', max_age: 10 }),
      'TOKEN_OPTION_INVALID',
      'max_age needs a signed time, and value has no timestamp (a signer without one made it)',
    );
  });

  it('reads the value trimmed of white space', async () => {
    expect((await verify({ value: `\n ${ITSDANGEROUS_SIGNER.value}\t`, format: 'itsdangerous', secret: 'secret-key' })).valid).toBe(true);
  });
});
