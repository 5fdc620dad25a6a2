import { TRPCError } from '@trpc/server';
import type { TRPC_ERROR_CODE_KEY } from '@trpc/server/rpc';
import type { DomainError, DomainErrorCode } from '../../../core/errors.js';

/**
 * The one table from domain codes to transport errors. REST derives its status
 * from the tRPC code, so both transports agree; a new DomainErrorCode without a
 * row here fails to compile.
 */
const TRANSPORT_CODE: Record<DomainErrorCode, TRPC_ERROR_CODE_KEY> = {
  TIMESTAMP_INVALID: 'BAD_REQUEST',
  TIMESTAMP_OUT_OF_RANGE: 'BAD_REQUEST',
  UNIT_INVALID: 'BAD_REQUEST',
  DATETIME_INVALID: 'BAD_REQUEST',
  DATETIME_MISSING_ZONE: 'BAD_REQUEST',
  DATETIME_IMPOSSIBLE: 'BAD_REQUEST',
  DATETIME_OUT_OF_RANGE: 'BAD_REQUEST',
  TOKEN_EMPTY: 'BAD_REQUEST',
  TOKEN_TOO_LONG: 'BAD_REQUEST',
  TOKEN_ENCRYPTED: 'BAD_REQUEST',
  TOKEN_MALFORMED: 'BAD_REQUEST',
  TOKEN_SEGMENT_ENCODING: 'BAD_REQUEST',
  TOKEN_SEGMENT_UTF8: 'BAD_REQUEST',
  TOKEN_SEGMENT_JSON: 'BAD_REQUEST',
  TOKEN_SEGMENT_NOT_OBJECT: 'BAD_REQUEST',
  TOKEN_TOO_DEEP: 'BAD_REQUEST',
};

export const RATE_LIMIT_MESSAGE = 'Rate limit exceeded';
export const INTERNAL_MESSAGE = 'Internal Server Error';

export function domainToTrpcError(error: DomainError): TRPCError {
  return new TRPCError({ code: TRANSPORT_CODE[error.code], message: error.message, cause: error });
}

interface IssueLike {
  readonly message: string;
}

function firstIssueMessage(cause: unknown): string | undefined {
  if (!(cause instanceof Error) || !('issues' in cause) || !Array.isArray(cause.issues)) return undefined;
  const [first] = cause.issues as IssueLike[];
  return first?.message;
}

/**
 * The message a client sees for any tRPC error: the precise input message for
 * schema failures, the domain message for refusals, and nothing internal for
 * anything unexpected.
 */
export function publicMessage(error: TRPCError): string {
  if (error.code === 'INTERNAL_SERVER_ERROR') return INTERNAL_MESSAGE;
  if (error.code === 'BAD_REQUEST') return firstIssueMessage(error.cause) ?? error.message;
  return error.message;
}
