import { RateLimiterRes, type RateLimiterAbstract } from 'rate-limiter-flexible';
import type { RateLimitPolicy, RateLimitStore, StoreHealth, WindowUsage } from '../../core/rate-limit/ports/rate-limit-store.js';
import { MemoryRateLimitStore, usageFrom } from './memory-rate-limit-store.js';
import { InFlightDecisions } from './in-flight-decisions.js';
import { SpentWindows } from './spent-windows.js';

export interface SharedStoreOptions {
  /** Longest a shared decision may take before the local fallback answers. */
  readonly deadlineMs?: number;
  /** After a failure, how long to answer locally before asking the shared limiter again. */
  readonly retryAfterFailureMs?: number;
  /**
   * Keep asking the shared limiter after a failure, instead of answering from
   * memory for `retryAfterFailureMs`: for a store whose parts fail on their own
   * (Cluster shards), so that one failed part costs only its own keys. The
   * state stays `degraded` until a whole `retryAfterFailureMs` passes without one.
   */
  readonly isolateFailures?: boolean;
  /** Told once per change between `ok` and `degraded`, with the reason. */
  readonly onStateChange?: (state: StoreHealth['state'], reason: string) => void;
  /** The refused clients this process answers itself; tests give their own. */
  readonly spentWindows?: SpentWindows;
}

class Deadline extends Error {}

/**
 * A limiter shared between processes (Redis, or the cluster primary), insured
 * by a per-process memory limiter with the same policy. A RateLimiterRes
 * rejection from the shared limiter is an over-limit answer; any Error, or no
 * answer by the deadline, means the shared limiter failed, and the decision
 * comes from memory instead. It never throws and never waits past the deadline.
 *
 * Once the shared limiter reports a client's window spent, this process
 * refuses that client itself until the reset it reported (`SpentWindows`), so
 * a flood costs the shared store one decision per process and window.
 */
export abstract class SharedRateLimitStore implements RateLimitStore {
  private readonly insurance: MemoryRateLimitStore;
  private readonly spent: SpentWindows;
  private readonly inFlight: InFlightDecisions;
  private readonly deadlineMs: number;
  private readonly retryAfterFailureMs: number;
  private skipSharedUntil = 0;
  private lastFailureAt = Number.NEGATIVE_INFINITY;

  protected constructor(
    private readonly policy: RateLimitPolicy,
    private readonly name: string,
    private state: StoreHealth['state'],
    private readonly options: SharedStoreOptions,
  ) {
    this.insurance = new MemoryRateLimitStore(policy);
    this.deadlineMs = options.deadlineMs ?? 170;
    this.retryAfterFailureMs = options.retryAfterFailureMs ?? 1000;
    this.spent = options.spentWindows ?? new SpentWindows();
    this.inFlight = new InFlightDecisions(policy.points);
  }

  protected abstract readonly shared: RateLimiterAbstract;

  /** Whether asking the shared limiter can succeed at all right now. */
  protected isReady(): boolean {
    return true;
  }

  async consume(key: string, points: number): Promise<WindowUsage> {
    for (;;) {
      const spentMs = this.spent.msLeft(key);
      if (spentMs > 0) return { consumed: this.policy.points + points, resetMs: spentMs };
      if (!this.isReady() || Date.now() < this.skipSharedUntil) return this.insurance.consume(key, points);
      const land = this.inFlight.admit(key, points);
      if (land === undefined) {
        // Behind a decision the store failed, memory answers at once: the wait stays one deadline at most.
        if (await this.inFlight.waitFor(key)) return this.insurance.consume(key, points);
        continue;
      }
      try {
        // The store measured the reset after this instant, so the window cannot reset before askedAt + resetMs.
        const askedAt = this.spent.instant();
        const usage = await this.consumeShared(key, points);
        if (usage.consumed >= this.policy.points) this.spent.remember(key, askedAt, usage.resetMs);
        land(usage.consumed);
        if (Date.now() - this.lastFailureAt >= this.retryAfterFailureMs) this.setState('ok', `${this.name} answered`);
        return usage;
      } catch (error) {
        land(undefined);
        this.lastFailureAt = Date.now();
        if (!this.options.isolateFailures) this.skipSharedUntil = this.lastFailureAt + this.retryAfterFailureMs;
        this.setState('degraded', error instanceof Deadline ? `${this.name} did not answer in time` : `${this.name} failed`);
        return this.insurance.consume(key, points);
      }
    }
  }

  health(): StoreHealth {
    // Back once the connection is ready and a whole pause has passed without a failed decision,
    // even when no decision has been asked for since (an idle instance must not stay unready).
    if (
      this.state === 'degraded' &&
      this.lastFailureAt > Number.NEGATIVE_INFINITY &&
      this.isReady() &&
      Date.now() - this.lastFailureAt >= this.retryAfterFailureMs
    )
      this.setState('ok', `no ${this.name} decision has failed for ${this.retryAfterFailureMs} ms`);
    return { name: this.name, state: this.state };
  }

  abstract close(): Promise<void>;

  protected setState(state: StoreHealth['state'], reason: string): void {
    // Back in service: ask the shared limiter at once, not after the pause that followed the last failure.
    if (state === 'ok') this.skipSharedUntil = 0;
    if (state === this.state) return;
    this.state = state;
    this.options.onStateChange?.(state, reason);
  }

  private async consumeShared(key: string, points: number): Promise<WindowUsage> {
    let timer: NodeJS.Timeout | undefined;
    const deadline = new Promise<never>((_resolve, reject) => {
      // Timers run before I/O in each turn of the event loop: on a busy process an answer that has
      // already arrived would lose to the deadline. setImmediate lets that I/O be read first.
      timer = setTimeout(() => setImmediate(() => reject(new Deadline())), this.deadlineMs);
    });
    try {
      return usageFrom(await Promise.race([this.shared.consume(key, points), deadline]));
    } catch (rejection) {
      if (rejection instanceof RateLimiterRes) return usageFrom(rejection);
      throw rejection;
    } finally {
      clearTimeout(timer);
    }
  }
}
