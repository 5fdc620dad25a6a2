import { base64, base64url, hex } from '../shared/bytes.js';
import { digest } from '../shared/hash.js';
import { DomainError } from '../shared/errors.js';
import { scanJson } from '../shared/json-scan.js';
import { readCertificate, type Certificate } from './certificate.js';
import type { KeyCodec, PrivateDer, PublicDer, PublicKey } from './ports/key-codec.js';
import { MAX_JSON_DEPTH, own, type JsonObject } from '../shared/json.js';

/**
 * The one reader of key material for the whole service (contract §4f): a JWK,
 * a JWK Set, or PEM text (SPKI, PKCS #1, PKCS #8, SEC 1, certificates and
 * chains), each key checked member by member and brought to one canonical
 * form, from which its thumbprint, public JWK and public PEM follow. Private
 * JWK members are only noticed, never decoded; a private PEM block is parsed
 * by the host's key codec only to derive its public key. Neither is kept or quoted.
 * What needs the host's cryptography (a key's import, check and export, a
 * certificate's parse and signature) goes through the `KeyCodec` port.
 */

export const MAX_KEY_MATERIAL_LENGTH = 61_440;
export const MAX_KEYS = 100;

export type KeyType = 'RSA' | 'EC' | 'OKP' | 'oct';
export type InputKind = 'jwk' | 'jwk_set' | 'pem';

/** A key's required members (RFC 7638 §3.2), canonical: what its thumbprint hashes. */
export type RequiredMembers =
  | { readonly kty: 'RSA'; readonly n: string; readonly e: string }
  | { readonly kty: 'EC'; readonly crv: string; readonly x: string; readonly y: string }
  | { readonly kty: 'OKP'; readonly crv: string; readonly x: string }
  | { readonly kty: 'oct'; readonly k: string };

/** One key as read: where it stood, what it is, and what the input said of it. */
export interface ReadKey {
  /** `keys[<i>]`, `block <i>`, or `the JWK`: how messages name it. */
  readonly where: string;
  readonly required: RequiredMembers;
  readonly crv: string | null;
  readonly sizeBits: number;
  readonly kid: string | null;
  readonly alg: string | null;
  readonly use: string | null;
  readonly keyOps: readonly string[] | null;
  /** The input holds this key's private or secret part. */
  readonly private: boolean;
  /** null for `oct`. */
  readonly publicKey: PublicKey | null;
  /** n or e with leading zero octets, or an EC coordinate not at full length. */
  readonly nonCanonical: boolean;
  /** A CERTIFICATE block's certificate, or a JWK's `x5c`, leaf first. */
  readonly certificates: readonly Certificate[];
  readonly fromPemCertificate: boolean;
  /** The JWK's `x5t` and `x5t#S256` members, as written (undefined when absent). */
  readonly x5t: unknown;
  readonly x5tS256: unknown;
}

export interface KeyMaterial {
  readonly inputKind: InputKind;
  readonly keys: readonly ReadKey[];
}

const EC_COORDINATE_BYTES: ReadonlyMap<string, number> = new Map([
  ['P-256', 32],
  ['P-384', 48],
  ['P-521', 66],
]);
const OKP_KEY_BYTES: ReadonlyMap<string, number> = new Map([
  ['Ed25519', 32],
  ['X25519', 32],
  ['Ed448', 57],
  ['X448', 56],
]);
/** The curves and types a codec names, as OpenSSL does (KeyFacts), by their JWK names. */
const HOST_CURVES: ReadonlyMap<string, string> = new Map([
  ['prime256v1', 'P-256'],
  ['secp384r1', 'P-384'],
  ['secp521r1', 'P-521'],
]);
const HOST_OKP: ReadonlyMap<string, string> = new Map([
  ['ed25519', 'Ed25519'],
  ['x25519', 'X25519'],
  ['ed448', 'Ed448'],
  ['x448', 'X448'],
]);
/** A JWK's public members (RFC 7518 §6), in the order a public JWK is written. */
export const PUBLIC_MEMBERS = ['crv', 'x', 'y', 'n', 'e'] as const;
/** A JWK's private members (RFC 7518 §6.2.2, §6.3.2, RFC 8037 §2). */
export const PRIVATE_MEMBERS = ['d', 'p', 'q', 'dp', 'dq', 'qi', 'oth'] as const;

const BASE64URL = /^[A-Za-z0-9_-]*$/;
const BASE64 = /^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$/;

