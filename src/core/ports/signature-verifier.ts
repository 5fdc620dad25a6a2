export const VERIFICATION_REASONS = [
  'signature_invalid',
  'algorithm_not_allowed',
  'key_mismatch',
  'key_not_found',
  'expired',
  'not_yet_valid',
  'issuer_mismatch',
  'audience_mismatch',
] as const;
export type VerificationReasonCode = (typeof VERIFICATION_REASONS)[number];

export interface VerificationRequest {
  /** The JWS compact serialization, already read by the core. */
  readonly compact: string;
  /** The header's alg, to say which algorithm a key failed to verify. */
  readonly algorithm: string | undefined;
  /** A public JWK, a JWK Set, a PEM SPKI public key or a PEM X.509 certificate, as the caller sent it. */
  readonly key: string;
  readonly algorithms: readonly string[] | undefined;
  readonly issuer: string | undefined;
  readonly audience: readonly string[] | undefined;
  readonly clockToleranceSeconds: number;
  /** The instant time claims are checked against, from the core's clock. */
  readonly nowMs: number;
}

export type VerificationResult =
  | { readonly valid: true }
  | { readonly valid: false; readonly reason: { readonly code: VerificationReasonCode; readonly message: string } };

/**
 * Checks a JWS signature, and the time, issuer and audience claims, with a key
 * the caller supplies. A failed check is a result, not an error. It throws only
 * `KEY_*` DomainErrors for a key that is malformed, private, symmetric or of a
 * kind that cannot verify a JWS. It never fetches a key: `jku`, `x5u` and `iss`
 * are not followed.
 */
export interface SignatureVerifier {
  verify(request: VerificationRequest): Promise<VerificationResult>;
}
