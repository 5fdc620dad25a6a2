// The DER forms of keys, read as OpenSSL 3.5 reads them for node:crypto: SubjectPublicKeyInfo (RFC 5280 §4.1.2.7),
// PKCS #1 (RFC 8017 §A.1), PKCS #8 (RFC 5958) and SEC 1 (RFC 5915), and PEM text holding a private key (RFC 7468).
// Each reader throws when OpenSSL refuses the input, and accepts what it accepts, leniencies included (BER lengths,
// bytes after the outer value, an RSA key's numbers unchecked, a SEC 1 key's own public point taken as it is).
import type { PrivateDer, PublicDer } from '../../../core/keys/ports/key-codec.js';
import { OKP_CURVES, curveOfOid, curveOfParameters, publicPoint, readPoint, type EcCurve } from './key-curves.js';
import {
  algorithmOf,
  berAt,
  bytesOf,
  der,
  derInteger,
  derOidOf,
  berChildren,
  bigIntOf,
  octetString,
  berRoot,
  bitString,
  contentOf,
  expectTag,
  oidOf,
  sequence,
  strictInteger,
  stringOf,
  unsignedInteger,
  type Tlv,
} from './key-der.js';
import { EC_PUBLIC_KEY, RSASSA_PSS, RSA_ENCRYPTION, type KeyData } from './key-model.js';
import { bitLength, checkPssKeyParameters, readPssParameters } from './key-rsa.js';

const DSA = '1.2.840.10040.4.1';
const DH = ['1.2.840.113549.1.3.1', '1.2.840.10046.2.1'];

/** A post-quantum key type OpenSSL 3.5 reads: its name, its public key's bytes, and its private key's forms. */
interface PostQuantum {
  readonly type: string;
  readonly publicBytes: number;
  /** ML-DSA and ML-KEM (FIPS 204, 203): a seed, an expanded key, or both. SLH-DSA (FIPS 205): its 4n bytes. */
  readonly seed: number;
  readonly expanded: number;
}

const mlRow = (type: string, publicBytes: number, seed: number, expanded: number): PostQuantum => ({ type, publicBytes, seed, expanded });
const SLH_DSA: readonly (readonly [string, PostQuantum])[] = ['sha2', 'shake'].flatMap((family, f) =>
  [16, 24, 32].flatMap((n, b) =>
    ['s', 'f'].map((speed, s): [string, PostQuantum] => [
      `2.16.840.1.101.3.4.3.${20 + f * 6 + b * 2 + s}`,
      { type: `slh-dsa-${family}-${n * 8}${speed}`, publicBytes: 2 * n, seed: 4 * n, expanded: 4 * n },
    ]),
  ),
);
const POST_QUANTUM: ReadonlyMap<string, PostQuantum> = new Map([
  ['2.16.840.1.101.3.4.3.17', mlRow('ml-dsa-44', 1312, 32, 2560)],
  ['2.16.840.1.101.3.4.3.18', mlRow('ml-dsa-65', 1952, 32, 4032)],
  ['2.16.840.1.101.3.4.3.19', mlRow('ml-dsa-87', 2592, 32, 4896)],
  ['2.16.840.1.101.3.4.4.1', mlRow('ml-kem-512', 800, 64, 1632)],
  ['2.16.840.1.101.3.4.4.2', mlRow('ml-kem-768', 1184, 64, 2400)],
  ['2.16.840.1.101.3.4.4.3', mlRow('ml-kem-1024', 1568, 64, 3168)],
  ...SLH_DSA,
]);

const refuse = (reason: string): never => {
  throw new Error(reason);
};

/** RSAPublicKey (RFC 8017 §A.1.1): two INTEGERs, read as OpenSSL reads them, unsigned and unchecked. */
function rsaPublic(tlv: Tlv): { n: bigint; e: bigint } {
  const [n, e] = sequence(tlv, 2) as [Tlv, Tlv];
  return { n: unsignedInteger(n), e: unsignedInteger(e) };
}

