import { RateLimiterCluster, RateLimiterClusterMaster } from 'rate-limiter-flexible';
import type { RateLimitPolicy } from '../../core/rate-limit/ports/rate-limit-store.js';
import { SharedRateLimitStore, type SharedStoreOptions } from './shared-rate-limit-store.js';

/** Call once in the cluster primary, before forking: it keeps the one count every worker asks. */
export function startClusterRateLimitPrimary(): void {
  new RateLimiterClusterMaster();
}

/**
 * The memory limiter of the cluster primary, asked by every worker over IPC
 * (rate-limiter-flexible's RateLimiterCluster), so N workers keep one exact
 * limit. Should the primary not answer in time, the worker limits on its own.
 */
export class ClusterRateLimitStore extends SharedRateLimitStore {
  protected readonly shared: RateLimiterCluster;

  constructor(policy: RateLimitPolicy, options: SharedStoreOptions = {}) {
    super(policy, 'cluster', 'ok', options);
    this.shared = new RateLimiterCluster({
      points: policy.points,
      duration: policy.durationSeconds,
      keyPrefix: 'rate-limit',
      // Only to forget an unanswered request: the store's deadline, which reads an answer that has
      // already arrived before giving up, decides when memory answers instead.
      timeoutMs: 1000,
    });
  }

  close(): Promise<void> {
    return Promise.resolve();
  }
}
