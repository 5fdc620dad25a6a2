import type { IncomingMessage, ServerResponse } from 'node:http';
import express, { type ErrorRequestHandler, type RequestHandler, type Response } from 'express';
import { createExpressMiddleware } from '@trpc/server/adapters/express';
import helmet from 'helmet';
import type { Logger } from 'pino';
import type { StoreHealth } from '../../../core/ports/rate-limit-store.js';
import type { ConsumeRateLimit } from '../../../core/use-cases/consume-rate-limit.js';
import type { UseCases } from '../../../core/use-cases/index.js';
import { OPERATION_BY_PROCEDURE } from '../api/catalog.js';
import type { CallContext } from '../api/dispatcher.js';
import { INTERNAL_MESSAGE } from '../api/errors.js';
import { appRouter } from '../trpc/app-router.js';
import { answerTrpcGet, planTrpcGet } from '../trpc/get-queries.js';
import { readTrpcCall } from '../trpc/request.js';
import { trpcErrorShape } from '../trpc/trpc.js';
import { docsRouter } from './docs-page.js';
import { buildOpenApiDocument } from './openapi.js';
import type { HttpMetrics } from './observability.js';
import { errorSummary, requestObservation, requestObserver, routeNamer } from './observability.js';
import { MalformedQueryError } from './query.js';
import { compileTrust, type TrustProxy } from './client-key.js';
import { budgetOf, chargeMiddleware, requestCharger, trpcCallOf, trpcRequestReader } from './rate-limit.js';
import { REST_PATHS, REST_ROUTES, answerRest, restHandler } from './rest.js';
import { sendDetail } from './rest-errors.js';

export interface HttpAppOptions {
  readonly basePath: string;
  readonly trustProxy: TrustProxy;
  readonly ipv6SubnetPrefix: number;
  readonly rateLimit: { readonly points: number; readonly durationSeconds: number };
  readonly version: string;
  /** The absolute root URL the OpenAPI document names as its server, e.g. `http://localhost:3000`. */
  readonly serverUrl: string;
  /** Serve plain tRPC GET queries without tRPC's request adapter (default true); see trpc/get-queries.ts. */
  readonly trpcFastPath?: boolean;
}

export interface HttpAppDeps {
  readonly useCases: UseCases;
  /** Filled by the app, served by `createMetricsServer` on its own port, never on the public one. */
  readonly metrics: HttpMetrics;
  readonly consumeRateLimit: ConsumeRateLimit;
  readonly storeHealth: () => StoreHealth;
  /** Draining for shutdown: readiness answers 503. */
  readonly lifecycle?: { readonly draining: boolean };
  readonly logger: Logger;
  readonly options: HttpAppOptions;
}

const EXPOSED_HEADERS = 'Retry-After, RateLimit, RateLimit-Policy';

// A JSON API loads nothing, so its pages may load nothing either; only /docs relaxes this.
const helmetMiddleware = helmet({
  contentSecurityPolicy: { useDefaults: false, directives: { defaultSrc: ["'none'"], frameAncestors: ["'none'"] } },
  crossOriginResourcePolicy: { policy: 'cross-origin' },
  referrerPolicy: { policy: 'no-referrer' },
  // Headers that only steer how browsers treat HTML documents say nothing for JSON.
  crossOriginOpenerPolicy: false,
  originAgentCluster: false,
  xDnsPrefetchControl: false,
  xDownloadOptions: false,
  xPermittedCrossDomainPolicies: false,
  xXssProtection: false,
});

const DOCS_CSP = [
  "default-src 'none'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data:",
  "font-src 'self'",
  "connect-src 'self'",
  "frame-ancestors 'none'",
  "base-uri 'none'",
  "form-action 'none'",
].join('; ');

const docsHeaders: RequestHandler = (_req, res, next) => {
  res.setHeader('Content-Security-Policy', DOCS_CSP);
  next();
};

/**
 * helmet's headers do not depend on the request, so they are taken from it once
 * and set in one pass with the API's own; running helmet's twelve middlewares
 * per request cost more than the conversion itself.
 */
function staticHeaders(): ReadonlyArray<readonly [string, string]> {
  const headers = new Map<string, string>();
  const collector = {
    setHeader: (name: string, value: string) => headers.set(name, value),
    removeHeader: (name: string) => headers.delete(name),
    getHeader: () => undefined,
  };
  // helmet only calls setHeader and removeHeader here.
  helmetMiddleware({} as never, collector as never, () => undefined); // as never: helmet's types cannot describe a collector
  headers.set('Access-Control-Allow-Origin', '*');
  headers.set('Access-Control-Expose-Headers', EXPOSED_HEADERS);
  headers.set('Cache-Control', 'no-store');
  return [...headers];
}

