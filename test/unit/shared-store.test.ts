import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { RateLimiterRes, type RateLimiterAbstract } from 'rate-limiter-flexible';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SharedRateLimitStore } from '../../src/adapters/driven/shared-rate-limit-store.js';

/** A shared limiter whose answers arrive as I/O from another process: each consume is a round trip through `cat`. */
class EchoLimiter {
  private readonly pending: ((value: RateLimiterRes) => void)[] = [];
  consumed = 0;

  constructor(private readonly echo: ChildProcessWithoutNullStreams) {
    echo.stdout.on('data', (chunk: Buffer) => {
      for (let i = 0; i < chunk.length; i++) this.pending.shift()?.(new RateLimiterRes(30 - this.consumed, 5000, this.consumed));
    });
  }

  consume(): Promise<RateLimiterRes> {
    this.consumed += 1;
    return new Promise((resolve) => {
      this.pending.push(resolve);
      this.echo.stdin.write('x');
    });
  }
}

class EchoStore extends SharedRateLimitStore {
  constructor(protected readonly shared: RateLimiterAbstract) {
    super({ points: 30, durationSeconds: 10 }, 'echo', 'ok', { deadlineMs: 50 });
  }
  async close(): Promise<void> {}
}

let echo: ChildProcessWithoutNullStreams;

beforeAll(async () => {
  echo = spawn('cat');
  await new Promise((resolve) => echo.once('spawn', resolve));
});

afterAll(() => {
  echo.kill();
});

describe('SharedRateLimitStore deadline', () => {
  it('takes an answer that arrived while the process was busy past the deadline, instead of failing over', async () => {
    const limiter = new EchoLimiter(echo);
    // One limiter type is enough for the store: it only calls consume.
    const store = new EchoStore(limiter as unknown as RateLimiterAbstract);
    const decision = store.consume('198.51.100.7', 1);
    // The echo comes back within a millisecond, but this turn of the loop keeps the process busy well past the deadline.
    const busyUntil = Date.now() + 120;
    while (Date.now() < busyUntil);
    await decision;
    expect(store.health().state).toBe('ok');
    // Had the deadline won, the store would now skip the shared limiter for a second.
    await store.consume('198.51.100.7', 1);
    expect(limiter.consumed).toBe(2);
  });
});
