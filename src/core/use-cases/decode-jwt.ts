import { DomainError } from '../errors.js';
import type { Clock } from '../ports/clock.js';
import { MAX_UNIX_MS, MIN_UNIX_MS, formatIsoSecond } from '../time/calendar.js';

export const MAX_TOKEN_LENGTH = 8192;
export const MAX_JSON_DEPTH = 64;

export interface DecodeJwtInput {
  readonly token: string;
}

export type JsonObject = { [key: string]: unknown };

export interface DecodedJwt {
  readonly input: string;
  readonly header: JsonObject;
  readonly payload: JsonObject;
  readonly signature: string;
  readonly algorithm: string | null;
  readonly token_type: string | null;
  readonly expires_at: string | null;
  readonly issued_at: string | null;
  readonly not_before: string | null;
  readonly expired: boolean | null;
  readonly issuer: unknown;
  readonly audience: unknown;
  readonly subject: unknown;
  readonly encoding: 'jwt';
  readonly source: 'decode';
}

type Segment = 'header' | 'payload';

const BEARER_PREFIX = /^bearer\s+/i;
const BASE64URL = /^[A-Za-z0-9_-]*$/;
const utf8 = new TextDecoder('utf-8', { fatal: true });
const MIN_SECONDS = Number(MIN_UNIX_MS / 1000n);
const MAX_SECONDS = Number(MAX_UNIX_MS / 1000n);

function stripToken(raw: string): string {
  const trimmed = raw.trim();
  return BEARER_PREFIX.test(trimmed) ? trimmed.replace(BEARER_PREFIX, '') : trimmed;
}

function base64UrlBytes(segment: Segment, text: string): Uint8Array {
  const unpadded = text.replace(/={1,2}$/, '');
  if (!BASE64URL.test(unpadded)) {
    throw new DomainError('TOKEN_SEGMENT_ENCODING', `token ${segment} contains characters outside the base64url alphabet`);
  }
  if (unpadded.length % 4 === 1) {
    throw new DomainError('TOKEN_SEGMENT_ENCODING', `token ${segment} has an impossible base64url length`);
  }
  return Buffer.from(unpadded, 'base64url');
}

/** Deepest array/object nesting in JSON text, stopping early once past the cap. */
function exceedsDepth(json: string, limit: number): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < json.length; i++) {
    const ch = json.charCodeAt(i);
    if (inString) {
      if (ch === 0x5c) i++;
      else if (ch === 0x22) inString = false;
    } else if (ch === 0x22) {
      inString = true;
    } else if (ch === 0x7b || ch === 0x5b) {
      if (++depth > limit) return true;
    } else if (ch === 0x7d || ch === 0x5d) {
      depth--;
    }
  }
  return false;
}

function decodeSegment(segment: Segment, text: string): JsonObject {
  if (text === '') throw new DomainError('TOKEN_MALFORMED', `token ${segment} is empty`);
  const bytes = base64UrlBytes(segment, text);
  let json: string;
  try {
    json = utf8.decode(bytes);
  } catch {
    throw new DomainError('TOKEN_SEGMENT_UTF8', `token ${segment} is not valid UTF-8`);
  }
  if (exceedsDepth(json, MAX_JSON_DEPTH)) {
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
  return value as JsonObject;
}

const INTEGER_LITERAL = /^-?\d+$/;

// Claims are kept verbatim: an integer a double cannot hold keeps its digits.
function keepLargeIntegers(_key: string, value: unknown, context: JSONReviverContext): unknown {
  const source = context?.source;
  if (typeof value === 'number' && source !== undefined && !Number.isSafeInteger(value) && INTEGER_LITERAL.test(source)) {
    return JSON.rawJSON(source);
  }
  return value;
}

/** A JSON number claim as a double; verbatim large integers lose digits only here. */
function numericClaim(value: unknown): number | undefined {
  if (typeof value === 'number') return value;
  return JSON.isRawJSON(value) ? Number(value.rawJSON) : undefined;
}

const own = (object: JsonObject, key: string): unknown => (Object.hasOwn(object, key) ? object[key] : undefined);

/** RFC 7519 NumericDate as an ISO second, or null when absent, not a number or out of years 0001–9999. */
function numericDate(claim: unknown): string | null {
  const value = numericClaim(claim);
  if (value === undefined || !Number.isFinite(value)) return null;
  const seconds = Math.floor(value);
  return seconds < MIN_SECONDS || seconds > MAX_SECONDS ? null : formatIsoSecond(seconds);
}

/**
 * Decodes a JWS compact serialization into its header, claims and signature, and
 * derives the registered time claims against the clock.
 *
 * It never verifies the signature and never trusts the claims: they are returned
 * as data and drive nothing. Throws a `TOKEN_*` DomainError with a precise message
 * for an empty, oversized, encrypted (JWE) or malformed token, bad base64url,
 * invalid UTF-8, non-object JSON, or JSON nested deeper than 64 levels.
 */
export class DecodeJwt {
  constructor(private readonly clock: Clock) {}

  execute({ token }: DecodeJwtInput): DecodedJwt {
    const compact = stripToken(token);
    if (compact === '') throw new DomainError('TOKEN_EMPTY', 'token must not be empty');
    if (compact.length > MAX_TOKEN_LENGTH) {
      throw new DomainError('TOKEN_TOO_LONG', `token is longer than ${MAX_TOKEN_LENGTH} characters`);
    }
    const parts = compact.split('.');
    if (parts.length === 5) {
      throw new DomainError('TOKEN_ENCRYPTED', 'token is an encrypted JWE (five parts) and cannot be decoded without the key');
    }
    if (parts.length !== 3) {
      throw new DomainError(
        'TOKEN_MALFORMED',
        `token must have three dot-separated parts (header.payload.signature), found ${parts.length}`,
      );
    }
    const [headerText, payloadText, signature] = parts as [string, string, string];
    const header = decodeSegment('header', headerText);
    const payload = decodeSegment('payload', payloadText);
    const alg = own(header, 'alg');
    const typ = own(header, 'typ');
    const exp = own(payload, 'exp');
    const expSeconds = numericClaim(exp);
    return {
      input: token,
      header,
      payload,
      signature,
      algorithm: typeof alg === 'string' ? alg : null,
      token_type: typeof typ === 'string' ? typ : null,
      expires_at: numericDate(exp),
      issued_at: numericDate(own(payload, 'iat')),
      not_before: numericDate(own(payload, 'nbf')),
      expired: expSeconds === undefined ? null : expSeconds * 1000 <= this.clock.nowMs(),
      issuer: own(payload, 'iss') ?? null,
      audience: own(payload, 'aud') ?? null,
      subject: own(payload, 'sub') ?? null,
      encoding: 'jwt',
      source: 'decode',
    };
  }
}
