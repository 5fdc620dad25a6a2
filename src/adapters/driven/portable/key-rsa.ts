// RSA signature verification for certificates, on BigInt: RSASSA-PKCS1-v1_5 and RSASSA-PSS (RFC 8017 §8.2.2, §8.1.2),
// with the checks OpenSSL's RSA_verify and PSS verification make, so that a certificate verifies here when
// node:crypto's X509Certificate.verify says it does.
import { sha1 } from '@noble/hashes/legacy';
import { sha224, sha256, sha384, sha512 } from '@noble/hashes/sha2';
import { algorithmOf, berChildren, bigIntOf, bytesOf, expectTag, strictInteger, type Tlv } from './key-der.js';

export interface RsaPublic {
  readonly n: bigint;
  readonly e: bigint;
}

/** RSASSA-PSS parameters (RFC 4055 §3.1): a signature's, or the restrictions of an RSA-PSS key. */
export interface PssParameters {
  readonly hash: HashName | undefined;
  readonly mgfHash: HashName | undefined;
  readonly saltLength: number;
}

/** The hashes of the certificate signatures this codec verifies (@noble/hashes, as the core's own). */
export type HashName = 'sha1' | 'sha224' | 'sha256' | 'sha384' | 'sha512';
export const digest = (name: HashName, message: Uint8Array): Uint8Array => ({ sha1, sha224, sha256, sha384, sha512 })[name](message);

const HASHES: ReadonlyMap<string, HashName> = new Map([
  ['1.3.14.3.2.26', 'sha1'],
  ['2.16.840.1.101.3.4.2.4', 'sha224'],
  ['2.16.840.1.101.3.4.2.1', 'sha256'],
  ['2.16.840.1.101.3.4.2.2', 'sha384'],
  ['2.16.840.1.101.3.4.2.3', 'sha512'],
]);
/** The DER of a DigestInfo's AlgorithmIdentifier and digest header, as RSA_verify expects it (NULL parameters). */
const DIGEST_INFO: Readonly<Record<HashName, string>> = {
  sha1: '3021300906052b0e03021a05000414',
  sha224: '302d300d06096086480165030402040500041c',
  sha256: '3031300d060960864801650304020105000420',
  sha384: '3041300d060960864801650304020205000430',
  sha512: '3051300d060960864801650304020305000440',
};
const HASH_BYTES: Readonly<Record<HashName, number>> = { sha1: 20, sha224: 28, sha256: 32, sha384: 48, sha512: 64 };
const MGF1 = '1.2.840.113549.1.1.8';
/** OpenSSL's OPENSSL_RSA_MAX_MODULUS_BITS, OPENSSL_RSA_SMALL_MODULUS_BITS and OPENSSL_RSA_MAX_PUBEXP_BITS. */
const MAX_MODULUS_BITS = 16_384;
const SMALL_MODULUS_BITS = 3072;
const MAX_PUBLIC_EXPONENT_BITS = 64;

export const bitLength = (value: bigint): number => (value === 0n ? 0 : value.toString(2).length);

function modPow(base: bigint, exponent: bigint, modulus: bigint): bigint {
  let result = 1n;
  let square = base % modulus;
  for (let rest = exponent; rest > 0n; rest >>= 1n) {
    if (rest & 1n) result = (result * square) % modulus;
    square = (square * square) % modulus;
  }
  return result;
}

// The digests OpenSSL 3.5 knows by OID, which an RSA-PSS key's parameters may name: MD4, MD5, SHA-1, the SHA-2 and
// SHA-3 families, SHAKE, RIPEMD-160, SM3 and MDC-2.
const KNOWN_DIGESTS: ReadonlySet<string> = new Set([
  '1.2.840.113549.2.4',
  '1.2.840.113549.2.5',
  '1.3.14.3.2.26',
  ...Array.from({ length: 12 }, (_, i) => `2.16.840.1.101.3.4.2.${i + 1}`),
  '1.3.36.3.2.1',
  '1.2.156.10197.1.401',
  '2.5.8.3.101',
]);

/** RSASSA-PSS-params (RFC 4055 §3.1) as OpenSSL's template reads them: each field optional, in order, explicitly tagged. */
interface PssFields {
  readonly hash: string;
  readonly mgf: string;
  readonly mgfHash: string | undefined;
  readonly saltLength: bigint;
  readonly trailerField: bigint;
}

/** Reads RSASSA-PSS-params, their defaults SHA-1, MGF1 with SHA-1, 20 octets of salt and trailer field 1; throws where OpenSSL does. */
function pssFields(parameters: Tlv): PssFields {
  let fields: PssFields = { hash: '1.3.14.3.2.26', mgf: MGF1, mgfHash: '1.3.14.3.2.26', saltLength: 20n, trailerField: 1n };
  let last = -1;
  for (const field of berChildren(expectTag(parameters, 0x30))) {
    const index = field.tag - 0xa0;
    if (index <= last || index > 3) throw new Error('bad PSS parameters');
    last = index;
    const [inner, extra] = berChildren(field) as [Tlv, Tlv | undefined];
    if (inner === undefined || extra !== undefined) throw new Error('bad PSS parameters');
    if (index === 0) fields = { ...fields, hash: algorithmOf(inner).oid };
    else if (index === 1) {
      const { oid, parameters: mgfParameters } = algorithmOf(inner);
      let mgfHash: string | undefined;
      try {
        mgfHash = oid === MGF1 && mgfParameters !== undefined ? algorithmOf(mgfParameters).oid : undefined;
      } catch {
        mgfHash = undefined;
      }
      fields = { ...fields, mgf: oid, mgfHash };
    } else if (index === 2) fields = { ...fields, saltLength: strictInteger(inner) };
    else fields = { ...fields, trailerField: strictInteger(inner) };
  }
  return fields;
}

