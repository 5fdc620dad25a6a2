import type { Logger } from 'pino';
import type { RateLimitPolicy, RateLimitStore, StoreHealth } from '../../core/rate-limit/ports/rate-limit-store.js';
import { ClusterRateLimitStore, startClusterRateLimitPrimary } from './cluster-rate-limit-store.js';
import { MemoryRateLimitStore } from './memory-rate-limit-store.js';
import type { RedisConnection } from './redis-connection.js';
import { RedisRateLimitStore } from './redis-rate-limit-store.js';

export type StoreSettings = (
  | { readonly kind: 'memory' }
  | {
      readonly kind: 'redis';
      /** Where Redis is and how to reach it. */
      readonly redis: RedisConnection;
    }
) & {
  /** This process is one of WORKERS cluster workers: memory limits live in the primary. */
  readonly clusterWorker: boolean;
  /** Namespace for Redis keys; instances that share a limit share it. */
  readonly redisKeyPrefix?: string;
};

/** The store the settings call for, with its state changes logged once each. */
export function createRateLimitStore(policy: RateLimitPolicy, settings: StoreSettings, logger: Logger): RateLimitStore {
  const onStateChange = (store: 'redis' | 'cluster') => (state: StoreHealth['state'], reason: string) => {
    const shared = store === 'redis' ? 'Redis' : 'the cluster primary';
    if (state === 'ok') logger.info({ store, state, reason }, `rate-limit store is shared through ${shared}`);
    else logger.warn({ store, state, reason }, 'rate-limit store degraded to per-instance memory');
  };
  if (settings.kind === 'redis') {
    return new RedisRateLimitStore(policy, {
      connection: settings.redis,
      ...(settings.redisKeyPrefix === undefined ? {} : { keyPrefix: settings.redisKeyPrefix }),
      onStateChange: onStateChange('redis'),
    });
  }
  if (settings.clusterWorker) return new ClusterRateLimitStore(policy, { onStateChange: onStateChange('cluster') });
  return new MemoryRateLimitStore(policy);
}

/** What the cluster primary must run before forking: the shared memory limiter, unless Redis holds the counts. */
export function startClusterPrimary(kind: StoreSettings['kind']): void {
  if (kind === 'memory') startClusterRateLimitPrimary();
}
