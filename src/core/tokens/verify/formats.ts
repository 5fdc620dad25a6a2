// How `/token/verify` checks each format of contract §12 with the key the caller sent: one row per format, each
// reading the value through signed-values.ts (never parsing it again), checking the signature first, then the times.
import { base64, base64url } from '../../shared/bytes.js';
import { DomainError } from '../../shared/errors.js';
import type { KeyCodec } from '../../keys/ports/key-codec.js';
import { NS_PER_MS } from '../../time/calendar.js';
import {
  fernetTimes,
  jsonOrText,
  pasetoClaimTimes,
  readDjangoSigned,
  readExpressCookie,
  readFernet,
  readItsdangerous,
  readPaseto,
  shownPayload,
  signedTimes,
  type HmacSigned,
  type ShownPayload,
  type SignedTimestamp,
} from '../signed-values.js';
import type { RawTime } from '../times.js';
import { MAX_INFLATED_BYTES, type KeyDerivation, type TokenDigest, type TokenVerifyReason, type VerifyFormat } from '../vocabulary.js';
import { fernetAuthentic, fernetKey, fernetMessage } from './fernet.js';
import { deriveKey, equalText, hmacOf } from './hmac.js';
import { importPasetoKey, readPasetoKey, verifyPaseto } from './paseto.js';

/** A request's options, read and checked by the use case: only those the format takes are ever set. */
export interface VerifyRequest {
  readonly value: string;
  readonly secret: string | undefined;
  readonly key: string | undefined;
  readonly salt: string | undefined;
  readonly keyDerivation: KeyDerivation | undefined;
  readonly digest: TokenDigest | undefined;
  readonly maxAge: number | undefined;
  readonly implicitAssertion: string | undefined;
  readonly nowMs: number;
}

export interface Reason {
  readonly code: TokenVerifyReason;
  readonly message: string;
}

/** What a format's check found: a value not of the format, or whether its signature verified and what it holds. */
export type Outcome =
  | { readonly kind: 'malformed'; readonly message: string }
  | {
      readonly kind: 'checked';
      readonly verified: boolean;
      /** Why a verified value is still not valid (a time check, or a body that does not read), first found. */
      readonly failure: Reason | undefined;
      readonly payload: unknown;
      readonly times: readonly RawTime[];
    };

export interface VerifyContext {
  readonly keyCodec: KeyCodec;
}

export type FormatVerifier = (request: VerifyRequest, context: VerifyContext) => Outcome | Promise<Outcome>;

const malformed = (message: string): Outcome => ({ kind: 'malformed', message });
const strictUtf8 = new TextDecoder('utf-8', { fatal: true });

// The use case sets `secret` for every format but `paseto`, and `key` for `paseto`, before calling a verifier.
const secretOf = (request: VerifyRequest): string => request.secret as string;

const tooLarge = (): DomainError =>
  new DomainError('TOKEN_VALUE_INVALID', `value's payload inflates past ${MAX_INFLATED_BYTES} bytes (1 MiB), which is not read`);

/** The payload as shown (signed-values.ts); one that inflates past 1 MiB is refused. */
function shown(segment: string, compressed: boolean): ShownPayload {
  const payload = shownPayload(segment, compressed);
  if (payload === 'too_large') throw tooLarge();
  return payload;
}

const nowSeconds = (request: VerifyRequest): number => Math.floor(request.nowMs / 1000);

/** `expired` when the value is more than `max_age` seconds older than now (itsdangerous's and Django's `age > max_age`). */
function ageFailure(request: VerifyRequest, signedSeconds: number | undefined): Reason | undefined {
  if (request.maxAge === undefined) return undefined;
  if (signedSeconds === undefined) {
    throw new DomainError('TOKEN_OPTION_INVALID', 'max_age needs a signed time, and value has no timestamp (a signer without one made it)');
  }
  const age = nowSeconds(request) - signedSeconds;
  if (age <= request.maxAge) return undefined;
  return { code: 'expired', message: `value was signed ${age} seconds ago, more than max_age (${request.maxAge} seconds)` };
}

/** How an HMAC-signed value's key is made: contract §12's defaults by format, or the request's own. */
interface HmacSchedule {
  readonly salt: string;
  readonly keyDerivation: KeyDerivation;
  readonly digest: TokenDigest;
  /** Whether a timestamp may be itsdangerous's before 1.0, from its old epoch (`signed_at_legacy`). */
  readonly legacyEpoch: boolean;
}