const invalid = (message: string): DomainError => new DomainError('KEY_INVALID', `key: ${message}`);

/** A member's bytes: base64url (RFC 4648 §5), trailing `=` tolerated. */
function memberBytes(jwk: JsonObject, member: string, where: string): Uint8Array {
  const value = own(jwk, member);
  if (value === undefined) throw invalid(`${where} has no ${member}`);
  if (typeof value !== 'string') throw invalid(`${where} has a ${member} that is not a string`);
  const unpadded = value.replace(/={1,2}$/, '');
  if (!BASE64URL.test(unpadded) || unpadded.length % 4 === 1) throw invalid(`${where} has a ${member} that is not base64url`);
  return Uint8Array.fromBase64(unpadded, { alphabet: 'base64url' });
}

/** An integer's octets from its first non-zero one: none for zero, which `rsaShape` refuses as n and as e. */
function withoutLeadingZeros(bytes: Uint8Array): Uint8Array {
  let start = 0;
  while (bytes[start] === 0) start++;
  return bytes.subarray(start);
}

const bigIntOf = (bytes: Uint8Array): bigint => (bytes.length === 0 ? 0n : BigInt(`0x${hex(bytes)}`));

/** The bit length of an integer whose first octet is not zero: an n that `rsaShape` found greater than an e of at least 3. */
const bitLength = (bytes: Uint8Array): number => (bytes.length - 1) * 8 + (32 - Math.clz32(bytes[0] ?? 0));

function optionalString(jwk: JsonObject, member: string, where: string): string | null {
  const value = own(jwk, member);
  if (value === undefined) return null;
  if (typeof value !== 'string') throw invalid(`${where} has a ${member} that is not a string`);
  return value;
}

function keyOpsOf(jwk: JsonObject, where: string): string[] | null {
  const value = own(jwk, 'key_ops');
  if (value === undefined) return null;
  if (!Array.isArray(value) || !value.every((op) => typeof op === 'string')) {
    throw invalid(`${where} has a key_ops that is not an array of strings`);
  }
  return value;
}

function x5cOf(keys: KeyCodec, jwk: JsonObject, where: string): Certificate[] {
  const value = own(jwk, 'x5c');
  if (value === undefined) return [];
  if (!Array.isArray(value) || value.length === 0)
    throw invalid(`${where} has an x5c that is not a non-empty array of base64 DER certificates`);
  return value.map((entry: unknown, index) => {
    // RFC 7517 §4.7: base64, not base64url.
    if (typeof entry !== 'string' || !BASE64.test(entry)) throw invalid(`${where} has an x5c[${index}] that is not base64`);
    try {
      return readCertificate(keys, Uint8Array.fromBase64(entry));
    } catch {
      throw invalid(`${where} has an x5c[${index}] that is not a DER certificate`);
    }
  });
}

interface KeyShape {
  readonly required: RequiredMembers;
  readonly crv: string | null;
  readonly sizeBits: number;
  readonly nonCanonical: boolean;
}

function rsaShape(jwk: JsonObject, where: string): KeyShape {
  const rawN = memberBytes(jwk, 'n', where);
  const rawE = memberBytes(jwk, 'e', where);
  const n = withoutLeadingZeros(rawN);
  const e = withoutLeadingZeros(rawE);
  const eValue = bigIntOf(e);
  const nValue = bigIntOf(n);
  if (eValue < 3n || eValue % 2n === 0n) throw invalid(`${where} has an e that is even or below 3`);
  if (nValue % 2n === 0n || nValue <= eValue) throw invalid(`${where} has an n that is even or not greater than e`);
  return {
    required: { kty: 'RSA', n: base64url(n), e: base64url(e) },
    crv: null,
    sizeBits: bitLength(n),
    nonCanonical: n.length !== rawN.length || e.length !== rawE.length,
  };
}

function curveOf(jwk: JsonObject, where: string, curves: ReadonlyMap<string, number>): [string, number] {
  const crv = own(jwk, 'crv');
  if (crv === undefined) throw invalid(`${where} has no crv`);
  const size = typeof crv === 'string' ? curves.get(crv) : undefined;
  if (typeof crv !== 'string' || size === undefined) {
    throw invalid(`${where} has crv ${JSON.stringify(crv)}, which is not ${[...curves.keys()].join(', ').replace(/, ([^,]*)$/, ' or $1')}`);
  }
  return [crv, size];
}

