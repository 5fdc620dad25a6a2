import type { ServerResponse } from 'node:http';
import type { RequestHandler } from 'express';
import { OPERATIONS, OPERATION_BY_PROCEDURE, type AnyOperation } from '../contract/catalog.js';
import type { CallBudget } from '../contract/dispatcher.js';
import { readTrpcCall, type TrpcCall } from '../trpc/url-reader.js';

/** The methods a route answers; others get 405 with this as `Allow`. */
export const READ_METHODS = 'GET, HEAD';
export const API_METHODS = 'GET, HEAD, POST';

interface RouteBase {
  /** The name logs and metrics know the request by: never anything the request carried. */
  readonly name: string;
  /** Whether the request pays into the rate limit. */
  readonly charged: boolean;
  /** The methods the route answers; undefined for a path that is no route, which the answer step gives 404 whatever the method. */
  readonly allow: string | undefined;
}

/** Where a request goes, found once by `route`: every later step reads it. */
export type Route =
  | (RouteBase & { readonly kind: 'health' | 'ready' | 'openapi' | 'docs' | 'playground' })
  | (RouteBase & { readonly kind: 'none'; readonly call?: TrpcCall })
  | (RouteBase & { readonly kind: 'rest'; readonly operation: AnyOperation })
  | (RouteBase & { readonly kind: 'trpc'; readonly call: TrpcCall });

/** What the pipeline's steps leave for the later ones, in `res.locals`. */
export interface PipelineState {
  route: Route;
  /** The calls the rate limit granted; set by the charge step on charged routes. */
  budget?: CallBudget;
  /** The input as read from the query string or the body: REST parameters, or tRPC's raw JSON. */
  input?: unknown;
}

/** The pipeline's state of a request; Express gives every response its `locals`. */
export const stateOf = (res: ServerResponse): PipelineState => (res as unknown as { locals: PipelineState }).locals;

/** The route of a request, as the route step found it. */
export const routeOf = (res: ServerResponse): Route => stateOf(res).route;

const NONE: Route = { kind: 'none', name: 'unmatched', charged: true, allow: undefined };

function trpcRouteName(call: TrpcCall): string {
  const [first, ...more] = call.procedures;
  if (more.length > 0) return '/trpc/batch';
  return first !== undefined && OPERATION_BY_PROCEDURE.has(first) ? `/trpc/${first}` : '/trpc/unknown';
}

/**
 * The one routing table, compiled once: health, readiness, the OpenAPI
 * document, the static pages (the playground at `/`, the API reference at
 * `/docs/`), each REST operation of the catalog at its path, and tRPC. Exact
 * paths are one map lookup; only `/docs/…`, `/assets/…` and `/trpc/…` are
 * prefixes. A path that case-folds to the tRPC prefix is no route, but pays
 * for every procedure it names, so that `/TRPC/a,b` costs two calls.
 */
export function compileRoutes(basePath: string): (path: string, url: string) => Route {
  const exact = new Map<string, Route>([
    ['/healthz', { kind: 'health', name: '/healthz', charged: false, allow: READ_METHODS }],
    ['/readyz', { kind: 'ready', name: '/readyz', charged: false, allow: READ_METHODS }],
    [`${basePath}/openapi.json`, { kind: 'openapi', name: '/openapi.json', charged: false, allow: READ_METHODS }],
  ]);
  for (const [, operation] of OPERATIONS) {
    const { path } = operation.openapi;
    exact.set(`${basePath}${path}`, { kind: 'rest', operation, name: path, charged: true, allow: API_METHODS });
  }
  const docs: Route = { kind: 'docs', name: '/docs', charged: false, allow: READ_METHODS };
  const playground: Route = { kind: 'playground', name: '/', charged: false, allow: READ_METHODS };
  for (const page of ['/', '/favicon.svg']) exact.set(`${basePath}${page}`, playground);
  if (basePath !== '') exact.set(basePath, playground);
  const assetsPrefix = `${basePath}/assets/`;
  const docsPath = `${basePath}/docs`;
  const trpcPath = `${basePath}/trpc`;
  const trpcPrefix = `${trpcPath}/`;
  const foldedTrpcPrefix = trpcPrefix.toLowerCase();
  return (path, url) => {
    const found = exact.get(path);
    if (found !== undefined) return found;
    if (path.startsWith(trpcPrefix)) {
      const call = readTrpcCall(url.slice(trpcPath.length));
      return { kind: 'trpc', call, name: trpcRouteName(call), charged: true, allow: API_METHODS };
    }
    if (path === trpcPath) return { kind: 'trpc', call: readTrpcCall(''), name: 'unmatched', charged: true, allow: API_METHODS };
    if (path === docsPath || path.startsWith(`${docsPath}/`)) return docs;
    if (path.startsWith(assetsPrefix)) return playground;
    if (path.toLowerCase().startsWith(foldedTrpcPrefix)) {
      return { ...NONE, call: readTrpcCall(url.slice(trpcPath.length)) };
    }
    return NONE;
  };
}

/** The route step: finds the request's route once, from the path as it arrived. */
export function routeStep(basePath: string): RequestHandler {
  const find = compileRoutes(basePath);
  return (req, res, next) => {
    const url = req.url;
    const queryStart = url.indexOf('?');
    stateOf(res).route = find(queryStart === -1 ? url : url.slice(0, queryStart), url);
    next();
  };
}

/** How many calls a route's request pays for: one per procedure it names, and at least one. */
export const callsOf = (route: Route): number => ('call' in route ? Math.max(1, route.call?.procedures.length ?? 1) : 1);
