// The signed and encrypted values of contract §12, read without a key: where the signature is, which text it covers,
// and what the payload says. `/token/identify` shows what these readers find; `/token/verify` checks what they point at.
import { Unzlib, unzlibSync } from 'fflate';
import { MAX_JSON_DEPTH } from '../shared/json.js';
import { scanJson } from '../shared/json-scan.js';
import {
  BASE64URL_SEGMENT,
  DJANGO_TIMESTAMP,
  EXPRESS_SIGNATURE,
  FERNET_TOKEN,
  HMAC_SIGNATURE,
  ITSDANGEROUS_TIMESTAMP,
  PASERK_KEY,
  PASETO_TOKEN,
} from '../shared/token-shapes.js';
import { base64url, concatBytes } from '../shared/bytes.js';
import { NS_PER_SECOND } from '../time/calendar.js';
import { BASE62 } from './checksums.js';
import type { RawTime } from './times.js';
import { MAX_INFLATED_BYTES, type TokenDigest } from './vocabulary.js';

/** A timestamp as a signer wrote it, and the Unix seconds it reads as. */
export interface SignedTimestamp {
  readonly segment: string;
  readonly seconds: number;
}

/** A value whose HMAC is written beside the text it covers. */
export interface HmacSigned {
  /** The exact text the signature covers. */
  readonly signed: string;
  /** The signature as written. */
  readonly signature: string;
  /** From the signature's length: 27 base64url characters are SHA-1, 43 SHA-256. */
  readonly digest: TokenDigest;
}

export interface ItsdangerousValue extends HmacSigned {
  /** The payload segment as written, without the leading `.` of a compressed one; a bare signer's whole text. */
  readonly payload: string;
  readonly compressed: boolean;
  readonly timestamp: SignedTimestamp | undefined;
}

export interface DjangoValue extends HmacSigned {
  /** The payload as written, without the leading `.` of a compressed one. */
  readonly payload: string;
  readonly compressed: boolean;
  readonly timestamp: SignedTimestamp | undefined;
}

export interface ExpressValue {
  /** URL-decoded, without `s:`. */
  readonly value: string;
  /** A `j:` value's JSON (cookie-parser's `JSONCookie`); undefined without the prefix, or when the rest is not JSON. */
  readonly json: unknown;
  /** Standard base64 without padding, 43 characters. */
  readonly signature: string;
  /** Whether the value carried cookie-parser's `s:`, which `/token/identify`'s grammar requires (contract §12). */
  readonly prefixed: boolean;
}

export interface FernetValue {
  /** Everything the HMAC covers: the version byte, timestamp, IV and ciphertext. */
  readonly signed: Uint8Array;
  readonly timestampSeconds: bigint;
  readonly iv: Uint8Array;
  readonly ciphertext: Uint8Array;
  readonly hmac: Uint8Array;
}

export interface PasetoValue {
  readonly version: 1 | 2 | 3 | 4;
  readonly purpose: 'local' | 'public';
  /** The header as written, with its trailing dot: `v4.public.`. */
  readonly header: string;
  readonly body: Uint8Array;
  /** Empty when there is none. */
  readonly footer: Uint8Array;
}

export interface PaserkValue {
  readonly version: 1 | 2 | 3 | 4;
  /** `lid`, `local`, `seal`, …: contract §12's list. */
  readonly type: string;
  readonly data: Uint8Array;
}

export type Payload =
  | { readonly kind: 'json'; readonly value: unknown }
  | { readonly kind: 'text'; readonly text: string }
  | { readonly kind: 'too_large' }
  | { readonly kind: 'unreadable' };

const DIGEST_BY_LENGTH: ReadonlyMap<number, TokenDigest> = new Map([
  [27, 'sha1'],
  [43, 'sha256'],
]);
const BASE64URL = /^[A-Za-z0-9_-]+$/;
/** Version, timestamp, IV, one block of ciphertext, HMAC. */
const FERNET_MIN_BYTES = 1 + 8 + 16 + 16 + 32;

const strictUtf8 = new TextDecoder('utf-8', { fatal: true });

/** The bytes of unpadded base64url text, or undefined when it has an impossible length. */
function base64UrlBytes(text: string): Uint8Array | undefined {
  if (text.length % 4 === 1) return undefined;
  return Uint8Array.fromBase64(text, { alphabet: 'base64url' });
}

