import { createPrivateKey, type KeyObject } from 'node:crypto';
import { DomainError } from '../../shared/errors.js';
import { readJwk } from '../../keys/read-keys.js';
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
/** The curves that sign, by node:crypto's name: RFC 7518's name, and what a key on it makes. */
const EC_CURVES: ReadonlyMap<string, readonly [crv: string, algorithms: readonly SigningAlgorithm[]]> = new Map(
  (
    [
      ['prime256v1', 'P-256'],
      ['secp384r1', 'P-384'],
      ['secp521r1', 'P-521'],
    ] as const
  ).map(([name, crv]) => [name, [crv, algorithmsForKey(SIGNING_ALGORITHMS, `EC ${crv}`)]]),
);
/** RFC 7518 §3.2: an HMAC key at least as long as the hash. */
export const MIN_SECRET_BYTES: Readonly<Record<string, number>> = { HS256: 32, HS384: 48, HS512: 64 };

function secretRead(member: 'secret' | 'key', bytes: Uint8Array, id: string | null, jwkAlg: string | null): SigningKeyRead {
  return {
    member,
    key: { kind: 'secret', bytes },
    algorithms: jwkAlg === null ? HMAC : HMAC.filter((alg) => alg === jwkAlg),
    // HMAC is never empty (above).
    defaultAlgorithm: (jwkAlg as SigningAlgorithm | null) ?? (HMAC[0] as SigningAlgorithm),
    id,
    words: member === 'secret' ? 'a secret' : 'an oct JWK',
  };
}

/** A private KeyObject's row of §4g's table, or a 400 for another type, curve or RSA size. */
function privateRead(key: KeyObject, id: string | null, jwkAlg: string | null): SigningKeyRead {
  const type = key.asymmetricKeyType;
  let row: { algorithms: readonly SigningAlgorithm[]; words: string };
  if (type === 'rsa') {
    const bits = key.asymmetricKeyDetails?.modulusLength as number;
    if (bits < MIN_RSA_BITS || bits > MAX_RSA_BITS) {
      throw refuse('key', `an RSA key of ${bits} bits; signing needs ${MIN_RSA_BITS} to ${MAX_RSA_BITS} bits (RFC 7518 §3.3)`);
    }
    row = { algorithms: RSA, words: `an RSA key of ${bits} bits` };
  } else if (type === 'ec' && EC_CURVES.has(key.asymmetricKeyDetails?.namedCurve ?? '')) {
    const [curve, algorithms] = EC_CURVES.get(key.asymmetricKeyDetails?.namedCurve ?? '') as readonly [string, readonly SigningAlgorithm[]];
    row = { algorithms, words: `an EC ${curve} key` };
  } else if (type === 'ed25519') {
    row = { algorithms: ED25519, words: 'an Ed25519 key' };
  } else {
    const what = type === 'ec' ? `an EC key on ${key.asymmetricKeyDetails?.namedCurve ?? 'an unnamed curve'}` : `a ${type ?? 'secret'} key`;
    throw refuse('key', `${what} cannot sign here; keys are RSA, EC on P-256, P-384 or P-521, and Ed25519`);
  }
  if (jwkAlg !== null && !row.algorithms.includes(jwkAlg as SigningAlgorithm)) {
    throw refuse('key', `its alg ${jwkAlg} is not one ${row.words} makes (${row.algorithms.join(', ')})`);
  }
  return {
    member: 'key',
    key: { kind: 'private', key },
    algorithms: jwkAlg === null ? row.algorithms : [jwkAlg as SigningAlgorithm],
    // No row's list is empty (above).
    defaultAlgorithm: (jwkAlg as SigningAlgorithm | null) ?? (row.algorithms[0] as SigningAlgorithm),
    id,
    words: row.words,
  };
}

function jwkRead(value: unknown): SigningKeyRead {
  const read = readJwk(value, 'the JWK');
  if (!read.private) throw refuse('key', 'this is a public key; signing needs a private key');
  if (read.use !== null && read.use !== 'sig') throw refuse('key', `its use is ${JSON.stringify(read.use)}, not "sig"`);
  if (read.keyOps !== null && !read.keyOps.includes('sign')) throw refuse('key', 'its key_ops do not include "sign"');
  if (read.required.kty === 'oct') return secretRead('key', Buffer.from(read.required.k, 'base64url'), read.kid, read.alg);
  let key: KeyObject;
  try {
    key = createPrivateKey({ key: value as JsonObject, format: 'jwk' });
  } catch {
    throw refuse('key', `the JWK's private members do not make a private ${read.required.kty} key`);
  }
  return privateRead(key, read.kid, read.alg);
}

const PRIVATE_PEM = /^-----BEGIN (PRIVATE KEY|RSA PRIVATE KEY|EC PRIVATE KEY)-----\r?\n[\s\S]*-----END \1-----$/;

function pemRead(text: string): SigningKeyRead {
  if (/-----BEGIN (PUBLIC KEY|RSA PUBLIC KEY|CERTIFICATE)-----/.test(text)) {
    throw refuse('key', 'this is a public key or a certificate; signing needs a private key');
  }
  if (text.includes('ENCRYPTED')) throw refuse('key', 'this PEM is encrypted; send the private key unencrypted');
  if (!PRIVATE_PEM.test(text)) throw refuse('key', 'a PEM must be one PRIVATE KEY, RSA PRIVATE KEY or EC PRIVATE KEY block');
  let key: KeyObject;
  try {
    key = createPrivateKey({ key: text, format: 'pem' });
  } catch {
    throw refuse('key', 'the PEM does not hold a private key that can be read');
  }
  return privateRead(key, null, null);
}

/** The signing key of a request: `secret`, `key` (a JWK object or string, or a PEM), already the only one given. */
export function readSigningKey(secret: string | undefined, key: string | object | undefined): SigningKeyRead {
  if (secret !== undefined) {
    if (secret.length > MAX_SIGNING_KEY_LENGTH) throw refuse('secret', `longer than ${MAX_SIGNING_KEY_LENGTH} characters`);
    return secretRead('secret', Buffer.from(secret), null, null);
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
      return jwkRead(parsed);
    }
    return pemRead(text);
  }
  return jwkRead(key);
}
