import type { KeyMaterial } from '../../keys/read-keys.js';

export const VERIFICATION_REASONS = [
  'signature_invalid',
  'algorithm_not_allowed',
  'key_mismatch',
  'key_not_found',
  'expired',
  'not_yet_valid',
  'issuer_mismatch',
  'audience_mismatch',
  'key_binding_invalid',
] as const;
export type VerificationReasonCode = (typeof VERIFICATION_REASONS)[number];

/** A signed token as the core read it: compact, or a JWS JSON serialization (flattened or general). */
export type SignedToken =
  | {
      readonly form: 'compact';
      readonly compact: string;
      /** False for a JWS whose payload is not a claim set (one that carries another token): the signature alone is checked. */
      readonly claims: boolean;
    }
  | {
      readonly form: 'json';
      readonly serialization: { readonly [member: string]: unknown };
      /** False to check the signatures alone: no time, issuer or audience claim. */
      readonly claims: boolean;
    };

/** The key a verification uses, as the core read it: an HMAC secret's bytes, or key material (contract §4b). */
export type VerificationKey =
  | { readonly kind: 'secret'; readonly bytes: Uint8Array }
  | {
      readonly kind: 'keys';
      /** A public JWK, a JWK Set, PEM SPKI or a PEM X.509 certificate, or one `oct` JWK, already allowed where it came from. */
      readonly material: KeyMaterial;
    };

export interface VerificationRequest {
  readonly token: SignedToken;
  /** The header's alg, to say which algorithm a key failed to verify. */
  readonly algorithm: string | undefined;
  readonly key: VerificationKey;
  readonly algorithms: readonly string[] | undefined;
  readonly issuer: string | undefined;
  readonly audience: readonly string[] | undefined;
  readonly clockToleranceSeconds: number;
  /** The instant time claims are checked against, from the core's clock. */
  readonly nowMs: number;
}

export type VerificationResult = (
  { readonly valid: true } | { readonly valid: false; readonly reason: { readonly code: VerificationReasonCode; readonly message: string } }
) & {
  /** For a JSON serialization: which signature verified (or failed last), by its place. */
  readonly signature?: number;
};

/**
 * Checks a JWS signature (for a JSON serialization, whether any of its
 * signatures verifies), and the time, issuer and audience claims, with a key
 * or the HMAC secret the caller supplies. A failed check is a result, not an
 * error. It throws only `KEY_*` DomainErrors for a key that is private, a
 * secret inside a JWK Set, or of a kind that cannot verify a JWS. It never
 * fetches a key: `jku`, `x5u` and `iss` are not followed.
 */
export interface SignatureVerifier {
  verify(request: VerificationRequest): Promise<VerificationResult>;
  /**
   * Whether a compact JWS's signature verifies under `algorithm` with one public key, given as the
   * public JWK the core read. Only the signature: no claim is read. False for any failure.
   */
  signatureVerifies(compact: string, publicJwk: { readonly [member: string]: unknown }, algorithm: string): Promise<boolean>;
}