/**
 * The bytes of canonical unpadded base64url text (RFC 4648 §3.5: the bits after the last byte are zero), or undefined
 * for any other: PASETO and PASERK read only canonical text, so that no two texts decode to the same bytes.
 */
function canonicalBase64UrlBytes(text: string): Uint8Array | undefined {
  const bytes = base64UrlBytes(text);
  return bytes !== undefined && base64url(bytes) === text ? bytes : undefined;
}

/** The HMAC part of a value split at its last `separator`, or undefined when the signature has neither length. */
function splitSigned(value: string, separator: string): HmacSigned | undefined {
  const at = value.lastIndexOf(separator);
  if (at < 0) return undefined;
  const signature = value.slice(at + 1);
  if (!HMAC_SIGNATURE.test(signature)) return undefined;
  // The pattern admits only the two lengths the table holds.
  const digest = DIGEST_BY_LENGTH.get(signature.length) as TokenDigest;
  return { signed: value.slice(0, at), signature, digest };
}

function itsdangerousTimestamp(segment: string): SignedTimestamp | undefined {
  if (!ITSDANGEROUS_TIMESTAMP.test(segment)) return undefined;
  // The pattern admits no length base64 cannot have (1, 5 or 9 characters).
  const bytes = Uint8Array.fromBase64(segment, { alphabet: 'base64url' });
  let seconds = 0;
  for (const byte of bytes) seconds = seconds * 256 + byte;
  return { segment, seconds };
}

/**
 * An itsdangerous value: `payload.timestamp.signature` (a timed signer or serializer) or `payload.signature`. The
 * payload is base64url, a leading `.` marking zlib; when it is not, the value is a bare signer's, whose text is
 * anything before the last `.`. Undefined when the signature is neither 27 nor 43 base64url characters.
 */
export function readItsdangerous(value: string): ItsdangerousValue | undefined {
  const signed = splitSigned(value, '.');
  if (signed === undefined || signed.signed === '') return undefined;
  const at = signed.signed.lastIndexOf('.');
  if (at > 0) {
    const timestamp = itsdangerousTimestamp(signed.signed.slice(at + 1));
    const segment = BASE64URL_SEGMENT.exec(signed.signed.slice(0, at));
    if (timestamp !== undefined && segment !== null) {
      return { ...signed, payload: segment[2] as string, compressed: segment[1] === '.', timestamp };
    }
  }
  const segment = BASE64URL_SEGMENT.exec(signed.signed);
  if (segment !== null) return { ...signed, payload: segment[2] as string, compressed: segment[1] === '.', timestamp: undefined };
  return { ...signed, payload: signed.signed, compressed: false, timestamp: undefined };
}

function base62Seconds(segment: string): number {
  let seconds = 0;
  for (const digit of segment) seconds = seconds * 62 + BASE62.indexOf(digit);
  return seconds;
}

/**
 * A value of Django's `django.core.signing`: `payload:timestamp:signature` (a `TimestampSigner`, or `signing.dumps`)
 * or `value:signature` (a `Signer`), the timestamp in base62 and the payload free of `:`. A payload of base64url with
 * a leading `.` is compressed. Undefined for anything else.
 */
export function readDjangoSigned(value: string): DjangoValue | undefined {
  const signed = splitSigned(value, ':');
  if (signed === undefined) return undefined;
  const parts = signed.signed.split(':');
  if (parts.length > 2) return undefined;
  const [text, segment] = parts as [string, string | undefined];
  if (text === '') return undefined;
  if (segment !== undefined && !DJANGO_TIMESTAMP.test(segment)) return undefined;
  const timestamp = segment === undefined ? undefined : { segment, seconds: base62Seconds(segment) };
  const compressed = BASE64URL_SEGMENT.exec(text);
  if (compressed !== null && compressed[1] === '.') return { ...signed, payload: compressed[2] as string, compressed: true, timestamp };
  return { ...signed, payload: text, compressed: false, timestamp };
}

/** itsdangerous before 1.0 counted its timestamps from 2011-01-01T00:00:00Z. */
const ITSDANGEROUS_LEGACY_EPOCH = 1_293_840_000n;
const LEGACY_BELOW = 400_000_000;

