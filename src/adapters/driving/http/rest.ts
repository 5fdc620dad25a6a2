import type { ServerResponse } from 'node:http';
import type { RequestHandler } from 'express';
import { ZodVoid } from 'zod';
import { OPERATIONS, type AnyOperation } from '../api/catalog.js';
import { dispatch, type CallContext } from '../api/dispatcher.js';
import { parseQuery } from './query.js';
import { sendDetail } from './rest-errors.js';

/** The REST table: each operation at its documented GET path. */
export const REST_ROUTES: ReadonlyMap<string, AnyOperation> = new Map(
  OPERATIONS.map(([, operation]) => [operation.openapi.path, operation]),
);
export const REST_PATHS: readonly string[] = [...REST_ROUTES.keys()];

function sendJson(res: ServerResponse, body: unknown): void {
  const text = JSON.stringify(body);
  res.writeHead(200, { 'Content-Type': 'application/json; charset=utf-8', 'Content-Length': Buffer.byteLength(text) });
  res.end(text);
}

/**
 * Answers one paid REST call: reads the query string of `url` and writes the
 * answer, or `{detail}` with the failure's status; `dispatch` does everything
 * between. Rejects with a MalformedQueryError for an unreadable query string,
 * or with whatever a body that cannot be written threw; the caller answers those.
 */
export async function answerRest(
  operation: AnyOperation,
  url: string,
  res: ServerResponse,
  context: CallContext,
  onInternal: (error: unknown) => void,
): Promise<void> {
  const queryStart = url.indexOf('?');
  const query = parseQuery(queryStart === -1 ? '' : url.slice(queryStart + 1));
  // An operation without parameters ignores the query, as trpc-to-openapi's adapter did.
  const outcome = await dispatch(operation, operation.input instanceof ZodVoid ? undefined : query, context);
  if (outcome.ok) {
    sendJson(res, outcome.data);
    return;
  }
  if (outcome.error.kind === 'INTERNAL_SERVER_ERROR') onInternal(outcome.error.cause);
  sendDetail(res, outcome.error.status, outcome.error.message);
}

/**
 * Serves the REST paths in the Express pipeline, for the requests the app's
 * front door leaves to it: other methods get 405, and failures go on to the
 * app's error handler. The rate limit was charged before this runs and left
 * the call's budget.
 */
export function restHandler(context: (res: ServerResponse) => CallContext, onInternal: (error: unknown) => void): RequestHandler {
  return (req, res, next) => {
    const operation = REST_ROUTES.get(req.path);
    if (!operation) {
      next();
      return;
    }
    // HEAD runs as GET; Node sends its headers without the body.
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      res.setHeader('Allow', 'GET, HEAD');
      sendDetail(res, 405, 'Method Not Allowed');
      return;
    }
    answerRest(operation, req.url, res, context(res), onInternal).catch(next);
  };
}
