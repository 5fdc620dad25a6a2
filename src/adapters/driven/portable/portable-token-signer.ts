import type { KeyCodec, PrivateKey } from '../../../core/keys/ports/key-codec.js';
import { WebCryptoSigner, type KeyAlgorithm } from './web-crypto-signer.js';

/**
 * Web Crypto's signatures and key pairs (WebCryptoSigner) in any host: a private key reaches Web Crypto as the JWK the
 * codec exports, and a generated one comes back to the codec as the JWK Web Crypto exports.
 */
export class PortableTokenSigner extends WebCryptoSigner {
  constructor(private readonly codec: KeyCodec) {
    super();
  }

  protected signingKey(key: PrivateKey, algorithm: KeyAlgorithm): Promise<CryptoKey> {
    return crypto.subtle.importKey('jwk', this.codec.privateJwk(key), algorithm, false, ['sign']);
  }

  protected async held(privateKey: CryptoKey): Promise<PrivateKey> {
    return this.codec.privateKeyFromJwk({ ...(await crypto.subtle.exportKey('jwk', privateKey)) });
  }
}
