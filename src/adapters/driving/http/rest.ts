import type { ServerResponse } from 'node:http';
import { getHTTPStatusCodeFromError } from '@trpc/server/http';
import type { RequestHandler } from 'express';
import { forEachOpenApiProcedure, normalizePath } from 'trpc-to-openapi';
import { ZodVoid, type z } from 'zod';
import { DomainError } from '../../../core/errors.js';
import type { UseCases } from '../../../core/use-cases/index.js';
import { appRouter, operationsByProcedure } from '../trpc/app-router.js';
import { INTERNAL_MESSAGE, domainToTrpcError } from '../trpc/error-mapping.js';
import type { Operation } from '../trpc/operations.js';
import { parseQuery } from './query.js';
import { sendDetail } from './rest-errors.js';

type AnyOperation = Operation<z.ZodType, z.ZodType>;

/**
 * The REST table: every path trpc-to-openapi documents, with the operation its
 * procedure is built from.
 */
function restRoutes(): Map<string, AnyOperation> {
  const routes = new Map<string, AnyOperation>();
  forEachOpenApiProcedure(appRouter._def.procedures, ({ path, meta }) => {
    const operation = (operationsByProcedure as Record<string, AnyOperation | undefined>)[path];
    if (!operation || meta.openapi.method !== 'GET') throw new Error(`${path}: no GET operation to serve over REST`);
    routes.set(normalizePath(meta.openapi.path), operation);
  });
  return routes;
}

const ROUTES = restRoutes();
export const REST_PATHS: readonly string[] = [...ROUTES.keys()];

function sendJson(res: ServerResponse, body: unknown): void {
  const text = JSON.stringify(body);
  res.writeHead(200, { 'Content-Type': 'application/json; charset=utf-8', 'Content-Length': Buffer.byteLength(text) });
  res.end(text);
}

/**
 * Serves the REST paths by running the same operations as the tRPC procedures:
 * the same input schema (and so the same messages), use case and output schema.
 * It skips only tRPC's middleware runtime, which profiling showed to cost more
 * than the rest of a request (docs/decisions/0001-rest-dispatch.md). The rate
 * limit was charged before this runs.
 */
export function restHandler(useCases: UseCases, onInternal: (error: unknown) => void): RequestHandler {
  return (req, res, next) => {
    const operation = ROUTES.get(req.path);
    if (!operation) {
      next();
      return;
    }
    // HEAD runs as GET; Node sends its headers without the body.
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      res.setHeader('Allow', 'GET, HEAD');
      sendDetail(res, 405, 'Method Not Allowed');
      return;
    }
    const queryStart = req.url.indexOf('?');
    // Throws MalformedQueryError, which the app's error handler answers with 400.
    const query = parseQuery(queryStart === -1 ? '' : req.url.slice(queryStart + 1));
    // An operation without parameters ignores the query, as trpc-to-openapi's adapter did.
    const input = operation.input.safeParse(operation.input instanceof ZodVoid ? undefined : query);
    if (!input.success) {
      sendDetail(res, 400, input.error.issues[0]?.message ?? 'invalid input');
      return;
    }
    try {
      sendJson(res, operation.output.parse(operation.run(useCases, input.data)));
    } catch (error) {
      if (error instanceof DomainError) {
        const transport = domainToTrpcError(error);
        sendDetail(res, getHTTPStatusCodeFromError(transport), transport.message);
        return;
      }
      onInternal(error);
      sendDetail(res, 500, INTERNAL_MESSAGE);
    }
  };
}
