import { createHash } from 'node:crypto';
import { isPublicKeyAlgorithm, PUBLIC_KEY_ALGORITHMS } from '../../shared/algorithms.js';
import { PRIVATE_MEMBERS } from '../../keys/read-keys.js';
import { idTokenHash } from './token-hash.js';
import { PROFILE_NAMES, type ProfileName } from '../vocabulary.js';
import { httpUrl, sameUrl } from './same-url.js';
import { own, type JsonObject } from '../../shared/json.js';

/**
 * Token profiles (contract §4e): which profile a token is meant to follow,
 * and the named rules each profile checks, in its order, each with the text
 * of the specification section that states it. Data and small pure functions;
 * the signature results are computed by the caller and handed in.
 */

export const BACKCHANNEL_LOGOUT_EVENT = 'http://schemas.openid.net/event/backchannel-logout';

/** The `typ` values each profile accepts, normalized; null stands for an absent `typ`. */
const ACCEPTED_TYP: Readonly<Record<ProfileName, readonly (string | null)[]>> = {
  oidc_id_token: [null, 'jwt'],
  oauth_access_token: ['at+jwt'],
  dpop_proof: ['dpop+jwt'],
  client_assertion: [null, 'jwt'],
  logout_token: [null, 'jwt', 'logout+jwt'],
  security_event_token: [null, 'jwt', 'secevent+jwt'],
};

const TYP_ACCEPTED = Object.fromEntries(
  Object.keys(ACCEPTED_TYP).map((profile) => [profile, `typ is one that ${profile} accepts`]),
) as Readonly<Record<ProfileName, string>>;

/** `typ` lower-cased without a leading `application/` (RFC 7515 §4.1.9); null when absent, undefined when not a string. */
export function normalizedTyp(header: JsonObject): string | null | undefined {
  const typ = own(header, 'typ');
  if (typ === undefined) return null;
  if (typeof typ !== 'string') return undefined;
  const lower = typ.toLowerCase();
  return lower.startsWith('application/') ? lower.slice('application/'.length) : lower;
}

const isObject = (value: unknown): value is JsonObject => typeof value === 'object' && value !== null && !Array.isArray(value);
const has = (claims: JsonObject, name: string): boolean => Object.hasOwn(claims, name);

export interface Detection {
  readonly name: ProfileName;
  readonly detected_by: 'typ' | 'claims';
}

const TYP_PROFILES: ReadonlyMap<string, ProfileName> = new Map([
  ['dpop+jwt', 'dpop_proof'],
  ['at+jwt', 'oauth_access_token'],
  ['logout+jwt', 'logout_token'],
  ['secevent+jwt', 'security_event_token'],
]);

/** §4e's detection table, rows 5 to 10 in order: the first that matches names the profile. */
function profileByClaims(claims: JsonObject): ProfileName | null {
  const events = own(claims, 'events');
  if (isObject(events)) return has(events, BACKCHANNEL_LOGOUT_EVENT) ? 'logout_token' : 'security_event_token';
  if (has(claims, 'htm') && has(claims, 'htu')) return 'dpop_proof';
  if (has(claims, 'client_id')) return 'oauth_access_token';
  if (has(claims, 'nonce') || has(claims, 'at_hash') || has(claims, 'c_hash') || has(claims, 's_hash')) return 'oidc_id_token';
  const iss = own(claims, 'iss');
  return typeof iss === 'string' && iss === own(claims, 'sub') ? 'client_assertion' : null;
}

const detections = (by: Detection['detected_by']): Readonly<Record<ProfileName, Detection>> => {
  const table = {} as Record<ProfileName, Detection>;
  for (const name of PROFILE_NAMES) table[name] = Object.freeze({ name, detected_by: by });
  return table;
};
const BY_TYP = detections('typ');
const BY_CLAIMS = detections('claims');

/** The profile a token's header and claims say it follows (rows 1 to 4 of the table by `typ`), or null. */
export function detectProfile(header: JsonObject, claims: JsonObject): Detection | null {
  const typ = normalizedTyp(header);
  const byTyp = typeof typ === 'string' ? TYP_PROFILES.get(typ) : undefined;
  if (byTyp !== undefined) return BY_TYP[byTyp];
  const byClaims = profileByClaims(claims);
  return byClaims === null ? null : BY_CLAIMS[byClaims];
}