/** An RSA key's algorithm: rsaEncryption (any parameters), or RSASSA-PSS with none or a parameters SEQUENCE. */
function rsaAlgorithm(algorithm: Tlv, oid: string, parameters: Tlv | undefined) {
  if (oid === RSA_ENCRYPTION) return { type: 'rsa' as const, pssAlgorithm: undefined, restrictions: undefined };
  if (parameters !== undefined) checkPssKeyParameters(parameters);
  return {
    type: 'rsa-pss' as const,
    pssAlgorithm: algorithm.bytes.slice(algorithm.start, algorithm.next),
    restrictions: parameters === undefined ? undefined : (readPssParameters(parameters) ?? ('unreadable' as const)),
  };
}

/** The named curve of id-ecPublicKey's parameters; explicit curves and implicitlyCA are not read. */
const PRIME_FIELD = '1.2.840.10045.1.1';

/**
 * The curve of id-ecPublicKey's parameters (RFC 5480 §2.1.1): a named curve, or explicit parameters (RFC 3279 §2.3.5)
 * that match one this codec computes on, which OpenSSL then names. Other explicit curves and implicitlyCA are refused.
 */
function namedCurve(parameters: Tlv | undefined): EcCurve {
  if (parameters === undefined) return refuse('no curve');
  if (parameters.tag === 0x06) return curveOfOid(oidOf(parameters)) ?? refuse('unknown curve');
  const [version, field, curve, base, order, cofactor] = sequence(parameters, 5, 6) as [Tlv, Tlv, Tlv, Tlv, Tlv, Tlv | undefined];
  const [fieldType, prime] = sequence(field, 2) as [Tlv, Tlv];
  const [a, b, seed] = sequence(curve, 2, 3) as [Tlv, Tlv, Tlv | undefined];
  if (strictInteger(version) !== 1n || oidOf(fieldType) !== PRIME_FIELD) refuse('unsupported explicit curve');
  const [aValue, bValue] = [bigIntOf(octetString(a)), bigIntOf(octetString(b))];
  const named = curveOfParameters(
    strictInteger(prime),
    aValue,
    bValue,
    octetString(base),
    strictInteger(order),
    cofactor === undefined ? 1n : strictInteger(cofactor),
  );
  if (named?.curve === undefined) return refuse('unsupported explicit curve');
  // OpenSSL writes the parameters again as its group holds them: the field elements at full length, the seed as read,
  // the base point uncompressed, and the cofactor.
  const element = (value: bigint) => der(0x04, bytesOf(value, named.size));
  const written = der(
    0x30,
    derInteger(1n),
    der(0x30, derOidOf(PRIME_FIELD), derInteger(named.curve.Point.Fp.ORDER)),
    der(
      0x30,
      element(aValue),
      element(bValue),
      ...(seed === undefined ? [] : [der(0x03, Uint8Array.of(...stringOf(seed, 0x03).subarray(0, 1), ...bitString(seed)))]),
    ),
    der(0x04, named.curve.Point.BASE.toBytes(false)),
    derInteger(named.curve.Point.Fn.ORDER),
    derInteger(1n),
  );
  return { ...named, explicit: written };
}

/** The INTEGERs of DSA or DH domain parameters, the first of which is the prime. */
/**
 * The prime of DSA or DH domain parameters, which OpenSSL requires: Dss-Parms (RFC 3279 §2.3.2) are p, q and g;
 * PKCS #3's DHParameter p, g and a length; X9.42's DomainParameters p, g, q and two optional fields.
 */
function primeOf(oid: string, parameters: Tlv | undefined): bigint {
  const [min, max] = oid === DSA ? [3, 3] : oid === DH[0] ? [2, 3] : [3, 5];
  const [p] = sequence(parameters ?? refuse('no parameters'), min, max).map(unsignedInteger);
  return p ?? refuse('no prime');
}

