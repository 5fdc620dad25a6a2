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

export const SEVERITIES = ['critical', 'warning', 'info'] as const;
export type Severity = (typeof SEVERITIES)[number];

export interface Finding {
  readonly code: FindingCode;
  readonly severity: Severity;
  readonly message: string;
}

import type { SdJwtProblems } from './sd-jwt.js';

type JsonObject = { readonly [key: string]: unknown };

/** What the findings are drawn from: the decoded token, its time claims as numbers, and the clock. */
export interface FindingInput {
  readonly header: JsonObject;
  /** The claims; undefined when there are none to read (a JWE, or a JWS that carries another token). */
  readonly payload: JsonObject | undefined;
  /** A JWE: its header is judged for encryption, not for signing. */
  readonly encrypted?: boolean;
  /** `exp`, `iat` and `nbf` as JSON numbers (undefined when absent or not a number). */
  readonly exp: number | undefined;
  readonly iat: number | undefined;
  readonly nbf: number | undefined;
  readonly nowSeconds: number;
  readonly duplicateMember: boolean;
  /** The publicly known secret the signature verified with, when one was looked for and found. */
  readonly knownSecret: string | undefined;
  /** A JWS JSON signature names a member in both its protected and its unprotected header. */
  readonly headerConflict?: boolean;
  /** What an SD-JWT's disclosures and key binding showed. */
  readonly sd?: SdJwtProblems | undefined;
}

/** PBES2 iterations past this make a decrypting party spend seconds on one token. */
export const PBES2_COUNT_LIMIT = 1_000_000;

const DAY = 86_400;
/** `iat` may run this far ahead of our clock before it is suspicious: clocks drift. */
export const ISSUED_AHEAD_SECONDS = 60;
export const LONG_LIVED_SECONDS = 30 * DAY;
export const LONG_LIVED_WITHOUT_IAT_SECONDS = 365 * DAY;
/** A NumericDate this large is milliseconds: 1e11 seconds is the year 5138. */
export const MILLISECONDS_THRESHOLD = 1e11;
const TIME_CLAIMS = ['exp', 'iat', 'nbf'] as const;

const has = (object: JsonObject, key: string): boolean => Object.hasOwn(object, key);

/** What RFC 7519 §4.1 says each of these claims is, and whether a value is that. */
const CLAIM_TYPES = [
  { claim: 'iss', is: 'a string', holds: (value: unknown) => typeof value === 'string' },
  { claim: 'sub', is: 'a string', holds: (value: unknown) => typeof value === 'string' },
  {
    claim: 'aud',
    is: 'a string or an array of strings',
    holds: (value: unknown) => typeof value === 'string' || (Array.isArray(value) && value.every((entry) => typeof entry === 'string')),
  },
] as const;