/** Whether itsdangerous before 1.0 may have written the timestamp: it is below 400,000,000 (contract §12). */
export const isLegacyEpoch = (timestamp: SignedTimestamp): boolean => timestamp.seconds < LEGACY_BELOW;

/**
 * The times a signed timestamp gives: `signed_at`, and for an itsdangerous value (`legacyEpoch`) whose timestamp is
 * below 400,000,000 also `signed_at_legacy`, the same seconds counted from itsdangerous's old epoch.
 */
export function signedTimes(timestamp: SignedTimestamp | undefined, legacyEpoch: boolean): RawTime[] {
  if (timestamp === undefined) return [];
  const seconds = BigInt(timestamp.seconds);
  const times = [{ name: 'signed_at', unixNs: seconds * NS_PER_SECOND }];
  if (legacyEpoch && isLegacyEpoch(timestamp)) {
    times.push({ name: 'signed_at_legacy', unixNs: (seconds + ITSDANGEROUS_LEGACY_EPOCH) * NS_PER_SECOND });
  }
  return times;
}

/**
 * An Express signed cookie as cookie-parser writes it, `s:value.signature` (or URL-encoded, starting `s%3A`, decoded
 * first), or as cookie-signature's `sign` writes it, a bare `value.signature` (`prefixed` false). The signature is the
 * 43 characters after the last `.`; the value is not empty.
 */
export function readExpressCookie(value: string): ExpressValue | undefined {
  let text = value;
  if (/^s%3A/i.test(value)) {
    try {
      text = decodeURIComponent(value);
    } catch {
      return undefined;
    }
  }
  const prefixed = text.startsWith('s:');
  const start = prefixed ? 2 : 0;
  const at = text.lastIndexOf('.');
  if (at <= start) return undefined;
  const signature = text.slice(at + 1);
  if (!EXPRESS_SIGNATURE.test(signature)) return undefined;
  const cookie = text.slice(start, at);
  return { value: cookie, signature, prefixed, json: cookie.startsWith('j:') ? parsedJson(cookie.slice(2)) : undefined };
}

/** JSON's value, or undefined when the text is not JSON. */
function parsedJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

/**
 * A Fernet token (fernet/spec): padded base64url of version `0x80`, timestamp, IV, ciphertext and HMAC. The pattern
 * fixes the version byte (`g` and `A` to `P` start with the bits 1000 0000).
 */
export function readFernet(value: string): FernetValue | undefined {
  if (value.length % 4 !== 0 || !FERNET_TOKEN.test(value)) return undefined;
  const bytes = Uint8Array.fromBase64(value, { alphabet: 'base64url' });
  if (bytes.length < FERNET_MIN_BYTES || (bytes.length - 57) % 16 !== 0) return undefined;
  const macAt = bytes.length - 32;
  return {
    signed: bytes.subarray(0, macAt),
    timestampSeconds: new DataView(bytes.buffer, bytes.byteOffset + 1, 8).getBigUint64(0),
    iv: bytes.subarray(9, 25),
    ciphertext: bytes.subarray(25, macAt),
    hmac: bytes.subarray(macAt),
  };
}

/** A Fernet token's one time: `issued_at`, which the HMAC covers. */
export const fernetTimes = (token: FernetValue): RawTime[] => [{ name: 'issued_at', unixNs: token.timestampSeconds * NS_PER_SECOND }];

/** The signature at the end of a `public` body, by version: RSA-2048, Ed25519, P-384 (r ‖ s), Ed25519. */
export const PASETO_SIGNATURE_BYTES: Readonly<Record<PasetoValue['version'], number>> = { 1: 256, 2: 64, 3: 96, 4: 64 };

/** A `public` body's message and signature, or undefined when the body is shorter than the version's signature. */
export function pasetoSigned(token: PasetoValue): { readonly message: Uint8Array; readonly signature: Uint8Array } | undefined {
  const messageBytes = token.body.length - PASETO_SIGNATURE_BYTES[token.version];
  if (messageBytes < 0) return undefined;
  return { message: token.body.subarray(0, messageBytes), signature: token.body.subarray(messageBytes) };
}

const RFC_3339 = /^\d{4}-\d{2}-\d{2}[Tt]\d{2}:\d{2}:\d{2}(?:\.\d{1,9})?(?:[Zz]|[+-]\d{2}:\d{2})$/;

