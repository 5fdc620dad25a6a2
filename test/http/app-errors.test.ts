// What the app logs and answers when something fails: crashing use cases on each path,
// a failing rate-limit store, errors Express raises, and the tRPC guard.
import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { createLogger } from '../../src/adapters/driven/logger.js';
import type { RateLimitStore, StoreHealth } from '../../src/core/rate-limit/ports/rate-limit-store.js';
import { buildHttpService } from '../../src/composition-root.js';
import { swapUseCase, testContainer, testService, trpcInput } from '../support/service.js';

function captured() {
  const lines: Array<Record<string, unknown>> = [];
  const logger = createLogger('info', {
    destination: { write: (line: string) => lines.push(JSON.parse(line) as Record<string, unknown>) },
  });
  return { lines, logger, internal: () => lines.filter((line) => line.msg === 'internal error') };
}

/** The production composition, with a current-time use case that throws. */
function crashingService(tuning: { trpcFastPath?: boolean } = {}) {
  const { lines, logger, internal } = captured();
  const { container } = testContainer({ RATE_LIMIT_POINTS: '100' }, { logger });
  swapUseCase(container, 'getCurrentTime', {
    execute: () => {
      throw new RangeError('clock broke');
    },
  } as never); // as never: a stand-in with only the method the catalog calls
  return { app: buildHttpService(container, tuning).app, lines, internal };
}

class FailingStore implements RateLimitStore {
  consume(): Promise<never> {
    return Promise.reject(new TypeError('store broke'));
  }
  health(): StoreHealth {
    return { name: 'memory', state: 'ok' };
  }
  close() {
    return Promise.resolve();
  }
}

describe('internal errors', () => {
  it('answer a REST crash with 500 and log it once as internal, under the route rest, with its type only', async () => {
    const { app, internal } = crashingService();
    expect((await request(app).get('/unix-timestamp/now').expect(500)).body).toEqual({ detail: 'Internal Server Error' });
    expect(internal()).toHaveLength(1);
    expect(internal()[0]).toMatchObject({ level: 'error', route: 'rest', error: { type: 'RangeError' } });
    expect(JSON.stringify(internal())).not.toContain('clock broke');
  });

  it.each([
    ['the fast path', true],
    ["tRPC's own adapter", false],
  ])('answer a tRPC crash through %s with 500 and log it under the procedure', async (_name, trpcFastPath) => {
    const { app, internal } = crashingService({ trpcFastPath });
    const answer = await request(app).get('/trpc/unixTimestamp.now').expect(500);
    expect(answer.body.error.message).toBe('Internal Server Error');
    expect(internal()).toHaveLength(1);
    expect(internal()[0]).toMatchObject({ route: 'unixTimestamp.now', error: { type: 'RangeError' } });
  });

  it('log nothing as internal for answers that are not', async () => {
    const { app, internal } = crashingService();
    await request(app).get('/unix-timestamp/to-utc?timestamp=soon').expect(400);
    await request(app)
      .get(`/trpc/unixTimestamp.toUtc?input=${trpcInput({ timestamp: 'soon' })}`)
      .expect(400);
    await request(app).get('/nothing').expect(404);
    expect(internal()).toEqual([]);
  });

  it('answer a rate-limit store that fails with 500, logged under the route named by path', async () => {
    const { lines, logger, internal } = captured();
    const { app } = testService({}, { logger, rateLimitStore: new FailingStore() });
    expect((await request(app).get('/unix-timestamp/now').expect(500)).body).toEqual({ detail: 'Internal Server Error' });
    // tRPC's route answers in tRPC's shape.
    expect((await request(app).get('/trpc/unixTimestamp.now').expect(500)).body.error).toEqual({
      message: 'Internal Server Error',
      code: -32603,
      data: { code: 'INTERNAL_SERVER_ERROR', httpStatus: 500, path: 'unixTimestamp.now' },
    });
    const post = request(app).post('/unix-timestamp/now').set('Content-Type', 'application/json').send('{}');
    expect((await post.expect(500)).body).toEqual({ detail: 'Internal Server Error' });
    expect(internal().map((line) => line.route)).toEqual(['/unix-timestamp/now', '/trpc/unixTimestamp.now', '/unix-timestamp/now']);
    expect(internal()[0]).toMatchObject({ error: { type: 'TypeError' } });
    expect(lines.filter((line) => line.msg === 'request').map((line) => line.status)).toEqual([500, 500, 500]);
  });
});

/** A store whose every answer fails with `error`. */
const failingWith = (error: Error): RateLimitStore => ({
  consume: () => Promise.reject(error),
  health: () => ({ name: 'memory', state: 'ok' }),
  close: () => Promise.resolve(),
});

