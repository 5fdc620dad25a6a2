import { KeyObject, webcrypto } from 'node:crypto';
import { generateKeyPair } from 'jose';
import type { AsymmetricAlgorithm, SigningAlgorithm, SigningKey, TokenSigner } from '../../core/ports/token-signer.js';

const HASH = { '256': 'SHA-256', '384': 'SHA-384', '512': 'SHA-512' } as const;
const CURVE = { ES256: 'P-256', ES384: 'P-384', ES512: 'P-521' } as const;

/** The Web Crypto algorithm that makes `alg`'s signatures, and its parameters for `sign` (RFC 7518 §3). */
function webCryptoOf(alg: SigningAlgorithm): {
  readonly key: AlgorithmIdentifier | RsaHashedImportParams | EcKeyImportParams | HmacImportParams;
  readonly sign: AlgorithmIdentifier | RsaPssParams | EcdsaParams;
} {
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
      // Web Crypto's ECDSA signature is R‖S, as §3.4 wants.
      return { key: { name: 'ECDSA', namedCurve: CURVE[alg as keyof typeof CURVE] }, sign: { name: 'ECDSA', hash: HASH[bits] } };
    default:
      return { key: { name: 'Ed25519' }, sign: { name: 'Ed25519' } };
  }
}

/**
 * Signatures over the exact signing input, with Web Crypto, which runs them on libuv's thread pool; key pairs with
 * panva/jose's `generateKeyPair`, on the same pool. jose's own signing serializes the protected header itself, so it
 * could not keep a re-signed token's header segment byte for byte (contract §4g): the signature is computed here, as
 * jose computes it, over the segments the core wrote.
 */
export class WebCryptoTokenSigner implements TokenSigner {
  async sign(alg: SigningAlgorithm, key: SigningKey, signingInput: string): Promise<Uint8Array> {
    const { key: algorithm, sign } = webCryptoOf(alg);
    const cryptoKey =
      key.kind === 'secret'
        ? await webcrypto.subtle.importKey('raw', Buffer.from(key.bytes), algorithm, false, ['sign'])
        : key.key.toCryptoKey(algorithm, false, ['sign']);
    return new Uint8Array(await webcrypto.subtle.sign(sign, cryptoKey, Buffer.from(signingInput, 'ascii')));
  }

  async generate(alg: AsymmetricAlgorithm): Promise<KeyObject> {
    const { privateKey } = await generateKeyPair(alg, {
      modulusLength: 2048,
      extractable: true,
      crv: alg === 'EdDSA' ? 'Ed25519' : undefined,
    });
    return KeyObject.from(privateKey);
  }
}