/**
 * An itsdangerous, Flask or Django value checked under one schedule: the signature as written against the base64url
 * HMAC of the signed text, compared in constant time, then its age when the signature verified.
 */
function hmacChecked(
  request: VerifyRequest,
  read: HmacSigned & { readonly timestamp: SignedTimestamp | undefined },
  payload: unknown,
  { salt, keyDerivation, digest, legacyEpoch }: HmacSchedule,
): Outcome {
  const key = deriveKey(keyDerivation, digest, secretOf(request), salt);
  const verified = equalText(read.signature, base64url(hmacOf(digest, key, read.signed)));
  return {
    kind: 'checked',
    verified,
    failure: verified ? ageFailure(request, read.timestamp?.seconds) : undefined,
    payload,
    times: signedTimes(read.timestamp, legacyEpoch),
  };
}

/** itsdangerous's `Signer` and `TimestampSigner`, bare or under a serializer (contract §12's defaults). */
function itsdangerous(request: VerifyRequest): Outcome {
  const read = readItsdangerous(request.value);
  if (read === undefined) {
    return malformed(
      'value is not an itsdangerous value: payload.timestamp.signature or value.signature, the signature 27 or 43 base64url characters',
    );
  }
  const payload = shown(read.payload, read.compressed);
  return hmacChecked(request, read, payload.value, {
    salt: request.salt ?? (payload.serialized ? 'itsdangerous' : 'itsdangerous.Signer'),
    keyDerivation: request.keyDerivation ?? 'django-concat',
    digest: request.digest ?? read.digest,
    legacyEpoch: true,
  });
}

/** Flask's session cookie: a `URLSafeTimedSerializer` with salt `cookie-session`, the `hmac` derivation and SHA-1. */
function flaskSession(request: VerifyRequest): Outcome {
  const read = readItsdangerous(request.value);
  if (read === undefined || read.timestamp === undefined) {
    return malformed(
      'value is not a Flask session cookie: payload.timestamp.signature, the payload base64url JSON and the signature 27 base64url characters',
    );
  }
  return hmacChecked(request, read, shown(read.payload, read.compressed).value, {
    salt: request.salt ?? 'cookie-session',
    keyDerivation: request.keyDerivation ?? 'hmac',
    digest: request.digest ?? 'sha1',
    legacyEpoch: true,
  });
}

/** Django's `signing`: `Signer`, `TimestampSigner` and `dumps`, keyed `H(salt + "signer" + secret)`. */
function djangoSigned(request: VerifyRequest): Outcome {
  const read = readDjangoSigned(request.value);
  if (read === undefined) {
    return malformed(
      'value is not a Django signed value: payload:timestamp:signature or value:signature, the signature 43 or 27 base64url characters',
    );
  }
  return hmacChecked(request, read, shown(read.payload, read.compressed).value, {
    salt: request.salt ?? (read.timestamp === undefined ? 'django.core.signing.Signer' : 'django.core.signing'),
    keyDerivation: 'django-concat',
    digest: request.digest ?? read.digest,
    legacyEpoch: false,
  });
}

/**
 * An Express signed cookie: HMAC-SHA256 of the value, standard base64 without padding, with cookie-parser's `s:`
 * (`s%3A`) or bare, as cookie-signature's `sign` writes it.
 */
function expressSignedCookie(request: VerifyRequest): Outcome {
  const read = readExpressCookie(request.value);
  if (read === undefined) {
    return malformed(
      'value is not an Express signed cookie: s:value.signature or value.signature, the signature 43 characters of base64 without padding',
    );
  }
  const expected = base64(hmacOf('sha256', secretOf(request), read.value)).replace(/=+$/, '');
  // cookie-parser's JSONCookie leaves a `j:` value that is not JSON as it is.
  const payload = read.json === undefined ? read.value : read.json;
  return { kind: 'checked', verified: equalText(read.signature, expected), failure: undefined, payload, times: [] };
}

/** How far ahead of now a Fernet timestamp may be when `max_age` is given (the spec's implementations' clock skew). */
const FERNET_MAX_CLOCK_SKEW_SECONDS = 60;

