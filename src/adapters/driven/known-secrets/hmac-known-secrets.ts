import { createHmac, timingSafeEqual } from 'node:crypto';
import type { HmacAlgorithm, KnownSecrets } from '../../../core/jwt/ports/known-secrets.js';
import { KNOWN_SECRETS } from './list.js';

const DIGEST: Record<HmacAlgorithm, string> = { HS256: 'sha256', HS384: 'sha384', HS512: 'sha512' };
const BASE64URL = /^[A-Za-z0-9_-]*$/;

/**
 * Tries each publicly known secret with node:crypto's HMAC and compares the
 * result with the signature in constant time. It never says which secrets it
 * tried, only the one that matched.
 */
export class HmacKnownSecrets implements KnownSecrets {
  private readonly secrets: readonly string[];

  constructor(secrets: readonly string[] = KNOWN_SECRETS) {
    this.secrets = [...new Set(secrets)];
  }

  get size(): number {
    return this.secrets.length;
  }

  find(algorithm: HmacAlgorithm, signingInput: string, signature: string): string | undefined {
    if (!BASE64URL.test(signature)) return undefined;
    const expected = Buffer.from(signature, 'base64url');
    const digest = DIGEST[algorithm];
    // A signature of the wrong length cannot be this algorithm's MAC.
    if (expected.length !== createHmac(digest, '').digest().length) return undefined;
    const input = Buffer.from(signingInput, 'utf8');
    let found: string | undefined;
    for (const secret of this.secrets) {
      const mac = createHmac(digest, secret).update(input).digest();
      // Every candidate is compared, even after a match, so the time taken says nothing of which one matched.
      if (timingSafeEqual(mac, expected) && found === undefined) found = secret;
    }
    return found;
  }
}
