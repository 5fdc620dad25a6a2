// Token profiles (contract §4e): detection, the ID token hash, RFC 9449's URL comparison, and each rule on
// the published examples.
import { createHash } from 'node:crypto';
import { NodeKeyCodec } from '../../../../../src/adapters/driven/node-key-codec.js';
import { describe, expect, it } from 'vitest';
import { RFC9449_BOUND_TOKEN, RFC9449_JKT, RFC9449_PROOF } from '../../../../vectors/jose-keys.js';
import { decodeSegment } from '../../../../../src/core/jwt/compact.js';
import { EXPECTATION_RULES } from '../../../../../src/core/jwt/profiles/expectation-rules.js';
import {
  PROFILE_RULES,
  checksOf,
  detectProfile,
  normalizedTyp,
  parametersOf,
  type RuleContext,
} from '../../../../../src/core/jwt/profiles/profiles.js';
import { STRUCTURAL_RULES } from '../../../../../src/core/jwt/profiles/structural-rules.js';
import { sameUrl } from '../../../../../src/core/jwt/profiles/same-url.js';
import { idTokenHash } from '../../../../../src/core/jwt/profiles/token-hash.js';
import { jwkThumbprint, readJwk } from '../../../../../src/core/keys/read-keys.js';
import { PROFILE_NAMES } from '../../../../../src/core/jwt/vocabulary.js';

const partsOf = (token: string) => {
  const [header = '', payload = ''] = token.split('.');
  return { header: decodeSegment('header', header).value, claims: decodeSegment('payload', payload).value };
};

const context = (overrides: Partial<RuleContext> & Pick<RuleContext, 'profile' | 'header' | 'claims'>): RuleContext => ({
  expected: {},
  nowSeconds: 1_562_262_616,
  toleranceSeconds: 0,
  jwkThumbprint: undefined,
  dpopSignature: undefined,
  signature: undefined,
  ...overrides,
});
const structural = new Set<string>(STRUCTURAL_RULES.map((rule) => rule.id));
const verdicts = (checks: ReturnType<typeof checksOf>) => Object.fromEntries(checks.map((check) => [check.rule, check.passed]));

describe('detectProfile', () => {
  it.each([
    [{ typ: 'dpop+jwt' }, {}, 'dpop_proof', 'typ'],
    [{ typ: 'application/AT+JWT' }, {}, 'oauth_access_token', 'typ'],
    [{ typ: 'logout+jwt' }, { client_id: 'x' }, 'logout_token', 'typ'],
    [{ typ: 'secevent+jwt' }, {}, 'security_event_token', 'typ'],
    [{}, { events: { 'http://schemas.openid.net/event/backchannel-logout': {} }, htm: 'GET', htu: 'x' }, 'logout_token', 'claims'],
    [{ typ: 'JWT' }, { events: {} }, 'security_event_token', 'claims'],
    [{}, { htm: 'GET', htu: 'https://a/' }, 'dpop_proof', 'claims'],
    [{}, { client_id: 'c', nonce: 'n' }, 'oauth_access_token', 'claims'],
    [{}, { c_hash: 'x' }, 'oidc_id_token', 'claims'],
    [{}, { at_hash: 'x' }, 'oidc_id_token', 'claims'],
    [{}, { s_hash: 'x' }, 'oidc_id_token', 'claims'],
    [{}, { nonce: 'n' }, 'oidc_id_token', 'claims'],
    [{}, { iss: 'client', sub: 'client' }, 'client_assertion', 'claims'],
  ])('reads %j with %j as %s, by %s', (header, claims, name, by) => {
    expect(detectProfile(header, claims)).toEqual({ name, detected_by: by });
  });

  it.each([
    [{ typ: 7 }, { htm: 1 }],
    [{}, { events: [] }],
    [{}, { htm: 'GET' }],
    [{}, { iss: 1, sub: 1 }],
    [{}, { iss: 'a', sub: 'b' }],
  ])('detects nothing in %j with %j', (header, claims) => {
    expect(detectProfile(header, claims)).toBeNull();
  });

  it('reads RFC 9449’s proof as a DPoP proof by its typ, and its bound access token as nothing (no typ, no client_id)', () => {
    const proof = partsOf(RFC9449_PROOF);
    expect(detectProfile(proof.header, proof.claims)).toEqual({ name: 'dpop_proof', detected_by: 'typ' });
    const bound = partsOf(RFC9449_BOUND_TOKEN);
    expect(detectProfile(bound.header, bound.claims)).toBeNull();
  });

  it('normalizes typ, and tells an absent typ from one that is not a string', () => {
    expect(normalizedTyp({ typ: 'Application/DPoP+JWT' })).toBe('dpop+jwt');
    expect(normalizedTyp({})).toBeNull();
    expect(normalizedTyp({ typ: ['JWT'] })).toBeUndefined();
  });
});