const STATIC_HEADERS = staticHeaders();

function setCommonHeaders(res: ServerResponse): void {
  for (const [name, value] of STATIC_HEADERS) res.setHeader(name, value);
}

const commonHeaders: RequestHandler = (_req, res, next) => {
  setCommonHeaders(res);
  next();
};

const carriesBody = (req: IncomingMessage): boolean =>
  req.headers['transfer-encoding'] !== undefined || Number(req.headers['content-length'] ?? 0) > 0;

/**
 * A GET or HEAD with a body is refused, and the connection closed: whatever
 * follows the headers cannot be trusted to frame the next request.
 */
const bodylessReads: RequestHandler = (req, res, next) => {
  if ((req.method === 'GET' || req.method === 'HEAD') && carriesBody(req)) {
    res.setHeader('Connection', 'close');
    sendDetail(res, 400, 'GET and HEAD requests must not carry a body');
    return;
  }
  next();
};

const preflight: RequestHandler = (req, res, next) => {
  if (req.method !== 'OPTIONS') {
    next();
    return;
  }
  res.setHeader('Access-Control-Allow-Methods', 'GET, OPTIONS');
  res.setHeader('Access-Control-Allow-Headers', req.get('Access-Control-Request-Headers') ?? 'Content-Type');
  res.setHeader('Access-Control-Max-Age', '600');
  res.status(204).end();
};

function sendTrpcError(res: Response, code: 'BAD_REQUEST' | 'METHOD_NOT_SUPPORTED', message: string): void {
  const httpStatus = code === 'BAD_REQUEST' ? 400 : 405;
  res.status(httpStatus).json({ error: trpcErrorShape(code, httpStatus, message, undefined) });
}

/**
 * Every procedure is a read-only query, so other methods get 405 with Allow,
 * as on the REST paths; and an undecodable procedure path, which tRPC would
 * answer in plain text, gets a JSON error. Both in tRPC's error shape.
 */
const trpcGuard: RequestHandler = (req, res, next) => {
  if (req.method !== 'GET' && req.method !== 'HEAD') {
    res.setHeader('Allow', 'GET, HEAD');
    sendTrpcError(res, 'METHOD_NOT_SUPPORTED', 'Method Not Allowed: every procedure is a query, use GET');
    return;
  }
  if (trpcCallOf(res)?.decodable === false) {
    sendTrpcError(res, 'BAD_REQUEST', 'path has invalid percent-encoding');
    return;
  }
  next();
};

/** What `createHttpApp` builds: a request listener for `node:http`, or for supertest. */
export type HttpApp = (req: IncomingMessage, res: ServerResponse) => void;

/**
 * Builds the app: the REST paths (named and documented by trpc-to-openapi,
 * served by rest.ts), `/trpc`, the OpenAPI document, `/docs`, health and
 * metrics, behind the rate limit. It never listens; `main.ts` does.
 *
 * A plain GET or HEAD of a REST path, and a plain tRPC GET the fast path
 * answers, go through a front door that runs the Express pipeline's own steps
 * (observer, headers, rate limit, answer, error answer) as plain functions;
 * every other request goes to Express. Express's routing and request
 * decoration cost more than the conversion such a call asks for.
 */
