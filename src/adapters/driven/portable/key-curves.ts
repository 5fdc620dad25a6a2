// The curves this codec computes on (@noble/curves), and the names OpenSSL gives every named curve it knows, which
// node:crypto's KeyFacts quote: a key on a curve without arithmetic here is still read and named, its point unchecked.
import { ed25519, x25519 } from '@noble/curves/ed25519';
import { ed448, x448 } from '@noble/curves/ed448';
import { p256, p384, p521 } from '@noble/curves/nist';
import { secp256k1 } from '@noble/curves/secp256k1';
import type { CurveFn as WeierstrassCurve } from '@noble/curves/abstract/weierstrass';
import { bytesOf } from './key-der.js';

/** A named prime curve: its name as OpenSSL gives it, its JWK name where RFC 7518 or node gives one, and its arithmetic. */
export interface EcCurve {
  readonly name: string;
  readonly oid: string;
  readonly crv: string | undefined;
  /** The bytes of a coordinate. */
  readonly size: number;
  readonly curve: WeierstrassCurve | undefined;
}

const computed = (name: string, oid: string, crv: string, curve: WeierstrassCurve): EcCurve => ({
  name,
  oid,
  crv,
  size: curve.Point.Fp.BYTES,
  curve,
});

const COMPUTED: readonly EcCurve[] = [
  computed('prime256v1', '1.2.840.10045.3.1.7', 'P-256', p256),
  computed('secp384r1', '1.3.132.0.34', 'P-384', p384),
  computed('secp521r1', '1.3.132.0.35', 'P-521', p521),
  computed('secp256k1', '1.3.132.0.10', 'secp256k1', secp256k1),
];

// Every other curve of OpenSSL 3.5's `getCurves()` that has an OID, by OID arc: named, never computed on.
const NAMED_ONLY: ReadonlyArray<readonly [prefix: string, names: Readonly<Record<number, string>>]> = [
  [
    '1.3.36.3.3.2.8.1.1.',
    Object.fromEntries(
      [160, 192, 224, 256, 320, 384, 512].flatMap((bits, i) => [
        [2 * i + 1, `brainpoolP${bits}r1`],
        [2 * i + 2, `brainpoolP${bits}t1`],
      ]),
    ),
  ],
  [
    '1.2.840.10045.3.0.',
    {
      1: 'c2pnb163v1',
      2: 'c2pnb163v2',
      3: 'c2pnb163v3',
      4: 'c2pnb176v1',
      5: 'c2tnb191v1',
      6: 'c2tnb191v2',
      7: 'c2tnb191v3',
      10: 'c2pnb208w1',
      11: 'c2tnb239v1',
      12: 'c2tnb239v2',
      13: 'c2tnb239v3',
      16: 'c2pnb272w1',
      17: 'c2pnb304w1',
      18: 'c2tnb359v1',
      19: 'c2pnb368w1',
      20: 'c2tnb431r1',
    },
  ],
  ['1.2.840.10045.3.1.', { 1: 'prime192v1', 2: 'prime192v2', 3: 'prime192v3', 4: 'prime239v1', 5: 'prime239v2', 6: 'prime239v3' }],
  [
    '1.3.132.0.',
    {
      1: 'sect163k1',
      2: 'sect163r1',
      3: 'sect239k1',
      4: 'sect113r1',
      5: 'sect113r2',
      6: 'secp112r1',
      7: 'secp112r2',
      8: 'secp160r1',
      9: 'secp160k1',
      15: 'sect163r2',
      16: 'sect283k1',
      17: 'sect283r1',
      22: 'sect131r1',
      23: 'sect131r2',
      24: 'sect193r1',
      25: 'sect193r2',
      26: 'sect233k1',
      27: 'sect233r1',
      28: 'secp128r1',
      29: 'secp128r2',
      30: 'secp160r2',
      31: 'secp192k1',
      32: 'secp224k1',
      33: 'secp224r1',
      36: 'sect409k1',
      37: 'sect409r1',
      38: 'sect571k1',
      39: 'sect571r1',
    },
  ],
  ['2.23.43.1.4.', Object.fromEntries([1, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12].map((n) => [n, `wap-wsg-idm-ecid-wtls${n}`]))],
  ['1.2.156.10197.1.', { 301: 'SM2' }],
];

