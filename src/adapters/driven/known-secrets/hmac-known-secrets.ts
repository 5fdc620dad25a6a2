import { createHmac } from 'node:crypto';
import type { HmacAlgorithm } from '../../../core/jwt/ports/known-secrets.js';
import { KnownSecretsSearch } from '../portable/known-secrets-search.js';
import { KNOWN_SECRETS } from './list.js';

const DIGEST: Record<HmacAlgorithm, string> = { HS256: 'sha256', HS384: 'sha384', HS512: 'sha512' };

/** The known-secrets search (KnownSecretsSearch) with node:crypto's HMAC, the server's fastest. */
export class HmacKnownSecrets extends KnownSecretsSearch {
  constructor(secrets: readonly string[] = KNOWN_SECRETS) {
    super((algorithm, key, input) => createHmac(DIGEST[algorithm], key).update(input).digest(), secrets);
  }
}
