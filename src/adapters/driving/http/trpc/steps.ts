import type { IncomingMessage, ServerResponse } from 'node:http';
import type { RequestHandler } from 'express';
import { nodeHTTPRequestHandler } from '@trpc/server/adapters/node-http';
import type { UseCases } from '../../../../core/use-cases/index.js';
import { HttpError } from '../errors.js';
import { readBody } from '../input.js';
import { stateOf } from '../routes.js';
import { appRouter } from './router.js';
import { answerTrpcCall, planTrpcCall } from './fast-path.js';
import type { Context } from './init.js';
import type { TrpcCall } from './url-reader.js';

/** The call the tRPC route was made for; the route's steps run on no other. */
const callOf = (res: ServerResponse): TrpcCall => stateOf(res).route.call as TrpcCall;

/**
 * The tRPC route's input step: the raw JSON input, from the `input` parameter
 * of a GET or HEAD or from the body of a POST (also left as `req.body` for
 * tRPC's own handler). tRPC reads it; this only fetches it.
 */
export const readTrpcInput: RequestHandler = (req, res, next) => {
  const state = stateOf(res);
  if (req.method !== 'POST') {
    state.input = callOf(res).params.get('input') ?? undefined;
    next();
    return;
  }
  readBody(req)
    .then((text) => {
      state.input = text === '' ? undefined : text;
      req.body = state.input;
    })
    .then(() => next(), next);
};

export interface TrpcAnswerOptions {
  readonly useCases: UseCases;
  /** The most calls one batch may name: no more than a window's points. */
  readonly maxBatchSize: number;
  /** Answer plain calls without tRPC's handler (default true); see fast-path.ts. */
  readonly fastPath?: boolean;
  /** Told of an unexpected error, with the procedure it came from. */
  readonly onInternal: (error: unknown, procedure: string) => void;
}

/**
 * The tRPC route's answer step. The rate limit was charged and the input
 * read before it runs. A plain call of known queries, GET or POST, is
 * dispatched by the fast path; anything else (streaming, HEAD, unknown
 * procedures, unreadable input) by tRPC's own node-http handler, with the
 * method override on so that queries may come as POST.
 */
export function trpcAnswer({ useCases, maxBatchSize, fastPath = true, onInternal }: TrpcAnswerOptions): RequestHandler {
  // A POST's input is its body (readTrpcInput): a GET's is in the URL, where no secret is taken.
  const contextOf = (req: IncomingMessage, res: ServerResponse): Context => ({
    useCases,
    budget: stateOf(res).budget,
    carrier: req.method === 'POST' ? 'private' : 'url',
  });
  const onError = ({ error, path }: { error: { code: string; cause?: unknown }; path?: string | undefined }): void => {
    if (error.code === 'INTERNAL_SERVER_ERROR') onInternal(error.cause ?? error, path ?? 'unknown');
  };
  return (req, res, next) => {
    const call = callOf(res);
    // tRPC itself would answer an undecodable path in plain text.
    if (!call.decodable) {
      next(new HttpError(400, 'path has invalid percent-encoding'));
      return;
    }
    // readTrpcInput, this route's input step, leaves the raw text or nothing.
    const plan = fastPath ? planTrpcCall(req, call, stateOf(res).input as string | undefined, maxBatchSize) : undefined;
    const answered =
      plan === undefined
        ? nodeHTTPRequestHandler({
            router: appRouter,
            req,
            res,
            path: call.path,
            createContext: ({ req: request, res: response }) => contextOf(request, response),
            allowMethodOverride: true,
            maxBatchSize,
            onError,
          })
        : answerTrpcCall(plan, res, contextOf(req, res), onInternal);
    answered.catch(next);
  };
}
