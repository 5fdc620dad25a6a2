// A flood from one client costs Redis nothing once refused (contract §6): counted with
// INFO commandstats on private redis-server processes, so no other test's traffic counts.
import { eventually } from '../support/eventually.js';
import { randomUUID } from 'node:crypto';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PrivateRedis, REDIS_URL } from '../support/redis-server.js';
import {
  burstTheStoreAnswered,
  newClient,
  startPair,
  statusesSplitAcross,
  stopInstance,
  successes,
  type Instance,
} from '../support/redis-instances.js';
import { scriptCalls } from '../support/redis-stats.js';
import { trpcInput } from '../support/service.js';

const TO_UTC = '/unix-timestamp/to-utc?timestamp=0';

describe.skipIf(!REDIS_URL)('a flood from one client, on one Redis shared by two instances', () => {
  let redis: PrivateRedis;
  let instances: Instance[];

  beforeAll(async () => {
    redis = await PrivateRedis.start();
    instances = await startPair({ REDIS_URL: redis.url }, `flood:${randomUUID()}`);
  });

  afterAll(async () => {
    await Promise.all((instances ?? []).map(stopInstance));
    await redis?.kill();
  });

  it('answers 600 refused calls with exact 429s and asks Redis at most once per instance', async () => {
    const { statuses, client } = await burstTheStoreAnswered(instances, 40);
    expect(successes(statuses)).toBe(30);
    const before = await scriptCalls([redis.port]);
    const answers = await Promise.all(
      Array.from({ length: 600 }, (_, i) => fetch(`${instances[i % 2]?.running.url}${TO_UTC}`, { headers: client })),
    );
    const after = await scriptCalls([redis.port]);
    expect(after - before).toBeLessThanOrEqual(2);
    for (const res of answers) {
      expect(res.status).toBe(429);
      expect(await res.text()).toBe('{"detail":"Rate limit exceeded"}');
      const retryAfter = Number(res.headers.get('retry-after'));
      expect(retryAfter).toBeGreaterThanOrEqual(1);
      expect(retryAfter).toBeLessThanOrEqual(10);
      expect(res.headers.get('ratelimit')).toBe(`"default";r=0;t=${retryAfter}`);
      expect(res.headers.get('ratelimit-policy')).toBe('"default";q=30;w=10');
    }
  });

  it('refuses a batch from a refused client call by call, without asking Redis', async () => {
    const { statuses, client } = await burstTheStoreAnswered(instances, 30);
    expect(successes(statuses)).toBe(30);
    await fetch(`${instances[0]?.running.url}${TO_UTC}`, { headers: client });
    await fetch(`${instances[1]?.running.url}${TO_UTC}`, { headers: client });
    const before = await scriptCalls([redis.port]);
    const input = trpcInput(Object.fromEntries(Array.from({ length: 5 }, (_, i) => [i, { timestamp: '0' }])));
    const procedures = Array.from({ length: 5 }, () => 'unixTimestamp.toUtc').join(',');
    for (const instance of instances) {
      const res = await fetch(`${instance.running.url}/trpc/${procedures}?batch=1&input=${input}`, { headers: client });
      expect(res.status).toBe(429);
      const body = (await res.json()) as { error: { message: string; data: { httpStatus: number } } }[];
      expect(body).toHaveLength(5);
      for (const call of body) expect(call.error).toMatchObject({ message: 'Rate limit exceeded', data: { httpStatus: 429 } });
    }
    expect(await scriptCalls([redis.port])).toBe(before);
  });

  it('still gives a fresh client exactly 30 of 100 across the two instances', async () => {
    expect(successes((await burstTheStoreAnswered(instances, 100)).statuses)).toBe(30);
  });
});

describe.skipIf(!REDIS_URL)('a refused client on the real clock, with a 2 s window', () => {
  let redis: PrivateRedis;
  let instances: Instance[];
  const prefix = `flood-clock:${randomUUID()}`;

  beforeAll(async () => {
    redis = await PrivateRedis.start();
    instances = await startPair({ REDIS_URL: redis.url, RATE_LIMIT_DURATION_SECONDS: '2' }, prefix);
  });

  afterAll(async () => {
    await Promise.all((instances ?? []).map(stopInstance));
    await redis?.kill();
  });

  it('is served again by both instances as soon as its window resets in Redis, three windows running', async () => {
    const admin = new Redis(redis.url);
    try {
      const client = newClient();
      const key = `${prefix}:${client['X-Forwarded-For']}`;
      for (let window = 0; window < 3; window++) {
        expect(successes(await statusesSplitAcross(instances, 34, client))).toBe(30);
        const resetsAt = performance.now() + Number(await admin.pttl(key));
        // Refused through the window by both instances, each asking Redis at most once (an instance
        // whose own answers never showed the window spent learns it from its first refusal).
        const before = await scriptCalls([redis.port]);
        while (performance.now() < resetsAt - 100) {
          expect(await statusesSplitAcross(instances, 2, client)).toEqual([429, 429]);
          // The probes' pace through the window, which must pass: the time is the behaviour under test.
          await new Promise((resolve) => setTimeout(resolve, 50));
        }
        expect((await scriptCalls([redis.port])) - before).toBeLessThanOrEqual(2);
        // Redis has forgotten the key: the very next request from each instance is served.
        await eventually(async () => (await admin.exists(key)) === 0, { intervalMs: 2, what: 'the window key expired in Redis' });
        const [first, second] = await Promise.all(
          instances.map((instance) => fetch(`${instance.running.url}${TO_UTC}`, { headers: client }).then((res) => res.status)),
        );
        expect([first, second]).toEqual([200, 200]);
        // And the new window is as exact as the first.
        expect(successes(await statusesSplitAcross(instances, 30, client))).toBe(28);
        await eventually(async () => (await admin.exists(key)) === 0, { timeoutMs: 15_000, what: 'the second window key expired' });
      }
    } finally {
      admin.disconnect();
    }
  }, 30_000);
});
