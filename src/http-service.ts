import type { Container } from 'inversify';
import { createHttpApp, type HttpApp, type HttpAppOptions } from './adapters/driving/http/pipeline.js';
import { HttpMetrics } from './adapters/driving/http/observability/metrics.js';
import { Lifecycle } from './adapters/driving/http/server.js';
import { SERVICE_VERSION, TOKENS, resolveApplication, type Application } from './container.js';

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
