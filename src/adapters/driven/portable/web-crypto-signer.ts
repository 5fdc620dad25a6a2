import type { AsymmetricAlgorithm, SigningAlgorithm, SigningKey, TokenSigner } from '../../../core/jwt/ports/token-signer.js';
import type { PrivateKey } from '../../../core/keys/ports/key-codec.js';

const ENCODER = new TextEncoder();
const HASH = { '256': 'SHA-256', '384': 'SHA-384', '512': 'SHA-512' } as const;
const CURVE = { ES256: 'P-256', ES384: 'P-384', ES512: 'P-521' } as const;

/**
 * A Web Crypto algorithm and its parameters, as `importKey`, `generateKey` and `sign` take them: the members this table
 * uses, spelt here since the server's TypeScript has no DOM library to name them.
 */
export interface WebCryptoAlgorithm {
  readonly name: string;
  readonly hash?: string;
  readonly namedCurve?: string;
  readonly saltLength?: number;
  readonly modulusLength?: number;
  readonly publicExponent?: Uint8Array<ArrayBuffer>;
}
/** The Web Crypto algorithm of a key for `alg`, to import or generate one with. */
export type KeyAlgorithm = WebCryptoAlgorithm;

/** The Web Crypto algorithm that makes `alg`'s signatures, and its parameters for `sign` (RFC 7518 §3): the one table. */
export function webCryptoOf(alg: SigningAlgorithm): { readonly key: WebCryptoAlgorithm; readonly sign: WebCryptoAlgorithm } {
  // Every JWS algorithm but EdDSA and Ed25519 ends in its hash's size; theirs is never read.
  const bits = alg.slice(2) as keyof typeof HASH;
  switch (alg.slice(0, 2)) {
    case 'HS':
      return { key: { name: 'HMAC', hash: HASH[bits] }, sign: { name: 'HMAC' } };
    case 'RS':
      return { key: { name: 'RSASSA-PKCS1-v1_5', hash: HASH[bits] }, sign: { name: 'RSASSA-PKCS1-v1_5' } };
    case 'PS':
      // §3.5: MGF1 with the same hash, and a salt as long as the hash.
      return { key: { name: 'RSA-PSS', hash: HASH[bits] }, sign: { name: 'RSA-PSS', saltLength: Number(bits) / 8 } };
    case 'ES':
      // Web Crypto's ECDSA signature is R‖S, as §3.4 wants. An ES algorithm is one of CURVE's keys.
      return { key: { name: 'ECDSA', namedCurve: CURVE[alg as keyof typeof CURVE] }, sign: { name: 'ECDSA', hash: HASH[bits] } };
    default:
      return { key: { name: 'Ed25519' }, sign: { name: 'Ed25519' } };
  }
}

/** What a key pair for `alg` is made as: RSA of 2048 bits with e = 65537, EC on the algorithm's curve, or Ed25519. */
function generationOf(alg: AsymmetricAlgorithm): WebCryptoAlgorithm {
  const { key } = webCryptoOf(alg);
  return alg.startsWith('RS') || alg.startsWith('PS') ? { ...key, modulusLength: 2048, publicExponent: new Uint8Array([1, 0, 1]) } : key;
}

/**
 * Signatures and key pairs with Web Crypto (`globalThis.crypto`, which Node and browsers share), the one way of every
 * host: a host gives only how its key codec's private keys become Web Crypto keys and back. jose's own signing
 * serializes the protected header itself, so it could not keep a re-signed token's header segment byte for byte
 * (contract §4g): the signature is computed here, as jose computes it, over the segments the core wrote.
 */
export abstract class WebCryptoSigner implements TokenSigner {
  /** A private key of this host's codec as a Web Crypto key that signs under `algorithm`; rejects for a key of another type. */
  protected abstract signingKey(key: PrivateKey, algorithm: KeyAlgorithm): Promise<CryptoKey> | CryptoKey;

  /** A private key Web Crypto generated, as this host's codec holds keys. */
  protected abstract held(privateKey: CryptoKey): Promise<PrivateKey> | PrivateKey;

  async sign(alg: SigningAlgorithm, key: SigningKey, signingInput: string): Promise<Uint8Array> {
    const { key: algorithm, sign } = webCryptoOf(alg);
    const cryptoKey =
      key.kind === 'secret'
        ? // A copy, typed as Web Crypto takes bytes: over an ArrayBuffer, never shared memory.
          await crypto.subtle.importKey('raw', new Uint8Array(key.bytes), algorithm, false, ['sign'])
        : await this.signingKey(key.key, algorithm);
    // The signing input is base64url segments and a dot: ASCII, whose UTF-8 is the same bytes.
    return new Uint8Array(await crypto.subtle.sign(sign, cryptoKey, ENCODER.encode(signingInput)));
  }

  async generate(alg: AsymmetricAlgorithm): Promise<PrivateKey> {
    // Extractable, so that a host whose codec holds keys as JWKs can export it; only the private key is kept.
    // A signing algorithm's generateKey makes a key pair, never a single key.
    const { privateKey } = (await crypto.subtle.generateKey(generationOf(alg), true, ['sign', 'verify'])) as { privateKey: CryptoKey };
    return this.held(privateKey);
  }
}
