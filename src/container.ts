import 'reflect-metadata';
import { Container, type ServiceIdentifier } from 'inversify';
import type { Logger } from 'pino';
import type { Config } from './config.js';
import type { Clock } from './core/ports/clock.js';
import type { RateLimitStore } from './core/ports/rate-limit-store.js';
import { ConsumeRateLimit, type RateLimitPolicy } from './core/use-cases/consume-rate-limit.js';
import { ConvertDatetimeToUnix } from './core/use-cases/convert-datetime-to-unix.js';
import { ConvertTimestampToUtc } from './core/use-cases/convert-timestamp-to-utc.js';
import { DecodeJwt } from './core/use-cases/decode-jwt.js';
import { GetCurrentTime } from './core/use-cases/get-current-time.js';
import { IdentifyTimestamp } from './core/use-cases/identify-timestamp.js';
import { VerifyJwt } from './core/use-cases/verify-jwt.js';
import type { KnownSecrets } from './core/ports/known-secrets.js';
import type { SignatureVerifier } from './core/ports/signature-verifier.js';
import { HmacKnownSecrets } from './adapters/driven/known-secrets/hmac-known-secrets.js';
import { JoseSignatureVerifier } from './adapters/driven/jose-signature-verifier.js';
import type { UseCases } from './core/use-cases/index.js';
import { createLogger } from './adapters/driven/logger.js';
import { REQUEST_LOG_MESSAGE } from './adapters/driving/http/observability/request-log.js';
import { createRateLimitStore } from './adapters/driven/rate-limit-stores.js';
import { SystemClock } from './adapters/driven/system-clock.js';
import packageJson from '../package.json' with { type: 'json' };

export const SERVICE_VERSION: string = packageJson.version;

const token = <T>(name: string): ServiceIdentifier<T> => Symbol(name);

/** Every binding of the application, typed: `container.get(TOKENS.Clock)` is a Clock. */
export const TOKENS = {
  Config: token<Config>('Config'),
  Logger: token<Logger>('Logger'),
  Policy: token<RateLimitPolicy>('RateLimitPolicy'),
  Clock: token<Clock>('Clock'),
  RateLimitStore: token<RateLimitStore>('RateLimitStore'),
  GetCurrentTime: token<GetCurrentTime>('GetCurrentTime'),
  ConvertTimestampToUtc: token<ConvertTimestampToUtc>('ConvertTimestampToUtc'),
  ConvertDatetimeToUnix: token<ConvertDatetimeToUnix>('ConvertDatetimeToUnix'),
  IdentifyTimestamp: token<IdentifyTimestamp>('IdentifyTimestamp'),
  KnownSecrets: token<KnownSecrets>('KnownSecrets'),
  SignatureVerifier: token<SignatureVerifier>('SignatureVerifier'),
  DecodeJwt: token<DecodeJwt>('DecodeJwt'),
  VerifyJwt: token<VerifyJwt>('VerifyJwt'),
  ConsumeRateLimit: token<ConsumeRateLimit>('ConsumeRateLimit'),
} as const;

export interface ProcessRole {
  /** Set in WORKERS cluster workers: the memory limit lives in the cluster primary. */
  readonly clusterWorker?: boolean;
  /** Namespace for Redis keys; tests use their own. */
  readonly redisKeyPrefix?: string;
}

/**
 * The composition root: binds every port to the adapter the configuration
 * calls for, and every use case to its ports. Nothing is built until it is
 * first resolved, so a test can `rebind` any port first. The rate-limit store
 * is closed when the container is unbound (`Application.close`).
 */
export function createContainer(config: Config, role: ProcessRole = {}): Container {
  const container = new Container({ defaultScope: 'Singleton' });
  container.bind(TOKENS.Config).toConstantValue(config);
  container.bind(TOKENS.Logger).toResolvedValue(() => createLogger(config.logLevel, { bufferedMessage: REQUEST_LOG_MESSAGE }));
  container.bind(TOKENS.Policy).toConstantValue({ points: config.rateLimit.points, durationSeconds: config.rateLimit.durationSeconds });
  container.bind(TOKENS.Clock).toConstantValue(new SystemClock());
  container
    .bind(TOKENS.RateLimitStore)
    .toResolvedValue(
      (policy: RateLimitPolicy, logger: Logger) =>
        createRateLimitStore(
          policy,
          {
            ...(config.rateLimit.redis === undefined ? { kind: 'memory' } : { kind: 'redis', redis: config.rateLimit.redis }),
            clusterWorker: role.clusterWorker ?? false,
            ...(role.redisKeyPrefix === undefined ? {} : { redisKeyPrefix: role.redisKeyPrefix }),
          },
          logger,
        ),
      [TOKENS.Policy, TOKENS.Logger],
    )
    .onDeactivation((store) => store.close());
  container.bind(TOKENS.GetCurrentTime).toResolvedValue((clock: Clock) => new GetCurrentTime(clock), [TOKENS.Clock]);
  container.bind(TOKENS.ConvertTimestampToUtc).toResolvedValue(() => new ConvertTimestampToUtc());
  container.bind(TOKENS.ConvertDatetimeToUnix).toResolvedValue(() => new ConvertDatetimeToUnix());
  container.bind(TOKENS.IdentifyTimestamp).toResolvedValue((clock: Clock) => new IdentifyTimestamp(clock), [TOKENS.Clock]);
  container.bind(TOKENS.KnownSecrets).toResolvedValue(() => new HmacKnownSecrets());
  container.bind(TOKENS.SignatureVerifier).toResolvedValue(() => new JoseSignatureVerifier());
  container
    .bind(TOKENS.DecodeJwt)
    .toResolvedValue((clock: Clock, secrets: KnownSecrets) => new DecodeJwt(clock, secrets), [TOKENS.Clock, TOKENS.KnownSecrets]);
  container
    .bind(TOKENS.VerifyJwt)
    .toResolvedValue(
      (clock: Clock, verifier: SignatureVerifier, decoder: DecodeJwt) => new VerifyJwt(clock, verifier, decoder),
      [TOKENS.Clock, TOKENS.SignatureVerifier, TOKENS.DecodeJwt],
    );
  container
    .bind(TOKENS.ConsumeRateLimit)
    .toResolvedValue(
      (store: RateLimitStore, policy: RateLimitPolicy) => new ConsumeRateLimit(store, policy),
      [TOKENS.RateLimitStore, TOKENS.Policy],
    );
  return container;
}

export interface Application {
  readonly useCases: UseCases;
  readonly consumeRateLimit: ConsumeRateLimit;
  readonly rateLimitStore: RateLimitStore;
  readonly logger: Logger;
  /** Unbinds everything, which closes the rate-limit store. */
  close(): Promise<void>;
}

/** Resolves everything a driving adapter needs, once, at start-up; no request ever asks the container. */
export function resolveApplication(container: Container): Application {
  return {
    useCases: {
      getCurrentTime: container.get(TOKENS.GetCurrentTime),
      convertTimestampToUtc: container.get(TOKENS.ConvertTimestampToUtc),
      convertDatetimeToUnix: container.get(TOKENS.ConvertDatetimeToUnix),
      identifyTimestamp: container.get(TOKENS.IdentifyTimestamp),
      decodeJwt: container.get(TOKENS.DecodeJwt),
      verifyJwt: container.get(TOKENS.VerifyJwt),
    },
    consumeRateLimit: container.get(TOKENS.ConsumeRateLimit),
    rateLimitStore: container.get(TOKENS.RateLimitStore),
    logger: container.get(TOKENS.Logger),
    close: () => container.unbindAllAsync(),
  };
}
