import type { IncomingMessage, ServerResponse } from 'node:http';
import { getHTTPStatusCode } from '@trpc/server/http';
import { OPERATION_BY_PROCEDURE } from '../api/catalog.js';
import { dispatchAny, type Outcome } from '../api/dispatcher.js';
import { INTERNAL_MESSAGE, type ApiFailure } from '../api/errors.js';
import type { Context } from './trpc.js';
import { trpcErrorShape } from './trpc.js';
import type { TrpcCall } from './request.js';

type Envelope = { result: { data: unknown } } | { error: ReturnType<typeof trpcErrorShape> };

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

/** A GET of known queries that this path answers itself: what it calls, with its inputs read. */
export interface TrpcGetPlan {
  readonly call: TrpcCall;
  readonly inputs: unknown;
}

/**
 * Whether a request is the common case this path answers: a GET of known
 * queries, single or batched, with readable input and no streaming. Anything
 * else (undefined) goes on to tRPC's adapter.
 */
export function planTrpcGet(req: IncomingMessage, call: TrpcCall, maxBatchSize: number): TrpcGetPlan | undefined {
  if (req.method !== 'GET' || req.headers['trpc-accept'] !== undefined || req.headers.accept?.includes('application/jsonl'))
    return undefined;
  const { procedures } = call;
  if (
    !call.decodable ||
    procedures.length > (call.batch ? maxBatchSize : 1) ||
    !procedures.every((procedure) => OPERATION_BY_PROCEDURE.has(procedure)) ||
    call.params.has('connectionParams')
  ) {
    return undefined;
  }
  let inputs: unknown;
  const rawInput = call.params.get('input');
  if (rawInput) {
    try {
      inputs = JSON.parse(rawInput);
    } catch {
      return undefined;
    }
  }
  if (call.batch && inputs !== undefined && !isPlainObject(inputs)) return undefined;
  return { call, inputs };
}

/**
 * Answers a planned GET by dispatching the catalog's operations directly and
 * writing tRPC's envelopes, without tRPC's adapter turning each request into a
 * WHATWG Request and each answer into a Response. The bytes and headers are
 * the adapter's (test/e2e/trpc-fast-path.test.ts compares them).
 */
export function answerTrpcGet(
  { call, inputs }: TrpcGetPlan,
  res: ServerResponse,
  context: Context,
  onInternal: (error: unknown, procedure: string) => void,
): void {
  const { procedures } = call;
  const inputAt = (index: number): unknown => (call.batch ? (inputs as Record<number, unknown> | undefined)?.[index] : inputs);
  const envelopeOf = (outcome: Outcome<unknown>, procedure: string): Envelope => {
    if (outcome.ok) return { result: { data: outcome.data } };
    if (outcome.error.kind === 'INTERNAL_SERVER_ERROR') onInternal(outcome.error.cause, procedure);
    return errorEnvelope(outcome.error, procedure);
  };
  Promise.all(
    procedures.map(async (procedure, index) => {
      // Every name was checked against the catalog by planTrpcGet.
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
}