function fernetTimeFailure(request: VerifyRequest, issued: bigint): Reason | undefined {
  if (request.maxAge === undefined) return undefined;
  const now = BigInt(nowSeconds(request));
  if (now - issued > BigInt(request.maxAge)) {
    return { code: 'expired', message: `value was issued ${now - issued} seconds ago, more than max_age (${request.maxAge} seconds)` };
  }
  if (issued - now > FERNET_MAX_CLOCK_SKEW_SECONDS) {
    return {
      code: 'not_yet_valid',
      message: `value was issued ${issued - now} seconds after now, more than the ${FERNET_MAX_CLOCK_SKEW_SECONDS} seconds of clock skew Fernet allows`,
    };
  }
  return undefined;
}

/** A Fernet token: the HMAC first, and only then AES-128-CBC; the message as UTF-8 text, or base64 when it is not. */
async function fernet(request: VerifyRequest): Promise<Outcome> {
  const key = fernetKey(secretOf(request));
  if (key === undefined) {
    throw new DomainError(
      'TOKEN_KEY_INVALID',
      'secret must be a Fernet key: 44 base64url characters, 32 bytes with padding, as Fernet.generate_key() writes it',
    );
  }
  const read = readFernet(request.value);
  if (read === undefined) {
    return malformed(
      'value is not a Fernet token: padded base64url of 0x80, an 8-byte timestamp, a 16-byte IV, a ciphertext of 16-byte blocks and a 32-byte HMAC',
    );
  }
  const times = fernetTimes(read);
  if (!fernetAuthentic(read, key)) return { kind: 'checked', verified: false, failure: undefined, payload: null, times };
  const message = await fernetMessage(read, key);
  if (message === undefined) {
    return {
      kind: 'checked',
      verified: true,
      failure: { code: 'malformed', message: 'value has an HMAC that verifies, but its ciphertext does not decrypt to padded blocks' },
      payload: null,
      times,
    };
  }
  let payload: string;
  try {
    payload = strictUtf8.decode(message);
  } catch {
    payload = base64(message);
  }
  return { kind: 'checked', verified: true, failure: fernetTimeFailure(request, read.timestampSeconds), payload, times };
}

/** The claims' times, and the first reason a verified token fails them: a claim not a date-time, `exp` past, `nbf` ahead. */
function pasetoTimes(payload: unknown, nowMs: number): { readonly times: RawTime[]; readonly failure: Reason | undefined } {
  const times: RawTime[] = [];
  const failures: Reason[] = [];
  const now = BigInt(nowMs) * NS_PER_MS;
  for (const { name, written, unixNs } of pasetoClaimTimes(payload)) {
    if (unixNs === undefined) {
      failures.push({ code: 'malformed', message: `the ${name} claim is not an RFC 3339 date-time` });
      continue;
    }
    times.push({ name, unixNs });
    if (name === 'exp' && now >= unixNs) failures.push({ code: 'expired', message: `the exp claim (${String(written)}) has passed` });
    if (name === 'nbf' && now < unixNs) {
      failures.push({ code: 'not_yet_valid', message: `the nbf claim (${String(written)}) is still ahead` });
    }
  }
  return { times, failure: failures[0] };
}

/** A `public` PASETO, v1 to v4, with the one public key sent as `key`; a `local` one is refused, since nothing is decrypted. */
async function paseto(request: VerifyRequest, { keyCodec }: VerifyContext): Promise<Outcome> {
  const read = readPaseto(request.value);
  if (read?.purpose === 'local') {
    throw new DomainError(
      'TOKEN_VALUE_INVALID',
      `value is a local PASETO (v${read.version}.local), encrypted with a secret key: decryption is not offered, only public PASETOs are verified`,
    );
  }
  const key = readPasetoKey(keyCodec, request.key as string);
  if (read === undefined) {
    return malformed('value is not a PASETO: v1 to v4, .local or .public, a base64url body and an optional .footer, without padding');
  }
  const checked = await verifyPaseto(read, await importPasetoKey(key, read.version), request.implicitAssertion ?? '');
  if (checked === undefined) return malformed(`value's body is shorter than a v${read.version} signature`);
  const payload = jsonOrText(checked.message);
  const { times, failure } = pasetoTimes(payload, request.nowMs);
  return { kind: 'checked', verified: checked.verified, failure: checked.verified ? failure : undefined, payload, times };
}

/** One verifier per format of contract §12's `/token/verify`. */
export const VERIFIERS: Readonly<Record<VerifyFormat, FormatVerifier>> = {
  itsdangerous,
  flask_session: flaskSession,
  django_signed: djangoSigned,
  express_signed_cookie: expressSignedCookie,
  fernet,
  paseto,
};
