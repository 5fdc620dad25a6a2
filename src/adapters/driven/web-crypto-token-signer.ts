import { KeyObject, createHmac } from 'node:crypto';
import { availableParallelism } from 'node:os';
import type { AsymmetricAlgorithm, SigningAlgorithm, SigningKey } from '../../core/jwt/ports/token-signer.js';
import type { PrivateKey } from '../../core/keys/ports/key-codec.js';
import { keyObjectOf, privateKeyHandle } from './node-key-codec.js';
import { WebCryptoSigner, type KeyAlgorithm } from './portable/web-crypto-signer.js';

/**
 * Web Crypto's signatures and key pairs (WebCryptoSigner) over node:crypto's KeyObjects, which Node runs on libuv's
 * thread pool; an HMAC with node:crypto at once, and key pairs made a few at a time.
 */
export class WebCryptoTokenSigner extends WebCryptoSigner {
  override async sign(alg: SigningAlgorithm, key: SigningKey, signingInput: string): Promise<Uint8Array> {
    // An HMAC costs a microsecond: a trip to the thread pool would cost a hundred times more than it saves.
    if (key.kind === 'secret')
      return createHmac(`sha${alg.slice(2)}`, key.bytes)
        .update(signingInput, 'ascii')
        .digest();
    return super.sign(alg, key, signingInput);
  }

  protected signingKey(key: PrivateKey, algorithm: KeyAlgorithm): CryptoKey {
    // Node's own CryptoKey type, whose usages name more than TypeScript's global one knows; the same object.
    return keyObjectOf(key).toCryptoKey(algorithm, false, ['sign']) as CryptoKey;
  }

  /** A key pair's private key, as the node:crypto key codec holds keys (NodeKeyCodec). */
  protected held(privateKey: CryptoKey): PrivateKey {
    return privateKeyHandle(KeyObject.from(privateKey));
  }

  /** Key pairs made at once: all cores but one, which stays the event loop's, however many callers ask. */
  private readonly slots = new Slots(Math.max(1, availableParallelism() - 1));

  override async generate(alg: AsymmetricAlgorithm): Promise<PrivateKey> {
    return this.slots.run(() => super.generate(alg));
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
