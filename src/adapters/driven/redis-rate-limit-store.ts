import { Redis } from 'ioredis';
import { RateLimiterRedis } from 'rate-limiter-flexible';
import type { RateLimitPolicy } from '../../core/ports/rate-limit-store.js';
import { redactUrl } from './redact-url.js';
import { SharedRateLimitStore, type SharedStoreOptions } from './shared-rate-limit-store.js';

export interface RedisStoreOptions extends SharedStoreOptions {
  readonly url: string;
  /** Key namespace in Redis; instances that share a limit share it. */
  readonly keyPrefix?: string;
  /** Longest a Redis command may take before ioredis rejects it. */
  readonly commandTimeoutMs?: number;
}

/**
 * One fixed window per client shared by every instance, kept in Redis by an
 * atomic Lua increment (rate-limiter-flexible's RateLimiterRedis over ioredis).
 *
 * When Redis is down, paused or slow, it never waits: commands are not queued
 * while disconnected, not sent while the connection is not ready, and cut off
 * after a short timeout; the decision then comes from per-instance memory and
 * the counts are not merged back. ioredis reconnects by itself, and the next
 * decision after that goes to Redis again.
 */
export class RedisRateLimitStore extends SharedRateLimitStore {
  protected readonly shared: RateLimiterRedis;
  private readonly client: Redis;

  constructor(policy: RateLimitPolicy, options: RedisStoreOptions) {
    const commandTimeoutMs = options.commandTimeoutMs ?? 150;
    super(policy, 'redis', 'degraded', { deadlineMs: commandTimeoutMs + 20, ...options });
    this.client = new Redis(options.url, {
      enableOfflineQueue: false,
      commandTimeout: commandTimeoutMs,
      connectTimeout: 1000,
      maxRetriesPerRequest: 0,
      retryStrategy: (attempt) => Math.min(attempt * 100, 1000),
    });
    // ioredis reports every failed reconnect attempt; only the first, before any connection, is told,
    // so that an instance that starts without Redis says so at once (and every later change once).
    let connected = false;
    this.client.once('error', (error: NodeJS.ErrnoException) => {
      if (!connected)
        options.onStateChange?.(
          'degraded',
          `Redis at ${redactUrl(options.url)} is unreachable (${error.code ?? error.name}); limiting per instance until it answers`,
        );
    });
    this.client.on('error', () => undefined);
    this.client.once('ready', () => (connected = true));
    this.client.on('ready', () => this.setState('ok', 'connected to Redis'));
    this.client.on('close', () => this.setState('degraded', 'connection to Redis closed'));
    this.shared = new RateLimiterRedis({
      storeClient: this.client,
      points: policy.points,
      duration: policy.durationSeconds,
      keyPrefix: options.keyPrefix ?? 'rate-limit',
      rejectIfRedisNotReady: true,
    });
  }

  protected override isReady(): boolean {
    return this.client.status === 'ready';
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
}