/** The caller's expectations, already read and checked. */
export interface Expectations {
  readonly issuer?: string | undefined;
  readonly audience?: readonly string[] | undefined;
  readonly nonce?: string | undefined;
  readonly access_token?: string | undefined;
  readonly code?: string | undefined;
  readonly state?: string | undefined;
  readonly max_age?: number | undefined;
  readonly htm?: string | undefined;
  readonly htu?: string | undefined;
  readonly jkt?: string | undefined;
}

/** A verification the caller ran: null when it did not run (no key), else whether it passed and why not. */
export interface SignatureOutcome {
  readonly passed: boolean;
  readonly reason_code: string | null;
  readonly message: string;
}

export interface RuleContext {
  readonly profile: ProfileName;
  readonly header: JsonObject;
  readonly claims: JsonObject;
  readonly expected: Expectations;
  readonly nowSeconds: number;
  readonly toleranceSeconds: number;
  /** The thumbprint of header `jwk`, when it is a public key the key reader reads. */
  readonly jwkThumbprint: string | undefined;
  readonly dpopSignature: SignatureOutcome | undefined;
  readonly signature: SignatureOutcome | null | undefined;
}

export interface Check {
  readonly rule: string;
  readonly passed: boolean | null;
  readonly message: string;
  readonly reference: string;
  readonly reason_code?: string | null;
}

type Verdict = readonly [passed: boolean | null, message: string];
type Rule = (context: RuleContext) => Verdict;

const show = (value: unknown): string => (value === undefined ? 'absent' : JSON.stringify(value));
/** A rule's answer; the failure message is only written when the rule fails, since decode runs rules on every token. */
const verdict = (passed: boolean, yes: string, no: () => string): Verdict => (passed ? [true, yes] : [false, no()]);
const notChecked = (parameter: string): Verdict => [null, `not checked: give ${parameter}`];

/** A time claim a rule compares with now: its number, or why the rule cannot check it (absent, or not a number). */
function timeClaim(claims: JsonObject, name: string): number | Verdict {
  const value = own(claims, name);
  if (value === undefined) return [null, `not checked: no ${name} claim`];
  return typeof value === 'number' ? value : [null, `not checked: ${name} is not a number`];
}

const CLAIM_TYPES: Readonly<Record<string, readonly [test: (value: unknown) => boolean, what: string]>> = {
  iss: [(value) => typeof value === 'string', 'a string'],
  sub: [(value) => typeof value === 'string', 'a string'],
  jti: [(value) => typeof value === 'string', 'a string'],
  client_id: [(value) => typeof value === 'string', 'a string'],
  htm: [(value) => typeof value === 'string', 'a string'],
  htu: [(value) => typeof value === 'string', 'a string'],
  aud: [
    (value) => typeof value === 'string' || (Array.isArray(value) && value.length > 0 && value.every((entry) => typeof entry === 'string')),
    'a string or a non-empty array of strings',
  ],
  exp: [(value) => typeof value === 'number', 'a number'],
  iat: [(value) => typeof value === 'number', 'a number'],
};

function claimRule(name: string): Rule {
  const [test, what] = CLAIM_TYPES[name] as readonly [(value: unknown) => boolean, string];
  const yes = `${name} is ${what}`;
  return ({ claims }) => {
    const value = own(claims, name);
    return verdict(value !== undefined && test(value), yes, () =>
      value === undefined ? `${name} is missing` : `${name} must be ${what}, not ${show(value)}`,
    );
  };
}

const audiences = (claims: JsonObject): unknown[] => {
  const aud = own(claims, 'aud');
  return Array.isArray(aud) ? aud : [aud];
};

function hashRule(claim: string, parameter: 'access_token' | 'code' | 'state'): Rule {
  return ({ header, claims, expected }) => {
    const given = expected[parameter];
    if (given === undefined) return notChecked(parameter);
    const value = own(claims, claim);
    if (value === undefined) return [null, `not checked: the token has no ${claim}`];
    const computed = idTokenHash(own(header, 'alg'), given);
    if (computed === undefined) return [false, `alg ${show(own(header, 'alg'))} names no hash, so ${claim} cannot be checked`];
    return verdict(
      value === computed,
      `${claim} is the hash of the given ${parameter}`,
      () => `${claim} is not the hash of the given ${parameter}`,
    );
  };
}