function readSpki(der: Uint8Array): KeyData {
  const root = berRoot(der);
  const [algorithm, key] = sequence(root, 2) as [Tlv, Tlv];
  const { oid, parameters } = algorithmOf(algorithm);
  const bits = bitString(key);
  const spki = der.slice(root.start, root.next);
  if (oid === RSA_ENCRYPTION || oid === RSASSA_PSS) {
    return { kind: 'rsa', ...rsaPublic(berRoot(bits)), ...rsaAlgorithm(algorithm, oid, parameters), private: undefined };
  }
  if (oid === EC_PUBLIC_KEY) {
    const curve = namedCurve(parameters);
    return { kind: 'ec', curve, point: readPoint(curve, bits), d: undefined };
  }
  const okp = OKP_CURVES.find((curve) => curve.oid === oid);
  if (okp !== undefined) {
    if (parameters !== undefined || bits.length !== okp.size) refuse('bad key');
    return { kind: 'okp', curve: okp, x: bits, d: undefined };
  }
  if (oid === DSA || DH.includes(oid)) {
    const p = primeOf(oid, parameters);
    berRoot(bits, 0x02);
    return { kind: 'named', type: oid === DSA ? 'dsa' : 'dh', bits: oid === DSA ? bitLength(p) : undefined, spki, isPrivate: false };
  }
  const postQuantum = POST_QUANTUM.get(oid);
  if (postQuantum !== undefined && parameters === undefined && bits.length === postQuantum.publicBytes && reduced(postQuantum, bits)) {
    return { kind: 'named', type: postQuantum.type, bits: undefined, spki, isPrivate: false };
  }
  return refuse('unsupported key type');
}

/**
 * RSAPrivateKey (RFC 8017 §A.1.2), two-prime: its public and private numbers, checked as OpenSSL checks them on import,
 * which is hardly at all: d no longer than n when the key comes as DER, not as PEM. Version 1 announces other primes,
 * which are not read.
 */
function rsaPrivate(tlv: Tlv, checkD = true) {
  const [version, n, e, d, p, q, dp, dq, qi] = sequence(tlv, 9) as [Tlv, Tlv, Tlv, Tlv, Tlv, Tlv, Tlv, Tlv, Tlv];
  const versionValue = strictInteger(version);
  if (versionValue === 1n || versionValue < -(2n ** 31n) || versionValue >= 2n ** 31n) refuse('multi-prime RSA keys are not read');
  const [nValue, eValue, ...parts] = [n, e, d, p, q, dp, dq, qi].map(unsignedInteger) as [bigint, bigint, ...bigint[]];
  const [dValue, pValue, qValue, dpValue, dqValue, qiValue] = parts as [bigint, bigint, bigint, bigint, bigint, bigint];
  if (checkD && bitLength(dValue) > bitLength(nValue)) refuse('d is longer than n');
  return { n: nValue, e: eValue, private: { d: dValue, p: pValue, q: qValue, dp: dpValue, dq: dqValue, qi: qiValue } };
}

/** ECPrivateKey (RFC 5915 §3): its own curve parameters take precedence, its own public point is taken unchecked against d. */
function ecPrivate(tlv: Tlv, outerCurve: EcCurve | undefined): KeyData {
  const [version, privateKey, ...rest] = sequence(tlv, 2, 4) as [Tlv, Tlv, ...Tlv[]];
  const versionValue = strictInteger(version);
  if (versionValue < -(2n ** 31n) || versionValue >= 2n ** 31n) refuse('bad version');
  const d = bigIntOf(octetString(privateKey));
  let curve = outerCurve;
  let publicOctets: Uint8Array | undefined;
  let last = -1;
  for (const field of rest) {
    const index = field.tag - 0xa0;
    if (index <= last || index > 1) refuse('bad field');
    last = index;
    const [inner, extra] = berChildren(field) as [Tlv, Tlv | undefined];
    if (extra !== undefined) refuse('bad field');
    if (index === 0) curve = namedCurve(inner);
    else publicOctets = bitString(inner);
  }
  if (curve === undefined) return refuse('no curve');
  const point =
    publicOctets !== undefined
      ? readPoint(curve, publicOctets)
      : curve.curve === undefined
        ? { xy: null, encoded: new Uint8Array(), writable: false }
        : publicPoint(curve, d);
  return { kind: 'ec', curve, point, d };
}

