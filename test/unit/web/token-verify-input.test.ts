import { describe, expect, it } from 'vitest';
import { NO_OPTIONS, verifyFormatsOf, verifyInput } from '../../../web/src/token-verify-input.js';

describe('verifyFormatsOf', () => {
  it.each([
    ['a Flask cookie, read as itsdangerous then flask_session', ['itsdangerous', 'flask_session'], ['flask_session', 'itsdangerous']],
    ['a bare itsdangerous value', ['itsdangerous'], ['itsdangerous']],
    ['a Django value', ['django_signed'], ['django_signed']],
    ['a PASETO', ['paseto'], ['paseto']],
    ['a credential, which no key proves', ['github_token'], []],
    ['a PASERK, which is a key, not a token', ['paserk'], []],
    ['a JWT pointer', ['jwt'], []],
  ])('%s: offers %j', (_what, formats, expected) => {
    expect(verifyFormatsOf(formats.map((format) => ({ format })))).toEqual(expected);
  });
});

describe('verifyInput', () => {
  it('sends the secret and only the options given', () => {
    expect(verifyInput('v.s', 'itsdangerous', 'secret-key', NO_OPTIONS)).toEqual({
      value: 'v.s',
      format: 'itsdangerous',
      secret: 'secret-key',
    });
  });

  it('sends a secret as typed, spaces and all', () => {
    expect(verifyInput('v.s', 'flask_session', ' a secret ', NO_OPTIONS)).toMatchObject({ secret: ' a secret ' });
  });

  it('sends every option an itsdangerous value takes, max_age as a number', () => {
    const options = { salt: 'cookie-session', key_derivation: 'hmac', digest: 'sha1', max_age: ' 3600 ', implicit_assertion: 'ignored' };
    expect(verifyInput('v.t.s', 'itsdangerous', 'k', options)).toEqual({
      value: 'v.t.s',
      format: 'itsdangerous',
      secret: 'k',
      salt: 'cookie-session',
      key_derivation: 'hmac',
      digest: 'sha1',
      max_age: 3600,
    });
  });

  it('leaves out what a format does not take', () => {
    const options = { salt: 's', key_derivation: 'hmac', digest: 'sha1', max_age: '60', implicit_assertion: 'a' };
    expect(verifyInput('s:v.sig', 'express_signed_cookie', 'k', options)).toEqual({
      value: 's:v.sig',
      format: 'express_signed_cookie',
      secret: 'k',
    });
    expect(verifyInput('f', 'fernet', 'k', options)).toEqual({ value: 'f', format: 'fernet', secret: 'k', max_age: 60 });
    expect(verifyInput('d', 'django_signed', 'k', options)).toEqual({
      value: 'd',
      format: 'django_signed',
      secret: 'k',
      salt: 's',
      digest: 'sha1',
      max_age: 60,
    });
  });

  it('sends a PASETO public key as key, with its implicit assertion, never as a secret', () => {
    const input = verifyInput('v4.public.x', 'paseto', '{"kty":"OKP"}', { ...NO_OPTIONS, implicit_assertion: '{"test-vector":"4-S-3"}' });
    expect(input).toEqual({ value: 'v4.public.x', format: 'paseto', key: '{"kty":"OKP"}', implicit_assertion: '{"test-vector":"4-S-3"}' });
    expect(input).not.toHaveProperty('secret');
  });
});
