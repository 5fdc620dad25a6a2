import { RateLimiterMemory, RateLimiterRes } from 'rate-limiter-flexible';
import type { RateLimitPolicy, RateLimitStore, StoreHealth, WindowUsage } from '../../core/rate-limit/ports/rate-limit-store.js';

export function usageFrom(res: RateLimiterRes): WindowUsage {
  return { consumed: res.consumedPoints, resetMs: res.msBeforeNext };
}

/**
 * Fixed windows in this process's memory, through rate-limiter-flexible. Keys
 * expire with their window, so memory follows the number of active clients.
 */
export class MemoryRateLimitStore implements RateLimitStore {
  private readonly limiter: RateLimiterMemory;

  constructor(policy: RateLimitPolicy) {
    this.limiter = new RateLimiterMemory({ points: policy.points, duration: policy.durationSeconds });
  }

  async consume(key: string, points: number): Promise<WindowUsage> {
    try {
      return usageFrom(await this.limiter.consume(key, points));
    } catch (rejection) {
      if (rejection instanceof RateLimiterRes) return usageFrom(rejection);
      throw rejection;
    }
  }

  health(): StoreHealth {
    return { name: 'memory', state: 'ok' };
  }

  close(): Promise<void> {
    return Promise.resolve();
  }
}