/** An RSA-PSS key's parameters, checked as OpenSSL checks them on import: known digests and MGF1. */
export function checkPssKeyParameters(parameters: Tlv): void {
  const { hash, mgf, mgfHash } = pssFields(parameters);
  if (!KNOWN_DIGESTS.has(hash) || mgf !== MGF1 || mgfHash === undefined || !KNOWN_DIGESTS.has(mgfHash)) {
    throw new Error('bad PSS parameters');
  }
}

/**
 * RSASSA-PSS-params read for verification; undefined when they do not parse, name a trailer field other than 1 or a
 * mask other than MGF1, as OpenSSL refuses them. A hash this codec does not compute reads as undefined (nothing
 * verifies with it).
 */
export function readPssParameters(parameters: Tlv): PssParameters | undefined {
  try {
    const { hash, mgf, mgfHash, saltLength, trailerField } = pssFields(parameters);
    if (mgf !== MGF1 || mgfHash === undefined || trailerField !== 1n || saltLength < 0n || saltLength > 0x7fffffffn) return undefined;
    return { hash: HASHES.get(hash), mgfHash: HASHES.get(mgfHash), saltLength: Number(saltLength) };
  } catch {
    return undefined;
  }
}

/** The encoded message of a signature (RFC 8017 §8.2.2 steps 1–2), or undefined where OpenSSL refuses the key or signature. */
function encodedMessage(key: RsaPublic, signature: Uint8Array): Uint8Array | undefined {
  const bits = bitLength(key.n);
  const size = Math.ceil(bits / 8);
  if (bits > MAX_MODULUS_BITS || key.n <= key.e || key.n % 2n === 0n) return undefined;
  if (bits > SMALL_MODULUS_BITS && bitLength(key.e) > MAX_PUBLIC_EXPONENT_BITS) return undefined;
  if (signature.length !== size) return undefined;
  const s = bigIntOf(signature);
  if (s >= key.n) return undefined;
  return bytesOf(modPow(s, key.e, key.n), size);
}

const same = (a: Uint8Array, b: Uint8Array): boolean => a.length === b.length && a.every((byte, i) => byte === b[i]);

/** RSASSA-PKCS1-v1_5 (RFC 8017 §8.2.2): the signature of `message` under `hash`, its DigestInfo as DER writes it. */
export function pkcs1Verifies(key: RsaPublic, hash: HashName, message: Uint8Array, signature: Uint8Array): boolean {
  const em = encodedMessage(key, signature);
  if (em === undefined) return false;
  const t = Uint8Array.of(...Uint8Array.fromHex(DIGEST_INFO[hash]), ...digest(hash, message));
  const padding = em.length - t.length - 3;
  if (padding < 8) return false;
  const expected = Uint8Array.of(0, 1, ...new Uint8Array(padding).fill(0xff), 0, ...t);
  return same(em, expected);
}

function mgf1(hash: HashName, seed: Uint8Array, length: number): Uint8Array {
  const mask = new Uint8Array(length);
  for (let counter = 0, at = 0; at < length; counter++) {
    const block = digest(hash, Uint8Array.of(...seed, counter >>> 24, (counter >>> 16) & 0xff, (counter >>> 8) & 0xff, counter & 0xff));
    mask.set(block.subarray(0, length - at), at);
    at += block.length;
  }
  return mask;
}

/** RSASSA-PSS (RFC 8017 §9.1.2), its salt exactly as long as the parameters say, as OpenSSL checks it. */
export function pssVerifies(key: RsaPublic, parameters: PssParameters, message: Uint8Array, signature: Uint8Array): boolean {
  const { hash, mgfHash, saltLength } = parameters;
  if (hash === undefined || mgfHash === undefined) return false;
  const decrypted = encodedMessage(key, signature);
  if (decrypted === undefined) return false;
  const emBits = bitLength(key.n) - 1;
  // When the modulus is one bit past a whole octet, EM is one octet shorter and the first octet of the result is 0.
  const em = emBits % 8 === 0 ? decrypted.subarray(1) : decrypted;
  if (emBits % 8 === 0 && decrypted[0] !== 0) return false;
  const hLen = HASH_BYTES[hash];
  if (em.length < hLen + saltLength + 2 || em.at(-1) !== 0xbc) return false;
  const maskedDb = em.subarray(0, em.length - hLen - 1);
  const h = em.subarray(em.length - hLen - 1, em.length - 1);
  const topBits = 8 * em.length - emBits;
  if (((maskedDb[0] as number) & (0xff << (8 - topBits)) & 0xff) !== 0) return false;
  const db = mgf1(mgfHash, h, maskedDb.length).map((byte, i) => byte ^ (maskedDb[i] as number));
  db[0] = (db[0] as number) & (0xff >> topBits);
  const separator = db.length - saltLength - 1;
  if (!db.subarray(0, separator).every((byte) => byte === 0) || db[separator] !== 1) return false;
  const salt = db.subarray(separator + 1);
  const mPrime = Uint8Array.of(...new Uint8Array(8), ...digest(hash, message), ...salt);
  return same(digest(hash, mPrime), h);
}
