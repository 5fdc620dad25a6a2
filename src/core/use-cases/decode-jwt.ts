import { DomainError } from '../errors.js';
import { MAX_JSON_DEPTH, MAX_TOKEN_LENGTH, numericClaim, own, readCompactJws, type JsonObject } from '../jwt/compact.js';
import { findingsOf, type Finding } from '../jwt/findings.js';
import type { Clock } from '../ports/clock.js';
import type { HmacAlgorithm, KnownSecrets } from '../ports/known-secrets.js';
import { MAX_UNIX_MS, MIN_UNIX_MS, formatIsoSecond } from '../time/calendar.js';

export { MAX_JSON_DEPTH, MAX_TOKEN_LENGTH, type JsonObject };

export interface DecodeJwtInput {
  readonly token: string;
  /** Try the publicly known secrets on an HS256/384/512 signature: `true` or `"true"`. */
  readonly check_secrets?: boolean | string | undefined;
}

export interface DecodedJwt {
  readonly input: string;
  readonly header: JsonObject;
  readonly payload: JsonObject;
  readonly signature: string;
  readonly algorithm: string | null;
  readonly token_type: string | null;
  readonly expires_at: string | null;
  readonly issued_at: string | null;
  readonly not_before: string | null;
  readonly expired: boolean | null;
  /** `iss` when it is a string, else null. */
  readonly issuer: string | null;
  /** `aud` when it is a string or an array of strings, else null. */
  readonly audience: string | string[] | null;
  /** `sub` when it is a string, else null. */
  readonly subject: string | null;
  readonly encoding: 'jwt';
  readonly source: 'decode';
  readonly findings: Finding[];
}

const MIN_SECONDS = Number(MIN_UNIX_MS / 1000n);
const MAX_SECONDS = Number(MAX_UNIX_MS / 1000n);
const HMAC_ALGORITHMS: ReadonlySet<string> = new Set<HmacAlgorithm>(['HS256', 'HS384', 'HS512']);

/** RFC 7519 NumericDate as an ISO second, or null when absent, not a number or out of years 0001–9999. */
function numericDate(value: number | undefined): string | null {
  if (value === undefined || !Number.isFinite(value)) return null;
  const seconds = Math.floor(value);
  return seconds < MIN_SECONDS || seconds > MAX_SECONDS ? null : formatIsoSecond(seconds);
}

const stringOrNull = (value: unknown): string | null => (typeof value === 'string' ? value : null);

function audienceOf(value: unknown): string | string[] | null {
  if (typeof value === 'string') return value;
  return Array.isArray(value) && value.every((entry) => typeof entry === 'string') ? value : null;
}

function parseFlag(value: boolean | string | undefined): boolean {
  if (value === undefined || value === false || value === 'false') return false;
  if (value === true || value === 'true') return true;
  throw new DomainError('CHECK_SECRETS_INVALID', 'check_secrets must be true or false');
}

/**
 * Decodes a JWS compact serialization into its header, claims and signature,
 * derives the registered time claims against the clock, and lists security
 * findings about it. With `check_secrets`, an HMAC signature is tried against
 * the publicly known secrets.
 *
 * It never verifies the signature otherwise and never trusts the claims: they
 * are returned as data and drive nothing. Throws the `TOKEN_*` DomainErrors of
 * `readCompactJws`, and `CHECK_SECRETS_INVALID` for a flag that is neither true
 * nor false.
 */
export class DecodeJwt {
  constructor(
    private readonly clock: Clock,
    private readonly knownSecrets: KnownSecrets,
  ) {}

  execute({ token, check_secrets }: DecodeJwtInput): DecodedJwt {
    const checkSecrets = parseFlag(check_secrets);
    const jws = readCompactJws(token);
    const { header, payload } = jws;
    const alg = own(header, 'alg');
    const typ = own(header, 'typ');
    const exp = numericClaim(own(payload, 'exp'));
    const iat = numericClaim(own(payload, 'iat'));
    const nbf = numericClaim(own(payload, 'nbf'));
    const nowMs = this.clock.nowMs();
    const knownSecret =
      checkSecrets && typeof alg === 'string' && HMAC_ALGORITHMS.has(alg)
        ? this.knownSecrets.find(alg as HmacAlgorithm, jws.compact.slice(0, jws.compact.lastIndexOf('.')), jws.signature)
        : undefined;
    return {
      input: token,
      header,
      payload,
      signature: jws.signature,
      algorithm: typeof alg === 'string' ? alg : null,
      token_type: typeof typ === 'string' ? typ : null,
      expires_at: numericDate(exp),
      issued_at: numericDate(iat),
      not_before: numericDate(nbf),
      expired: exp === undefined ? null : exp * 1000 <= nowMs,
      issuer: stringOrNull(own(payload, 'iss')),
      audience: audienceOf(own(payload, 'aud')),
      subject: stringOrNull(own(payload, 'sub')),
      encoding: 'jwt',
      source: 'decode',
      findings: findingsOf({
        header,
        payload,
        exp,
        iat,
        nbf,
        nowSeconds: nowMs / 1000,
        duplicateMember: jws.duplicateMember,
        knownSecret,
      }),
    };
  }
}
