import { zlibSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import type { TokenCandidate, TokenFinding, TokenIdentification } from '../../../../src/core/tokens/model.js';
import { IdentifyToken } from '../../../../src/core/tokens/use-cases/identify-token.js';
import {
  GITHUB_PLACEHOLDER,
  GITHUB_TOKEN,
  GITLAB_LEGACY,
  GITLAB_ROUTABLE,
  PASERK_K4_SECRET,
  PASETO_4_S_1,
} from '../../../vectors/tokens/index.js';

// What each format's reader says, word for word: every finding and note, and the values each reader leaves out.

const identify = new IdentifyToken();
const run = (value: string, options: { format?: string } = {}): TokenIdentification => identify.execute({ value, ...options });
const only = (answer: TokenIdentification): TokenCandidate => {
  expect(answer.candidates).toHaveLength(1);
  return answer.candidates[0] as TokenCandidate;
};
const utf8 = (text: string): Uint8Array => new TextEncoder().encode(text);
const base64url = (bytes: Uint8Array): string => bytes.toBase64({ alphabet: 'base64url', omitPadding: true });
const live = (message: string): TokenFinding => ({ code: 'live_credential', severity: 'critical', message });
const checksumInvalid = (name: string): TokenFinding => ({
  code: 'checksum_invalid',
  severity: 'info',
  message: `the checksum does not match: this has the shape of ${name} but is not one that was issued (a placeholder, an example or a typo)`,
});
const REVOKE_GITHUB =
  "revoke it now through GitHub's credential revocation API (POST /credentials/revoke) or on the token settings page (github.com/settings/tokens)";
const REVOKE_GITLAB =
  "revoke it now on GitLab's Personal access tokens page (User settings > Access tokens) or through the personal access tokens API (DELETE /personal_access_tokens/:id)";
const unauthenticated = (message: string): TokenFinding => ({ code: 'timestamp_unauthenticated', severity: 'info', message });
/** A zlib stream of a JSON string of 2 MiB: it inflates past the 1 MiB read. */
const BOMB = base64url(zlibSync(utf8(`"${'a'.repeat(2 * 1_048_576)}"`)));

describe('identify-formats: the credentials, word for word', () => {
  it('says where to revoke a GitHub token whose checksum is valid', () => {
    expect(only(run(GITHUB_TOKEN)).findings).toEqual([live(`a GitHub token whose checksum is valid: ${REVOKE_GITHUB}`)]);
  });

  it('says a GitHub token whose checksum fails was never issued, as info', () => {
    expect(only(run(GITHUB_PLACEHOLDER)).findings).toEqual([checksumInvalid('a GitHub token')]);
  });

  it('says where to revoke a fine-grained GitHub token', () => {
    expect(only(run(`github_pat_${'A'.repeat(22)}_${'b'.repeat(59)}`)).findings).toEqual([
      live(
        "a GitHub fine-grained personal access token: revoke it now on the fine-grained tokens page (github.com/settings/personal-access-tokens) or through GitHub's credential revocation API (POST /credentials/revoke)",
      ),
    ]);
  });

  it('says where to revoke an npm token whose checksum is valid, and that one whose checksum fails was never issued', () => {
    // The random part and checksum of therootcompany/base62-token.js's GitHub token, under npm's prefix
    expect(only(run(`npm_${GITHUB_TOKEN.slice(4)}`)).findings).toEqual([
      live("an npm access token whose checksum is valid: revoke it now with `npm token revoke` or on npmjs.com's Access Tokens page"),
    ]);
    expect(only(run(`npm_${'A'.repeat(36)}`)).findings).toEqual([checksumInvalid('an npm access token')]);
  });

  it('says where to revoke a classic GitLab token and a routable one whose checksum is valid', () => {
    expect(only(run(GITLAB_LEGACY)).findings).toEqual([live(`a GitLab personal access token: ${REVOKE_GITLAB}`)]);
    expect(only(run(GITLAB_ROUTABLE)).findings).toEqual([
      live(`a routable GitLab personal access token whose checksum is valid: ${REVOKE_GITLAB}`),
    ]);
  });

  it('reads no routing lines from a routable payload of impossible base64url length, and says its checksum fails', () => {
    // Five characters of base64url hold no whole byte; a made-up token whose CRC is not 0000000.
    const answer = run(`glpat-abcde.01.05${'0'.repeat(7)}`);
    const candidate = only(answer);
    expect(candidate.fields).toEqual({ routable: true, checksum_valid: false });
    expect(candidate.findings).toEqual([checksumInvalid('a GitLab routable token')]);
    expect(answer.notes).toEqual([]);
  });

  it('reads a routing line only when it starts with c, o or u', () => {
    const payload = base64url(utf8('0123456789abcdef\nxc:1\nuo:2\nu:9z'));
    const covered = `glpat-${payload}.01.${payload.length.toString(36).padStart(2, '0')}`;
    expect(only(run(`${covered}0000000`)).fields).toEqual({ routable: true, checksum_valid: false, user: '9z' });
  });

  it('says what to do with a long-term AWS key id', () => {
    expect(only(run('AKIAV7S32T2OSBFJQOIY')).findings).toEqual([
      {
        code: 'live_credential',
        severity: 'warning',
        message:
          'a long-term AWS access key id: the secret key is not in the id, but the id names an account; if the secret leaked too, deactivate and delete the key in IAM (Security credentials) and rotate it',
      },
    ]);
  });

  it.each([
    [
      `whsec_${'a1+/'.repeat(8)}`,
      [live("a Stripe webhook signing secret: roll it now on the endpoint's page in the Stripe Dashboard (Developers > Webhooks)")],
    ],
    [
      `pk_live_${'a1'.repeat(12)}`,
      [
        {
          code: 'not_a_secret',
          severity: 'info',
          message: 'a publishable key is meant to be public: it identifies the account to Stripe.js and grants no access on its own',
        },
      ],
    ],
    [
      `sk_live_${'a1'.repeat(12)}`,
      [live("a live Stripe API key: roll or delete it now on the Stripe Dashboard's API keys page (Developers > API keys)")],
    ],
  ])('says what Stripe key %s is and what to do with it', (value, findings) => {
    expect(only(run(value)).findings).toEqual(findings);
  });

  it('says where to revoke a Slack token and a PyPI token', () => {
    expect(only(run('xoxb-123-456-abc')).findings).toEqual([
      live("a Slack token: revoke it now with the auth.revoke API method or on the app's settings page (api.slack.com/apps)"),
    ]);
    expect(only(run('pypi-AgEIcHlwaS5vcmcCJDAwMDAwMDAwLTAwMDAtMDAwMC0wMDAwLTAwMDAwMDAwMDAwMAACKlsz')).findings).toEqual([
      live("a PyPI API token: revoke it now on the account's API tokens page (pypi.org/manage/account/token/)"),
    ]);
  });
});

describe('identify-formats: itsdangerous and Flask, word for word', () => {
  /** 1,600,000,000 as itsdangerous writes a timestamp: big-endian bytes in base64url. */
  const STAMP = base64url(new Uint8Array([0x5f, 0x5e, 0x10, 0x00]));
  const timed = (payload: string): string => `${base64url(utf8(payload))}.${STAMP}.${'A'.repeat(27)}`;

  it('says why signed_at_legacy is read, and that both times are unauthenticated', () => {
    const payload = base64url(utf8('{"a":1}'));
    expect(only(run(`${payload}.AQ.${'A'.repeat(27)}`, { format: 'itsdangerous' })).findings).toEqual([
      {
        code: 'legacy_epoch',
        severity: 'info',
        message:
          'the timestamp is below 400,000,000: itsdangerous before 1.0 counted from 2011-01-01T00:00:00Z, so signed_at_legacy reads it that way',
      },
      unauthenticated('signed_at, signed_at_legacy were read without checking the signature, so anyone could have written them'),
    ]);
  });

  it.each([
    ['a JSON array', '[1]', [1]],
    ['a JSON string', '"hi"', 'hi'],
    ['a JSON number', '7', 7],
    ['text', 'hi', null],
  ])('takes a timed SHA-1 value whose payload is %s as itsdangerous, not as a Flask session', (_, payload, shown) => {
    const answer = run(timed(payload));
    expect(answer.candidates.map((candidate) => candidate.format)).toEqual(['itsdangerous']);
    expect(only(answer).fields).toEqual({ compressed: false, payload: shown, digest: 'sha1' });
    expect(answer.notes).toEqual([]);
  });

  it('takes a timed SHA-1 value whose payload is a JSON object as a Flask session too', () => {
    expect(run(timed('{"a":1}')).candidates.map((candidate) => candidate.format)).toEqual(['itsdangerous', 'flask_session']);
  });
});

describe('identify-formats: Django, word for word', () => {
  it('gives a Django payload that inflates past 1 MiB as null, with a note', () => {
    const answer = run(`.${BOMB}:${'A'.repeat(27)}`, { format: 'django_signed' });
    const candidate = only(answer);
    expect(candidate.fields).toEqual({ compressed: true, payload: null, digest: 'sha1' });
    expect(candidate.times).toEqual([]);
    expect(answer.notes).toEqual(['django_signed: the payload inflates past 1048576 bytes (1 MiB), the most read, so payload is null']);
  });

  it('reads a small Django timestamp from the Unix epoch only: signed_at_legacy is itsdangerous’s', () => {
    const candidate = only(run(`ImhlbGxvIg:1:${'A'.repeat(43)}`));
    expect(candidate.fields).toEqual({ compressed: false, payload: 'hello', digest: 'sha256' });
    expect(candidate.times.map((time) => [time.name, time.exact])).toEqual([['signed_at', '1970-01-01T00:00:01Z']]);
    expect(candidate.findings).toEqual([
      unauthenticated('signed_at was read without checking the signature, so anyone could have written it'),
    ]);
  });
});

describe('identify-formats: PASETO and PASERK, word for word', () => {
  /** A v4.public body: the message and 64 bytes where the Ed25519 signature goes (identify checks no signature). */
  const publicToken = (claims: string): string => `v4.public.${base64url(new Uint8Array([...utf8(claims), ...new Uint8Array(64)]))}`;

  it('has no note for a v4.public PASETO whose claims are all read', () => {
    const answer = run(PASETO_4_S_1.token);
    expect(answer.notes).toEqual([]);
    expect(only(answer).findings).toEqual([
      unauthenticated('exp was read without checking the signature, so anyone could have written it'),
    ]);
  });

  it('says a public body shorter than a signature holds no claims', () => {
    const answer = run(`v4.public.${base64url(new Uint8Array(63))}`);
    const candidate = only(answer);
    expect(candidate.fields).toEqual({ version: 4, purpose: 'public', payload: null, footer: null, kid: null });
    expect(candidate.times).toEqual([]);
    expect(candidate.findings).toEqual([]);
    expect(answer.notes).toEqual(['paseto: the body is shorter than a v4 signature, so it holds no claims']);
  });

  it('reads a body of exactly a signature as an empty message, with no note', () => {
    const answer = run(`v4.public.${base64url(new Uint8Array(64))}`);
    expect(only(answer).fields).toEqual({ version: 4, purpose: 'public', payload: '', footer: null, kid: null });
    expect(answer.notes).toEqual([]);
  });

  it('says a time claim that is not an RFC 3339 date-time is not read as a time', () => {
    const answer = run(publicToken('{"exp":"tomorrow","iat":"2022-01-01T00:00:00Z"}'));
    const candidate = only(answer);
    expect(candidate.times.map((time) => [time.name, time.exact])).toEqual([['iat', '2022-01-01T00:00:00Z']]);
    expect(candidate.findings).toEqual([unauthenticated('iat was read without checking the signature, so anyone could have written it')]);
    expect(answer.notes).toEqual(['paseto: the exp claim is not an RFC 3339 date-time, so it is not read as a time']);
  });

  it.each([
    ['a kid that is not a string', '{"kid":7}'],
    ['no kid', '{"typ":"x"}'],
  ])('gives kid null for a JSON footer with %s', (_, footer) => {
    const token = `v4.local.${base64url(new Uint8Array(48))}.${base64url(utf8(footer))}`;
    expect(only(run(token)).fields).toEqual({ version: 4, purpose: 'local', footer: JSON.parse(footer) as unknown, kid: null });
  });

  it('says a secret PASERK is a key to replace', () => {
    expect(only(run(PASERK_K4_SECRET)).findings).toEqual([
      {
        code: 'private_key_material',
        severity: 'critical',
        message: 'a k4.secret PASERK is a key, not an identifier: treat it as exposed and replace it wherever it is used',
      },
    ]);
  });
});
