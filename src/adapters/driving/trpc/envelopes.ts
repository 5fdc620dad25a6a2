import type { ServerResponse } from 'node:http';
import type { TRPC_ERROR_CODE_KEY } from '@trpc/server';
import { getHTTPStatusCode } from '@trpc/server/http';
import { trpcErrorShape } from './trpc.js';
import type { TrpcCall } from './url-reader.js';

export type Envelope = { result: { data: unknown } } | { error: ReturnType<typeof trpcErrorShape> };

// tRPC sends these on every JSON answer; test/e2e/trpc-fast-path.test.ts compares every header with its adapter's.
const HEADERS = { vary: 'trpc-accept, accept', 'content-type': 'application/json' } as const;

/** Writes tRPC envelopes as tRPC's adapter does: one, or a batch's list, with the status tRPC gives them. */
export function writeEnvelopes(res: ServerResponse, json: Envelope | Envelope[]): void {
  const body = JSON.stringify(json);
  // No content-length: tRPC's adapter streams its answer, chunked, and this path answers as it does.
  res.writeHead(getHTTPStatusCode(json), HEADERS);
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
