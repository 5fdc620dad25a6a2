// PASETO `public` signatures (paseto-standard/paseto-spec, docs/01-Protocol-Versions): the signed data is PAE of the
// header, message, footer and, from v3, the implicit assertion (v3 puts the compressed public key first); v1 signs it
// with RSASSA-PSS (SHA-384, MGF1 SHA-384, a 48-byte salt), v2 and v4 with Ed25519, v3 with ECDSA P-384 and SHA-384.
// Every signature is checked through Web Crypto, which every host has.
import { DomainError } from '../../shared/errors.js';
import { utf8 } from '../../shared/bytes.js';
import type { KeyCodec } from '../../keys/ports/key-codec.js';
import { readKeys, type ReadKey } from '../../keys/read-keys.js';
import { pasetoSigned, type PasetoValue } from '../signed-values.js';

type Version = PasetoValue['version'];

/** Versions that sign an implicit assertion; v1 and v2 have none, and ignore one given (as their test vectors do). */
export const IMPLICIT_ASSERTION_VERSIONS: ReadonlySet<Version> = new Set([3, 4]);

/** Pre-Authentication Encoding (PASETO's PAE): the count, then each piece's length and bytes, lengths as LE64 with the top bit clear. */
export function pae(pieces: readonly Uint8Array[]): Uint8Array<ArrayBuffer> {
  const total = 8 + pieces.reduce((sum, piece) => sum + 8 + piece.length, 0);
  const out = new Uint8Array(total);
  const view = new DataView(out.buffer);
  view.setBigUint64(0, BigInt(pieces.length) & 0x7fff_ffff_ffff_ffffn, true);
  let at = 8;
  for (const piece of pieces) {
    view.setBigUint64(at, BigInt(piece.length) & 0x7fff_ffff_ffff_ffffn, true);
    out.set(piece, at + 8);
    at += 8 + piece.length;
  }
  return out;
}

/** A public key read for one version, imported into Web Crypto. */
export interface PasetoKey {
  readonly version: Version;
  readonly key: CryptoKey;
  /** v3: the public key's compressed point (SEC 1 §2.3.3), which the signed data starts with. */
  readonly compressed: Uint8Array | undefined;
}

/** A Web Crypto algorithm's members that the schemes use, spelt here since the server's TypeScript has no DOM library to name them. */
interface WebCryptoAlgorithm {
  readonly name: string;
  readonly hash?: string;
  readonly namedCurve?: string;
  readonly saltLength?: number;
}

interface Scheme {
  /** How a key of this version is named in words. */
  readonly needs: string;
  readonly fits: (key: ReadKey) => boolean;
  readonly importAlgorithm: WebCryptoAlgorithm;
  readonly verifyAlgorithm: WebCryptoAlgorithm;
}

const ED25519: Scheme = {
  needs: 'an Ed25519 public key',
  fits: (key) => key.required.kty === 'OKP' && key.crv === 'Ed25519',
  importAlgorithm: { name: 'Ed25519' },
  verifyAlgorithm: { name: 'Ed25519' },
};

const SCHEMES: Readonly<Record<Version, Scheme>> = {
  1: {
    needs: 'a 2048-bit RSA public key',
    fits: (key) => key.required.kty === 'RSA' && key.sizeBits === 2048,
    importAlgorithm: { name: 'RSA-PSS', hash: 'SHA-384' },
    verifyAlgorithm: { name: 'RSA-PSS', saltLength: 48 },
  },
  2: ED25519,
  3: {
    needs: 'an EC P-384 public key',
    fits: (key) => key.required.kty === 'EC' && key.required.crv === 'P-384',
    importAlgorithm: { name: 'ECDSA', namedCurve: 'P-384' },
    verifyAlgorithm: { name: 'ECDSA', hash: 'SHA-384' },
  },
  4: ED25519,
};

const keyError = (message: string): DomainError => new DomainError('TOKEN_KEY_INVALID', message);

/** What a key read by the key reader is, in words: `an RSA key of 2048 bits`, `an EC P-256 key`, `an OKP Ed448 key`. */
function described(key: ReadKey): string {
  const { required } = key;
  if (required.kty === 'RSA') return `an RSA key of ${key.sizeBits} bits`;
  if (required.kty === 'EC') return `an EC ${required.crv} key`;
  if (required.kty === 'OKP') return `an OKP ${required.crv} key`;
  return 'a symmetric secret (an oct JWK)';
}

const P384_COORDINATE_BYTES = 48;

function compressedPoint(key: ReadKey): Uint8Array {
  // SCHEMES[3].fits admitted an EC P-384 key alone.
  const { x, y } = key.required as { readonly x: string; readonly y: string };
  const xBytes = Uint8Array.fromBase64(x, { alphabet: 'base64url' });
  const yBytes = Uint8Array.fromBase64(y, { alphabet: 'base64url' });
  const point = new Uint8Array(1 + P384_COORDINATE_BYTES);
  point[0] = 0x02 | ((yBytes[yBytes.length - 1] ?? 0) & 1);
  point.set(xBytes, point.length - xBytes.length);
  return point;
}

/**
 * The one public key a PASETO is checked with, read from `text` as contract §4b reads keys (a JWK, a JWK Set or PEM,
 * through the key codec). One key per request: several keys, a private key or a secret are refused (`KEY_*` from the
 * key reader, `KEY_PRIVATE`, `TOKEN_KEY_INVALID`), each naming `key`.
 */
export function readPasetoKey(codec: KeyCodec, text: string): ReadKey {
  const { keys } = readKeys(codec, text);
  if (keys.length !== 1) {
    throw keyError(`key holds ${keys.length} keys; send the one public key the PASETO was signed for (no list of keys is tried)`);
  }
  // One key, just checked.
  const key = keys[0] as ReadKey;
  if (key.required.kty === 'oct') throw keyError('key is a symmetric secret (an oct JWK); a public PASETO is checked with a public key');
  if (key.private) {
    throw new DomainError(
      'KEY_PRIVATE',
      'key is a private key: send only the public key, and never send a private key anywhere, since whoever holds it can sign tokens as you',
    );
  }
  return key;
}

/** The key imported into Web Crypto for `version`; `TOKEN_KEY_INVALID` for a key of another kind than the version signs with. */
export async function importPasetoKey(key: ReadKey, version: Version): Promise<PasetoKey> {
  const scheme = SCHEMES[version];
  if (!scheme.fits(key)) throw keyError(`key is ${described(key)}; v${version}.public is checked with ${scheme.needs}`);
  const { kty, ...members } = key.required;
  const imported = await globalThis.crypto.subtle.importKey('jwk', { kty, ...members }, scheme.importAlgorithm, false, ['verify']);
  return { version, key: imported, compressed: version === 3 ? compressedPoint(key) : undefined };
}

/** The message of a `public` body and whether its signature verifies; undefined when the body is shorter than a signature. */
export async function verifyPaseto(
  token: PasetoValue,
  key: PasetoKey,
  implicitAssertion: string,
): Promise<{ readonly message: Uint8Array; readonly verified: boolean } | undefined> {
  const signed = pasetoSigned(token);
  if (signed === undefined) return undefined;
  const { message } = signed;
  const signature = signed.signature.slice();
  const header = utf8(token.header);
  const pieces = [header, message, token.footer];
  if (IMPLICIT_ASSERTION_VERSIONS.has(token.version)) pieces.push(utf8(implicitAssertion));
  if (key.compressed !== undefined) pieces.unshift(key.compressed);
  const verified = await globalThis.crypto.subtle.verify(SCHEMES[token.version].verifyAlgorithm, key.key, signature, pae(pieces));
  return { message, verified };
}