describe('errors that carry a status', () => {
  it.each([
    [400, 400, 'Bad Request', false],
    [404, 404, 'Not Found', false],
    [499, 499, 'Bad Request', false],
    [500, 500, 'Internal Server Error', true],
    [503, 500, 'Internal Server Error', true],
    [302, 500, 'Internal Server Error', true],
    ['400', 500, 'Internal Server Error', true],
  ])('answer status %j with %i %s, logged as internal: %s', async (status, answered, detail, logged) => {
    const { logger, internal } = captured();
    const { app } = testService({}, { logger, rateLimitStore: failingWith(Object.assign(new Error('failed'), { status })) });
    for (const path of ['/unix-timestamp/now', '/nothing']) {
      const answer = await request(app).get(path).expect(answered);
      expect(answer.body).toEqual({ detail });
    }
    expect(internal()).toHaveLength(logged ? 2 : 0);
  });
});

describe('paths nothing can decode', () => {
  it('answer an undecodable page path with a JSON 404, logged as no internal error', async () => {
    const { lines, logger, internal } = captured();
    const { app } = testService({}, { logger });
    const answer = await request(app).get('/docs/%E0%A4%A').expect(404);
    expect(answer.text).toBe('{"detail":"Not Found"}');
    expect(internal()).toEqual([]);
    expect(lines.filter((line) => line.msg === 'request')).toHaveLength(1);
  });

  it('send no Express headers on its own paths', async () => {
    const { app } = testService();
    const health = await request(app).get('/healthz').expect(200);
    expect(health.headers['x-powered-by']).toBeUndefined();
    expect(health.headers.etag).toBeUndefined();
    expect(health.body).toEqual({ status: 'ok', version: expect.any(String), tzdata: process.versions.tz });
  });
});

describe('the tRPC guard', () => {
  it('refuses other methods with 405, Allow and a message in tRPC shape, and lets HEAD through', async () => {
    const { app } = testService({ RATE_LIMIT_POINTS: '100' });
    const post = await request(app).put('/trpc/unixTimestamp.now').expect(405);
    expect(post.headers.allow).toBe('GET, HEAD, POST');
    expect(post.body.error).toMatchObject({
      message: 'Method Not Allowed',
      data: { code: 'METHOD_NOT_SUPPORTED', httpStatus: 405 },
    });
    expect((await request(app).head('/trpc/unixTimestamp.now')).status).toBeLessThan(300);
  });

  it('leaves /trpc itself, which names no procedure, to tRPC', async () => {
    const { app } = testService({ RATE_LIMIT_POINTS: '100' });
    const answer = await request(app).get('/trpc').expect(404);
    expect(answer.body.error.data.code).toBe('NOT_FOUND');
  });
});

describe('the rate limit outside the REST and tRPC paths', () => {
  it('charges and refuses unknown paths and other methods with the REST 429', async () => {
    const { app, metrics } = testService({ RATE_LIMIT_POINTS: '1' });
    await request(app).get('/nothing').expect(404);
    expect((await request(app).get('/nothing').expect(429)).text).toBe('{"detail":"Rate limit exceeded"}');
    expect((await request(app).post('/unix-timestamp/now').expect(429)).text).toBe('{"detail":"Rate limit exceeded"}');
    expect(await metrics.registry.metrics()).toContain('rate_limit_rejections_total 2');
  });

  it('counts each refused call of a batch as a rejection', async () => {
    const { app, metrics } = testService({ RATE_LIMIT_POINTS: '3' });
    await request(app).get('/unix-timestamp/now').expect(200);
    const batch = await request(app).get(`/trpc/unixTimestamp.now,unixTimestamp.now,unixTimestamp.now?batch=1&input=${trpcInput({})}`);
    expect((batch.body as Array<{ error?: unknown }>).map((call) => call.error === undefined)).toEqual([true, true, false]);
    expect(await metrics.registry.metrics()).toContain('rate_limit_rejections_total 1');
  });

  it('reports a degraded store in its gauge', async () => {
    const store: RateLimitStore = {
      consume: () => Promise.resolve({ consumed: 1, resetMs: 10_000 }),
      health: () => ({ name: 'redis', mode: 'single', state: 'degraded' }),
      close: () => Promise.resolve(),
    };
    const { metrics } = testService({}, { rateLimitStore: store });
    // A whole line: the metric's help text also begins with "1 while".
    expect(await metrics.registry.metrics()).toMatch(/^rate_limit_store_degraded 1$/m);
  });
});
