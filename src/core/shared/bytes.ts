// Bytes as text, with the runtime's own Uint8Array methods (base64 and hex, in every engine the core runs on), so the
// core needs no Buffer and runs wherever JavaScript does (contract §11).

/** base64url without padding (RFC 4648 §5), as JOSE writes it. */
export const base64url = (bytes: Uint8Array): string => bytes.toBase64({ alphabet: 'base64url', omitPadding: true });

/** Standard base64 with padding (RFC 4648 §4), as PEM and `x5c` write it. */
export const base64 = (bytes: Uint8Array): string => bytes.toBase64();

/** Lowercase hex, two digits a byte. */
export const hex = (bytes: Uint8Array): string => bytes.toHex();

/** The UTF-8 bytes of a text. */
export const utf8 = (text: string): Uint8Array => new TextEncoder().encode(text);

/** The bytes of `parts`, one after another, in one new array. */
export function concatBytes(parts: readonly Uint8Array[]): Uint8Array {
  const joined = new Uint8Array(parts.reduce((total, part) => total + part.length, 0));
  let at = 0;
  for (const part of parts) {
    joined.set(part, at);
    at += part.length;
  }
  return joined;
}
