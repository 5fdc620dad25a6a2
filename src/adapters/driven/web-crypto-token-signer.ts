import { KeyObject, createHmac, webcrypto } from 'node:crypto';
import { availableParallelism } from 'node:os';
import { generateKeyPair } from 'jose';
import type { AsymmetricAlgorithm, SigningAlgorithm, SigningKey, TokenSigner } from '../../core/jwt/ports/token-signer.js';
import type { PrivateKey } from '../../core/keys/ports/key-codec.js';
import { keyObjectOf, privateKeyHandle } from './node-key-codec.js';

const HASH = { '256': 'SHA-256', '384': 'SHA-384', '512': 'SHA-512' } as const;
const CURVE = { ES256: 'P-256', ES384: 'P-384', ES512: 'P-521' } as const;

/** The Web Crypto algorithm that makes `alg`'s signatures, and its parameters for `sign` (RFC 7518 §3). */
function webCryptoOf(alg: SigningAlgorithm): {
  readonly key: webcrypto.AlgorithmIdentifier | webcrypto.RsaHashedImportParams | webcrypto.EcKeyImportParams;
  readonly sign: webcrypto.AlgorithmIdentifier | webcrypto.RsaPssParams | webcrypto.EcdsaParams;
} {
  // Every non-HMAC JWS algorithm but EdDSA ends in its hash's size; EdDSA's is never read.
  const bits = alg.slice(2) as keyof typeof HASH;
  switch (alg.slice(0, 2)) {
    case 'RS':
      return { key: { name: 'RSASSA-PKCS1-v1_5', hash: HASH[bits] }, sign: { name: 'RSASSA-PKCS1-v1_5' } };
    case 'PS':
      // §3.5: MGF1 with the same hash, and a salt as long as the hash.
      return { key: { name: 'RSA-PSS', hash: HASH[bits] }, sign: { name: 'RSA-PSS', saltLength: Number(bits) / 8 } };
    case 'ES':
      // Web Crypto's ECDSA signature is R‖S, as §3.4 wants.
      // An ES algorithm is one of CURVE's keys.
      return { key: { name: 'ECDSA', namedCurve: CURVE[alg as keyof typeof CURVE] }, sign: { name: 'ECDSA', hash: HASH[bits] } };
    default:
      return { key: { name: 'Ed25519' }, sign: { name: 'Ed25519' } };
  }
}

/**
 * Signatures over the exact signing input: an HMAC with node:crypto at once, the others with Web Crypto, which runs
 * them on libuv's thread pool; key pairs with
 * panva/jose's `generateKeyPair`, on the same pool. jose's own signing serializes the protected header itself, so it
 * could not keep a re-signed token's header segment byte for byte (contract §4g): the signature is computed here, as
 * jose computes it, over the segments the core wrote.
 */
export class WebCryptoTokenSigner implements TokenSigner {
  async sign(alg: SigningAlgorithm, key: SigningKey, signingInput: string): Promise<Uint8Array> {
    // An HMAC costs a microsecond: a trip to the thread pool would cost a hundred times more than it saves.
    if (key.kind === 'secret')
      return createHmac(`sha${alg.slice(2)}`, key.bytes)
        .update(signingInput, 'ascii')
        .digest();
    const { key: algorithm, sign } = webCryptoOf(alg);
    const cryptoKey = keyObjectOf(key.key).toCryptoKey(algorithm, false, ['sign']);
    return new Uint8Array(await webcrypto.subtle.sign(sign, cryptoKey, Buffer.from(signingInput, 'ascii')));
  }

  /** Key pairs made at once: all cores but one, which stays the event loop's, however many callers ask. */
  private readonly slots = new Slots(Math.max(1, availableParallelism() - 1));

  /** A key pair's private key, as the node:crypto key codec holds keys (NodeKeyCodec). */
  async generate(alg: AsymmetricAlgorithm): Promise<PrivateKey> {
    return this.slots.run(() => this.generateNow(alg));
  }

  private async generateNow(alg: AsymmetricAlgorithm): Promise<PrivateKey> {
    const { privateKey } = await generateKeyPair(alg, {
      modulusLength: 2048,
      extractable: true,
      crv: alg === 'EdDSA' ? 'Ed25519' : undefined,
    });
    return privateKeyHandle(KeyObject.from(privateKey));
  }
}

/** At most `size` tasks at a time; the others wait their turn, in order. */
export class Slots {
  private running = 0;
  private readonly waiting: (() => void)[] = [];

  constructor(private readonly size: number) {}

  async run<T>(task: () => Promise<T>): Promise<T> {
    if (this.running >= this.size) await new Promise<void>((resolve) => this.waiting.push(resolve));
    else this.running++;
    try {
      return await task();
    } finally {
      const next = this.waiting.shift();
      if (next === undefined) this.running--;
      else next();
    }
  }
}