/** An RFC 3339 date-time's instant, or undefined for anything else. */
function rfc3339Ns(value: unknown): bigint | undefined {
  if (typeof value !== 'string' || !RFC_3339.test(value)) return undefined;
  try {
    return Temporal.Instant.from(value).epochNanoseconds;
  } catch {
    return undefined;
  }
}

/** A PASETO time claim the payload holds: as written, and its instant, undefined when it is not an RFC 3339 date-time. */
export interface PasetoClaimTime {
  readonly name: 'exp' | 'nbf' | 'iat';
  readonly written: unknown;
  readonly unixNs: bigint | undefined;
}

const PASETO_TIME_CLAIMS = ['exp', 'nbf', 'iat'] as const;

/** The time claims (`exp`, `nbf`, `iat`, in this order) of a PASETO's payload, when it is a JSON object. */
export function pasetoClaimTimes(payload: unknown): PasetoClaimTime[] {
  if (typeof payload !== 'object' || payload === null || Array.isArray(payload)) return [];
  const claims = payload as Record<string, unknown>;
  return PASETO_TIME_CLAIMS.filter((name) => Object.hasOwn(claims, name)).map((name) => ({
    name,
    written: claims[name],
    unixNs: rfc3339Ns(claims[name]),
  }));
}

/** A PASETO: `vN.purpose.payload` with an optional `.footer`, both canonical base64url without padding. */
export function readPaseto(value: string): PasetoValue | undefined {
  const match = PASETO_TOKEN.exec(value);
  if (match === null) return undefined;
  const [, version, purpose, body, footer] = match as unknown as [string, string, 'local' | 'public', string, string | undefined];
  const bodyBytes = canonicalBase64UrlBytes(body);
  const footerBytes = footer === undefined ? new Uint8Array(0) : canonicalBase64UrlBytes(footer);
  if (bodyBytes === undefined || footerBytes === undefined) return undefined;
  return {
    version: Number(version) as PasetoValue['version'],
    purpose,
    header: `v${version}.${purpose}.`,
    body: bodyBytes,
    footer: footerBytes,
  };
}

/**
 * A PASERK (paseto-standard/paserk): `kN.type.`, for the wrapped types an optional protocol and `.`, then canonical
 * base64url without padding.
 */
export function readPaserk(value: string): PaserkValue | undefined {
  const match = PASERK_KEY.exec(value);
  if (match === null) return undefined;
  const [, version, type, , data] = match as unknown as [string, string, string, string | undefined, string];
  const bytes = canonicalBase64UrlBytes(data);
  return bytes === undefined ? undefined : { version: Number(version) as PaserkValue['version'], type, data: bytes };
}

/** Deflate's largest ratio of output to input (258 bytes from two one-bit codes): a bound on any stream's output. */
const MOST_INFLATED_PER_BYTE = 1032;
/** How much compressed input a streamed inflation takes at a time: at most about a quarter of a MiB of output each. */
const STREAMED_CHUNK = 256;

/**
 * zlib-inflates `input`, giving up once the output passes `MAX_INFLATED_BYTES`. An input too short to inflate past the
 * limit goes into a buffer of a guessed size, and again into one eight times larger while the output fills it: a
 * buffer sized to the output makes a small payload cost a few microseconds, where fflate's own growing buffer cost over
 * a hundred. A longer one, which could be a zlib bomb, is inflated a small chunk at a time, so the work stops soon after
 * the limit: fflate, given a buffer, stops writing at its end but reads the whole stream (a 16 KB bomb took 0.3 s).
 */
function inflateCapped(input: Uint8Array): Uint8Array | 'too_large' | undefined {
  return input.length * MOST_INFLATED_PER_BYTE <= MAX_INFLATED_BYTES ? inflateSmall(input) : inflateStreamed(input);
}

/**
 * No stream of `input`'s length inflates to more than `most` bytes, so the buffer never grows past `most + 1`. fflate
 * gives back the whole buffer for a malformed stream that writes nothing (`eJwAAAAA`): one of that size, full, is such a
 * stream, not an output, and is unreadable. Unbounded, that case grew the buffer until an allocation of 140 GB failed.
 */
