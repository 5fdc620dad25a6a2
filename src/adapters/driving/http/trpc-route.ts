import type { ServerResponse } from 'node:http';
import type { RequestHandler } from 'express';
import { nodeHTTPRequestHandler } from '@trpc/server/adapters/node-http';
import type { UseCases } from '../../../core/use-cases/index.js';
import { HttpError } from './errors.js';
import { stateOf } from './routes.js';
import { appRouter } from '../trpc/app-router.js';
import { answerTrpcCall, planTrpcCall } from '../trpc/fast-path.js';
import type { Context } from '../trpc/trpc.js';

export interface TrpcHandlerOptions {
  readonly useCases: UseCases;
  /** The most calls one batch may name: no more than a window's points. */
  readonly maxBatchSize: number;
  /** Answer plain calls without tRPC's handler (default true); see fast-path.ts. */
  readonly fastPath?: boolean;
  /** Told of an unexpected error, with the procedure it came from. */
  readonly onInternal: (error: unknown, procedure: string) => void;
}

/**
 * The tRPC route's dispatch step. The rate limit was charged and the input
 * read before it runs. A plain call of known queries, GET or POST, is
 * dispatched by the fast path; anything else (streaming, HEAD, unknown
 * procedures, unreadable input) by tRPC's own node-http handler, with the
 * method override on so that queries may come as POST.
 */
export function trpcHandler({ useCases, maxBatchSize, fastPath = true, onInternal }: TrpcHandlerOptions): RequestHandler {
  const contextOf = (res: ServerResponse): Context => ({ useCases, budget: stateOf(res).budget });
  const onError = ({ error, path }: { error: { code: string; cause?: unknown }; path?: string | undefined }): void => {
    if (error.code === 'INTERNAL_SERVER_ERROR') onInternal(error.cause ?? error, path ?? 'unknown');
  };
  return (req, res, next) => {
    const state = stateOf(res);
    const { route } = state;
    if (route.kind !== 'trpc') {
      next();
      return;
    }
    // tRPC itself would answer an undecodable path in plain text.
    if (!route.call.decodable) {
      next(new HttpError(400, 'path has invalid percent-encoding'));
      return;
    }
    const plan = fastPath ? planTrpcCall(req, route.call, state.input as string | undefined, maxBatchSize) : undefined;
    const answered =
      plan === undefined
        ? nodeHTTPRequestHandler({
            router: appRouter,
            req,
            res,
            path: route.call.path,
            createContext: ({ res: response }) => contextOf(response),
            allowMethodOverride: true,
            maxBatchSize,
            onError,
          })
        : answerTrpcCall(plan, res, contextOf(res), onInternal);
    answered.catch(next);
  };
}
