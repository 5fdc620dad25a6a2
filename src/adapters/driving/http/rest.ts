import type { ServerResponse } from 'node:http';
import type { RequestHandler } from 'express';
import { ZodVoid } from 'zod';
import { OPERATIONS, type AnyOperation } from '../api/catalog.js';
import { dispatch, type CallContext } from '../api/dispatcher.js';
import { parseQuery } from './query.js';
import { sendDetail } from './rest-errors.js';

/** The REST table: each operation at its documented GET path. */
const ROUTES: ReadonlyMap<string, AnyOperation> = new Map(OPERATIONS.map(([, operation]) => [operation.openapi.path, operation]));
export const REST_PATHS: readonly string[] = [...ROUTES.keys()];

function sendJson(res: ServerResponse, body: unknown): void {
  const text = JSON.stringify(body);
  res.writeHead(200, { 'Content-Type': 'application/json; charset=utf-8', 'Content-Length': Buffer.byteLength(text) });
  res.end(text);
}

/**
 * Serves the REST paths: reads the query string and writes the answer, or
 * `{detail}` with the failure's status; `dispatch` does everything between.
 * The rate limit was charged before this runs and left the call's budget.
 */
export function restHandler(context: (res: ServerResponse) => CallContext, onInternal: (error: unknown) => void): RequestHandler {
  return (req, res, next) => {
    const operation = ROUTES.get(req.path);
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
    const queryStart = req.url.indexOf('?');
    // Throws MalformedQueryError, which the app's error handler answers with 400.
    const query = parseQuery(queryStart === -1 ? '' : req.url.slice(queryStart + 1));
    // An operation without parameters ignores the query, as trpc-to-openapi's adapter did.
    const input = operation.input instanceof ZodVoid ? undefined : query;
    dispatch(operation, input, context(res))
      .then((outcome) => {
        if (outcome.ok) {
          sendJson(res, outcome.data);
          return;
        }
        if (outcome.error.kind === 'INTERNAL_SERVER_ERROR') onInternal(outcome.error.cause);
        sendDetail(res, outcome.error.status, outcome.error.message);
      })
      // A body that cannot be written (JSON.stringify throws) reaches the app's 500 handler.
      .catch(next);
  };
}
