import type { ServerResponse } from 'node:http';
import type { TRPCError } from '@trpc/server';
import { getHTTPStatusCodeFromError } from '@trpc/server/http';
import { publicMessage } from '../trpc/error-mapping.js';

/** Writes the one REST error shape, `{"detail": ...}`. */
export function sendDetail(res: ServerResponse, status: number, detail: string): void {
  const body = JSON.stringify({ detail });
  res.statusCode = status;
  res.setHeader('Content-Type', 'application/json; charset=utf-8');
  res.setHeader('Content-Length', Buffer.byteLength(body));
  res.end(body);
}

/**
 * trpc-to-openapi writes `{message, code, issues}` bodies and offers no hook to
 * replace them, so its error path is given an `end` that writes `{detail}`
 * instead, with the status from the same tRPC code. Called from its `onError`,
 * which runs just before it sends.
 */
export function presentRestError(res: ServerResponse, error: TRPCError): void {
  const status = getHTTPStatusCodeFromError(error);
  const detail = publicMessage(error);
  const originalEnd = res.end.bind(res);
  res.end = ((): ServerResponse => {
    res.end = originalEnd;
    sendDetail(res, status, detail);
    return res;
  }) as typeof res.end;
}
