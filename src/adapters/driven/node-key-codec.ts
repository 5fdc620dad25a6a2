import { createPrivateKey, createPublicKey, getFips, X509Certificate, type KeyObject } from 'node:crypto';
import type { JsonObject } from '../../core/shared/json.js';
import type { KeyCodec, KeyFacts, PrivateDer, PrivateKey, PublicDer, PublicKey, X509Reading } from '../../core/keys/ports/key-codec.js';

// A handle is the KeyObject itself: the core holds it under a brand it cannot make, so these two functions, used by
// this codec and by the adapters that sign and verify with node:crypto's keys, are the only crossings.
/** A KeyObject as the core's handle. */
// The brand exists only in types (the core never reads it), so any KeyObject stands for a handle.
const handle = <Handle extends PublicKey | PrivateKey>(key: KeyObject): Handle => key as unknown as Handle;
/** The KeyObject behind a handle. */
// Every handle the core holds was made by `handle` above, from a KeyObject.
export const keyObjectOf = (key: PublicKey | PrivateKey): KeyObject => key as unknown as KeyObject;
/** A private KeyObject, made elsewhere on node:crypto (a generated key pair), as the core's handle. */
export const privateKeyHandle = (key: KeyObject): PrivateKey => handle(key);

/** A Buffer's bytes as a plain Uint8Array, without a copy: what the port gives is no Buffer. */
const bytesOf = (buffer: Uint8Array): Uint8Array => new Uint8Array(buffer.buffer, buffer.byteOffset, buffer.byteLength);

/**
 * Runs node:crypto with OpenSSL's error queue empty before and after. Some of its calls leave an error queued, whether
 * they fail (the JWK export of an EC point at infinity, as a private key whose d is 0 has it) or not (the details of an
 * RSA key of 16,385 bits), and OpenSSL 3's decoders take a queued error for their own: the process's next private key
 * import fails with it, so one request's key would fail another's. getFips() empties the queue and does nothing else:
 * ncrypto's isFipsEnabled() holds a ClearErrorOnReturn, which calls ERR_clear_error() as it starts and as it returns.
 */
function settled<T>(run: () => T): T {
  getFips();
  try {
    return run();
  } finally {
    getFips();
  }
}

/** Keys, certificates and exports on node:crypto, which reads every form the core asks for, synchronously. */
export class NodeKeyCodec implements KeyCodec {
  publicKeyFromJwk(jwk: JsonObject): PublicKey {
    return settled(() => handle(createPublicKey({ key: jwk, format: 'jwk' })));
  }

  publicKeyFromDer(der: Uint8Array, form: PublicDer): PublicKey {
    return settled(() => handle(createPublicKey({ key: der, format: 'der', type: form })));
  }

  publicKeyOfPrivateDer(der: Uint8Array, form: PrivateDer): PublicKey {
    return settled(() => handle(createPublicKey(createPrivateKey({ key: der, format: 'der', type: form }))));
  }

  privateKeyFromJwk(jwk: JsonObject): PrivateKey {
    return settled(() => handle(createPrivateKey({ key: jwk, format: 'jwk' })));
  }

  privateKeyFromPem(pem: string): PrivateKey {
    return settled(() => handle(createPrivateKey({ key: pem, format: 'pem' })));
  }

  publicKeyOf(key: PrivateKey): PublicKey {
    return settled(() => handle(createPublicKey(keyObjectOf(key))));
  }

  facts(key: PublicKey | PrivateKey): KeyFacts {
    return settled(() => {
      const keyObject = keyObjectOf(key);
      const details = keyObject.asymmetricKeyDetails;
      return { type: keyObject.asymmetricKeyType ?? 'unknown', curve: details?.namedCurve, bits: details?.modulusLength };
    });
  }

  publicJwk(key: PublicKey): JsonObject {
    return settled(() => ({ ...keyObjectOf(key).export({ format: 'jwk' }) }));
  }

  privateJwk(key: PrivateKey): JsonObject {
    return settled(() => ({ ...keyObjectOf(key).export({ format: 'jwk' }) }));
  }

  spki(key: PublicKey): Uint8Array {
    return settled(() => bytesOf(keyObjectOf(key).export({ type: 'spki', format: 'der' })));
  }

  readCertificate(der: Uint8Array): X509Reading {
    return settled(() => {
      const x509 = new X509Certificate(der);
      return {
        publicKey: handle(x509.publicKey),
        signatureAlgorithmOid: x509.signatureAlgorithmOid,
        der: bytesOf(x509.raw),
        verifiedBy: (key) => settled(() => x509.verify(keyObjectOf(key))),
      };
    });
  }
}
