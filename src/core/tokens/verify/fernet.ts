// Fernet (github.com/fernet/spec, Spec.md): a 32-byte key whose first 16 bytes sign (HMAC-SHA256 over everything
// before the HMAC) and whose last 16 decrypt (AES-128-CBC, PKCS #7 padding). The HMAC is checked before anything is
// decrypted; decryption goes through Web Crypto, which every host has.
import type { FernetValue } from '../signed-values.js';
import { equalBytes, hmacOf } from './hmac.js';

export interface FernetKey {
  readonly signing: Uint8Array;
  readonly encryption: Uint8Array<ArrayBuffer>;
}

/** A Fernet key as `Fernet.generate_key()` writes it: 32 bytes in padded base64url, 44 characters. */
const FERNET_KEY = /^[A-Za-z0-9_-]{43}=$/;

/** The two halves of a Fernet key, or undefined when `secret` is not one. */
export function fernetKey(secret: string): FernetKey | undefined {
  if (!FERNET_KEY.test(secret)) return undefined;
  const bytes = Uint8Array.fromBase64(secret, { alphabet: 'base64url' });
  return { signing: bytes.subarray(0, 16), encryption: bytes.slice(16, 32) };
}

/** Whether the token's HMAC is the one its signing key makes, compared in constant time. */
export const fernetAuthentic = (token: FernetValue, key: FernetKey): boolean =>
  equalBytes(hmacOf('sha256', key.signing, token.signed), token.hmac);

/**
 * The message of a token whose HMAC was checked first (`fernetAuthentic`), or undefined when its padding is broken
 * (a wrong IV, or a ciphertext its own key made badly): Web Crypto refuses such a block.
 */
export async function fernetMessage(token: FernetValue, key: FernetKey): Promise<Uint8Array | undefined> {
  const aes = await globalThis.crypto.subtle.importKey('raw', key.encryption, 'AES-CBC', false, ['decrypt']);
  try {
    return new Uint8Array(await globalThis.crypto.subtle.decrypt({ name: 'AES-CBC', iv: token.iv.slice() }, aes, token.ciphertext.slice()));
  } catch {
    return undefined;
  }
}