describe('idTokenHash', () => {
  it("gives OpenID Connect Core 1.0 A.3's at_hash and A.4's c_hash (RS256)", () => {
    expect(idTokenHash('RS256', 'jHkWEdUXMU1BwAsC4vtUsZwnNvTIxEl0z9K3vx5KF0Y')).toBe('77QmUPtjPfzWtF2AnpK9RQ');
    expect(idTokenHash('RS256', 'Qcb0Orv1zh30vL1MPRsbm-diHiMwcLyZvn1arpZv-Jxf_11jnpEX3Tgfvk')).toBe('LDktKdoQak3Pk0cnXxCltA');
  });

  it.each([
    ['ES384', 'sha384', 24],
    ['PS512', 'sha512', 32],
    ['EdDSA', 'sha512', 32],
    ['HS256', 'sha256', 16],
  ])('takes the left half of %s’s hash, %s', (alg, hash, bytes) => {
    const full = createHash(hash).update('value').digest();
    expect(idTokenHash(alg, 'value')).toBe(full.subarray(0, bytes).toString('base64url'));
  });

  it('takes 57 of the 114 bytes of SHAKE256 for Ed448, and no hash for an alg that names none', () => {
    expect(idTokenHash('Ed448', 'value')).toBe(
      createHash('shake256', { outputLength: 114 }).update('value').digest().subarray(0, 57).toString('base64url'),
    );
    expect(idTokenHash('none', 'value')).toBeUndefined();
    expect(idTokenHash(256, 'value')).toBeUndefined();
  });
});

describe('sameUrl (RFC 9449 §4.3)', () => {
  it.each([
    ['https://server.example.com/token', 'https://SERVER.example.com:443/token?x=1#f', true],
    ['http://a.example/', 'http://a.example:80', true],
    ['https://a.example/x/../y', 'https://a.example/y', true],
    ['https://a.example/Token', 'https://a.example/token', false],
    ['https://a.example:8443/', 'https://a.example/', false],
    ['http://a.example/', 'https://a.example/', false],
    ['https://a.example/', 'https://b.example/', false],
    ['ftp://a.example/', 'ftp://a.example/', false],
    ['/token', '/token', false],
    ['/token', 'https://a.example/token', false],
    ['https://a.example/token', '/token', false],
    ['http://a.example:8080/', 'http://a.example:9090/', false],
    ['http://a.example:8080/', 'https://a.example:8080/', false],
  ])('%s and %s: %s', (a, b, same) => {
    expect(sameUrl(a, b)).toBe(same);
  });
});

