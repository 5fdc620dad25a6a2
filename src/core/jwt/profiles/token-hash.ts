import { base64url } from '../../shared/bytes.js';
import { digest, shake256Of, type HashName } from '../../shared/hash.js';

// OpenID Connect Core 1.0 §3.2.2.9 and §3.3.2.10, FAPI 1.0 Advanced §5.1, and the OpenID Connect Token Hash
// Algorithm Implementer's Guide 1.0 for the EdDSA family: the hash each alg names.
interface NamedHash {
  readonly hash: HashName | 'shake256';
  readonly bytes?: number;
}
const HASH_OF_ALG: ReadonlyMap<string, NamedHash> = new Map<string, NamedHash>([
  ...['HS256', 'RS256', 'PS256', 'ES256', 'ES256K'].map((alg) => [alg, { hash: 'sha256' }] as const),
  ...['HS384', 'RS384', 'PS384', 'ES384'].map((alg) => [alg, { hash: 'sha384' }] as const),
  ...['HS512', 'RS512', 'PS512', 'ES512', 'Ed25519', 'EdDSA'].map((alg) => [alg, { hash: 'sha512' }] as const),
  ['Ed448', { hash: 'shake256', bytes: 114 }],
]);

/**
 * The ID token hash of `value` (`at_hash`, `c_hash`, `s_hash`): the left-most half of the hash that `alg`
 * names, over the value's ASCII octets, base64url without padding; undefined for an alg that names no hash.
 */
export function idTokenHash(alg: unknown, value: string): string | undefined {
  const named = typeof alg === 'string' ? HASH_OF_ALG.get(alg) : undefined;
  if (named === undefined) return undefined;
  // The value is ASCII (an access token, a code, a state), so its UTF-8 is the ASCII the guide hashes.
  const hashed = named.hash === 'shake256' ? shake256Of(value, named.bytes ?? 0) : digest(named.hash, value);
  return base64url(hashed.subarray(0, hashed.length / 2));
}
