// The names the JWT context answers with (finding codes, severities, token profiles, the claim dictionary's vendors):
// lists alone, so that the API's schemas name them without loading the rules, tables and packs behind them, and a
// command of the CLI that converts a timestamp loads none of this context (docs/architecture.md).

export const FINDING_CODES = [
  'alg_none',
  'alg_missing',
  'no_expiry',
  'expired',
  'not_yet_valid',
  'issued_in_future',
  'long_lived',
  'date_in_milliseconds',
  'date_not_numeric',
  'remote_key_url',
  'embedded_key',
  'suspicious_kid',
  'critical_header',
  'unencoded_payload',
  'duplicate_member',
  'claim_type_invalid',
  'known_secret',
  'header_conflict',
  'jwe_rsa1_5',
  'jwe_compression',
  'jwe_pbes2_count',
  'sd_duplicate_digest',
  'sd_reserved_name',
  'sd_claim_overwrite',
  'sd_hash_mismatch',
  'sd_unmatched_disclosure',
  'sd_key_binding_type',
] as const;
export type FindingCode = (typeof FINDING_CODES)[number];

export const PROFILE_NAMES = [
  'oidc_id_token',
  'oauth_access_token',
  'dpop_proof',
  'client_assertion',
  'logout_token',
  'security_event_token',
] as const;
export type ProfileName = (typeof PROFILE_NAMES)[number];

/** The vendor packs' codes, in the table order of contract §4d: each pack of `VENDOR_PACKS` has one. */
export const VENDOR_CODES = [
  'entra',
  'auth0',
  'okta',
  'keycloak',
  'google',
  'cognito',
  'firebase',
  'github_actions',
  'kubernetes',
  'apple',
] as const;
export type VendorCode = (typeof VENDOR_CODES)[number];

/** `iana`, then every pack's code in table order: what `/jwt/claims` takes as `vendor`. */
export const DICTIONARY_VENDORS = ['iana', ...VENDOR_CODES] as const;