describe('checksOf', () => {
  it("passes RFC 9449 §4.1's proof on every rule but iat_fresh, as contract §4e's example says, with the key's published thumbprint", () => {
    const { header, claims } = partsOf(RFC9449_PROOF);
    const jwk = readJwk(new NodeKeyCodec(), header.jwk, 'jwk');
    expect(jwkThumbprint(jwk.required)).toBe(RFC9449_JKT);
    const checks = checksOf(
      context({
        profile: 'dpop_proof',
        header,
        claims,
        nowSeconds: 1_795_000_000,
        expected: { htm: 'POST', htu: 'https://SERVER.example.com:443/token?x=1', jkt: RFC9449_JKT },
        jwkThumbprint: jwkThumbprint(jwk.required),
        dpopSignature: { passed: true, reason_code: null, message: 'verified' },
      }),
    );
    expect(checks.map((check) => check.rule)).toEqual(PROFILE_RULES.dpop_proof.map(([rule]) => rule));
    expect(verdicts(checks)).toEqual({
      typ: true,
      alg_asymmetric: true,
      jwk_public: true,
      claim_jti: true,
      claim_htm: true,
      claim_htu: true,
      claim_iat: true,
      dpop_signature: true,
      htm_matches: true,
      htu_matches: true,
      nonce_matches: null,
      iat_fresh: false,
      ath_matches: null,
      jkt_matches: true,
    });
    expect(checks.find((check) => check.rule === 'nonce_matches')?.message).toBe('not checked: give nonce');
    expect(checks[0]?.reference).toBe('[RFC 9449 §4.2]');
    expect(checks.at(-1)?.reference).toBe('[RFC 9449 §4.3]');
  });

  it("checks RFC 9449 §6.1's bound token as an access token: cnf.jkt matches, the typ and missing claims do not", () => {
    const { header, claims } = partsOf(RFC9449_BOUND_TOKEN);
    const checks = verdicts(checksOf(context({ profile: 'oauth_access_token', header, claims, expected: { jkt: RFC9449_JKT } })));
    expect(checks).toMatchObject({
      typ: false,
      alg_not_none: true,
      claim_iss: true,
      claim_aud: false,
      claim_client_id: false,
      cnf_jkt_matches: true,
      signature: null,
    });
  });

  it('shows exactly the profile’s structural rules, in its order and never null, when asked for them', () => {
    for (const profile of PROFILE_NAMES) {
      const checks = checksOf(context({ profile, header: {}, claims: {} }), true);
      expect(checks.map((check) => check.rule)).toEqual(
        PROFILE_RULES[profile].map(([rule]) => rule).filter((rule) => structural.has(rule)),
      );
      expect(checks.every((check) => check.passed !== null)).toBe(true);
    }
  });

  it('checks an ID token’s hashes with its alg, and leaves them unchecked without a parameter or a claim', () => {
    const header = { alg: 'RS256' };
    const claims = { at_hash: '77QmUPtjPfzWtF2AnpK9RQ', c_hash: 'wrong' };
    const checks = checksOf(
      context({
        profile: 'oidc_id_token',
        header,
        claims,
        expected: { access_token: 'jHkWEdUXMU1BwAsC4vtUsZwnNvTIxEl0z9K3vx5KF0Y', code: 'c', state: 's' },
      }),
    );
    expect(verdicts(checks)).toMatchObject({ at_hash_matches: true, c_hash_matches: false, s_hash_matches: null });
    expect(checks.find((check) => check.rule === 's_hash_matches')?.message).toBe('not checked: the token has no s_hash');
    const unsigned = verdicts(
      checksOf(context({ profile: 'oidc_id_token', header: { alg: 'none' }, claims, expected: { access_token: 'x' } })),
    );
    expect(unsigned).toMatchObject({ alg_not_none: false, at_hash_matches: false, c_hash_matches: null });
  });

  it('gives the signature rule its reason code only when it failed', () => {
    const failed = checksOf(
      context({
        profile: 'client_assertion',
        header: {},
        claims: {},
        signature: { passed: false, reason_code: 'signature_invalid', message: 'no' },
      }),
    ).at(-1);
    expect(failed).toEqual({
      rule: 'signature',
      passed: false,
      message: 'no',
      reference: '[RFC 7515 §5.2]',
      reason_code: 'signature_invalid',
    });
    const unchecked = checksOf(context({ profile: 'client_assertion', header: {}, claims: {}, signature: null })).at(-1);
    expect(unchecked).toEqual({
      rule: 'signature',
      passed: null,
      message: 'not checked: give key',
      reference: '[RFC 7515 §5.2]',
      reason_code: null,
    });
  });

  it('checks times with the tolerance: exp, nbf, iat and auth_time', () => {
    const claims = { exp: 100, nbf: 105, iat: 400, auth_time: 50 };
    const at = (toleranceSeconds: number) =>
      verdicts(
        checksOf(context({ profile: 'oidc_id_token', header: {}, claims, nowSeconds: 100, toleranceSeconds, expected: { max_age: 50 } })),
      );
    expect(at(0)).toMatchObject({ not_expired: false, not_before: false, auth_time_max_age: true });
    expect(at(5)).toMatchObject({ not_expired: true, not_before: true });
    const proof = (nowSeconds: number, toleranceSeconds = 0) =>
      verdicts(checksOf(context({ profile: 'dpop_proof', header: {}, claims: { iat: 1000 }, nowSeconds, toleranceSeconds })));
    expect(proof(700).iat_fresh).toBe(true);
    expect(proof(699).iat_fresh).toBe(false);
    expect(proof(1300).iat_fresh).toBe(true);
    expect(proof(1301).iat_fresh).toBe(false);
    expect(proof(1301, 1).iat_fresh).toBe(true);
  });

  it('checks a logout token and a security event token by their events', () => {
    const logout = verdicts(
      checksOf(
        context({
          profile: 'logout_token',
          header: { typ: 'logout+jwt', alg: 'RS256' },
          claims: {
            iss: 'i',
            aud: ['a'],
            iat: 1,
            exp: 2,
            jti: 'j',
            sid: 's',
            events: { 'http://schemas.openid.net/event/backchannel-logout': {} },
          },
        }),
      ),
    );
    expect(logout).toMatchObject({ typ: true, logout_event: true, sid_or_sub: true, no_nonce: true });
    const set = verdicts(checksOf(context({ profile: 'security_event_token', header: {}, claims: { events: { a: 1 } } })));
    expect(set).toMatchObject({ typ: true, set_events: false, claim_iss: false });
  });
});

