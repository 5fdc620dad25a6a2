// The curves this codec computes on (@noble/curves), and the names OpenSSL gives every named curve it knows, which
// node:crypto's KeyFacts quote: a key on a curve without arithmetic here is still read and named, its point unchecked.
import { ed25519, x25519 } from '@noble/curves/ed25519';
import { ed448, x448 } from '@noble/curves/ed448';
import { p256, p384, p521 } from '@noble/curves/nist';
import { secp256k1 } from '@noble/curves/secp256k1';
import { Field } from '@noble/curves/abstract/modular';
import { weierstrass, type CurveFn as WeierstrassCurve } from '@noble/curves/abstract/weierstrass';
import { sha256 } from '@noble/hashes/sha2';
import { bytesOf } from './key-der.js';

/** A named prime curve: its name as OpenSSL gives it, its JWK name where RFC 7518 or node gives one, and its arithmetic. */
export interface EcCurve {
  readonly name: string;
  readonly oid: string;
  readonly crv: string | undefined;
  /** The bytes of a coordinate. */
  readonly size: number;
  readonly curve: WeierstrassCurve | undefined;
  /** The curve's explicit parameters (RFC 3279 §2.3.5) as a key gave them, which OpenSSL writes back in its SPKI. */
  readonly explicit?: Uint8Array;
}

const computed = (name: string, oid: string, crv: string | undefined, curve: WeierstrassCurve): EcCurve => ({
  name,
  oid,
  crv,
  size: curve.Point.Fp.BYTES,
  curve,
});

/**
 * A brainpool curve (RFC 5639 §3), on @noble/curves' generic arithmetic: p, A, B, x, y and q, in hex, with a cofactor
 * of 1. The r1 curves of 256, 384 and 512 bits, those that TLS (RFC 8734) and European eID certificates use.
 */
function brainpool(bits: number, arc: number, ...[p, a, b, x, y, q]: string[]): EcCurve {
  const number = (text: string | undefined) => BigInt(`0x${text ?? ''}`);
  const curve = weierstrass({
    Fp: Field(number(p)),
    a: number(a),
    b: number(b),
    Gx: number(x),
    Gy: number(y),
    n: number(q),
    h: 1n,
    hash: sha256,
    lowS: false,
  });
  return computed(`brainpoolP${bits}r1`, `1.3.36.3.3.2.8.1.1.${arc}`, undefined, curve);
}

const COMPUTED: readonly EcCurve[] = [
  computed('prime256v1', '1.2.840.10045.3.1.7', 'P-256', p256),
  computed('secp384r1', '1.3.132.0.34', 'P-384', p384),
  computed('secp521r1', '1.3.132.0.35', 'P-521', p521),
  computed('secp256k1', '1.3.132.0.10', 'secp256k1', secp256k1),
  brainpool(
    256,
    7,
    'a9fb57dba1eea9bc3e660a909d838d726e3bf623d52620282013481d1f6e5377',
    '7d5a0975fc2c3057eef67530417affe7fb8055c126dc5c6ce94a4b44f330b5d9',
    '26dc5c6ce94a4b44f330b5d9bbd77cbf958416295cf7e1ce6bccdc18ff8c07b6',
    '8bd2aeb9cb7e57cb2c4b482ffc81b7afb9de27e1e3bd23c23a4453bd9ace3262',
    '547ef835c3dac4fd97f8461a14611dc9c27745132ded8e545c1d54c72f046997',
    'a9fb57dba1eea9bc3e660a909d838d718c397aa3b561a6f7901e0e82974856a7',
  ),
  brainpool(
    384,
    11,
    '8cb91e82a3386d280f5d6f7e50e641df152f7109ed5456b412b1da197fb71123acd3a729901d1a71874700133107ec53',
    '7bc382c63d8c150c3c72080ace05afa0c2bea28e4fb22787139165efba91f90f8aa5814a503ad4eb04a8c7dd22ce2826',
    '04a8c7dd22ce28268b39b55416f0447c2fb77de107dcd2a62e880ea53eeb62d57cb4390295dbc9943ab78696fa504c11',
    '1d1c64f068cf45ffa2a63a81b7c13f6b8847a3e77ef14fe3db7fcafe0cbd10e8e826e03436d646aaef87b2e247d4af1e',
    '8abe1d7520f9c2a45cb1eb8e95cfd55262b70b29feec5864e19c054ff99129280e4646217791811142820341263c5315',
    '8cb91e82a3386d280f5d6f7e50e641df152f7109ed5456b31f166e6cac0425a7cf3ab6af6b7fc3103b883202e9046565',
  ),
  brainpool(
    512,
    13,
    'aadd9db8dbe9c48b3fd4e6ae33c9fc07cb308db3b3c9d20ed6639cca703308717d4d9b009bc66842aecda12ae6a380e62881ff2f2d82c68528aa6056583a48f3',
    '7830a3318b603b89e2327145ac234cc594cbdd8d3df91610a83441caea9863bc2ded5d5aa8253aa10a2ef1c98b9ac8b57f1117a72bf2c7b9e7c1ac4d77fc94ca',
    '3df91610a83441caea9863bc2ded5d5aa8253aa10a2ef1c98b9ac8b57f1117a72bf2c7b9e7c1ac4d77fc94cadc083e67984050b75ebae5dd2809bd638016f723',
    '81aee4bdd82ed9645a21322e9c4c6a9385ed9f70b5d916c1b43b62eef4d0098eff3b1f78e2d0d48d50d1687b93b97d5f7c6d5047406a5e688b352209bcb9f822',
    '7dde385d566332ecc0eabfa9cf7822fdf209f70024a57b1aa000c55b881f8111b2dcde494a5f485e5bca4bd88a2763aed1ca2b2fa8f0540678cd1e0f3ad80892',
    'aadd9db8dbe9c48b3fd4e6ae33c9fc07cb308db3b3c9d20ed6639cca70330870553e5c414ca92619418661197fac10471db1d381085ddaddb58796829ca90069',
  ),
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

/**
 * The curve that explicit prime-field parameters describe, as OpenSSL finds the named curve they match: p, a, b, the
 * base point, the order and a cofactor of 1 all equal. Undefined for parameters of another curve.
 */
export function curveOfParameters(p: bigint, a: bigint, b: bigint, base: Uint8Array, order: bigint, cofactor: bigint): EcCurve | undefined {
  return COMPUTED.find(({ curve }) => {
    if (curve === undefined) return false;
    const { Fp, Fn, BASE } = curve.Point;
    const { a: curveA, b: curveB } = curve.Point.CURVE();
    if (Fp.ORDER !== p || curveA !== a || curveB !== b || Fn.ORDER !== order || cofactor !== 1n) return false;
    try {
      return curve.Point.fromBytes(base).equals(BASE);
    } catch {
      return false;
    }
  });
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
