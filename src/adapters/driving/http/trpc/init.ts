import { initTRPC, TRPCError, type TRPCMutationProcedure, type TRPCQueryProcedure, type TRPC_ERROR_CODE_KEY } from '@trpc/server';
import { TRPC_ERROR_CODES_BY_KEY } from '@trpc/server/rpc';
import type { OpenApiMeta } from 'trpc-to-openapi';
import { z } from 'zod';
import type { AnyOperation, Operation } from '../../contract/catalog.js';
import { dispatch, type CallContext } from '../../contract/dispatcher.js';
import { INTERNAL_MESSAGE, type ApiErrorKind } from '../../contract/errors.js';

export type Context = CallContext;

/** Each API failure kind is the tRPC code of the same name; this fails to compile if one is not. */
const TRPC_CODE = {
  BAD_REQUEST: 'BAD_REQUEST',
  TOO_MANY_REQUESTS: 'TOO_MANY_REQUESTS',
  INTERNAL_SERVER_ERROR: 'INTERNAL_SERVER_ERROR',
} as const satisfies Record<ApiErrorKind, TRPC_ERROR_CODE_KEY>;

/** The error body of every tRPC answer, written by tRPC's formatter and by the GET fast path alike. */
export function trpcErrorShape(code: TRPC_ERROR_CODE_KEY, httpStatus: number, message: string, path: string | undefined) {
  return { message, code: TRPC_ERROR_CODES_BY_KEY[code], data: { code, httpStatus, path } };
}

const t = initTRPC
  .context<Context>()
  .meta<OpenApiMeta>()
  .create({
    isDev: false,
    // The local host (src/local/) runs this router in the browser, where tRPC otherwise refuses to start.
    allowOutsideOfServer: true,
    // Nothing internal reaches a client: an unexpected error's message may quote its input.
    errorFormatter: ({ shape, error }) =>
      trpcErrorShape(
        shape.data.code,
        shape.data.httpStatus,
        error.code === 'INTERNAL_SERVER_ERROR' ? INTERNAL_MESSAGE : error.message,
        shape.data.path,
      ),
  });

/**
 * The tRPC procedure for an operation. Its input parser only carries the
 * operation's types to clients: `dispatch` charges the budget, parses, runs and
 * maps errors, as it does for every other transport.
 */
const procedureOf = <I extends z.ZodType, O extends z.ZodType>(operation: Operation<I, O>) => {
  const resolve = async ({ ctx, input }: { ctx: Context; input: unknown }): Promise<z.output<O>> => {
    const outcome = await dispatch(operation, input, ctx);
    if (outcome.ok) return outcome.data;
    const { kind, message, cause } = outcome.error;
    throw new TRPCError({ code: TRPC_CODE[kind], message, cause });
  };
  const procedure = t.procedure.input(z.custom<z.input<I>>());
  // A mutation is POST only: tRPC itself answers a GET of it 405.
  return operation.mutation === true ? procedure.mutation(resolve) : procedure.query(resolve);
};

type ProcedureTypes<Op extends AnyOperation> = { meta: OpenApiMeta; input: z.input<Op['input']>; output: z.output<Op['output']> };
type ProcedureOf<Op extends AnyOperation> = Op extends { readonly mutation: true }
  ? TRPCMutationProcedure<ProcedureTypes<Op>>
  : TRPCQueryProcedure<ProcedureTypes<Op>>;

/** The router type a catalog of operation groups gives: one query per operation, under the same keys. */
export type RouterRecordOf<C extends Record<string, Record<string, AnyOperation>>> = {
  -readonly [G in keyof C]: { -readonly [K in keyof C[G]]: ProcedureOf<C[G][K]> };
};

/** Builds the nested router record of a catalog, one procedure per operation. */
export function routerRecordOf<C extends Record<string, Record<string, AnyOperation>>>(catalog: C): RouterRecordOf<C> {
  const record: Record<string, unknown> = Object.fromEntries(
    Object.entries(catalog).map(([group, operations]) => [
      group,
      Object.fromEntries(Object.entries(operations).map(([name, operation]) => [name, procedureOf(operation)])),
    ]),
  );
  // Object.fromEntries loses the keys; RouterRecordOf restates what this loop builds.
  return record as RouterRecordOf<C>;
}

/**
 * The same catalog as procedures that carry the real schemas and REST meta, for
 * trpc-to-openapi to generate the OpenAPI document from. Never served.
 */
export function documentedRouter(operations: ReadonlyArray<readonly [procedure: string, operation: AnyOperation]>) {
  const unreachable = (): never => {
    throw new TRPCError({ code: 'NOT_IMPLEMENTED', message: 'documentation only' });
  };
  return t.router(
    Object.fromEntries(
      operations.map(([procedure, operation]) => [
        procedure,
        operation.openapi.method === 'POST'
          ? t.procedure.meta({ openapi: operation.openapi }).input(operation.input).output(operation.output).mutation(unreachable)
          : t.procedure.meta({ openapi: operation.openapi }).input(operation.input).output(operation.output).query(unreachable),
      ]),
    ),
  );
}

export const router = t.router;
export const createCallerFactory = t.createCallerFactory;
