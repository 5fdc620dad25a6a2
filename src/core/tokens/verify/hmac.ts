// The HMAC schedules of the signed values of contract §12 (itsdangerous, Flask, Django, Express, Fernet's signing key):
// @noble/hashes, synchronous and in plain JavaScript as the core's other hashes are (ADR 0008), so one check costs a
// few microseconds and runs wherever JavaScript does.
import { hmac } from '@noble/hashes/hmac';
import { sha1 } from '@noble/hashes/legacy';
import { sha256 } from '@noble/hashes/sha2';
import { concatBytes, utf8 } from '../../shared/bytes.js';
import type { KeyDerivation, TokenDigest } from '../vocabulary.js';

const HASHES = { sha1, sha256 } as const;

/** HMAC-`digest` of `message` under `key`; text is read as UTF-8. */
export const hmacOf = (digest: TokenDigest, key: Uint8Array | string, message: Uint8Array | string): Uint8Array =>
  hmac(HASHES[digest], typeof key === 'string' ? utf8(key) : key, typeof message === 'string' ? utf8(message) : message);

const hashOf = (digest: TokenDigest, input: Uint8Array): Uint8Array => HASHES[digest](input);

const SIGNER = utf8('signer');

/**
 * The signing key itsdangerous's `Signer.derive_key` makes from a secret and a salt: `concat` H(salt + secret),
 * `django-concat` H(salt + "signer" + secret), `hmac` HMAC(secret, salt), `none` the secret itself. Django's
 * `salted_hmac(salt + "signer", …)` is `django-concat`.
 */
export function deriveKey(derivation: KeyDerivation, digest: TokenDigest, secret: string, salt: string): Uint8Array {
  const secretBytes = utf8(secret);
  const saltBytes = utf8(salt);
  switch (derivation) {
    case 'concat':
      return hashOf(digest, concatBytes([saltBytes, secretBytes]));
    case 'django-concat':
      return hashOf(digest, concatBytes([saltBytes, SIGNER, secretBytes]));
    case 'hmac':
      return hmacOf(digest, secretBytes, saltBytes);
    case 'none':
      return secretBytes;
  }
}

/**
 * Whether two byte strings are equal, in a time that depends on their lengths alone: every byte is compared, so how
 * long a refusal takes says nothing of how much of a forged signature was right.
 */
export function equalBytes(a: Uint8Array, b: Uint8Array): boolean {
  if (a.length !== b.length) return false;
  let difference = 0;
  for (let at = 0; at < a.length; at++) difference |= (a[at] as number) ^ (b[at] as number);
  return difference === 0;
}

/** Whether a signature as written (text) is the expected one, compared as `equalBytes` compares. */
export const equalText = (written: string, expected: string): boolean => equalBytes(utf8(written), utf8(expected));
