// The keys this codec holds, and what it says and writes of them: KeyFacts in OpenSSL's words, JWKs with node:crypto's
// members in node:crypto's order, and SubjectPublicKeyInfo DER as node:crypto writes it.
import type { JsonObject } from '../../../core/shared/json.js';
import type { KeyFacts, PrivateKey, PublicKey } from '../../../core/keys/ports/key-codec.js';
import type { EcCurve, EcPoint, OkpCurve } from './key-curves.js';
import { DER_NULL, bytesOf, der, derBitString, derInteger, derOidOf } from './key-der.js';
import { bitLength, type PssParameters } from './key-rsa.js';

export const RSA_ENCRYPTION = '1.2.840.113549.1.1.1';
export const RSASSA_PSS = '1.2.840.113549.1.1.10';
export const EC_PUBLIC_KEY = '1.2.840.10045.2.1';

export interface RsaPrivateParts {
  readonly d: bigint;
  readonly p: bigint;
  readonly q: bigint;
  readonly dp: bigint;
  readonly dq: bigint;
  readonly qi: bigint;
}

export type KeyData =
  | {
      readonly kind: 'rsa';
      readonly type: 'rsa' | 'rsa-pss';
      readonly n: bigint;
      readonly e: bigint;
      /** An RSA-PSS key's AlgorithmIdentifier as read, for its SPKI; undefined for rsaEncryption. */
      readonly pssAlgorithm: Uint8Array | undefined;
      /** An RSA-PSS key's restrictions (RFC 4055 §3.1); undefined when it has none, or for rsaEncryption. */
      readonly restrictions: PssParameters | 'unreadable' | undefined;
      readonly private: RsaPrivateParts | undefined;
    }
  | {
      readonly kind: 'ec';
      readonly curve: EcCurve;
      readonly point: EcPoint;
      readonly d: bigint | undefined;
    }
  | { readonly kind: 'okp'; readonly curve: OkpCurve; readonly x: Uint8Array; readonly d: Uint8Array | undefined }
  | {
      /** A key this codec names and reads but computes nothing with: DSA, DH, ML-DSA, ML-KEM, SLH-DSA. */
      readonly kind: 'named';
      readonly type: string;
      readonly bits: number | undefined;
      /** Its SPKI as read, or undefined for a private key whose public key this codec cannot derive. */
      readonly spki: Uint8Array | undefined;
      readonly isPrivate: boolean;
    };

/** A key as the core holds it: the codec's own object, which the core never looks inside. */
class Held {
  constructor(readonly key: KeyData) {}
}

// The port's brands exist only in types (the core never reads them): a Held stands for either handle, and `keyOf`
// below is the one way back.
export const publicHandle = (key: KeyData): PublicKey => new Held(key) as unknown as PublicKey;
export const privateHandle = (key: KeyData): PrivateKey => new Held(key) as unknown as PrivateKey;

/** The key behind a handle this codec made; throws for any other value. */
export function keyOf(handle: PublicKey | PrivateKey): KeyData {
  if (!(handle instanceof Held)) throw new TypeError('not a key of this codec');
  return handle.key;
}

/** A private key's public key, its private parts dropped. */
export function publicPart(key: KeyData): KeyData {
  switch (key.kind) {
    case 'rsa':
      return { ...key, private: undefined };
    case 'ec':
      return { ...key, d: undefined };
    case 'okp':
      return { ...key, d: undefined };
    case 'named':
      return { ...key, isPrivate: false };
  }
}

/** Whether a key holds its private part. */
export function isPrivate(key: KeyData): boolean {
  return key.kind === 'named' ? key.isPrivate : key.kind === 'rsa' ? key.private !== undefined : key.d !== undefined;
}

export function factsOf(key: KeyData): KeyFacts {
  switch (key.kind) {
    case 'rsa':
      return { type: key.type, curve: undefined, bits: bitLength(key.n) };
    case 'ec':
      return { type: 'ec', curve: key.curve.name, bits: undefined };
    case 'okp':
      return { type: key.curve.type, curve: undefined, bits: undefined };
    case 'named':
      return { type: key.type, curve: undefined, bits: key.bits };
  }
}

const b64u = (bytes: Uint8Array): string => bytes.toBase64({ alphabet: 'base64url', omitPadding: true });
const integer = (value: bigint): string => b64u(bytesOf(value));

/** The public members node:crypto exports, in its order; throws for a type or curve it exports no JWK of. */
export function jwkOf(key: KeyData, withPrivate: boolean): JsonObject {
  switch (key.kind) {
    case 'rsa': {
      if (key.type !== 'rsa') break;
      const jwk: JsonObject = { kty: 'RSA', n: integer(key.n), e: integer(key.e) };
      const parts = key.private;
      if (withPrivate && parts !== undefined) {
        for (const member of ['d', 'p', 'q', 'dp', 'dq', 'qi'] as const) jwk[member] = integer(parts[member]);
      }
      return jwk;
    }
    case 'ec': {
      const { crv, size } = key.curve;
      const xy = key.point.xy;
      if (crv === undefined) break;
      if (xy === null) throw new Error('the point at infinity has no coordinates');
      const jwk: JsonObject = { kty: 'EC', x: b64u(bytesOf(xy[0], size)), y: b64u(bytesOf(xy[1], size)), crv };
      if (withPrivate && key.d !== undefined) {
        const d = bytesOf(key.d, size);
        if (d.length > size) throw new Error('d is longer than the curve');
        jwk.d = b64u(d);
      }
      return jwk;
    }
    case 'okp': {
      const jwk: JsonObject = { kty: 'OKP', crv: key.curve.crv, x: b64u(key.x) };
      if (withPrivate && key.d !== undefined) jwk.d = b64u(key.d);
      return jwk;
    }
    case 'named':
      break;
  }
  throw new Error('no JWK for this key type');
}

const SEQUENCE = 0x30;

/** The DER SubjectPublicKeyInfo node:crypto writes: the algorithm's canonical identifier and the key's bits. */
export function spkiOf(key: KeyData): Uint8Array {
  switch (key.kind) {
    case 'rsa': {
      const algorithm = key.pssAlgorithm ?? der(SEQUENCE, derOidOf(RSA_ENCRYPTION), DER_NULL);
      return der(SEQUENCE, algorithm, derBitString(der(SEQUENCE, derInteger(key.n), derInteger(key.e))));
    }
    case 'ec': {
      if (!key.point.writable) throw new Error('no public point to write');
      const curve = key.curve.explicit ?? derOidOf(key.curve.oid);
      return der(SEQUENCE, der(SEQUENCE, derOidOf(EC_PUBLIC_KEY), curve), derBitString(key.point.encoded));
    }
    case 'okp':
      return der(SEQUENCE, der(SEQUENCE, derOidOf(key.curve.oid)), derBitString(key.x));
    case 'named':
      if (key.spki === undefined) throw new Error('no public key to write');
      return key.spki;
  }
}
