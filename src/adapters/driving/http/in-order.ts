import type { NextFunction, RequestHandler } from 'express';

/**
 * A route's steps as one handler, run in order with Express's own rules for a
 * handler: a thrown error or a rejected promise goes to `done`, as
 * `next(error)` does. Express's router would give each step a layer of its
 * own, and match the path and allocate for it at every one, though no step has
 * a path: the route was found before its steps run.
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
