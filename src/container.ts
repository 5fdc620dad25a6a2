import 'reflect-metadata';
import { Container } from 'inversify';
import type { Config } from './config.js';
import type { Clock } from './core/ports/clock.js';
import type { RateLimitStore } from './core/ports/rate-limit-store.js';
import { ConsumeRateLimit, type RateLimitPolicy } from './core/use-cases/consume-rate-limit.js';
import { ConvertDatetimeToUnix } from './core/use-cases/convert-datetime-to-unix.js';
import { ConvertTimestampToUtc } from './core/use-cases/convert-timestamp-to-utc.js';
import { DecodeJwt } from './core/use-cases/decode-jwt.js';
import { GetCurrentTime } from './core/use-cases/get-current-time.js';
import { MemoryRateLimitStore } from './adapters/driven/memory-rate-limit-store.js';
import { ClusterRateLimitStore, startClusterRateLimitPrimary } from './adapters/driven/cluster-rate-limit-store.js';
import { RedisRateLimitStore } from './adapters/driven/redis-rate-limit-store.js';
import { SystemClock } from './adapters/driven/system-clock.js';
import { pino, type DestinationStream, type Logger } from 'pino';
import type { UseCases } from './core/use-cases/index.js';
import { createHttpApp, type HttpAppOptions } from './adapters/driving/http/app.js';
import type { Express } from 'express';
import packageJson from '../package.json' with { type: 'json' };

export const SERVICE_VERSION: string = packageJson.version;

const TOKENS = {
  Policy: Symbol.for('RateLimitPolicy'),
  Clock: Symbol.for('Clock'),
  RateLimitStore: Symbol.for('RateLimitStore'),
  GetCurrentTime: Symbol.for('GetCurrentTime'),
  ConvertTimestampToUtc: Symbol.for('ConvertTimestampToUtc'),
  ConvertDatetimeToUnix: Symbol.for('ConvertDatetimeToUnix'),
  DecodeJwt: Symbol.for('DecodeJwt'),
  ConsumeRateLimit: Symbol.for('ConsumeRateLimit'),
} as const;

/** Ports a caller may replace, for tests and for process-level wiring (cluster workers). */
export interface PortOverrides {
  readonly clock?: Clock;
  readonly rateLimitStore?: RateLimitStore;
  readonly logger?: Logger;
  /** Set in WORKERS cluster workers. */
  readonly clusterWorker?: boolean;
}

export interface Application {
  readonly useCases: UseCases;
  readonly consumeRateLimit: ConsumeRateLimit;
  readonly rateLimitStore: RateLimitStore;
  readonly logger: Logger;
  close(): Promise<void>;
}

const policyOf = (config: Config): RateLimitPolicy => ({
  points: config.rateLimit.points,
  durationSeconds: config.rateLimit.durationSeconds,
});

export interface StoreChoice {
  /** Namespace for Redis keys; tests use their own. */
  readonly redisKeyPrefix?: string;
  /** This process is one of WORKERS cluster workers: memory limits live in the primary. */
  readonly clusterWorker?: boolean;
}

/** The store RATE_LIMIT_STORE (and WORKERS) call for, with its state changes logged once each. */
export function createRateLimitStore(config: Config, logger: Logger, choice: StoreChoice = {}): RateLimitStore {
  const policy = policyOf(config);
  const onStateChange = (store: 'redis' | 'cluster') => (state: 'ok' | 'degraded', reason: string) => {
    const shared = store === 'redis' ? 'Redis' : 'the cluster primary';
    if (state === 'ok') logger.info({ store, state, reason }, `rate-limit store is shared through ${shared}`);
    else logger.warn({ store, state, reason }, 'rate-limit store degraded to per-instance memory');
  };
  if (config.rateLimit.store === 'redis') {
    return new RedisRateLimitStore(policy, {
      url: config.rateLimit.redisUrl,
      ...(choice.redisKeyPrefix === undefined ? {} : { keyPrefix: choice.redisKeyPrefix }),
      onStateChange: onStateChange('redis'),
    });
  }
  if (choice.clusterWorker) return new ClusterRateLimitStore(policy, { onStateChange: onStateChange('cluster') });
  return new MemoryRateLimitStore(policy);
}

