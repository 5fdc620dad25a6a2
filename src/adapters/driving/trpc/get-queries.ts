import type { IncomingMessage, ServerResponse } from 'node:http';
import { getHTTPStatusCode } from '@trpc/server/http';
import { OPERATION_BY_PROCEDURE } from '../api/catalog.js';
import { dispatchAny, type Outcome } from '../api/dispatcher.js';
import { INTERNAL_MESSAGE, type ApiFailure } from '../api/errors.js';
import type { Context } from './trpc.js';
import { trpcErrorShape } from './trpc.js';
import type { TrpcCall } from './request.js';

type Envelope = { result: { data: unknown } } | { error: ReturnType<typeof trpcErrorShape> };

export interface TrpcGetQueryOptions {
  readonly createContext: (req: IncomingMessage, res: ServerResponse) => Context;
  readonly readCall: (req: IncomingMessage, res: ServerResponse) => TrpcCall;
  readonly onInternal: (error: unknown, procedure: string) => void;
  readonly maxBatchSize: number;
}

const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

// tRPC sends these on every JSON answer; the fast-path test compares every header with its adapter's.
const HEADERS = { vary: 'trpc-accept, accept', 'content-type': 'application/json' } as const;

function write(res: ServerResponse, json: Envelope | Envelope[]): void {
  const body = JSON.stringify(json);
  // No content-length: tRPC's adapter streams its answer, chunked, and this path answers as it does.
  res.writeHead(getHTTPStatusCode(json), HEADERS);
  res.end(body);
}

const errorEnvelope = (error: ApiFailure, procedure: string): Envelope => ({
  error: trpcErrorShape(error.kind, error.status, error.message, procedure),
});

/**
 * The common case of tRPC's HTTP protocol, a GET of known queries, single or
 * batched, answered by dispatching the catalog's operations directly and
 * writing tRPC's envelopes, without tRPC's adapter turning each request into a
 * WHATWG Request and each answer into a Response. The bytes and headers are
 * the adapter's (test/e2e/trpc-fast-path.test.ts compares them). Anything else,
 * streaming, unknown procedures, unreadable or transformed input, goes on to
 * the adapter. Only public entry points of @trpc/server are used.
 */
export function trpcGetQueries({ createContext, readCall, onInternal, maxBatchSize }: TrpcGetQueryOptions) {
  return (req: IncomingMessage, res: ServerResponse, next: () => void): void => {
    if (req.method !== 'GET' || req.headers['trpc-accept'] !== undefined || req.headers.accept?.includes('application/jsonl')) {
      next();
      return;
    }
    const call = readCall(req, res);
    const { procedures } = call;
    if (
      !call.decodable ||
      procedures.length > (call.batch ? maxBatchSize : 1) ||
      !procedures.every((procedure) => OPERATION_BY_PROCEDURE.has(procedure)) ||
      call.params.has('connectionParams')
    ) {
      next();
      return;
    }
    let inputs: unknown;
    const rawInput = call.params.get('input');
    if (rawInput) {
      try {
        inputs = JSON.parse(rawInput);
      } catch {
        next();
        return;
      }
    }
    if (call.batch && inputs !== undefined && !isPlainObject(inputs)) {
      next();
      return;
    }
    const inputAt = (index: number): unknown => (call.batch ? (inputs as Record<number, unknown> | undefined)?.[index] : inputs);
    const context = createContext(req, res);
    const envelopeOf = (outcome: Outcome<unknown>, procedure: string): Envelope => {
      if (outcome.ok) return { result: { data: outcome.data } };
      if (outcome.error.kind === 'INTERNAL_SERVER_ERROR') onInternal(outcome.error.cause, procedure);
      return errorEnvelope(outcome.error, procedure);
    };
    Promise.all(
      procedures.map(async (procedure, index) => {
        // Every name was checked against the catalog above.
        const operation = OPERATION_BY_PROCEDURE.get(procedure)!;
        return envelopeOf(await dispatchAny(operation, inputAt(index), context), procedure);
      }),
    )
      .then((envelopes) => write(res, call.batch ? envelopes : envelopes[0]!))
      .catch((error: unknown) => {
        onInternal(error, procedures.join(','));
        if (res.headersSent) {
          res.destroy();
          return;
        }
        const failed = { kind: 'INTERNAL_SERVER_ERROR', status: 500, message: INTERNAL_MESSAGE } as const;
        write(res, call.batch ? procedures.map((procedure) => errorEnvelope(failed, procedure)) : errorEnvelope(failed, procedures[0]!));
      });
  };
}
