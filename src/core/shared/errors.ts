/**
 * Every way a use case can refuse its input. The codes are stable and carry no
 * transport meaning; adapters map them through one exhaustive table.
 */
export type DomainErrorCode =
  | 'TIMESTAMP_INVALID'
  | 'TIMESTAMP_OUT_OF_RANGE'
  | 'UNIT_INVALID'
  | 'DATETIME_INVALID'
  | 'DATETIME_MISSING_ZONE'
  | 'DATETIME_AMBIGUOUS_FORMAT'
  | 'DATETIME_IMPOSSIBLE'
  | 'DATETIME_OUT_OF_RANGE'
  | 'DATETIME_NOT_LEAP_SECOND'
  | 'DATETIME_ZONE_MISMATCH'
  | 'DATETIME_OFFSET_MISMATCH'
  | 'DATETIME_SKIPPED'
  | 'DATETIME_REPEATED'
  | 'TZ_UNKNOWN'
  | 'DISAMBIGUATION_INVALID'
  | 'VALUE_EMPTY'
  | 'VALUE_TOO_LONG'
  | 'FORMAT_UNKNOWN'
  | 'LARGEST_UNIT_INVALID'
  | 'DURATION_INVALID'
  | 'DURATION_TOO_LONG'
  | 'OVERFLOW_INVALID'
  | 'DATE_MISSING'
  | 'RESULT_OUT_OF_RANGE'
  | 'INSTANT_AMBIGUOUS'
  | 'TOKEN_EMPTY'
  | 'TOKEN_TOO_LONG'
  | 'TOKEN_ENCRYPTED'
  | 'TOKEN_MALFORMED'
  | 'TOKEN_SEGMENT_ENCODING'
  | 'TOKEN_SEGMENT_UTF8'
  | 'TOKEN_SEGMENT_JSON'
  | 'TOKEN_SEGMENT_NOT_OBJECT'
  | 'TOKEN_TOO_DEEP'
  | 'TOKEN_NESTED_TOO_DEEP'
  | 'CHECK_SECRETS_INVALID'
  | 'KEY_TOO_LONG'
  | 'KEY_INVALID'
  | 'KEY_PRIVATE'
  | 'KEY_SYMMETRIC'
  | 'KEY_UNSUPPORTED'
  | 'VERIFY_OPTION_INVALID'
  | 'VALIDATE_OPTION_INVALID'
  | 'SIGN_OPTION_INVALID'
  | 'SIGN_KEY_INVALID'
  | 'CLAIM_NAME_INVALID'
  | 'VENDOR_UNKNOWN'
  | 'TOKEN_VALUE_INVALID'
  | 'TOKEN_OPTION_INVALID'
  | 'TOKEN_KEY_INVALID';

export class DomainError extends Error {
  override readonly name = 'DomainError';

  constructor(
    readonly code: DomainErrorCode,
    message: string,
  ) {
    super(message);
  }
}
