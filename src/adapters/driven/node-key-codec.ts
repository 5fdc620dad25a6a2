import { createPrivateKey, createPublicKey, X509Certificate, type KeyObject } from 'node:crypto';
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

/** Keys, certificates and exports on node:crypto, which reads every form the core asks for, synchronously. */
export class NodeKeyCodec implements KeyCodec {
  publicKeyFromJwk(jwk: JsonObject): PublicKey {
    return handle(createPublicKey({ key: jwk, format: 'jwk' }));
  }

  publicKeyFromDer(der: Uint8Array, form: PublicDer): PublicKey {
    return handle(createPublicKey({ key: der, format: 'der', type: form }));
  }

  publicKeyOfPrivateDer(der: Uint8Array, form: PrivateDer): PublicKey {
    return handle(createPublicKey(createPrivateKey({ key: der, format: 'der', type: form })));
  }

  privateKeyFromJwk(jwk: JsonObject): PrivateKey {
    return handle(createPrivateKey({ key: jwk, format: 'jwk' }));
  }

  privateKeyFromPem(pem: string): PrivateKey {
    return handle(createPrivateKey({ key: pem, format: 'pem' }));
  }

  publicKeyOf(key: PrivateKey): PublicKey {
    return handle(createPublicKey(keyObjectOf(key)));
  }

  facts(key: PublicKey | PrivateKey): KeyFacts {
    const keyObject = keyObjectOf(key);
    const details = keyObject.asymmetricKeyDetails;
    return { type: keyObject.asymmetricKeyType ?? 'unknown', curve: details?.namedCurve, bits: details?.modulusLength };
  }

  publicJwk(key: PublicKey): JsonObject {
    return { ...keyObjectOf(key).export({ format: 'jwk' }) };
  }

  privateJwk(key: PrivateKey): JsonObject {
    return { ...keyObjectOf(key).export({ format: 'jwk' }) };
  }

  spki(key: PublicKey): Uint8Array {
    return bytesOf(keyObjectOf(key).export({ type: 'spki', format: 'der' }));
  }

  readCertificate(der: Uint8Array): X509Reading {
    const x509 = new X509Certificate(der);
    return {
      publicKey: handle(x509.publicKey),
      signatureAlgorithmOid: x509.signatureAlgorithmOid,
      der: bytesOf(x509.raw),
      notBeforeMs: x509.validFromDate.getTime(),
      notAfterMs: x509.validToDate.getTime(),
      verifiedBy: (key) => x509.verify(keyObjectOf(key)),
    };
  }
}
