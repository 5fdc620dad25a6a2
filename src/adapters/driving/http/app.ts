import express, { type ErrorRequestHandler, type Express, type RequestHandler } from 'express';
import { createExpressMiddleware } from '@trpc/server/adapters/express';
import { createOpenApiNodeHttpHandler } from 'trpc-to-openapi';
import type { StoreHealth } from '../../../core/ports/rate-limit-store.js';
import type { ConsumeRateLimit } from '../../../core/use-cases/consume-rate-limit.js';
import { appRouter } from '../trpc/app-router.js';
import { INTERNAL_MESSAGE } from '../trpc/error-mapping.js';
import { UNMETERED, type CallBudget, type Context, type UseCases } from '../trpc/trpc.js';
import { docsRouter } from './docs-page.js';
import { buildOpenApiDocument } from './openapi.js';
import { MalformedQueryError, parseQuery } from './query.js';
import { rateLimitMiddleware } from './rate-limit.js';
import { presentRestError, sendDetail } from './rest-errors.js';

export type TrustProxy = false | number | readonly string[];

export interface HttpAppOptions {
  readonly basePath: string;
  readonly trustProxy: TrustProxy;
  readonly ipv6SubnetPrefix: number;
  readonly rateLimit: { readonly points: number; readonly durationSeconds: number };
  readonly version: string;
}

export interface HttpAppDeps {
  readonly useCases: UseCases;
  readonly consumeRateLimit: ConsumeRateLimit;
  readonly storeHealth: () => StoreHealth;
  readonly options: HttpAppOptions;
}

export const REST_PATHS = ['/unix-timestamp/now', '/unix-timestamp/to-utc', '/unix-timestamp/to-unix', '/jwt/decode'] as const;

const EXPOSED_HEADERS = 'Retry-After, RateLimit, RateLimit-Policy';

const commonHeaders: RequestHandler = (_req, res, next) => {
  res.setHeader('Access-Control-Allow-Origin', '*');
  res.setHeader('Access-Control-Expose-Headers', EXPOSED_HEADERS);
  res.setHeader('Cache-Control', 'no-store');
  res.setHeader('X-Content-Type-Options', 'nosniff');
  res.setHeader('Referrer-Policy', 'no-referrer');
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

// The rate-limit middleware leaves the request's paid calls in res.locals.
const budgetOf = (res: unknown): CallBudget =>
  ((res as { locals?: { budget?: CallBudget } }).locals?.budget) ?? UNMETERED;

/**
 * Builds the Express app: REST paths (trpc-to-openapi), `/trpc`, the OpenAPI
 * document, `/docs` and health. It never listens; `main.ts` does.
 */
export function createHttpApp({ useCases, consumeRateLimit, storeHealth, options }: HttpAppDeps): Express {
  const { basePath } = options;
  const app = express();
  app.disable('x-powered-by');
  app.disable('etag');
  app.set('case sensitive routing', true);
  app.set('query parser', false);
  app.set('trust proxy', options.trustProxy === false ? false : options.trustProxy);

  const openApiJson = JSON.stringify(buildOpenApiDocument(basePath, options.version));
  const restPaths = new Set<string>(REST_PATHS);
  const createContext = ({ res }: { res: unknown }): Context => ({ useCases, budget: budgetOf(res) });

  app.use(commonHeaders, preflight);

  app.get('/healthz', (_req, res) => {
    res.json({ status: 'ok' });
  });
  app.get('/readyz', (_req, res) => {
    const store = storeHealth();
    res.json({ status: store.state === 'ok' ? 'ok' : 'degraded', store });
  });
  app.get(`${basePath}/openapi.json`, (_req, res) => {
    res.type('application/json').send(openApiJson);
  });
  app.use(`${basePath}/docs`, docsRouter(`${basePath}/openapi.json`));

  app.use(
    rateLimitMiddleware({
      consume: consumeRateLimit,
      points: options.rateLimit.points,
      durationSeconds: options.rateLimit.durationSeconds,
      ipv6PrefixLength: options.ipv6SubnetPrefix,
      trpcPrefix: `${basePath}/trpc/`,
    }),
  );

  app.use(`${basePath}/trpc`, createExpressMiddleware({ router: appRouter, createContext, maxBatchSize: options.rateLimit.points }));

  const restHandler = createOpenApiNodeHttpHandler({
    router: appRouter,
    createContext,
    onError: ({ error, req }) => {
      const res = (req as { res?: Parameters<typeof presentRestError>[0] }).res;
      if (res) presentRestError(res, error);
    },
  });
  // Mounted under BASE_PATH, so req.path and req.url are relative to it, as trpc-to-openapi expects.
  app.use(basePath || '/', (req, res, next) => {
    if (!restPaths.has(req.path)) {
      next();
      return;
    }
    if (req.method !== 'GET') {
      res.setHeader('Allow', 'GET');
      sendDetail(res, 405, 'Method Not Allowed');
      return;
    }
    const queryStart = req.url.indexOf('?');
    Object.defineProperty(req, 'query', {
      value: parseQuery(queryStart === -1 ? '' : req.url.slice(queryStart + 1)),
      writable: true,
    });
    void restHandler(req, res, next);
  });

  app.use((_req, res) => {
    sendDetail(res, 404, 'Not Found');
  });

  const errorHandler: ErrorRequestHandler = (error: unknown, _req, res, _next) => {
    if (res.headersSent) {
      res.destroy();
      return;
    }
    if (error instanceof MalformedQueryError) {
      sendDetail(res, 400, error.message);
      return;
    }
    sendDetail(res, 500, INTERNAL_MESSAGE);
  };
  app.use(errorHandler);
  return app;
}