function inflateSmall(input: Uint8Array): Uint8Array | undefined {
  const most = input.length * MOST_INFLATED_PER_BYTE;
  let size = Math.min(input.length * 4 + 1024, most + 1);
  for (;;) {
    let output: Uint8Array;
    try {
      output = unzlibSync(input, { out: new Uint8Array(size) });
    } catch {
      return undefined;
    }
    if (output.length < size) return output;
    if (size > most) return undefined;
    size = Math.min(size * 8, most + 1);
  }
}

function inflateStreamed(input: Uint8Array): Uint8Array | 'too_large' | undefined {
  const chunks: Uint8Array[] = [];
  let total = 0;
  const stream = new Unzlib((chunk) => {
    total += chunk.length;
    if (total <= MAX_INFLATED_BYTES) chunks.push(chunk);
  });
  try {
    for (let at = 0; at < input.length && total <= MAX_INFLATED_BYTES; at += STREAMED_CHUNK) {
      const end = Math.min(at + STREAMED_CHUNK, input.length);
      stream.push(input.subarray(at, end), end === input.length);
    }
  } catch {
    return total > MAX_INFLATED_BYTES ? 'too_large' : undefined;
  }
  if (total > MAX_INFLATED_BYTES) return 'too_large';
  return concatBytes(chunks);
}

/**
 * JSON when the bytes are UTF-8 JSON, else their text; null when they are not UTF-8 (a PASETO's payload and footer).
 * Read as `readPayload` reads a segment's bytes: text nested deeper than `MAX_JSON_DEPTH` is given as text.
 */
export function jsonOrText(bytes: Uint8Array): unknown {
  const read = bytesPayload(bytes);
  return read.kind === 'json' ? read.value : read.kind === 'text' ? read.text : null;
}

/** What a payload segment holds when it is base64url (`readPayload`); undefined for other text (a bare signer's). */
export const segmentPayload = (segment: string, compressed: boolean): Payload | undefined =>
  BASE64URL.test(segment) ? readPayload(segment, compressed) : undefined;

/** An itsdangerous or Django payload as both answers show it, and whether a serializer wrote it (base64url JSON). */
export interface ShownPayload {
  readonly value: unknown;
  readonly serialized: boolean;
}

/**
 * The payload of an itsdangerous or Django value as `/token/identify` and `/token/verify` show it: its JSON when a
 * serializer wrote base64url JSON (inflated when compressed), else the text as written, or for a compressed payload
 * its inflated text (null when it does not inflate to UTF-8); `too_large` when it inflates past 1 MiB.
 */
export function shownPayload(segment: string, compressed: boolean): ShownPayload | 'too_large' {
  const read = segmentPayload(segment, compressed);
  if (read?.kind === 'too_large') return 'too_large';
  if (read?.kind === 'json') return { value: read.value, serialized: true };
  if (!compressed) return { value: segment, serialized: false };
  return { value: read?.kind === 'text' ? read.text : null, serialized: false };
}

/**
 * What a base64url payload segment holds: its JSON, else its UTF-8 text. A compressed one is inflated (zlib) to at
 * most `MAX_INFLATED_BYTES`, and is `too_large` beyond; `unreadable` when the base64url, the zlib stream or the
 * UTF-8 is broken. Text nested deeper than `MAX_JSON_DEPTH` is given as text, never parsed.
 */
export function readPayload(segment: string, compressed: boolean): Payload {
  if (!BASE64URL.test(segment)) return { kind: 'unreadable' };
  const raw = base64UrlBytes(segment);
  if (raw === undefined) return { kind: 'unreadable' };
  const bytes = compressed ? inflateCapped(raw) : raw;
  if (bytes === 'too_large') return { kind: 'too_large' };
  if (bytes === undefined) return { kind: 'unreadable' };
  return bytesPayload(bytes);
}

/** The JSON of UTF-8 bytes, else their text, `unreadable` when they are not UTF-8; JSON past `MAX_JSON_DEPTH` is text. */
function bytesPayload(bytes: Uint8Array): Payload {
  let text: string;
  try {
    text = strictUtf8.decode(bytes);
  } catch {
    return { kind: 'unreadable' };
  }
  if (scanJson(text, MAX_JSON_DEPTH).tooDeep) return { kind: 'text', text };
  try {
    return { kind: 'json', value: JSON.parse(text) as unknown };
  } catch {
    return { kind: 'text', text };
  }
}