function suspiciousKid(kid: unknown): boolean {
  return (
    // A URL anywhere: a verifier may cut the kid into parts, or hand it on as it is.
    typeof kid === 'string' && (kid.includes('../') || /["';\0]/.test(kid) || /[a-z][a-z0-9+.-]*:\/\//i.test(kid) || kid.includes('..\\'))
  );
}

/**
 * What a careful reviewer would say of a token's security, most severe first:
 * an unsigned or unsignable header, time claims that make it immortal or
 * misread, headers that let a careless verifier pick its key from the token
 * (RFC 8725 §2 and §3), and a signature made with a publicly known secret.
 * It never throws and never trusts the token: claims are only read.
 */
export function findingsOf(input: FindingInput): Finding[] {
  const { header, payload, exp, iat, nbf, nowSeconds } = input;
  const findings: Finding[] = [];
  const add = (code: FindingCode, severity: Severity, message: string) => findings.push({ code, severity, message });
  const alg = header.alg;
  // A JWE's payload is encrypted: only its header is judged, with what concerns encryption.
  const signed = input.encrypted !== true;

  if (input.headerConflict === true) {
    add(
      'header_conflict',
      'critical',
      'a member is in both the protected and the unprotected header of a signature, which RFC 7515 §7.2.1 forbids: libraries disagree on which wins, and only the protected one is signed',
    );
  }
  const sd = input.sd;
  if (sd?.duplicateDigest === true) {
    add(
      'sd_duplicate_digest',
      'critical',
      'a digest appears more than once in the payload and the disclosures: RFC 9901 §7.1 requires rejecting the SD-JWT',
    );
  }
  if (sd?.reservedName === true) {
    add('sd_reserved_name', 'critical', 'a disclosure names _sd or ...: those names are reserved, and RFC 9901 §7.1 requires rejecting it');
  }
  if (sd?.claimOverwrite === true) {
    add(
      'sd_claim_overwrite',
      'critical',
      'a disclosed claim has the name of a claim already in plain form there: RFC 9901 §7.1 requires rejecting the SD-JWT, and verifiers that do not would let a holder replace a signed claim',
    );
  }
  if (sd?.hashMismatch === true) {
    add(
      'sd_hash_mismatch',
      'critical',
      "the key-binding JWT's sd_hash is missing or is not the hash of the SD-JWT it came with: it can be replayed with other disclosures (RFC 9901 §4.3.1)",
    );
  }
  if (signed && typeof alg === 'string' && alg.toLowerCase() === 'none') {
    add(
      'alg_none',
      'critical',
      'alg is "none": the token is unsigned, and a verifier that honours the header accepts anything (RFC 8725 §2.1, §3.1)',
    );
  }
  if (!signed && alg === 'RSA1_5') {
    add(
      'jwe_rsa1_5',
      'critical',
      'alg is RSA1_5: PKCS #1 v1.5 key transport is open to padding-oracle attacks that recover the content key (RFC 8725 §3.2)',
    );
  }
  if (typeof alg !== 'string') {
    add(
      'alg_missing',
      'warning',
      'the header has no string alg: nothing says how the token is signed, so no verifier can check it safely (RFC 7515 §4.1.1)',
    );
  }
  if (input.knownSecret !== undefined) {
    add(
      'known_secret',
      'critical',
      `the signature verifies with the publicly known secret ${JSON.stringify(input.knownSecret)}: anyone can forge tokens with it (RFC 8725 §3.5)`,
    );
  }
  if (payload !== undefined) claimFindings({ payload, exp, iat, nbf, nowSeconds }, add);
  if (!signed && has(header, 'zip')) {
    add(
      'jwe_compression',
      'warning',
      'zip is present: compressing before encrypting leaks the plaintext through the ciphertext length (RFC 8725 §3.6)',
    );
  }
  if (!signed && typeof alg === 'string' && alg.startsWith('PBES2') && typeof header.p2c === 'number' && header.p2c > PBES2_COUNT_LIMIT) {
    add(
      'jwe_pbes2_count',
      'warning',
      `p2c is above ${PBES2_COUNT_LIMIT.toLocaleString('en-US')}: a decrypting party can be made to spend seconds of CPU on one token`,
    );
  }
  const remote = ['jku', 'x5u'].filter((name) => has(header, name));
  if (remote.length > 0) {
    add(
      'remote_key_url',
      'warning',
      `the header has ${remote.join(' and ')}: a verifier that follows it lets the token choose its own key (RFC 8725 §3.10)`,
    );
  }
  const embedded = ['jwk', 'x5c'].filter((name) => has(header, name));
  if (embedded.length > 0) {
    add(
      'embedded_key',
      'warning',
      `the header embeds a key (${embedded.join(' and ')}): a verifier that trusts it checks the token against the attacker's own key`,
    );
  }
  if (suspiciousKid(header.kid)) {
    add(
      'suspicious_kid',
      'warning',
      'kid holds a path, quote, semicolon, NUL or URL: verifiers that look it up in files, SQL or over HTTP can be attacked through it',
    );
  }
  if (has(header, 'crit')) {
    add(
      'critical_header',
      'info',
      'the header has crit: verifiers must understand every extension it lists or reject the token (RFC 7515 §4.1.11)',
    );
  }
  if (signed && header.b64 === false) {
    add('unencoded_payload', 'warning', 'b64 is false: the payload is signed unencoded (RFC 7797), which many libraries mishandle');
  }
  if (sd?.unmatchedDisclosure === true) {
    add(
      'sd_unmatched_disclosure',
      'warning',
      'a disclosure matches no digest in the payload or in another disclosure: it discloses nothing, and may be left from another token',
    );
  }
  if (sd?.keyBindingType === true) {
    add('sd_key_binding_type', 'warning', 'the key-binding JWT has a typ other than kb+jwt (RFC 9901 §4.3)');
  }
  if (input.duplicateMember) {
    add(
      'duplicate_member',
      'warning',
      'the header or payload repeats a member name: parsers disagree on which copy wins, so two systems can read two different tokens',
    );
  }
  if (exp !== undefined && exp <= nowSeconds) add('expired', 'info', 'exp is at or before now: the token has expired');
  if (nbf !== undefined && nbf > nowSeconds) add('not_yet_valid', 'info', 'nbf is after now: the token is not valid yet');
  const rank = (severity: Severity): number => SEVERITIES.indexOf(severity);
  return findings.sort((a, b) => rank(a.severity) - rank(b.severity));
}

type Add = (code: FindingCode, severity: Severity, message: string) => void;

/** What a signed token's claims say: its lifetime, its time claims' units and types, and its claims' types. */
function claimFindings(
  {
    payload,
    exp,
    iat,
    nbf,
    nowSeconds,
  }: { payload: JsonObject; exp?: number | undefined; iat?: number | undefined; nbf?: number | undefined; nowSeconds: number },
  add: Add,
): void {
  if (exp === undefined) {
    add('no_expiry', 'warning', 'no numeric exp: the token never expires, so a leaked copy works forever (RFC 8725 §3.10)');
  }
  if (iat !== undefined && iat > nowSeconds + ISSUED_AHEAD_SECONDS) {
    add('issued_in_future', 'warning', "iat is more than 60 s in the future: the issuer's clock is wrong, or the token was made up");
  }
  if (exp !== undefined && iat !== undefined && exp - iat > LONG_LIVED_SECONDS) {
    add('long_lived', 'warning', 'exp is more than 30 days after iat: a long-lived token stays useful to whoever steals it');
  } else if (exp !== undefined && iat === undefined && exp > nowSeconds + LONG_LIVED_WITHOUT_IAT_SECONDS) {
    add('long_lived', 'warning', 'exp is more than a year away: a long-lived token stays useful to whoever steals it');
  }
  const inMilliseconds = TIME_CLAIMS.filter((claim) => {
    const value = { exp, iat, nbf }[claim];
    return value !== undefined && value >= MILLISECONDS_THRESHOLD;
  });
  if (inMilliseconds.length > 0) {
    add(
      'date_in_milliseconds',
      'warning',
      `${inMilliseconds.join(', ')} look like milliseconds: RFC 7519 NumericDates are seconds, so verifiers read them as thousands of years away`,
    );
  }
  const notNumeric = TIME_CLAIMS.filter((claim) => has(payload, claim) && { exp, iat, nbf }[claim] === undefined);
  if (notNumeric.length > 0) {
    add(
      'date_not_numeric',
      'warning',
      `${notNumeric.join(', ')} ${notNumeric.length > 1 ? 'are' : 'is'} not a JSON number: RFC 7519 NumericDates are numbers, and verifiers disagree on what else means`,
    );
  }
  const mistyped = CLAIM_TYPES.filter(({ claim, holds }) => has(payload, claim) && !holds(payload[claim]));
  if (mistyped.length > 0) {
    add(
      'claim_type_invalid',
      'warning',
      `${mistyped.map(({ claim, is }) => `${claim} is not ${is}`).join(', and ')} (RFC 7519 §4.1): ${mistyped.length > 1 ? 'they are' : 'it is'} shown as given in payload but not read, and verifiers disagree on what such a claim means`,
    );
  }
}
