import type { IncomingMessage, ServerResponse } from 'node:http';
import type { TRPCError } from '@trpc/server';
import { getHTTPStatusCode } from '@trpc/server/http';
import { getErrorShape, getTRPCErrorFromUnknown, isObject, transformTRPCResponse } from '@trpc/server/unstable-core-do-not-import';
import type { RequestHandler } from 'express';
import { appRouter } from '../trpc/app-router.js';
import type { Context } from '../trpc/trpc.js';

type Envelope = { result: { data: unknown } } | { error: ReturnType<typeof getErrorShape> };

/** A procedure as tRPC's own adapter calls it (resolveResponse → callProcedure). */
type ProcedureCall = (opts: {
  ctx: Context;
  path: string;
  type: 'query';
  getRawInput: () => Promise<unknown>;
  signal: undefined;
  batchIndex: number;
}) => Promise<unknown>;

// At run time tRPC keeps procedures flat, by dotted path.
const queries = new Map(
  Object.entries(appRouter._def.procedures as unknown as Record<string, ProcedureCall & { _def: { type: string } }>).filter(
    ([, procedure]) => procedure._def.type === 'query',
  ),
);

export interface TrpcQueryOptions {
  readonly createContext: (opts: { req: IncomingMessage; res: ServerResponse }) => Context;
  readonly onError: (opts: { error: TRPCError; path: string }) => void;
  readonly maxBatchSize: number;
}

/**
 * The common case of tRPC's HTTP protocol, a GET of known queries, single or
 * batched, answered without tRPC's adapter turning every request into a WHATWG
 * Request and every answer into a Response and back. The procedures still run
 * in tRPC (metering, validation, error formatting), and the envelopes, status
 * and headers come from tRPC's own functions, so the bytes are the adapter's
 * (test/e2e/trpc-fast-path.test.ts compares them). Anything else, streaming,
 * other methods, unknown procedures, unreadable input, goes to the adapter.
 */
export function trpcQueryFastPath({ createContext, onError, maxBatchSize }: TrpcQueryOptions): RequestHandler {
  const config = appRouter._def._config;
  return (req, res, next) => {
    if (req.method !== 'GET' || req.headers['trpc-accept'] !== undefined || req.headers.accept?.includes('application/jsonl')) {
      next();
      return;
    }
    const queryStart = req.url.indexOf('?');
    const params = new URLSearchParams(queryStart === -1 ? '' : req.url.slice(queryStart + 1));
    let path: string;
    try {
      path = decodeURIComponent(req.url.slice(1, queryStart === -1 ? undefined : queryStart));
    } catch {
      next();
      return;
    }
    const isBatch = params.get('batch') === '1';
    const paths = isBatch ? path.split(',') : [path];
    if (paths.length > maxBatchSize || !paths.every((p) => queries.has(p)) || params.has('connectionParams')) {
      next();
      return;
    }
    let inputs: unknown;
    const rawInput = params.get('input');
    if (rawInput) {
      try {
        inputs = JSON.parse(rawInput);
      } catch {
        next();
        return;
      }
    }
    if (isBatch && inputs !== undefined && !isObject(inputs)) {
      next();
      return;
    }
    const inputAt = (index: number): unknown => {
      const raw = inputs === undefined ? undefined : isBatch ? (inputs as Record<number, unknown>)[index] : inputs;
      return raw === undefined ? undefined : config.transformer.input.deserialize(raw);
    };
    const ctx = createContext({ req, res });
    void Promise.all(
      paths.map(async (procedurePath, index): Promise<Envelope> => {
        const input = inputAt(index);
        const procedure = queries.get(procedurePath) as ProcedureCall;
        try {
          const data = await procedure({ ctx, path: procedurePath, type: 'query', getRawInput: () => Promise.resolve(input), signal: undefined, batchIndex: index });
          return { result: { data } };
        } catch (cause) {
          const error = getTRPCErrorFromUnknown(cause);
          onError({ error, path: procedurePath });
          return { error: getErrorShape({ config, ctx, error, input, path: procedurePath, type: 'query' }) };
        }
      }),
    ).then((envelopes) => {
      const json = isBatch ? envelopes : envelopes[0];
      const body = JSON.stringify(transformTRPCResponse(config, json as never));
      res.writeHead(getHTTPStatusCode(json as never), {
        vary: 'trpc-accept, accept',
        'content-type': 'application/json',
        'content-length': Buffer.byteLength(body),
      });
      res.end(body);
    });
  };
}
