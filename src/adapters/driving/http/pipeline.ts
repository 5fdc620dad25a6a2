import type { IncomingMessage, ServerResponse } from 'node:http';
import express, { type RequestHandler } from 'express';
import type { Logger } from 'pino';
import type { StoreHealth } from '../../../core/rate-limit/ports/rate-limit-store.js';
import type { ConsumeRateLimit } from '../../../core/rate-limit/consume-rate-limit.js';
import type { UseCases } from '../../../core/use-cases/index.js';
import { trpcFailureWriter } from './trpc/envelopes.js';
import { readTrpcInput, trpcAnswer } from './trpc/steps.js';
import { compileTrust, type TrustProxy } from './client-key.js';
import { errorAnswer, notFound, sendDetail } from './errors.js';
import { headers } from './headers.js';
import { readRestInput } from './input.js';
import { errorSummary } from './observability/error-summary.js';
import type { HttpMetrics } from './observability/metrics.js';
import { observe } from './observability/request-log.js';
import { buildOpenApiDocument } from './openapi.js';
import { charge } from './rate-limit.js';
import { restAnswer } from './rest.js';
import { compileRoutes, routeOf, routed, type RouteSteps } from './routes.js';
import { API_METHODS, POST_ONLY_PREFLIGHT_METHODS, PREFLIGHT_METHODS, READ_METHODS, allowOnly, postOnly, screen } from './screen.js';
import { staticFiles } from './static-files.js';

export interface HttpAppOptions {
  readonly basePath: string;
  readonly trustProxy: TrustProxy;
  readonly ipv6SubnetPrefix: number;
  readonly rateLimit: { readonly points: number; readonly durationSeconds: number };
  readonly version: string;
  /** The absolute root URL the OpenAPI document names as its server, e.g. `http://localhost:3000`. */
  readonly serverUrl: string;
  /** Answer plain tRPC calls without tRPC's handler (default true); see trpc/fast-path.ts. */
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

/** What `createHttpApp` builds: a request listener for `node:http`, or for supertest. */
export type HttpApp = (req: IncomingMessage, res: ServerResponse) => void;

/** A fixed JSON answer, made once. */
const fixedAnswer =
  (text: string): RequestHandler =>
  (_req, res) => {
    res.type('application/json').send(text);
  };

/** Readiness: the store's health, and 503 while draining for shutdown. */
function readiness({ storeHealth, lifecycle }: HttpAppDeps): RequestHandler {
  return (_req, res) => {
    const store = storeHealth();
    if (lifecycle?.draining) res.status(503).json({ status: 'draining', store });
    else res.json({ status: store.state === 'ok' ? 'ok' : 'degraded', store });
  };
}

/**
 * Each kind of route's steps, in order: the one place to read what a request
 * on a route goes through (docs/architecture.md has the same table). Every
 * step is written once, in its own file; a route lists only the steps it needs.
 */
function routeSteps(deps: HttpAppDeps, logInternal: (error: unknown, route: string) => void): RouteSteps {
  const { useCases, metrics, consumeRateLimit, logger, options } = deps;
  const observed = observe(logger, metrics);
  const charged = charge({
    consume: consumeRateLimit,
    points: options.rateLimit.points,
    durationSeconds: options.rateLimit.durationSeconds,
    ipv6PrefixLength: options.ipv6SubnetPrefix,
    trust: compileTrust(options.trustProxy),
    onRejected: (calls) => metrics.rejected(calls),
  });
  const readOnly = allowOnly(READ_METHODS);
  const apiMethods = allowOnly(API_METHODS);
  const screened = screen(PREFLIGHT_METHODS);
  const service = [observed, headers('api'), screened, readOnly];
  const api = [observed, headers('api'), screened, charged];
  // A POST-only operation (a mutation) allows only POST, in its preflight too: its input must never be in a URL.
  const postOnlyApi = [observed, headers('api'), screen(POST_ONLY_PREFLIGHT_METHODS), charged];
  const pages = staticFiles(options.basePath);
  // The zone rules every local time is computed with are the runtime's ICU tzdata.
  const health = JSON.stringify({ status: 'ok', version: options.version, tzdata: process.versions.tz ?? null });
  const openApi = JSON.stringify(
    buildOpenApiDocument({ basePath: options.basePath, version: options.version, serverUrl: options.serverUrl }),
  );
  return {
    health: [...service, fixedAnswer(health)],
    ready: [...service, readiness(deps)],
    openapi: [...service, fixedAnswer(openApi)],
    docs: [observed, headers('docs'), screened, readOnly, pages.docs],
    playground: [observed, headers('playground'), screened, readOnly, pages.playground],
    rest: (operation) => [
      ...(operation.mutation === true ? [...postOnlyApi, postOnly(operation.openapi.path)] : [...api, apiMethods]),
      readRestInput,
      restAnswer(operation, useCases, (error) => logInternal(error, 'rest')),
    ],
    trpc: [
      ...api,
      apiMethods,
      readTrpcInput,
      trpcAnswer({
        useCases,
        // A batch may name no more calls than a window's points.
        maxBatchSize: options.rateLimit.points,
        ...(options.trpcFastPath === undefined ? {} : { fastPath: options.trpcFastPath }),
        onInternal: logInternal,
      }),
    ],
    none: [...api, (_req, _res, next) => next(notFound())],
  };
}

/**
 * Builds the app: one Express pipeline that every request passes. It finds
 * the request's route, runs that route's steps (compiled once, at start-up),
 * and answers whatever they pass on as an error. It never listens; `main.ts`
 * does.
 */
export function createHttpApp(deps: HttpAppDeps): HttpApp {
  const { logger, options } = deps;
  const app = express();
  app.disable('x-powered-by');
  app.disable('etag');
  // No 'trust proxy': nothing reads req.ip. Client addresses go through client-key.ts with TRUST_PROXY,
  // and queries through the strict parser (query.ts).
  const logInternal = (error: unknown, route: string): void => {
    logger.error({ route, error: errorSummary(error) }, 'internal error');
  };
  const find = compileRoutes(options.basePath, routeSteps(deps, logInternal), { detail: sendDetail, trpc: trpcFailureWriter });
  app.use(
    routed(find),
    errorAnswer((error, res) => logInternal(error, routeOf(res).name)),
  );
  return app;
}
