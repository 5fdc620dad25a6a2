import type { IncomingMessage } from 'node:http';
import type { RequestHandler } from 'express';
import { HttpError } from './errors.js';
import { API_METHODS, READ_METHODS, routeOf } from './routes.js';

const METHODS_OF = new Map([READ_METHODS, API_METHODS].map((allow) => [allow, new Set(allow.split(', '))]));

/** Whether a request frames a body: a length above zero, or any transfer coding (even an empty chunked body). */
export const carriesBody = (req: IncomingMessage): boolean =>
  req.headers['transfer-encoding'] !== undefined || Number(req.headers['content-length'] ?? 0) > 0;

/**
 * The screen step, before the rate limit, for what costs nothing: a CORS
 * preflight is answered 204, and a GET or HEAD with a body is refused and its
 * connection closed, since whatever follows the headers cannot be trusted to
 * frame the next request.
 */
export const screen: RequestHandler = (req, res, next) => {
  if (req.method === 'OPTIONS') {
    res.setHeader('Access-Control-Allow-Methods', 'GET, POST, OPTIONS');
    res.setHeader('Access-Control-Allow-Headers', req.headers['access-control-request-headers'] ?? 'Content-Type');
    res.setHeader('Access-Control-Max-Age', '600');
    res.status(204).end();
    return;
  }
  if ((req.method === 'GET' || req.method === 'HEAD') && carriesBody(req)) {
    next(new HttpError(400, 'GET and HEAD requests must not carry a body', { Connection: 'close' }));
    return;
  }
  next();
};

/**
 * The method step, after the rate limit, since a refused method on an API
 * path is an API request like any other: 405 with `Allow` for a method the
 * route does not answer. A path that is no route answers no method; the
 * answer step gives it 404, whatever the method.
 */
export const allowMethod: RequestHandler = (req, res, next) => {
  const { allow } = routeOf(res);
  if (allow !== undefined && METHODS_OF.get(allow)?.has(req.method) !== true)
    next(new HttpError(405, 'Method Not Allowed', { Allow: allow }));
  else next();
};