describe('the published examples of the other profiles', () => {
  it('reads OpenID Connect Back-Channel Logout 1.0 §2.4’s logout token as one, which lacks only exp', () => {
    const claims = {
      iss: 'https://server.example.com',
      sub: '248289761001',
      aud: 's6BhdRkqt3',
      iat: 1471566154,
      jti: 'bWJq',
      sid: '08a5019c-17e1-4977-8f42-65a12843ea02',
      events: { 'http://schemas.openid.net/event/backchannel-logout': {} },
    };
    const header = { alg: 'RS256', typ: 'logout+jwt' };
    expect(detectProfile({ alg: 'RS256' }, claims)).toEqual({ name: 'logout_token', detected_by: 'claims' });
    const checks = checksOf(context({ profile: 'logout_token', header, claims }), true);
    expect(checks.filter((check) => check.passed === false).map((check) => check.rule)).toEqual(['claim_exp']);
  });

  it('reads RFC 8417 §2.1’s SCIM event as a security event token, passing every structural rule', () => {
    const claims = {
      iss: 'https://scim.example.com',
      iat: 1458496404,
      jti: '4d3559ec67504aaba65d40b0363faad8',
      aud: ['https://scim.example.com/Feeds/98d52461fa5bbc879593b7754', 'https://scim.example.com/Feeds/5d7604516b1d08641d7676ee7'],
      events: {
        'urn:ietf:params:scim:event:create': {
          ref: 'https://scim.example.com/Users/44f6142df96bd6ab61e7521d9',
          attributes: ['id', 'name', 'userName', 'password', 'emails'],
        },
      },
    };
    expect(detectProfile({ alg: 'none' }, claims)).toEqual({ name: 'security_event_token', detected_by: 'claims' });
    const checks = checksOf(context({ profile: 'security_event_token', header: { typ: 'secevent+jwt' }, claims }), true);
    expect(checks.map((check) => [check.rule, check.passed])).toEqual([
      ['typ', true],
      ['claim_iss', true],
      ['claim_iat', true],
      ['claim_jti', true],
      ['set_events', true],
    ]);
  });
});

describe('the rule tables', () => {
  const ids = [...STRUCTURAL_RULES, ...EXPECTATION_RULES].map((rule) => rule.id);

  it('define each rule once, and run every rule in some profile, once at most in each', () => {
    expect(new Set(ids).size).toBe(ids.length);
    const used = Object.values(PROFILE_RULES).map((rules) => rules.map(([rule]) => rule));
    expect(new Set(used.flat())).toEqual(new Set(ids));
    for (const rules of used) expect(new Set(rules).size).toBe(rules.length);
  });

  it('mark as structural the rules contract §4e marks S', () => {
    expect([...structural].sort()).toEqual(
      [
        'typ',
        'alg_not_none',
        'alg_asymmetric',
        'jwk_public',
        ...['iss', 'sub', 'jti', 'client_id', 'htm', 'htu', 'aud', 'exp', 'iat'].map((claim) => `claim_${claim}`),
        'sub_equals_iss',
        'logout_event',
        'sid_or_sub',
        'no_nonce',
        'set_events',
      ].sort(),
    );
  });
});

describe('parametersOf', () => {
  it('names the parameters each profile reads', () => {
    expect([...parametersOf('dpop_proof')].sort()).toEqual(['access_token', 'clock_tolerance', 'htm', 'htu', 'jkt', 'nonce']);
    expect([...parametersOf('oidc_id_token')].sort()).toEqual([
      'access_token',
      'audience',
      'clock_tolerance',
      'code',
      'issuer',
      'key',
      'max_age',
      'nonce',
      'state',
    ]);
    expect([...parametersOf('oauth_access_token')].sort()).toEqual(['audience', 'clock_tolerance', 'issuer', 'jkt', 'key']);
    for (const profile of ['client_assertion', 'logout_token', 'security_event_token'] as const)
      expect([...parametersOf(profile)].sort()).toEqual(['audience', 'clock_tolerance', 'issuer', 'key']);
  });
});
