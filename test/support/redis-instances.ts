import { pino } from 'pino';
import { createRateLimitStore } from '../../src/adapters/driven/rate-limit-stores.js';
import { loadConfig } from '../../src/config/config.js';
import type { RateLimitStore } from '../../src/core/rate-limit/ports/rate-limit-store.js';
import { listen, testService, type Running } from './service.js';
import { eventually } from './eventually.js';

export const TO_UTC = '/unix-timestamp/to-utc?timestamp=0';

/** One service instance on a loopback port, with its Redis store and its log lines. */
export interface Instance {
  readonly running: Running;
  readonly store: RateLimitStore;
  readonly logs: string[];
}

/**
 * An instance configured from `env` as production reads it (RATE_LIMIT_STORE=redis
 * and the Redis settings), behind a trusted loopback proxy so that each test
 * can be its own client, with its keys under `keyPrefix`.
 */
export async function startInstance(env: Record<string, string>, keyPrefix: string): Promise<Instance> {
  const logs: string[] = [];
  const logger = pino({ level: 'info' }, { write: (line: string) => logs.push(line) });
  const fullEnv = { RATE_LIMIT_STORE: 'redis', TRUST_PROXY: 'loopback', ...env };
  const config = loadConfig(fullEnv);
  if (config.rateLimit.redis === undefined) throw new Error('not a Redis configuration');
  const policy = { points: config.rateLimit.points, durationSeconds: config.rateLimit.durationSeconds };
  const store = createRateLimitStore(
    policy,
    { kind: 'redis', redis: config.rateLimit.redis, clusterWorker: false, redisKeyPrefix: keyPrefix },
    logger,
  );
  const { app } = testService(fullEnv, { rateLimitStore: store, logger });
  return { running: await listen(app), store, logs };
}

/** Two instances sharing `keyPrefix`, once both stores report `ok`. */
export async function startPair(env: Record<string, string>, keyPrefix: string): Promise<Instance[]> {
  const pair = [await startInstance(env, keyPrefix), await startInstance(env, keyPrefix)];
  await eventually(() => pair.every((instance) => instance.store.health().state === 'ok'), { timeoutMs: 5000, what: 'both stores ok' });
  return pair;
}

export async function stopInstance(instance: Instance): Promise<void> {
  await instance.running.close();
  await instance.store.close();
}

let clientCounter = 0;
/** A client address of its own, through the trusted loopback proxy hop. */
export const newClient = (): Record<string, string> => {
  clientCounter += 1;
  return { 'X-Forwarded-For': `198.51.${100 + Math.floor(clientCounter / 250)}.${clientCounter % 250}` };
};

/** `total` concurrent requests from one client, dealt round-robin over the instances. */
export async function statusesSplitAcross(instances: readonly Instance[], total: number, client = newClient()): Promise<number[]> {
  return Promise.all(
    Array.from({ length: total }, (_, i) =>
      fetch(`${instances[i % instances.length]?.running.url}${TO_UTC}`, { headers: client }).then((res) => res.status),
    ),
  );
}

export async function timedGet(url: string, headers: Record<string, string> = {}): Promise<{ status: number; ms: number }> {
  const start = performance.now();
  const res = await fetch(url, { headers });
  await res.arrayBuffer();
  return { status: res.status, ms: performance.now() - start };
}

/** What an instance logs when a decision fell back to its own memory (`rate-limit-stores.ts`). */
const DEGRADED = 'degraded to per-instance memory';
const degradedLines = (instances: readonly Instance[]): number =>
  instances.reduce((sum, instance) => sum + instance.logs.filter((line) => line.includes(DEGRADED)).length, 0);

/**
 * `total` concurrent requests from one client, as `statusesSplitAcross`, for tests of the shared
 * count's exactness. A store that misses its decision deadline (a starved CPU, say) answers from
 * per-instance memory, as the product promises, and such a burst says nothing about exactness: it is
 * made again by the next client from `nextClient`, once every store is back to `ok`, up to `attempts`
 * bursts in all. Each store is `ok` before a burst, so a fallback during it always logs a line.
 * Returns the statuses of the burst the shared store answered, and its client.
 */
export async function burstTheStoreAnswered(
  instances: readonly Instance[],
  total: number,
  {
    nextClient = newClient,
    attempts = 5,
  }: { nextClient?: () => Record<string, string> | Promise<Record<string, string>>; attempts?: number } = {},
): Promise<{ statuses: number[]; client: Record<string, string> }> {
  for (let attempt = 1; attempt <= attempts; attempt++) {
    await eventually(() => instances.every((instance) => instance.store.health().state === 'ok'), {
      timeoutMs: 15_000,
      what: 'every store ok before the burst',
    });
    const before = degradedLines(instances);
    const client = await nextClient();
    const statuses = await statusesSplitAcross(instances, total, client);
    if (degradedLines(instances) === before) return { statuses, client };
    // Said, so that a run shows how often a starved machine cost a burst.
    console.warn(`burst ${attempt} of ${attempts}: the shared store missed its deadline, so it proves nothing about exactness`);
  }
  throw new Error(`the shared store missed its deadline during each of ${attempts} bursts: exactness was never tested`);
}

/** How many of `statuses` are 200. */
export const successes = (statuses: readonly number[]): number => statuses.filter((status) => status === 200).length;
