import { base64url } from '../../shared/bytes.js';
import { digest } from '../../shared/hash.js';
import { own, type JsonObject } from '../../shared/json.js';
import { has, isObject } from './detection.js';
import { give, show, type CheckedRule, type Outcome, type ReportedRule, type RuleContext } from './rule.js';
import { httpUrl, sameUrl } from './same-url.js';
import { idTokenHash } from './token-hash.js';

/**
 * Contract §4e's other rules: they compare the token with what the request gives (expectations, the clock's
 * tolerance, a key) or report a verification the caller ran, and each is null while what it needs is missing.
 */

/** A time claim a rule compares with now: its number, or why the rule cannot check it (absent, or not a number). */
function timeClaim(claims: JsonObject, name: string): number | string {
  const value = own(claims, name);
  if (value === undefined) return `not checked: no ${name} claim`;
  return typeof value === 'number' ? value : `not checked: ${name} is not a number`;
}

/** An ID token hash (`at_hash`, `c_hash`, `s_hash`) compared with the hash of a given parameter under `alg`. */
function hashRule<const Id extends string>(id: Id, claim: string, parameter: 'access_token' | 'code' | 'state'): CheckedRule<Id> {
  return {
    id,
    reads: [parameter],
    check: ({ header, claims, expected }) => {
      const given = expected[parameter];
      if (given === undefined) return give(parameter);
      const value = own(claims, claim);
      return value === undefined ? `not checked: the token has no ${claim}` : value === idTokenHash(own(header, 'alg'), given);
    },
    passed: `${claim} is the hash of the given ${parameter}`,
    // Hashing the empty value only asks whether alg names a hash.
    failed: ({ header }) =>
      idTokenHash(own(header, 'alg'), '') === undefined
        ? `alg ${show(own(header, 'alg'))} names no hash, so ${claim} cannot be checked`
        : `${claim} is not the hash of the given ${parameter}`,
  };
}

const audiences = (claims: JsonObject): unknown[] => {
  const aud = own(claims, 'aud');
  return Array.isArray(aud) ? aud : [aud];
};
const cnfJkt = (claims: JsonObject): unknown => {
  const cnf = own(claims, 'cnf');
  return isObject(cnf) ? own(cnf, 'jkt') : undefined;
};
const authTimeAgo = ({ claims, nowSeconds }: RuleContext): number => nowSeconds - Number(own(claims, 'auth_time'));
const iatAway = ({ claims, nowSeconds }: RuleContext): number => nowSeconds - Number(own(claims, 'iat'));

const CANNOT_VERIFY: Outcome = {
  passed: false,
  reason_code: null,
  message: 'the proof cannot be verified: its alg is not asymmetric or its jwk is not a public key',
};
const NO_KEY: Outcome = { passed: null, reason_code: null, message: give('key') };