const RULES = {
  typ: ({ header, profile }: RuleContext): Verdict => {
    const typ = normalizedTyp(header);
    const accepted = ACCEPTED_TYP[profile];
    return verdict(typ !== undefined && accepted.includes(typ), TYP_ACCEPTED[profile], () => {
      const words = accepted.map((entry) => (entry === null ? 'absent' : JSON.stringify(entry))).join(', ');
      return `typ is ${show(own(header, 'typ'))}; ${profile} accepts ${words}`;
    });
  },
  alg_not_none: ({ header }: RuleContext): Verdict => {
    const alg = own(header, 'alg');
    return verdict(
      typeof alg === 'string' && (alg.length !== 4 || alg.toLowerCase() !== 'none'),
      'alg names a signature',
      () => `alg is ${show(alg)}: the token must be signed`,
    );
  },
  alg_asymmetric: ({ header }: RuleContext): Verdict => {
    const alg = own(header, 'alg');
    return verdict(
      isPublicKeyAlgorithm(alg),
      'alg is asymmetric',
      () => `alg is ${show(alg)}; it must be one of ${PUBLIC_KEY_ALGORITHMS.join(', ')}`,
    );
  },
  jwk_public: ({ header }: RuleContext): Verdict => {
    const jwk = own(header, 'jwk');
    const ok =
      isObject(jwk) && ['RSA', 'EC', 'OKP'].includes(own(jwk, 'kty') as string) && PRIVATE_MEMBERS.every((member) => !has(jwk, member));
    return verdict(ok, 'jwk is a public key', () =>
      isObject(jwk) ? 'jwk must be an RSA, EC or OKP public key, with no private member' : 'the header has no jwk object',
    );
  },
  claim_iss: claimRule('iss'),
  claim_sub: claimRule('sub'),
  claim_aud: claimRule('aud'),
  claim_exp: claimRule('exp'),
  claim_iat: claimRule('iat'),
  claim_jti: claimRule('jti'),
  claim_client_id: claimRule('client_id'),
  claim_htm: claimRule('htm'),
  claim_htu: claimRule('htu'),
  sub_equals_iss: ({ claims }: RuleContext): Verdict => {
    const iss = own(claims, 'iss');
    return verdict(
      typeof iss === 'string' && iss === own(claims, 'sub'),
      'sub is iss, the client_id',
      () => 'sub must be the same string as iss, the client_id',
    );
  },
  logout_event: ({ claims }: RuleContext): Verdict => {
    const events = own(claims, 'events');
    return verdict(
      isObject(events) && isObject(own(events, BACKCHANNEL_LOGOUT_EVENT)),
      'events holds the back-channel logout event',
      () => `events must hold ${BACKCHANNEL_LOGOUT_EVENT} as an object`,
    );
  },
  sid_or_sub: ({ claims }: RuleContext): Verdict => {
    const present = ['sid', 'sub'].filter((name) => has(claims, name));
    const ok = present.length > 0 && present.every((name) => typeof own(claims, name) === 'string');
    return verdict(ok, `${present.join(' and ')} given`, () =>
      present.length === 0 ? 'sid or sub must be present' : 'sid and sub must be strings',
    );
  },
  no_nonce: ({ claims }: RuleContext): Verdict => verdict(!has(claims, 'nonce'), 'no nonce', () => 'a logout token must not carry nonce'),
  set_events: ({ claims }: RuleContext): Verdict => {
    const events = own(claims, 'events');
    const ok = isObject(events) && Object.keys(events).length > 0 && Object.values(events).every(isObject);
    return verdict(
      ok,
      'events holds at least one event, each an object',
      () => 'events must be an object of at least one event, each an object',
    );
  },
  dpop_signature: ({ dpopSignature }: RuleContext): Verdict =>
    dpopSignature === undefined
      ? [false, 'the proof cannot be verified: its alg is not asymmetric or its jwk is not a public key']
      : [dpopSignature.passed, dpopSignature.message],
  iss_matches: ({ claims, expected }: RuleContext): Verdict =>
    expected.issuer === undefined
      ? notChecked('issuer')
      : verdict(
          own(claims, 'iss') === expected.issuer,
          'iss is the expected issuer',
          () => `iss is ${show(own(claims, 'iss'))}, not ${JSON.stringify(expected.issuer)}`,
        ),
  aud_matches: ({ claims, expected }: RuleContext): Verdict =>
    expected.audience === undefined
      ? notChecked('audience')
      : verdict(
          audiences(claims).some((entry) => typeof entry === 'string' && expected.audience?.includes(entry) === true),
          'aud names an expected audience',
          () => `aud names none of ${expected.audience?.map((entry) => JSON.stringify(entry)).join(', ')}`,
        ),
  azp_matches: ({ claims, expected }: RuleContext): Verdict => {
    if (expected.audience === undefined) return notChecked('audience');
    if (!has(claims, 'azp')) return [null, 'not checked: the token has no azp'];
    const azp = own(claims, 'azp');
    return verdict(
      typeof azp === 'string' && expected.audience.includes(azp),
      'azp is an expected audience',
      () => `azp is ${show(azp)}, not an expected audience`,
    );
  },
  nonce_matches: ({ claims, expected }: RuleContext): Verdict =>
    expected.nonce === undefined
      ? notChecked('nonce')
      : verdict(own(claims, 'nonce') === expected.nonce, 'nonce is the expected one', () =>
          has(claims, 'nonce') ? 'nonce is not the expected one' : 'the token has no nonce',
        ),
  at_hash_matches: hashRule('at_hash', 'access_token'),
  c_hash_matches: hashRule('c_hash', 'code'),
  s_hash_matches: hashRule('s_hash', 'state'),
  auth_time_max_age: ({ claims, expected, nowSeconds, toleranceSeconds }: RuleContext): Verdict => {
    if (expected.max_age === undefined) return notChecked('max_age');
    const authTime = own(claims, 'auth_time');
    if (authTime === undefined) return [false, 'the token has no auth_time, which max_age needs'];
    if (typeof authTime !== 'number') return [false, `auth_time must be a number, not ${show(authTime)}`];
    const ago = nowSeconds - authTime;
    return verdict(
      ago <= expected.max_age + toleranceSeconds,
      `the user authenticated ${ago} s ago, within max_age`,
      () => `the user authenticated ${ago} s ago, more than max_age ${expected.max_age} s`,
    );
  },
  htm_matches: ({ claims, expected }: RuleContext): Verdict =>
    expected.htm === undefined
      ? notChecked('htm')
      : verdict(
          own(claims, 'htm') === expected.htm,
          'htm is the request method',
          () => `htm is ${show(own(claims, 'htm'))}, not ${JSON.stringify(expected.htm)}`,
        ),
  htu_matches: ({ claims, expected }: RuleContext): Verdict => {
    if (expected.htu === undefined) return notChecked('htu');
    const htu = own(claims, 'htu');
    if (htu === undefined) return [false, 'the token has no htu'];
    if (typeof htu !== 'string' || httpUrl(htu) === undefined) return [false, `htu ${show(htu)} is not an absolute http or https URL`];
    return verdict(
      sameUrl(htu, expected.htu),
      'htu is the request URL (RFC 9449 §4.3)',
      () => `htu ${JSON.stringify(htu)} is not the request URL`,
    );
  },
  ath_matches: ({ claims, expected }: RuleContext): Verdict =>
    expected.access_token === undefined
      ? notChecked('access_token')
      : verdict(
          own(claims, 'ath') === createHash('sha256').update(expected.access_token, 'ascii').digest('base64url'),
          'ath is the hash of the given access token',
          () => 'ath is not the hash of the given access token',
        ),
  jkt_matches: ({ expected, jwkThumbprint }: RuleContext): Verdict =>
    expected.jkt === undefined
      ? notChecked('jkt')
      : verdict(jwkThumbprint === expected.jkt, 'the thumbprint of jwk is jkt', () =>
          jwkThumbprint === undefined
            ? `the header has no jwk that reads as a key, so no thumbprint to compare with ${JSON.stringify(expected.jkt)}`
            : `the thumbprint of jwk is ${JSON.stringify(jwkThumbprint)}, not ${JSON.stringify(expected.jkt)}`,
        ),
  cnf_jkt_matches: ({ claims, expected }: RuleContext): Verdict => {
    if (expected.jkt === undefined) return notChecked('jkt');
    const cnf = own(claims, 'cnf');
    const jkt = isObject(cnf) ? own(cnf, 'jkt') : undefined;
    return verdict(jkt === expected.jkt, 'cnf.jkt is jkt', () => `cnf.jkt is ${show(jkt)}, not ${JSON.stringify(expected.jkt)}`);
  },
  iat_fresh: ({ claims, nowSeconds, toleranceSeconds }: RuleContext): Verdict => {
    const iat = timeClaim(claims, 'iat');
    if (typeof iat !== 'number') return iat;
    const window = 300 + toleranceSeconds;
    const away = nowSeconds - iat;
    return verdict(
      nowSeconds - window <= iat && iat <= nowSeconds + window,
      'iat is within 300 s of now',
      () => `iat is ${Math.abs(away)} s ${away > 0 ? 'before' : 'after'} now, more than 300 s away`,
    );
  },
  not_expired: ({ claims, nowSeconds, toleranceSeconds }: RuleContext): Verdict => {
    const exp = timeClaim(claims, 'exp');
    if (typeof exp !== 'number') return exp;
    return verdict(nowSeconds - toleranceSeconds < exp, 'exp is after now', () => 'exp is at or before now: the token has expired');
  },
  not_before: ({ claims, nowSeconds, toleranceSeconds }: RuleContext): Verdict => {
    const nbf = timeClaim(claims, 'nbf');
    if (typeof nbf !== 'number') return nbf;
    return verdict(nbf <= nowSeconds + toleranceSeconds, 'nbf is not after now', () => 'nbf is after now: the token is not valid yet');
  },
  signature: ({ signature }: RuleContext): Verdict =>
    signature === null || signature === undefined ? notChecked('key') : [signature.passed, signature.message],
} satisfies Record<string, Rule>;

