export interface RateLimitPolicy {
  /** Points a client may spend in one window. */
  readonly points: number;
  /** Window length in seconds; the window starts at the client's first point. */
  readonly durationSeconds: number;
}

/** How many points a client key has used in its current fixed window. */
export interface WindowUsage {
  /** Points consumed in the window, including the ones just asked for. */
  readonly consumed: number;
  /** Milliseconds until the window resets. */
  readonly resetMs: number;
}

/** What a store says about its own health, for readiness and metrics. */
export interface StoreHealth {
  /** `memory`, `redis` or `cluster`. */
  readonly name: string;
  /** For Redis: `single`, `sentinel` or `cluster`, the way it reaches Redis. */
  readonly mode?: 'single' | 'sentinel' | 'cluster';
  /** `ok` when the store is the shared one it was configured as; `degraded` while a fallback counts instead. */
  readonly state: 'ok' | 'degraded';
}

/**
 * Counts points per client key in fixed windows that start at the key's first
 * point. Adding points is atomic across every process that shares the store.
 *
 * `consume` never rejects because a client is over its limit: it reports the
 * usage and lets the policy decide. It never waits long: an implementation
 * whose backing service fails answers from a local fallback instead of throwing.
 */
export interface RateLimitStore {
  consume(key: string, points: number): Promise<WindowUsage>;
  health(): StoreHealth;
  close(): Promise<void>;
}
