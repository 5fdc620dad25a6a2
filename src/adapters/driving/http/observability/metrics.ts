import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import type { StoreHealth } from '../../../../core/rate-limit/ports/rate-limit-store.js';

/** Prometheus metrics in a registry of this app's own, so several apps can live in one process. */
export class HttpMetrics {
  readonly registry = new Registry();
  private readonly requests: Counter<'route' | 'method' | 'status'>;
  private readonly duration: Histogram<'route' | 'method'>;
  private readonly rejections: Counter;

  constructor(storeHealth: () => StoreHealth) {
    const registers = [this.registry];
    this.requests = new Counter({
      name: 'http_requests_total',
      help: 'HTTP requests by route, method and status',
      labelNames: ['route', 'method', 'status'],
      registers,
    });
    this.duration = new Histogram({
      name: 'http_request_duration_seconds',
      help: 'Time from the first byte of a request to the last byte of its answer',
      labelNames: ['route', 'method'],
      buckets: [0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5],
      registers,
    });
    this.rejections = new Counter({
      name: 'rate_limit_rejections_total',
      help: 'API calls refused because their client was over the rate limit',
      registers,
    });
    new Gauge({
      name: 'rate_limit_store_degraded',
      help: '1 while the rate-limit store answers from per-instance memory instead of its shared backend',
      registers,
      collect() {
        this.set(storeHealth().state === 'degraded' ? 1 : 0);
      },
    });
    collectDefaultMetrics({ register: this.registry });
  }

  observe(route: string, method: string, status: number, seconds: number): void {
    this.requests.inc({ route, method, status: String(status) });
    this.duration.observe({ route, method }, seconds);
  }

  rejected(calls: number): void {
    this.rejections.inc(calls);
  }
}
