import type { ServerResponse } from 'node:http';
import type { RequestHandler } from 'express';
import type { UseCases } from '../../../core/use-cases/index.js';
import type { AnyOperation } from '../contract/catalog.js';
import { dispatch } from '../contract/dispatcher.js';
import { answerApiFailure } from './errors.js';
import { stateOf } from './routes.js';

function sendJson(res: ServerResponse, body: unknown): void {
  const text = JSON.stringify(body);
  res.writeHead(200, { 'Content-Type': 'application/json; charset=utf-8', 'Content-Length': Buffer.byteLength(text) });
  res.end(text);
}

/**
 * A REST route's answer step, for its operation: runs it on the parameters the
 * input step read, through `dispatch`, and writes the answer, or its failure.
 * HEAD runs as GET; Node sends its headers without the body.
 */
export function restAnswer(operation: AnyOperation, useCases: UseCases, onInternal: (error: unknown) => void): RequestHandler {
  return (req, res, next) => {
    const { input, budget } = stateOf(res);
    // A POST's parameters are its body's alone (a query string beside one is refused): only they keep a secret.
    dispatch(operation, input, { useCases, budget, carrier: req.method === 'POST' ? 'private' : 'url' })
      .then((outcome) => (outcome.ok ? sendJson(res, outcome.data) : answerApiFailure(res, outcome.error, onInternal)))
      .catch(next);
  };
}
