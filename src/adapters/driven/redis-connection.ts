import { AbstractConnector, Cluster, Redis, SentinelConnector, type RedisOptions, type SentinelConnectionOptions } from 'ioredis';
import { createConnection, type Socket } from 'node:net';
import { connect as tlsConnect, type ConnectionOptions, type TLSSocket } from 'node:tls';
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
  /** A PEM client certificate and its key, for servers that require TLS client authentication. */
  readonly clientCertificate?: { readonly certPem: string; readonly keyPem: string };
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

const CLIENT_CERTIFICATE_REFUSED = new Set([
  'ERR_SSL_TLSV1_ALERT_UNKNOWN_CA',
  'ERR_SSL_SSLV3_ALERT_BAD_CERTIFICATE',
  'ERR_SSL_SSLV3_ALERT_CERTIFICATE_UNKNOWN',
  'ERR_SSL_TLSV1_ALERT_ACCESS_DENIED',
  'ERR_SSL_TLSV1_ALERT_DECRYPT_ERROR',
  'ERR_SSL_SSLV3_ALERT_CERTIFICATE_EXPIRED',
]);
const SERVER_CERTIFICATE_UNTRUSTED = new Set([
  'DEPTH_ZERO_SELF_SIGNED_CERT',
  'SELF_SIGNED_CERT_IN_CHAIN',
  'UNABLE_TO_VERIFY_LEAF_SIGNATURE',
  'UNABLE_TO_GET_ISSUER_CERT_LOCALLY',
  'CERT_HAS_EXPIRED',
  'ERR_TLS_CERT_ALTNAME_INVALID',
]);

/**
 * Why a connection to Redis failed, in words an operator can act on: the
 * error's code, and for TLS what the code means for the settings. Never the
 * message of a server or a certificate's contents.
 */
export function describeConnectionFailure(failure: NodeJS.ErrnoException, connection: RedisConnection): string {
  // A Cluster reports that no seed node answered, with the last node's own error beside it.
  const error = (failure as { lastNodeError?: NodeJS.ErrnoException }).lastNodeError ?? failure;
  const code = error.code ?? error.name;
  if (code === 'ERR_SSL_TLSV13_ALERT_CERTIFICATE_REQUIRED')
    return connection.clientCertificate === undefined
      ? `${code}: the server requires a TLS client certificate; set REDIS_TLS_CERT_FILE and REDIS_TLS_KEY_FILE`
      : `${code}: the server did not receive the TLS client certificate of REDIS_TLS_CERT_FILE`;
  if (CLIENT_CERTIFICATE_REFUSED.has(code))
    return `${code}: the server refused the TLS client certificate${connection.clientCertificate === undefined ? '' : ' of REDIS_TLS_CERT_FILE'}, which a CA it trusts must sign`;
  if (SERVER_CERTIFICATE_UNTRUSTED.has(code))
    return `${code}: the server's TLS certificate did not verify; REDIS_TLS_CA_FILE names the CA to trust`;
  if (connection.tls && (code === 'ECONNRESET' || code === 'EPIPE'))
    return `${code}: the server closed the connection during the TLS handshake, as one that requires TLS client certificates does when REDIS_TLS_CERT_FILE is missing or signed by a CA it does not trust`;
  return code;
}

function tlsOptions(connection: RedisConnection): ConnectionOptions {
  const { caPem, clientCertificate } = connection;
  return {
    ...(caPem === undefined ? {} : { ca: caPem }),
    ...(clientCertificate === undefined ? {} : { cert: clientCertificate.certPem, key: clientCertificate.keyPem }),
  };
}

/**
 * ioredis listens for a socket's `error` only once while it connects, so a
 * second error on the same socket (a TLS alert, then the reset that follows
 * it) would be unhandled and end the process (redis/ioredis PR #962, closed
 * without a fix). Every socket the store's clients open keeps a listener of
 * its own: ioredis still sees the first error and the close, and reconnects.
 */
function keepListening<T extends Socket>(socket: T): T {
  socket.on('error', () => undefined);
  return socket;
}

interface StandaloneOptions {
  readonly host?: string;
  readonly port?: number;
  readonly family?: number;
  readonly tls?: ConnectionOptions;
  readonly disconnectTimeout?: number;
}

/** ioredis's own connector for one server (which the package does not export), with `keepListening`. */
class ListeningConnector extends AbstractConnector {
  private readonly options: StandaloneOptions;

  // ioredis constructs a connector with its whole options object, which carries these fields.
  constructor(options: unknown) {
    const standalone = options as StandaloneOptions;
    super(standalone.disconnectTimeout ?? 2000);
    this.options = standalone;
  }

  connect(): Promise<Socket | TLSSocket> {
    this.connecting = true;
    const { host, port, family, tls } = this.options;
    // A tick later, as ioredis does, so that a disconnect() right after connect() can still stop it.
    return new Promise((resolve, reject) =>
      process.nextTick(() => {
        if (!this.connecting) {
          reject(new Error('Connection is closed.'));
          return;
        }
        const address = { host: host ?? 'localhost', port: port ?? 6379, ...(family ? { family } : {}) };
        const stream = keepListening(tls === undefined ? createConnection(address) : tlsConnect({ ...address, ...tls }));
        stream.once('error', (error) => (this.firstError = error));
        this.stream = stream;
        resolve(stream);
      }),
    );
  }
}

/** ioredis's Sentinel connector, with `keepListening` on the socket to the primary. */
class ListeningSentinelConnector extends SentinelConnector {
  constructor(options: unknown) {
    super(options as SentinelConnectionOptions);
  }

  override async connect(...args: Parameters<SentinelConnector['connect']>): ReturnType<SentinelConnector['connect']> {
    return keepListening(await super.connect(...args));
  }
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
      return new Redis({ ...baseOptions(timeouts), ...singleOptions(topology.url, connection), Connector: ListeningConnector });
    case 'sentinel':
      return new Redis({
        ...baseOptions(timeouts),
        Connector: ListeningSentinelConnector,
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
          redisOptions: { ...baseOptions(timeouts), ...password, ...tls, Connector: ListeningConnector },
        },
      );
  }
}
