import type { RateLimitPolicy, RateLimitStore } from './ports/rate-limit-store.js';

export type { RateLimitPolicy } from './ports/rate-limit-store.js';

export interface ConsumeRateLimitInput {
  /** Who pays: a normalised client address or prefix. */
  readonly clientKey: string;
  /** How many calls the request carries; each costs one point. */
  readonly calls: number;
}

export interface RateLimitDecision {
  /** How many of the request's calls may run: 0 ≤ granted ≤ calls. */
  readonly granted: number;
  readonly calls: number;
  /** Points left in the window after this request. */
  readonly remaining: number;
  /** Whole seconds until the window resets, at least 1. */
  readonly resetSeconds: number;
  readonly limit: number;
}

/**
 * Charges a request one point per call and says how many of its calls fit in
 * what the client had left: a batch never gets more calls than points remained.
 * Every call is charged whatever its outcome, refused ones included.
 *
 * It does not throw for a client over its limit (that is `granted: 0`) and it
 * does not choose the store: a store that fails answers from its own fallback.
 */
export class ConsumeRateLimit {
  constructor(
    private readonly store: RateLimitStore,
    private readonly policy: RateLimitPolicy,
  ) {}

  async execute({ clientKey, calls }: ConsumeRateLimitInput): Promise<RateLimitDecision> {
    const usage = await this.store.consume(clientKey, calls);
    const before = usage.consumed - calls;
    const granted = Math.max(0, Math.min(calls, this.policy.points - before));
    return {
      granted,
      calls,
      remaining: Math.max(0, this.policy.points - usage.consumed),
      resetSeconds: Math.max(1, Math.ceil(usage.resetMs / 1000)),
      limit: this.policy.points,
    };
  }
}
