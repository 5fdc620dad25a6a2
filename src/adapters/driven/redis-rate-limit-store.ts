import type { Cluster, Redis } from 'ioredis';
import { RateLimiterRedis } from 'rate-limiter-flexible';
import type { RateLimitPolicy, StoreHealth } from '../../core/rate-limit/ports/rate-limit-store.js';
import { createRedisClient, describeConnectionFailure, describeRedis, type RedisConnection, type RedisMode } from './redis-connection.js';
import { SharedRateLimitStore, type SharedStoreOptions } from './shared-rate-limit-store.js';

export interface RedisStoreOptions extends SharedStoreOptions {
  readonly connection: RedisConnection;
  /** Key namespace in Redis; instances that share a limit share it. */
  readonly keyPrefix?: string;
  /** Longest ioredis keeps an unanswered command before dropping it (the decision stopped waiting at the deadline). */
  readonly commandTimeoutMs?: number;
}

/**
 * One fixed window per client shared by every instance, kept in Redis by an
 * atomic Lua increment (rate-limiter-flexible's RateLimiterRedis over ioredis),
 * on one server, on the primary that Sentinels name, or on the Cluster shard
 * that owns the client's key (one key per client, so one shard per client).
 *
 * When Redis is down, paused or slow, it never waits: commands are not queued
 * while disconnected, not sent while the connection is not ready, and cut off
 * after a short timeout; the decision then comes from per-instance memory and
 * the counts are not merged back. ioredis reconnects by itself, follows a
 * Sentinel failover or a Cluster's new slot owners, and the next decision
 * after that goes to Redis again. In a Cluster one failed shard costs only the
 * clients whose keys it owns: the others keep their shared count.
 */
export class RedisRateLimitStore extends SharedRateLimitStore {
  protected readonly shared: RateLimiterRedis;
  private readonly client: Redis | Cluster;
  private readonly mode: RedisMode;

  constructor(policy: RateLimitPolicy, options: RedisStoreOptions) {
    // ioredis's own timer would race an answer that has already arrived on a busy process; the
    // store's deadline (170 ms) does not, so it decides, and this only cleans up after it.
    const commandTimeoutMs = options.commandTimeoutMs ?? 1000;
    const mode = options.connection.topology.mode;
    super(policy, 'redis', 'degraded', {
      // A Cluster fails one shard at a time: keep asking it for the keys of the shards that answer.
      isolateFailures: mode === 'cluster',
      ...options,
    });
    this.mode = mode;
    const where = describeRedis(options.connection);
    this.client = createRedisClient(options.connection, { commandTimeoutMs, connectTimeoutMs: 1000 });
    // ioredis reports every failed reconnect attempt; only the first, before any connection, is told,
    // so that an instance that starts without Redis says so at once (and every later change once).
    let connected = false;
    this.client.once('error', (error: NodeJS.ErrnoException) => {
      if (!connected)
        options.onStateChange?.(
          'degraded',
          `${where} is unreachable (${describeConnectionFailure(error, options.connection)}); limiting per instance until it answers`,
        );
    });
    this.client.on('error', () => undefined);
    this.client.once('ready', () => (connected = true));
    this.client.on('ready', () => this.setState('ok', `connected to ${where}${this.primaryAddress()}`));
    this.client.on('close', () => this.setState('degraded', `connection to ${where} closed`));
    this.shared = new RateLimiterRedis({
      storeClient: this.client,
      points: policy.points,
      duration: policy.durationSeconds,
      keyPrefix: options.keyPrefix ?? 'rate-limit',
      rejectIfRedisNotReady: true,
    });
  }

  override health(): StoreHealth {
    const { name, state } = super.health();
    return { name, mode: this.mode, state };
  }

  protected override isReady(): boolean {
    return this.client.status === 'ready';
  }

  /** Which server a Sentinel client reached, so that a failover shows in the log. */
  private primaryAddress(): string {
    if (this.mode !== 'sentinel' || !('stream' in this.client)) return '';
    const { remoteAddress, remotePort } = this.client.stream;
    return remoteAddress === undefined ? '' : ` (primary at ${remoteAddress}:${remotePort})`;
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
