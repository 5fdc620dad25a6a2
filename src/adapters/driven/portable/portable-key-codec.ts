import type { JsonObject } from '../../../core/shared/json.js';
import type { KeyCodec, KeyFacts, PrivateDer, PrivateKey, PublicDer, PublicKey, X509Reading } from '../../../core/keys/ports/key-codec.js';
import { readPrivateDer, readPrivatePem, readPublicDer } from './key-forms.js';
import { readJwk } from './key-jwk.js';
import { factsOf, jwkOf, keyOf, privateHandle, publicHandle, publicPart, spkiOf } from './key-model.js';
import { readX509 } from './key-x509.js';

/**
 * Keys, certificates and exports in plain JavaScript (@noble/curves, and BigInt for RSA), synchronous as the port is,
 * for hosts without node:crypto: the browser and the typed client's local mode (docs/decisions/0010). It answers as
 * NodeKeyCodec answers for what the core passes it: the same facts, JWK members in the same order, the same SPKI, and
 * the same refusals, OpenSSL's leniencies included; where it cannot, ADR 0010 says so.
 */
export class PortableKeyCodec implements KeyCodec {
  publicKeyFromJwk(jwk: JsonObject): PublicKey {
    // As node:crypto does, a JWK with a d is read as the private key it is, and its public key taken.
    return publicHandle(jwk.d === undefined ? readJwk(jwk, false) : publicPart(readJwk(jwk, true)));
  }

  publicKeyFromDer(der: Uint8Array, form: PublicDer): PublicKey {
    return publicHandle(readPublicDer(der, form));
  }

  publicKeyOfPrivateDer(der: Uint8Array, form: PrivateDer): PublicKey {
    return publicHandle(publicPart(readPrivateDer(der, form)));
  }

  privateKeyFromJwk(jwk: JsonObject): PrivateKey {
    return privateHandle(readJwk(jwk, true));
  }

  privateKeyFromPem(pem: string): PrivateKey {
    return privateHandle(readPrivatePem(pem));
  }

  publicKeyOf(key: PrivateKey): PublicKey {
    return publicHandle(publicPart(keyOf(key)));
  }

  facts(key: PublicKey | PrivateKey): KeyFacts {
    return factsOf(keyOf(key));
  }

  publicJwk(key: PublicKey): JsonObject {
    return jwkOf(keyOf(key), false);
  }

  privateJwk(key: PrivateKey): JsonObject {
    return jwkOf(keyOf(key), true);
  }

  spki(key: PublicKey): Uint8Array {
    return spkiOf(keyOf(key));
  }

  readCertificate(der: Uint8Array): X509Reading {
    const reading = readX509(der);
    return { ...reading, publicKey: publicHandle(reading.publicKey), verifiedBy: (key) => reading.verifiedBy(keyOf(key)) };
  }
}
