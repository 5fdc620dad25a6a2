import type { IncomingMessage } from 'node:http';
import type { RequestHandler } from 'express';
import { HttpError } from './errors.js';

/** Whether a request frames a body: a length above zero, or any transfer coding (even an empty chunked body). */
export const carriesBody = (req: IncomingMessage): boolean =>
  req.headers['transfer-encoding'] !== undefined || Number(req.headers['content-length'] ?? 0) > 0;

/**
 * The screen step, before the rate limit, for what costs nothing: a CORS
 * preflight is answered 204, allowing the route's methods, and a GET or HEAD
 * with a body is refused and its connection closed, since whatever follows
 * the headers cannot be trusted to frame the next request.
 */
export function screen(preflightMethods: string): RequestHandler {
  return (req, res, next) => {
    if (req.method === 'OPTIONS') {
      res.setHeader('Access-Control-Allow-Methods', preflightMethods);
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
}

/** The methods a preflight allows on every path but a POST-only one. */
export const PREFLIGHT_METHODS = 'GET, POST, OPTIONS';
/** The methods a preflight allows on a POST-only path (contract §5). */
export const POST_ONLY_PREFLIGHT_METHODS = 'POST, OPTIONS';

/** The methods the service's own paths and pages answer. */
export const READ_METHODS = 'GET, HEAD';
/** The methods an API operation answers. */
export const API_METHODS = 'GET, HEAD, POST';
/** The method of an operation whose input must never be in a URL (contract §4g). */
export const POST_ONLY = 'POST';

/**
 * The method step, after the rate limit on the API, since a refused method
 * there is an API request like any other: 405 with `Allow` for a method the
 * route does not answer, told by `detail`. A path that is no route has no
 * method step; it gets 404 whatever the method.
 */
export function allowOnly(allow: string, detail: (method: string) => string = () => 'Method Not Allowed'): RequestHandler {
  const methods = new Set(allow.split(', '));
  return (req, _res, next) => {
    if (methods.has(req.method)) next();
    else next(new HttpError(405, detail(req.method), { Allow: allow }));
  };
}

/** Why a POST-only path refuses another method, and what to send instead. */
export const postOnlyDetail = (method: string, path: string): string =>
  `${method} is not allowed on ${path}: send it as POST, with the parameters in a JSON body`;

/** The method step of a POST-only path: 405 with `Allow: POST`, naming the method and saying to use POST. */
export const postOnly = (path: string): RequestHandler => allowOnly(POST_ONLY, (method) => postOnlyDetail(method, path));
