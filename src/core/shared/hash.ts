// The hashes the token and key contexts compute (thumbprints, `x5t`, SD-JWT digests, ID token hashes), synchronous and
// in plain JavaScript (@noble/hashes), so the core runs wherever JavaScript does: Web Crypto's digest is asynchronous,
// which would make every reader that hashes asynchronous too (ADR 0008 has the choice and its measurements).
import { sha1 } from '@noble/hashes/legacy';
import { sha256, sha384, sha512 } from '@noble/hashes/sha2';
import { shake256 } from '@noble/hashes/sha3';
import { utf8 } from './bytes.js';

export type HashName = 'sha1' | 'sha256' | 'sha384' | 'sha512';

const HASHES: Readonly<Record<HashName, (input: Uint8Array) => Uint8Array>> = { sha1, sha256, sha384, sha512 };

/** The digest of `input`, a text read as UTF-8 (ASCII, for the base64url and JSON that JOSE hashes). */
export const digest = (name: HashName, input: Uint8Array | string): Uint8Array =>
  HASHES[name](typeof input === 'string' ? utf8(input) : input);

/** SHAKE256 (FIPS 202) of a text's UTF-8, `bytes` long: Ed448's hash in OpenID's token hash guide. */
export const shake256Of = (input: string, bytes: number): Uint8Array => shake256(utf8(input), { dkLen: bytes });