/** The WTLS curves' coordinate bytes, which their names do not give. */
const WTLS_SIZES: Readonly<Record<number, number>> = { 1: 15, 3: 21, 4: 15, 5: 21, 6: 14, 7: 20, 8: 14, 9: 20, 10: 30, 11: 30, 12: 28 };

/** A coordinate's bytes on a named-only curve: its field's bits are in its name, but for WTLS's and SM2's. */
function sizeOf(name: string): number {
  const wtls = /wtls(\d+)$/.exec(name);
  if (wtls !== null) return WTLS_SIZES[Number(wtls[1])] ?? 0;
  const bits = /\d{3}/.exec(name);
  return bits === null ? 32 : Math.ceil(Number(bits[0]) / 8);
}

/** The named curve of an OID, or undefined for one OpenSSL does not name. */
export function curveOfOid(oid: string): EcCurve | undefined {
  const known = COMPUTED.find((curve) => curve.oid === oid);
  if (known !== undefined) return known;
  for (const [prefix, names] of NAMED_ONLY) {
    if (!oid.startsWith(prefix)) continue;
    const arc = oid.slice(prefix.length);
    const name = /^\d+$/.test(arc) ? names[Number(arc)] : undefined;
    if (name !== undefined) return { name, oid, crv: undefined, size: sizeOf(name), curve: undefined };
  }
  return undefined;
}

/** The curve of a JWK `crv`, among those node:crypto imports from a JWK. */
export const curveOfCrv = (crv: unknown): EcCurve | undefined => COMPUTED.find((curve) => curve.crv === crv);

/** An EC public point: its affine coordinates, or null for the point at infinity, and how it was written. */
export interface EcPoint {
  readonly xy: readonly [bigint, bigint] | null;
  /**
   * The octets as read, or as OpenSSL writes a point it computed (uncompressed, or one zero octet at infinity): SPKI
   * keeps the form a point was given in, and OpenSSL writes no point read at infinity.
   */
  readonly encoded: Uint8Array;
  readonly writable: boolean;
}

/**
 * A point in SEC 1 §2.3.4 octets as OpenSSL reads it: the point at infinity (one zero octet), compressed, uncompressed
 * or hybrid, its coordinates below the field's prime and on the curve. Throws for anything else. On a curve without
 * arithmetic here, only the form and length are checked, and the octets kept as they are.
 */
export function readPoint(curve: EcCurve, octets: Uint8Array): EcPoint {
  const form = octets[0];
  if (form === undefined) throw new Error('empty point');
  if (form === 0) {
    if (octets.length !== 1) throw new Error('bad point');
    return { xy: null, encoded: octets, writable: false };
  }
  const compressed = form === 2 || form === 3;
  if (!compressed && form !== 4 && form !== 6 && form !== 7) throw new Error('bad point form');
  if (octets.length !== 1 + (compressed ? 1 : 2) * curve.size) throw new Error('bad point length');
  if (curve.curve === undefined) return { xy: null, encoded: octets, writable: true };
  let decodable = octets;
  if (form === 6 || form === 7) {
    if (((octets.at(-1) as number) & 1) !== (form & 1)) throw new Error('bad point');
    decodable = Uint8Array.of(4, ...octets.subarray(1));
  }
  const point = curve.curve.Point.fromBytes(decodable);
  point.assertValidity();
  const { x, y } = point.toAffine();
  return { xy: [x, y], encoded: octets, writable: true };
}

