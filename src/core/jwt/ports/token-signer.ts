import type { SIGNING_ALGORITHMS } from '../../shared/algorithms.js';
import type { PrivateKey } from '../../keys/ports/key-codec.js';

export type SigningAlgorithm = (typeof SIGNING_ALGORITHMS)[number];
export type AsymmetricAlgorithm = Exclude<SigningAlgorithm, 'HS256' | 'HS384' | 'HS512'>;

/** What signs: a secret's bytes, or a private key as the host's key codec holds it. */
export type SigningKey = { readonly kind: 'secret'; readonly bytes: Uint8Array } | { readonly kind: 'private'; readonly key: PrivateKey };

/** Makes signatures and key pairs; both run off the event loop. */
export interface TokenSigner {
  /** The JWS signature (RFC 7515 §5.1) of the ASCII `signingInput` under `alg`: for ECDSA, R‖S. */
  sign(alg: SigningAlgorithm, key: SigningKey, signingInput: string): Promise<Uint8Array>;
  /**
   * A new private key for `alg`: RSA of 2048 bits with e = 65537, EC on the algorithm's curve, or Ed25519; held as the
   * same host's `KeyCodec` holds keys, which derives and exports its public key.
   */
  generate(alg: AsymmetricAlgorithm): Promise<PrivateKey>;
}
