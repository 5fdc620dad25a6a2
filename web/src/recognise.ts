import { CREDENTIAL_FORMATS, secretCredentialsIn, tokenShapes } from 'timestamp-jwt-client';

/** What the one input holds, decided before anything is sent. */
export type Recognised =
  | { readonly kind: 'empty' }
  /** Any JOSE form: compact JWS or JWE, a JSON serialization, an SD-JWT. */
  | { readonly kind: 'token'; readonly value: string }
  /** Key material: a JWK (`kty`), a JWK Set (`keys`) or PEM text, which inspect-key reads. */
  | { readonly kind: 'key'; readonly value: string }
  /**
   * A value of a format beyond JWT (contract §12), by the service's own grammar: token.identify reads it. `credentials`
   * are the credential formats among `formats` (orders 1–8), flagged the moment they are pasted, before any answer.
   */
  | { readonly kind: 'format'; readonly value: string; readonly formats: readonly string[]; readonly credentials: readonly string[] }
  /** Anything else: a number, an ID or a date however written. The service says what it is (identify), not the page. */
  | { readonly kind: 'value'; readonly value: string };

const BASE64URL = /^[A-Za-z0-9_-]*={0,2}$/;

/** A JOSE header is a JSON object, so its base64url always starts with `e` (`{` is 0x7B). */
function isCompact(text: string): boolean {
  const parts = text.split('.');
  if (parts.length !== 3 && parts.length !== 5) return false;
  return parts[0]!.startsWith('e') && parts.every((part) => BASE64URL.test(part));
}

/** Whether a compact value's first part is a JOSE header: base64url of a JSON object naming its `alg`, as every JWS and JWE does. */
function hasJoseHeader(text: string): boolean {
  const first = text.split('.')[0]!;
  try {
    const binary = atob(
      first
        .replace(/-/g, '+')
        .replace(/_/g, '/')
        .padEnd(Math.ceil(first.length / 4) * 4, '='),
    );
    const header: unknown = JSON.parse(
      new TextDecoder('utf-8', { fatal: true }).decode(Uint8Array.from(binary, (char) => char.charCodeAt(0))),
    );
    return typeof header === 'object' && header !== null && typeof (header as { alg?: unknown }).alg === 'string';
  } catch {
    return false;
  }
}

const CREDENTIALS: ReadonlySet<string> = new Set(CREDENTIAL_FORMATS);

/** Whether `format` is one of contract §12's credential formats (orders 1–8), whose value is masked and never shared. */
export const isCredentialFormat = (format: string): boolean => CREDENTIALS.has(format);

/** The credential formats whose grammar the text, trimmed, matches: none for anything else. */
export const credentialsIn = (text: string): string[] => tokenShapes(text.trim()).filter(isCredentialFormat);

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
 * stripped, as the service does). A value of a format of contract §12 (a
 * Flask cookie, a PASETO, an API key) is recognised by the service's own
 * grammar, which the client package carries, so that a credential is flagged
 * before anything is sent; a compact value whose header is a JOSE header stays
 * a token, since a Flask cookie looks like a JWT only until its header is read.
 * Anything else, numbers, IDs and dates in any form, is a value: the page holds
 * no date grammar of its own (issue 45), so identify, the service's one
 * reader, says what it is.
 */
export function recognise(input: string): Recognised {
  const text = input.trim();
  if (text === '') return { kind: 'empty' };
  if (text.includes('-----BEGIN ') || (text.startsWith('{') && isJwkJson(text))) return { kind: 'key', value: text };
  const bare = text.replace(/^bearer\s+/i, '');
  const formats = isCompact(bare) && hasJoseHeader(bare) ? [] : tokenShapes(text);
  if (formats.length > 0) {
    return { kind: 'format', value: text, formats, credentials: secretCredentialsIn(text) };
  }
  if (bare.startsWith('{') || (bare.includes('~') && isCompact(bare.slice(0, bare.indexOf('~')))) || isCompact(bare)) {
    return { kind: 'token', value: text };
  }
  return { kind: 'value', value: text };
}
