import type { DomainError, DomainErrorCode } from '../../../core/errors.js';

/**
 * The kinds of failure a caller can see, named as tRPC names them so that the
 * tRPC adapter maps them one to one; REST sends the status beside each.
 */
export type ApiErrorKind = 'BAD_REQUEST' | 'TOO_MANY_REQUESTS' | 'INTERNAL_SERVER_ERROR';

export const STATUS_OF: Readonly<Record<ApiErrorKind, number>> = {
  BAD_REQUEST: 400,
  TOO_MANY_REQUESTS: 429,
  INTERNAL_SERVER_ERROR: 500,
};

/**
 * The one table from domain codes to what every transport answers. A new
 * DomainErrorCode without a row here fails to compile.
 */
const KIND_OF: Readonly<Record<DomainErrorCode, ApiErrorKind>> = {
  TIMESTAMP_INVALID: 'BAD_REQUEST',
  TIMESTAMP_OUT_OF_RANGE: 'BAD_REQUEST',
  UNIT_INVALID: 'BAD_REQUEST',
  DATETIME_INVALID: 'BAD_REQUEST',
  DATETIME_MISSING_ZONE: 'BAD_REQUEST',
  DATETIME_IMPOSSIBLE: 'BAD_REQUEST',
  DATETIME_OUT_OF_RANGE: 'BAD_REQUEST',
  DATETIME_NOT_LEAP_SECOND: 'BAD_REQUEST',
  DATETIME_ZONE_MISMATCH: 'BAD_REQUEST',
  DATETIME_OFFSET_MISMATCH: 'BAD_REQUEST',
  DATETIME_SKIPPED: 'BAD_REQUEST',
  DATETIME_REPEATED: 'BAD_REQUEST',
  TZ_UNKNOWN: 'BAD_REQUEST',
  DISAMBIGUATION_INVALID: 'BAD_REQUEST',
  VALUE_EMPTY: 'BAD_REQUEST',
  VALUE_TOO_LONG: 'BAD_REQUEST',
  FORMAT_UNKNOWN: 'BAD_REQUEST',
  LARGEST_UNIT_INVALID: 'BAD_REQUEST',
  DURATION_INVALID: 'BAD_REQUEST',
  DURATION_TOO_LONG: 'BAD_REQUEST',
  OVERFLOW_INVALID: 'BAD_REQUEST',
  DATE_MISSING: 'BAD_REQUEST',
  RESULT_OUT_OF_RANGE: 'BAD_REQUEST',
  INSTANT_AMBIGUOUS: 'BAD_REQUEST',
  TOKEN_EMPTY: 'BAD_REQUEST',
  TOKEN_TOO_LONG: 'BAD_REQUEST',
  TOKEN_ENCRYPTED: 'BAD_REQUEST',
  TOKEN_MALFORMED: 'BAD_REQUEST',
  TOKEN_SEGMENT_ENCODING: 'BAD_REQUEST',
  TOKEN_SEGMENT_UTF8: 'BAD_REQUEST',
  TOKEN_SEGMENT_JSON: 'BAD_REQUEST',
  TOKEN_SEGMENT_NOT_OBJECT: 'BAD_REQUEST',
  TOKEN_TOO_DEEP: 'BAD_REQUEST',
  TOKEN_NESTED_TOO_DEEP: 'BAD_REQUEST',
  CHECK_SECRETS_INVALID: 'BAD_REQUEST',
  KEY_TOO_LONG: 'BAD_REQUEST',
  KEY_INVALID: 'BAD_REQUEST',
  KEY_PRIVATE: 'BAD_REQUEST',
  KEY_SYMMETRIC: 'BAD_REQUEST',
  KEY_UNSUPPORTED: 'BAD_REQUEST',
  VERIFY_OPTION_INVALID: 'BAD_REQUEST',
  VALIDATE_OPTION_INVALID: 'BAD_REQUEST',
  SIGN_OPTION_INVALID: 'BAD_REQUEST',
  SIGN_KEY_INVALID: 'BAD_REQUEST',
  CLAIM_NAME_INVALID: 'BAD_REQUEST',
  VENDOR_UNKNOWN: 'BAD_REQUEST',
};

export const RATE_LIMIT_MESSAGE = 'Rate limit exceeded';
export const INTERNAL_MESSAGE = 'Internal Server Error';

/** A refused or failed call, as every transport reports it. `cause` is for logs, never for the caller. */
export interface ApiFailure {
  readonly kind: ApiErrorKind;
  readonly status: number;
  readonly message: string;
  readonly cause?: unknown;
}

export const failure = (kind: ApiErrorKind, message: string, cause?: unknown): ApiFailure => ({
  kind,
  status: STATUS_OF[kind],
  message,
  ...(cause === undefined ? {} : { cause }),
});

export const fromDomainError = (error: DomainError): ApiFailure => failure(KIND_OF[error.code], error.message);
