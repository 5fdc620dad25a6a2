import type { FindingCode } from './vocabulary.js';

export interface Finding {
  readonly code: FindingCode;
  readonly severity: Severity;
  readonly message: string;
}

import type { SdJwtProblems } from './sd-jwt.js';
import type { Severity } from '../shared/vocabulary.js';

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

// Made once, every decode asks the rule; digits grouped by hand, since toLocaleString loads ICU's
// locale data, about 15 ms of every start of the command line.
const PBES2_COUNT_MESSAGE = `p2c is above ${String(PBES2_COUNT_LIMIT).replace(/\B(?=(\d{3})+$)/g, ',')}: a decrypting party can be made to spend seconds of CPU on one token`;

/** What a rule reads: the input, with what several rules derive from it. */
interface Token extends FindingInput {
  /** A JWS or JWT: its header is judged for signing. A JWE's payload is encrypted, and only its header is judged, for encryption. */
  readonly signed: boolean;
  readonly alg: unknown;
}

/** A finding's rule: its code, its severity, and the message it gives a token it applies to (undefined when it does not). */
interface Rule {
  readonly code: FindingCode;
  readonly severity: Severity;
  readonly message: (token: Token) => string | undefined;
}

type ClaimsToken = Token & { readonly payload: JsonObject };
const hasClaims = (token: Token): token is ClaimsToken => token.payload !== undefined;

/** A rule about the claims: it applies only where there are claims to read (not a JWE, nor a JWS that carries another token). */
const onClaims =
  (message: (token: ClaimsToken) => string | undefined): Rule['message'] =>
  (token) =>
    hasClaims(token) ? message(token) : undefined;

const when = (condition: boolean, message: string): string | undefined => (condition ? message : undefined);

/** The names joined, or undefined when there are none. */
const listed = (names: readonly string[], joiner: string): string | undefined => (names.length > 0 ? names.join(joiner) : undefined);

/**
 * Every finding's rule, most severe first, and in the order findings are
 * listed within a severity. A new finding is one row here and its tests.
 */