export type RuleName = keyof typeof RULES;

/** The rules that need no parameter and are never null: the ones `/jwt/decode` shows. */
export const STRUCTURAL_RULES: ReadonlySet<RuleName> = new Set([
  'typ',
  'alg_not_none',
  'alg_asymmetric',
  'jwk_public',
  'claim_iss',
  'claim_sub',
  'claim_aud',
  'claim_exp',
  'claim_iat',
  'claim_jti',
  'claim_client_id',
  'claim_htm',
  'claim_htu',
  'sub_equals_iss',
  'logout_event',
  'sid_or_sub',
  'no_nonce',
  'set_events',
]);

const OIDC = 'OpenID Connect Core 1.0';
const LOGOUT = 'OpenID Connect Back-Channel Logout 1.0';
const TAIL: ReadonlyArray<readonly [RuleName, string]> = [
  ['not_expired', '[RFC 7519 §4.1.4]'],
  ['not_before', '[RFC 7519 §4.1.5]'],
  ['signature', '[RFC 7515 §5.2]'],
];
const all = (reference: string, ...rules: RuleName[]) => rules.map((rule) => [rule, reference] as const);

/** Each profile's rules, in order, with their reference (contract §4e). */
export const PROFILE_RULES: Readonly<Record<ProfileName, ReadonlyArray<readonly [RuleName, string]>>> = {
  oidc_id_token: [
    ['typ', '[RFC 8725 §3.11]'],
    ...all(`[${OIDC} §2]`, 'alg_not_none', 'claim_iss', 'claim_sub', 'claim_aud', 'claim_exp', 'claim_iat'),
    ...all(`[${OIDC} §3.1.3.7]`, 'iss_matches', 'aud_matches', 'azp_matches', 'nonce_matches', 'auth_time_max_age'),
    ['at_hash_matches', `[${OIDC} §3.2.2.9]`],
    ['c_hash_matches', `[${OIDC} §3.3.2.10]`],
    ['s_hash_matches', '[FAPI 1.0 Advanced §5.1]'],
    ...TAIL,
  ],
  oauth_access_token: [
    ...all('[RFC 9068 §2.1]', 'typ', 'alg_not_none'),
    ...all('[RFC 9068 §2.2]', 'claim_iss', 'claim_exp', 'claim_aud', 'claim_sub', 'claim_client_id', 'claim_iat', 'claim_jti'),
    ...all('[RFC 9068 §4]', 'iss_matches', 'aud_matches'),
    ['cnf_jkt_matches', '[RFC 9449 §6.1]'],
    ...TAIL,
  ],
  dpop_proof: [
    ...all('[RFC 9449 §4.2]', 'typ', 'alg_asymmetric', 'jwk_public', 'claim_jti', 'claim_htm', 'claim_htu', 'claim_iat'),
    ...all('[RFC 9449 §4.3]', 'dpop_signature', 'htm_matches', 'htu_matches', 'nonce_matches', 'iat_fresh', 'ath_matches', 'jkt_matches'),
  ],
  client_assertion: [
    ['typ', '[RFC 8725 §3.11]'],
    ...all('[RFC 7523 §3]', 'alg_not_none', 'claim_iss', 'claim_sub', 'claim_aud', 'claim_exp'),
    ...all(`[${OIDC} §9]`, 'claim_jti', 'sub_equals_iss', 'iss_matches'),
    ['aud_matches', '[RFC 7523 §3]'],
    ...TAIL,
  ],
  logout_token: [
    ['typ', `[${LOGOUT} §2.4]`],
    ['alg_not_none', `[${LOGOUT} §2.6]`],
    ...all(`[${LOGOUT} §2.4]`, 'claim_iss', 'claim_aud', 'claim_iat', 'claim_exp', 'claim_jti', 'logout_event', 'sid_or_sub', 'no_nonce'),
    ...all(`[${LOGOUT} §2.6]`, 'iss_matches', 'aud_matches'),
    ...TAIL,
  ],
  security_event_token: [
    ['typ', '[RFC 8417 §2.3]'],
    ...all('[RFC 8417 §2.2]', 'claim_iss', 'claim_iat', 'claim_jti', 'set_events'),
    ['iss_matches', '[RFC 7519 §4.1.1]'],
    ['aud_matches', '[RFC 7519 §4.1.3]'],
    ...TAIL,
  ],
};