/** An EC coordinate at its full length; undefined when it is longer than that by more than zero octets. */
function coordinate(bytes: Uint8Array, length: number): Uint8Array | undefined {
  if (bytes.length > length) {
    const extra = bytes.subarray(0, bytes.length - length);
    return extra.every((byte) => byte === 0) ? bytes.subarray(bytes.length - length) : undefined;
  }
  const padded = new Uint8Array(length);
  padded.set(bytes, length - bytes.length);
  return padded;
}

function ecShape(jwk: JsonObject, where: string): KeyShape {
  const [crv, length] = curveOf(jwk, where, EC_COORDINATE_BYTES);
  const rawX = memberBytes(jwk, 'x', where);
  const rawY = memberBytes(jwk, 'y', where);
  const x = coordinate(rawX, length);
  const y = coordinate(rawY, length);
  if (x === undefined) throw invalid(`${where} has an x longer than a ${crv} coordinate`);
  if (y === undefined) throw invalid(`${where} has a y longer than a ${crv} coordinate`);
  return {
    required: { kty: 'EC', crv, x: base64url(x), y: base64url(y) },
    crv,
    sizeBits: crv === 'P-521' ? 521 : length * 8,
    nonCanonical: rawX.length !== length || rawY.length !== length,
  };
}

function okpShape(jwk: JsonObject, where: string): KeyShape {
  const [crv, length] = curveOf(jwk, where, OKP_KEY_BYTES);
  const x = memberBytes(jwk, 'x', where);
  if (x.length !== length) throw invalid(`${where} has an x of ${x.length} bytes; an ${crv} key's is ${length}`);
  return { required: { kty: 'OKP', crv, x: base64url(x) }, crv, sizeBits: length * 8, nonCanonical: false };
}

function octShape(jwk: JsonObject, where: string): KeyShape {
  const k = memberBytes(jwk, 'k', where);
  if (k.length === 0) throw invalid(`${where} has an empty k`);
  return { required: { kty: 'oct', k: base64url(k) }, crv: null, sizeBits: k.length * 8, nonCanonical: false };
}

const SHAPES: Readonly<Record<KeyType, (jwk: JsonObject, where: string) => KeyShape>> = {
  RSA: rsaShape,
  EC: ecShape,
  OKP: okpShape,
  oct: octShape,
};

function publicKeyOf(keys: KeyCodec, required: RequiredMembers, where: string): PublicKey | null {
  if (required.kty === 'oct') return null;
  try {
    return keys.publicKeyFromJwk(required);
  } catch {
    throw invalid(`${where} has x and y that are not a point on ${required.kty === 'EC' ? required.crv : 'its curve'}`);
  }
}

/** One JWK, checked member by member, and its public key checked by the host (an EC point on its curve). */
export function readJwk(keys: KeyCodec, value: unknown, where: string): ReadKey {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) throw invalid(`${where} is not a JSON object`);
  // A non-null object that is not an array, from JSON text or a JSON object: its members are read with own().
  const jwk = value as JsonObject;
  const kty = own(jwk, 'kty');
  if (kty === undefined) throw invalid(`${where} has no kty`);
  if (typeof kty !== 'string' || !Object.hasOwn(SHAPES, kty)) {
    throw invalid(`${where} has kty ${JSON.stringify(kty)}, which is not RSA, EC, OKP or oct`);
  }
  // SHAPES has kty as its own key (above), and SHAPES's keys are the KeyTypes.
  const shape = SHAPES[kty as KeyType](jwk, where);
  const key: ReadKey = {
    where,
    ...shape,
    kid: optionalString(jwk, 'kid', where),
    alg: optionalString(jwk, 'alg', where),
    use: optionalString(jwk, 'use', where),
    keyOps: keyOpsOf(jwk, where),
    private: kty === 'oct' || PRIVATE_MEMBERS.some((member) => Object.hasOwn(jwk, member)),
    publicKey: publicKeyOf(keys, shape.required, where),
    certificates: x5cOf(keys, jwk, where),
    fromPemCertificate: false,
    x5t: own(jwk, 'x5t'),
    x5tS256: own(jwk, 'x5t#S256'),
  };
  return key;
}

