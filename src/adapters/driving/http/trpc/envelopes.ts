import type { ServerResponse } from 'node:http';
import type { TRPC_ERROR_CODE_KEY } from '@trpc/server';
import { getHTTPStatusCode } from '@trpc/server/http';
import type { FailureWriter } from '../routes.js';
import { trpcErrorShape } from './init.js';
import type { TrpcCall } from './url-reader.js';

export type Envelope = { result: { data: unknown } } | { error: ReturnType<typeof trpcErrorShape> };

/**
 * Writes tRPC envelopes as tRPC's adapter does: one, or a batch's list, with the status tRPC gives them and
 * the headers it sends on every JSON answer (test/http/trpc-fast-path.test.ts compares them with its adapter's).
 * The one difference is the framing: the adapter streams its answer chunked, and this says its length. Chunked,
 * a call lost about an eighth of its throughput (ADR 0002).
 */
export function writeEnvelopes(res: ServerResponse, json: Envelope | Envelope[]): void {
  const body = JSON.stringify(json);
  res.writeHead(getHTTPStatusCode(json), {
    vary: 'trpc-accept, accept',
    'content-type': 'application/json',
    'content-length': Buffer.byteLength(body),
  });
  res.end(body);
}

export const errorEnvelope = (code: TRPC_ERROR_CODE_KEY, status: number, message: string, procedure: string | undefined): Envelope => ({
  error: trpcErrorShape(code, status, message, procedure),
});

/** A failure of the whole request, answered for each call it named: a batch gets one envelope per procedure. */
export function writeTrpcFailure(res: ServerResponse, call: TrpcCall, code: TRPC_ERROR_CODE_KEY, status: number, message: string): void {
  const { procedures } = call;
  writeEnvelopes(
    res,
    call.batch
      ? procedures.map((procedure) => errorEnvelope(code, status, message, procedure))
      : errorEnvelope(code, status, message, procedures[0] || undefined),
  );
}

/** Each status the pipeline answers, as tRPC names it, for answers on the tRPC route. */
const TRPC_CODE_OF: Readonly<Record<number, TRPC_ERROR_CODE_KEY>> = {
  400: 'BAD_REQUEST',
  404: 'NOT_FOUND',
  405: 'METHOD_NOT_SUPPORTED',
  413: 'PAYLOAD_TOO_LARGE',
  415: 'UNSUPPORTED_MEDIA_TYPE',
  429: 'TOO_MANY_REQUESTS',
  500: 'INTERNAL_SERVER_ERROR',
};

/** How a refusal is written on the tRPC route: an envelope for each call the request named, under tRPC's name for the status. */
export const trpcFailureWriter =
  (call: TrpcCall): FailureWriter =>
  (res, status, message) =>
    writeTrpcFailure(res, call, TRPC_CODE_OF[status] ?? 'INTERNAL_SERVER_ERROR', status, message);
