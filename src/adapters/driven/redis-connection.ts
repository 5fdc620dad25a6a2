import { Cluster, Redis, type RedisOptions } from 'ioredis';
import type { ConnectionOptions } from 'node:tls';
import { redactUrl } from './redact-url.js';

export interface HostPort {
  readonly host: string;
  readonly port: number;
}

/** How the shared limit reaches Redis: exactly one of these is configured. */
export type RedisTopology =
  | { readonly mode: 'single'; readonly url: string }
  | {
      readonly mode: 'sentinel';
      readonly sentinels: readonly HostPort[];
      /** The name the Sentinels know the primary by (`REDIS_SENTINEL_MASTER`). */
      readonly primaryName: string;
      readonly sentinelPassword?: string;
    }
  | { readonly mode: 'cluster'; readonly nodes: readonly HostPort[] };

export type RedisMode = RedisTopology['mode'];

export interface RedisConnection {
  readonly topology: RedisTopology;
  /** Authenticates to the Redis servers; in single mode a password inside the URL wins. */
  readonly password?: string;
  /** TLS to Sentinels and Cluster nodes; in single mode the URL's `rediss://` decides instead. */
  readonly tls: boolean;
  /** A PEM CA bundle to trust for TLS, instead of the system's. */
  readonly caPem?: string;
}

/** How long the client may wait for each step; the store's deadline bounds every decision anyway. */
export interface RedisTimeouts {
  readonly commandTimeoutMs: number;
  readonly connectTimeoutMs: number;
}

const hostPorts = (list: readonly HostPort[]): string =>
  list.map(({ host, port }) => (host.includes(':') ? `[${host}]:${port}` : `${host}:${port}`)).join(',');

/** Where the store connects, for log lines: never a password. */
export function describeRedis(connection: RedisConnection): string {
  const { topology } = connection;
  const tls = connection.tls && topology.mode !== 'single' ? ' over TLS' : '';
  switch (topology.mode) {
    case 'single':
      return `Redis at ${redactUrl(topology.url)}`;
    case 'sentinel':
      return `Redis primary "${topology.primaryName}" through Sentinels ${hostPorts(topology.sentinels)}${tls}`;
    case 'cluster':
      return `Redis Cluster seeded by ${hostPorts(topology.nodes)}${tls}`;
  }
}

function tlsOptions(connection: RedisConnection): ConnectionOptions {
  return connection.caPem === undefined ? {} : { ca: connection.caPem };
}

/**
 * ioredis options for a client that never waits: no offline queue, no retried
 * commands, short timeouts, and reconnection at most a second apart. Decisions
 * made in the same tick (requests read from several sockets at once) leave in
 * one write: auto-pipelining saves a system call and a parse per decision.
 */
function baseOptions(timeouts: RedisTimeouts): RedisOptions {
  return {
    enableAutoPipelining: true,
    enableOfflineQueue: false,
    commandTimeout: timeouts.commandTimeoutMs,
    connectTimeout: timeouts.connectTimeoutMs,
    maxRetriesPerRequest: 0,
    retryStrategy: (attempt) => Math.min(attempt * 100, 1000),
  };
}

function singleOptions(url: string, connection: RedisConnection): RedisOptions {
  const parsed = new URL(url);
  const password = parsed.password === '' ? connection.password : decodeURIComponent(parsed.password);
  const db = parsed.pathname.length > 1 ? Number(parsed.pathname.slice(1)) : 0;
  return {
    host: parsed.hostname.replace(/^\[(.*)\]$/, '$1'),
    port: parsed.port === '' ? 6379 : Number(parsed.port),
    db,
    ...(parsed.username === '' ? {} : { username: decodeURIComponent(parsed.username) }),
    ...(password === undefined ? {} : { password }),
    ...(parsed.protocol === 'rediss:' ? { tls: tlsOptions(connection) } : {}),
  };
}

/**
 * The ioredis client for the configured topology: a plain client for one
 * server, a Sentinel-aware client that follows the primary through failovers,
 * or a Cluster client that sends each key to the shard that owns its slot.
 */
export function createRedisClient(connection: RedisConnection, timeouts: RedisTimeouts): Redis | Cluster {
  const { topology } = connection;
  const password = connection.password === undefined ? {} : { password: connection.password };
  const tls = connection.tls ? { tls: tlsOptions(connection) } : {};
  switch (topology.mode) {
    case 'single':
      return new Redis({ ...baseOptions(timeouts), ...singleOptions(topology.url, connection) });
    case 'sentinel':
      return new Redis({
        ...baseOptions(timeouts),
        ...password,
        ...tls,
        sentinels: topology.sentinels.map(({ host, port }) => ({ host, port })),
        name: topology.primaryName,
        ...(topology.sentinelPassword === undefined ? {} : { sentinelPassword: topology.sentinelPassword }),
        ...(connection.tls ? { enableTLSForSentinelMode: true, sentinelTLS: tlsOptions(connection) } : {}),
        sentinelRetryStrategy: (attempt) => Math.min(attempt * 100, 1000),
        sentinelCommandTimeout: timeouts.connectTimeoutMs,
        // After a planned failover the old primary still answers, as a read-only replica: reconnecting
        // asks the Sentinels again and reaches the new primary. (ioredis's failoverDetector would
        // follow too, but its Sentinel connections print unhandled errors while Sentinels are down.)
        reconnectOnError: (error) => error.message.startsWith('READONLY'),
      });
    case 'cluster':
      return new Cluster(
        topology.nodes.map(({ host, port }) => ({ host, port })),
        {
          // A command for a shard whose connection is still opening waits for it (the store's deadline
          // bounds the wait) instead of failing at once; nothing is sent while the cluster is not ready.
          enableOfflineQueue: true,
          // Per shard: the decisions of one tick for keys on the same shard share a write.
          enableAutoPipelining: true,
          clusterRetryStrategy: (attempt) => Math.min(attempt * 100, 1000),
          slotsRefreshTimeout: timeouts.connectTimeoutMs,
          scaleReads: 'master',
          redisOptions: { ...baseOptions(timeouts), ...password, ...tls },
        },
      );
  }
}