export function createHttpApp({ useCases, metrics, consumeRateLimit, storeHealth, lifecycle, logger, options }: HttpAppDeps): HttpApp {
  const { basePath } = options;
  const app = express();
  app.disable('x-powered-by');
  app.disable('etag');
  app.set('case sensitive routing', true);
  // No 'query parser' or 'trust proxy': nothing reads req.query or req.ip. Queries go through the strict
  // parser (query.ts), and client addresses through client-key.ts with TRUST_PROXY.

  const openApiJson = JSON.stringify(buildOpenApiDocument({ basePath, version: options.version, serverUrl: options.serverUrl }));
  const restPaths = new Set<string>(REST_PATHS);
  const nameRoute = routeNamer(basePath, restPaths, new Set(OPERATION_BY_PROCEDURE.keys()));
  const logInternal = (error: unknown, route: string): void => {
    logger.error({ route, error: errorSummary(error) }, 'internal error');
  };
  const onTrpcError = ({ error, path }: { error: { code: string; cause?: unknown }; path?: string | undefined }): void => {
    if (error.code === 'INTERNAL_SERVER_ERROR') logInternal(error.cause ?? error, path ?? 'unknown');
  };
  const contextOf = (res: Response): CallContext => ({ useCases, budget: budgetOf(res) });
  const trpcPath = `${basePath}/trpc`;

  const observe = requestObservation(logger, metrics, nameRoute);
  app.use(requestObserver(observe), commonHeaders, bodylessReads, preflight);

  // The zone rules every local time is computed with are the runtime's ICU tzdata.
  const health = JSON.stringify({ status: 'ok', version: options.version, tzdata: process.versions.tz ?? null });
  app.get('/healthz', (_req, res) => {
    res.type('application/json').send(health);
  });
  app.get('/readyz', (_req, res) => {
    const store = storeHealth();
    if (lifecycle?.draining) {
      res.status(503).json({ status: 'draining', store });
      return;
    }
    res.json({ status: store.state === 'ok' ? 'ok' : 'degraded', store });
  });
  app.get(`${basePath}/openapi.json`, (_req, res) => {
    res.type('application/json').send(openApiJson);
  });
  app.use(`${basePath}/docs`, docsHeaders, docsRouter(`${basePath}/openapi.json`));

  const charge = requestCharger({
    consume: consumeRateLimit,
    points: options.rateLimit.points,
    durationSeconds: options.rateLimit.durationSeconds,
    ipv6PrefixLength: options.ipv6SubnetPrefix,
    trust: compileTrust(options.trustProxy),
    onRejected: (calls) => metrics.rejected(calls),
  });
  app.use(trpcRequestReader(trpcPath), chargeMiddleware(charge));

  const maxBatchSize = options.rateLimit.points;
  // The fast path's GETs never get here: the front door answers them. What does is tRPC's own adapter's.
  app.use(
    trpcPath,
    trpcGuard,
    createExpressMiddleware({ router: appRouter, createContext: ({ res }) => contextOf(res), maxBatchSize, onError: onTrpcError }),
  );

  const logRestInternal = (error: unknown): void => logInternal(error, 'rest');
  // Mounted under BASE_PATH, so req.path is relative to it.
  app.use(
    basePath || '/',
    restHandler((res) => contextOf(res as Response), logRestInternal),
  );

  app.use((_req, res) => {
    sendDetail(res, 404, 'Not Found');
  });

  /** Answers what a step threw or rejected with; `route` names the request in the log of an internal error. */
  const answerError = (error: unknown, res: ServerResponse, route: () => string): void => {
    if (res.headersSent) {
      res.destroy();
      return;
    }
    if (error instanceof MalformedQueryError) {
      sendDetail(res, 400, error.message);
      return;
    }
    const status = (error as { status?: unknown }).status;
    // Errors Express itself raises for a bad request carry a 4xx status.
    if (typeof status === 'number' && status >= 400 && status < 500) {
      sendDetail(res, status, status === 404 ? 'Not Found' : 'Bad Request');
      return;
    }
    logInternal(error, route());
    sendDetail(res, 500, INTERNAL_MESSAGE);
  };
  const errorHandler: ErrorRequestHandler = (error: unknown, req, res, _next) => {
    answerError(error, res, () => nameRoute(req.path, trpcCallOf(res)));
  };
  app.use(errorHandler);

  const frontRoutes = new Map([...REST_ROUTES].map(([path, operation]) => [`${basePath}${path}`, operation]));
  const trpcPrefix = `${trpcPath}/`;
  const trpcFastPath = options.trpcFastPath !== false;
  return (req, res) => {
    const url = req.url ?? '/';
    const queryStart = url.indexOf('?');
    const path = queryStart === -1 ? url : url.slice(0, queryStart);
    if ((req.method !== 'GET' && req.method !== 'HEAD') || carriesBody(req)) {
      app(req, res);
      return;
    }
    const operation = frontRoutes.get(path);
    if (operation !== undefined) {
      observe(req, res, path);
      setCommonHeaders(res);
      charge(req, res, undefined)
        .then((budget) => (budget === undefined ? undefined : answerRest(operation, url, res, { useCases, budget }, logRestInternal)))
        .catch((error: unknown) => answerError(error, res, () => nameRoute(path, undefined)));
      return;
    }
    // A plain GET of known queries, read as the Express pipeline reads it; anything else goes there.
    const trpcCall = trpcFastPath && path.startsWith(trpcPrefix) ? readTrpcCall(url.slice(trpcPath.length)) : undefined;
    const plan = trpcCall === undefined ? undefined : planTrpcGet(req, trpcCall, maxBatchSize);
    if (plan === undefined) {
      app(req, res);
      return;
    }
    observe(req, res, path, trpcCall);
    setCommonHeaders(res);
    charge(req, res, trpcCall)
      .then((budget) => answerTrpcGet(plan, res, { useCases, budget }, logInternal))
      .catch((error: unknown) => answerError(error, res, () => nameRoute(path, trpcCall)));
  };
}
