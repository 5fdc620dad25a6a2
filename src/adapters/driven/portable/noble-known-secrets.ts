import { hmac } from '@noble/hashes/hmac';
import { sha256, sha384, sha512 } from '@noble/hashes/sha2';
import type { HmacAlgorithm } from '../../../core/jwt/ports/known-secrets.js';
import { KNOWN_SECRETS } from '../known-secrets/list.js';
import { KnownSecretsSearch } from './known-secrets-search.js';

const HASH = { HS256: sha256, HS384: sha384, HS512: sha512 } as const satisfies Record<HmacAlgorithm, unknown>;

/**
 * The known-secrets search with @noble/hashes' HMAC, synchronous as the port is and in plain JavaScript, so that it runs
 * in any host (Web Crypto's HMAC answers only asynchronously).
 */
export class NobleKnownSecrets extends KnownSecretsSearch {
  constructor(secrets: readonly string[] = KNOWN_SECRETS) {
    super((algorithm, key, input) => hmac(HASH[algorithm], key, input), secrets);
  }
}
