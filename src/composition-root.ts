import 'reflect-metadata';
import { Container, type ServiceIdentifier } from 'inversify';
import type { Logger } from 'pino';
import type { Config } from './config/config.js';
import type { Clock } from './core/shared/ports/clock.js';
import type { RateLimitStore } from './core/rate-limit/ports/rate-limit-store.js';
import { ConsumeRateLimit, type RateLimitPolicy } from './core/rate-limit/consume-rate-limit.js';
import type { KnownSecrets } from './core/jwt/ports/known-secrets.js';
import type { SignatureVerifier } from './core/jwt/ports/signature-verifier.js';
import { HmacKnownSecrets } from './adapters/driven/known-secrets/hmac-known-secrets.js';
import { JoseSignatureVerifier } from './adapters/driven/jose-signature-verifier.js';
import { WebCryptoTokenSigner } from './adapters/driven/web-crypto-token-signer.js';
import { NodeKeyCodec } from './adapters/driven/node-key-codec.js';
import type { TokenSigner } from './core/jwt/ports/token-signer.js';
import type { KeyCodec } from './core/keys/ports/key-codec.js';
import { USE_CASE_BUILDERS, USE_CASE_NAMES, allUseCases, type UseCasePorts, type UseCases } from './core/use-cases/index.js';
import { createLogger } from './adapters/driven/logger.js';
import { REQUEST_LOG_MESSAGE } from './adapters/driving/http/observability/request-log.js';
import { createRateLimitStore } from './adapters/driven/rate-limit-stores.js';
import { SystemClock } from './adapters/driven/system-clock.js';
import { createHttpApp, type HttpApp, type HttpAppOptions } from './adapters/driving/http/pipeline.js';
import { HttpMetrics } from './adapters/driving/http/observability/metrics.js';
import { Lifecycle } from './adapters/driving/http/server.js';
import packageJson from '../package.json' with { type: 'json' };

export const SERVICE_VERSION: string = packageJson.version;

const token = <T>(name: string): ServiceIdentifier<T> => Symbol(name);

/** Each use case's own binding, so that a test can replace one alone: `container.get(USE_CASE_TOKENS.decodeJwt)` is a DecodeJwt. */
// Object.fromEntries types its result loosely; it holds a token for every name of USE_CASE_NAMES.
export const USE_CASE_TOKENS = Object.fromEntries(USE_CASE_NAMES.map((name) => [name, token(name)])) as {
  readonly [K in keyof UseCases]: ServiceIdentifier<UseCases[K]>;
};

/** Every binding of the application, typed: `container.get(TOKENS.Clock)` is a Clock. */
export const TOKENS = {
  Config: token<Config>('Config'),
  Logger: token<Logger>('Logger'),
  Policy: token<RateLimitPolicy>('RateLimitPolicy'),
  Clock: token<Clock>('Clock'),
  RateLimitStore: token<RateLimitStore>('RateLimitStore'),
  KnownSecrets: token<KnownSecrets>('KnownSecrets'),
  SignatureVerifier: token<SignatureVerifier>('SignatureVerifier'),
  TokenSigner: token<TokenSigner>('TokenSigner'),
  KeyCodec: token<KeyCodec>('KeyCodec'),
  UseCases: token<UseCases>('UseCases'),
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
 * calls for, and each use case on its own, built by its row of
 * `USE_CASE_BUILDERS` (as the CLI builds them) over its ports. Nothing is built until it is
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
  container.bind(TOKENS.KnownSecrets).toResolvedValue(() => new HmacKnownSecrets());
  container.bind(TOKENS.SignatureVerifier).toResolvedValue(() => new JoseSignatureVerifier());
  container.bind(TOKENS.TokenSigner).toResolvedValue(() => new WebCryptoTokenSigner());
  // The signer's keys and the verifier's PEM keys are node:crypto KeyObjects: the codec on the same host makes them.
  container.bind(TOKENS.KeyCodec).toResolvedValue(() => new NodeKeyCodec());
  const bindUseCase = <K extends keyof UseCases>(name: K): void => {
    container.bind(USE_CASE_TOKENS[name]).toResolvedValue(
      (clock: Clock, knownSecrets: KnownSecrets, signatureVerifier: SignatureVerifier, tokenSigner: TokenSigner, keyCodec: KeyCodec) => {
        const ports: UseCasePorts = { clock, knownSecrets, signatureVerifier, tokenSigner, keyCodec };
        // A use case that calls another gets that one's binding, replaced or not.
        return USE_CASE_BUILDERS[name](ports, (other) => container.get(USE_CASE_TOKENS[other]));
      },
      [TOKENS.Clock, TOKENS.KnownSecrets, TOKENS.SignatureVerifier, TOKENS.TokenSigner, TOKENS.KeyCodec],
    );
  };
  for (const name of USE_CASE_NAMES) bindUseCase(name);
  container.bind(TOKENS.UseCases).toResolvedValue(() => allUseCases((name) => container.get(USE_CASE_TOKENS[name])));
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
    useCases: container.get(TOKENS.UseCases),
    consumeRateLimit: container.get(TOKENS.ConsumeRateLimit),
    rateLimitStore: container.get(TOKENS.RateLimitStore),
    logger: container.get(TOKENS.Logger),
    close: () => container.unbindAllAsync(),
  };
}

/** The HTTP app over a container's application: what `main.ts` and the tests serve. */
export function buildHttpService(
  container: Container,
  tuning: Pick<HttpAppOptions, 'trpcFastPath'> = {},
): { app: HttpApp; application: Application; metrics: HttpMetrics; lifecycle: Lifecycle } {
  const config = container.get(TOKENS.Config);
  const application = resolveApplication(container);
  const metrics = new HttpMetrics(() => application.rateLimitStore.health());
  const lifecycle = new Lifecycle();
  const app = createHttpApp({
    useCases: application.useCases,
    metrics,
    lifecycle,
    consumeRateLimit: application.consumeRateLimit,
    storeHealth: () => application.rateLimitStore.health(),
    logger: application.logger,
    options: {
      basePath: config.basePath,
      trustProxy: config.trustProxy,
      ipv6SubnetPrefix: config.rateLimit.ipv6SubnetPrefix,
      rateLimit: { points: config.rateLimit.points, durationSeconds: config.rateLimit.durationSeconds },
      version: SERVICE_VERSION,
      serverUrl: `http://localhost:${config.port === 0 ? 3000 : config.port}`,
      ...tuning,
    },
  });
  return { app, application, metrics, lifecycle };
}
