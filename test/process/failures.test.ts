import request from 'supertest';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { RateLimitStore } from '../../src/core/rate-limit/ports/rate-limit-store.js';
import { createRateLimitStore } from '../../src/adapters/driven/rate-limit-stores.js';
import { pino } from 'pino';
import { REDIS_URL } from '../support/redis-server.js';
import { testService } from '../support/service.js';

let unhandled: unknown[] = [];
const record = (reason: unknown) => unhandled.push(reason);
beforeEach(() => {
  unhandled = [];
  process.on('unhandledRejection', record);
});
afterEach(() => {
  process.off('unhandledRejection', record);
});

// That no rejection goes unhandled can only be seen after time has passed: this wait is the behaviour under test.
const settle = () => new Promise((resolve) => setTimeout(resolve, 300));

describe('failures without an unhandled rejection', () => {
  it('answers a JSON 500 when the store itself rejects, and leaks nothing', async () => {
    const failing: RateLimitStore = {
      consume: () => Promise.reject(new Error('store exploded with a secret: s3cret')),
      health: () => ({ name: 'memory', state: 'ok' }),
      close: () => Promise.resolve(),
    };
    const { app } = testService({}, { rateLimitStore: failing });
    const res = await request(app).get('/unix-timestamp/now').expect(500);
    expect(res.body).toEqual({ detail: 'Internal Server Error' });
    expect(res.text).not.toContain('s3cret');
    await request(app).get('/trpc/unixTimestamp.now').expect(500);
    await settle();
    expect(unhandled).toEqual([]);
  });

  it.skipIf(!REDIS_URL)('keeps serving, and limiting, when Redis refuses the database SELECT', async () => {
    const store = createRateLimitStore(
      { points: 2, durationSeconds: 10 },
      {
        kind: 'redis',
        redis: { topology: { mode: 'single', url: `${REDIS_URL ?? ''}/99` }, tls: false },
        clusterWorker: false,
        redisKeyPrefix: 'select-test',
      },
      pino({ level: 'silent' }),
    );
    try {
      const { app } = testService({ RATE_LIMIT_POINTS: '2' }, { rateLimitStore: store });
      await settle();
      await request(app).get('/unix-timestamp/now').expect(200);
      await request(app).get('/unix-timestamp/now').expect(200);
      await request(app).get('/unix-timestamp/now').expect(429);
      await settle();
      expect(unhandled).toEqual([]);
    } finally {
      await store.close();
    }
  });
});
