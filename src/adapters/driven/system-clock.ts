import type { Clock } from '../../core/ports/clock.js';

export class SystemClock implements Clock {
  nowMs(): number {
    return Date.now();
  }
}
