import type { JsonObject } from '../../shared/json.js';
import { PROFILE_NAMES, type ProfileName } from '../vocabulary.js';
import { detectProfile } from './detection.js';
import { EXPECTATION_RULES } from './expectation-rules.js';
import type { CheckedRule, ReportedRule, RuleContext } from './rule.js';
import { STRUCTURAL_RULES } from './structural-rules.js';

export { BACKCHANNEL_LOGOUT_EVENT, detectProfile, normalizedTyp, type Detection } from './detection.js';
export type { Expectations, RuleContext, SignatureOutcome } from './rule.js';

/**
 * Token profiles (contract §4e): each profile's rules, in its order, each with the text of the specification
 * section that states it, joined at load with the rules' own objects (`structural-rules.ts`,
 * `expectation-rules.ts`); what a profile's rules read is the parameters it takes. The signature results are
 * computed by the caller and handed in.
 */

export type RuleName = (typeof STRUCTURAL_RULES)[number]['id'] | (typeof EXPECTATION_RULES)[number]['id'];

/** A rule as a profile runs it; `structural` says whether `/jwt/decode` shows it. */
type Runnable = (CheckedRule<RuleName> | ReportedRule<RuleName>) & { readonly structural: boolean };

/** The rules by id: `fromEntries` types its keys as any string, and the two lists name each rule once (profiles.test.ts). */
const RULES = Object.fromEntries([
  ...STRUCTURAL_RULES.map((rule) => [rule.id, { ...rule, reads: [], structural: true }] as const),
  ...EXPECTATION_RULES.map((rule) => [rule.id, { ...rule, structural: false }] as const),
]) as Readonly<Record<RuleName, Runnable>>;

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

export interface Check {
  readonly rule: string;
  readonly passed: boolean | null;
  readonly message: string;
  readonly reference: string;
  readonly reason_code?: string | null;
}

/** One rule of one profile, one object: its id, reference, reads, check and messages. */
type ProfileRule = Runnable & { readonly reference: string };

/** A rule's verdict as a check; a failure's message is written only when the rule fails. */
function run(profileRule: ProfileRule, context: RuleContext): Check {
  const { id: rule, reference } = profileRule;
  if ('outcome' in profileRule) {
    const { passed, message, reason_code: code } = profileRule.outcome(context);
    if (!profileRule.withReasonCode) return { rule, passed, message, reference };
    return { rule, passed, message, reference, reason_code: passed === false ? code : null };
  }
  const verdict = profileRule.check(context);
  if (typeof verdict === 'string') return { rule, passed: null, message: verdict, reference };
  if (!verdict) return { rule, passed: false, message: profileRule.failed(context), reference };
  const { passed } = profileRule;
  return { rule, passed: true, message: typeof passed === 'string' ? passed : passed(context), reference };
}

function compiled(keep: (rule: ProfileRule) => boolean): Readonly<Record<ProfileName, readonly ProfileRule[]>> {
  const table = {} as Record<ProfileName, readonly ProfileRule[]>; // filled below for every profile
  for (const profile of PROFILE_NAMES) {
    table[profile] = PROFILE_RULES[profile].map(([rule, reference]): ProfileRule => ({ ...RULES[rule], reference })).filter(keep);
  }
  return table;
}

/** Each profile's rules, and its structural ones (what `/jwt/decode` shows), built once at load. */
const ALL_OF = compiled(() => true);
const STRUCTURAL_OF = compiled((rule) => rule.structural);

/** Every rule of the profile, in its order, evaluated; only the structural ones when `structural` is set (for decode). */
export function checksOf(context: RuleContext, structural = false): Check[] {
  return (structural ? STRUCTURAL_OF : ALL_OF)[context.profile].map((rule) => run(rule, context));
}

const PARAMETERS_OF = new Map(PROFILE_NAMES.map((profile) => [profile, new Set(ALL_OF[profile].flatMap((rule) => rule.reads))] as const));

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