export const FINDING_RULES: readonly Rule[] = [
  {
    code: 'header_conflict',
    severity: 'critical',
    message: ({ headerConflict }) =>
      when(
        headerConflict === true,
        'a member is in both the protected and the unprotected header of a signature, which RFC 7515 §7.2.1 forbids: libraries disagree on which wins, and only the protected one is signed',
      ),
  },
  {
    code: 'sd_duplicate_digest',
    severity: 'critical',
    message: ({ sd }) =>
      when(
        sd?.duplicateDigest === true,
        'a digest appears more than once in the payload and the disclosures: RFC 9901 §7.1 requires rejecting the SD-JWT',
      ),
  },
  {
    code: 'sd_reserved_name',
    severity: 'critical',
    message: ({ sd }) =>
      when(sd?.reservedName === true, 'a disclosure names _sd or ...: those names are reserved, and RFC 9901 §7.1 requires rejecting it'),
  },
  {
    code: 'sd_claim_overwrite',
    severity: 'critical',
    message: ({ sd }) =>
      when(
        sd?.claimOverwrite === true,
        'a disclosed claim has the name of a claim already in plain form there: RFC 9901 §7.1 requires rejecting the SD-JWT, and verifiers that do not would let a holder replace a signed claim',
      ),
  },
  {
    code: 'sd_hash_mismatch',
    severity: 'critical',
    message: ({ sd }) =>
      when(
        sd?.hashMismatch === true,
        "the key-binding JWT's sd_hash is missing or is not the hash of the SD-JWT it came with: it can be replayed with other disclosures (RFC 9901 §4.3.1)",
      ),
  },
  {
    code: 'alg_none',
    severity: 'critical',
    message: ({ signed, alg }) =>
      when(
        signed && typeof alg === 'string' && alg.toLowerCase() === 'none',
        'alg is "none": the token is unsigned, and a verifier that honours the header accepts anything (RFC 8725 §2.1, §3.1)',
      ),
  },
  {
    code: 'jwe_rsa1_5',
    severity: 'critical',
    message: ({ signed, alg }) =>
      when(
        !signed && alg === 'RSA1_5',
        'alg is RSA1_5: PKCS #1 v1.5 key transport is open to padding-oracle attacks that recover the content key (RFC 8725 §3.2)',
      ),
  },
  {
    code: 'known_secret',
    severity: 'critical',
    message: ({ knownSecret }) =>
      knownSecret === undefined
        ? undefined
        : `the signature verifies with the publicly known secret ${JSON.stringify(knownSecret)}: anyone can forge tokens with it (RFC 8725 §3.5)`,
  },
  {
    code: 'alg_missing',
    severity: 'warning',
    message: ({ alg }) =>
      when(
        typeof alg !== 'string',
        'the header has no string alg: nothing says how the token is signed, so no verifier can check it safely (RFC 7515 §4.1.1)',
      ),
  },
  {
    code: 'no_expiry',
    severity: 'warning',
    message: onClaims(({ exp }) =>
      when(exp === undefined, 'no numeric exp: the token never expires, so a leaked copy works forever (RFC 8725 §3.10)'),
    ),
  },
  {
    code: 'issued_in_future',
    severity: 'warning',
    message: onClaims(({ iat, nowSeconds }) =>
      when(
        iat !== undefined && iat > nowSeconds + ISSUED_AHEAD_SECONDS,
        "iat is more than 60 s in the future: the issuer's clock is wrong, or the token was made up",
      ),
    ),
  },
  {
    code: 'long_lived',
    severity: 'warning',
    message: onClaims(({ exp, iat, nowSeconds }) => {
      if (exp === undefined) return undefined;
      if (iat !== undefined)
        return when(
          exp - iat > LONG_LIVED_SECONDS,
          'exp is more than 30 days after iat: a long-lived token stays useful to whoever steals it',
        );
      return when(
        exp > nowSeconds + LONG_LIVED_WITHOUT_IAT_SECONDS,
        'exp is more than a year away: a long-lived token stays useful to whoever steals it',
      );
    }),
  },
  {
    code: 'date_in_milliseconds',
    severity: 'warning',
    message: onClaims((token) => {
      const claims = listed(
        TIME_CLAIMS.filter((claim) => (token[claim] ?? 0) >= MILLISECONDS_THRESHOLD),
        ', ',
      );
      return claims === undefined
        ? undefined
        : `${claims} look like milliseconds: RFC 7519 NumericDates are seconds, so verifiers read them as thousands of years away`;
    }),
  },
  {
    code: 'date_not_numeric',
    severity: 'warning',
    message: onClaims((token) => {
      const claims = TIME_CLAIMS.filter((claim) => has(token.payload, claim) && token[claim] === undefined);
      return claims.length === 0
        ? undefined
        : `${claims.join(', ')} ${claims.length > 1 ? 'are' : 'is'} not a JSON number: RFC 7519 NumericDates are numbers, and verifiers disagree on what else means`;
    }),
  },
  {
    code: 'claim_type_invalid',
    severity: 'warning',
    message: onClaims(({ payload }) => {
      const mistyped = CLAIM_TYPES.filter(({ claim, holds }) => has(payload, claim) && !holds(payload[claim]));
      return mistyped.length === 0
        ? undefined
        : `${mistyped.map(({ claim, is }) => `${claim} is not ${is}`).join(', and ')} (RFC 7519 §4.1): ${mistyped.length > 1 ? 'they are' : 'it is'} shown as given in payload but not read, and verifiers disagree on what such a claim means`;
    }),
  },
  {
    code: 'jwe_compression',
    severity: 'warning',
    message: ({ signed, header }) =>
      when(
        !signed && has(header, 'zip'),
        'zip is present: compressing before encrypting leaks the plaintext through the ciphertext length (RFC 8725 §3.6)',
      ),
  },
  {
    code: 'jwe_pbes2_count',
    severity: 'warning',
    message: ({ signed, alg, header }) =>
      when(
        !signed && typeof alg === 'string' && alg.startsWith('PBES2') && typeof header.p2c === 'number' && header.p2c > PBES2_COUNT_LIMIT,
        PBES2_COUNT_MESSAGE,
      ),
  },
  {
    code: 'remote_key_url',
    severity: 'warning',
    message: ({ header }) => {
      const remote = listed(
        ['jku', 'x5u'].filter((name) => has(header, name)),
        ' and ',
      );
      return remote === undefined
        ? undefined
        : `the header has ${remote}: a verifier that follows it lets the token choose its own key (RFC 8725 §3.10)`;
    },
  },
  {
    code: 'embedded_key',
    severity: 'warning',
    message: ({ header }) => {
      const embedded = listed(
        ['jwk', 'x5c'].filter((name) => has(header, name)),
        ' and ',
      );
      return embedded === undefined
        ? undefined
        : `the header embeds a key (${embedded}): a verifier that trusts it checks the token against the attacker's own key`;
    },
  },
  {
    code: 'suspicious_kid',
    severity: 'warning',
    message: ({ header }) =>
      when(
        suspiciousKid(header.kid),
        'kid holds a path, quote, semicolon, NUL or URL: verifiers that look it up in files, SQL or over HTTP can be attacked through it',
      ),
  },
  {
    code: 'unencoded_payload',
    severity: 'warning',
    message: ({ signed, header }) =>
      when(signed && header.b64 === false, 'b64 is false: the payload is signed unencoded (RFC 7797), which many libraries mishandle'),
  },
  {
    code: 'sd_unmatched_disclosure',
    severity: 'warning',
    message: ({ sd }) =>
      when(
        sd?.unmatchedDisclosure === true,
        'a disclosure matches no digest in the payload or in another disclosure: it discloses nothing, and may be left from another token',
      ),
  },
  {
    code: 'sd_key_binding_type',
    severity: 'warning',
    message: ({ sd }) => when(sd?.keyBindingType === true, 'the key-binding JWT has a typ other than kb+jwt (RFC 9901 §4.3)'),
  },
  {
    code: 'duplicate_member',
    severity: 'warning',
    message: ({ duplicateMember }) =>
      when(
        duplicateMember,
        'the header or payload repeats a member name: parsers disagree on which copy wins, so two systems can read two different tokens',
      ),
  },
  {
    code: 'critical_header',
    severity: 'info',
    message: ({ header }) =>
      when(
        has(header, 'crit'),
        'the header has crit: verifiers must understand every extension it lists or reject the token (RFC 7515 §4.1.11)',
      ),
  },
  {
    code: 'expired',
    severity: 'info',
    message: ({ exp, nowSeconds }) => when(exp !== undefined && exp <= nowSeconds, 'exp is at or before now: the token has expired'),
  },
  {
    code: 'not_yet_valid',
    severity: 'info',
    message: ({ nbf, nowSeconds }) => when(nbf !== undefined && nbf > nowSeconds, 'nbf is after now: the token is not valid yet'),
  },
];

/**
 * What a careful reviewer would say of a token's security, most severe first:
 * an unsigned or unsignable header, time claims that make it immortal or
 * misread, headers that let a careless verifier pick its key from the token
 * (RFC 8725 §2 and §3), and a signature made with a publicly known secret.
 * Each finding is a rule of `FINDING_RULES`, applied in its order. It never
 * throws and never trusts the token: claims are only read.
 */
export function findingsOf(input: FindingInput): Finding[] {
  const token: Token = { ...input, signed: input.encrypted !== true, alg: input.header.alg };
  const findings: Finding[] = [];
  for (const { code, severity, message } of FINDING_RULES) {
    const said = message(token);
    if (said !== undefined) findings.push({ code, severity, message: said });
  }
  return findings;
}
