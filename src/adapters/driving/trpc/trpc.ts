import { initTRPC, TRPCError } from '@trpc/server';
import type { OpenApiMeta } from 'trpc-to-openapi';
import { DomainError } from '../../../core/errors.js';
import type { UseCases } from '../../../core/use-cases/index.js';
import { RATE_LIMIT_MESSAGE, domainToTrpcError, publicMessage } from './error-mapping.js';

export type { UseCases };

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

const domainErrors = t.middleware(async ({ next }) => {
  const result = await next();
  if (!result.ok && result.error.cause instanceof DomainError) throw domainToTrpcError(result.error.cause);
  return result;
});

export const router = t.router;
export const createCallerFactory = t.createCallerFactory;
/** Every public procedure: metered before its input is even parsed, then domain errors mapped. */
export const publicProcedure = t.procedure.use(meteredCall).use(domainErrors);
