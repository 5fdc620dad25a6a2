import { zlibSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { DomainError } from '../../../../src/core/shared/errors.js';
import type { TokenCandidate, TokenIdentification } from '../../../../src/core/tokens/model.js';
import { IdentifyToken } from '../../../../src/core/tokens/use-cases/identify-token.js';

const identify = new IdentifyToken();
const run = (value: string, options: { format?: string; tz?: string } = {}): TokenIdentification => identify.execute({ value, ...options });
const only = (answer: TokenIdentification): TokenCandidate => {
  expect(answer.candidates).toHaveLength(1);
  return answer.candidates[0] as TokenCandidate;
};
const codes = (candidate: TokenCandidate): string[] => candidate.findings.map((finding) => finding.code);
const base64url = (bytes: Uint8Array): string => bytes.toBase64({ alphabet: 'base64url', omitPadding: true });

// therootcompany/base62-token.js test.js @ 17dfd0700742c6b352844bd6ba568cf22269e6b1
const GITHUB_VALID = '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';
// GitHub's OAuth documentation example token, as contract §12 cites it: its checksum does not match
const GITHUB_PLACEHOLDER = 'gho_16C7e42F292c6912E7710c838347Ae178B4a';
// google/osv-scalibr veles/secrets/gitlabpat/detector_test.go @ 2cb3b92b591538af5b8e2df9d7fda933335a52cd
const GITLAB_ROUTABLE = 'glpat-bzox79Of-KE9FD2LjoXXF4CvyxA.0r03gxo7s';
const GITLAB_VERSIONED = 'glpat-bzox79Of-KE9FD2LjoXXF4CvyxA.01.0r0l8l6ir';
const GITLAB_VERSIONED_BAD_CRC = 'glpat-bzox79Of-KE9FD2LjoXXF4CvyxA.01.0r03gxo7a';
const GITLAB_LEGACY = 'glpat-vzDNJu3Lvh4YCCekKsnx';
// Paradoxis/Flask-Unsign README.md @ 6e6e91d63fd2327fcfa139ffef6194e5643c52ff
const FLASK = 'eyJsb2dnZWRfaW4iOmZhbHNlfQ.XDuWxQ.E2Pyb6x3w-NODuflHoGnZOEpbH8';
// pallets/flask#4117, as contract §12 cites it (secret `foobar`)
const FLASK_COMPRESSED = '.eJyrVipOLS7OzM_TLUktLlGyUgJTOjDR-MwUoBiQqAUANscOVw.YLFEpg.mUktNdWRkgDnm0OWxbpoyOiY4kg';
// fernet/spec verify.json @ 20dead475f53f11d20592baf29ad697163afc0cd
const FERNET = 'gAAAAAAdwJ6wAAECAwQFBgcICQoLDA0ODy021cpGVWKZ_eEwCGM4BLLF_5CV9dOPmrhuVUPgJobwOz7JcbmrR64jVmpU4IwqDA==';
// paseto-standard/test-vectors v4.json and v3.json @ 32d7406591eb022f9eff88abb84106dd9d42c0f2
const PASETO_4_S_1 =
  'v4.public.eyJkYXRhIjoidGhpcyBpcyBhIHNpZ25lZCBtZXNzYWdlIiwiZXhwIjoiMjAyMi0wMS0wMVQwMDowMDowMCswMDowMCJ9bg_XBBzds8lTZShVlwwKSgeKpLT3yukTw6JUz3W4h_ExsQV-P0V54zemZDcAxFaSeef1QlXEFtkqxT1ciiQEDA';
const PASETO_4_S_2 =
  'v4.public.eyJkYXRhIjoidGhpcyBpcyBhIHNpZ25lZCBtZXNzYWdlIiwiZXhwIjoiMjAyMi0wMS0wMVQwMDowMDowMCswMDowMCJ9v3Jt8mx_TdM2ceTGoqwrh4yDFn0XsHvvV_D0DtwQxVrJEBMl0F2caAdgnpKlt4p7xBnx1HcO-SPo8FPp214HDw.eyJraWQiOiJ6VmhNaVBCUDlmUmYyc25FY1Q3Z0ZUaW9lQTlDT2NOeTlEZmdMMVc2MGhhTiJ9';
const PASETO_3_S_2 =
  'v3.public.eyJkYXRhIjoidGhpcyBpcyBhIHNpZ25lZCBtZXNzYWdlIiwiZXhwIjoiMjAyMi0wMS0wMVQwMDowMDowMCswMDowMCJ9ZWrbGZ6L0MDK72skosUaS0Dz7wJ_2bMcM6tOxFuCasO9GhwHrvvchqgXQNLQQyWzGC2wkr-VKII71AvkLpC8tJOrzJV1cap9NRwoFzbcXjzMZyxQ0wkshxZxx8ImmNWP.eyJraWQiOiJkWWtJU3lseFFlZWNFY0hFTGZ6Rjg4VVpyd2JMb2xOaUNkcHpVSEd3OVVxbiJ9';
const PASETO_4_E_1 =
  'v4.local.AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAQAr68PS4AXe7If_ZgesdkUMvSwscFlAl1pk5HC0e8kApeaqMfGo_7OpBnwJOAbY9V7WU6abu74MmcUE8YWAiaArVI8XJ5hOb_4v9RmDkneN0S92dx0OW4pgy7omxgf3S8c3LlQg';
const PASETO_4_F_1 =
  'v4.local.vngXfCISbnKgiP6VWGuOSlYrFYU300fy9ijW33rznDYgxHNPwWluAY2Bgb0z54CUs6aYYkIJ-bOOOmJHPuX_34Agt_IPlNdGDpRdGNnBz2MpWJvB3cttheEc1uyCEYltj7wBQQYX.YXJiaXRyYXJ5LXN0cmluZy10aGF0LWlzbid0LWpzb24';

describe('IdentifyToken: credentials', () => {
  it('reads a GitHub token whose checksum is valid as live, masked in input', () => {
    const answer = run(GITHUB_VALID);
    expect(answer.input).toBe('ghp_zQWB…Lq17');
    const candidate = only(answer);
    expect(candidate).toMatchObject({
      format: 'github_token',
      fields: { kind: 'personal_access_token', checksum_valid: true },
      times: [],
      key_needed_for: [],
    });
    expect(candidate.findings).toHaveLength(1);
    expect(candidate.findings[0]).toMatchObject({ code: 'live_credential', severity: 'critical' });
    expect(candidate.findings[0]?.message).toMatch(/credential revocation API/);
  });

  it('reads the documentation placeholder as an OAuth token whose checksum fails', () => {
    const candidate = only(run(GITHUB_PLACEHOLDER));
    expect(candidate.fields).toEqual({ kind: 'oauth', checksum_valid: false });
    expect(codes(candidate)).toEqual(['checksum_invalid']);
  });

  it('never repeats a credential unmasked anywhere in the answer', () => {
    for (const value of [GITHUB_VALID, GITLAB_ROUTABLE, 'ASIAY34FZKBOKMUTVV7A', `sk_live_${'4eC39HqLyjWDarjtT1zdp7dc'}`]) {
      expect(JSON.stringify(run(value))).not.toContain(value);
      expect(JSON.stringify(run(` ${value}\n`, { format: 'paseto' }))).not.toContain(value);
    }
  });

  it('reads a fine-grained GitHub token', () => {
    const candidate = only(run(`github_pat_${'A'.repeat(22)}_${'b'.repeat(59)}`));
    expect(candidate).toMatchObject({ format: 'github_fine_grained_token', fields: { kind: 'fine_grained_personal_access_token' } });
    expect(codes(candidate)).toEqual(['live_credential']);
  });

  it('checks an npm token as a GitHub one', () => {
    // The random part and checksum of therootcompany/base62-token.js's GitHub token, under npm's prefix
    expect(only(run(`npm_${GITHUB_VALID.slice(4)}`)).fields).toEqual({ checksum_valid: true });
    expect(codes(only(run(`npm_${'A'.repeat(36)}`)))).toEqual(['checksum_invalid']);
  });

  it.each([
    ['a routable token', GITLAB_ROUTABLE, true],
    ['a versioned routable token', GITLAB_VERSIONED, true],
    ['a versioned routable token with a wrong CRC', GITLAB_VERSIONED_BAD_CRC, false],
  ])('checks the CRC-32 of %s', (_, value, valid) => {
    const candidate = only(run(value));
    expect(candidate.fields).toEqual({ routable: true, checksum_valid: valid });
    expect(codes(candidate)).toEqual([valid ? 'live_credential' : 'checksum_invalid']);
  });

  it('reads a classic GitLab token, which has no checksum, as live', () => {
    const candidate = only(run(GITLAB_LEGACY));
    expect(candidate.fields).toEqual({ routable: false });
    expect(codes(candidate)).toEqual(['live_credential']);
  });

  it('shows the cell, organization and user lines of a routable payload', () => {
    const payload = base64url(new TextEncoder().encode('0123456789abcdef\nc:1\no:2s\nu:9z'));
    const covered = `glpat-${payload}.01.${payload.length.toString(36).padStart(2, '0')}`;
    // A made-up token: its checksum fails, but its routing lines are still shown.
    expect(only(run(`${covered}0000000`)).fields).toEqual({
      routable: true,
      checksum_valid: false,
      cell: '1',
      organization: '2s',
      user: '9z',
    });
  });

  it.each([
    // praetorian-inc/nebula test/access_key_id_to_account_id_test.go @ 77c7119f27758eca485f28d2ddca20ef2fb7b5f2
    ['ASIAY34FZKBOKMUTVV7A', 'temporary (STS) access key', '609629065308', []],
    ['AKIAV7S32T2OSBFJQOIY', 'long-term access key', '411435703965', ['live_credential']],
  ])('reads the account of AWS key id %s', (value, resource, account, findings) => {
    const answer = run(value);
    const candidate = only(answer);
    expect(candidate.fields).toEqual({ resource, account_id: account });
    expect(codes(candidate)).toEqual(findings);
    expect(answer.notes).toEqual([]);
  });

  it('flags an AKIA key id as a warning, not critical', () => {
    expect(only(run('AKIAV7S32T2OSBFJQOIY')).findings[0]?.severity).toBe('warning');
  });

  it('notes that an older AWS key id does not encode its account', () => {
    // contract §12's vector
    const answer = run('AKIAJWMRCSBBKQO4HQCQ');
    expect(only(answer).fields).toEqual({ resource: 'long-term access key', account_id: null });
    expect(answer.notes).toEqual([expect.stringMatching(/A–P.*do not encode the account id/)]);
  });

  it.each([
    [`sk_live_${'a1'.repeat(12)}`, { kind: 'secret', mode: 'live' }, ['live_credential']],
    [`rk_live_${'a1'.repeat(12)}`, { kind: 'restricted', mode: 'live' }, ['live_credential']],
    [`sk_test_${'a1'.repeat(12)}`, { kind: 'secret', mode: 'test' }, []],
    [`pk_live_${'a1'.repeat(12)}`, { kind: 'publishable', mode: 'live' }, ['not_a_secret']],
    [`whsec_${'a1+/'.repeat(8)}`, { kind: 'webhook_secret', mode: null }, ['live_credential']],
  ])('reads Stripe key %s', (value, fields, findings) => {
    const candidate = only(run(value));
    expect(candidate.fields).toEqual(fields);
    expect(codes(candidate)).toEqual(findings);
  });

  it.each([
    ['xoxb-123-456-abc', 'bot'],
    ['xoxp-123-456-abc', 'user'],
    ['xoxa-2-abc', 'workspace_app'],
    ['xoxr-abc', 'refresh'],
    ['xoxe-1-abc', 'refresh'],
    ['xoxc-abc', 'client'],
    ['xoxe.xoxp-1-abc', 'rotating_user'],
    ['xapp-1-A0-abc', 'app_level'],
  ])('reads Slack token %s as %s', (value, kind) => {
    const candidate = only(run(value));
    expect(candidate.fields).toEqual({ kind });
    expect(codes(candidate)).toEqual(['live_credential']);
  });

  it('reads a PyPI token', () => {
    const candidate = only(run('pypi-AgEIcHlwaS5vcmcCJDAwMDAwMDAwLTAwMDAtMDAwMC0wMDAwLTAwMDAwMDAwMDAwMAACKlsz'));
    expect(candidate.fields).toEqual({ index: 'pypi.org' });
    expect(candidate.findings[0]?.message).toMatch(/API tokens page/);
  });
});

describe('IdentifyToken: signed values', () => {
  it('reads a Flask session cookie as itsdangerous and flask_session, with its time unauthenticated', () => {
    const answer = run(FLASK);
    expect(answer.candidates.map((candidate) => candidate.format)).toEqual(['itsdangerous', 'flask_session']);
    expect(answer.notes).toEqual([expect.stringMatching(/^value matches 2 formats \(itsdangerous, flask_session\)/)]);
    const flask = answer.candidates[1] as TokenCandidate;
    expect(flask.fields).toEqual({ compressed: false, payload: { logged_in: false }, digest: 'sha1' });
    expect(flask.times).toEqual([
      {
        name: 'signed_at',
        utc: { iso: '2019-01-13T19:51:33Z', unix_seconds: 1_547_409_093, unix_milliseconds: 1_547_409_093_000 },
        exact: '2019-01-13T19:51:33Z',
        unix_nanoseconds: '1547409093000000000',
        authenticated: false,
      },
    ]);
    expect(flask.key_needed_for).toEqual(['authenticity']);
    expect(codes(flask)).toEqual(['timestamp_unauthenticated']);
    expect(answer.input).toBe(FLASK);
  });

  it('inflates a compressed Flask session cookie', () => {
    const answer = run(FLASK_COMPRESSED, { format: 'flask_session' });
    const candidate = only(answer);
    expect(candidate.fields).toMatchObject({ compressed: true, digest: 'sha1' });
    expect(candidate.fields.payload).toBeTypeOf('object');
    expect(candidate.times[0]?.exact).toBe('2021-05-28T19:29:42Z');
  });

  it('reads a small timestamp from the 2011 epoch as well, with legacy_epoch', () => {
    const payload = base64url(new TextEncoder().encode('{"a":1}'));
    const candidate = only(run(`${payload}.AQ.${'A'.repeat(27)}`, { format: 'itsdangerous' }));
    expect(candidate.times.map((time) => [time.name, time.exact])).toEqual([
      ['signed_at', '1970-01-01T00:00:01Z'],
      ['signed_at_legacy', '2011-01-01T00:00:01Z'],
    ]);
    expect(codes(candidate)).toEqual(['legacy_epoch', 'timestamp_unauthenticated']);
  });

  it("does not take a bare signer's free text as a format (only /token/verify does)", () => {
    // pallets/itsdangerous docs/signer.rst @ 672971d66a2ef9f85151e53283113f33d642dabd
    const answer = run('my string.wh6tMHxLgJqB6oY1uT73iMlyrOA');
    expect(answer.candidates).toEqual([]);
    expect(answer.notes).toEqual([expect.stringMatching(/^value matches none of the formats/)]);
  });

  it('gives a payload that inflates past 1 MiB as null, with a note', () => {
    const bomb = base64url(zlibSync(new TextEncoder().encode(`"${'a'.repeat(2 * 1_048_576)}"`)));
    const answer = run(`.${bomb}.${'A'.repeat(27)}`);
    expect(only(answer).fields).toMatchObject({ compressed: true, payload: null });
    expect(answer.notes).toEqual([expect.stringMatching(/^itsdangerous: the payload inflates past 1048576 bytes/)]);
  });

  it('reads a Django signing.dumps value', () => {
    // django/django django/core/signing.py @ 01dfcf77c5c41cb46203049493e194f54a631133 (module docstring)
    const candidate = only(run('ImhlbGxvIg:1QaUZC:YIye-ze3TTx7gtSv422nZA4sgmk'));
    expect(candidate).toMatchObject({
      format: 'django_signed',
      fields: { compressed: false, payload: 'hello', digest: 'sha1' },
      key_needed_for: ['authenticity'],
    });
    expect(candidate.times.map((time) => [time.name, time.exact])).toEqual([['signed_at', '2011-06-25T15:14:38Z']]);
  });

  it('reads a compressed Django value', () => {
    // django/django django/core/signing.py @ 01dfcf77c5c41cb46203049493e194f54a631133 (module docstring)
    const candidate = only(run('.eJwFwcERACAIwLCF-rCiILN47r-GyZVJsNgkxaFxoDgxcOHGxMKD_T7vhAml:1QaUaL:BA0thEZrp4FQVXIXuOvYJtLJSrQ'));
    expect(candidate.fields).toEqual({ compressed: true, payload: Array.from({ length: 19 }, (_, i) => i + 1), digest: 'sha1' });
  });

  it('shows a compressed Django payload that is not JSON as its inflated text, as /token/verify does', () => {
    const text = 'not JSON, '.repeat(8);
    const candidate = only(run(`.${base64url(zlibSync(new TextEncoder().encode(text)))}:${'A'.repeat(43)}`, { format: 'django_signed' }));
    expect(candidate.fields).toEqual({ compressed: true, payload: text, digest: 'sha256' });
  });

  it("reads a Django Signer's value as its text", () => {
    // django/django tests/signing/tests.py @ 3a4b92aa6ca360eb2890c1f574cac86870f24a42 (test_valid_sep)
    const candidate = only(run('foo:jZQoX_FtSO70jX9HLRGg2A_2s4kdDBxz1QoO_OpEQb0'));
    expect(candidate.fields).toEqual({ compressed: false, payload: 'foo', digest: 'sha256' });
    expect(candidate.times).toEqual([]);
    expect(candidate.findings).toEqual([]);
  });

  it('leaves a time past year 9999 out of times, with a note', () => {
    const answer = run(`ImhlbGxvIg:zzzzzzzz:${'A'.repeat(43)}`);
    expect(only(answer).times).toEqual([]);
    expect(answer.notes).toEqual(['django_signed: signed_at falls outside years 0001–9999, so it is left out of times']);
  });

  it("keeps requiring cookie-parser's s: prefix: cookie-signature's bare hello.DGDU… is not an Express signed cookie here", () => {
    // tj/node-cookie-signature test/index.js @ b7bd4cb9500bfa5e696143f51d61e5f24f7a625d: sign('hello', 'tobiiscool').
    const answer = run('hello.DGDUkGlIkCzPz+C0B064FNgHdEjox7ch8tOBGslZ5QI', { format: 'express_signed_cookie' });
    expect(answer).toMatchObject({ candidates: [], notes: ['value is not of the syntax of express_signed_cookie'] });
  });

  it('reads an Express signed cookie, and the JSON of a j: value', () => {
    // tj/node-cookie-signature test/index.js @ b7bd4cb9500bfa5e696143f51d61e5f24f7a625d
    expect(only(run('s:hello.DGDUkGlIkCzPz+C0B064FNgHdEjox7ch8tOBGslZ5QI')).fields).toEqual({ value: 'hello' });
    const json = only(run(`s%3A${encodeURIComponent('j:{"a":1}')}.${'A'.repeat(43)}`));
    expect(json.fields).toEqual({ value: 'j:{"a":1}', json: { a: 1 } });
    expect(json.times).toEqual([]);
  });

  it('reads a Fernet token: version, IV, ciphertext length and issued_at', () => {
    const candidate = only(run(FERNET));
    expect(candidate).toMatchObject({
      format: 'fernet',
      fields: { version: 128, iv: '000102030405060708090a0b0c0d0e0f', ciphertext_bytes: 16 },
      key_needed_for: ['authenticity', 'payload'],
    });
    expect(candidate.times.map((time) => [time.name, time.exact])).toEqual([['issued_at', '1985-10-26T08:20:00Z']]);
    expect(codes(candidate)).toEqual(['timestamp_unauthenticated']);
  });
});

describe('IdentifyToken: PASETO and PASERK', () => {
  it('reads a v4.public PASETO: its claims and their times', () => {
    const candidate = only(run(PASETO_4_S_1));
    expect(candidate.fields).toEqual({
      version: 4,
      purpose: 'public',
      payload: { data: 'this is a signed message', exp: '2022-01-01T00:00:00+00:00' },
      footer: null,
      kid: null,
    });
    expect(candidate.times.map((time) => [time.name, time.exact, time.authenticated])).toEqual([['exp', '2022-01-01T00:00:00Z', false]]);
    expect(candidate.key_needed_for).toEqual(['authenticity']);
    expect(codes(candidate)).toEqual(['timestamp_unauthenticated']);
  });

  it("reads a footer's kid", () => {
    expect(only(run(PASETO_4_S_2)).fields).toMatchObject({
      footer: { kid: 'zVhMiPBP9fRf2snEcT7gFTioeA9COcNy9DfgL1W60haN' },
      kid: 'zVhMiPBP9fRf2snEcT7gFTioeA9COcNy9DfgL1W60haN',
    });
  });

  it('takes off the 96 bytes of a v3 signature', () => {
    expect(only(run(PASETO_3_S_2)).fields).toMatchObject({
      version: 3,
      payload: { data: 'this is a signed message', exp: '2022-01-01T00:00:00+00:00' },
    });
  });

  it('says a key is needed for the payload and expiry of a local PASETO', () => {
    const candidate = only(run(PASETO_4_E_1));
    expect(candidate.fields).toEqual({ version: 4, purpose: 'local', footer: null, kid: null });
    expect(candidate.key_needed_for).toEqual(['authenticity', 'payload', 'expiry']);
  });

  it('shows a footer that is not JSON as its text', () => {
    expect(only(run(PASETO_4_F_1)).fields).toMatchObject({ footer: "arbitrary-string-that-isn't-json" });
  });

  it.each([
    // paseto-standard/test-vectors PASERK/k4.*.json @ 32d7406591eb022f9eff88abb84106dd9d42c0f2
    ['k4.lid.iVtYQDjr5gEijCSjJC3fQaJm7nCeQSeaty0Jixy8dbsk', 'lid', [], []],
    ['k4.pid.S_XQmeEwHbbvRmiyfXfHYpLGjXGzjTRSDoT1YtTakWFE', 'pid', [], []],
    [
      'k4.secret.AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA7aie8zrakLWKjqNAqbw1zZTIVdx3iQ6Y6wEihi1naKQ',
      'secret',
      [],
      ['private_key_material'],
    ],
    [
      'k4.local-wrap.pie.y-PC8Zh6P1DoOBUdhRr7W8GWSgHtRKvE8PWWYA-qXy3fxJDmaRsxcZVQzuvXHZuBg5MqCgh_y5K0WbukJCrDX73Wdf631VBnE1DNHafbjnGNzFNWP59ba9ifsOAgE7Bw',
      'local-wrap',
      ['payload'],
      [],
    ],
  ])('reads PASERK %s', (value, type, keyNeededFor, findings) => {
    const candidate = only(run(value));
    expect(candidate).toMatchObject({ format: 'paserk', fields: { version: 4, type }, key_needed_for: keyNeededFor });
    expect(codes(candidate)).toEqual(findings);
  });
});

describe('IdentifyToken: canonical base64url in PASETO and PASERK', () => {
  const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';
  /** The same bytes, written with the lowest unused bit of the last character set (RFC 4648 §3.5). */
  const twin = (text: string): string => {
    expect(text.length % 4).not.toBe(0);
    return `${text.slice(0, -1)}${ALPHABET[ALPHABET.indexOf(text.at(-1) as string) + 1] as string}`;
  };
  // paseto-standard/test-vectors PASERK/k4.secret.json @ 32d7406591eb022f9eff88abb84106dd9d42c0f2
  const PASERK_SECRET = 'k4.secret.AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA7aie8zrakLWKjqNAqbw1zZTIVdx3iQ6Y6wEihi1naKQ';

  it('does not read a PASETO whose body decodes to the same bytes from other text', () => {
    const [version, purpose, body] = PASETO_4_S_1.split('.') as [string, string, string];
    const other = `${version}.${purpose}.${twin(body)}`;
    expect(Buffer.from(twin(body), 'base64url')).toEqual(Buffer.from(body, 'base64url'));
    expect(run(PASETO_4_S_1, { format: 'paseto' }).candidates).toHaveLength(1);
    expect(run(other, { format: 'paseto' })).toMatchObject({ candidates: [], notes: ['value is not of the syntax of paseto'] });
  });

  it('does not read a PASERK whose data is not canonical, and still masks it', () => {
    const data = PASERK_SECRET.slice('k4.secret.'.length);
    const other = `k4.secret.${twin(data)}`;
    const answer = run(other);
    expect(answer.candidates).toEqual([]);
    expect(answer.input).toBe(`${other.slice(0, 8)}…${other.slice(-4)}`);
    expect(only(run(PASERK_SECRET)).format).toBe('paserk');
  });
});

describe('IdentifyToken: JWTs, options and refusals', () => {
  const jwt = 'eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJzdWIiOiIxMjM0NTY3ODkwIn0.' + 'A'.repeat(43);

  it.each([
    ['a compact JWS', jwt],
    ['a Bearer JWS', `Bearer ${jwt}`],
    ['a JWS JSON serialization', JSON.stringify({ payload: 'eyJhIjoxfQ', protected: 'eyJhbGciOiJIUzI1NiJ9', signature: 'AAAA' })],
  ])('points %s to /jwt/decode, and says nothing else about it', (_, value) => {
    expect(run(value)).toEqual({ input: value, candidates: [{ format: 'jwt', see: '/jwt/decode' }], notes: [], source: 'token_identify' });
  });

  it('notes a JWT when a format is asked for', () => {
    expect(run(jwt, { format: 'itsdangerous' })).toMatchObject({
      candidates: [],
      notes: ['value is a JWT: /jwt/decode reads it, not as itsdangerous'],
    });
  });

  it('keeps only the format asked for', () => {
    expect(run(FLASK, { format: 'flask_session' }).candidates.map((candidate) => candidate.format)).toEqual(['flask_session']);
    expect(run(FLASK, { format: 'fernet' })).toMatchObject({ candidates: [], notes: ['value is not of the syntax of fernet'] });
  });

  it('adds the local time in tz to every time', () => {
    const candidate = only(run(FERNET, { tz: 'America/Los_Angeles' }));
    expect(candidate.times[0]?.local).toMatchObject({ iso: '1985-10-26T01:20:00-07:00', time_zone: 'America/Los_Angeles' });
  });

  it('reads the value trimmed, and gives input as received', () => {
    expect(run(`  ${FERNET}\n`)).toMatchObject({ input: `  ${FERNET}\n`, candidates: [{ format: 'fernet' }] });
  });

  const refusal = (input: Parameters<IdentifyToken['execute']>[0]): DomainError => {
    try {
      identify.execute(input);
    } catch (error) {
      if (error instanceof DomainError) return error;
      throw error;
    }
    throw new Error('expected a refusal');
  };

  it.each([
    ['an empty value', { value: '' }, 'TOKEN_VALUE_INVALID', 'value must not be empty'],
    ['a blank value', { value: ' \n\t' }, 'TOKEN_VALUE_INVALID', 'value must not be empty'],
    ['a missing value', { value: undefined as unknown as string }, 'TOKEN_VALUE_INVALID', 'value must not be empty'],
    ['a value of 16,385 characters', { value: 'a'.repeat(16_385) }, 'TOKEN_VALUE_INVALID', 'value is longer than 16384 characters'],
    ['an unknown format', { value: FLASK, format: 'jwt' }, 'TOKEN_OPTION_INVALID', /^format must be one of github_token, .*, paserk$/],
    ['an unknown zone', { value: FLASK, tz: 'Mars/Olympus' }, 'TZ_UNKNOWN', /^tz /],
  ])('refuses %s', (_, input, code, message) => {
    const error = refusal(input);
    expect(error.code).toBe(code);
    expect(error.message).toMatch(message);
  });

  it('takes a value of exactly 16,384 characters', () => {
    expect(run('a'.repeat(16_384)).candidates).toEqual([]);
  });

  it('never repeats a refused credential in the error', () => {
    expect(refusal({ value: GITHUB_VALID, format: 'nope' }).message).not.toContain(GITHUB_VALID);
  });
});
