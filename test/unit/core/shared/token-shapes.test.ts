import { createCipheriv, createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { TOKEN_SHAPES, tokenShapes, isSecretValue, maskedValue, secretCredentialsIn } from '../../../../src/core/shared/token-shapes.js';
import { TOKEN_FORMATS } from '../../../../src/core/tokens/vocabulary.js';
import { EXPRESS_COOKIE, FERNET, GITHUB_TOKEN } from '../../../vectors/tokens/index.js';

/** An HMAC of `text` under `secret`, in base64url: 27 characters for SHA-1, 43 for SHA-256. */
const hmac = (digest: 'sha1' | 'sha256', text: string): string => createHmac(digest, 'secret-key').update(text).digest('base64url');

/** `s:`, the value, `.` and its HMAC-SHA256 in base64 without padding, as cookie-signature signs a cookie. */
const expressCookie = (text: string): string =>
  `s:${text}.${createHmac('sha256', EXPRESS_COOKIE.secret).update(text).digest('base64').replace(/=+$/, '')}`;

/** Bytes in padded base64url, as Fernet writes them. */
const paddedBase64url = (bytes: Buffer): string => bytes.toString('base64').replaceAll('+', '-').replaceAll('/', '_');

/** Fernet's fields under fernet/spec's key: version, issued_at, IV, the ciphertext given, and the HMAC-SHA256 of them. */
function fernetBytes(ciphertext: Buffer, version = 0x80): Buffer {
  const key = Buffer.from(FERNET.secret, 'base64url');
  const issuedAt = Buffer.alloc(8);
  issuedAt.writeBigUInt64BE(499162800n);
  const signed = Buffer.concat([Buffer.of(version), issuedAt, Buffer.alloc(16, 7), ciphertext]);
  return Buffer.concat([signed, createHmac('sha256', key.subarray(0, 16)).update(signed).digest()]);
}

/** `plaintext` in AES-128-CBC under fernet/spec's key and the IV fernetBytes writes: whole 16-byte blocks. */
const encrypted = (plaintext: string): Buffer => {
  const cipher = createCipheriv('aes-128-cbc', Buffer.from(FERNET.secret, 'base64url').subarray(16), Buffer.alloc(16, 7));
  return Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
};

describe('tokenShapes', () => {
  it("lists contract §12's formats in the table's order", () => {
    expect(TOKEN_SHAPES.map((row) => row.format)).toEqual(TOKEN_FORMATS);
  });

  it.each([
    // therootcompany/base62-token.js test.js @ 17dfd0700742c6b352844bd6ba568cf22269e6b1
    ['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', ['github_token']],
    [`github_pat_${'A'.repeat(22)}_${'b'.repeat(59)}`, ['github_fine_grained_token']],
    [`npm_${'A'.repeat(36)}`, ['npm_token']],
    ['glpat-vzDNJu3Lvh4YCCekKsnx', ['gitlab_token']],
    ['ASIAY34FZKBOKMUTVV7A', ['aws_access_key_id']],
    [`pk_test_${'a'.repeat(10)}`, ['stripe_key']],
    ['xoxe.xoxp-1-abc', ['slack_token']],
    ['pypi-AgEIcHlwaS5vcmcABC', ['pypi_token']],
    // Paradoxis/Flask-Unsign README.md @ 6e6e91d63fd2327fcfa139ffef6194e5643c52ff
    ['eyJsb2dnZWRfaW4iOmZhbHNlfQ.XDuWxQ.E2Pyb6x3w-NODuflHoGnZOEpbH8', ['itsdangerous', 'flask_session']],
    // django/django django/core/signing.py @ 01dfcf77c5c41cb46203049493e194f54a631133
    ['ImhlbGxvIg:1QaUZC:YIye-ze3TTx7gtSv422nZA4sgmk', ['django_signed']],
    // tj/node-cookie-signature test/index.js @ b7bd4cb9500bfa5e696143f51d61e5f24f7a625d
    ['s:hello.DGDUkGlIkCzPz+C0B064FNgHdEjox7ch8tOBGslZ5QI', ['express_signed_cookie']],
    // fernet/spec verify.json @ 20dead475f53f11d20592baf29ad697163afc0cd
    ['gAAAAAAdwJ6wAAECAwQFBgcICQoLDA0ODy021cpGVWKZ_eEwCGM4BLLF_5CV9dOPmrhuVUPgJobwOz7JcbmrR64jVmpU4IwqDA==', ['fernet']],
    ['v4.local.AAAA', ['paseto']],
    // paseto-standard/test-vectors PASERK/k4.lid.json @ 32d7406591eb022f9eff88abb84106dd9d42c0f2
    ['k4.lid.iVtYQDjr5gEijCSjJC3fQaJm7nCeQSeaty0Jixy8dbsk', ['paserk']],
    // An untimed value (`URLSafeSerializer.dumps([1])`'s shape): not a Flask session, whose timestamp it lacks.
    [`WzFd.${hmac('sha1', 'WzFd')}`, ['itsdangerous']],
    // Timed, but signed with SHA-256: Flask signs its session with SHA-1.
    [`eyJhIjoxfQ.XDuWxQ.${hmac('sha256', 'eyJhIjoxfQ.XDuWxQ')}`, ['itsdangerous']],
    // Only a value that starts with `s%3A` is URL-decoded: this one's text is the cookie's, `%` and all.
    [expressCookie('s%3A%'), ['express_signed_cookie']],
    // Two blocks of ciphertext, 89 bytes: one `=` of padding.
    [paddedBase64url(fernetBytes(encrypted('sixteen bytes...'))), ['fernet']],
    // Three blocks, 105 bytes: no padding.
    [paddedBase64url(fernetBytes(encrypted('thirty-two bytes of plaintext...'))), ['fernet']],
  ])('reads %s as %j', (value, formats) => {
    expect(tokenShapes(`  ${value}\n`)).toEqual(formats);
  });

  it.each([
    ['a number', '1700000000'],
    ['a GitHub prefix with 35 characters', `ghp_${'a'.repeat(35)}`],
    ['an AWS key id with a digit outside base32', 'AKIAY34FZKBOKMUTVV71'],
    ['a Stripe key of 9 characters', `sk_live_${'a'.repeat(9)}`],
    ['a PASETO of version 5', 'v5.public.AAAA'],
    ['a PASETO body of an impossible length', 'v4.public.AAAAA'],
    ['a Fernet token one block short', `gAAAAAAdwJ6wAAECAwQFBgcICQoLDA0OD${'A'.repeat(59)}==`],
    ['an itsdangerous value whose text is not base64url', 'my string.wh6tMHxLgJqB6oY1uT73iMlyrOA'],
    ['a Django value of four parts', `a:b:c:${'a'.repeat(43)}`],
    ['a signature alone', hmac('sha1', 'WzFd')],
    ['a Django value with a timestamp but no payload', `:1QaUZC:${hmac('sha256', ':1QaUZC')}`],
    ['a Django value whose timestamp has 9 digits', `ImhlbGxvIg:123456789:${hmac('sha256', 'ImhlbGxvIg:123456789')}`],
    ['an Express cookie whose URL encoding is broken', `s%3Ahello%ZZ.${expressCookie('hello').slice('s:hello.'.length)}`],
    ['an Express cookie with a short signature', 's:hello.abc'],
    ['an Express cookie with an empty value', expressCookie('')],
    ['a Fernet token without ciphertext, 57 bytes', paddedBase64url(fernetBytes(Buffer.alloc(0)))],
    [
      'a Fernet token with a byte past its HMAC',
      paddedBase64url(Buffer.concat([fernetBytes(encrypted('sixteen bytes...')), Buffer.of(0)])),
    ],
    ['a Fernet token of version 0x81', paddedBase64url(fernetBytes(encrypted('sixteen bytes...'), 0x81))],
    ['a PASETO footer of an impossible length', 'v4.local.AAAA.AAAAA'],
    ['a PASERK of an impossible length', 'k4.lid.iVtYQDjr5gEijCSjJC3fQaJm7nCeQSeaty0Jixy8dbskA'],
  ])('reads %s as nothing', (_, value) => {
    expect(tokenShapes(value)).toEqual([]);
  });

  it('does not read a PASETO or a PASERK as itsdangerous', () => {
    expect(tokenShapes(`v4.public.${'A'.repeat(27)}`)).toEqual(['paseto']);
    expect(tokenShapes(`k4.public.${'A'.repeat(43)}`)).toEqual(['paserk']);
  });
});

describe('maskedValue', () => {
  it.each([
    // therootcompany/base62-token.js README: a GitHub token whose checksum is valid.
    ['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', 'ghp_zQWB…Lq17'],
    // praetorian-inc/nebula test/access_key_id_to_account_id_test.go: an AWS key id.
    [' ASIAY34FZKBOKMUTVV7A\n', 'ASIAY34F…VV7A'],
    // A PASERK that holds a key (contract §12: private_key_material), of k4.secret's shape.
    [`k4.secret.${'A'.repeat(86)}`, 'k4.secre…AAAA'],
    [`k4.local-pw.${'B'.repeat(40)}`, 'k4.local…BBBB'],
    // Shorter than 20 characters, a value keeps only its first third: 8 and 4 would show most of it.
    ['xoxb-1', 'xo…'],
    ['xoxb-1234567890abc', 'xoxb-1…'],
  ])('masks %j, a value no answer may repeat', (value, masked) => {
    expect(isSecretValue(value)).toBe(true);
    expect(maskedValue(value)).toBe(masked);
  });

  it.each([
    // paseto-standard/test-vectors PASERK/k4.lid.json: an identifier, not a key.
    'k4.lid.iVtYQDjr5gEijCSjJC3fQaJm7nCeQSeaty0Jixy8dbsk',
    `k4.public.${'C'.repeat(43)}`,
    // Paradoxis/Flask-Unsign README.md: a signed cookie is no credential.
    'eyJsb2dnZWRfaW4iOmZhbHNlfQ.XDuWxQ.E2Pyb6x3w-NODuflHoGnZOEpbH8',
    ' 1700000000',
  ])('leaves %j as it is', (value) => {
    expect(isSecretValue(value)).toBe(false);
    expect(maskedValue(value)).toBe(value);
  });
});

describe('secretCredentialsIn', () => {
  it.each([
    // therootcompany/base62-token.js README: a GitHub token whose checksum is valid.
    ['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', ['github_token']],
    [`sk_live_${'a'.repeat(24)}`, ['stripe_key']],
    // contract §12: an AKIA key id gets live_credential (a warning): it names an account.
    ['AKIAJWMRCSBBKQO4HQCQ', ['aws_access_key_id']],
    // Publishable keys and temporary key ids are no secret (contract §12: not_a_secret, no finding).
    [`pk_live_${'a'.repeat(24)}`, []],
    // praetorian-inc/nebula test/access_key_id_to_account_id_test.go: a temporary (STS) key id.
    ['ASIAY34FZKBOKMUTVV7A', []],
    ['eyJsb2dnZWRfaW4iOmZhbHNlfQ.XDuWxQ.E2Pyb6x3w-NODuflHoGnZOEpbH8', []],
    [`  ${GITHUB_TOKEN}\n`, ['github_token']],
  ])('flags %j as %j', (value, formats) => {
    expect(secretCredentialsIn(value)).toEqual(formats);
  });
});
