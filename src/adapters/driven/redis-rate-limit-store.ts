import { Redis } from 'ioredis';
import { RateLimiterRedis, RateLimiterRes } from 'rate-limiter-flexible';
import type { RateLimitStore, StoreHealth, WindowUsage } from '../../core/ports/rate-limit-store.js';
import type { RateLimitPolicy } from '../../core/use-cases/consume-rate-limit.js';
import { MemoryRateLimitStore, usageFrom } from './memory-rate-limit-store.js';

export interface RedisStoreOptions {
  readonly url: string;
  /** Key namespace in Redis; instances that share a limit share it. */
  readonly keyPrefix?: string;
  /** Longest a Redis round trip may take before the fallback answers. */
  readonly commandTimeoutMs?: number;
  /** After a failure, how long to answer from memory before trying Redis again. */
  readonly retryAfterFailureMs?: number;
  /** Told once per change between `ok` and `degraded`, with the reason. */
  readonly onStateChange?: (state: StoreHealth['state'], reason: string) => void;
}

class Deadline extends Error {}

/**
 * One fixed window per client shared by every instance, kept in Redis by an
 * atomic Lua increment (rate-limiter-flexible's RateLimiterRedis over ioredis).
 *
 * When Redis is down, paused or slow, it never waits: commands are not queued
 * while disconnected, not sent while the connection is not ready, and cut off
 * after a short timeout. The decision then comes from a per-instance memory
 * limiter with the same policy, so each instance still limits on its own; the
 * counts are not merged back. ioredis reconnects by itself, and the next
 * decision after that goes to Redis again.
 */
export class RedisRateLimitStore implements RateLimitStore {
  private readonly client: Redis;
  private readonly shared: RateLimiterRedis;
  private readonly insurance: MemoryRateLimitStore;
  private readonly commandTimeoutMs: number;
  private readonly retryAfterFailureMs: number;
  private state: StoreHealth['state'] = 'degraded';
  private skipRedisUntil = 0;

  constructor(
    policy: RateLimitPolicy,
    private readonly options: RedisStoreOptions,
  ) {
    this.commandTimeoutMs = options.commandTimeoutMs ?? 150;
    this.retryAfterFailureMs = options.retryAfterFailureMs ?? 1000;
    this.client = new Redis(options.url, {
      enableOfflineQueue: false,
      commandTimeout: this.commandTimeoutMs,
      connectTimeout: 1000,
      maxRetriesPerRequest: 0,
      retryStrategy: (attempt) => Math.min(attempt * 100, 1000),
    });
    // ioredis reports every failed reconnect attempt; the state change is logged once instead.
    this.client.on('error', () => undefined);
    this.client.on('ready', () => this.setState('ok', 'connected to Redis'));
    this.client.on('close', () => this.setState('degraded', 'connection to Redis closed'));
    this.shared = new RateLimiterRedis({
      storeClient: this.client,
      points: policy.points,
      duration: policy.durationSeconds,
      keyPrefix: options.keyPrefix ?? 'rate-limit',
      rejectIfRedisNotReady: true,
    });
    this.insurance = new MemoryRateLimitStore(policy);
  }

  async consume(key: string, points: number): Promise<WindowUsage> {
    if (this.client.status === 'ready' && Date.now() >= this.skipRedisUntil) {
      try {
        const usage = await this.consumeShared(key, points);
        this.setState('ok', 'Redis answered');
        return usage;
      } catch (error) {
        this.skipRedisUntil = Date.now() + this.retryAfterFailureMs;
        this.setState('degraded', error instanceof Deadline ? 'Redis did not answer in time' : 'Redis command failed');
      }
    }
    return this.insurance.consume(key, points);
  }

  health(): StoreHealth {
    return { name: 'redis', state: this.state };
  }

  async close(): Promise<void> {
    this.client.removeAllListeners('close');
    try {
      await Promise.race([this.client.quit(), new Promise((resolve) => setTimeout(resolve, 500))]);
    } catch {
      // Already gone: nothing to flush.
    }
    this.client.disconnect();
  }

  private async consumeShared(key: string, points: number): Promise<WindowUsage> {
    let timer: NodeJS.Timeout | undefined;
    const deadline = new Promise<never>((_resolve, reject) => {
      timer = setTimeout(() => reject(new Deadline()), this.commandTimeoutMs + 20);
    });
    try {
      return usageFrom(await Promise.race([this.shared.consume(key, points), deadline]));
    } catch (rejection) {
      // A RateLimiterRes rejection is an over-limit answer from Redis, not a failure.
      if (rejection instanceof RateLimiterRes) return usageFrom(rejection);
      throw rejection;
    } finally {
      clearTimeout(timer);
    }
  }

  private setState(state: StoreHealth['state'], reason: string): void {
    if (state === this.state) return;
    this.state = state;
    this.options.onStateChange?.(state, reason);
  }
}
