import { zlibSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { readToken } from '../../../../src/core/jwt/forms.js';
import { DomainError } from '../../../../src/core/shared/errors.js';
import type { TokenCandidate, TokenIdentification } from '../../../../src/core/tokens/model.js';
import { IdentifyToken } from '../../../../src/core/tokens/use-cases/identify-token.js';
import {
  AWS_KEY_ID,
  DJANGO_DUMPS,
  DJANGO_DUMPS_COMPRESSED,
  DJANGO_SIGNER,
  EXPRESS_COOKIE,
  FERNET,
  FLASK_COMPRESSED,
  FLASK_UNSIGN,
  GITHUB_PLACEHOLDER,
  GITHUB_TOKEN,
  GITHUB_TOKEN_MASKED,
  GITLAB_LEGACY,
  GITLAB_ROUTABLE,
  GITLAB_VERSIONED,
  GITLAB_VERSIONED_BAD_CRC,
  ITSDANGEROUS_SIGNER,
  PASERK_K4_LID,
  PASERK_K4_PID,
  PASERK_K4_SECRET,
  PASETO_3_S_2,
  PASETO_4_E_1,
  PASETO_4_F_1,
  PASETO_4_S_1,
  PASETO_4_S_2,
} from '../../../vectors/tokens/index.js';

const identify = new IdentifyToken();
const run = (value: string, options: { format?: string; tz?: string } = {}): TokenIdentification => identify.execute({ value, ...options });
const only = (answer: TokenIdentification): TokenCandidate => {
  expect(answer.candidates).toHaveLength(1);
  return answer.candidates[0] as TokenCandidate;
};
const codes = (candidate: TokenCandidate): string[] => candidate.findings.map((finding) => finding.code);
const base64url = (bytes: Uint8Array): string => bytes.toBase64({ alphabet: 'base64url', omitPadding: true });

describe('IdentifyToken: credentials', () => {
  it('reads a GitHub token whose checksum is valid as live, masked in input', () => {
    const answer = run(GITHUB_TOKEN);
    expect(answer.input).toBe(GITHUB_TOKEN_MASKED);
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
    for (const value of [GITHUB_TOKEN, GITLAB_ROUTABLE, AWS_KEY_ID.value, `sk_live_${'4eC39HqLyjWDarjtT1zdp7dc'}`]) {
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
    expect(only(run(`npm_${GITHUB_TOKEN.slice(4)}`)).fields).toEqual({ checksum_valid: true });
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
    [AWS_KEY_ID.value, 'temporary (STS) access key', AWS_KEY_ID.account, []],
    ['AKIAV7S32T2OSBFJQOIY', 'long-term access key', '411435703965', ['live_credential']],
    // kubernetes-sigs/aws-iam-authenticator, pkg/token/akid_test.go, commit 15a70e860baf14fac4bfdd9283810efde361bce8:
    // "account starting with a 0", which the 12 digits keep.
    ['ASIAQNZGKIQY56JQ7WML', 'temporary (STS) access key', '029608264753', []],
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
    const answer = run(FLASK_UNSIGN.value);
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
    expect(flask.findings).toEqual([
      {
        code: 'timestamp_unauthenticated',
        severity: 'info',
        message: 'signed_at was read without checking the signature, so anyone could have written it',
      },
    ]);
    expect(answer.input).toBe(FLASK_UNSIGN.value);
  });

  it('inflates a compressed Flask session cookie', () => {
    const answer = run(FLASK_COMPRESSED.value, { format: 'flask_session' });
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
    expect(candidate.findings[1]?.message).toBe(
      'signed_at, signed_at_legacy were read without checking the signature, so anyone could have written them',
    );
  });

  it("does not take a bare signer's free text as a format (only /token/verify does)", () => {
    const answer = run(ITSDANGEROUS_SIGNER.value);
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
    const candidate = only(run(DJANGO_DUMPS));
    expect(candidate).toMatchObject({
      format: 'django_signed',
      fields: { compressed: false, payload: 'hello', digest: 'sha1' },
      key_needed_for: ['authenticity'],
    });
    expect(candidate.times.map((time) => [time.name, time.exact])).toEqual([['signed_at', '2011-06-25T15:14:38Z']]);
  });

  it('reads a compressed Django value', () => {
    const candidate = only(run(DJANGO_DUMPS_COMPRESSED));
    expect(candidate.fields).toEqual({ compressed: true, payload: Array.from({ length: 19 }, (_, i) => i + 1), digest: 'sha1' });
  });

  it('shows a compressed Django payload that is not JSON as its inflated text, as /token/verify does', () => {
    const text = 'not JSON, '.repeat(8);
    const candidate = only(run(`.${base64url(zlibSync(new TextEncoder().encode(text)))}:${'A'.repeat(43)}`, { format: 'django_signed' }));
    expect(candidate.fields).toEqual({ compressed: true, payload: text, digest: 'sha256' });
  });

  it("reads a Django Signer's value as its text", () => {
    const candidate = only(run(DJANGO_SIGNER.value));
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
    const answer = run(EXPRESS_COOKIE.value.slice('s:'.length), { format: 'express_signed_cookie' });
    expect(answer).toMatchObject({ candidates: [], notes: ['value is not of the syntax of express_signed_cookie'] });
  });

  it('reads an Express signed cookie, and the JSON of a j: value', () => {
    expect(only(run(EXPRESS_COOKIE.value)).fields).toEqual({ value: 'hello' });
    const json = only(run(`s%3A${encodeURIComponent('j:{"a":1}')}.${'A'.repeat(43)}`));
    expect(json.fields).toEqual({ value: 'j:{"a":1}', json: { a: 1 } });
    expect(json.times).toEqual([]);
  });

  it('reads a Fernet token: version, IV, ciphertext length and issued_at', () => {
    const candidate = only(run(FERNET.token));
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
    const candidate = only(run(PASETO_4_S_1.token));
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
    [PASERK_K4_LID, 'lid', [], []],
    [PASERK_K4_PID, 'pid', [], []],
    [PASERK_K4_SECRET, 'secret', [], ['private_key_material']],
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
  const PASERK_SECRET = PASERK_K4_SECRET;

  it('does not read a PASETO whose body decodes to the same bytes from other text', () => {
    const [version, purpose, body] = PASETO_4_S_1.token.split('.') as [string, string, string];
    const other = `${version}.${purpose}.${twin(body)}`;
    expect(Buffer.from(twin(body), 'base64url')).toEqual(Buffer.from(body, 'base64url'));
    expect(run(PASETO_4_S_1.token, { format: 'paseto' }).candidates).toHaveLength(1);
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

  // A JOSE header is JSON text, which may start with white space (RFC 8259 §2), and its UTF-8 with a byte order mark that
  // the decoder drops: /jwt/decode reads each of these, so identify points each to it. Made here from the jwt above.
  it.each([
    ['a space', ' '],
    ['a tab', '\t'],
    ['a line feed', '\n'],
    ['a carriage return', '\r'],
    ['a byte order mark', '\uFEFF'],
  ])('points a JWS whose header starts with %s to /jwt/decode', (_, start) => {
    const header = base64url(new TextEncoder().encode(`${start}{"alg":"HS256","typ":"JWT"}`));
    const value = `${header}.${jwt.slice(jwt.indexOf('.') + 1)}`;
    expect(run(value)).toEqual({ input: value, candidates: [{ format: 'jwt', see: '/jwt/decode' }], notes: [], source: 'token_identify' });
    expect(run(value, { format: 'django_signed' }).notes).toEqual(['value is a JWT: /jwt/decode reads it, not as django_signed']);
  });

  it('does not point a JWS behind two Bearer prefixes to /jwt/decode, whose reader takes off only one', () => {
    const value = `Bearer Bearer ${jwt}`;
    expect(() => readToken(value)).toThrow(DomainError);
    expect(run(value)).toEqual({
      input: value,
      candidates: [],
      notes: [expect.stringMatching(/^value matches none of the formats/)],
      source: 'token_identify',
    });
  });

  it('notes a JWT when a format is asked for', () => {
    expect(run(jwt, { format: 'itsdangerous' })).toMatchObject({
      candidates: [],
      notes: ['value is a JWT: /jwt/decode reads it, not as itsdangerous'],
    });
  });

  it('keeps only the format asked for', () => {
    expect(run(FLASK_UNSIGN.value, { format: 'flask_session' }).candidates.map((candidate) => candidate.format)).toEqual(['flask_session']);
    expect(run(FLASK_UNSIGN.value, { format: 'fernet' })).toMatchObject({
      candidates: [],
      notes: ['value is not of the syntax of fernet'],
    });
  });

  it('adds the local time in tz to every time', () => {
    const candidate = only(run(FERNET.token, { tz: 'America/Los_Angeles' }));
    expect(candidate.times[0]?.local).toMatchObject({ iso: '1985-10-26T01:20:00-07:00', time_zone: 'America/Los_Angeles' });
  });

  it('reads the value trimmed, and gives input as received', () => {
    expect(run(`  ${FERNET.token}\n`)).toMatchObject({ input: `  ${FERNET.token}\n`, candidates: [{ format: 'fernet' }] });
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
    [
      'an unknown format',
      { value: FLASK_UNSIGN.value, format: 'jwt' },
      'TOKEN_OPTION_INVALID',
      /^format must be one of github_token, .*, paserk$/,
    ],
    ['an unknown zone', { value: FLASK_UNSIGN.value, tz: 'Mars/Olympus' }, 'TZ_UNKNOWN', /^tz /],
  ])('refuses %s', (_, input, code, message) => {
    const error = refusal(input);
    expect(error.code).toBe(code);
    expect(error.message).toMatch(message);
  });

  it('takes a value of exactly 16,384 characters', () => {
    expect(run('a'.repeat(16_384)).candidates).toEqual([]);
  });

  it('never repeats a refused credential in the error', () => {
    expect(refusal({ value: GITHUB_TOKEN, format: 'nope' }).message).not.toContain(GITHUB_TOKEN);
  });
});