/** A 400 naming `where` for a public key of a type or curve outside §4f's table. */
function checkKind(keys: KeyCodec, publicKey: PublicKey, where: string): void {
  const { type, curve: hostCurve } = keys.facts(publicKey);
  const curve = type === 'ec' ? HOST_CURVES.get(hostCurve ?? '') : undefined;
  if (type !== 'rsa' && curve === undefined && !HOST_OKP.has(type)) {
    const what = type === 'ec' ? `an EC key on ${hostCurve ?? 'an unnamed curve'}` : `a ${type} key`;
    throw invalid(`${where} holds ${what}; keys are RSA, EC on P-256, P-384 or P-521, Ed25519, X25519, Ed448 or X448`);
  }
}

interface PemBlock {
  readonly label: string;
  readonly der: Uint8Array;
}

const PEM_BEGIN = /-----BEGIN ([^\r\n-]*)-----/y;
const BEGIN_MARKER = '-----BEGIN ';

/** RFC 7468 blocks: text outside them is ignored, base64 may be split over lines. */
function pemBlocks(text: string): PemBlock[] {
  const blocks: PemBlock[] = [];
  for (let at = text.indexOf(BEGIN_MARKER); at >= 0; at = text.indexOf(BEGIN_MARKER, at)) {
    PEM_BEGIN.lastIndex = at;
    const begin = PEM_BEGIN.exec(text);
    if (begin === null) {
      at += BEGIN_MARKER.length;
      continue;
    }
    const index = blocks.length;
    if (index === MAX_KEYS) throw invalid(`has more than ${MAX_KEYS} PEM blocks`);
    // PEM_BEGIN's one group always takes part in a match.
    const label = begin[1] as string;
    const start = at + begin[0].length;
    const endMarker = `-----END ${label}-----`;
    const end = text.indexOf(endMarker, start);
    const nextBegin = text.indexOf(BEGIN_MARKER, start);
    if (end < 0 || (nextBegin >= 0 && nextBegin < end)) throw invalid(`block ${index} has no ${endMarker}`);
    const body = text.slice(start, end).replace(/\s+/g, '');
    if (!BASE64.test(body) || body === '') throw invalid(`block ${index} (${label}) is not base64`);
    blocks.push({ label, der: Uint8Array.fromBase64(body) });
    at = end + endMarker.length;
  }
  if (blocks.length === 0) throw invalid('has -----BEGIN but no complete PEM block');
  return blocks;
}

type PemReading = { readonly publicKey: PublicKey; readonly private: boolean; readonly certificate?: Certificate };
type PemReader = (keys: KeyCodec, der: Uint8Array) => PemReading;

const publicDer =
  (form: PublicDer): PemReader =>
  (keys, der) => ({ publicKey: keys.publicKeyFromDer(der, form), private: false });
const privateDer =
  (form: PrivateDer): PemReader =>
  (keys, der) => ({ publicKey: keys.publicKeyOfPrivateDer(der, form), private: true });

const PEM_READERS: ReadonlyMap<string, PemReader> = new Map<string, PemReader>([
  ['PUBLIC KEY', publicDer('spki')],
  ['RSA PUBLIC KEY', publicDer('pkcs1')],
  [
    'CERTIFICATE',
    (keys, der) => {
      const certificate = readCertificate(keys, der);
      return { publicKey: certificate.publicKey, private: false, certificate };
    },
  ],
  ['PRIVATE KEY', privateDer('pkcs8')],
  ['RSA PRIVATE KEY', privateDer('pkcs1')],
  ['EC PRIVATE KEY', privateDer('sec1')],
]);

function readPemBlock(keys: KeyCodec, block: PemBlock, index: number): ReadKey {
  const where = `block ${index}`;
  const reader = PEM_READERS.get(block.label);
  if (reader === undefined) {
    throw invalid(
      `${where} is a PEM ${block.label}, which is not read; blocks are PUBLIC KEY, RSA PUBLIC KEY, CERTIFICATE, PRIVATE KEY, RSA PRIVATE KEY or EC PRIVATE KEY, and an encrypted key is never read, since no password is asked for`,
    );
  }
  const unreadable = () => invalid(`${where} is a PEM ${block.label} that does not parse`);
  let reading: PemReading;
  try {
    reading = reader(keys, block.der);
  } catch {
    throw unreadable();
  }
  checkKind(keys, reading.publicKey, where);
  let members: JsonObject;
  try {
    members = keys.publicJwk(reading.publicKey);
  } catch {
    // A key the codec reads but has no JWK of (an EC point at infinity, from a d of 0 or as written) is no key to show.
    throw unreadable();
  }
  const read = readJwk(keys, members, where);
  return {
    ...read,
    private: reading.private,
    certificates: reading.certificate === undefined ? [] : [reading.certificate],
    fromPemCertificate: reading.certificate !== undefined,
  };
}