/** What the cluster primary must run before forking: the shared memory limiter, unless Redis holds the counts. */
export function startClusterPrimary(config: Config): void {
  if (config.rateLimit.store === 'memory') startClusterRateLimitPrimary();
}

/**
 * JSON logs on stdout. By default writes are asynchronous, so lines logged while
 * a write is in flight leave in one syscall: a synchronous write per request
 * line cost a tenth of the CPU under load.
 * `main.ts` flushes on shutdown and on a crash.
 */
export function createLogger(config: Pick<Config, 'logLevel'>, destination?: DestinationStream): Logger {
  return pino(
    {
    level: config.logLevel,
    base: { pid: process.pid },
    timestamp: pino.stdTimeFunctions.epochTime,
      formatters: { level: (label) => ({ level: label }) },
    },
    destination ?? pino.destination({ dest: 1, sync: false }),
  );
}

/**
 * The composition root: the only place that knows every adapter and the only
 * service locator. Use cases are resolved once here, never per request.
 */
export function buildContainer(config: Config, overrides: PortOverrides = {}): Application {
  const container = new Container({ defaultScope: 'Singleton' });
  const logger = overrides.logger ?? createLogger(config);
  const policy = policyOf(config);

  container.bind<RateLimitPolicy>(TOKENS.Policy).toConstantValue(policy);
  container.bind<Clock>(TOKENS.Clock).toConstantValue(overrides.clock ?? new SystemClock());
  container
    .bind<RateLimitStore>(TOKENS.RateLimitStore)
    .toResolvedValue(() => overrides.rateLimitStore ?? createRateLimitStore(config, logger, { clusterWorker: overrides.clusterWorker ?? false }));
  container.bind(TOKENS.GetCurrentTime).toResolvedValue((clock: Clock) => new GetCurrentTime(clock), [TOKENS.Clock]);
  container.bind(TOKENS.ConvertTimestampToUtc).toResolvedValue(() => new ConvertTimestampToUtc());
  container.bind(TOKENS.ConvertDatetimeToUnix).toResolvedValue(() => new ConvertDatetimeToUnix());
  container.bind(TOKENS.DecodeJwt).toResolvedValue((clock: Clock) => new DecodeJwt(clock), [TOKENS.Clock]);
  container
    .bind(TOKENS.ConsumeRateLimit)
    .toResolvedValue(
      (store: RateLimitStore, p: RateLimitPolicy) => new ConsumeRateLimit(store, p),
      [TOKENS.RateLimitStore, TOKENS.Policy],
    );

  const rateLimitStore = container.get<RateLimitStore>(TOKENS.RateLimitStore);
  return {
    useCases: {
      getCurrentTime: container.get<GetCurrentTime>(TOKENS.GetCurrentTime),
      convertTimestampToUtc: container.get<ConvertTimestampToUtc>(TOKENS.ConvertTimestampToUtc),
      convertDatetimeToUnix: container.get<ConvertDatetimeToUnix>(TOKENS.ConvertDatetimeToUnix),
      decodeJwt: container.get<DecodeJwt>(TOKENS.DecodeJwt),
    },
    consumeRateLimit: container.get<ConsumeRateLimit>(TOKENS.ConsumeRateLimit),
    rateLimitStore,
    logger,
    close: () => rateLimitStore.close(),
  };
}

/** Everything `main.ts` and the tests start: the wired core plus its HTTP app. */
export function buildHttpService(
  config: Config,
  overrides: PortOverrides = {},
  tuning: Pick<HttpAppOptions, 'trpcFastPath'> = {},
): { app: Express; application: Application } {
  const application = buildContainer(config, overrides);
  const app = createHttpApp({
    useCases: application.useCases,
    consumeRateLimit: application.consumeRateLimit,
    storeHealth: () => application.rateLimitStore.health(),
    logger: application.logger,
    options: {
      basePath: config.basePath,
      trustProxy: config.trustProxy,
      ipv6SubnetPrefix: config.rateLimit.ipv6SubnetPrefix,
      rateLimit: { points: config.rateLimit.points, durationSeconds: config.rateLimit.durationSeconds },
      version: SERVICE_VERSION,
      ...tuning,
    },
  });
  return { app, application };
}