interface CompiledRule {
  readonly rule: RuleName;
  readonly reference: string;
  readonly evaluate: Rule;
}

function compiled(keep: (rule: RuleName) => boolean): Readonly<Record<ProfileName, readonly CompiledRule[]>> {
  const table = {} as Record<ProfileName, readonly CompiledRule[]>;
  for (const profile of PROFILE_NAMES) {
    table[profile] = PROFILE_RULES[profile]
      .filter(([rule]) => keep(rule))
      .map(([rule, reference]) => ({ rule, reference, evaluate: RULES[rule] }));
  }
  return table;
}

/** Each profile's rules, and its structural ones (what `/jwt/decode` shows), with their functions looked up once. */
const ALL_OF = compiled(() => true);
const STRUCTURAL_OF = compiled((rule) => STRUCTURAL_RULES.has(rule));

/** Every rule of the profile, in its order, evaluated; only the structural ones when `structural` is set (for decode). */
export function checksOf(context: RuleContext, structural = false): Check[] {
  return (structural ? STRUCTURAL_OF : ALL_OF)[context.profile].map(({ rule, reference, evaluate }): Check => {
    const [passed, message] = evaluate(context);
    if (rule !== 'signature') return { rule, passed, message, reference };
    const { signature } = context;
    const reasonCode = signature === null || signature === undefined || signature.passed ? null : signature.reason_code;
    return { rule, passed, message, reference, reason_code: reasonCode };
  });
}