/**
 * Reads `key` as §4f reads it: trimmed; JSON when it starts with `{` (a JWK
 * Set when it has `keys`), PEM when it holds `-----BEGIN `. Throws
 * `KEY_TOO_LONG` or `KEY_INVALID` with a detail naming the parameter, the
 * key (`keys[<i>]`, `block <i>`) and the member, never quoting private text.
 */
export function readKeys(keys: KeyCodec, text: string): KeyMaterial {
  if (text.length > MAX_KEY_MATERIAL_LENGTH) {
    throw new DomainError('KEY_TOO_LONG', `key: is longer than ${MAX_KEY_MATERIAL_LENGTH} characters`);
  }
  const trimmed = text.trim();
  if (trimmed === '') throw invalid('must not be empty');
  if (trimmed.startsWith('{')) {
    if (scanJson(trimmed, MAX_JSON_DEPTH).tooDeep) throw invalid(`JSON is nested deeper than ${MAX_JSON_DEPTH} levels`);
    let json: JsonObject;
    try {
      // The text starts with {, so what parses is an object.
      json = JSON.parse(trimmed) as JsonObject;
    } catch {
      throw invalid('starts with { but is not valid JSON');
    }
    if (!Object.hasOwn(json, 'keys')) return { inputKind: 'jwk', keys: [readJwk(keys, json, 'the JWK')] };
    const members = json.keys;
    if (!Array.isArray(members) || members.length === 0 || members.length > MAX_KEYS) {
      throw invalid(`keys must be an array of 1 to ${MAX_KEYS} JWKs`);
    }
    return { inputKind: 'jwk_set', keys: members.map((member: unknown, index) => readJwk(keys, member, `keys[${index}]`)) };
  }
  if (trimmed.includes('-----BEGIN ')) {
    return { inputKind: 'pem', keys: pemBlocks(trimmed).map((block, index) => readPemBlock(keys, block, index)) };
  }
  throw invalid('must be a JWK or JWK Set (JSON), or PEM text');
}

/** RFC 7638 §3: SHA-256 over the required members, names in lexicographic order, no whitespace; base64url. */
export function jwkThumbprint(required: RequiredMembers): string {
  const sorted = Object.fromEntries(Object.entries(required).sort(([a], [b]) => (a < b ? -1 : 1)));
  return base64url(digest('sha256', JSON.stringify(sorted)));
}

/**
 * The thumbprint of a certificate's or a private key's public key; null for a key of a kind §4f does not read, or one the
 * codec writes no JWK of (it matches no JWK).
 */
export function publicKeyThumbprint(keys: KeyCodec, publicKey: PublicKey): string | null {
  try {
    checkKind(keys, publicKey, 'the certificate');
    return jwkThumbprint(readJwk(keys, keys.publicJwk(publicKey), 'the certificate').required);
  } catch {
    return null;
  }
}

export const THUMBPRINT_URI_PREFIX = 'urn:ietf:params:oauth:jwk-thumbprint:sha-256:';

/** The public PEM: the DER SubjectPublicKeyInfo in base64 lines of 64 (RFC 7468). */
export function publicPem(keys: KeyCodec, publicKey: PublicKey): string {
  const text = base64(keys.spki(publicKey));
  return `-----BEGIN PUBLIC KEY-----\n${text.replace(/.{64}/g, '$&\n').replace(/\n$/, '')}\n-----END PUBLIC KEY-----\n`;
}

/** The key as a public JWK: kty, its public members, then kid, alg, use and key_ops as given; null for oct. */
export function publicJwk(key: ReadKey): JsonObject | null {
  if (key.required.kty === 'oct') return null;
  const { kty, ...members } = key.required;
  const ordered: JsonObject = { kty };
  for (const name of PUBLIC_MEMBERS) {
    // Every variant of RequiredMembers holds strings alone; a member it lacks reads as undefined.
    const value = (members as Record<string, string | undefined>)[name];
    if (value !== undefined) ordered[name] = value;
  }
  if (key.kid !== null) ordered.kid = key.kid;
  if (key.alg !== null) ordered.alg = key.alg;
  if (key.use !== null) ordered.use = key.use;
  if (key.keyOps !== null) ordered.key_ops = [...key.keyOps];
  return ordered;
}
