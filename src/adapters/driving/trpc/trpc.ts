import { initTRPC, TRPCError } from '@trpc/server';
import type { OpenApiMeta } from 'trpc-to-openapi';
import type { z } from 'zod';
import { DomainError } from '../../../core/errors.js';
import type { UseCases } from '../../../core/use-cases/index.js';
import { RATE_LIMIT_MESSAGE, domainToTrpcError, publicMessage } from './error-mapping.js';
import type { Operation } from './operations.js';

/** The calls a request has paid for; each procedure call takes one. */
export interface CallBudget {
  take(): boolean;
}

export const UNMETERED: CallBudget = { take: () => true };

export interface Context {
  readonly useCases: UseCases;
  readonly budget: CallBudget;
}

const t = initTRPC
  .context<Context>()
  .meta<OpenApiMeta>()
  .create({
    isDev: false,
    errorFormatter: ({ shape, error }) => ({
      ...shape,
      message: publicMessage(error),
      data: { code: shape.data.code, httpStatus: shape.data.httpStatus, path: shape.data.path },
    }),
  });

const meteredCall = t.middleware(({ ctx, next }) => {
  if (!ctx.budget.take()) throw new TRPCError({ code: 'TOO_MANY_REQUESTS', message: RATE_LIMIT_MESSAGE });
  return next();
});

/**
 * Runs a use case and turns its DomainError into the mapped tRPC error. A plain
 * wrapper rather than a middleware: each tRPC middleware costs about 5 µs a call.
 */
export function translated<T>(run: () => T): T {
  try {
    return run();
  } catch (error) {
    if (error instanceof DomainError) throw domainToTrpcError(error);
    throw error;
  }
}

export const router = t.router;
export const createCallerFactory = t.createCallerFactory;
/** Every public procedure: metered before its input is even parsed. */
export const publicProcedure = t.procedure.use(meteredCall);

/** The tRPC procedure for an operation: its schemas, its REST meta for trpc-to-openapi, its use case. */
export const procedureOf = <I extends z.ZodType, O extends z.ZodType>(operation: Operation<I, O>) =>
  publicProcedure
    .meta({ openapi: operation.openapi })
    .input(operation.input)
    .output(operation.output)
    // tRPC cannot relate a generic parser's types to the operation's; .output() fixes the procedure's type.
    .query(({ ctx, input }) => translated(() => operation.run(ctx.useCases, input as z.output<I>)) as never);
