import type { NextFunction, Request, RequestHandler, Response } from 'express';
import { describe, expect, it } from 'vitest';
import { inOrder } from '../../../src/adapters/driving/http/in-order.js';

const req = {} as Request;
const res = {} as Response;

/** Runs the steps as Express would run their one layer, and resolves with what reached the layer's `next`. */
function run(steps: RequestHandler[]): Promise<{ error: unknown; calls: number }> {
  return new Promise((resolve) => {
    let calls = 0;
    const done = ((error?: unknown) => {
      calls += 1;
      // A second call would show up in `calls` of a later tick.
      setImmediate(() => resolve({ error, calls }));
    }) as NextFunction;
    inOrder(steps)(req, res, done);
  });
}

const step =
  (log: string[], name: string): RequestHandler =>
  (_req, _res, next) => {
    log.push(name);
    next();
  };

describe("inOrder, a route's steps as one handler", () => {
  it('runs every step in order, then goes on with no error', async () => {
    const log: string[] = [];
    expect(await run([step(log, 'a'), step(log, 'b'), step(log, 'c')])).toEqual({ error: undefined, calls: 1 });
    expect(log).toEqual(['a', 'b', 'c']);
  });

  it('goes on for next(null), which Express reads as no error', async () => {
    const log: string[] = [];
    const withNull: RequestHandler = (_req, _res, next) => next(null);
    expect(await run([withNull, step(log, 'b')])).toEqual({ error: undefined, calls: 1 });
    expect(log).toEqual(['b']);
  });

  it('stops at a step that answers without calling next', async () => {
    const log: string[] = [];
    const answers: RequestHandler = () => log.push('answered');
    let reached = false;
    inOrder([step(log, 'a'), answers, step(log, 'never')])(req, res, () => (reached = true));
    await new Promise((resolve) => setImmediate(resolve));
    expect(log).toEqual(['a', 'answered']);
    expect(reached).toBe(false);
  });

  it('skips the later steps for next(error), a thrown error or a rejected promise, as Express would', async () => {
    const failure = new Error('refused');
    for (const failing of [
      ((_req, _res, next) => next(failure)) as RequestHandler,
      (() => {
        throw failure;
      }) as RequestHandler,
      (() => Promise.reject(failure)) as RequestHandler,
      (async (_req, _res, next) => {
        await Promise.resolve();
        next(failure);
      }) as RequestHandler,
    ]) {
      const log: string[] = [];
      expect(await run([step(log, 'a'), failing, step(log, 'never')])).toEqual({ error: failure, calls: 1 });
      expect(log).toEqual(['a']);
    }
  });

  it('passes on a promise rejected with nothing as an error, as Express does', async () => {
    // eslint-disable-next-line @typescript-eslint/prefer-promise-reject-errors -- the case under test: a rejection without a reason
    const { error } = await run([() => Promise.reject(undefined)]);
    expect(error).toEqual(new Error('Rejected promise'));
  });

  it('goes on when a step that returned a promise calls next once it settles', async () => {
    const log: string[] = [];
    const later: RequestHandler = async (_req, _res, next) => {
      await Promise.resolve();
      log.push('later');
      next();
    };
    expect(await run([later, step(log, 'b')])).toEqual({ error: undefined, calls: 1 });
    expect(log).toEqual(['later', 'b']);
  });
});
