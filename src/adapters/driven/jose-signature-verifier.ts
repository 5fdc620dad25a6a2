import type { KeyObject } from 'node:crypto';
import type { PublicKey } from '../../core/keys/ports/key-codec.js';
import { keyObjectOf, NodeKeyCodec } from './node-key-codec.js';
import { JoseVerifier } from './portable/jose-verifier.js';

/**
 * jose's verification (JoseVerifier) over node:crypto's KeyObjects, which jose turns into Web Crypto keys once per
 * key object and keeps.
 */
export class JoseSignatureVerifier extends JoseVerifier {
  constructor() {
    super(new NodeKeyCodec());
  }

  protected joseKey(key: PublicKey): KeyObject {
    return keyObjectOf(key);
  }
}
