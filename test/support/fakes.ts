import type { Clock } from '../../src/core/shared/ports/clock.js';

/** A clock that says what the test tells it to. */
export class FixedClock implements Clock {
  constructor(private ms: number) {}

  nowMs(): number {
    return this.ms;
  }

  set(ms: number): void {
    this.ms = ms;
  }
}
