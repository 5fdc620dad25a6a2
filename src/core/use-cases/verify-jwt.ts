import { DomainError } from '../errors.js';
import { own, readCompactJws, type JsonObject } from '../jwt/compact.js';
import type { Clock } from '../ports/clock.js';
import type { SignatureVerifier, VerificationReasonCode } from '../ports/signature-verifier.js';

export const MAX_KEY_LENGTH = 16 * 1024;
export const MAX_CLOCK_TOLERANCE_SECONDS = 300;
/** The JWS algorithms a public key can verify (RFC 7518, RFC 8037, RFC 9864). */
export const PUBLIC_KEY_ALGORITHMS = [
  'RS256',
  'RS384',
  'RS512',
  'PS256',
  'PS384',
  'PS512',
  'ES256',
  'ES384',
  'ES512',
  'EdDSA',
  'Ed25519',
] as const;

export interface VerifyJwtInput {
  readonly token: string;
  readonly key: string;
  readonly issuer?: string | undefined;
  /** Comma-separated audiences, any one of which `aud` must name. */
  readonly audience?: string | undefined;
  /** Comma-separated allow-list of algorithms. */
  readonly algorithms?: string | undefined;
  /** Whole seconds, 0–300. */
  readonly clock_tolerance?: string | undefined;
}

export interface VerifiedJwt {
  readonly valid: boolean;
  readonly reason: { readonly code: VerificationReasonCode; readonly message: string } | null;
  readonly algorithm: string | null;
  readonly key_id: string | null;
  readonly header: JsonObject;
  readonly payload: JsonObject;
  readonly source: 'verify';
}

const option = (message: string): DomainError => new DomainError('VERIFY_OPTION_INVALID', message);

function list(name: string, value: string | undefined): string[] | undefined {
  if (value === undefined) return undefined;
  const entries = value.split(',').map((entry) => entry.trim());
  if (entries.some((entry) => entry === '')) throw option(`${name} must be a comma-separated list with no empty entries`);
  return entries;
}

function algorithmsOf(value: string | undefined): string[] | undefined {
  const algorithms = list('algorithms', value);
  const unknown = algorithms?.filter((alg) => !(PUBLIC_KEY_ALGORITHMS as readonly string[]).includes(alg));
  if (unknown !== undefined && unknown.length > 0) {
    throw option(`algorithms may list only ${PUBLIC_KEY_ALGORITHMS.join(', ')}; not ${unknown.join(', ')}`);
  }
  return algorithms;
}

function toleranceOf(value: string | undefined): number {
  if (value === undefined) return 0;
  const text = value.trim();
  if (!/^\d{1,3}$/.test(text) || Number(text) > MAX_CLOCK_TOLERANCE_SECONDS) {
    throw option(`clock_tolerance must be a whole number of seconds from 0 to ${MAX_CLOCK_TOLERANCE_SECONDS}`);
  }
  return Number(text);
}

/**
 * Verifies a JWS compact token with a public key the caller supplies: its
 * signature, then `exp` and `nbf` (with `clock_tolerance`), and `iss` and `aud`
 * when asked. A token that fails any check is an answer (`valid: false` with a
 * reason), not an error; `alg: none` never verifies.
 *
 * Throws the `TOKEN_*` DomainErrors of decoding, `KEY_TOO_LONG` and the
 * verifier's `KEY_*` errors for a key it cannot or must not use, and
 * `VERIFY_OPTION_INVALID` for an option outside its form. It never fetches a key.
 */
export class VerifyJwt {
  constructor(
    private readonly clock: Clock,
    private readonly verifier: SignatureVerifier,
  ) {}

  async execute(input: VerifyJwtInput): Promise<VerifiedJwt> {
    const jws = readCompactJws(input.token);
    if (input.key.length > MAX_KEY_LENGTH) throw new DomainError('KEY_TOO_LONG', `key is longer than ${MAX_KEY_LENGTH / 1024} KiB`);
    if (input.issuer !== undefined && input.issuer.trim() === '') throw option('issuer must not be empty');
    const algorithms = algorithmsOf(input.algorithms);
    const audience = list('audience', input.audience);
    const clockToleranceSeconds = toleranceOf(input.clock_tolerance);
    const alg = own(jws.header, 'alg');
    const kid = own(jws.header, 'kid');
    const result = await this.verifier.verify({
      compact: jws.compact,
      algorithm: typeof alg === 'string' ? alg : undefined,
      key: input.key,
      algorithms,
      issuer: input.issuer,
      audience,
      clockToleranceSeconds,
      nowMs: this.clock.nowMs(),
    });
    const unsigned = typeof alg === 'string' && alg.toLowerCase() === 'none';
    const reason = unsigned
      ? { code: 'algorithm_not_allowed' as const, message: 'alg is none: an unsigned token never verifies' }
      : result.valid
        ? null
        : result.reason;
    return {
      valid: reason === null,
      reason,
      algorithm: typeof alg === 'string' ? alg : null,
      key_id: typeof kid === 'string' ? kid : null,
      header: jws.header,
      payload: jws.payload,
      source: 'verify',
    };
  }
}
