import type { z } from 'zod';
import { DomainError } from '../../../core/shared/errors.js';
import type { InputCarrier } from '../../../core/shared/call.js';
import type { UseCases } from '../../../core/use-cases/index.js';
import { runOperation, type AnyOperation, type Operation } from './catalog.js';
import {
  INTERNAL_MESSAGE,
  RATE_LIMIT_MESSAGE,
  describeIssue,
  failure,
  fromDomainError,
  invalidInputMessage,
  type ApiFailure,
} from './errors.js';

/** The calls a request has paid for; each dispatched call takes one. */
export interface CallBudget {
  take(): boolean;
}

/** For callers the product does not meter, such as the command line. Never a default. */
export const UNMETERED: CallBudget = { take: () => true };

export interface CallContext {
  readonly useCases: UseCases;
  /** Missing means unpaid: the call is refused, never run for free. */
  readonly budget: CallBudget | undefined;
  /** Where the input travelled; missing means a URL, where no secret is taken (core/shared/call.ts). */
  readonly carrier?: InputCarrier;
}

export type Outcome<T> = { readonly ok: true; readonly data: T } | { readonly ok: false; readonly error: ApiFailure };

/**
 * The one way any transport runs an operation: take one unit of the call's
 * budget, parse the raw input with the operation's schema (a refusal names
 * the member by its path), run its use case (sync or async), check the
 * result against the output schema, and turn a DomainError into the mapped
 * failure. It never rejects: anything unexpected is an `INTERNAL_SERVER_ERROR`
 * failure whose `cause` the transport may log.
 */
export async function dispatch<I extends z.ZodType, O extends z.ZodType>(
  operation: Operation<I, O>,
  rawInput: unknown,
  { useCases, budget, carrier }: CallContext,
): Promise<Outcome<z.output<O>>> {
  if (budget === undefined || !budget.take()) return { ok: false, error: failure('TOO_MANY_REQUESTS', RATE_LIMIT_MESSAGE) };
  try {
    const input = operation.input.safeParse(rawInput, { error: describeIssue });
    if (!input.success) return { ok: false, error: failure('BAD_REQUEST', invalidInputMessage(input.error.issues)) };
    const result = await runOperation(operation, useCases, input.data, { carrier });
    return { ok: true, data: operation.output.parse(result) };
  } catch (error) {
    if (error instanceof DomainError) return { ok: false, error: fromDomainError(error) };
    return { ok: false, error: failure('INTERNAL_SERVER_ERROR', INTERNAL_MESSAGE, error) };
  }
}

/** `dispatch` for a catalog entry whose types the caller does not know statically. */
export const dispatchAny = (operation: AnyOperation, rawInput: unknown, context: CallContext): Promise<Outcome<unknown>> =>
  dispatch(operation, rawInput, context);
