import { describe, expect, it } from 'vitest';
import type { RateLimitStore, WindowUsage } from '../../../../src/core/rate-limit/ports/rate-limit-store.js';
import { ConsumeRateLimit } from '../../../../src/core/rate-limit/consume-rate-limit.js';

/** Counts points per key in one window that never resets; enough for the policy's arithmetic. */
class CountingStore implements RateLimitStore {
  private readonly counts = new Map<string, number>();

  consume(key: string, points: number): Promise<WindowUsage> {
    const consumed = (this.counts.get(key) ?? 0) + points;
    this.counts.set(key, consumed);
    return Promise.resolve({ consumed, resetMs: 4_200 });
  }

  health() {
    return { name: 'counting', state: 'ok' as const };
  }

  close() {
    return Promise.resolve();
  }
}

const policy = { points: 30, durationSeconds: 10 };

describe('ConsumeRateLimit', () => {
  it('grants 30 single calls, then none, and never reports negative remaining points', async () => {
    const limiter = new ConsumeRateLimit(new CountingStore(), policy);
    const decisions = [];
    for (let i = 0; i < 32; i++) decisions.push(await limiter.execute({ clientKey: 'a', calls: 1 }));
    expect(decisions.slice(0, 30).every((d) => d.granted === 1)).toBe(true);
    expect(decisions[29]?.remaining).toBe(0);
    expect(decisions.slice(30).map((d) => [d.granted, d.remaining])).toEqual([
      [0, 0],
      [0, 0],
    ]);
  });

  it('grants a batch only the calls that fit in what was left', async () => {
    const limiter = new ConsumeRateLimit(new CountingStore(), policy);
    await limiter.execute({ clientKey: 'a', calls: 27 });
    expect(await limiter.execute({ clientKey: 'a', calls: 10 })).toMatchObject({ granted: 3, calls: 10, remaining: 0 });
    expect(await limiter.execute({ clientKey: 'a', calls: 10 })).toMatchObject({ granted: 0 });
  });

  it('keeps clients apart', async () => {
    const limiter = new ConsumeRateLimit(new CountingStore(), policy);
    await limiter.execute({ clientKey: 'a', calls: 30 });
    expect((await limiter.execute({ clientKey: 'b', calls: 1 })).granted).toBe(1);
  });

  it('rounds the reset up to whole seconds, at least 1', async () => {
    const limiter = new ConsumeRateLimit(new CountingStore(), policy);
    expect((await limiter.execute({ clientKey: 'a', calls: 1 })).resetSeconds).toBe(5);
    const instant: RateLimitStore = {
      ...new CountingStore(),
      consume: () => Promise.resolve({ consumed: 1, resetMs: 0 }),
      health: () => ({ name: 'x', state: 'ok' }),
      close: () => Promise.resolve(),
    };
    expect((await new ConsumeRateLimit(instant, policy).execute({ clientKey: 'a', calls: 1 })).resetSeconds).toBe(1);
  });
});
