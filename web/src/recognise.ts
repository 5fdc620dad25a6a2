/** What the one input holds, decided before anything is sent. */
export type Recognised =
  | { readonly kind: 'empty' }
  /** Any JOSE form: compact JWS or JWE, a JSON serialization, an SD-JWT. */
  | { readonly kind: 'token'; readonly value: string }
  /** Key material: a JWK (`kty`), a JWK Set (`keys`) or PEM text, which inspect-key reads. */
  | { readonly kind: 'key'; readonly value: string }
  /** An RFC 3339 date-time with `T` (RFC 9557's zone allowed), as to-unix reads it (with the picked zone when it names none). */
  | { readonly kind: 'datetime'; readonly value: string; readonly hasZone: boolean }
  /** A number, an ID or any other date written as text: identify reads every format it may be. */
  | { readonly kind: 'value'; readonly value: string };

const BASE64URL = /^[A-Za-z0-9_-]*={0,2}$/;
// What to-unix reads (contract §3): a date, T, a time with seconds, then an offset, a bracketed zone, or neither.
const DATE_TIME = /^\d{4}-\d{2}-\d{2}[Tt]\d{2}:\d{2}:\d{2}(?:\.\d+)?(?:[Zz]|[+-]\d{2}:\d{2})?(?:\[[^\]]+\])?$/;
const OFFSET_OR_ZONE = /(?:[Zz]|[+-]\d{2}:\d{2}(?::\d{2})?|\[[^\]]+\])\s*$/;

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
 * stripped, as the service does); a date-time that to-unix reads goes there,
 * so that a wall-clock time shows its DST resolution; anything else, numbers,
 * IDs and dates in other forms (HTTP, SQL, logs), goes to identify, which also
 * says when nothing reads it.
 */
export function recognise(input: string): Recognised {
  const text = input.trim();
  if (text === '') return { kind: 'empty' };
  if (text.includes('-----BEGIN ') || (text.startsWith('{') && isJwkJson(text))) return { kind: 'key', value: text };
  const bare = text.replace(/^bearer\s+/i, '');
  if (bare.startsWith('{') || (bare.includes('~') && isCompact(bare.slice(0, bare.indexOf('~')))) || isCompact(bare)) {
    return { kind: 'token', value: text };
  }
  if (DATE_TIME.test(text)) return { kind: 'datetime', value: text, hasZone: OFFSET_OR_ZONE.test(text) };
  return { kind: 'value', value: text };
}
