import { isPublicKeyAlgorithm, PUBLIC_KEY_ALGORITHMS } from '../../shared/algorithms.js';
import { own, type JsonObject } from '../../shared/json.js';
import { PRIVATE_MEMBERS } from '../../keys/read-keys.js';
import { PROFILE_NAMES, type ProfileName } from '../vocabulary.js';
import { BACKCHANNEL_LOGOUT_EVENT, has, isObject, normalizedTyp } from './detection.js';
import { show, type StructuralRule } from './rule.js';

/** Contract §4e's structural rules (S): they read the token alone, so they are never null, and `/jwt/decode` shows them. */

/** The `typ` values each profile accepts, normalized; null stands for an absent `typ`. */
const ACCEPTED_TYP: Readonly<Record<ProfileName, readonly (string | null)[]>> = {
  oidc_id_token: [null, 'jwt'],
  oauth_access_token: ['at+jwt'],
  dpop_proof: ['dpop+jwt'],
  client_assertion: [null, 'jwt'],
  logout_token: [null, 'jwt', 'logout+jwt'],
  security_event_token: [null, 'jwt', 'secevent+jwt'],
};
/** A message for each profile; `fromEntries` types its keys as any string. */
const profileTable = (message: (profile: ProfileName, accepted: readonly (string | null)[]) => string) =>
  Object.fromEntries(PROFILE_NAMES.map((profile) => [profile, message(profile, ACCEPTED_TYP[profile])])) as Readonly<
    Record<ProfileName, string>
  >;
const TYP_ACCEPTED = profileTable((profile) => `typ is one that ${profile} accepts`);
const TYP_WORDS = profileTable((_, accepted) => accepted.map((entry) => (entry === null ? 'absent' : JSON.stringify(entry))).join(', '));

/** The `kty` of an asymmetric JWK; held as `unknown[]` so that any member's value can be looked up. */
const PUBLIC_KEY_TYPES: readonly unknown[] = ['RSA', 'EC', 'OKP'];
const isString = (value: unknown): boolean => typeof value === 'string';
const isNumber = (value: unknown): boolean => typeof value === 'number';
const isAudience = (value: unknown): boolean =>
  typeof value === 'string' || (Array.isArray(value) && value.length > 0 && value.every((entry) => typeof entry === 'string'));

/** `claim_<name>`: the claim is present with its type. */
function claimRule<const Name extends string>(
  name: Name,
  test: (value: unknown) => boolean,
  what: string,
): StructuralRule<`claim_${Name}`> {
  return {
    id: `claim_${name}`,
    check: ({ claims }) => {
      const value = own(claims, name);
      return value !== undefined && test(value);
    },
    passed: `${name} is ${what}`,
    failed: ({ claims }) => {
      const value = own(claims, name);
      return value === undefined ? `${name} is missing` : `${name} must be ${what}, not ${show(value)}`;
    },
  };
}

const presentOf = (claims: JsonObject): string[] => ['sid', 'sub'].filter((name) => has(claims, name));

export const STRUCTURAL_RULES = [
  {
    id: 'typ',
    check: ({ header, profile }) => {
      const typ = normalizedTyp(header);
      return typ !== undefined && ACCEPTED_TYP[profile].includes(typ);
    },
    passed: ({ profile }) => TYP_ACCEPTED[profile],
    failed: ({ header, profile }) => `typ is ${show(own(header, 'typ'))}; ${profile} accepts ${TYP_WORDS[profile]}`,
  },
  {
    id: 'alg_not_none',
    check: ({ header }) => {
      const alg = own(header, 'alg');
      return typeof alg === 'string' && (alg.length !== 4 || alg.toLowerCase() !== 'none');
    },
    passed: 'alg names a signature',
    failed: ({ header }) => `alg is ${show(own(header, 'alg'))}: the token must be signed`,
  },
  {
    id: 'alg_asymmetric',
    check: ({ header }) => isPublicKeyAlgorithm(own(header, 'alg')),
    passed: 'alg is asymmetric',
    failed: ({ header }) => `alg is ${show(own(header, 'alg'))}; it must be one of ${PUBLIC_KEY_ALGORITHMS.join(', ')}`,
  },
  {
    id: 'jwk_public',
    check: ({ header }) => {
      const jwk = own(header, 'jwk');
      return isObject(jwk) && PUBLIC_KEY_TYPES.includes(own(jwk, 'kty')) && PRIVATE_MEMBERS.every((member) => !has(jwk, member));
    },
    passed: 'jwk is a public key',
    failed: ({ header }) =>
      isObject(own(header, 'jwk')) ? 'jwk must be an RSA, EC or OKP public key, with no private member' : 'the header has no jwk object',
  },
  claimRule('iss', isString, 'a string'),
  claimRule('sub', isString, 'a string'),
  claimRule('aud', isAudience, 'a string or a non-empty array of strings'),
  claimRule('exp', isNumber, 'a number'),
  claimRule('iat', isNumber, 'a number'),
  claimRule('jti', isString, 'a string'),
  claimRule('client_id', isString, 'a string'),
  claimRule('htm', isString, 'a string'),
  claimRule('htu', isString, 'a string'),
  {
    id: 'sub_equals_iss',
    check: ({ claims }) => {
      const iss = own(claims, 'iss');
      return typeof iss === 'string' && iss === own(claims, 'sub');
    },
    passed: 'sub is iss, the client_id',
    failed: () => 'sub must be the same string as iss, the client_id',
  },
  {
    id: 'logout_event',
    check: ({ claims }) => {
      const events = own(claims, 'events');
      return isObject(events) && isObject(own(events, BACKCHANNEL_LOGOUT_EVENT));
    },
    passed: 'events holds the back-channel logout event',
    failed: () => `events must hold ${BACKCHANNEL_LOGOUT_EVENT} as an object`,
  },
  {
    id: 'sid_or_sub',
    check: ({ claims }) => {
      const present = presentOf(claims);
      return present.length > 0 && present.every((name) => typeof own(claims, name) === 'string');
    },
    passed: ({ claims }) => `${presentOf(claims).join(' and ')} given`,
    failed: ({ claims }) => (presentOf(claims).length === 0 ? 'sid or sub must be present' : 'sid and sub must be strings'),
  },
  {
    id: 'no_nonce',
    check: ({ claims }) => !has(claims, 'nonce'),
    passed: 'no nonce',
    failed: () => 'a logout token must not carry nonce',
  },
  {
    id: 'set_events',
    check: ({ claims }) => {
      const events = own(claims, 'events');
      return isObject(events) && Object.keys(events).length > 0 && Object.values(events).every(isObject);
    },
    passed: 'events holds at least one event, each an object',
    failed: () => 'events must be an object of at least one event, each an object',
  },
] as const satisfies readonly StructuralRule[];