export const EXPECTATION_RULES = [
  { id: 'dpop_signature', reads: [], outcome: ({ dpopSignature }) => dpopSignature ?? CANNOT_VERIFY, withReasonCode: false },
  {
    id: 'iss_matches',
    reads: ['issuer'],
    check: ({ claims, expected }) => (expected.issuer === undefined ? give('issuer') : own(claims, 'iss') === expected.issuer),
    passed: 'iss is the expected issuer',
    failed: ({ claims, expected }) => `iss is ${show(own(claims, 'iss'))}, not ${JSON.stringify(expected.issuer)}`,
  },
  {
    id: 'aud_matches',
    reads: ['audience'],
    check: ({ claims, expected }) =>
      expected.audience === undefined
        ? give('audience')
        : audiences(claims).some((entry) => typeof entry === 'string' && expected.audience?.includes(entry) === true),
    passed: 'aud names an expected audience',
    failed: ({ expected }) => `aud names none of ${expected.audience?.map((entry) => JSON.stringify(entry)).join(', ')}`,
  },
  {
    id: 'azp_matches',
    reads: ['audience'],
    check: ({ claims, expected }) => {
      if (expected.audience === undefined) return give('audience');
      if (!has(claims, 'azp')) return 'not checked: the token has no azp';
      const azp = own(claims, 'azp');
      return typeof azp === 'string' && expected.audience.includes(azp);
    },
    passed: 'azp is an expected audience',
    failed: ({ claims }) => `azp is ${show(own(claims, 'azp'))}, not an expected audience`,
  },
  {
    id: 'nonce_matches',
    reads: ['nonce'],
    check: ({ claims, expected }) => (expected.nonce === undefined ? give('nonce') : own(claims, 'nonce') === expected.nonce),
    passed: 'nonce is the expected one',
    failed: ({ claims }) => (has(claims, 'nonce') ? 'nonce is not the expected one' : 'the token has no nonce'),
  },
  hashRule('at_hash_matches', 'at_hash', 'access_token'),
  hashRule('c_hash_matches', 'c_hash', 'code'),
  hashRule('s_hash_matches', 's_hash', 'state'),
  {
    id: 'auth_time_max_age',
    reads: ['max_age', 'clock_tolerance'],
    check: ({ claims, expected, nowSeconds, toleranceSeconds }) => {
      if (expected.max_age === undefined) return give('max_age');
      const authTime = own(claims, 'auth_time');
      return typeof authTime === 'number' && nowSeconds - authTime <= expected.max_age + toleranceSeconds;
    },
    passed: (context) => `the user authenticated ${authTimeAgo(context)} s ago, within max_age`,
    failed: (context) => {
      const authTime = own(context.claims, 'auth_time');
      if (authTime === undefined) return 'the token has no auth_time, which max_age needs';
      if (typeof authTime !== 'number') return `auth_time must be a number, not ${show(authTime)}`;
      return `the user authenticated ${authTimeAgo(context)} s ago, more than max_age ${context.expected.max_age} s`;
    },
  },
  {
    id: 'htm_matches',
    reads: ['htm'],
    check: ({ claims, expected }) => (expected.htm === undefined ? give('htm') : own(claims, 'htm') === expected.htm),
    passed: 'htm is the request method',
    failed: ({ claims, expected }) => `htm is ${show(own(claims, 'htm'))}, not ${JSON.stringify(expected.htm)}`,
  },
  {
    id: 'htu_matches',
    reads: ['htu'],
    check: ({ claims, expected }) => {
      if (expected.htu === undefined) return give('htu');
      const htu = own(claims, 'htu');
      return typeof htu === 'string' && sameUrl(htu, expected.htu);
    },
    passed: 'htu is the request URL (RFC 9449 §4.3)',
    failed: ({ claims }) => {
      const htu = own(claims, 'htu');
      if (htu === undefined) return 'the token has no htu';
      if (typeof htu !== 'string' || httpUrl(htu) === undefined) return `htu ${show(htu)} is not an absolute http or https URL`;
      return `htu ${JSON.stringify(htu)} is not the request URL`;
    },
  },
  {
    id: 'ath_matches',
    reads: ['access_token'],
    check: ({ claims, expected }) =>
      expected.access_token === undefined
        ? give('access_token')
        : own(claims, 'ath') === base64url(digest('sha256', expected.access_token)),
    passed: 'ath is the hash of the given access token',
    failed: () => 'ath is not the hash of the given access token',
  },
  {
    id: 'jkt_matches',
    reads: ['jkt'],
    check: ({ expected, jwkThumbprint }) => (expected.jkt === undefined ? give('jkt') : jwkThumbprint === expected.jkt),
    passed: 'the thumbprint of jwk is jkt',
    failed: ({ expected, jwkThumbprint }) =>
      jwkThumbprint === undefined
        ? `the header has no jwk that reads as a key, so no thumbprint to compare with ${JSON.stringify(expected.jkt)}`
        : `the thumbprint of jwk is ${JSON.stringify(jwkThumbprint)}, not ${JSON.stringify(expected.jkt)}`,
  },
  {
    id: 'cnf_jkt_matches',
    reads: ['jkt'],
    check: ({ claims, expected }) => (expected.jkt === undefined ? give('jkt') : cnfJkt(claims) === expected.jkt),
    passed: 'cnf.jkt is jkt',
    failed: ({ claims, expected }) => `cnf.jkt is ${show(cnfJkt(claims))}, not ${JSON.stringify(expected.jkt)}`,
  },
  {
    id: 'iat_fresh',
    reads: ['clock_tolerance'],
    check: ({ claims, nowSeconds, toleranceSeconds }) => {
      const iat = timeClaim(claims, 'iat');
      if (typeof iat === 'string') return iat;
      const window = 300 + toleranceSeconds;
      return nowSeconds - window <= iat && iat <= nowSeconds + window;
    },
    passed: 'iat is within 300 s of now',
    failed: (context) => {
      const away = iatAway(context);
      return `iat is ${Math.abs(away)} s ${away > 0 ? 'before' : 'after'} now, more than 300 s away`;
    },
  },
  {
    id: 'not_expired',
    reads: ['clock_tolerance'],
    check: ({ claims, nowSeconds, toleranceSeconds }) => {
      const exp = timeClaim(claims, 'exp');
      return typeof exp === 'string' ? exp : nowSeconds - toleranceSeconds < exp;
    },
    passed: 'exp is after now',
    failed: () => 'exp is at or before now: the token has expired',
  },
  {
    id: 'not_before',
    reads: ['clock_tolerance'],
    check: ({ claims, nowSeconds, toleranceSeconds }) => {
      const nbf = timeClaim(claims, 'nbf');
      return typeof nbf === 'string' ? nbf : nbf <= nowSeconds + toleranceSeconds;
    },
    passed: 'nbf is not after now',
    failed: () => 'nbf is after now: the token is not valid yet',
  },
  { id: 'signature', reads: ['key'], outcome: ({ signature }) => signature ?? NO_KEY, withReasonCode: true },
] as const satisfies readonly (CheckedRule | ReportedRule)[];
