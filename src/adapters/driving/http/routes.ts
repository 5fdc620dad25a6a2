import type { ServerResponse } from 'node:http';
import type { NextFunction, Request, RequestHandler, Response } from 'express';
import { inOrder } from './in-order.js';
import { OPERATIONS, type AnyOperation } from '../contract/catalog.js';
import type { CallBudget } from '../contract/dispatcher.js';
import { readTrpcCall, trpcRouteName, type TrpcCall } from './trpc/url-reader.js';

/** Writes a refusal in its route's shape: `{detail}`, or tRPC's envelopes for the calls the request named. */
export type FailureWriter = (res: ServerResponse, status: number, message: string) => void;

/** Where a request goes, found once by the pipeline, with the steps it runs there, compiled at start-up. */
export interface Route {
  /** The name logs and metrics know the request by: never anything the request carried. */
  readonly name: string;
  /** The route's steps, in order, as one handler (`inOrder`). */
  readonly run: RequestHandler;
  /** How every refusal on this route is written, the pipeline's error answer included. */
  readonly fail: FailureWriter;
  /** How many calls the request pays for: one per tRPC procedure it names, at least one. */
  readonly calls: number;
  /** The tRPC call the URL names, on the tRPC route. */
  readonly call?: TrpcCall;
}

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

/** The route of a request, as the pipeline found it. */
export const routeOf = (res: ServerResponse): Route => stateOf(res).route;

/** Each kind of route's steps, as the pipeline lists them; compiled once per route by `compileRoutes`. */
export interface RouteSteps {
  readonly health: readonly RequestHandler[];
  readonly ready: readonly RequestHandler[];
  readonly openapi: readonly RequestHandler[];
  readonly docs: readonly RequestHandler[];
  readonly playground: readonly RequestHandler[];
  readonly rest: (operation: AnyOperation) => readonly RequestHandler[];
  readonly trpc: readonly RequestHandler[];
  /** A path that is no route: charged, then 404. */
  readonly none: readonly RequestHandler[];
}

/** The two ways a refusal is written: `{detail}` on every route but tRPC's, and tRPC's envelopes for its calls. */
export interface FailureWriters {
  readonly detail: FailureWriter;
  readonly trpc: (call: TrpcCall) => FailureWriter;
}

const callsIn = (call: TrpcCall): number => Math.max(1, call.procedures.length);

/**
 * The one routing table, compiled once: health, readiness, the OpenAPI
 * document, the static pages (the playground at `/`, the API reference at
 * `/docs/`), each REST operation of the catalog at its path, and tRPC, each
 * with its steps. Exact paths are one map lookup; only `/docs/…`, `/assets/…`
 * and `/trpc/…` are prefixes. A tRPC route is made per request, for the call
 * its URL names, around steps compiled once. A path that case-folds to the
 * tRPC prefix is no route, but pays for every procedure it names, so that
 * `/TRPC/a,b` costs two calls.
 */
export function compileRoutes(basePath: string, steps: RouteSteps, writers: FailureWriters): (path: string, url: string) => Route {
  const route = (name: string, list: readonly RequestHandler[]): Route => ({ name, run: inOrder(list), fail: writers.detail, calls: 1 });
  const exact = new Map<string, Route>([
    ['/healthz', route('/healthz', steps.health)],
    ['/readyz', route('/readyz', steps.ready)],
    [`${basePath}/openapi.json`, route('/openapi.json', steps.openapi)],
  ]);
  for (const [, operation] of OPERATIONS) {
    const { path } = operation.openapi;
    exact.set(`${basePath}${path}`, route(path, steps.rest(operation)));
  }
  const docs = route('/docs', steps.docs);
  const playground = route('/', steps.playground);
  for (const page of ['/', '/favicon.svg']) exact.set(`${basePath}${page}`, playground);
  if (basePath !== '') exact.set(basePath, playground);
  const none = route('unmatched', steps.none);
  const runTrpc = inOrder(steps.trpc);
  const trpcRoute = (call: TrpcCall, name: string): Route => ({ name, run: runTrpc, fail: writers.trpc(call), calls: callsIn(call), call });
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
      return trpcRoute(call, trpcRouteName(call));
    }
    if (path === trpcPath) return trpcRoute(readTrpcCall(''), 'unmatched');
    if (path === docsPath || path.startsWith(`${docsPath}/`)) return docs;
    if (path.startsWith(assetsPrefix)) return playground;
    if (path.toLowerCase().startsWith(foldedTrpcPrefix)) return { ...none, calls: callsIn(readTrpcCall(url.slice(trpcPath.length))) };
    return none;
  };
}

/**
 * The pipeline's one layer: finds the request's route once, from the path as
 * it arrived, and runs that route's steps; what they pass on goes to the
 * error answer.
 */
export function routed(find: (path: string, url: string) => Route): RequestHandler {
  return (req: Request, res: Response, next: NextFunction) => {
    const url = req.url;
    const queryStart = url.indexOf('?');
    const route = find(queryStart === -1 ? url : url.slice(0, queryStart), url);
    stateOf(res).route = route;
    route.run(req, res, next);
  };
}
