import type { ServerResponse } from 'node:http';
import type { TRPC_ERROR_CODE_KEY } from '@trpc/server';
import { getHTTPStatusCode } from '@trpc/server/http';
import { trpcErrorShape } from '../../trpc/trpc.js';
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
