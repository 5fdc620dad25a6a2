/** What the one input holds, decided before anything is sent. */
export type Recognised =
  | { readonly kind: 'empty' }
  /** Any JOSE form: compact JWS or JWE, a JSON serialization, an SD-JWT. */
  | { readonly kind: 'token'; readonly value: string }
  /** Key material: a JWK (`kty`), a JWK Set (`keys`) or PEM text, which inspect-key reads. */
  | { readonly kind: 'key'; readonly value: string }
  /** Anything else: a number, an ID or a date however written. The service says what it is (identify), not the page. */
  | { readonly kind: 'value'; readonly value: string };

const BASE64URL = /^[A-Za-z0-9_-]*={0,2}$/;

/** A JOSE header is a JSON object, so its base64url always starts with `e` (`{` is 0x7B). */
function isCompact(text: string): boolean {
  const parts = text.split('.');
  if (parts.length !== 3 && parts.length !== 5) return false;
  return parts[0]!.startsWith('e') && parts.every((part) => BASE64URL.test(part));
}

/** A JSON object with `kty` or `keys` is a key; any other JSON object is a token's JSON serialization. */
function isJwkJson(text: string): boolean {
  try {
    const parsed: unknown = JSON.parse(text);
    return typeof parsed === 'object' && parsed !== null && ('kty' in parsed || 'keys' in parsed);
  } catch {
    return false;
  }
}

/**
 * Decides what a pasted text is. Keys (PEM text, a JWK or JWK Set) go to
 * inspect-key. Tokens are recognised by shape (`Bearer `
 * stripped, as the service does). Anything else, numbers, IDs and dates in
 * any form, is a value: the page holds no date grammar of its own (issue 45),
 * so identify, the service's one reader, says what it is.
 */
export function recognise(input: string): Recognised {
  const text = input.trim();
  if (text === '') return { kind: 'empty' };
  if (text.includes('-----BEGIN ') || (text.startsWith('{') && isJwkJson(text))) return { kind: 'key', value: text };
  const bare = text.replace(/^bearer\s+/i, '');
  if (bare.startsWith('{') || (bare.includes('~') && isCompact(bare.slice(0, bare.indexOf('~')))) || isCompact(bare)) {
    return { kind: 'token', value: text };
  }
  return { kind: 'value', value: text };
}
