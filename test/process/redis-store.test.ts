import { randomUUID } from 'node:crypto';
import { eventually } from '../support/eventually.js';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config/config.js';
import { buildHttpService, createContainer } from '../../src/composition-root.js';
import { createRedisClient } from '../../src/adapters/driven/redis-connection.js';
import { PrivateRedis, REDIS_URL, freePort } from '../support/redis-server.js';
import {
  TO_UTC as toUtc,
  burstTheStoreAnswered,
  newClient,
  startInstance as startWithEnv,
  stopInstance,
  timedGet,
  type Instance,
} from '../support/redis-instances.js';
import { listen } from '../support/service.js';

const startInstance = (url: string, keyPrefix: string): Promise<Instance> => startWithEnv({ REDIS_URL: url }, keyPrefix);

describe.skipIf(!REDIS_URL)('Redis store on the shared Redis (REDIS_URL)', () => {
  it('gives exactly 30 successes to 100 concurrent requests split across two instances', async () => {
    const prefix = `test:${randomUUID()}`;
    const instances = [await startInstance(REDIS_URL ?? '', prefix), await startInstance(REDIS_URL ?? '', prefix)];
    try {
      await eventually(() => instances.every((instance) => instance.store.health().state === 'ok'), { timeoutMs: 3000 });
      const { statuses } = await burstTheStoreAnswered(instances, 100);
      expect(statuses.filter((status) => status === 200)).toHaveLength(30);
      expect(statuses.filter((status) => status === 429)).toHaveLength(70);
    } finally {
      await Promise.all(instances.map(stopInstance));
    }
  });

  it('is chosen by RATE_LIMIT_STORE=redis and reported by /readyz', async () => {
    const { app, application } = buildHttpService(
      createContainer(loadConfig({ RATE_LIMIT_STORE: 'redis', REDIS_URL: REDIS_URL ?? '', LOG_LEVEL: 'silent' })),
    );
    const running = await listen(app);
    try {
      await eventually(() => application.rateLimitStore.health().state === 'ok', { timeoutMs: 3000 });
      const ready = await (await fetch(`${running.url}/readyz`)).json();
      expect(ready).toEqual({ status: 'ok', store: { name: 'redis', mode: 'single', state: 'ok' } });
    } finally {
      await running.close();
      await application.close();
    }
  });
});

describe.skipIf(!REDIS_URL)('Redis client (REDIS_URL)', () => {
  it('sends the commands of one tick in one write, and answers each', async () => {
    const client = createRedisClient(
      { topology: { mode: 'single', url: REDIS_URL ?? '' }, tls: false },
      { commandTimeoutMs: 1000, connectTimeoutMs: 1000 },
    ) as Redis;
    try {
      await new Promise((resolve) => client.once('ready', resolve));
      let writes = 0;
      const stream = client.stream;
      const write = stream.write.bind(stream) as (...args: unknown[]) => boolean;
      stream.write = (...args: unknown[]) => {
        writes++;
        return write(...args);
      };
      const key = `test:${randomUUID()}`;
      const counts = await Promise.all(Array.from({ length: 20 }, () => client.incr(key)));
      expect(counts.sort((a, b) => a - b)).toEqual(Array.from({ length: 20 }, (_, i) => i + 1));
      expect(writes).toBe(1);
      await client.del(key);
    } finally {
      client.disconnect();
    }
  });
});

describe.skipIf(!REDIS_URL)('Redis faults (a private redis-server)', () => {
  let redis: PrivateRedis;
  let instances: Instance[];

  beforeAll(async () => {
    redis = await PrivateRedis.start();
    const prefix = `fault:${randomUUID()}`;
    instances = [await startInstance(redis.url, prefix), await startInstance(redis.url, prefix)];
    await eventually(() => instances.every((instance) => instance.store.health().state === 'ok'), { timeoutMs: 3000 });
  });

  afterAll(async () => {
    await Promise.all(instances.map(stopInstance));
    await redis.kill();
  });

  it('answers every request within 500 ms while Redis is paused, and never with 5xx', async () => {
    const admin = new Redis(redis.url);
    try {
      await admin.call('CLIENT', 'PAUSE', '1500', 'ALL');
      const client = newClient();
      const answers = await Promise.all(
        Array.from({ length: 20 }, (_, i) => timedGet(`${instances[i % 2]?.running.url}/unix-timestamp/now`, client)),
      );
      expect(Math.max(...answers.map((answer) => answer.ms))).toBeLessThan(500);
      expect(answers.every((answer) => answer.status === 200)).toBe(true);
    } finally {
      await admin.call('CLIENT', 'UNPAUSE').catch(() => undefined);
      admin.disconnect();
    }
  });

  it('limits each instance at 30 on its own once Redis is killed, and /readyz says degraded', async () => {
    await redis.kill();
    await eventually(() => instances.every((instance) => instance.store.health().state === 'degraded'), { timeoutMs: 3000 });
    const client = newClient();
    for (const instance of instances) {
      const statuses = [];
      for (let i = 0; i < 31; i++) statuses.push((await timedGet(`${instance.running.url}${toUtc}`, client)).status);
      expect(statuses.slice(0, 30).every((status) => status === 200)).toBe(true);
      expect(statuses[30]).toBe(429);
      const ready = await fetch(`${instance.running.url}/readyz`);
      expect(ready.status).toBe(200);
      expect(await ready.json()).toEqual({ status: 'degraded', store: { name: 'redis', mode: 'single', state: 'degraded' } });
    }
    const degradedLines = instances[0]?.logs.filter((line) => line.includes('degraded to per-instance memory')) ?? [];
    expect(degradedLines.length).toBeGreaterThanOrEqual(1);
    expect(degradedLines.length).toBeLessThanOrEqual(2);
  });

  it('returns to one shared limit within one window once Redis is back', async () => {
    await redis.start();
    const started = performance.now();
    await eventually(() => instances.every((instance) => instance.store.health().state === 'ok'), { timeoutMs: 10_000 });
    const waited = performance.now() - started;
    expect(waited).toBeLessThan(10_000);
    // A client the memory fallback never saw: only a shared count can hold it to 30.
    const { statuses } = await burstTheStoreAnswered(instances, 60);
    expect(statuses.filter((status) => status === 200)).toHaveLength(30);
    expect(instances[0]?.logs.some((line) => line.includes('shared through Redis'))).toBe(true);
  });
});

describe.skipIf(!REDIS_URL)('Redis unreachable at start-up', () => {
  it('starts, serves and limits from memory, each decision fast', async () => {
    const deadUrl = `redis://127.0.0.1:${await freePort()}`;
    const instance = await startInstance(deadUrl, 'never');
    try {
      const statuses = [];
      const client = newClient();
      for (let i = 0; i < 31; i++) statuses.push((await timedGet(`${instance.running.url}${toUtc}`, client)).status);
      expect(statuses.slice(0, 30).every((status) => status === 200)).toBe(true);
      expect(statuses[30]).toBe(429);
      // The decision itself, timed on the store: an HTTP round trip on a loaded machine would time the machine.
      const decisions = [];
      for (let i = 0; i < 31; i++) {
        const start = performance.now();
        await instance.store.consume('203.0.113.9', 1);
        decisions.push(performance.now() - start);
      }
      expect(Math.max(...decisions)).toBeLessThan(200);
      expect(instance.store.health()).toEqual({ name: 'redis', mode: 'single', state: 'degraded' });
    } finally {
      await stopInstance(instance);
    }
  });
});
