// Signed values of contract §12 made with node:crypto, an implementation independent of the core's @noble/hashes and
// Web Crypto code, each as its library writes it: itsdangerous's Signer (itsdangerous/signer.py), Django's Signer
// (django/core/signing.py), cookie-signature's sign (tj/node-cookie-signature index.js), Fernet's Generating section
// (fernet/spec Spec.md) and PASETO v4.public (paseto-spec docs/01-Protocol-Versions/Version4.md).
import { createCipheriv, createHash, createHmac, sign, type KeyObject } from 'node:crypto';

export type Digest = 'sha1' | 'sha256';
export type Derivation = 'concat' | 'django-concat' | 'hmac' | 'none';

const b64url = (bytes: Uint8Array): string => Buffer.from(bytes).toString('base64url');

/** itsdangerous's `Signer.derive_key`. */
export function itsdangerousKey(secret: string, salt: string, derivation: Derivation, digest: Digest): Buffer {
  switch (derivation) {
    case 'concat':
      return createHash(digest).update(salt).update(secret).digest();
    case 'django-concat':
      return createHash(digest).update(salt).update('signer').update(secret).digest();
    case 'hmac':
      return createHmac(digest, secret).update(salt).digest();
    case 'none':
      return Buffer.from(secret);
  }
}

/** `Signer(secret, salt, key_derivation, digest_method).sign(text)`: `text.signature`. */
export function itsdangerousSign(text: string, secret: string, salt: string, derivation: Derivation, digest: Digest): string {
  const key = itsdangerousKey(secret, salt, derivation, digest);
  return `${text}.${b64url(createHmac(digest, key).update(text).digest())}`;
}

/** itsdangerous's timestamp: the big-endian bytes of the integer, leading zero bytes dropped, base64url. */
export function itsdangerousTimestamp(seconds: number): string {
  const bytes: number[] = [];
  for (let rest = seconds; rest > 0; rest = Math.floor(rest / 256)) bytes.unshift(rest % 256);
  return b64url(new Uint8Array(bytes));
}

/** A Flask session cookie: `URLSafeTimedSerializer(secret, salt="cookie-session", hmac derivation, SHA-1)`. */
export const flaskCookie = (json: string, secret: string, seconds: number): string =>
  itsdangerousSign(`${b64url(Buffer.from(json))}.${itsdangerousTimestamp(seconds)}`, secret, 'cookie-session', 'hmac', 'sha1');

const BASE62 = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';

/** Django's `b62_encode`, for a positive integer. */
export function base62(value: number): string {
  let text = '';
  for (let rest = value; rest > 0; rest = Math.floor(rest / 62)) text = `${BASE62[rest % 62] as string}${text}`;
  return text === '' ? '0' : text;
}

/** Django's `Signer(key=secret, salt=salt, algorithm=digest).sign(text)`: `text:signature`. */
export function djangoSign(text: string, secret: string, salt: string, digest: Digest = 'sha256'): string {
  const key = createHash(digest).update(`${salt}signer${secret}`).digest();
  return `${text}:${b64url(createHmac(digest, key).update(text).digest())}`;
}

/** cookie-signature's `sign(value, secret)`, with cookie-parser's `s:` prefix. */
export const expressSign = (value: string, secret: string): string =>
  `s:${value}.${createHmac('sha256', secret).update(value).digest('base64').replace(/=+$/, '')}`;

/** A Fernet token of `message` under a 32-byte key, at `seconds`, with `iv`. */
export function fernetToken(message: Uint8Array, key: Uint8Array, seconds: bigint, iv: Uint8Array): string {
  const cipher = createCipheriv('aes-128-cbc', key.subarray(16, 32), iv);
  const ciphertext = Buffer.concat([cipher.update(message), cipher.final()]);
  const timestamp = Buffer.alloc(8);
  timestamp.writeBigUInt64BE(seconds);
  const signed = Buffer.concat([Buffer.from([0x80]), timestamp, iv, ciphertext]);
  const token = Buffer.concat([signed, createHmac('sha256', key.subarray(0, 16)).update(signed).digest()]);
  // Padded base64url, as Python's urlsafe_b64encode writes it.
  return token.toString('base64').replaceAll('+', '-').replaceAll('/', '_');
}

/** PASETO's PAE, written again here from the specification (docs/01-Protocol-Versions/Common.md). */
function pae(pieces: readonly Buffer[]): Buffer {
  const le64 = (n: number): Buffer => {
    const out = Buffer.alloc(8);
    out.writeBigUInt64LE(BigInt(n));
    return out;
  };
  return Buffer.concat([le64(pieces.length), ...pieces.flatMap((piece) => [le64(piece.length), piece])]);
}

/** `v4.public`, signed with an Ed25519 private key over PAE(header, message, footer, implicit assertion). */
export function pasetoV4Sign(message: string, privateKey: KeyObject, footer = '', implicit = ''): string {
  const header = 'v4.public.';
  const body = Buffer.from(message);
  const signature = sign(null, pae([Buffer.from(header), body, Buffer.from(footer), Buffer.from(implicit)]), privateKey);
  const token = `${header}${b64url(Buffer.concat([body, signature]))}`;
  return footer === '' ? token : `${token}.${b64url(Buffer.from(footer))}`;
}
