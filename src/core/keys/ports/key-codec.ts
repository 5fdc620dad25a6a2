import type { JsonObject } from '../../shared/json.js';

declare const publicKeyBrand: unique symbol;
declare const privateKeyBrand: unique symbol;

/**
 * A public key as the host holds it. The core passes it on (to the host's codec, verifier and signer) and never looks
 * inside; only a `KeyCodec` makes one, since no value of the core's own carries the brand.
 */
export interface PublicKey {
  readonly [publicKeyBrand]: true;
}

/** A private key as the host holds it, for signing: as opaque to the core as a `PublicKey`. */
export interface PrivateKey {
  readonly [privateKeyBrand]: true;
}

/** What a key is, in the words messages quote (contract §4f, §4g): its type, an EC key's curve, an RSA key's size. */
export interface KeyFacts {
  /** The type as PKCS #8 and OpenSSL name it, lower case: `rsa`, `rsa-pss`, `ec`, `ed25519`, `x25519`, `ed448`, `x448`, `dsa`, … */
  readonly type: string;
  /** An EC key's named curve by OpenSSL's name (`prime256v1`, `secp384r1`, `secp521r1`, `secp256k1`, …); undefined otherwise. */
  readonly curve: string | undefined;
  /** The modulus length of an RSA key, in bits; undefined for another type. */
  readonly bits: number | undefined;
}

/** A DER public key: a SubjectPublicKeyInfo (RFC 5280 §4.1.2.7) or a PKCS #1 RSAPublicKey (RFC 8017 §A.1.1). */
export type PublicDer = 'spki' | 'pkcs1';
/** A DER private key: PKCS #8 (RFC 5958), PKCS #1 RSAPrivateKey (RFC 8017 §A.1.2) or SEC 1 ECPrivateKey (RFC 5915). */
export type PrivateDer = 'pkcs8' | 'pkcs1' | 'sec1';

/**
 * An X.509 certificate as the host parsed it: what the core cannot read from the DER itself. Its names, serial, validity
 * and extensions the core reads from the DER (keys/certificate.ts), the same on every host.
 */
export interface X509Reading {
  /** The subject's public key. */
  readonly publicKey: PublicKey;
  /** The dotted OID of the signature algorithm (RFC 5280 §4.1.1.2). */
  readonly signatureAlgorithmOid: string;
  /** The certificate's DER, as the host holds it. */
  readonly der: Uint8Array;
  /** Whether `key` verifies the certificate's signature; may throw for a key of another type than the signature's. */
  verifiedBy(key: PublicKey): boolean;
}

/**
 * Key material as the host reads and writes it: JWK and DER keys imported, public keys derived and exported, X.509
 * certificates parsed. What the core reads itself (a JWK's members, PEM's armour, a certificate's names) stays in the
 * core; this port does what needs the host's cryptography, where Web Crypto reads no PKCS #1, SEC 1 or X.509 and
 * answers only asynchronously (docs/decisions/0009-keys-through-a-port.md).
 *
 * Every method is synchronous, as the readers that call it are. An import throws (any error: callers word their own
 * refusal) when the host refuses the material; no method keeps, logs or quotes what it was given.
 */
export interface KeyCodec {
  /**
   * The public key of a JWK's public members (RFC 7518 §6, RFC 8037 §2), checked as the host checks a key before it
   * uses one: an EC point must lie on its curve. Throws when the members do not make a key.
   */
  publicKeyFromJwk(jwk: JsonObject): PublicKey;
  /** The public key in DER. Throws when it does not parse. */
  publicKeyFromDer(der: Uint8Array, form: PublicDer): PublicKey;
  /** The public key of a DER private key, which is read for that alone and not kept. Throws when it does not parse. */
  publicKeyOfPrivateDer(der: Uint8Array, form: PrivateDer): PublicKey;
  /** A private key from a JWK's members, private ones included. Throws when they do not make a private key. */
  privateKeyFromJwk(jwk: JsonObject): PrivateKey;
  /** A private key from PEM text: an unencrypted PKCS #8, PKCS #1 or SEC 1 block. Throws when it does not hold one. */
  privateKeyFromPem(pem: string): PrivateKey;
  /** The public key of a private key. */
  publicKeyOf(key: PrivateKey): PublicKey;
  /** What a key is. */
  facts(key: PublicKey | PrivateKey): KeyFacts;
  /** A public key as a JWK: `kty` and its public members, base64url, as RFC 7518 §6 writes them. Throws for a type JWK does not name. */
  publicJwk(key: PublicKey): JsonObject;
  /** A private key as a JWK: its public and private members (RFC 7518 §6.2.2, §6.3.2, RFC 8037 §2). */
  privateJwk(key: PrivateKey): JsonObject;
  /** A public key's DER SubjectPublicKeyInfo. */
  spki(key: PublicKey): Uint8Array;
  /** An X.509 certificate in DER. Throws when it does not parse. */
  readCertificate(der: Uint8Array): X509Reading;
}
