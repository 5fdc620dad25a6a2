import { DomainError } from '../../shared/errors.js';
import { utf8 } from '../../shared/bytes.js';
import { readJwk } from '../../keys/read-keys.js';
import type { KeyCodec, PrivateKey, PublicKey } from '../../keys/ports/key-codec.js';
import { algorithmsForKey, SIGNING_ALGORITHMS } from '../../shared/algorithms.js';
import type { SigningAlgorithm, SigningKey } from '../ports/token-signer.js';
import type { JsonObject } from '../../shared/json.js';

/** The longest `secret` or `key` string (contract §4g). */
export const MAX_SIGNING_KEY_LENGTH = 8192;
const MIN_RSA_BITS = 2048;
const MAX_RSA_BITS = 8192;

/** What a key can make, and what it says of itself. */
export interface SigningKeyRead {
  /** The member the key came in: messages name it. */
  readonly member: 'secret' | 'key';
  readonly key: SigningKey;
  /** The algorithms of its row of §4g's table, or only the JWK's own `alg`. */
  readonly algorithms: readonly SigningAlgorithm[];
  /** The algorithm it makes when nothing else names one (§4g, "Choosing the algorithm", 3). */
  readonly defaultAlgorithm: SigningAlgorithm;
  /** A private key's public key and its JWK members, as reading it checked them; null for a secret. */
  readonly publicKey: { readonly key: PublicKey; readonly jwk: JsonObject } | null;
  /** A JWK's string `kid`. */
  readonly id: string | null;
  /** In words, for messages: "an EC P-256 key". */
  readonly words: string;
}

const refuse = (member: string, message: string): DomainError => new DomainError('SIGN_KEY_INVALID', `${member}: ${message}`);

/**
 * §4g's table, from the algorithms' one table: what each kind of key that signs makes, the first of them when nothing
 * names one. Every kind here has its rows there, so no list is empty.
 */
const HMAC = algorithmsForKey(SIGNING_ALGORITHMS, 'oct');
const RSA = algorithmsForKey(SIGNING_ALGORITHMS, 'RSA');
const ED25519 = algorithmsForKey(SIGNING_ALGORITHMS, 'OKP Ed25519');
/** Whether an EC private key's d (base64url, as its JWK writes it) lies in [1, n − 1] for the curve's order n. */
function scalarInRange(d: unknown, order: bigint): boolean {
  if (typeof d !== 'string') return false;
  const value = BigInt(`0x0${Uint8Array.fromBase64(d, { alphabet: 'base64url' }).toHex()}`);
  return value >= 1n && value < order;
}

/**
 * The curves that sign, by the name a key codec gives (OpenSSL's): RFC 7518's name, what a key on it makes, and the
 * order n of its base point, from SEC 2 v2.0 §2.4.2 (secp256r1), §2.5.1 (secp384r1) and §2.6.1 (secp521r1): an EC
 * private key's d is an integer in [1, n − 1] (SEC 1 v2.0 §3.2.1).
 */
const EC_CURVES: ReadonlyMap<string, readonly [crv: string, algorithms: readonly SigningAlgorithm[], order: bigint]> = new Map(
  (
    [
      ['prime256v1', 'P-256', 0xffffffff00000000ffffffffffffffffbce6faada7179e84f3b9cac2fc632551n],
      ['secp384r1', 'P-384', 0xffffffffffffffffffffffffffffffffffffffffffffffffc7634d81f4372ddf581a0db248b0a77aecec196accc52973n],
      [
        'secp521r1',
        'P-521',
        0x01fffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffa51868783bf2f966b7fcc0148f709a5d03bb5c9b8899c47aebb6fb71e91386409n,
      ],
    ] as const
  ).map(([name, crv, order]) => [name, [crv, algorithmsForKey(SIGNING_ALGORITHMS, `EC ${crv}`), order]]),
);
/** RFC 7518 §3.2: an HMAC key at least as long as the hash. */
export const MIN_SECRET_BYTES: Readonly<Record<string, number>> = { HS256: 32, HS384: 48, HS512: 64 };

function secretRead(member: 'secret' | 'key', bytes: Uint8Array, id: string | null, jwkAlg: string | null): SigningKeyRead {
  return {
    member,
    key: { kind: 'secret', bytes },
    algorithms: jwkAlg === null ? HMAC : HMAC.filter((alg) => alg === jwkAlg),
    // HMAC is never empty (above). A JWK's alg outside it is not in `algorithms`, so chooseAlgorithm refuses it.
    defaultAlgorithm: (jwkAlg as SigningAlgorithm | null) ?? (HMAC[0] as SigningAlgorithm),
    publicKey: null,
    id,
    words: member === 'secret' ? 'a secret' : 'an oct JWK',
  };
}

/**
 * A private key's row of §4g's table, or a 400 for another type, curve or RSA size, or with `unusable` for a private key
 * that is no key: one whose public key the codec writes no JWK of (an EC key whose d is 0, whose public key is the point
 * at infinity), which could neither sign nor be shown.
 */
