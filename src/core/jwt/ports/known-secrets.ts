export type HmacAlgorithm = 'HS256' | 'HS384' | 'HS512';

/**
 * A list of secrets that are publicly known (documentation defaults, leaked and
 * commonly guessed values), tried against an HMAC signature. It answers which
 * one the signature verifies with, if any; it never says anything about other
 * algorithms and never reaches the network.
 */
export interface KnownSecrets {
  /** How many secrets a search tries, for documentation and limits. */
  readonly size: number;
  /** The secret whose HMAC of `signingInput` is `signature` (base64url), or undefined. */
  find(algorithm: HmacAlgorithm, signingInput: string, signature: string): string | undefined;
}