/** A point from affine coordinates, checked as EC_POINT_set_affine_coordinates checks it. */
export function pointFromCoordinates(curve: EcCurve, x: bigint, y: bigint): EcPoint {
  const arithmetic = curve.curve;
  if (arithmetic === undefined) throw new Error('no arithmetic on this curve');
  const point = arithmetic.Point.fromAffine({ x, y });
  point.assertValidity();
  return { xy: [x, y], encoded: Uint8Array.of(4, ...bytesOf(x, curve.size), ...bytesOf(y, curve.size)), writable: true };
}

/** d·G, as OpenSSL computes a private key's public point when the key does not hold one: d is taken modulo the order. */
export function publicPoint(curve: EcCurve, d: bigint): EcPoint {
  const arithmetic = curve.curve;
  if (arithmetic === undefined) throw new Error('no arithmetic on this curve');
  const scalar = d % arithmetic.Point.Fn.ORDER;
  if (scalar === 0n) return { xy: null, encoded: Uint8Array.of(0), writable: true };
  const { x, y } = arithmetic.Point.BASE.multiply(scalar).toAffine();
  return { xy: [x, y], encoded: Uint8Array.of(4, ...bytesOf(x, curve.size), ...bytesOf(y, curve.size)), writable: true };
}

/** The order of a curve's group. */
export const orderOf = (curve: EcCurve): bigint | undefined => curve.curve?.Point.Fn.ORDER;

/** Whether ECDSA `(r, s)` over the digest `hash` verifies with `point`; false for a curve without arithmetic here. */
export function ecdsaVerifies(curve: EcCurve, point: EcPoint, r: bigint, s: bigint, hash: Uint8Array): boolean {
  const arithmetic = curve.curve;
  const order = arithmetic?.Point.Fn.ORDER ?? 0n;
  if (arithmetic === undefined || point.xy === null || r <= 0n || s <= 0n || r >= order || s >= order) return false;
  const signature = Uint8Array.of(...bytesOf(r, arithmetic.Point.Fn.BYTES), ...bytesOf(s, arithmetic.Point.Fn.BYTES));
  const [x, y] = point.xy;
  const publicKey = Uint8Array.of(4, ...bytesOf(x, curve.size), ...bytesOf(y, curve.size));
  try {
    return arithmetic.verify(signature, hash, publicKey, { prehash: false, lowS: false, format: 'compact' });
  } catch {
    return false;
  }
}

/** The key types of RFC 8410, by the name OpenSSL gives them (and KeyFacts quote). */
export type OkpType = 'ed25519' | 'x25519' | 'ed448' | 'x448';

export interface OkpCurve {
  readonly type: OkpType;
  readonly oid: string;
  readonly crv: string;
  /** The bytes of a public and of a private key. */
  readonly size: number;
  readonly publicOf: (privateKey: Uint8Array) => Uint8Array;
  readonly verify: ((signature: Uint8Array, message: Uint8Array, publicKey: Uint8Array) => boolean) | undefined;
}

/** RFC 8032's verification, as OpenSSL's: canonical encodings only (not ZIP 215's relaxed ones). */
const strict = (curve: typeof ed25519) => (signature: Uint8Array, message: Uint8Array, publicKey: Uint8Array) =>
  curve.verify(signature, message, publicKey, { zip215: false });

export const OKP_CURVES: readonly OkpCurve[] = [
  { type: 'x25519', oid: '1.3.101.110', crv: 'X25519', size: 32, publicOf: x25519.getPublicKey, verify: undefined },
  { type: 'x448', oid: '1.3.101.111', crv: 'X448', size: 56, publicOf: x448.getPublicKey, verify: undefined },
  { type: 'ed25519', oid: '1.3.101.112', crv: 'Ed25519', size: 32, publicOf: ed25519.getPublicKey, verify: strict(ed25519) },
  { type: 'ed448', oid: '1.3.101.113', crv: 'Ed448', size: 57, publicOf: ed448.getPublicKey, verify: strict(ed448) },
];
