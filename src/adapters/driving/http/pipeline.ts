import type { IncomingMessage, ServerResponse } from 'node:http';
import express, { type NextFunction, type RequestHandler } from 'express';
import type { Logger } from 'pino';
import type { StoreHealth } from '../../../core/ports/rate-limit-store.js';
import type { ConsumeRateLimit } from '../../../core/use-cases/consume-rate-limit.js';
import type { UseCases } from '../../../core/use-cases/index.js';
import { trpcHandler } from './trpc-route.js';
import { compileTrust, type TrustProxy } from './client-key.js';
import { errorAnswer, notFound } from './errors.js';
import { headers } from './headers.js';
import { readInput } from './input.js';
import { errorSummary } from './observability/error-summary.js';
import type { HttpMetrics } from './observability/metrics.js';
import { observe } from './observability/request-log.js';
import { buildOpenApiDocument } from './openapi.js';
import { charge } from './rate-limit.js';
import { restHandler } from './rest.js';
import { routeOf, routeStep, type Route } from './routes.js';
import { allowMethod, screen } from './screen.js';
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

/** Health, readiness and the OpenAPI document: the service's own fixed answers. */
function serviceAnswers({ storeHealth, lifecycle, options }: HttpAppDeps): RequestHandler {
  // The zone rules every local time is computed with are the runtime's ICU tzdata.
  const health = JSON.stringify({ status: 'ok', version: options.version, tzdata: process.versions.tz ?? null });
  const openApi = JSON.stringify(
    buildOpenApiDocument({ basePath: options.basePath, version: options.version, serverUrl: options.serverUrl }),
  );
  return (_req, res, next) => {
    switch (routeOf(res).kind) {
      case 'health':
        res.type('application/json').send(health);
        return;
      case 'openapi':
        res.type('application/json').send(openApi);
        return;
      case 'ready': {
        const store = storeHealth();
        if (lifecycle?.draining) res.status(503).json({ status: 'draining', store });
        else res.json({ status: store.state === 'ok' ? 'ok' : 'degraded', store });
        return;
      }
      default:
        next();
    }
  };
}

/** The answer step: the handler of the request's route, found by the route step; one layer for all of them. */
function answerByRoute(handlers: Readonly<Record<Route['kind'], RequestHandler>>): RequestHandler {
  return (req, res, next) => handlers[routeOf(res).kind](req, res, next);
}

/**
 * The steps as one Express layer, run in order with Express's own rules for a
 * handler: a thrown error or a rejected promise goes to the error step, as
 * `next(error)` does. Express's router would give each step a layer of its own,
 * and match the path and allocate for it at every one, though no step has a
 * path: the route step has already found where the request goes.
 */
export function inOrder(steps: readonly RequestHandler[]): RequestHandler {
  return (req, res, done) => {
    let index = 0;
    const next: NextFunction = (error?: unknown) => {
      const step = steps[index++];
      if ((error !== undefined && error !== null) || step === undefined) {
        done(error);
        return;
      }
      try {
        const result: unknown = step(req, res, next);
        if (result instanceof Promise) result.then(undefined, (rejection: unknown) => done(rejection ?? new Error('Rejected promise')));
      } catch (thrown) {
        done(thrown);
      }
    };
    next();
  };
}

/**
 * Builds the app: one Express pipeline that every request passes, each step
 * written once (docs/architecture.md lists them with their files). It never
 * listens; `main.ts` does.
 */
export function createHttpApp(deps: HttpAppDeps): HttpApp {
  const { useCases, metrics, consumeRateLimit, logger, options } = deps;
  const app = express();
  app.disable('x-powered-by');
  app.disable('etag');
  // No 'trust proxy': nothing reads req.ip. Client addresses go through client-key.ts with TRUST_PROXY,
  // and queries through the strict parser (query.ts).
  const logInternal = (error: unknown, route: string): void => {
    logger.error({ route, error: errorSummary(error) }, 'internal error');
  };
  const service = serviceAnswers(deps);
  const pages = staticFiles(options.basePath);
  app.use(
    inOrder([
      routeStep(options.basePath),
      observe(logger, metrics),
      headers,
      screen,
      charge({
        consume: consumeRateLimit,
        points: options.rateLimit.points,
        durationSeconds: options.rateLimit.durationSeconds,
        ipv6PrefixLength: options.ipv6SubnetPrefix,
        trust: compileTrust(options.trustProxy),
        onRejected: (calls) => metrics.rejected(calls),
      }),
      allowMethod,
      readInput,
      answerByRoute({
        health: service,
        ready: service,
        openapi: service,
        docs: pages.docs,
        playground: pages.playground,
        rest: restHandler(useCases, (error) => logInternal(error, 'rest')),
        trpc: trpcHandler({
          useCases,
          // A batch may name no more calls than a window's points.
          maxBatchSize: options.rateLimit.points,
          ...(options.trpcFastPath === undefined ? {} : { fastPath: options.trpcFastPath }),
          onInternal: logInternal,
        }),
        none: (_req, _res, next) => next(notFound()),
      }),
    ]),
    errorAnswer((error, res) => logInternal(error, routeOf(res).name)),
  );
  return app;
}
