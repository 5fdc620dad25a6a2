import type { ServerResponse } from 'node:http';
import type { ErrorRequestHandler } from 'express';
import { INTERNAL_MESSAGE, RATE_LIMIT_MESSAGE, type ApiFailure } from '../contract/errors.js';
import { MalformedQueryError } from './query.js';
import { routeOf } from './routes.js';

/** The one REST error body: `{"detail": ...}`; server.ts writes it too, on a raw socket, for what the parser refuses. */
export const detailBody = (detail: string): string => JSON.stringify({ detail });

/** A request the pipeline refuses before any operation runs: its status and what the caller is told. */
export class HttpError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly headers: Readonly<Record<string, string>> = {},
  ) {
    super(message);
  }
}

export const notFound = (): HttpError => new HttpError(404, 'Not Found');
export const rateLimited = (): HttpError => new HttpError(429, RATE_LIMIT_MESSAGE);

/** Writes `{detail}` with a status: the one writer of the REST error body on a response. */
export function sendDetail(res: ServerResponse, status: number, detail: string): void {
  const body = detailBody(detail);
  res.statusCode = status;
  res.setHeader('Content-Type', 'application/json; charset=utf-8');
  res.setHeader('Content-Length', Buffer.byteLength(body));
  res.end(body);
}

/** Writes a failure in the shape of the request's route. Every error answer of the pipeline goes through here. */
export const answerFailure = (res: ServerResponse, status: number, message: string): void => routeOf(res).fail(res, status, message);

/** A failed dispatch, answered; `onInternal` is told of an unexpected one first. */
export function answerApiFailure(res: ServerResponse, failure: ApiFailure, onInternal: (error: unknown) => void): void {
  if (failure.kind === 'INTERNAL_SERVER_ERROR') onInternal(failure.cause);
  answerFailure(res, failure.status, failure.message);
}

/**
 * The pipeline's last step: answers whatever a step threw or passed on. A
 * refusal is answered with its status; anything else is logged (by
 * `onInternal`, which names the route) and answered 500 with nothing of it.
 */
export function errorAnswer(onInternal: (error: unknown, res: ServerResponse) => void): ErrorRequestHandler {
  return (error: unknown, _req, res, _next) => {
    if (res.headersSent) {
      res.destroy();
      return;
    }
    if (error instanceof HttpError) {
      for (const [name, value] of Object.entries(error.headers)) res.setHeader(name, value);
      answerFailure(res, error.status, error.message);
      return;
    }
    if (error instanceof MalformedQueryError) {
      answerFailure(res, 400, error.message);
      return;
    }
    // Express calls an error handler only with a truthy error, so reading a member cannot throw.
    const status = (error as { status?: unknown }).status;
    // Errors Express itself raises for a bad request carry a 4xx status.
    if (typeof status === 'number' && status >= 400 && status < 500) {
      answerFailure(res, status, status === 404 ? 'Not Found' : 'Bad Request');
      return;
    }
    onInternal(error, res);
    answerFailure(res, 500, INTERNAL_MESSAGE);
  };
}