/** FIPS 203 §7.2's modulus check of an ML-KEM encapsulation key: each 12-bit coefficient below q = 3329. */
function reduced({ type }: PostQuantum, key: Uint8Array): boolean {
  if (!type.startsWith('ml-kem-')) return true;
  for (let i = 0; i + 3 <= key.length - 32; i += 3) {
    const [b0 = 0, b1 = 0, b2 = 0] = key.subarray(i, i + 3);
    if ((b0 | ((b1 & 0x0f) << 8)) >= 3329 || ((b1 >> 4) | (b2 << 4)) >= 3329) return false;
  }
  return true;
}

/** A post-quantum private key's structure, by its lengths: a seed, an expanded key, both, or either bare. */
function postQuantumPrivate({ seed, expanded }: PostQuantum, octets: Uint8Array): void {
  if (octets.length === seed || octets.length === expanded) return;
  const tlv = berRoot(octets, octets[0] ?? 0);
  const size = (node: Tlv) => contentOf(node).length;
  if (tlv.next !== octets.length) refuse('bad key');
  if (tlv.tag === 0x80 && size(tlv) === seed) return;
  if (tlv.tag === 0x04 && size(tlv) === expanded) return;
  const [seedTlv, expandedTlv] = sequence(tlv, 2) as [Tlv, Tlv];
  if (size(expectTag(seedTlv, 0x04)) !== seed || size(expectTag(expandedTlv, 0x04)) !== expanded) refuse('bad key');
}

/** PrivateKeyInfo or OneAsymmetricKey (RFC 5958 §2): version 0, or 1 with an optional public key, which is not read. */
function readPkcs8(der: Uint8Array, checkD = true): KeyData {
  const [version, algorithm, privateKey, ...optional] = sequence(berRoot(der), 3, 5) as [Tlv, Tlv, Tlv, ...Tlv[]];
  const versionValue = strictInteger(version);
  if (versionValue !== 0n && versionValue !== 1n) refuse('bad version');
  let last = -1;
  for (const field of optional) {
    const index = field.tag & 0x1f;
    if ((field.tag & 0xc0) !== 0x80 || index <= last || index > 1 || (index === 1 && versionValue !== 1n)) refuse('bad field');
    last = index;
  }
  const { oid, parameters } = algorithmOf(algorithm);
  const octets = octetString(privateKey);
  if (oid === RSA_ENCRYPTION || oid === RSASSA_PSS) {
    return { kind: 'rsa', ...rsaPrivate(berRoot(octets), checkD), ...rsaAlgorithm(algorithm, oid, parameters) };
  }
  if (oid === EC_PUBLIC_KEY) return ecPrivate(berRoot(octets), parameters === undefined ? undefined : namedCurve(parameters));
  const okp = OKP_CURVES.find((curve) => curve.oid === oid);
  if (okp !== undefined) {
    const d = octetString(berAt(octets, 0));
    if (parameters !== undefined || d.length !== okp.size) refuse('bad key');
    return { kind: 'okp', curve: okp, x: okp.publicOf(d), d: d.slice() };
  }
  if (oid === DSA || DH.includes(oid)) {
    // OpenSSL derives the public key, g^x mod p, in Montgomery form, which needs p odd.
    const p = primeOf(oid, parameters);
    if (p % 2n === 0n) refuse('even modulus');
    berRoot(octets, 0x02);
    return {
      kind: 'named',
      type: oid === DSA ? 'dsa' : 'dh',
      bits: oid === DSA ? bitLength(p) : undefined,
      spki: undefined,
      isPrivate: true,
    };
  }
  const postQuantum = POST_QUANTUM.get(oid);
  if (postQuantum !== undefined && parameters === undefined) {
    postQuantumPrivate(postQuantum, octets);
    return { kind: 'named', type: postQuantum.type, bits: undefined, spki: undefined, isPrivate: true };
  }
  return refuse('unsupported key type');
}