function privateRead(keys: KeyCodec, key: PrivateKey, id: string | null, jwkAlg: string | null, unusable: string): SigningKeyRead {
  const { type, curve: hostCurve, bits: modulusBits } = keys.facts(key);
  const ec = type === 'ec' ? EC_CURVES.get(hostCurve ?? '') : undefined;
  let row: { algorithms: readonly SigningAlgorithm[]; words: string };
  if (type === 'rsa') {
    // A codec gives every RSA key its size; one without is refused as too small.
    const bits = modulusBits ?? 0;
    if (bits < MIN_RSA_BITS || bits > MAX_RSA_BITS) {
      throw refuse('key', `an RSA key of ${bits} bits; signing needs ${MIN_RSA_BITS} to ${MAX_RSA_BITS} bits (RFC 7518 §3.3)`);
    }
    row = { algorithms: RSA, words: `an RSA key of ${bits} bits` };
  } else if (ec !== undefined) {
    const [curve, algorithms] = ec;
    row = { algorithms, words: `an EC ${curve} key` };
  } else if (type === 'ed25519') {
    row = { algorithms: ED25519, words: 'an Ed25519 key' };
  } else {
    const what = type === 'ec' ? `an EC key on ${hostCurve ?? 'an unnamed curve'}` : `a ${type} key`;
    throw refuse('key', `${what} cannot sign here; keys are RSA, EC on P-256, P-384 or P-521, and Ed25519`);
  }
  let publicKey: SigningKeyRead['publicKey'];
  try {
    const publicOfKey = keys.publicKeyOf(key);
    publicKey = { key: publicOfKey, jwk: keys.publicJwk(publicOfKey) };
  } catch {
    throw refuse('key', unusable);
  }
  // A d of n or more makes a public key (d mod n) but no signature: Web Crypto refuses to import it.
  if (ec !== undefined && !scalarInRange(keys.privateJwk(key).d, ec[2])) throw refuse('key', unusable);
  // includes only compares: any string may be looked for.
  if (jwkAlg !== null && !row.algorithms.includes(jwkAlg as SigningAlgorithm)) {
    throw refuse('key', `its alg ${jwkAlg} is not one ${row.words} makes (${row.algorithms.join(', ')})`);
  }
  return {
    member: 'key',
    key: { kind: 'private', key },
    // A JWK's alg is one of its row's (checked above), and no row's list is empty (above).
    algorithms: jwkAlg === null ? row.algorithms : [jwkAlg as SigningAlgorithm],
    defaultAlgorithm: (jwkAlg as SigningAlgorithm | null) ?? (row.algorithms[0] as SigningAlgorithm),
    publicKey,
    id,
    words: row.words,
  };
}

function jwkRead(keys: KeyCodec, value: unknown): SigningKeyRead {
  const read = readJwk(keys, value, 'the JWK');
  if (!read.private) throw refuse('key', 'this is a public key; signing needs a private key');
  if (read.use !== null && read.use !== 'sig') throw refuse('key', `its use is ${JSON.stringify(read.use)}, not "sig"`);
  if (read.keyOps !== null && !read.keyOps.includes('sign')) throw refuse('key', 'its key_ops do not include "sign"');
  if (read.required.kty === 'oct') {
    return secretRead('key', Uint8Array.fromBase64(read.required.k, { alphabet: 'base64url' }), read.kid, read.alg);
  }
  const unusable = `the JWK's private members do not make a private ${read.required.kty} key`;
  let key: PrivateKey;
  try {
    // readJwk read it as a JSON object (it throws for anything else).
    key = keys.privateKeyFromJwk(value as JsonObject);
  } catch {
    throw refuse('key', unusable);
  }
  return privateRead(keys, key, read.kid, read.alg, unusable);
}

const PRIVATE_PEM = /^-----BEGIN (PRIVATE KEY|RSA PRIVATE KEY|EC PRIVATE KEY)-----\r?\n[\s\S]*-----END \1-----$/;

function pemRead(keys: KeyCodec, text: string): SigningKeyRead {
  if (/-----BEGIN (PUBLIC KEY|RSA PUBLIC KEY|CERTIFICATE)-----/.test(text)) {
    throw refuse('key', 'this is a public key or a certificate; signing needs a private key');
  }
  if (text.includes('ENCRYPTED')) throw refuse('key', 'this PEM is encrypted; send the private key unencrypted');
  if (!PRIVATE_PEM.test(text)) throw refuse('key', 'a PEM must be one PRIVATE KEY, RSA PRIVATE KEY or EC PRIVATE KEY block');
  const unusable = 'the PEM does not hold a private key that can be read';
  let key: PrivateKey;
  try {
    key = keys.privateKeyFromPem(text);
  } catch {
    throw refuse('key', unusable);
  }
  return privateRead(keys, key, null, null, unusable);
}

/**
 * The signing key of a request: `secret`, `key` (a JWK object or string, or a PEM), already the only one given; a
 * private key imported by `keys`, the host's key codec.
 */
export function readSigningKey(keys: KeyCodec, secret: string | undefined, key: string | object | undefined): SigningKeyRead {
  if (secret !== undefined) {
    if (secret.length > MAX_SIGNING_KEY_LENGTH) throw refuse('secret', `longer than ${MAX_SIGNING_KEY_LENGTH} characters`);
    return secretRead('secret', utf8(secret), null, null);
  }
  if (typeof key === 'string') {
    if (key.length > MAX_SIGNING_KEY_LENGTH) throw refuse('key', `longer than ${MAX_SIGNING_KEY_LENGTH} characters`);
    const text = key.trim();
    if (text.startsWith('{')) {
      let parsed: unknown;
      try {
        parsed = JSON.parse(text);
      } catch {
        throw refuse('key', 'a string that starts with { must be a JWK as JSON');
      }
      return jwkRead(keys, parsed);
    }
    return pemRead(keys, text);
  }
  return jwkRead(keys, key);
}
