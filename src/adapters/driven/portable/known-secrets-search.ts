import type { HmacAlgorithm, KnownSecrets } from '../../../core/jwt/ports/known-secrets.js';
import { utf8 } from '../../../core/shared/bytes.js';
import { KNOWN_SECRETS } from '../known-secrets/list.js';

/** The HMAC of `input` under `key` with `algorithm`'s hash: what each host computes its own way. */
export type Hmac = (algorithm: HmacAlgorithm, key: Uint8Array, input: Uint8Array) => Uint8Array;

/** A MAC's length in bytes, and so in base64url characters without padding (RFC 7518 §3.2). */
const MAC_BYTES: Readonly<Record<HmacAlgorithm, number>> = { HS256: 32, HS384: 48, HS512: 64 };
const BASE64URL = /^[A-Za-z0-9_-]*$/;

/** Whether two byte strings of the same length are equal, in a time that does not depend on where they differ. */
function equalInConstantTime(a: Uint8Array, b: Uint8Array): boolean {
  let difference = a.length ^ b.length;
  // Both are MAC_BYTES long (find checks the signature's length), so every index is in both.
  for (let i = 0; i < a.length; i++) difference |= (a[i] as number) ^ (b[i] as number);
  return difference === 0;
}

/**
 * Tries each publicly known secret against an HMAC signature and compares each result with the signature in constant
 * time: the one search of every host, which gives only the HMAC itself (node:crypto on the server, plain JavaScript in
 * the browser). It never says which secrets it tried, only the one that matched.
 */
export class KnownSecretsSearch implements KnownSecrets {
  private readonly secrets: readonly string[];
  /** Each secret's UTF-8 bytes, encoded once. */
  private readonly keys: readonly Uint8Array[];

  constructor(
    private readonly hmac: Hmac,
    secrets: readonly string[] = KNOWN_SECRETS,
  ) {
    this.secrets = [...new Set(secrets)];
    this.keys = this.secrets.map(utf8);
  }

  get size(): number {
    return this.secrets.length;
  }

  find(algorithm: HmacAlgorithm, signingInput: string, signature: string): string | undefined {
    const bytes = MAC_BYTES[algorithm];
    // A signature of another length cannot be this algorithm's MAC: unpadded base64url of `bytes` bytes is this long.
    if (signature.length !== Math.ceil((bytes * 4) / 3) || !BASE64URL.test(signature)) return undefined;
    const expected = Uint8Array.fromBase64(signature, { alphabet: 'base64url' });
    const input = utf8(signingInput);
    let found: string | undefined;
    for (const [index, key] of this.keys.entries()) {
      // Every candidate is compared, even after a match, so the time taken says nothing of which one matched.
      if (equalInConstantTime(this.hmac(algorithm, key, input), expected) && found === undefined) found = this.secrets[index];
    }
    return found;
  }
}