/**
 * A public key in DER. PKCS #1 DER whose SEQUENCE starts with an INTEGER of one octet, 0 or 1, is an RSAPrivateKey to
 * node:crypto (a modulus is never so small), which it reads as one and gives the public key of.
 */
export function readPublicDer(der: Uint8Array, form: PublicDer): KeyData {
  if (form === 'spki') return readSpki(der);
  const root = berRoot(der);
  const [first, length, value = 2] = der.subarray(root.contentStart, root.contentStart + 3);
  if (first === 0x02 && length === 1 && value <= 1) return { ...readPrivateDer(der, 'pkcs1'), private: undefined } as KeyData;
  return { kind: 'rsa', type: 'rsa', ...rsaPublic(root), pssAlgorithm: undefined, restrictions: undefined, private: undefined };
}

/**
 * A private key in DER: in its form, or else in PKCS #8, which OpenSSL's decoders try whatever form they are told.
 * `fromPem` for the DER of a PEM block, which OpenSSL reads by another path, without comparing an RSA key's d and n.
 */
export function readPrivateDer(der: Uint8Array, form: PrivateDer, fromPem = false): KeyData {
  if (form === 'pkcs8') return readPkcs8(der, !fromPem);
  try {
    return form === 'pkcs1'
      ? { kind: 'rsa', type: 'rsa', ...rsaPrivate(berRoot(der), !fromPem), pssAlgorithm: undefined, restrictions: undefined }
      : ecPrivate(berRoot(der), undefined);
  } catch (error) {
    try {
      return readPkcs8(der, !fromPem);
    } catch {
      throw error;
    }
  }
}

const PEM_FORMS: ReadonlyMap<string, PrivateDer> = new Map([
  ['PRIVATE KEY', 'pkcs8'],
  ['RSA PRIVATE KEY', 'pkcs1'],
  ['EC PRIVATE KEY', 'sec1'],
]);

/** PEM blocks (RFC 7468) as OpenSSL's reader splits them: a BEGIN line, body lines, and the END line of its label. */
function* pemBlocks(pem: string): Generator<{ readonly label: string; readonly body: readonly string[] } | undefined> {
  const lines = pem.split(/\r?\n/);
  for (let at = 0; at < lines.length; at++) {
    const label = /^-----BEGIN (.*)-----\s*$/.exec(lines[at] ?? '')?.[1];
    if (label === undefined) continue;
    const end = lines.findIndex((line, i) => i > at && line.startsWith('-----END '));
    if (end < 0) return;
    yield new RegExp(`^-----END ${label.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}-----\\s*$`).test(lines[end] ?? '')
      ? { label, body: lines.slice(at + 1, end) }
      : undefined;
    at = end;
  }
}

/** A block's base64, spaces and tabs allowed within its lines and padding only at its end; no headers, no blank lines. */
function blockBytes(body: readonly string[]): Uint8Array {
  if (body.some((line) => line.includes(':') || /^[ \t]*$/.test(line))) refuse('PEM headers and blank lines are not read');
  const text = body.join('').replace(/[ \t]/g, '');
  if (!/^[A-Za-z0-9+/]*={0,2}$/.test(text) || text.length % 4 !== 0) refuse('not base64');
  return Uint8Array.fromBase64(text);
}

/**
 * The first private key of PEM text, as OpenSSL's PEM reader finds it: block after block, a private key's label naming
 * its form, the blocks that do not hold one skipped.
 */
export function readPrivatePem(pem: string): KeyData {
  for (const block of pemBlocks(pem)) {
    const form = block === undefined ? undefined : PEM_FORMS.get(block.label);
    if (block === undefined || form === undefined) continue;
    try {
      return readPrivateDer(blockBytes(block.body), form, true);
    } catch {
      // Not a key: OpenSSL reads on.
    }
  }
  return refuse('no private key block');
}
