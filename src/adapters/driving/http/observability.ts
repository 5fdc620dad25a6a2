import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { RequestHandler } from 'express';
import type { Logger } from 'pino';
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import type { StoreHealth } from '../../../core/ports/rate-limit-store.js';
import type { TrpcCall } from '../trpc/request.js';

const METHODS = new Set(['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS']);
const REQUEST_ID = /^[A-Za-z0-9._:-]{1,64}$/;

/** The message of every request's log line, parser answers included. */
export const REQUEST_LOG_MESSAGE = 'request';

/** Prometheus metrics in a registry of this app's own, so several apps can live in one process. */
export class HttpMetrics {
  readonly registry = new Registry();
  private readonly requests: Counter<'route' | 'method' | 'status'>;
  private readonly duration: Histogram<'route' | 'method'>;
  private readonly rejections: Counter;

  constructor(storeHealth: () => StoreHealth) {
    const registers = [this.registry];
    this.requests = new Counter({
      name: 'http_requests_total',
      help: 'HTTP requests by route, method and status',
      labelNames: ['route', 'method', 'status'],
      registers,
    });
    this.duration = new Histogram({
      name: 'http_request_duration_seconds',
      help: 'Time from the first byte of a request to the last byte of its answer',
      labelNames: ['route', 'method'],
      buckets: [0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5],
      registers,
    });
    this.rejections = new Counter({
      name: 'rate_limit_rejections_total',
      help: 'API calls refused because their client was over the rate limit',
      registers,
    });
    new Gauge({
      name: 'rate_limit_store_degraded',
      help: '1 while the rate-limit store answers from per-instance memory instead of its shared backend',
      registers,
      collect() {
        this.set(storeHealth().state === 'degraded' ? 1 : 0);
      },
    });
    collectDefaultMetrics({ register: this.registry });
  }

  observe(route: string, method: string, status: number, seconds: number): void {
    this.requests.inc({ route, method, status: String(status) });
    this.duration.observe({ route, method }, seconds);
  }

  rejected(calls: number): void {
    this.rejections.inc(calls);
  }
}

/**
 * Names a request by its route, never by what it carried: unknown paths,
 * unknown procedures and every query string stay out of logs and labels.
 */
export function routeNamer(basePath: string, restPaths: ReadonlySet<string>, procedures: ReadonlySet<string>) {
  const fixed = new Set(['/healthz', '/readyz']);
  return (path: string, trpcCall: TrpcCall | undefined): string => {
    if (fixed.has(path)) return path;
    if (!path.startsWith(basePath)) return 'unmatched';
    const relative = path.slice(basePath.length);
    if (restPaths.has(relative) || relative === '/openapi.json') return relative;
    if (relative === '/docs' || relative.startsWith('/docs/')) return '/docs';
    if (trpcCall !== undefined && relative.startsWith('/trpc/')) {
      const [first, ...more] = trpcCall.procedures;
      if (more.length > 0) return '/trpc/batch';
      return first !== undefined && procedures.has(first) ? `/trpc/${first}` : '/trpc/unknown';
    }
    return 'unmatched';
  };
}

/**
 * Starts a request's observation; `path` is its path as it arrived, before any
 * router rewrote it, and `trpcCall` the tRPC call it carries, when the caller
 * has read it (the Express pipeline leaves it in `res.locals` instead).
 */
export type ObserveRequest = (req: IncomingMessage, res: ServerResponse, path: string, trpcCall?: TrpcCall) => void;

/**
 * One JSON log line and one metrics sample per request: method, route, status,
 * duration and request id. Nothing from the query string or the body is read.
 * The route is named once the answer is out, from the tRPC call the request
 * carried.
 */
export function requestObservation(
  logger: Logger,
  metrics: HttpMetrics,
  nameRoute: (path: string, trpcCall: TrpcCall | undefined) => string,
): ObserveRequest {
  return (req, res, path, trpcCall) => {
    const started = process.hrtime.bigint();
    const offered = req.headers['x-request-id'];
    const requestId = typeof offered === 'string' && REQUEST_ID.test(offered) ? offered : randomUUID();
    res.setHeader('X-Request-Id', requestId);
    // 'close' follows every answer, a tick after its last byte went out, and every connection lost before one.
    res.once('close', () => {
      const seconds = Number(process.hrtime.bigint() - started) / 1e9;
      const route = nameRoute(path, trpcCall ?? (res as { locals?: { trpcCall?: TrpcCall } }).locals?.trpcCall);
      const method = METHODS.has(req.method ?? '') ? (req.method as string) : 'OTHER';
      const status = res.writableFinished ? res.statusCode : 499;
      metrics.observe(route, method, status, seconds);
      logger.info({ requestId, method, route, status, durationMs: Math.round(seconds * 1e6) / 1e3 }, REQUEST_LOG_MESSAGE);
    });
  };
}

/** An observation as the first Express middleware. */
export function requestObserver(observe: ObserveRequest): RequestHandler {
  return (req, res, next) => {
    // Read now: mounted routers rewrite req.url while the request is routed.
    observe(req, res, req.path);
    next();
  };
}

/** What may be logged of an unexpected error: its type and stack frames, never its message, which can quote input. */
export function errorSummary(error: unknown): { type: string; frames?: string } {
  if (!(error instanceof Error)) return { type: typeof error };
  const frames = error.stack
    ?.split('\n')
    .filter((line) => line.trimStart().startsWith('at '))
    .join('\n');
  return frames ? { type: error.name, frames } : { type: error.name };
}

/**
 * Logs and counts the answers Node's HTTP parser forces before any route runs
 * (malformed requests, oversized headers, timeouts) like every other request,
 * under the route `parser`. Nothing of the request is read.
 */
export function parserAnswerRecorder(logger: Logger, metrics: HttpMetrics) {
  return (status: number, seconds: number): void => {
    metrics.observe('parser', 'OTHER', status, seconds);
    logger.info(
      { requestId: randomUUID(), method: 'OTHER', route: 'parser', status, durationMs: Math.round(seconds * 1e6) / 1e3 },
      REQUEST_LOG_MESSAGE,
    );
  };
}
