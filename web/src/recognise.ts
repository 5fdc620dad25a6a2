/** What the one input holds, decided before anything is sent. */
export type Recognised =
  | { readonly kind: 'empty' }
  /** Any JOSE form: compact JWS or JWE, a JSON serialization, an SD-JWT. */
  | { readonly kind: 'token'; readonly value: string }
  /** An RFC 3339 or RFC 9557 date-time, read by to-unix (with the picked zone when it names none). */
  | { readonly kind: 'datetime'; readonly value: string; readonly hasZone: boolean }
  /** A number or an ID: identify reads every epoch and time-bearing ID it may be. */
  | { readonly kind: 'value'; readonly value: string };

const BASE64URL = /^[A-Za-z0-9_-]*={0,2}$/;
const DATE_TIME = /^\d{4}-\d{2}-\d{2}[Tt ]\d{2}:\d{2}/;
const OFFSET_OR_ZONE = /(?:[Zz]|[+-]\d{2}:\d{2}(?::\d{2})?|\[[^\]]+\])\s*$/;

/** A JOSE header is a JSON object, so its base64url always starts with `e` (`{` is 0x7B). */
function isCompact(text: string): boolean {
  const parts = text.split('.');
  if (parts.length !== 3 && parts.length !== 5) return false;
  return parts[0]!.startsWith('e') && parts.every((part) => BASE64URL.test(part));
}

/**
 * Decides what a pasted text is. Tokens are recognised by shape (`Bearer `
 * stripped, as the service does); a date-time by its leading date; anything
 * else goes to identify, which also says when nothing reads it.
 */
export function recognise(input: string): Recognised {
  const text = input.trim();
  if (text === '') return { kind: 'empty' };
  const bare = text.replace(/^bearer\s+/i, '');
  if (bare.startsWith('{') || (bare.includes('~') && isCompact(bare.slice(0, bare.indexOf('~')))) || isCompact(bare)) {
    return { kind: 'token', value: text };
  }
  if (DATE_TIME.test(text)) return { kind: 'datetime', value: text, hasZone: OFFSET_OR_ZONE.test(text) };
  return { kind: 'value', value: text };
}
