import { own, type JsonObject } from '../../shared/json.js';
import { PROFILE_NAMES, type ProfileName } from '../vocabulary.js';

/** Which profile a token is meant to follow: contract §4e's detection table, by `typ` and then by claims. */

export const BACKCHANNEL_LOGOUT_EVENT = 'http://schemas.openid.net/event/backchannel-logout';

export const isObject = (value: unknown): value is JsonObject => typeof value === 'object' && value !== null && !Array.isArray(value);
export const has = (claims: JsonObject, name: string): boolean => Object.hasOwn(claims, name);

/** `typ` lower-cased without a leading `application/` (RFC 7515 §4.1.9); null when absent, undefined when not a string. */
export function normalizedTyp(header: JsonObject): string | null | undefined {
  const typ = own(header, 'typ');
  if (typ === undefined) return null;
  if (typeof typ !== 'string') return undefined;
  const lower = typ.toLowerCase();
  return lower.startsWith('application/') ? lower.slice('application/'.length) : lower;
}

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
  const table = {} as Record<ProfileName, Detection>; // filled below for every profile
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
