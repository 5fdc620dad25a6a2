import type { IncomingMessage, ServerResponse } from 'node:http';
import { OPERATION_BY_PROCEDURE } from '../../contract/catalog.js';
import { dispatchAny, type Outcome } from '../../contract/dispatcher.js';
import { errorEnvelope, writeEnvelopes, type Envelope } from './envelopes.js';
import type { Context } from './init.js';
import type { TrpcCall } from './url-reader.js';

const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** A call of known queries that this path answers itself: what it calls, with its inputs read. */
export interface TrpcPlan {
  readonly call: TrpcCall;
  readonly inputs: unknown;
}

/**
 * Whether a request is the common case this path answers: a GET, or a POST
 * (tRPC's method override), of known queries (no mutation), single or batched, with readable
 * input and no streaming. `rawInput` is the GET's `input` parameter or the
 * POST's body. Anything else (undefined) goes on to tRPC's own handler.
 */
export function planTrpcCall(
  req: IncomingMessage,
  call: TrpcCall,
  rawInput: string | undefined,
  maxBatchSize: number,
): TrpcPlan | undefined {
  if (
    (req.method !== 'GET' && req.method !== 'POST') ||
    req.headers['trpc-accept'] !== undefined ||
    req.headers.accept?.includes('application/jsonl')
  )
    return undefined;
  const { procedures } = call;
  if (
    !call.decodable ||
    procedures.length > (call.batch ? maxBatchSize : 1) ||
    // A mutation goes to tRPC's own handler, which answers a GET of it 405.
    !procedures.every((procedure) => {
      const operation = OPERATION_BY_PROCEDURE.get(procedure);
      return operation !== undefined && operation.mutation !== true;
    }) ||
    call.params.has('connectionParams')
  ) {
    return undefined;
  }
  let inputs: unknown;
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
 * Answers a planned call by dispatching the catalog's operations directly and
 * writing tRPC's envelopes, without tRPC's adapter turning each request into a
 * WHATWG Request and each answer into a Response. The bytes and headers are
 * the adapter's (test/http/trpc-fast-path.test.ts compares them). Rejects only
 * with what writing threw; the pipeline's error step answers that.
 */
export async function answerTrpcCall(
  { call, inputs }: TrpcPlan,
  res: ServerResponse,
  context: Context,
  onInternal: (error: unknown, procedure: string) => void,
): Promise<void> {
  // planTrpcCall plans a batch only when its inputs are absent or a plain object keyed by index.
  const inputAt = (index: number): unknown => (call.batch ? (inputs as Record<number, unknown> | undefined)?.[index] : inputs);
  const envelopeOf = (outcome: Outcome<unknown>, procedure: string): Envelope => {
    if (outcome.ok) return { result: { data: outcome.data } };
    const { kind, status, message, cause } = outcome.error;
    if (kind === 'INTERNAL_SERVER_ERROR') onInternal(cause, procedure);
    return errorEnvelope(kind, status, message, procedure);
  };
  const answer = async (procedure: string, index: number): Promise<Envelope> =>
    // Every name was checked against the catalog by planTrpcCall.
    envelopeOf(await dispatchAny(OPERATION_BY_PROCEDURE.get(procedure)!, inputAt(index), context), procedure);
  writeEnvelopes(res, call.batch ? await Promise.all(call.procedures.map(answer)) : await answer(call.procedures[0]!, 0));
}
