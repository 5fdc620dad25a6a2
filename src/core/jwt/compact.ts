import { DomainError } from '../shared/errors.js';
import { MAX_UNIX_MS, MIN_UNIX_MS, formatIsoSecond, utcInstant, type UtcInstant } from '../time/calendar.js';
import { scanJson } from '../shared/json-scan.js';
import { MAX_JSON_DEPTH, type JsonObject } from '../shared/json.js';

export const MAX_TOKEN_LENGTH = 8192;
/** A JWS compact serialization, read but never verified. */
export interface CompactJws {
  /** The token without whitespace or a Bearer prefix. */
  readonly compact: string;
  readonly header: JsonObject;
  readonly payload: JsonObject;
  readonly signature: string;
  /** Whether the header or payload JSON repeats a member name. */
  readonly duplicateMember: boolean;
}

const BEARER_PREFIX = /^bearer\s+/i;
const BASE64URL = /^[A-Za-z0-9_-]*$/;
const utf8 = new TextDecoder('utf-8', { fatal: true });
const INTEGER_LITERAL = /^-?\d+$/;

/** The bytes of a base64url part (trailing `=` tolerated), or a `TOKEN_SEGMENT_ENCODING` error naming the part. */
export function base64UrlBytes(segment: string, text: string): Uint8Array {
  const unpadded = text.replace(/={1,2}$/, '');
  if (!BASE64URL.test(unpadded)) {
    throw new DomainError('TOKEN_SEGMENT_ENCODING', `token ${segment} contains characters outside the base64url alphabet`);
  }
  if (unpadded.length % 4 === 1) {
    throw new DomainError('TOKEN_SEGMENT_ENCODING', `token ${segment} has an impossible base64url length`);
  }
  return Uint8Array.fromBase64(unpadded, { alphabet: 'base64url' });
}

// Claims are kept verbatim: an integer a double cannot hold keeps its digits.
function keepLargeIntegers(_key: string, value: unknown, context: { source?: string } | undefined): unknown {
  const source = context?.source;
  if (typeof value === 'number' && source !== undefined && !Number.isSafeInteger(value) && INTEGER_LITERAL.test(source)) {
    return JSON.rawJSON(source);
  }
  return value;
}

/** The strict UTF-8 text of a base64url part. */
export function segmentText(segment: string, text: string): string {
  if (text === '') throw new DomainError('TOKEN_MALFORMED', `token ${segment} is empty`);
  const bytes = base64UrlBytes(segment, text);
  try {
    return utf8.decode(bytes);
  } catch {
    throw new DomainError('TOKEN_SEGMENT_UTF8', `token ${segment} is not valid UTF-8`);
  }
}

/** A base64url part that must hold a JSON object. */
export function decodeSegment(segment: string, text: string): { value: JsonObject; duplicateMember: boolean } {
  return parseJsonText(segment, segmentText(segment, text));
}

/** JSON text that must be an object, checked for depth and repeated member names. */
export function parseJsonText(segment: string, json: string): { value: JsonObject; duplicateMember: boolean } {
  const scan = scanJson(json, MAX_JSON_DEPTH);
  if (scan.tooDeep) {
    throw new DomainError('TOKEN_TOO_DEEP', `token ${segment} JSON is nested deeper than ${MAX_JSON_DEPTH} levels`);
  }
  let value: unknown;
  try {
    value = JSON.parse(json, keepLargeIntegers);
  } catch {
    throw new DomainError('TOKEN_SEGMENT_JSON', `token ${segment} is not valid JSON`);
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw new DomainError('TOKEN_SEGMENT_NOT_OBJECT', `token ${segment} must be a JSON object`);
  }
  // Parsed JSON that is an object and not an array has string keys only.
  return { value: value as JsonObject, duplicateMember: scan.duplicateMember };
}

/** The token without surrounding whitespace or a `Bearer ` prefix; refused when empty or over 8192 characters. */
export function stripToken(token: string): string {
  const trimmed = token.trim();
  const compact = BEARER_PREFIX.test(trimmed) ? trimmed.replace(BEARER_PREFIX, '') : trimmed;
  if (compact === '') throw new DomainError('TOKEN_EMPTY', 'token must not be empty');
  if (compact.length > MAX_TOKEN_LENGTH) {
    throw new DomainError('TOKEN_TOO_LONG', `token is longer than ${MAX_TOKEN_LENGTH} characters`);
  }
  return compact;
}

/**
 * Reads a JWS compact serialization, already stripped (`stripToken`): three
 * parts whose first two are base64url JSON objects. Throws a `TOKEN_*`
 * DomainError with a precise message for an encrypted (five parts) or
 * malformed token, bad base64url, invalid UTF-8, non-object JSON, or JSON
 * nested deeper than 64 levels.
 */
export function compactJwsOf(compact: string): CompactJws {
  const parts = compact.split('.');
  if (parts.length === 5) {
    throw new DomainError('TOKEN_ENCRYPTED', 'token is an encrypted JWE (five parts) and cannot be decoded without the key');
  }
  if (parts.length !== 3) {
    throw new DomainError('TOKEN_MALFORMED', `token must have three dot-separated parts (header.payload.signature), found ${parts.length}`);
  }
  // Three parts, counted above.
  const [headerText, payloadText, signature] = parts as [string, string, string];
  return compactJwsWithHeader(compact, decodeSegment('header', headerText), payloadText, signature);
}

/** A compact JWS whose header part is already decoded. */
export function compactJwsWithHeader(
  compact: string,
  header: { value: JsonObject; duplicateMember: boolean },
  payloadText: string,
  signature: string,
): CompactJws {
  const payload = decodeSegment('payload', payloadText);
  return {
    compact,
    header: header.value,
    payload: payload.value,
    signature,
    duplicateMember: header.duplicateMember || payload.duplicateMember,
  };
}

/** A JSON number claim as a double; verbatim large integers lose digits only here. */
export function numericClaim(value: unknown): number | undefined {
  if (typeof value === 'number') return value;
  return JSON.isRawJSON(value) ? Number(value.rawJSON) : undefined;
}

const MIN_SECONDS = Number(MIN_UNIX_MS / 1000n);
const MAX_SECONDS = Number(MAX_UNIX_MS / 1000n);

/**
 * A NumericDate claim as a UTC instant, or null when it is not a JSON number
 * in years 0001–9999: the one reading behind decode's `expires_at` and the
 * `utc` of explained time claims. A fraction is floored to the millisecond,
 * read from the number's shortest decimal form (`1.001` is 1001 ms, as
 * written), never from `seconds * 1000`, which a double rounds.
 */
export function numericDateUtc(value: unknown): UtcInstant | null {
  const seconds = numericClaim(value);
  if (seconds === undefined || !(seconds >= MIN_SECONDS && seconds < MAX_SECONDS + 1)) return null;
  // Whole seconds, the common case, need no BigInt: every in-range millisecond count is below 2^53.
  if (Number.isInteger(seconds)) return { iso: formatIsoSecond(seconds), unix_seconds: seconds, unix_milliseconds: seconds * 1000 };
  let ms: bigint;
  if (Math.abs(seconds) < 0.001) {
    ms = seconds < 0 ? -1n : 0n;
  } else {
    const [whole = '0', fraction = ''] = String(Math.abs(seconds)).split('.');
    const magnitude = BigInt(whole) * 1000n + BigInt(fraction.slice(0, 3).padEnd(3, '0'));
    ms = seconds < 0 ? -magnitude - (fraction.length > 3 ? 1n : 0n) : magnitude;
  }
  return utcInstant(ms);
}