/** The parameters each rule reads. */
const READS: Partial<Record<RuleName, readonly string[]>> = {
  iss_matches: ['issuer'],
  aud_matches: ['audience'],
  azp_matches: ['audience'],
  nonce_matches: ['nonce'],
  at_hash_matches: ['access_token'],
  ath_matches: ['access_token'],
  c_hash_matches: ['code'],
  s_hash_matches: ['state'],
  auth_time_max_age: ['max_age', 'clock_tolerance'],
  htm_matches: ['htm'],
  htu_matches: ['htu'],
  jkt_matches: ['jkt'],
  cnf_jkt_matches: ['jkt'],
  iat_fresh: ['clock_tolerance'],
  not_expired: ['clock_tolerance'],
  not_before: ['clock_tolerance'],
  signature: ['key'],
};

const PARAMETERS_OF = new Map(
  PROFILE_NAMES.map((profile) => [profile, new Set(PROFILE_RULES[profile].flatMap(([rule]) => READS[rule] ?? []))] as const),
);

/** The parameters each profile's rules read: any other is refused for that profile. */
export function parametersOf(profile: ProfileName): ReadonlySet<string> {
  return PARAMETERS_OF.get(profile) ?? new Set();
}

/** What `/jwt/decode` says of a token's profile: the one detected, and its structural rules evaluated; null when none is. */
export interface ProfileReport {
  readonly name: ProfileName;
  readonly detected_by: 'typ' | 'claims';
  readonly checks: Check[];
}

export function profileReport(header: JsonObject, claims: JsonObject): ProfileReport | null {
  const detected = detectProfile(header, claims);
  if (detected === null) return null;
  const context: RuleContext = {
    profile: detected.name,
    header,
    claims,
    expected: {},
    nowSeconds: 0,
    toleranceSeconds: 0,
    jwkThumbprint: undefined,
    dpopSignature: undefined,
    signature: undefined,
  };
  return { name: detected.name, detected_by: detected.detected_by, checks: checksOf(context, true) };
}
