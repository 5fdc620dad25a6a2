import type { z } from 'zod';
import type { DomainError, DomainErrorCode } from '../../../core/shared/errors.js';

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
  DATETIME_AMBIGUOUS_FORMAT: 'BAD_REQUEST',
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
  TOKEN_VALUE_INVALID: 'BAD_REQUEST',
  TOKEN_OPTION_INVALID: 'BAD_REQUEST',
  TOKEN_KEY_INVALID: 'BAD_REQUEST',
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

type Issue = z.core.$ZodIssue;
type RawIssue = z.core.$ZodRawIssue;

const IDENTIFIER = /^[A-Za-z_$][A-Za-z0-9_$]*$/;

/** A member's path as a JSON body names it: `unset[1]`, `a.b`, `a["x-y"]`; `input` for the whole input. */
export function pathText(path: readonly PropertyKey[]): string {
  if (path.length === 0) return 'input';
  return path
    .map((key, index) => {
      if (typeof key === 'number') return `[${key}]`;
      const name = String(key);
      if (!IDENTIFIER.test(name)) return `[${JSON.stringify(name)}]`;
      return index === 0 ? name : `.${name}`;
    })
    .join('');
}

/** What each type zod expects is called in a message. */
const TYPE_NAMES: Readonly<Record<string, string>> = {
  string: 'a string',
  number: 'a number',
  int: 'an integer',
  bigint: 'an integer',
  boolean: 'a boolean',
  object: 'an object',
  record: 'an object',
  array: 'an array',
  tuple: 'an array',
  null: 'null',
};
const typeName = (expected: string): string => TYPE_NAMES[expected] ?? `of type ${expected}`;

const valueText = (value: unknown): string => (typeof value === 'string' ? value : String(value));

const oneOf = (values: readonly unknown[]): string =>
  values.length === 1 ? `must be ${valueText(values[0])}` : `must be one of ${values.map(valueText).join(', ')}`;

/** A size bound's unit: characters of a string, items of an array or set, nothing for a number. */
function sized(origin: string, bound: number | bigint): string {
  if (origin === 'string') return `${bound} character${bound === 1 ? '' : 's'}`;
  if (origin === 'array' || origin === 'set') return `${bound} item${bound === 1 ? '' : 's'}`;
  return String(bound);
}

function sizeBound(issue: { origin: string; inclusive?: boolean; exact?: boolean }, bound: number | bigint, side: 'most' | 'least') {
  const verb = issue.origin === 'string' || issue.origin === 'array' || issue.origin === 'set' ? 'have' : 'be';
  if (issue.exact === true) return `must ${verb} exactly ${sized(issue.origin, bound)}`;
  if (issue.inclusive === false) return `must be ${side === 'most' ? 'less' : 'more'} than ${sized(issue.origin, bound)}`;
  return `must ${verb} at ${side} ${sized(issue.origin, bound)}`;
}

/** The types a union takes, when each of its forms refused the value for its type alone. */
function unionWants(branches: readonly (readonly Issue[])[]): string | undefined {
  const wants = new Set<string>();
  for (const [issue, ...more] of branches) {
    if (issue === undefined || more.length > 0 || issue.path.length > 0) return undefined;
    if (issue.code === 'invalid_type') wants.add(typeName(issue.expected));
    else if (issue.code === 'invalid_value') issue.values.forEach((value) => wants.add(valueText(value)));
    else return undefined;
  }
  return wants.size === 0 ? undefined : `must be ${[...wants].join(' or ')}`;
}

/** What is wrong, for each kind of issue zod raises without a message of ours. */
function whatIsWrong(issue: RawIssue): string {
  switch (issue.code) {
    case 'invalid_type':
      return issue.input === undefined ? 'is required' : `must be ${typeName(issue.expected)}`;
    case 'too_big':
      return sizeBound(issue, issue.maximum, 'most');
    case 'too_small':
      return sizeBound(issue, issue.minimum, 'least');
    case 'invalid_value':
      return oneOf(issue.values);
    case 'invalid_format':
      if (issue.format === 'regex') return `must match ${issue.pattern ?? 'its pattern'}`;
      if (issue.format === 'starts_with') return `must start with ${JSON.stringify(issue.prefix)}`;
      if (issue.format === 'ends_with') return `must end with ${JSON.stringify(issue.suffix)}`;
      if (issue.format === 'includes') return `must include ${JSON.stringify(issue.includes)}`;
      return `must be a valid ${issue.format}`;
    case 'not_multiple_of':
      return `must be a multiple of ${issue.divisor}`;
    case 'unrecognized_keys':
      return `must not have ${issue.keys.length === 1 ? 'the member' : 'the members'} ${issue.keys.map((key) => JSON.stringify(key)).join(', ')}`;
    case 'invalid_union':
      return unionWants(issue.errors) ?? 'is not valid';
    case 'invalid_key':
      // A record's path ends with the key; a map's, whose keys may be objects, ends with the map.
      return issue.origin === 'record' ? 'is not an allowed key' : 'has a key that is not valid';
    case 'invalid_element':
      return 'has a value that is not valid';
    default:
      return 'is not valid';
  }
}

/**
 * Zod's error map for the issues a schema does not word itself: the member's
 * path, then what is wrong with it (`unset[1] must be a string`), never zod's
 * bare "expected string, received number". A schema's own message outranks it.
 * Nothing of the value is quoted: it may be a secret.
 */
export const describeIssue = (issue: RawIssue): string => `${pathText(issue.path ?? [])} ${whatIsWrong(issue)}`;

/**
 * The detail of an input the schema refused: its first issue, which names the
 * member it is about. A schema's own message about a member that does not
 * begin with the member's path is prefixed with it.
 */
export function invalidInputMessage(issues: readonly Issue[]): string {
  const [issue] = issues;
  if (issue === undefined) return 'input is not valid';
  if (issue.path.length === 0) return issue.message;
  const name = pathText(issue.path);
  const named = issue.message === name || issue.message.startsWith(`${name} `) || issue.message.startsWith(`${name}:`);
  return named ? issue.message : `${name}: ${issue.message}`;
}
