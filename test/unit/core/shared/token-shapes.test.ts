import { describe, expect, it } from 'vitest';
import { TOKEN_SHAPES, tokenShapes, isSecretValue, maskedValue, secretCredentialsIn } from '../../../../src/core/shared/token-shapes.js';
import { TOKEN_FORMATS } from '../../../../src/core/tokens/vocabulary.js';

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
  ])('flags %j as %j', (value, formats) => {
    expect(secretCredentialsIn(value)).toEqual(formats);
  });
});
