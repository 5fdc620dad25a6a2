import type { JWK } from 'jose';
import type { KeyCodec, PublicKey } from '../../../core/keys/ports/key-codec.js';
import { JoseVerifier } from './jose-verifier.js';

/**
 * jose's verification (JoseVerifier) in any host: each public key reaches jose as the JWK the codec exports, which jose
 * imports with Web Crypto. jose verifies EdDSA with Ed25519 alone, on every host, so no algorithm needs more than Web
 * Crypto has: an Ed448 key is refused alike in the browser and on the server.
 */
export class PortableSignatureVerifier extends JoseVerifier {
  constructor(codec: KeyCodec) {
    super(codec);
  }

  protected joseKey(key: PublicKey): JWK {
    return this.codec.publicJwk(key);
  }
}
