import { randomUUID } from 'node:crypto';
import type { RequestHandler } from 'express';
import type { Logger } from 'pino';
import { routeOf } from '../routes.js';
import type { HttpMetrics } from './metrics.js';

const METHODS = new Set(['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS']);
const REQUEST_ID = /^[A-Za-z0-9._:-]{1,64}$/;

/** The message of every request's log line, parser answers included. */
export const REQUEST_LOG_MESSAGE = 'request';

const millis = (seconds: number): number => Math.round(seconds * 1e6) / 1e3;

/**
 * The observe step: one JSON log line and one metrics sample per request,
 * with method, route, status, duration and request id. Nothing from the query
 * string or the body is read; the route is named by the route step.
 */
export function observe(logger: Logger, metrics: HttpMetrics): RequestHandler {
  return (req, res, next) => {
    const started = performance.now();
    const offered = req.headers['x-request-id'];
    const requestId = typeof offered === 'string' && REQUEST_ID.test(offered) ? offered : randomUUID();
    res.setHeader('X-Request-Id', requestId);
    // 'close' follows every answer, a tick after its last byte went out, and every connection lost before one;
    // a response emits it once.
    res.on('close', () => {
      const seconds = (performance.now() - started) / 1e3;
      const route = routeOf(res).name;
      const method = METHODS.has(req.method) ? req.method : 'OTHER';
      const status = res.writableFinished ? res.statusCode : 499;
      metrics.observe(route, method, status, seconds);
      logger.info({ requestId, method, route, status, durationMs: millis(seconds) }, REQUEST_LOG_MESSAGE);
    });
    next();
  };
}

/**
 * Logs and counts the answers Node's HTTP parser forces before any route runs
 * (malformed requests, oversized headers, timeouts) like every other request,
 * under the route `parser`. Nothing of the request is read.
 */
export function parserAnswerRecorder(logger: Logger, metrics: HttpMetrics) {
  return (status: number, seconds: number): void => {
    metrics.observe('parser', 'OTHER', status, seconds);
    logger.info({ requestId: randomUUID(), method: 'OTHER', route: 'parser', status, durationMs: millis(seconds) }, REQUEST_LOG_MESSAGE);
  };
}
